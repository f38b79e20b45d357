"""The course: its levels, one concept each, with progress kept in the browser.

Each level shows a few sentences and a picture, asks the learner to predict something
before the engine shows it, and then gives exercises from seeded deals with a two-step
hint. Three right answers in a row (first tries, without the worked answer) master a
level; nothing is ever locked.

Stable CSS classes for browser tests: ``gin-level-button`` (one per level, with
``gin-state-<state>``), ``gin-continue-button``, ``gin-level-panel``, ``gin-predict``
(``gin-predict-see``, ``gin-predict-reveal``), ``gin-mastery``, ``gin-results-csv``.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from gin import Rules
from gin.errors import echo
from gin.i18n import M
from gin.ui.classroom import record as class_record
from gin.ui.classroom.link import class_parts
from gin.ui.lessons.base import (
    Lesson,
    address_query,
    button,
    html_widget,
    resolve_seed,
    rules_toggle,
)
from gin.ui.lessons.exercise import Exercise, Verdict
from gin.ui.lessons.guard import AnswerError, guarded
from gin.ui.lessons.level import Level, Predict, fill, rule_facts
from gin.ui.lessons.levelmap import (
    COURSE_NOTEBOOK,
    STATE_NAMES,
    TABLE_READY,
    level_title,
    results_link_html,
    table_suggestion_html,
)
from gin.ui.lessons.levels import LEVELS, MASTERY_STREAK, level_index
from gin.ui.lessons.pictures import cards_html
from gin.ui.lessons.progress import Progress
from gin.ui.page.urlparams import PageParamError, read_query


class PredictMoment:
    """ "Predict, then see": the learner picks an answer, then the engine shows its own."""

    def __init__(self, predict: Predict, rules: Rules) -> None:
        self.predict = predict
        self.rules = rules
        self.choice = W.ToggleButtons(
            options=[(c.label.render(), c.value) for c in predict.choices], value=None
        )
        self.choice.style.button_width = "auto"
        self.choice.add_class("gin-predict-choice")
        self.see_button = button(M["lesson.course.predict.see"].render(), "gin-predict-see")
        self.reveal = html_widget("", "gin-predict-reveal")
        cards = predict.cards(rules)
        question = (
            f"<p><b>{html.escape(M['lesson.course.predict.heading'].render())}</b> "
            f"{html.escape(predict.question.render())}</p>"
            + (
                predict.picture(rules)
                if predict.picture is not None
                else cards_html(cards, size="small")
                if cards
                else ""
            )
        )
        self.see_button.layout.flex = "0 0 auto"  # its whole label, never cut to "See wh…"
        row = W.HBox([self.choice, self.see_button])
        row.layout.flex_flow = "row wrap"
        row.add_class("gin-predict-row")
        self.widget = W.VBox([html_widget(question), row, self.reveal])
        self.widget.add_class("gin-predict")
        self.see_button.on_click(guarded(self._show)(lambda _b: self.see()))
        self.right: bool | None = None

    def _show(self, text: str) -> None:
        self.reveal.value = f'<div role="status">{html.escape(text)}</div>'

    def see(self, value: str | None = None) -> bool:
        """Show the engine's answer; ``value`` is the learner's prediction (the chosen one
        when ``None``). Returns whether the prediction was right."""
        if value is not None:
            self.choice.value = value
        if self.choice.value is None:
            raise AnswerError(M["lesson.course.predict.choose-first"]())
        answer, why = self.predict.answer(self.rules)
        self.right = self.choice.value == answer
        head = M["lesson.course.predict.right" if self.right else "lesson.course.predict.wrong"]
        self.reveal.value = (
            f'<div role="status" class="gin-predict-{"right" if self.right else "wrong"}">'
            f"<b>{html.escape(head.render())}</b> {html.escape(why.render())}</div>"
        )
        return self.right


class LevelPanel:
    """One level: text, picture, prediction, exercise and mastery."""

    def __init__(
        self, level: Level, rules: Rules, seed: int, progress: Progress, *, number: int
    ) -> None:
        self.level = level
        self.rules = rules
        self.progress = progress
        self.number = number
        facts = rule_facts(rules)
        self.predict = PredictMoment(level.predict, rules)
        self.exercise = Exercise(
            name=f"level-{level.key}",
            title=M["lesson.course.exercise-title"],
            intro=M["lesson.course.exercise-intro"],
            make=lambda rng: level.make(rules, rng),
            seed=seed,
        )
        self.exercise.streak = progress.level_record(rules.name, level.key)["streak"]
        self.exercise.on_result(self._recorded)
        self.exercise.hint_button.on_click(lambda _b: self._hint_shown())
        self.mastery = html_widget("", "gin-mastery")
        self.next_level = next_level_button(number)
        self._was_mastered = False
        head = html_widget(
            f"<h3>{html.escape(level_title(number))}</h3>"
            f"<p>{html.escape(fill(level.text, facts))}</p>"
            f'<div class="gin-level-picture">{level.picture(rules)}</div>',
            "gin-level-intro",
        )
        self.widget = W.VBox(
            [head, self.predict.widget, self.exercise.widget, self.mastery, self.next_level]
        )
        self.widget.add_class("gin-level-panel")
        self.widget.add_class(f"gin-level-panel-{level.key}")
        self.update_mastery()

    @property
    def state(self) -> str:
        """The level's state under the rule set in play."""
        return self.progress.state(self.rules.name, self.level.key)

    def _recorded(self, verdict: Verdict, first_try: bool) -> None:
        # the class's record first: committed before the page is told anything
        class_record.answered(
            self.rules.name,
            self.level.key,
            right=verdict.right,
            slip=verdict.slip,
            question=self.exercise.question_key,
            first_try=first_try,
        )
        self.progress.record(
            self.rules.name,
            self.level.key,
            right=verdict.right,
            first_try=first_try,
            streak=self.exercise.streak,
        )
        self.update_mastery()

    def _hint_shown(self) -> None:
        if self.exercise.hints_shown == 2:
            key = self.exercise.question_key
            class_record.hint_used(self.rules.name, self.level.key, question=key)
            self.progress.hint_used(self.rules.name, self.level.key)

    def update_mastery(self) -> None:
        """Show the level's state and what masters it (the run of right answers comes from
        the stored records until this page has answered a question)."""
        if self.exercise.answered_count == 0:
            self.exercise.streak = self.progress.level_record(self.rules.name, self.level.key)[
                "streak"
            ]
        if self.state == "mastered":
            text = M["lesson.course.mastered"].render({"streak": MASTERY_STREAK})
        else:
            text = M["lesson.course.to-master"].render(
                {"streak": self.exercise.streak, "needed": MASTERY_STREAK}
            )
        mastered = self.state == "mastered"
        end = self.number >= len(LEVELS) or self.level.key in TABLE_READY
        table = table_suggestion_html(self.progress, self.rules.name) if mastered and end else ""
        self.mastery.value = (
            f'<p class="gin-mastery-{self.state}" data-state="{self.state}">{html.escape(text)}</p>'
            + table  # the course's end: on to the table with less help
        )
        self.next_level.layout.display = "" if mastered else "none"
        if mastered and not self._was_mastered and self.exercise.answered_count:
            self.next_level.focus()  # mastered just now: Enter goes on to the next level
        self._was_mastered = mastered


