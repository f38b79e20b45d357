"""Lesson 3, knocking, layoffs and undercuts.

- A stepper plays out the end of a seeded deal one step of :attr:`gin.DealResult.steps`
  at a time: the knocker's melds, each layoff, the comparison, the bonus, the doubling.
- "Score this deal": the learner names the winner and the points; :func:`gin.score_deal`
  decides.
- "Knock now or wait?": the hint engine's estimate decides (see :mod:`.estimates`).
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping

import ipywidgets as W

from gin import (
    Deal,
    DealResult,
    Discard,
    DrewFromDiscard,
    DrewFromStock,
    Knock,
    Meld,
    Phase,
    PlayerView,
    Rules,
    UpCardTaken,
    best_arrangement,
    format_cards,
    score_deal,
)
from gin.bots import make_bot
from gin.cards import cards_mask
from gin.melds import deadwood_of_mask
from gin.ui.lessons.base import Lesson, MessageArea, button, html_widget, read_seed, section
from gin.ui.lessons.estimates import KnockAdvice, knock_advice, knock_card
from gin.ui.lessons.exercise import Exercise, Field, Question, Verdict, parse_int
from gin.ui.lessons.guard import AnswerError, guarded
from gin.ui.lessons.hands import find_deal
from gin.ui.lessons.pictures import (
    arrangement_html,
    cards_html,
    group_html,
    meld_caption,
    steps_html,
)

# --------------------------------------------------------------------------- kinds of deal

DealTest = Callable[[Deal], bool]


def _result(deal: Deal) -> DealResult:
    assert deal.result is not None
    return deal.result


DEAL_KINDS: dict[str, DealTest] = {
    "any": lambda d: True,
    "with layoffs": lambda d: bool(_result(d).layoffs),
    "undercut": lambda d: _result(d).kind == "undercut",
    "gin": lambda d: _result(d).kind in ("gin", "big-gin"),
    "knock won": lambda d: _result(d).kind == "knock",
    "doubled": lambda d: _result(d).doubled,
}
"""Filters for the stepper's deals (the deal is searched among seeded play-outs)."""


def knock_deal(rules: Rules, seed: int, kind: str = "any") -> Deal:
    """A seeded deal, played out by two ``eager`` players, that ended as ``kind``."""
    if kind not in DEAL_KINDS:
        raise AnswerError(f"Unknown kind of deal {kind!r}: choose one of {', '.join(DEAL_KINDS)}.")
    if kind == "doubled" and not rules.spade_doubles:
        rules = Rules.preset("spades-double")
    return find_deal(rules, random.Random(seed), DEAL_KINDS[kind])


# --------------------------------------------------------------------------- the stepper


def melds_after(result: DealResult, layoffs_done: int) -> list[Meld]:
    """The knocker's melds after the first ``layoffs_done`` layoffs."""
    melds = list(result.knocker_arrangement.melds)
    for lo in result.layoffs[:layoffs_done]:
        melds[melds.index(lo.onto)] = lo.result
    return melds


