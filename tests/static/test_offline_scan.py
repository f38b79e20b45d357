"""The offline check of tests/static (``external_references``) finds what a browser would
fetch from another host, and nothing else. No site build needed."""

from __future__ import annotations

import json
from pathlib import Path

from .site_harness import external_references


def write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_fetched_urls_are_reported(tmp_path: Path) -> None:
    write(tmp_path, "a.html", '<link rel="stylesheet" href="https://cdn.example.org/x.css">')
    write(tmp_path, "b.html", '<script src="//cdn.example.org/x.js"></script>')
    write(tmp_path, "c.css", "@import 'https://fonts.example.org/f.css';")
    write(tmp_path, "d.js", 'const m = await import("https://esm.example.org/m.js");')
    write(tmp_path, "e.json", json.dumps({"settings": {"pyodideUrl": "https://cdn.x.org/p.js"}}))
    found = external_references(tmp_path)
    assert [f.split(":")[0] for f in found] == ["a.html", "b.html", "c.css", "d.js", "e.json"]


def test_inert_urls_are_not_reported(tmp_path: Path) -> None:
    write(
        tmp_path,
        "a.html",
        '<svg xmlns="http://www.w3.org/2000/svg"></svg><a href="https://example.org/">a</a>'
        "<!-- see https://example.org/ -->",
    )
    write(tmp_path, "b.js", '  // <img src="https://attacker.example/">\nconst s = "x";')
    write(tmp_path, "c.schema.json", json.dumps({"default": "https://cdn.example.org/p.js"}))
    write(tmp_path, "package.json", json.dumps({"homepage": "https://example.org/"}))
    assert external_references(tmp_path) == []
