"""A demo question's options in words: each move of the teacher's seat as a learner reads
it on a button, in the bar chart and in the verdicts."""

from __future__ import annotations

from gin.actions import BigGin, Discard, DrawDiscard, Knock, TakeUpCard, parse_action
from gin.cards import Card
from gin.i18n import M
from gin.ui.classroom.demo import Frame, Question

_ONE_WORD = {
    "pass": "demo.option.pass",
    "draw-stock": "demo.option.draw-stock",
    "big-gin": "demo.option.big-gin",
    "lay-off": "demo.option.lay-off",
}


def option_text(option: str, question: Question, frame: Frame) -> str:
    """The words for ``option`` (an action text) of ``question`` asked at ``frame``: a
    knock that goes gin is said as gin (the question's :attr:`~Question.gins`)."""
    if option in _ONE_WORD:
        return M[_ONE_WORD[option]].render()
    action = parse_action(option)
    if question.layout and isinstance(action, Knock | BigGin):
        points = question.deadwood[question.options.index(option)]
        return M["demo.option.layout"].render({"melds": action.melds or (), "points": points})
    if isinstance(action, TakeUpCard):
        return M["demo.option.take"].render({"card": Card.parse(frame.up_card)})
    if isinstance(action, DrawDiscard):
        top = Card.parse(frame.discard[-1])
        return M["demo.option.draw-discard"].render({"card": top})
    if isinstance(action, Knock):
        key = "demo.option.gin" if option in question.gins else "demo.option.knock"
        return M[key].render({"card": action.card})
    if isinstance(action, Discard):
        return M["demo.option.discard"].render({"card": action.card})
    return option  # pragma: no cover - every move a question offers is named above


__all__ = ["option_text"]
