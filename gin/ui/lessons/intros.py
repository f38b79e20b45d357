"""The opening prose of every lesson: what each notebook used to say in Markdown.

Each lesson opens with its title and these paragraphs, rendered from the message catalog
(:mod:`gin.i18n`) in the current language. Every number in them (bonuses, targets, the
knock limit under an ace) comes from the engine's rule-set presets, so the prose always
says what the engine plays.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from gin import Rules
from gin.i18n import Message, message

# --------------------------------------------------------------------------- 00 start here

START_WHAT = message(
    "lesson.start.intro.what",
    "Oklahoma Gin is gin rummy for two players, with one twist that changes every deal. Each "
    "player holds ten cards. On your turn you draw a card and throw one away, trying to build "
    "melds: sets (three or four cards of one rank) and runs (three or more cards of one suit "
    "in a row). The cards in no meld are your deadwood, and you add up their points: an ace "
    "counts 1, a 2 to 10 its number, and a jack, queen or king 10.",
)
START_UP_LEAD = message("lesson.start.intro.up-card.lead", "The up card.")
START_UP = message(
    "lesson.start.intro.up-card",
    "After the deal the next card is turned face up. Its value is the knock limit for the "
    "whole deal, even after someone takes it: you may knock only with that much deadwood or "
    "less. Turn up a king and you may knock with 10; turn up a 3 and you need 3 or less.",
)
START_OFFER_LEAD = message("lesson.start.intro.offer.lead", "The first turn.")
START_OFFER = message(
    "lesson.start.intro.offer",
    "The up card is offered first to the non-dealer, who may take it or pass. Only if the "
    "non-dealer passes is it offered to the dealer. Whoever takes it discards (or knocks), "
    "and play goes on. If the dealer passes too, the offer is over: the non-dealer begins by "
    "drawing from the stock.",
)
START_KNOCK_LEAD = message("lesson.start.intro.knock.lead", "Knocking and gin.")
START_KNOCK = message(
    "lesson.start.intro.knock",
    "After you draw, instead of a plain discard you may knock, on any turn, if the ten cards "
    "you keep after discarding have no more deadwood than the knock limit. You discard, lay "
    "your melds face up, and the deal ends. Knocking with no deadwood at all is gin, which "
    "earns a bonus.",
)
START_LAYOFF_LEAD = message("lesson.start.intro.layoff.lead", "Laying off.")
START_LAYOFF = message(
    "lesson.start.intro.layoff",
    "After a knock that is not gin, the other player, the defender, may lay off cards onto "
    "the knocker's melds: a fourth card onto a set of three, or the next card at either end "
    "of a run. Layoffs chain: a run can be extended by several cards, one after another. The "
    "defender's own melds and layoffs are chosen together, to leave the defender the least "
    "deadwood. After gin nothing may be laid off.",
)
START_SCORE_LEAD = message("lesson.start.intro.score.lead", "Scoring a deal.")
START_SCORE = message(
    "lesson.start.intro.score",
    "If the knocker has less deadwood than the defender, the knocker scores the difference. "
    "If the defender has as much or less, the knocker is undercut: the defender scores the "
    "difference plus the undercut bonus. Gin scores the defender's whole deadwood plus the "
    "gin bonus, and the defender never scores on a gin, not even with no deadwood.",
)
START_VOID_LEAD = message("lesson.start.intro.void.lead", "A void deal.")
START_VOID = message(
    "lesson.start.intro.void",
    "When a player discards without knocking and only two cards are left in the stock, the "
    "deal ends void: nobody scores, and the same dealer deals again.",
)
START_GAME_LEAD = message("lesson.start.intro.game.lead", "The game.")
START_GAME = message(
    "lesson.start.intro.game",
    "The points of each deal go to a running total per player. Deals are played until one "
    "player's total reaches the target, {classic_target} in “classic” and {spades_target} in "
    "“spades-double”; that player wins the game. In “classic” the winner of a deal deals the "
    "next one; in “spades-double” the players take turns to deal. After a void deal the same "
    "dealer always deals again.",
)
START_SPADES_LEAD = message("lesson.start.intro.spades.lead", "The spades-double rules.")
START_SPADES = message(
    "lesson.start.intro.spades",
    "The popular “spades-double” rule set adds three things. A spade up card doubles every "
    "point of that deal, bonuses included. Under an ace up card nobody may knock: only gin or "
    "big gin ends that deal (in “classic” an ace up card gives a knock limit of "
    "{classic_ace_limit}). And there is big gin: when all eleven of your cards meld just "
    "after you draw, you may declare big gin without discarding. Big gin scores the "
    "defender's deadwood plus a bonus of {big_gin_bonus}, doubled on a spade deal like every "
    "other point.",
)
START_ACE_CARD = message(
    "lesson.start.intro.ace-card",
    "An ace always counts 1 point as a card, whatever the up card. The knock limit under an "
    "ace up card is a separate rule of each rule set.",
)
START_HOW = message(
    "lesson.start.intro.how",
    "Every lesson works the same way: read a little, then try things. Each exercise is "
    "checked at once by the same rules engine that runs the table, and tells you why. Press "
    "Next exercise for as many new ones as you like.",
)

# --------------------------------------------------------------------------- 01 melds

MELDS_POINTS_LEAD = message("lesson.melds.intro.points.lead", "Points.")
MELDS_POINTS = message(
    "lesson.melds.intro.points",
    "An ace counts 1, the 2 to 10 count their number, and the jack, queen and king count 10 each.",
)
MELDS_KINDS_LEAD = message("lesson.melds.intro.kinds.lead", "Sets and runs.")
MELDS_KINDS = message(
    "lesson.melds.intro.kinds",
    "A set is three or four cards of the same rank, like {set_example:cards}. A run is three "
    "or more cards of one suit in sequence, like {run_example:cards}.",
)
MELDS_ACES_LEAD = message("lesson.melds.intro.aces.lead", "Aces are low.")
MELDS_ACES = message(
    "lesson.melds.intro.aces",
    "The ace sits below the 2 and nowhere else: {low_run:cards} is a run, but {high:cards} and "
    "{round:cards} are not.",
)
MELDS_DEADWOOD_LEAD = message("lesson.melds.intro.deadwood.lead", "Deadwood.")
MELDS_DEADWOOD = message(
    "lesson.melds.intro.deadwood",
    "Each card can belong to only one meld. The cards in no meld are your deadwood, and your "
    "deadwood count is their total. You never have to arrange your cards yourself: the "
    "engine always picks the melds that leave the least deadwood. Sometimes a card could go "
    "into a set or a run, and the choice changes the count.",
)

# --------------------------------------------------------------------------- 02 the up card

UPCARD_WHAT = message(
    "lesson.upcard.intro.what",
    "After ten cards each are dealt, the next card is turned face up. It starts the discard "
    "pile, and it decides the knock limit for the whole deal, even after someone picks it up.",
)
UPCARD_PIPS = message(
    "lesson.upcard.intro.pips",
    "A 2 to 9 gives its own value: with a 6 up, you may knock once your deadwood is 6 or less.",
)
UPCARD_TEN = message(
    "lesson.upcard.intro.ten",
    "A 10, jack, queen or king gives 10, the most any up card allows.",
)
UPCARD_ACE = message(
    "lesson.upcard.intro.ace",
    "An ace counts 1 point as a card, like every ace, but the knock limit under an ace up "
    "card is a rule of its own: {classic_ace_limit} in the “classic” rules; in the "
    "“spades-double” rules nobody may knock, and only gin or big gin can end the deal.",
)
UPCARD_SPADE = message(
    "lesson.upcard.intro.spade",
    "In the “spades-double” rules a spade up card doubles every point of that deal, bonuses "
    "included.",
)
UPCARD_OFFER = message(
    "lesson.upcard.intro.offer",
    "The up card is offered first to the non-dealer. If the non-dealer passes, the dealer may "
    "take it or pass. The dealer's pass ends the offer: nobody takes the up card, and the "
    "non-dealer begins by drawing from the stock.",
)
UPCARD_TRY = message(
    "lesson.upcard.intro.try", "Pick an up card below and compare the two rule sets."
)

# --------------------------------------------------------------------------- 03 knocking

KNOCK_KNOCK_LEAD = message("lesson.knocking.intro.knock.lead", "Knocking.")
KNOCK_KNOCK = message(
    "lesson.knocking.intro.knock",
    "After you draw, instead of a plain discard you may knock, if the ten cards you keep have "
    "no more deadwood than the knock limit. You discard, lay your melds face up, and the deal "
    "ends. With no deadwood at all it is gin.",
)
KNOCK_BIG_GIN_LEAD = message("lesson.knocking.intro.big-gin.lead", "Big gin.")
KNOCK_BIG_GIN = message(
    "lesson.knocking.intro.big-gin",
    "In the “spades-double” rules, when all eleven of your cards meld just after you draw, "
    "you may declare big gin: you show all eleven cards and discard nothing.",
)
KNOCK_LAYOFF_LEAD = message("lesson.knocking.intro.layoff.lead", "Laying off.")
KNOCK_LAYOFF = message(
    "lesson.knocking.intro.layoff",
    "After a knock that is not gin or big gin, the other player, the defender, may lay off "
    "cards onto the knocker's melds: the fourth card of a set of three, or the next card at "
    "either end of a run. Layoffs chain: once a card extends a run, the next card in the "
    "suit fits too, so a run can grow by several cards, one after another. Each card laid "
    "off no longer counts as deadwood.",
)
KNOCK_DEFENDER_LEAD = message("lesson.knocking.intro.defender.lead", "The defender's hand.")
KNOCK_DEFENDER = message(
    "lesson.knocking.intro.defender",
    "The defender's own melds and layoffs are chosen together, to leave the defender the "
    "least deadwood: sometimes a card is worth more laid off than kept in one of the "
    "defender's own melds. After gin or big gin nothing may be laid off.",
)
KNOCK_COMPARE_LEAD = message("lesson.knocking.intro.compare.lead", "The comparison.")
KNOCK_COMPARE = message(
    "lesson.knocking.intro.compare",
    "If the knocker has less deadwood, the knocker scores the difference. If the defender has "
    "the same or less, that is an undercut: the defender scores the difference plus the "
    "undercut bonus ({classic_undercut} in “classic”, {spades_undercut} in “spades-double”).",
)
KNOCK_GIN_LEAD = message("lesson.knocking.intro.gin.lead", "Gin and big gin.")
KNOCK_GIN = message(
    "lesson.knocking.intro.gin",
    "Gin scores the defender's whole deadwood plus the gin bonus of {gin_bonus}; big gin "
    "scores it plus the big-gin bonus of {big_gin_bonus}. The defender never scores on a gin "
    "or a big gin, not even with no deadwood. A doubled deal (a spade up card in "
    "“spades-double”) doubles all of it, bonuses included.",
)
KNOCK_VOID_LEAD = message("lesson.knocking.intro.void.lead", "No knock at all.")
KNOCK_VOID = message(
    "lesson.knocking.intro.void",
    "If a player discards without knocking and only two cards are left in the stock, the "
    "deal ends void: nobody scores, and the same dealer deals again.",
)
KNOCK_TRY = message(
    "lesson.knocking.intro.try", "Step through a knock below, then score some deals yourself."
)

# --------------------------------------------------------------------------- 04 play

PLAY_TABLE = message(
    "lesson.play.intro.table",
    "Your hand is at the bottom, arranged the way the engine melds it, with your deadwood "
    "count next to the knock limit. When the up card is offered to you, take it or pass. On "
    "a normal turn, draw from the stock or the discard pile, then click a card to select it "
    "and click it again (or press Discard) to throw it away. Knock appears when your "
    "deadwood is low enough.",
)
PLAY_COACH = message(
    "lesson.play.intro.coach",
    "The coach beside the table explains what just happened and what you can do now. Choose "
    "the rule set and your opponent in the controls.",
)

# --------------------------------------------------------------------------- 05 lab

LAB_WHY = message(
    "lesson.lab.intro.why",
    "How long does a deal last when a king is turned up, compared with a 3? How risky is a "
    "knock with 9 deadwood? What does the spade doubling do to the scores? Instead of "
    "arguing, let the computer play a few hundred deals and count.",
)
LAB_HOW = message(
    "lesson.lab.intro.how",
    "The charts below come from a small run so that the page opens quickly. Press the button "
    "to play more deals: the bars settle as the numbers grow. The players here are the "
    "computer opponents, so the figures describe how they play.",
)


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of prose, with an optional bold lead-in (a message of its own)."""

    body: Message
    lead: Message | None = None


