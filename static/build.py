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
import base64
import dataclasses
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUT = ROOT / "build" / "static"
CACHE = ROOT / "build" / "static-cache"
WORK = ROOT / "build" / "static-work"

PYODIDE_VERSION = "0.29.0"
"""The Pyodide release the kernel (jupyterlite-pyodide-kernel 0.7.0) expects."""
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
"""The core files of the npm package the browser loads (not the maps, consoles, typings)."""

LOCK_ROOTS = ("micropip", "packaging", "ipython", "typing-extensions")
"""Packages of Pyodide's lock file the kernel needs; their dependencies come with them."""
LOCK_DROPPED = frozenset({"matplotlib", "sqlite3", "jedi"})
"""Lock packages left out: matplotlib (a wasm build, only in the full distribution; nothing
on the lesson path draws with it), and those replaced by stubs (``STUBS``)."""
KERNEL_WHEELS = ("ipykernel", "pyodide-kernel", "widgetsnbextension")
"""Wheels shipped with the Pyodide kernel's extension that go into the lock, so that the
kernel loads them with everything else at start-up instead of one by one."""
APP_DEPENDS = ("ipywidgets", "anywidget")
"""What ``gin.ui`` needs in the browser besides the package's own dependencies."""
PRELOAD = (
    "micropip",
    "sqlite3",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "jedi",
    "ipython",
    "ipywidgets",
    "anywidget",
    "oklahoma-gin",
)
"""Packages Pyodide fetches in parallel when it starts (``loadPyodideOptions.packages``);
the kernel installs nothing one by one afterwards."""
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

BROWSER_ENV = {
    "python_version": "3.13",
    "python_full_version": "3.13.2",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}
"""Marker environment of Pyodide 0.29, for the wheels' ``Requires-Dist``."""


def log(msg: str) -> None:
    print(f">>> static: {msg}", flush=True)


def run(cmd: list[str], **kw: object) -> None:
    log(" ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kw)  # type: ignore[call-overload]


# --------------------------------------------------------------------------- wheels


@dataclass(frozen=True)
class Wheel:
    """A pure-Python wheel and what Pyodide's lock file says about it."""

    path: Path
    name: str
    version: str
    imports: tuple[str, ...]
    requires: tuple[str, ...]

    @classmethod
    def read(cls, path: Path) -> Wheel:
        """Name, version, top-level imports and unconditional requirements of a wheel."""
        with zipfile.ZipFile(path) as zf:
            names = zf.namelist()
            meta_name = next(n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n))
            meta = Parser().parsestr(zf.read(meta_name).decode())
        tops = sorted(
            {
                n.split("/")[0].removesuffix(".py")
                for n in names
                if not n.split("/")[0].endswith((".dist-info", ".data"))
                and (n.endswith(".py") or "/" in n)
            }
        )
        requires = []
        for line in meta.get_all("Requires-Dist") or []:
            req = Requirement(line)
            if req.marker is None or Marker(str(req.marker)).evaluate(BROWSER_ENV):
                requires.append(canonicalize_name(req.name))
        return cls(
            path, canonicalize_name(meta["Name"]), meta["Version"], tuple(tops), tuple(requires)
        )

    def lock_entry(self, depends: Iterable[str]) -> dict[str, object]:
        """This wheel's entry in ``pyodide-lock.json``."""
        return {
            "name": self.name,
            "version": self.version,
            "file_name": self.path.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(self.path.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": list(self.imports),
            "depends": sorted(set(depends)),
            "unvendored_tests": False,
            "shared_library": False,
        }


def pip_download(requirements: Iterable[str], dest: Path) -> list[Path]:
    """Download pure-Python wheels from PyPI for Pyodide's Python (no dependencies)."""
    reqs = list(requirements)
    dest.mkdir(parents=True, exist_ok=True)
    run(
        [
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--python-version", BROWSER_ENV["python_version"],
            "--implementation", "py", "--abi", "none", "--platform", "any",
            "--dest", str(dest), *reqs,
        ]
    )  # fmt: skip
    wanted = {canonicalize_name(Requirement(r).name): Requirement(r) for r in reqs}
    found = []
    for path in sorted(dest.glob("*.whl")):
        dist, version = path.name.split("-")[:2]
        req = wanted.get(canonicalize_name(dist))
        if req is not None and req.specifier.contains(version, prereleases=True):
            found.append(path)
    missing = set(wanted) - {canonicalize_name(p.name.split("-")[0]) for p in found}
    if missing:
        raise SystemExit(f"pip did not download: {sorted(missing)}")
    return found


def requirement_lines(path: Path) -> list[str]:
    """The requirements of a requirements file (no comments, no blank lines)."""
    lines = (ln.split("#", 1)[0].strip() for ln in path.read_text().splitlines())
    return [ln for ln in lines if ln]


STUBS = {
    "sqlite3": "SQLite is a WebAssembly module; IPython keeps no history without it",
    "jedi": "IPython completes code without it, and the lessons ask for no completion",
}
"""Modules replaced by a wheel whose import fails cleanly: their users do without them, and
the browser neither fetches nor imports them."""


def stub_wheel(name: str, reason: str, dest: Path) -> Path:
    """A wheel ``name`` 0 whose module raises ``ModuleNotFoundError`` saying ``reason``."""
    body = (
        f'"""No {name} in the static tutor: {reason}."""\n\n'
        f"raise ModuleNotFoundError({f'{name} is not part of the static tutor'!r}, "
        f"name={name!r})\n"
    )
    info = f"{name}-0.dist-info"
    files = {
        f"{name}/__init__.py": body,
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{path},sha256={digest.decode()},{len(text.encode())}")
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    dest.mkdir(parents=True, exist_ok=True)
    wheel = dest / f"{name}-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for path, text in files.items():
            zf.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), text)
    return wheel


