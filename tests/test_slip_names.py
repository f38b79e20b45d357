"""The teacher's slip names (issue 31): the class view names every slip a learner's answer
records, in five languages, and names no slip that nothing records any more.

The codes are read from the code that records them: each level's checks
(``gin/ui/lessons/level*.py``: a ``verdict(...)`` with a code, a ``slips[...] = (code, ...)``
entry, a ``slip, code = ..., code`` pair, a ``return code, ...`` or ``return slip, code`` of a
slip helper, the keys of a ``slip_keys`` table), and every code the score guess may name
(:data:`gin.scoreguess.SLIPS`, which the scoring levels record). The table records deals, not
slips (``gin/ui/classroom/events.py``).
"""

from __future__ import annotations

import ast
import pathlib
import random

import pytest

import gin
from gin.counting import COUNT_SLIPS
from gin.i18n import LANGUAGES, registered, source_keys, translate
from gin.scoreguess import SLIPS
from gin.ui.classroom import record
from gin.ui.classroom.summary import NOT_A_SLIP

ROOT = pathlib.Path(gin.__file__).parent
LEVEL_FILES = sorted((ROOT / "ui" / "lessons").glob("level*.py"))
PREFIX = "classroom.slip."


def _str(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def codes_in(source: str) -> set[str]:
    """The slip codes a level module records, read from its syntax tree."""
    out: set[str] = set()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "verdict":
            if len(node.args) >= 3 and (code := _str(node.args[2])) is not None:
                out.add(code)
        elif isinstance(node, ast.Assign):
            target, value = node.targets[0], node.value
            if (
                isinstance(target, ast.Subscript)
                and getattr(target.value, "id", "") == "slips"
                and isinstance(value, ast.Tuple)
                and (code := _str(value.elts[0])) is not None
            ):
                out.add(code)
            elif (
                isinstance(target, ast.Tuple)
                and getattr(target.elts[-1], "id", "") == "code"
                and isinstance(value, ast.Tuple)
                and (code := _str(value.elts[-1])) is not None
            ):
                out.add(code)
            elif getattr(target, "id", "") == "slip_keys" and isinstance(value, ast.Dict):
                out.update(k for k in map(_str, value.keys) if k is not None)
        elif isinstance(node, ast.FunctionDef) and "slip" in node.name:
            for ret in ast.walk(node):  # (code, ...) or a slips helper's (slip, code)
                if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                    # (code, ...) or (the slip's sentence, code): the code is a literal
                    for elt in (ret.value.elts[0], ret.value.elts[-1]):
                        if code := _str(elt):
                            out.add(code)
    return out


def recorded_codes() -> set[str]:
    """Every slip code a level or the score guess records (without "no slip" codes)."""
    codes = set(SLIPS) | set(COUNT_SLIPS)  # the count-your-hand level records these
    codes |= set(record.TABLE_SLIPS)  # the play table's own (record.table_slip)
    for path in LEVEL_FILES:
        codes |= codes_in(path.read_text(encoding="utf-8"))
    for path in ROOT.rglob("*.py"):  # anything recorded with a literal code (the table ...)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg == "slip" and (code := _str(kw.value)) is not None:
                        codes.add(code)
    return codes - NOT_A_SLIP


def test_the_scan_finds_the_codes_of_each_kind_of_check() -> None:
    """The scanner reads every way a level names a slip (so the test could fail)."""
    codes = recorded_codes()
    for code in ("pair", "ace-low", "taken", "left-out", "own-meld", "counted-eleven",
                 "void-dealer", "forgot-undercut-bonus", "ace-limit", "total"):  # fmt: skip
        assert code in codes
    assert codes_in('def f():\n    return verdict(False, "", "made-up")\n') == {"made-up"}


def test_every_recorded_slip_has_a_teachers_name_in_five_languages() -> None:
    """Issue 31: the class view showed raw codes (``forgot-undercut-bonus``)."""
    missing = []
    for code in sorted(recorded_codes()):
        key = PREFIX + code
        if key not in registered():
            missing.append(key)
            continue
        english = registered()[key].template
        for lang in LANGUAGES[1:]:
            if translate(key, lang) == english:
                missing.append(f"{key} ({lang})")
    assert missing == []


def test_no_teachers_name_for_a_slip_nothing_records() -> None:
    codes = recorded_codes()
    dead = sorted(
        k for k in source_keys() if k.startswith(PREFIX) and k[len(PREFIX) :] not in codes
    )
    assert dead == []


def test_the_teachers_page_shows_a_sentence_for_every_recorded_slip() -> None:
    from gin.ui.classroom.teacher import slip_name

    for code in sorted(recorded_codes()):
        assert slip_name(code) != code, code


def test_the_layoff_slip_is_named_as_the_level_means_it() -> None:
    """Issue 31 (WRONG): ``no-layoff`` is "laid nothing off though cards fitted"."""
    text = registered()[PREFIX + "no-layoff"].template
    assert "laid nothing off" in text and "before" not in text


@pytest.mark.parametrize("seed", range(12))
def test_a_wrong_yes_no_answer_records_a_slip(seed: int) -> None:
    """Issue 31: a wrong answer to a yes/no question recorded no slip ("other")."""
    from gin.ui.lessons.level_cards import run_question, set_question
    from gin.ui.lessons.level_end import knocking_question

    rules = gin.Rules.preset("classic")
    for make in (set_question, run_question, knocking_question):
        q = make(rules, random.Random(seed))
        answer = q.data["answer"]
        wrong = "no" if answer == "yes" else "yes"
        field = q.fields[0].name
        v = q.check({field: wrong})
        assert not v.right and v.slip not in NOT_A_SLIP, (make.__name__, seed, q.data)


# Issue 40 (the Lao native reader): each teacher slip name says the slip in the words of the
# lesson sentence the learner met when making it (a run "ວົນ" from the king, a rank missing in
# the middle, a tie "ສະເໝີ", the loser "ຜູ້ເສຍ", J, Q and K by name ...).
LAO_SLIP_WORDS = [
    ("face-as-rank", "lesson.level.values.slip-face", "J, Q"),
    ("pair", "lesson.level.sets.slip-pair", "ຄູ່ໜຶ່ງ"),
    ("round", "lesson.level.runs.slip-round", "ວົນຈາກຄິງກັບໄປຫາເອ"),
    ("gap", "lesson.level.runs.slip-gap", "ມີໜ້າບັດໜຶ່ງຂາດຢູ່ກາງ"),
    ("chain", "lesson.level.layoff.slip-chain", "ໃບຖັດໄປກໍ່ຕໍ່ໄດ້"),
    ("too-early", "lesson.level.void.slip-early", "ເປັນໂມຄະ"),
    ("total", "lesson.level.game.need-label", "ຜູ້ນຳໜ້າຍັງຕ້ອງການ"),
    ("taken", "lesson.level.turn.slip-taken", "ກັບຄືນໄປທັນທີ"),
    ("stock", "lesson.level.turn.slip-stock", "ເກັບໄວ້ໃນຕານີ້"),
    ("could-extend", "lesson.level.lay-out.slip-could-extend", "ເຂົ້າໄດ້ກັບຊຸດ"),
    ("tie-scores-nothing", "scoreguess.slip.tie-scores-nothing", "ສະເໝີ"),
    ("forgot-to-subtract", "scoreguess.slip.forgot-to-subtract", "ຜູ້ເສຍ"),
    ("bonus-not-in-rules", "scoreguess.slip.bonus-not-in-rules", "ເພີ່ມໂບນັດ"),
    ("card-counted-twice", "count.slip.counted-twice", "ໃນສອງຊຸດ"),
]


@pytest.mark.parametrize(("code", "lesson_key", "words"), LAO_SLIP_WORDS)
def test_a_lao_slip_name_uses_the_words_of_the_lesson_that_records_it(
    code: str, lesson_key: str, words: str
) -> None:
    """The teacher reads a slip in the words the learner was taught (issue 40)."""
    slip, lesson = translate(PREFIX + code, "lo"), translate(lesson_key, "lo", count=2)
    assert words in lesson, (lesson_key, lesson)
    assert words in slip, (code, slip)


def test_the_lao_strategy_lab_has_one_name() -> None:
    """Issue 40: the review's lab section names the lab as its page's title does."""
    title = translate("lesson.lab.title", "lo")
    assert translate("review.lab-section", "lo").startswith(title), title