class KnockStepper:
    """Plays the end of a deal out one explanation step at a time."""

    deal: Deal
    result: DealResult
    step: int = 1

    def __init__(self, seed: int, rules: str = "classic") -> None:
        self.rules_choice = W.ToggleButtons(options=list(Rules.PRESETS), value=rules)
        self.rules_choice.add_class("gin-stepper-rules")
        self.kind_choice = W.Dropdown(
            options=list(DEAL_KINDS), value="with layoffs", description="show a deal"
        )
        self.kind_choice.add_class("gin-stepper-kind")
        self.seed_box = W.Text(value=str(seed), description="seed")
        self.seed_box.layout.width = "12em"
        self.deal_button = button("New deal", "gin-stepper-deal", icon="random")
        self.back_button = button("Back", "gin-step-back", icon="step-backward")
        self.next_button = button(
            "Next step", "gin-step-next", icon="step-forward", style="primary"
        )
        self.all_button = button("Show all", "gin-step-all", icon="fast-forward")
        self.message = MessageArea()
        self.board = html_widget("", "gin-stepper-board")
        self.steps = html_widget("", "gin-stepper-steps")
        show = guarded(self.message.show)
        self.deal_button.on_click(show(lambda _b: self.new_deal()))
        self.back_button.on_click(show(lambda _b: self.go(self.step - 1)))
        self.next_button.on_click(show(lambda _b: self.go(self.step + 1)))
        self.all_button.on_click(show(lambda _b: self.go(len(self.result.steps))))
        self.widget = W.VBox(
            [
                W.HBox([self.rules_choice]),
                W.HBox([self.kind_choice, self.seed_box, self.deal_button]),
                self.message.widget,
                self.board,
                W.HBox([self.back_button, self.next_button, self.all_button]),
                self.steps,
            ]
        )
        self.new_deal(advance=False)

    def new_deal(self, advance: bool = True) -> Deal:
        """Find a deal of the chosen kind from the seed (then move the seed on)."""
        seed = read_seed(self.seed_box.value)
        rules = Rules.preset(str(self.rules_choice.value))
        deal = knock_deal(rules, seed, str(self.kind_choice.value))
        if advance:
            self.seed_box.value = str(seed + 1)
        return self.load(deal)

    def load(self, deal: Deal) -> Deal:
        """Show the end of ``deal`` (a scored deal) from its first step."""
        if deal.result is None or deal.knocker is None:
            raise AnswerError("That deal did not end with a knock.")
        self.message.clear()
        self.deal, self.result = deal, deal.result
        self.go(1)
        return deal

    def go(self, step: int) -> int:
        """Show the state after ``step`` (1 to the number of steps)."""
        self.step = max(1, min(step, len(self.result.steps)))
        self.back_button.disabled = self.step <= 1
        self.next_button.disabled = self.all_button.disabled = self.step >= len(self.result.steps)
        self.board.value = self.board_html()
        self.steps.value = steps_html(self.result.steps, upto=self.step, css="gin-stepper-list")
        return self.step

    @property
    def current(self) -> str:
        """The code of the step shown (``limit``, ``knocker``, ``layoff``, ``compare``...)."""
        return self.result.steps[self.step - 1].code

    def board_html(self) -> str:
        """The table at the current step."""
        r, d = self.result, self.deal
        k = d.knocker
        assert k is not None
        shown = self.result.steps[: self.step]
        codes = [s.code for s in shown]
        layoffs_done = codes.count("layoff")
        knocker_cards = d.hand(k)
        defender_cards = d.hand(1 - k)
        laid = {lo.card for lo in r.layoffs[:layoffs_done]}
        badges = f'<span class="gin-badge">knock limit {r.knock_limit}</span>'
        if r.doubled:
            badges += '<span class="gin-badge gin-doubled">doubled</span>'
        word = {"gin": "went gin", "big-gin": "declared big gin"}.get(r.kind, "knocked")
        parts = [
            f"<p>Rule set <b>“{html.escape(d.rules.name)}”</b>. {badges}</p>",
            group_html("up card", [d.up_card], css="gin-plain"),
        ]
        if "knocker" in codes:
            melds = melds_after(r, layoffs_done)
            just = r.layoffs[layoffs_done - 1].card if codes[-1] == "layoff" else None
            groups = "".join(
                group_html(meld_caption(m), m.cards)
                if just not in m.cards
                else group_html(f"{meld_caption(m)} · {just} laid off", m.cards, css="gin-mark")
                for m in melds
            )
            if r.knocker_arrangement.deadwood:
                groups += group_html(
                    f"deadwood · {r.knocker_deadwood}",
                    r.knocker_arrangement.deadwood,
                    css="gin-deadwood",
                )
            parts.append(f"<h4>The knocker {word}</h4>")
            parts.append(f'<div class="gin-lesson-groups gin-knocker">{groups}</div>')
        else:
            parts.append(f"<h4>The knocker {word}, holding</h4>" + cards_html(knocker_cards))
        left = [c for c in defender_cards if c not in laid]
        if "defender" in codes:
            parts.append("<h4>The defender, after laying off</h4>")
            parts.append(arrangement_html(r.defender_arrangement))
        else:
            caption = "The defender" + (
                " (still to lay off)" if r.kind == "knock" or r.kind == "undercut" else ""
            )
            parts.append(f"<h4>{caption}</h4>" + cards_html(left))
        if "total" in codes:
            parts.append(f'<p class="gin-stepper-score"><b>{html.escape(shown[-1].text)}</b></p>')
        return "".join(parts)


# --------------------------------------------------------------------------- score this deal

WINNER_CHOICES = ("knocker", "defender")
_SCORE_KINDS = (("knock", 3), ("undercut", 3), ("gin", 2), ("with layoffs", 2))


