"""Build the tutor as a static site: every lesson, run by Pyodide in the learner's browser.

    python static/build.py [--out build/static]

Run it with the toolchain of ``static/requirements.txt`` installed (``make static`` does
both). Every input comes from a package registry at build time, into ``build/static-cache``:

* Pyodide's core (WebAssembly, standard library, lock file) from npm, ``pyodide@0.29.0``;
* the pure-Python wheels the lessons need, from PyPI: those of Pyodide's lock file at the
  versions it names (IPython and its dependencies), and ``static/runtime-requirements.txt``;
* this project's own wheel, built from the working tree.

Before they go into the site, the wheels get their bytecode, compiled by Pyodide itself under
Node (``static/pycompile.py``), so no page compiles IPython from source, and Babel keeps the
CLDR data of the tutor's languages only (``gin/locale``).

Voici then builds ``notebooks/`` into the output folder. The output needs nothing from
outside: Pyodide is served from the site with a lock file rewritten for the wheels above
(PyPI's hashes differ from the lock's), PyPI fallback is off, and every stylesheet and
script is the site's own. The pages pass their query string (``?seed=7``) to the kernel as
``os.environ["QUERY_STRING"]``, as Voilà does (see ``static/page.js``).
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import sys
import tarfile
from collections.abc import Iterable
from pathlib import Path

from pyodide_dist import PRELOAD, preload_files, pyodide_folder
from tools import CACHE, HERE, NOTEBOOKS, ROOT, WORK, log, run

DEFAULT_OUT = ROOT / "build" / "static"
START_LESSON = "00_start_here.ipynb"
FONT_AWESOME = "5.15.4"
"""The Font Awesome release Voilà's page template links from a CDN (``@^5``), served here
from the site (the buttons' icons)."""
FONT_AWESOME_CDN = re.compile(
    r"https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@\^5/css/([\w.-]+\.css)"
)
MERMAID_SCRIPT = re.compile(
    r'<script type="module">(?:(?!</script>).)*?mermaid.*?</script>\s*', re.S
)
"""Voilà's template loads mermaid from a CDN when a page has diagrams; the lessons have none."""
FONT_AWESOME_4_CDN = (
    '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/css/'
    'font-awesome.min.css" type="text/css" />'
)
"""The lesson list (``voici/tree``) links Font Awesome 4 from a CDN: version 5 with its
version-4 shims, served from the site, draws the same icons."""
VOICI_SCRIPT = '<script src="../build/voici.js"></script>'


# --------------------------------------------------------------------------- voici


def kernel_pypi_folder() -> Path:
    """The wheels that come with the Pyodide kernel's JupyterLab extension."""
    base = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    return base / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"


def lite_config() -> dict[str, object]:
    """``jupyter-lite.json`` of the site: the kernel's settings."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "pyodideUrl": "./static/pyodide/pyodide.js",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": list(PRELOAD)},
                }
            },
        },
    }


def voici_build(out: Path, extra_contents: Iterable[Path] = ()) -> None:
    """Voici builds the lessons (and ``extra_contents``) into ``out`` over a lite folder
    holding Pyodide."""
    lite = WORK / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    (lite / "static").mkdir(parents=True)
    pyodide_folder(lite / "static" / "pyodide", kernel_pypi_folder())
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=2))
    shutil.rmtree(out, ignore_errors=True)
    for db in WORK.glob(".jupyterlite.doit.db*"):  # no task skipped as "up to date"
        db.unlink()
    run(
        [
            str(Path(sys.executable).parent / "voici"), "build",
            "--lite-dir", str(lite),
            "--contents", str(NOTEBOOKS),
            *[arg for c in extra_contents for arg in ("--contents", str(c))],
            "--output-dir", str(out),
            "--no-sourcemaps",
            "--no-unused-shared-packages",
        ],
        cwd=WORK,
    )  # fmt: skip


def font_awesome(dest: Path) -> None:
    """Font Awesome's stylesheets and fonts from npm, into ``dest``."""
    tgz = CACHE / f"fortawesome-fontawesome-free-{FONT_AWESOME}.tgz"
    if not tgz.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", "--silent", f"@fortawesome/fontawesome-free@{FONT_AWESOME}"], cwd=CACHE)
    shutil.rmtree(dest, ignore_errors=True)
    with tarfile.open(tgz) as tf:
        for member in tf.getmembers():
            parts = member.name.split("/")
            wanted = ("css/all.min.css", "css/v4-shims.min.css", "LICENSE.txt")
            if member.isfile() and (parts[1] == "webfonts" or "/".join(parts[1:]) in wanted):
                target = dest.joinpath(*parts[1:])
                target.parent.mkdir(parents=True, exist_ok=True)
                src = tf.extractfile(member)
                assert src is not None
                target.write_bytes(src.read())


def redirect_page(target: str) -> str:
    """A page that sends the browser to ``target``, keeping the query string."""
    t = json.dumps(target)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>Oklahoma Gin Tutor</title>"
        f"<script>window.location.replace({t} + window.location.search);</script>"
        f'<meta http-equiv="refresh" content="0; url={html.escape(target)}">'
        f'</head><body><p><a href="{html.escape(target)}">Oklahoma Gin Tutor: start here</a>'
        "</p></body></html>\n"
    )