def next_level_button(number: int) -> Any:
    """The button (class ``gin-action-next-level``) that opens the level after the level
    at position ``number - 1``, shown once that level is mastered; after the last level it
    is never shown."""
    if number >= len(LEVELS):
        b = button("", "gin-action-next-level")
        b.layout.display = "none"
        b.disabled = True
        return b
    label = M["newcomer.next-level"].render({"title": level_title(number + 1)})
    b = button(label, "gin-action-next-level", icon="forward", style="success")
    b.layout.display = "none"
    b.tooltip = label
    return b


class CourseLesson(Lesson):
    """The course's levels with a map, "continue where you left off" and the results."""

    notebook = COURSE_NOTEBOOK

    def __init__(
        self,
        seed: int | None = None,
        *,
        rules: str = "classic",
        level: str | None = None,
        teacher: bool = False,
        from_address: bool = False,
    ) -> None:
        super().__init__(seed)
        if from_address:  # the page's ?rules= and ?level=; a bad one: its sentence only
            rules, level, problem = course_address()
            self.page_problem = self.page_problem or problem
        if rules not in Rules.PRESETS:
            raise AnswerError(M["lesson.course.unknown-rules"](name=echo(rules, 40)))
        self.teacher = teacher
        self._wait_for_page = False
        self.progress = Progress()
        self.rules_choice = rules_toggle(rules, "gin-course-rules")
        self.message = html_widget("", "gin-message")
        self.buttons: dict[str, Any] = {}
        for i, lv in enumerate(LEVELS, 1):
            b = button(level_title(i), "gin-level-button")
            b._dom_classes = (*b._dom_classes, f"gin-level-button-{lv.key}")
            b.on_click(guarded(self._show_message)(lambda _b, key=lv.key: self.go_to_level(key)))
            self.buttons[lv.key] = b
        self.continue_button = button(
            M["lesson.course.continue-button"].render(), "gin-continue-button", style="success"
        )
        self.continue_button.on_click(
            guarded(self._show_message)(lambda _b: self.go_to_level(self._continue_key()))
        )
        self.results = html_widget("", "gin-results")
        self.seed_box = W.BoundedIntText(
            value=self.seed,
            min=0,
            max=10**9,
            description=M["lesson.seed"].render(),
            tooltip=M["lesson.seed"].render(),
        )
        self.seed_box.layout.width = "12em"
        self.seed_box.add_class("gin-seed")
        self.seed_button = button(M["lesson.course.use-seed"].render(), "gin-use-seed")
        self.seed_button.on_click(
            guarded(self._show_message)(lambda _b: self.use_seed(int(self.seed_box.value)))
        )
        self.panel_box = W.VBox([])
        self.panels: dict[tuple[str, str], LevelPanel] = {}
        self.current: LevelPanel | None = None
        self.progress.on_change(self._refresh)
        self.rules_choice.observe(
            lambda _c: guarded(self._show_message)(self._rules_changed)(), "value"
        )
        grid = W.Box(list(self.buttons.values()))
        grid.layout.flex_flow = "row wrap"
        grid.add_class("gin-level-buttons")
        self.assemble(
            self.progress,
            *class_parts(),
            W.HBox([self.rules_choice, self.continue_button, self.seed_box, self.seed_button]),
            grid,
            self.results,
            self.message,
            self.panel_box,
        )
        self._wait_for_page = level is None  # then continue where the learner left off
        self.open(level if level is not None else LEVELS[0].key, remember=level is not None)
        if teacher:  # large cards and text for a projector
            self.widget.add_class("gin-projector")

    @property
    def rules(self) -> Rules:
        """The rule set in play."""
        return Rules.preset(self.rules_choice.value)

    def _show_message(self, text: str) -> None:
        self.message.value = f'<div role="status">{html.escape(text)}</div>'

    def open(self, key: str, *, remember: bool = True) -> LevelPanel:
        """Show the level ``key`` (every level is open, whatever the progress);
        ``remember`` it as the level to continue with."""
        try:
            number = level_index(key) + 1
        except KeyError:
            raise AnswerError(M["lesson.course.unknown-level"](name=echo(key, 40))) from None
        rules = self.rules
        panel = self.panels.get((rules.name, key))
        if panel is None:
            panel = LevelPanel(LEVELS[number - 1], rules, self.seed, self.progress, number=number)
            if number < len(LEVELS):
                after = LEVELS[number].key
                panel.next_level.on_click(
                    guarded(self._show_message)(lambda _b, k=after: self.go_to_level(k))
                )
            self.panels[(rules.name, key)] = panel
        self.current = panel
        self.panel_box.children = (panel.widget,)
        self.message.value = ""
        if remember:
            self._wait_for_page = False
            self.progress.opened(rules.name, key)
        self._refresh()
        return panel

    def go_to_level(self, key: str) -> LevelPanel:
        """Open the level ``key`` as a click does, and scroll the page to it (the level
        opens below the map, often out of sight)."""
        panel = self.open(key)
        self.progress.scroll_to(f".gin-level-panel-{key}")
        return panel

    def _continue_key(self) -> str:
        return self.progress.continue_level(self.rules.name)

    def use_seed(self, seed: int) -> LevelPanel:
        """Deal every level's exercises from ``seed`` (a class sharing it sees the same
        exercises); the level on show starts again from its first exercise."""
        self.seed = resolve_seed(seed)
        self.seed_box.value = self.seed
        self.panels.clear()
        key = self.current.level.key if self.current is not None else LEVELS[0].key
        return self.open(key)

    def resume(self) -> LevelPanel:
        """Open the level to continue with: the last one opened, or the first not mastered."""
        return self.open(self.progress.continue_level(self.rules.name))

    def _rules_changed(self) -> None:
        key = self.current.level.key if self.current is not None else LEVELS[0].key
        self.open(key)

    def _refresh(self) -> None:
        if self._wait_for_page and self.progress.loaded:
            self._wait_for_page = False
            self.resume()
            return
        rules = self.rules_choice.value
        for key, b in self.buttons.items():
            state = self.progress.state(rules, key)
            for s in STATE_NAMES:
                b.remove_class(f"gin-state-{s}")
            b.add_class(f"gin-state-{state}")
            current = self.current is not None and self.current.level.key == key
            b.button_style = "info" if current else ""
            b.tooltip = STATE_NAMES[state].render()
        self.results.value = results_link_html(self.progress, rules)
        if self.current is not None:
            self.current.update_mastery()


