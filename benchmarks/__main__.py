"""Run the benchmarks and write their sections of ``docs/BENCHMARKS.md``.

    python -m benchmarks                 # every registered section
    python -m benchmarks --only engine   # one section (repeat --only for more)
    python -m benchmarks --list          # the section names

Run from the repository root, preferably with ``nice -n 10`` on a shared machine.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

from benchmarks import replace_section

SECTIONS: dict[str, str] = {
    "engine": "benchmarks.engine",
    "bots": "benchmarks.bots",
    "openspiel": "benchmarks.openspiel_match",
    "app": "benchmarks.app",
    "static": "benchmarks.static_site",
    "table": "benchmarks.table_clicks",
    "language": "benchmarks.language_switch",
    "classroom": "benchmarks.classroom_load",
    "review": "benchmarks.review",
    "first-table": "benchmarks.first_table",
    "demo": "benchmarks.demo_follow",
    "review-bias": "benchmarks.review_bias",
    "first-card-ratio": "benchmarks.first_card_ratio",
    "review-hasty": "benchmarks.review_check_hasty",
}
"""Section name -> module with ``run() -> str`` (Markdown). Add new sections here."""

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "docs" / "BENCHMARKS.md"
HEADER = (
    "# Benchmarks\n\n"
    "Written by `python -m benchmarks` (`make bench`); each section is rewritten by its "
    "own benchmark and the others are kept. Rerun one with `python -m benchmarks --only "
    "NAME`.\n"
)


def main(argv: list[str] | None = None) -> int:
    """Run the chosen sections and update the Markdown file; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument(
        "--only",
        action="append",
        choices=sorted(SECTIONS),
        help="run only this section (may be given more than once)",
    )
    parser.add_argument("--list", action="store_true", help="list the sections and exit")
    parser.add_argument(
        "--output", type=Path, default=DEFAULT_OUTPUT, help="the Markdown file to update"
    )
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(SECTIONS))
        return 0
    names = args.only or list(SECTIONS)
    out: Path = args.output
    for name in names:
        start = time.perf_counter()
        print(f">>> benchmark section {name} ...", flush=True)
        module = importlib.import_module(SECTIONS[name])
        body = module.run()
        # read when the section is done: what changed in the file meanwhile is kept
        document = out.read_text(encoding="utf-8") if out.exists() else HEADER
        document = replace_section(document, name, body)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(document, encoding="utf-8")  # written after each section
        print(body)
        print(f">>> {name}: {time.perf_counter() - start:.1f} s, written to {out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