def finish(out: Path) -> None:
    """Make the built pages fetch nothing from outside, start fetching Pyodide early, and
    open at the Start-here lesson."""
    font_awesome(out / "static" / "fontawesome")
    (out / "static" / "gin").mkdir(parents=True, exist_ok=True)
    shutil.copy2(HERE / "page.js", out / "static" / "gin" / "page.js")
    preload = json.dumps([f"../pyodide/{f}" for f in preload_files(out / "static" / "pyodide")])
    page_script = (
        f'<script src="../../static/gin/page.js" data-preload="{html.escape(preload)}"></script>'
    )
    for page in sorted((out / "voici" / "render").glob("*.html")):
        text = page.read_text()
        text = FONT_AWESOME_CDN.sub(r"../../static/fontawesome/css/\1", text)
        text, n = MERMAID_SCRIPT.subn("", text)
        if n != 1 or VOICI_SCRIPT not in text:
            raise SystemExit(f"{page}: Voici's page template changed; check static/build.py")
        text = text.replace(VOICI_SCRIPT, page_script + "\n" + VOICI_SCRIPT)
        page.write_text(text)
    tree = out / "voici" / "tree" / "index.html"
    text = tree.read_text()
    if FONT_AWESOME_4_CDN not in text:
        raise SystemExit(f"{tree}: Voici's page template changed; check static/build.py")
    local = "".join(
        f'<link rel="stylesheet" href="../../static/fontawesome/css/{css}" type="text/css" />'
        for css in ("all.min.css", "v4-shims.min.css")
    )
    tree.write_text(text.replace(FONT_AWESOME_4_CDN, local))
    start = "voici/render/" + START_LESSON.replace(".ipynb", ".html")
    (out / "index.html").write_text(redirect_page(start))
    config_path = out / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"]
    kernel = settings["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not kernel.get("disablePyPIFallback") or "pyodide/pyodide.js" not in kernel["pyodideUrl"]:
        raise SystemExit(f"{config_path}: the kernel would fetch Pyodide or wheels from outside")


def main(argv: list[str] | None = None) -> None:
    """Build the site (the command line of ``make static``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    parser.add_argument(
        "--contents",
        type=Path,
        action="append",
        default=[],
        help="another folder of notebooks to build beside the lessons (the tests' probes)",
    )
    args = parser.parse_args(argv)
    missing = [tool for tool in ("npm", "node") if shutil.which(tool) is None]
    if missing:
        raise SystemExit(f"static/build.py needs {' and '.join(missing)} (apt-get install npm)")
    WORK.mkdir(parents=True, exist_ok=True)
    voici_build(args.out.resolve(), [c.resolve() for c in args.contents])
    finish(args.out.resolve())
    log(f"built {args.out}")


if __name__ == "__main__":
    main()