def course_lesson(
    seed: int | None = None,
    *,
    rules: str | None = None,
    level: str | None = None,
    teacher: bool = False,
) -> CourseLesson:
    """The course of levels (displays as its widget). ``seed`` names the exercises (a class
    sharing a seed sees the same ones), ``rules`` the rule set, ``level`` the level to open
    (else the page opens where the learner left off); ``teacher`` shows it large, for a
    projector.

    ``rules`` and ``level`` not given are read from the page's address (``?level=sets&
    rules=spades-double``, the links of the Start-here map; names in any case); a bad or
    repeated value there is refused with a sentence in the page's problem area, and no
    level is shown (:func:`course_address`).
    """
    if rules is not None or level is not None:
        return CourseLesson(seed, rules=rules or "classic", level=level, teacher=teacher)
    return CourseLesson(seed, teacher=teacher, from_address=True)


def course_address() -> tuple[str, str | None, str]:
    """The rule set and the level the page's address names (``?rules=``, ``?level=``),
    and the sentence refusing a bad, unknown or repeated one ("" when all is well): then
    the rule set is ``classic`` and no level is named, and the lesson shows only the
    sentence, as for any bad setting in a lesson's address (issue 33: the course showed
    the sentence and a default level under it)."""
    try:
        query = read_query(address_query(), ("rules", "level"))
    except PageParamError as e:
        return "classic", None, _cannot_open(e.text.key, dict(e.data))
    rules = query.get("rules", "classic")
    level = query.get("level")
    if rules not in Rules.PRESETS:
        return (
            "classic",
            None,
            _cannot_open("lesson.course.unknown-rules", {"name": echo(rules, 40)}),
        )
    if level is not None and level not in {lv.key for lv in LEVELS}:
        return (
            "classic",
            None,
            _cannot_open("lesson.course.unknown-level", {"name": echo(level, 40)}),
        )
    return rules, level, ""


def _cannot_open(key: str, data: dict[str, Any]) -> str:
    """The page's sentence for a bad setting in its address (as every lesson says it)."""
    return M["lesson.page-problem"].render({"reason": {"key": key, "data": data}})


__all__ = ["CourseLesson", "LevelPanel", "PredictMoment", "course_lesson"]
