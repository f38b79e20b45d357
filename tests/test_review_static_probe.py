"""The probe page of the static site's review benchmark (benchmarks/review_static.py).

Rules checked: the probe, the code the site's Pyodide runs, reviews the same deals as the
kernel's benchmark (benchmarks/review.py, its deals in benchmarks/review_deals.py) and
says the same of them (the same fingerprint: a review is the same on every machine); the
probe notebook it writes holds that code. Nothing is timed here (the timings are the benchmark's).
"""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks import review_deals as kernel
from benchmarks.review_static import PROBE_NAME, fingerprint, probe_source, write_probe
from gin.bots.review import REVIEW_WORLDS, review_deal


def test_the_probe_reviews_the_kernel_benchmarks_deals_alike() -> None:
    """The probe's reviews have the fingerprints of the kernel's reviews of the same deals,
    both imagining the opponent faced (issue 39: as the table reviews them)."""
    scope: dict[str, object] = {}
    exec(probe_source(1), scope)
    out = scope["out"]
    assert isinstance(out, list) and len(out) == 1
    deal = kernel._deals(1)[0]
    expected = review_deal(deal, 0, REVIEW_WORLDS, opponent=kernel.TIMED_OPPONENT)
    assert out[0]["decisions"] == len(expected.decisions)
    assert out[0]["fingerprint"] == fingerprint(expected)
    assert len(out[0]["steps"]) == len(expected.decisions)


def test_the_probe_notebook_holds_the_probe(tmp_path: Path) -> None:
    """The notebook given to the site's build is one code cell: the probe's code."""
    folder = write_probe(tmp_path / "probe", 3)
    nb = json.loads((folder / f"{PROBE_NAME}.ipynb").read_text(encoding="utf-8"))
    (cell,) = nb["cells"]
    assert cell["cell_type"] == "code"
    assert "".join(cell["source"]) == probe_source(3)
