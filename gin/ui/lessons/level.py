"""What one level of the course is made of: a concept, a picture, a prediction and an
exercise.

A :class:`Level` is data: its title and text are catalog messages, its picture is a list
of captioned card groups, its "predict, then see" moment asks a question whose answer the
engine gives, and its ``make`` function generates a question (with a two-step hint and
diagnosed slips) from a seeded generator and the rule set in play.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gin import Card, Rules, parse_cards
from gin.i18n import M, Message, Text
from gin.ui.choices import rules_name
from gin.ui.lessons.exercise import Choice, Field, Question, Verdict, choices, parse_int
from gin.ui.lessons.pictures import cards_html, group_html


@dataclass(frozen=True)
class Predict:
    """A "predict, then see" moment: a question, the choices, and the engine's answer."""

    question: Message
    choices: tuple[Choice, ...]
    answer: Callable[[Rules], tuple[str, Text]]
    """The right choice's value and the engine's explanation, for a rule set."""
    cards: Callable[[Rules], Sequence[Card]] = lambda _r: ()
    """The cards shown with the question."""
    picture: Callable[[Rules], str] | None = None
    """HTML shown with the question instead of ``cards`` (captioned card groups)."""


@dataclass(frozen=True)
class Level:
    """One level of the course: one concept."""

    key: str
    """A stable name (progress is stored under it)."""
    title: Message
    text: Message
    """A few sentences; filled with :func:`rule_facts` of the rule set in play."""
    picture: Callable[[Rules], str]
    """HTML: the level's picture (cards)."""
    predict: Predict
    make: Callable[[Rules, random.Random], Question]
    terms: tuple[str, ...] = ()
    """The terms this level introduces (English, as the learner reads them): no earlier
    level's sentences may use them."""


def rule_facts(rules: Rules) -> dict[str, Any]:
    """The numbers a level's text may name, from the rule set in play."""
    return {
        "rules": rules_name(rules.name),
        "ace_limit": rules.ace_knock_limit,
        "gin_bonus": rules.gin_bonus,
        "big_gin_bonus": rules.big_gin_bonus,
        "undercut_bonus": rules.undercut_bonus,
        "target": rules.target,
        "classic_ace_limit": Rules.preset("classic").ace_knock_limit,
        "spades_ace_limit": Rules.preset("spades-double").ace_knock_limit,
        "spades_big_gin_bonus": Rules.preset("spades-double").big_gin_bonus,
        "spades_undercut_bonus": Rules.preset("spades-double").undercut_bonus,
        "score_rule": {
            "key": "lesson.level.score.rule-own",
            "data": {"big_gin_bonus": rules.big_gin_bonus},
        }
        if rules.big_gin and rules.spade_doubles
        else {
            "key": "lesson.level.score.rule-other",
            "data": {
                "spades_big_gin_bonus": Rules.preset("spades-double").big_gin_bonus,
            },
        },
        "taken_rule": {
            "key": "lesson.level.turn.taken-yes"
            if rules.may_discard_taken_card
            else "lesson.level.turn.taken-no",
            "data": {"rules": rules_name(rules.name)},
        },
    }


def fill(m: Message, data: Mapping[str, Any]) -> str:
    """``m`` rendered with the part of ``data`` it names."""
    names = {p.split(":")[0] for p in m.placeholders}
    if m.plural is not None:
        names.add(m.count)
    return m.render({k: v for k, v in data.items() if k in names})


def text(key: str, **data: Any) -> str:
    """A catalog message rendered and escaped for HTML."""
    return html.escape(M[key].render(data))


def para(key: str, **data: Any) -> str:
    """A catalog message as an HTML paragraph."""
    return f"<p>{text(key, **data)}</p>"


def groups(*parts: tuple[str, str]) -> str:
    """Captioned card groups side by side: each part is (rendered caption, card codes)."""
    inner = "".join(group_html(cap, parse_cards(codes), css="gin-plain") for cap, codes in parts)
    return f'<div class="gin-lesson-groups">{inner}</div>'


def pictured(*parts: tuple[str, str]) -> Callable[[Rules], str]:
    """A level's picture of captioned card groups side by side (see :func:`groups`): each
    part is a caption's catalog key and card codes; the captions are rendered each time the
    picture is drawn, in the language of the moment.

    >>> 'class="gin-lesson-groups"' in pictured(("lesson.level.picture.a-set", "9H 9D 9C"))(
    ...     Rules.preset("classic")
    ... )
    True
    """
    return lambda _rules: groups(*((M[key].render(), codes) for key, codes in parts))