@dataclass(frozen=True)
class Bullets:
    """A bulleted list, one message per item."""

    items: tuple[Message, ...]


Block = Paragraph | Bullets

INTROS: dict[str, tuple[Block, ...]] = {
    "00_start_here.ipynb": (
        Paragraph(START_WHAT),
        Paragraph(START_UP, START_UP_LEAD),
        Paragraph(START_OFFER, START_OFFER_LEAD),
        Paragraph(START_KNOCK, START_KNOCK_LEAD),
        Paragraph(START_LAYOFF, START_LAYOFF_LEAD),
        Paragraph(START_SCORE, START_SCORE_LEAD),
        Paragraph(START_VOID, START_VOID_LEAD),
        Paragraph(START_GAME, START_GAME_LEAD),
        Paragraph(START_SPADES, START_SPADES_LEAD),
        Paragraph(START_ACE_CARD),
        Paragraph(START_HOW),
    ),
    "01_cards_and_melds.ipynb": (
        Paragraph(MELDS_POINTS, MELDS_POINTS_LEAD),
        Paragraph(MELDS_KINDS, MELDS_KINDS_LEAD),
        Paragraph(MELDS_ACES, MELDS_ACES_LEAD),
        Paragraph(MELDS_DEADWOOD, MELDS_DEADWOOD_LEAD),
    ),
    "02_the_up_card.ipynb": (
        Paragraph(UPCARD_WHAT),
        Bullets((UPCARD_PIPS, UPCARD_TEN, UPCARD_ACE, UPCARD_SPADE)),
        Paragraph(UPCARD_OFFER),
        Paragraph(UPCARD_TRY),
    ),
    "03_knocking_layoffs_undercuts.ipynb": (
        Paragraph(KNOCK_KNOCK, KNOCK_KNOCK_LEAD),
        Paragraph(KNOCK_BIG_GIN, KNOCK_BIG_GIN_LEAD),
        Paragraph(KNOCK_LAYOFF, KNOCK_LAYOFF_LEAD),
        Paragraph(KNOCK_DEFENDER, KNOCK_DEFENDER_LEAD),
        Paragraph(KNOCK_COMPARE, KNOCK_COMPARE_LEAD),
        Paragraph(KNOCK_GIN, KNOCK_GIN_LEAD),
        Paragraph(KNOCK_VOID, KNOCK_VOID_LEAD),
        Paragraph(KNOCK_TRY),
    ),
    "04_play.ipynb": (Paragraph(PLAY_TABLE), Paragraph(PLAY_COACH)),
    "05_strategy_lab.ipynb": (Paragraph(LAB_WHY), Paragraph(LAB_HOW)),
}
"""The opening prose of each lesson, by notebook."""