def site_languages() -> list[str]:
    """The languages the tutor speaks: those with a catalog in ``gin/locale`` (English
    when there is none)."""
    folder = ROOT / "gin" / "locale"
    langs = sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []
    return langs or ["en"]


def trim_babel(wheel: Path, languages: Sequence[str], dest: Path) -> Path:
    """Babel's wheel with the CLDR data of ``languages`` only (and of their regions, and
    the root locale): 1 MB instead of 11 MB to load."""
    keep = re.compile(
        r"babel/locale-data/(?:root|" + "|".join(map(re.escape, languages)) + r")(?:_\w+)?\.dat"
    )

    def dropped(name: str) -> bool:
        return name.startswith("babel/locale-data/") and not keep.fullmatch(name)

    dest.mkdir(parents=True, exist_ok=True)
    out = dest / wheel.name
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if dropped(info.filename):
                continue
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                data = (
                    "\n".join(ln for ln in lines if not dropped(ln.split(",")[0])) + "\n"
                ).encode()
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return out


def project_wheel(dest: Path) -> Path:
    """This project's wheel, built from the working tree."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), str(ROOT)])
    (path,) = dest.glob("*.whl")
    return path


# --------------------------------------------------------------------------- pyodide


def pyodide_core(cache: Path) -> Path:
    """Pyodide's npm package, unpacked (cached between builds)."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if (folder / "pyodide-lock.json").exists():
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        run(["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=cache)
    tmp = cache / "unpack"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz) as tf:
        tf.extractall(tmp, filter="data")
    shutil.rmtree(folder, ignore_errors=True)
    (tmp / "package").rename(folder)
    shutil.rmtree(tmp)
    return folder


def lock_closure(packages: dict[str, dict[str, object]], roots: Iterable[str]) -> list[str]:
    """The lock's packages ``roots`` need, with their dependencies, minus the dropped ones."""
    seen: list[str] = []
    todo = [canonicalize_name(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen or name in LOCK_DROPPED:
            continue
        seen.append(name)
        deps = packages[name]["depends"]
        assert isinstance(deps, list)
        todo += [canonicalize_name(d) for d in deps]
    return sorted(seen)


def add_bytecode(core: Path, wheels: list[Wheel], dest: Path) -> list[Wheel]:
    """Bytecode for the wheels and the standard library, compiled by Pyodide under Node
    (``static/pycompile.py``): this project's wheel keeps its sources (for tracebacks), the
    others and the standard library keep bytecode only. Writes them into ``dest`` and
    returns the compiled wheels."""
    work = WORK / "bytecode"
    shutil.rmtree(work, ignore_errors=True)
    (work / "in").mkdir(parents=True)
    (work / "out").mkdir()
    jobs = [["stdlib", "/work/in/python_stdlib.zip", "/work/out/python_stdlib.zip"]]
    shutil.copy2(core / "python_stdlib.zip", work / "in")
    for w in wheels:
        shutil.copy2(w.path, work / "in" / w.path.name)
        kind = "wheel" if w.name == "oklahoma-gin" else "wheel-bytecode-only"
        jobs.append([kind, f"/work/in/{w.path.name}", f"/work/out/{w.path.name}"])
    (work / "jobs.json").write_text(json.dumps(jobs))
    run(["node", str(HERE / "pycompile.mjs"), str(core), str(work), str(work / "jobs.json")])
    shutil.copy2(work / "out" / "python_stdlib.zip", dest / "python_stdlib.zip")
    out = []
    for w in wheels:
        shutil.copy2(work / "out" / w.path.name, dest / w.path.name)
        out.append(dataclasses.replace(w, path=dest / w.path.name))
    return out


def pyodide_folder(dest: Path, kernel_pypi: Path) -> list[Wheel]:
    """Pyodide's core and every wheel the lessons load, with a lock file naming only them."""
    core = pyodide_core(CACHE)
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(core / name, dest / name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = {canonicalize_name(k): v for k, v in lock["packages"].items()}

    from_lock = lock_closure(packages, LOCK_ROOTS)
    pins = [f"{n}=={packages[n]['version']}" for n in from_lock]
    pins += requirement_lines(HERE / "runtime-requirements.txt")
    paths = [
        trim_babel(p, site_languages(), WORK / "babel") if p.name.startswith("babel-") else p
        for p in pip_download(pins, CACHE / "wheels")
    ]
    paths += [stub_wheel(name, reason, WORK / "stubs") for name, reason in STUBS.items()]
    paths += [p for p in kernel_pypi.glob("*.whl") if canonicalize_name(p.name.split("-")[0])
              in KERNEL_WHEELS and "3.6.999" not in p.name]  # fmt: skip
    paths.append(project_wheel(WORK / "project"))
    wheels = add_bytecode(core, [Wheel.read(p) for p in paths], dest)

    names = {w.name for w in wheels}
    entries = {}
    for w in wheels:
        if w.name in from_lock:  # keep the lock's dependencies, not the wheel's metadata
            deps_raw = packages[w.name]["depends"]
            assert isinstance(deps_raw, list)
            deps = [canonicalize_name(d) for d in deps_raw]
        else:
            deps = list(w.requires)
        if w.name == "oklahoma-gin":
            deps += APP_DEPENDS
        entries[w.name] = w.lock_entry(d for d in deps if d in names and d != w.name)
    for w in wheels:
        if w.name == "oklahoma-gin":
            entries[w.name]["imports"] = ["gin"]
    lock["packages"] = dict(sorted(entries.items()))
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    log(f"Pyodide {PYODIDE_VERSION} with {len(entries)} wheels: {', '.join(sorted(entries))}")
    return wheels


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


def preload_files(pyodide: Path) -> list[str]:
    """The files the kernel fetches when a page starts: Pyodide's core and the wheels of
    ``PRELOAD`` with their dependencies (names relative to ``pyodide``)."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    names: list[str] = []
    todo = list(PRELOAD)
    while todo:
        name = todo.pop()
        if name not in names:
            names.append(name)
            todo += lock[name]["depends"]
    core = ["pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
    return core + sorted(lock[n]["file_name"] for n in names)


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


def iter_files(folder: Path) -> Iterator[Path]:
    """Every file under ``folder``."""
    return (p for p in sorted(folder.rglob("*")) if p.is_file())


if __name__ == "__main__":
    main()