def score_question(rng: random.Random) -> Question:
    """Score a knock: who wins and how many points? :func:`gin.score_deal` decides."""
    preset = rng.choice(Rules.PRESETS)
    rules = Rules.preset(preset)
    kind = rng.choices([k for k, _ in _SCORE_KINDS], weights=[w for _, w in _SCORE_KINDS])[0]
    test = DEAL_KINDS["knock won" if kind == "knock" else kind]
    deal = find_deal(rules, rng, test)
    k = deal.knocker
    assert k is not None
    knocker_cards, defender_cards, up = deal.hand(k), deal.hand(1 - k), deal.up_card
    result = _result(deal)

    def check(answers: Mapping[str, str]) -> Verdict:
        winner = answers["winner"]
        if winner not in WINNER_CHOICES:
            raise AnswerError("Choose who scores: the knocker or the defender.")
        points = parse_int(answers["points"], "the points")
        engine = score_deal(rules, up, knocker_cards, defender_cards)
        right = winner == engine.winner and points == engine.points
        if right:
            lead = ""
        elif winner != engine.winner:
            lead = f"The <b>{engine.winner}</b> scores, {engine.points} points. "
        else:
            lead = f"Right winner, but the {engine.winner} scores <b>{engine.points}</b>. "
        return Verdict(right, lead + steps_html(engine.steps))

    arr = result.knocker_arrangement
    how = {"gin": "went gin", "big-gin": "declared big gin (eleven cards)"}.get(
        result.kind, f"knocked with {result.knocker_deadwood} deadwood"
    )
    prompt = (
        f'<p>Rule set <b class="gin-q-rules" data-rules="{preset}">“{preset}”</b> '
        f"(gin bonus {rules.gin_bonus}, undercut bonus "
        f"{rules.undercut_bonus}"
        + (", a spade up card doubles the deal" if rules.spade_doubles else "")
        + ").</p>"
        + group_html("up card", [up], css="gin-plain gin-q-up")
        + f"<p>The knocker {how} and shows:</p>"
        + f'<div class="gin-q-knocker">{arrangement_html(arr, size="small")}</div>'
        + "<p>The defender holds these ten cards"
        + (" and may lay off first" if result.kind in ("knock", "undercut") else "")
        + ":</p>"
        + cards_html(defender_cards, size="small", css="gin-q-defender")
        + "<p><b>Who scores, and how many points?</b></p>"
    )
    return Question(
        prompt,
        (
            Field("winner", "Who scores?", WINNER_CHOICES),
            Field("points", "Points", placeholder="points"),
        ),
        check,
        {
            "rules": rules,
            "up_card": up,
            "knocker_cards": knocker_cards,
            "defender_cards": defender_cards,
            "answer": (result.winner, result.points),
            "kind": result.kind,
        },
    )


# --------------------------------------------------------------------------- knock or wait?

WAIT_CHOICES = ("knock now", "wait")
MAX_HINT_TRIES = 4
"""Positions tried per question when the hint engine (slower) gives the advice."""
CLOSE_CALL = 2.0
"""Points: when the two estimates differ by less, both answers count as right."""


def knock_position(rng: random.Random, rules: Rules) -> PlayerView | None:
    """A seeded deal played by ``eager`` players up to a moment when the player to move
    may knock (not gin). Earlier chances are sometimes passed up, for variety."""
    seed = rng.randrange(1 << 30)
    deal = Deal.new(rules, dealer=seed % 2, rng=random.Random(seed))
    bots = [
        make_bot("eager", random.Random(seed * 2 + 1)),
        make_bot("eager", random.Random(seed * 2 + 2)),
    ]
    while not deal.is_over:
        p = deal.to_move
        assert p is not None
        view = deal.view(p)
        if view.phase is Phase.DISCARD and any(isinstance(a, Knock) for a in view.legal_actions):
            card = knock_card(view).card
            dw = deadwood_of_mask(cards_mask(view.hand) ^ card.mask)
            if dw > 0:
                if rng.random() < 0.6:
                    return view
                deal.apply(Discard(card))
                continue
        deal.apply(bots[p].choose(view))
    return None


def advice_position(
    rng: random.Random, rules: Rules, budget_ms: int
) -> tuple[PlayerView, KnockAdvice]:
    """A position and its advice. The wanted answer (knock or wait) is drawn at random
    and looked for among a few positions (fewer with the slower hint engine), so both
    answers come up."""
    want_knock = rng.random() < 0.5
    found: tuple[PlayerView, KnockAdvice] | None = None
    tries = 40
    while tries > 0:
        tries -= 1
        view = knock_position(rng, rules)
        if view is None:
            continue
        advice = knock_advice(view, random.Random(rng.randrange(1 << 30)), budget_ms)
        found = (view, advice)
        if advice.knock == want_knock:
            break
        if advice.source == "hint":
            tries = min(tries, MAX_HINT_TRIES - 1)
    if found is None:  # pragma: no cover - 40 deals without a knock chance
        raise RuntimeError("no position found")
    return found


