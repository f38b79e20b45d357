"""The shape of ``gin/ui/`` (issue 28, the house): a folder per part with few modules
loose at the top, no class that inherits through more than two project classes, and none
over 600 lines with the project bases it inherits."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import gin.ui

UI = Path(gin.ui.__file__).parent


def _project_classes() -> list[type]:
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages([str(UI)], prefix="gin.ui."):
        module = importlib.import_module(info.name)
        for _name, obj in inspect.getmembers(module, inspect.isclass):
            if obj.__module__ == module.__name__:
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return list(found.values())


def _project_bases(cls: type) -> list[type]:
    return [b for b in cls.__mro__[1:] if b.__module__.startswith("gin.")]


def _lines(cls: type) -> int:
    return len(inspect.getsource(cls).splitlines())


def test_at_most_eight_modules_are_loose_in_gin_ui() -> None:
    """Rule (the house): gin/ui/ is a folder per part; at most eight modules lie loose in
    gin/ui/ itself (``__init__`` not counted)."""
    loose = [p.name for p in UI.glob("*.py") if p.name != "__init__.py"]
    assert len(loose) <= 8, sorted(loose)


def test_no_class_inherits_through_more_than_two_project_classes() -> None:
    """Rule (the house): no class in gin/ui/ inherits through more than two project
    classes (the widget library's bases not counted)."""
    classes = _project_classes()
    assert len(classes) > 30  # the walk found the parts
    deep = {c.__qualname__: [b.__qualname__ for b in _project_bases(c)] for c in classes}
    assert {k: v for k, v in deep.items() if len(v) > 2} == {}


def test_no_class_is_over_600_lines_with_its_project_bases() -> None:
    """Rule (the house): no class in gin/ui/ is over 600 lines, counting the project
    bases it inherits."""
    sizes = {
        c.__qualname__: _lines(c) + sum(_lines(b) for b in _project_bases(c))
        for c in _project_classes()
    }
    assert {k: n for k, n in sizes.items() if n > 600} == {}
