"""Lesson 3, knocking, layoffs and undercuts.

- A stepper plays out the end of a seeded deal one step of :attr:`gin.DealResult.steps`
  at a time: the knocker's melds, each layoff (chained ones too, by
  :meth:`gin.DealResult.layoff_stage`), the comparison, the bonus, the doubling.
- "Score this deal": the learner names the winner and the points; :func:`gin.score_deal`
  decides.
- "Knock now or wait?": the hint engine (:func:`gin.bots.hint`) decides, and its steps say
  why.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as W

from gin import (
    Deal,
    DealResult,
    Discard,
    DrewFromDiscard,
    DrewFromStock,
    Phase,
    PlayerView,
    Rules,
    UpCardTaken,
    best_arrangement,
    score_deal,
)
from gin.bots import hint, make_bot
from gin.bots.expert import DEFAULT_PLAYOUTS
from gin.bots.hint import Hint, KnockAdvice
from gin.errors import echo
from gin.i18n import M, Message
from gin.ui.choices import rules_name, rules_options
from gin.ui.keys import StepKeys
from gin.ui.lessons.base import (
    Lesson,
    MessageArea,
    button,
    html_widget,
    paragraph,
    read_seed,
    titled_section,
)
from gin.ui.lessons.exercise import Choice, Field, Practice, Question, Verdict, choices, parse_int
from gin.ui.lessons.guard import AnswerError, guarded
from gin.ui.lessons.hands import find_deal
from gin.ui.lessons.pictures import (
    arrangement_html,
    cards_html,
    deadwood_label,
    group_html,
    meld_caption,
    steps_html,
)

# --------------------------------------------------------------------------- messages

KIND_LABELS: dict[str, Message] = {
    "any": M["lesson.knocking.kind.any"],
    "with layoffs": M["lesson.knocking.kind.with-layoffs"],
    "undercut": M["lesson.knocking.kind.undercut"],
    "gin": M["lesson.knocking.kind.gin"],
    "knock won": M["lesson.knocking.kind.knock-won"],
    "doubled": M["lesson.knocking.kind.doubled"],
}

KNOCKER_SENTENCES: dict[str, tuple[Message, Message, Message]] = {
    "gin": (
        M["lesson.knocking.board.went-gin"],
        M["lesson.knocking.board.went-gin-holding"],
        M["lesson.knocking.score.gin-shows"],
    ),
    "big-gin": (
        M["lesson.knocking.board.big-gin"],
        M["lesson.knocking.board.big-gin-holding"],
        M["lesson.knocking.score.big-gin-shows"],
    ),
    "knock": (
        M["lesson.knocking.board.knocked"],
        M["lesson.knocking.board.knocked-holding"],
        M["lesson.knocking.score.knock-shows"],
    ),
}
"""How the knocker's deal ended, by kind: what they did, what they did holding these
cards, and what they show when scoring."""
WINNER_SCORES = {
    "knocker": M["lesson.knocking.score.knocker-scores"],
    "defender": M["lesson.knocking.score.defender-scores"],
}
RIGHT_WINNER = {
    "knocker": M["lesson.knocking.score.right-winner-knocker"],
    "defender": M["lesson.knocking.score.right-winner-defender"],
}
WINNER_CHOICES = choices(
    "lesson.knocking.score.knocker",
    "lesson.knocking.score.defender",
)

BETTER = {
    "knock now": M["lesson.knocking.wait.better-knock"],
    "wait": M["lesson.knocking.wait.better-wait"],
}
WAIT_CHOICES = (
    Choice("knock now", M["lesson.knocking.wait.knock-now"]),
    Choice("wait", M["lesson.knocking.wait.wait"]),
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
        raise AnswerError(M["lesson.knocking.kind.unknown"](kind=echo(kind, 40)))
    if kind == "doubled" and not rules.spade_doubles:
        rules = Rules.preset("spades-double")
    return find_deal(rules, random.Random(seed), DEAL_KINDS[kind])


def _badges(limit: int, doubled: bool) -> str:
    text = M["lesson.knocking.limit-badge"].render({"limit": limit})
    out = f'<span class="gin-badge">{html.escape(text)}</span>'
    if doubled:
        text = M["lesson.knocking.doubled-badge"].render()
        out += f'<span class="gin-badge gin-doubled">{html.escape(text)}</span>'
    return out


def _h4(m: Message) -> str:
    return f"<h4>{html.escape(m.render())}</h4>"


# --------------------------------------------------------------------------- the stepper


class KnockStepper:
    """Plays the end of a deal out one explanation step at a time."""

    deal: Deal
    result: DealResult
    step: int = 1

    def __init__(self, seed: int, *, rules: str = "classic", projector: bool = False) -> None:
        if rules not in Rules.PRESETS:
            raise AnswerError(M["lesson.course.unknown-rules"](name=echo(rules, 40)))
        self.projector = projector
        self.rules_choice = W.ToggleButtons(options=rules_options(), value=rules)
        self.rules_choice.add_class("gin-stepper-rules")
        self.kind_choice = W.Dropdown(
            options=[(KIND_LABELS[k].render(), k) for k in DEAL_KINDS],
            value="with layoffs",
            description=M["lesson.knocking.stepper.show"].render(),
        )
        self.kind_choice.add_class("gin-stepper-kind")
        self.seed_box = W.Text(
            value=str(seed),
            description=M["lesson.seed"].render(),
            tooltip=M["lesson.seed"].render(),
        )
        self.seed_box.layout.width = "12em"
        self.deal_button = button(
            M["lesson.knocking.stepper.new-deal"].render(), "gin-stepper-deal", icon="random"
        )
        self.back_button = button(
            M["lesson.knocking.stepper.back"].render(), "gin-step-back", icon="step-backward"
        )
        self.next_button = button(
            M["lesson.knocking.stepper.next"].render(),
            "gin-step-next",
            icon="step-forward",
            style="primary",
        )
        self.all_button = button(
            M["lesson.knocking.stepper.all"].render(), "gin-step-all", icon="fast-forward"
        )
        if projector:
            self.next_button.description += " " + M["lesson.knocking.stepper.key"].render()
        self.keys = StepKeys(self._key_step, active=projector)
        self.prediction = W.ToggleButtons(
            options=[
                (M["lesson.level.score.choice.knocker"].render(), "knocker"),
                (M["lesson.level.score.choice.defender"].render(), "defender"),
            ],
            value=None,
        )
        self.prediction.add_class("gin-stepper-prediction")
        self.prediction_note = html_widget("", "gin-stepper-predict")
        self.prediction.observe(lambda _c: self._show_prediction(), "value")
        self.message = MessageArea()
        self.board = html_widget("", "gin-stepper-board")
        self.steps = html_widget("", "gin-stepper-steps")
        show = guarded(self.message.show)
        self.deal_button.on_click(show(lambda _b: self.new_deal()))
        self.back_button.on_click(show(lambda _b: self.go(self.step - 1)))
        self.next_button.on_click(show(lambda _b: self.go(self.step + 1)))
        self.all_button.on_click(show(lambda _b: self.go(len(self.result.steps))))
        predict_head = html_widget(
            f"<p><b>{html.escape(M['lesson.course.predict.heading'].render())}</b> "
            f"{html.escape(M['lesson.knocking.stepper.predict'].render())}</p>"
        )
        self.widget = W.VBox(
            [
                self.keys,
                W.HBox([self.rules_choice]),
                W.HBox([self.kind_choice, self.seed_box, self.deal_button]),
                self.message.widget,
                self.board,
                W.HBox([predict_head, self.prediction]),
                self.prediction_note,
                W.HBox([self.back_button, self.next_button, self.all_button]),
                self.steps,
            ]
        )
        self.widget.add_class("gin-stepper")
        if projector:
            self.widget.add_class("gin-projector")
        self.new_deal(advance=False)

    def _key_step(self, step: str) -> None:
        guarded(self.message.show)(self.go)(self.step + (1 if step == "forward" else -1))

    def _show_prediction(self) -> None:
        """Tell whether the prediction was right, once the score is on show."""
        r = self.result
        if self.prediction.value is None or self.step < len(r.steps):
            self.prediction_note.value = ""
            return
        winner = r.winner or "knocker"
        right = self.prediction.value == winner
        key = (
            "lesson.knocking.stepper.predict-right"
            if right
            else "lesson.knocking.stepper.predict-wrong"
        )
        who = (
            "lesson.level.score.choice.knocker"
            if winner == "knocker"
            else "lesson.level.score.choice.defender"
        )
        text = html.escape(M[key].render({"who": who, "points": r.points}))
        state = "right" if right else "wrong"
        self.prediction_note.value = f'<div role="status" class="gin-predict-{state}">{text}</div>'

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
            raise AnswerError(M["lesson.knocking.not-a-knock"]())
        self.message.clear()
        self.deal, self.result = deal, deal.result
        self.prediction.value = None
        self.go(1)
        return deal

    def go(self, step: int) -> int:
        """Show the state after ``step`` (1 to the number of steps)."""
        self.step = max(1, min(step, len(self.result.steps)))
        self.back_button.disabled = self.step <= 1
        self.next_button.disabled = self.all_button.disabled = self.step >= len(self.result.steps)
        self.board.value = self.board_html()
        self.steps.value = steps_html(self.result.steps, upto=self.step, css="gin-stepper-list")
        self._show_prediction()
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
        shown = r.steps[: self.step]
        codes = [s.code for s in shown]
        stage = r.layoff_stage(r.layoffs_told(self.step))
        ended = r.kind if r.kind in ("gin", "big-gin") else "knock"
        rule_set = html.escape(
            M["lesson.knocking.rule-set"].render({"name": rules_name(d.rules.name)})
        )
        parts = [
            f"<p>{rule_set} {_badges(r.knock_limit, r.doubled)}</p>",
            group_html(M["lesson.knocking.up-card"].render(), [d.up_card], css="gin-plain"),
        ]
        if "knocker" in codes:
            just = r.layoffs[len(stage.laid) - 1] if codes[-1] == "layoff" else None
            groups = []
            for m in stage.melds:
                if just is not None and m == just.result:
                    caption = M["lesson.knocking.laid-off"].render(
                        {"caption": meld_caption(m), "card": just.card.code}
                    )
                    groups.append(group_html(caption, m.cards, css="gin-mark"))
                else:
                    groups.append(group_html(meld_caption(m), m.cards))
            if r.knocker_arrangement.deadwood:
                groups.append(
                    group_html(
                        deadwood_label(r.knocker_deadwood),
                        r.knocker_arrangement.deadwood,
                        css="gin-deadwood",
                    )
                )
            parts.append(_h4(KNOCKER_SENTENCES[ended][0]))
            parts.append(f'<div class="gin-lesson-groups gin-knocker">{"".join(groups)}</div>')
        else:
            parts.append(_h4(KNOCKER_SENTENCES[ended][1]) + cards_html(d.hand(k)))
        left = [c for c in d.hand(1 - k) if c not in stage.laid]
        if "defender" in codes:
            parts.append(_h4(M["lesson.knocking.board.defender-after"]))
            parts.append(arrangement_html(r.defender_arrangement))
        else:
            head = (
                M["lesson.knocking.board.defender-to-lay-off"]
                if ended == "knock"
                else M["lesson.knocking.board.defender"]
            )
            parts.append(_h4(head) + cards_html(left))
        if "total" in codes:
            parts.append(
                f'<p class="gin-stepper-score"><b>{html.escape(shown[-1].render())}</b></p>'
            )
        return "".join(parts)


# --------------------------------------------------------------------------- score this deal

_SCORE_KINDS = (("knock", 3), ("undercut", 3), ("gin", 2), ("with layoffs", 2))


def rules_html(rules: Rules) -> str:
    """The bonuses of a rule set and its doubling, one sentence each (big gin's bonus where
    the rules have big gin)."""
    sentences = [M["lesson.knocking.score.gin-bonus"].render({"bonus": rules.gin_bonus})]
    if rules.big_gin:
        sentences.append(
            M["lesson.knocking.score.big-gin-bonus"].render({"bonus": rules.big_gin_bonus})
        )
    sentences.append(
        M["lesson.knocking.score.undercut-bonus"].render({"bonus": rules.undercut_bonus})
    )
    if rules.spade_doubles:
        sentences.append(M["lesson.knocking.score.spades-double"].render())
    return " ".join(html.escape(s) for s in sentences)


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
    winner_field = Field("winner", M["lesson.knocking.score.who"], WINNER_CHOICES)

    def check(answers: Mapping[str, str]) -> Verdict:
        winner = winner_field.choice(answers["winner"])
        points = parse_int(answers["points"])
        engine = score_deal(rules, up, knocker_cards, defender_cards)
        right = winner == engine.winner and points == engine.points
        lead = ""
        if not right and engine.winner is not None:
            m = WINNER_SCORES if winner != engine.winner else RIGHT_WINNER
            lead = (
                f"<p><b>{html.escape(m[engine.winner].render({'points': engine.points}))}</b></p>"
            )
        return Verdict(right, lead + steps_html(engine.steps))

    arr = result.knocker_arrangement
    ended = result.kind if result.kind in ("gin", "big-gin") else "knock"
    shows = KNOCKER_SENTENCES[ended][2].render(
        {"deadwood": result.knocker_deadwood} if ended == "knock" else {}
    )
    holds = (
        M["lesson.knocking.score.defender-holds-layoff"]
        if ended == "knock"
        else M["lesson.knocking.score.defender-holds"]
    )
    rule_set = html.escape(M["lesson.knocking.rule-set"].render({"name": rules_name(preset)}))
    prompt = (
        f'<p class="gin-q-rules" data-rules="{html.escape(preset)}"><b>{rule_set}</b> '
        f"{rules_html(rules)}</p>"
        + group_html(M["lesson.knocking.up-card"].render(), [up], css="gin-plain gin-q-up")
        + paragraph(shows)
        + f'<div class="gin-q-knocker">{arrangement_html(arr, size="small")}</div>'
        + paragraph(holds.render())
        + cards_html(defender_cards, size="small", css="gin-q-defender")
        + f"<p><b>{html.escape(M['lesson.knocking.score.ask'].render())}</b></p>"
    )
    return Question(
        prompt,
        (
            winner_field,
            Field(
                "points",
                M["lesson.knocking.score.points"],
                placeholder=M["lesson.knocking.score.points-placeholder"],
            ),
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

MAX_HINT_TRIES = 4
"""Positions tried per question for the wanted answer (each is searched by the hint)."""
CLOSE_CALL = 2.0
"""Points: when the two estimates differ by less, both answers count as right."""
HINT_TIME_CAP_MS = 60_000.0
"""The hint's time cap: high, so that the fixed number of playouts decides (and the
exercise stays the same for a seed on any machine)."""


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
        best = view.best_discard if view.phase is Phase.DISCARD else None
        if best is not None and best.ends == "knock":
            if rng.random() < 0.6:
                return view
            deal.apply(Discard(best.card))
            continue
        deal.apply(bots[p].choose(view))
    return None


def advice_position(
    rng: random.Random, rules: Rules, playouts: int = DEFAULT_PLAYOUTS
) -> tuple[PlayerView, Hint]:
    """A position where the player may knock, and the hint for it. The wanted answer
    (knock or wait) is drawn at random and looked for among a few positions, so both
    answers come up. The search is kept: the same ``rng`` state finds the same position
    (a lesson drawn again in another language asks the same question at once)."""
    key = (rng.getstate(), rules, playouts)
    if key in _ADVICE:
        view, h, after = _ADVICE[key]
        rng.setstate(after)
        return view, h
    found = _advice_position(rng, rules, playouts)
    _ADVICE[key] = (*found, rng.getstate())
    while len(_ADVICE) > 8:
        del _ADVICE[next(iter(_ADVICE))]
    return found


_ADVICE: dict[tuple[Any, ...], tuple[PlayerView, Hint, Any]] = {}


def _advice_position(rng: random.Random, rules: Rules, playouts: int) -> tuple[PlayerView, Hint]:
    want_knock = rng.random() < 0.5
    found: tuple[PlayerView, Hint] | None = None
    tries = 0
    for _ in range(40):
        view = knock_position(rng, rules)
        if view is None:
            continue
        h = hint(
            view,
            rng=random.Random(rng.randrange(1 << 30)),
            budget_ms=HINT_TIME_CAP_MS,
            playouts=playouts,
        )
        if h.knock is None:  # pragma: no cover - the hint always weighs a legal knock
            continue
        found = (view, h)
        tries += 1
        if h.knock.knock == want_knock or tries >= MAX_HINT_TRIES:
            break
    if found is None:  # pragma: no cover - 40 deals without a knock chance
        raise RuntimeError("no position found")
    return found


def position_html(view: PlayerView, advice: KnockAdvice) -> str:
    """What the learner sees of a knock-or-wait position."""
    kept = [c for c in view.hand if c != advice.card]
    arr = best_arrangement(kept)
    mine = sum(
        1
        for e in view.events
        if isinstance(e, DrewFromStock | DrewFromDiscard | UpCardTaken) and e.player == view.player
    )
    badges = (
        _badges(view.knock_limit, view.doubled)
        + '<span class="gin-badge">'
        + html.escape(M["lesson.knocking.wait.drawn"].render({"count": mine}))
        + "</span>"
        + f'<span class="gin-badge">'
        f"{html.escape(M['lesson.knocking.wait.stock'].render({'count': view.stock_count}))}</span>"
    )
    known = ""
    if view.opponent_known:
        held = M["lesson.knocking.wait.opponent-holds"].render(
            {"cards": [c.code for c in view.opponent_known]}
        )
        known = paragraph(held)
    ask = M["lesson.knocking.wait.ask"].render(
        {"deadwood": arr.deadwood_points, "card": advice.card.code}
    )
    return (
        "<p>"
        + html.escape(M["lesson.knocking.rule-set"].render({"name": rules_name(view.rules.name)}))
        + f" {badges}</p>"
        + group_html(M["lesson.knocking.up-card"].render(), [view.up_card], css="gin-plain")
        + paragraph(M["lesson.knocking.wait.pile"].render())
        + cards_html(view.discard_pile[-8:], size="small")
        + known
        + paragraph(M["lesson.knocking.wait.would-leave"].render({"card": advice.card.code}))
        + arrangement_html(arr, size="small")
        + f"<p><b>{html.escape(ask)}</b></p>"
    )


def make_wait_question(
    playouts: int = DEFAULT_PLAYOUTS, rules: str | Callable[[], str] = "classic"
) -> Callable[[random.Random], Question]:
    """The question maker for "knock now or wait?" (the hint's playouts are fixed), under
    the rule set ``rules`` (a preset's name, or a function giving the lesson's current
    choice): the exercise never switches to another rule set unasked."""

    def wait_question(rng: random.Random) -> Question:
        name = rules() if callable(rules) else rules
        preset = Rules.preset(name if name in Rules.PRESETS else "classic")
        view, h = advice_position(rng, preset, playouts)
        advice = h.knock
        assert advice is not None
        answer = "knock now" if advice.knock else "wait"
        close = (
            advice.wait_points is not None
            and abs(advice.knock_points - advice.wait_points) < CLOSE_CALL
        )
        choice_field = Field("choice", choices=WAIT_CHOICES)

        def check(answers: Mapping[str, str]) -> Verdict:
            given = choice_field.choice(answers["choice"])
            right = given == answer or close
            if close:
                lead = paragraph(M["lesson.knocking.wait.close"].render())
            elif not right:
                lead = f"<p><b>{html.escape(BETTER[answer].render())}</b></p>"
            else:
                lead = ""
            why = paragraph(M["lesson.knocking.wait.hint-says"].render()) + steps_html(h.steps)
            return Verdict(right, lead + why)

        return Question(
            position_html(view, advice),
            (choice_field,),
            check,
            {"view": view, "advice": advice, "hint": h, "answer": answer, "close": close},
        )

    return wait_question


# --------------------------------------------------------------------------- lesson


class KnockingLesson(Lesson):
    """Knocking, layoffs and undercuts: stepper plus exercises."""

    notebook = "03_knocking_layoffs_undercuts.ipynb"

    def __init__(
        self,
        seed: int | None = None,
        hint_playouts: int = DEFAULT_PLAYOUTS,
        *,
        rules: str = "classic",
        projector: bool = False,
    ) -> None:
        super().__init__(seed)
        self.stepper = KnockStepper(
            self.seed, rules=self.page.rules or rules, projector=projector or self.page.projector
        )
        practice = Practice(self.seed)
        self.score_exercise = practice.add(
            "score-deal",
            M["lesson.knocking.score.title"],
            M["lesson.knocking.score.intro"],
            score_question,
        )
        self.wait_exercise = practice.add(
            "knock-or-wait",
            M["lesson.knocking.wait.title"],
            M["lesson.knocking.wait.intro"],
            make_wait_question(hint_playouts, lambda: str(self.stepper.rules_choice.value)),
        )
        self.assemble(
            titled_section(
                M["lesson.knocking.stepper.heading"],
                M["lesson.knocking.stepper.intro"],
                self.stepper.widget,
            ),
            practice.section(),
        )


def knocking_lesson(
    seed: int | None = None,
    hint_playouts: int = DEFAULT_PLAYOUTS,
    *,
    rules: str = "classic",
    projector: bool = False,
) -> KnockingLesson:
    """The Knocking-layoffs-undercuts lesson (displays as its widget). ``hint_playouts`` is
    the number of imagined deals the hint plays for "knock now or wait?"; ``rules`` the
    stepper's rule set; ``projector`` shows the stepper with large cards and steps it with a
    clicker's keys (Page Down, Page Up, the arrow keys)."""
    return KnockingLesson(seed, hint_playouts, rules=rules, projector=projector)


__all__ = [
    "DEAL_KINDS",
    "KnockStepper",
    "KnockingLesson",
    "advice_position",
    "knock_deal",
    "knock_position",
    "knocking_lesson",
    "make_wait_question",
    "rules_html",
    "score_question",
]
