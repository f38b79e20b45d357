"""Add bytecode to wheels and to Pyodide's standard library, run inside Pyodide itself.

``static/build.py`` runs this with Node (``static/pycompile.mjs``), so the bytecode is
exactly that of the browser's Python. Without it, every page of the site compiles IPython,
ipywidgets, the engine and half the standard library from source when it starts, since
each page's Python is new and keeps nothing.

The ``.pyc`` files are hash-based and unchecked (PEP 552): they are used whatever the
files' dates, which unpacking in the browser does not keep. The project's own sources stay
beside its bytecode, for tracebacks; the other wheels and the standard library keep only
their bytecode (fewer bytes to load), as Pyodide's own distribution does.

Reads ``JOBS``, a list of ``(kind, source, target)`` where kind is ``"wheel"`` (bytecode
added), ``"wheel-bytecode-only"`` or ``"stdlib"`` (bytecode instead of sources); paths as
Pyodide sees them (the host's folder mounted at ``/work``).
"""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

STDLIB_ZIP = "/lib/python313.zip"
"""Where Pyodide puts the standard library (``sys.path``); tracebacks name its files."""


def bytecode(source: bytes, filename: str) -> bytes | None:
    """Unchecked hash-based ``.pyc`` contents for ``source``, or None if it does not
    compile (test data and the like, never imported)."""
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _write(zout: zipfile.ZipFile, name: str, date: tuple[int, ...], data: bytes) -> None:
    zout.writestr(zipfile.ZipInfo(name, date), data, zipfile.ZIP_DEFLATED)  # type: ignore[arg-type]


def compile_wheel(src: str, dst: str, keep_sources: bool) -> int:
    """Copy a wheel with bytecode for its modules: ``__pycache__/*.cpython-313.pyc``
    beside the sources, or ``module.pyc`` instead of them; returns how many."""
    tag = sys.implementation.cache_tag
    written: list[str] = []
    dropped: set[str] = set()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        record = None
        for info in zin.infolist():
            name = info.filename
            if name.endswith(".dist-info/RECORD"):
                record = (info, zin.read(info).decode())
                continue
            data = zin.read(info)
            top = name.split("/")[0]
            pyc = None
            if name.endswith(".py") and not top.endswith((".dist-info", ".data")):
                pyc = bytecode(data, name)
            if pyc is None or keep_sources:
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
            else:
                dropped.add(name)
            if pyc is not None:
                folder, _, stem = name.rpartition("/")
                if keep_sources:
                    target = (f"{folder}/" if folder else "") + f"__pycache__/{stem[:-3]}.{tag}.pyc"
                else:
                    target = name + "c"
                _write(zout, target, info.date_time, pyc)
                written.append(target)
        if record is not None:
            info, text = record
            lines = [ln for ln in text.splitlines() if ln.split(",")[0] not in dropped]
            lines += [f"{n},," for n in written]
            zout.writestr(info, "\n".join(lines) + "\n", compress_type=zipfile.ZIP_DEFLATED)
    return len(written)


def compile_stdlib(src: str, dst: str) -> int:
    """Copy the standard library's zip with ``module.pyc`` instead of each ``module.py``
    that compiles (zipimport loads it); returns how many."""
    written = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            pyc = (
                bytecode(data, f"{STDLIB_ZIP}/{info.filename}")
                if info.filename.endswith(".py")
                else None
            )
            if pyc is None:
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
            else:
                _write(zout, info.filename + "c", info.date_time, pyc)
                written += 1
    return written


def main(jobs: list[tuple[str, str, str]]) -> None:
    """Run every job."""
    for kind, src, dst in jobs:
        if kind == "stdlib":
            n = compile_stdlib(src, dst)
        else:
            n = compile_wheel(src, dst, keep_sources=kind == "wheel")
        print(f"bytecode: {n:4d} modules in {dst.rsplit('/', 1)[-1]}", flush=True)


main(JOBS)  # type: ignore[name-defined]  # noqa: F821