def position_html(view: PlayerView) -> str:
    """What the learner sees of a knock-or-wait position."""
    knock = knock_card(view)
    kept = [c for c in view.hand if c != knock.card]
    arr = best_arrangement(kept)
    badges = f'<span class="gin-badge">knock limit {view.knock_limit}</span>'
    if view.doubled:
        badges += '<span class="gin-badge gin-doubled">doubled</span>'
    mine = sum(
        1
        for e in view.events
        if isinstance(e, DrewFromStock | DrewFromDiscard | UpCardTaken) and e.player == view.player
    )
    held = html.escape(format_cards(view.opponent_known))
    known = (
        f"<p>Your opponent picked up and still holds: {held}.</p>" if view.opponent_known else ""
    )
    return (
        f"<p>Rule set <b>“{html.escape(view.rules.name)}”</b>. {badges}"
        f'<span class="gin-badge">you have drawn {mine} times</span>'
        f'<span class="gin-badge">{view.stock_count} cards left in the stock</span></p>'
        + group_html("up card", [view.up_card], css="gin-plain")
        + "<p>Discard pile, newest last:</p>"
        + cards_html(view.discard_pile[-8:], size="small")
        + known
        + f"<p>You have drawn. Discarding {html.escape(str(knock.card))} would leave you:</p>"
        + arrangement_html(arr, size="small")
        + f"<p><b>Knock now with {arr.deadwood_points}, or discard {html.escape(str(knock.card))}"
        " and wait for a better hand?</b></p>"
    )


def make_wait_question(budget_ms: int = 300) -> Callable[[random.Random], Question]:
    """The question maker for "knock now or wait?" (the hint's time budget is fixed)."""

    def wait_question(rng: random.Random) -> Question:
        rules = Rules.preset(rng.choice(Rules.PRESETS))
        view, advice = advice_position(rng, rules, budget_ms)
        answer = WAIT_CHOICES[0] if advice.knock else WAIT_CHOICES[1]
        close = (
            advice.knock_points is not None
            and advice.wait_points is not None
            and abs(advice.knock_points - advice.wait_points) < CLOSE_CALL
        )

        def check(answers: Mapping[str, str]) -> Verdict:
            given = answers["choice"]
            if given not in WAIT_CHOICES:
                raise AnswerError("Choose: knock now, or wait.")
            right = given == answer or close
            source = (
                "The hint engine played both choices out in imagined deals:"
                if advice.source == "hint"
                else "The hint engine is not available here, so the lesson estimated "
                "both choices itself:"
            )
            lead = f"The better choice here is <b>{answer}</b>. " if not right else ""
            if close:
                lead = "It's a close call: both choices are about as good. "
            reasons = "".join(f"<li>{html.escape(t)}</li>" for t in advice.reasons)
            return Verdict(right, f'{lead}{source}<ul class="gin-lesson-steps">{reasons}</ul>')

        return Question(
            position_html(view),
            (Field("choice", choices=WAIT_CHOICES),),
            check,
            {"view": view, "advice": advice, "answer": answer, "close": close},
        )

    return wait_question


# --------------------------------------------------------------------------- lesson


class KnockingLesson(Lesson):
    """Knocking, layoffs and undercuts: stepper plus exercises."""

    notebook = "03_knocking_layoffs_undercuts.ipynb"

    def __init__(self, seed: int | None = None, hint_budget_ms: int = 300) -> None:
        super().__init__(seed)
        self.stepper = KnockStepper(self.seed, self.page.rules or "classic")
        self.score_exercise = Exercise(
            name="score-deal",
            title="Score this deal",
            intro="<p>Lay off what the defender can, compare the deadwood, add any bonus, "
            "and double a doubled deal.</p>",
            make=score_question,
            seed=self.seed,
        )
        self.wait_exercise = Exercise(
            name="knock-or-wait",
            title="Knock now or wait?",
            intro="<p>You may knock. Is it the right moment, or is it worth playing on "
            "towards a lower count or gin?</p>",
            make=make_wait_question(hint_budget_ms),
            seed=self.seed,
        )
        self.assemble(
            section(
                "A knock, step by step",
                "<p>Two computer players played this deal. Step through the end of it: "
                "the knock, each card laid off, and the score.</p>",
                self.stepper.widget,
            ),
            section("Practice", "", self.score_exercise.widget, self.wait_exercise.widget),
        )


def knocking_lesson(seed: int | None = None, hint_budget_ms: int = 300) -> KnockingLesson:
    """The Knocking-layoffs-undercuts lesson (displays as its widget)."""
    return KnockingLesson(seed, hint_budget_ms)


__all__ = [
    "DEAL_KINDS",
    "KnockStepper",
    "KnockingLesson",
    "advice_position",
    "knock_deal",
    "knock_position",
    "knocking_lesson",
    "make_wait_question",
    "melds_after",
    "score_question",
]