def prose_facts() -> dict[str, Any]:
    """The data that fills the prose: the presets' numbers and the example cards."""
    classic, spades = Rules.preset("classic"), Rules.preset("spades-double")
    return {
        "classic_target": classic.target,
        "spades_target": spades.target,
        "classic_ace_limit": classic.ace_knock_limit,
        "classic_undercut": classic.undercut_bonus,
        "spades_undercut": spades.undercut_bonus,
        "gin_bonus": spades.gin_bonus,
        "big_gin_bonus": spades.big_gin_bonus,
        "set_example": ["9H", "9D", "9C"],
        "run_example": ["4S", "5S", "6S", "7S"],
        "low_run": ["AH", "2H", "3H"],
        "high": ["QH", "KH", "AH"],
        "round": ["KH", "AH", "2H"],
    }


def _used(m: Message, data: dict[str, Any]) -> dict[str, Any]:
    names = {p.split(":")[0] for p in m.placeholders}
    return {k: v for k, v in data.items() if k in names}


def intro_text(notebook: str) -> list[str]:
    """The lesson's opening prose as plain sentences, one string per paragraph or item."""
    data = prose_facts()
    out: list[str] = []
    for block in INTROS.get(notebook, ()):
        if isinstance(block, Bullets):
            out.extend(m.render(_used(m, data)) for m in block.items)
        else:
            lead = block.lead.render() + " " if block.lead is not None else ""
            out.append(lead + block.body.render(_used(block.body, data)))
    return out


def intro_html(notebook: str) -> str:
    """The lesson's opening prose as HTML paragraphs."""
    data = prose_facts()
    parts: list[str] = []
    for block in INTROS.get(notebook, ()):
        if isinstance(block, Bullets):
            items = "".join(
                f"<li>{html.escape(m.render(_used(m, data)))}</li>" for m in block.items
            )
            parts.append(f"<ul>{items}</ul>")
        else:
            lead = f"<b>{html.escape(block.lead.render())}</b> " if block.lead is not None else ""
            parts.append(f"<p>{lead}{html.escape(block.body.render(_used(block.body, data)))}</p>")
    return "".join(parts)


__all__ = ["INTROS", "Bullets", "Paragraph", "intro_html", "intro_text", "prose_facts"]
