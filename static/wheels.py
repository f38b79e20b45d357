"""The wheels of the static site: downloaded from PyPI, stubbed, trimmed or built here."""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import sys
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from tools import ROOT, run

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
