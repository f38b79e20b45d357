"""Pyodide for the static site: its core from npm, the wheels the lessons load, with their
bytecode, and a lock file naming only them."""

from __future__ import annotations

import dataclasses
import json
import shutil
import tarfile
from collections.abc import Iterable
from pathlib import Path

from packaging.utils import canonicalize_name
from tools import CACHE, HERE, WORK, log, run
from wheels import (
    STUBS,
    Wheel,
    pip_download,
    project_wheel,
    requirement_lines,
    site_languages,
    stub_wheel,
    trim_babel,
)

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
    packages: dict[str, dict[str, object]] = {
        canonicalize_name(k): v for k, v in lock["packages"].items()
    }

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
            deps: list[str] = [canonicalize_name(d) for d in deps_raw]
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