YES_NO = choices("lesson.level.choice.yes", "lesson.level.choice.no")


def verdict(right: bool, why: str, slip: str = "") -> Verdict:
    """A verdict; a wrong answer's ``why`` starts with the diagnosed slip when there is one."""
    return Verdict(right, why, "" if right else slip)


def slip_html(key: str, **data: Any) -> str:
    """A diagnosed slip, in bold, before the explanation."""
    return f'<p class="gin-slip"><b>{text(key, **data)}</b></p>'


def slip_text_html(slip: Text) -> str:
    """A diagnosed slip the engine worded (a :class:`~gin.i18n.Text`), in bold."""
    return f'<p class="gin-slip"><b>{html.escape(slip.render())}</b></p>'


def para_text(sentence: Text) -> str:
    """A sentence the engine worded (a :class:`~gin.i18n.Text`), as an HTML paragraph."""
    return f"<p>{html.escape(sentence.render())}</p>"


def choice_question(
    prompt: str,
    name: str,
    choices: tuple[Choice, ...],
    answer: str,
    explain: str,
    slips: Mapping[str, tuple[str, str]],
    *,
    nudge: str,
    data: Mapping[str, Any],
) -> Question:
    """A one-field choice question: ``slips`` maps a wrong choice to its diagnosis (a
    short code for tests, and the HTML shown); ``explain`` is the engine's reason (HTML),
    shown with every verdict and as the worked answer."""
    field = Field(name, choices=choices)

    def check(answers: Mapping[str, str]) -> Verdict:
        given = field.choice(answers[name])
        if given == answer:
            return verdict(True, explain)
        code, slip = slips.get(given, ("other", ""))
        return verdict(False, slip + explain, code)

    return Question(prompt, (field,), check, {**data, "answer": answer}, nudge, explain)


Slips = Callable[[str, int], tuple[str, str]]
"""A two-part question's diagnosis of a wrong answer: given the choice and the number
the learner gave, the slip shown (HTML, ``""`` when none) and its short code."""


def choice_and_number_check(
    choice: Field,
    number: str,
    answer: tuple[str, int],
    explain: str,
    slips: Slips,
) -> Callable[[Mapping[str, str]], Verdict]:
    """The check of a question asking for a choice (the field ``choice``) and a whole
    number (the text box ``number``): right when both are ``answer``; a wrong answer
    gets the slip ``slips`` diagnoses before ``explain``, the engine's reason (HTML)."""

    def check(answers: Mapping[str, str]) -> Verdict:
        given = (choice.choice(answers[choice.name]), parse_int(answers[number]))
        if given == answer:
            return verdict(True, explain)
        slip, code = slips(*given)
        return verdict(False, slip + explain, code)

    return check


NumberSlip = Callable[[int], tuple[str, str] | None]
"""A one-number question's diagnosis of a wrong number: the slip shown (HTML) and its short
code, or ``None`` when no slip is recognised (the code is then ``other``)."""


def number_check(
    number: str, answer: int, worked: str, slips: NumberSlip
) -> Callable[[Mapping[str, str]], Verdict]:
    """The check of a question asking for one whole number (the text box ``number``): right
    when it is ``answer``; a wrong number gets the slip ``slips`` diagnoses before
    ``worked``, the engine's reason (HTML)."""

    def check(answers: Mapping[str, str]) -> Verdict:
        given = parse_int(answers[number])
        if given == answer:
            return verdict(True, worked)
        slip, code = slips(given) or ("", "other")
        return verdict(False, slip + worked, code)

    return check


def points_field(name: str, label: Message | None = None) -> Field:
    """A text box ``name`` for a number of points (the points placeholder shown)."""
    return Field(name, label, placeholder=M["lesson.level.placeholder.points"])


def hand_prompt(key: str, cards: Sequence[Card], **data: Any) -> str:
    """A prompt (a catalog message) above a row of cards."""
    return para(key, **data) + cards_html(cards)


__all__ = [
    "YES_NO",
    "Level",
    "NumberSlip",
    "Predict",
    "Slips",
    "choice_and_number_check",
    "choice_question",
    "fill",
    "groups",
    "hand_prompt",
    "number_check",
    "para",
    "para_text",
    "pictured",
    "points_field",
    "rule_facts",
    "slip_html",
    "slip_text_html",
    "text",
    "verdict",
]
