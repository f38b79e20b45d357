"""The glossary (docs/GLOSSARY.md): one term for each rule concept in each language, traced
to the rule text (seed) that uses it, and used by that language's catalog (issue 12).

Rules checked: every rule term has a term in each language; each term is the one the
language's catalog uses; every source that cites a seed line quotes words that stand on that
line (checked when the seeds are beside the project, as in ``../shared/seeds``).
"""

from __future__ import annotations

import pathlib
import re

import pytest

from gin.catalog import read_language

ROOT = pathlib.Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "GLOSSARY.md"
SEEDS = ROOT.parent / "shared" / "seeds"
LANGS = ("he", "et", "lo", "bg")
TERMS = (
    "knock", "gin", "big gin", "undercut", "deadwood", "meld", "set", "run", "lay off",
    "up card", "stock", "discard pile", "knock limit", "dealer",
)  # fmt: skip


def rule_terms() -> dict[str, dict[str, str]]:
    """The summary table: English term -> {lang: the language's cell}."""
    text = GLOSSARY.read_text(encoding="utf-8")
    table = text.split("## The rule terms", 1)[1].split("\n## ", 1)[0]
    rows = [r for r in table.splitlines() if r.startswith("| ") and not r.startswith("| ---")]
    out = {}
    for row in rows[1:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        out[cells[0]] = dict(zip(LANGS, cells[1:], strict=True))
    return out


def main_term(cell: str) -> str:
    """The term itself: the cell up to its first note or alternative."""
    return re.split(r"\s*[(/;,]", cell, maxsplit=1)[0].strip()


def catalog_text(lang: str) -> str:
    parts = []
    for m in read_language(lang):
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        parts.extend(str(s) for s in strings)
    return "\n".join(parts).lower()


def test_every_rule_term_has_a_term_in_every_language() -> None:
    terms = rule_terms()
    assert set(TERMS) <= set(terms)
    for term in TERMS:
        for lang in LANGS:
            assert main_term(terms[term][lang]), (term, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalog_uses_the_glossary_terms(lang: str) -> None:
    """One term per concept: the glossary's word (its stem, for inflected languages) is the
    one the translation uses."""
    text = catalog_text(lang)
    missing = []
    for term in TERMS:
        word = main_term(rule_terms()[term][lang]).lower()
        stem = " ".join(w[: max(4, len(w) - 3)] for w in word.split())
        if word not in text and stem not in text:
            missing.append((term, word))
    assert missing == []


def test_every_seed_citation_quotes_words_on_that_line() -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"the seeds are not beside the project ({SEEDS})")
    text = GLOSSARY.read_text(encoding="utf-8")
    cited = re.findall(r"seed (\d{3}_[0-9a-f]+\.txt), line (\d+) [\"“]([^\"”]+)[\"”]", text)
    assert len(cited) >= 40
    wrong = []
    for name, line, words in cited:
        lines = (SEEDS / name).read_text(encoding="utf-8").splitlines()
        n = int(line)
        if not 1 <= n <= len(lines) or words.lower() not in lines[n - 1].lower():
            wrong.append((name, line, words))
    assert wrong == []
