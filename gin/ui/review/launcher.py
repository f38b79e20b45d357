"""Offering the review at the table: :class:`ReviewLauncher`.

Once a deal is over, "Review this deal" (``button.gin-action-review``) opens its review,
and one button per earlier deal of the game (``gin-action-review-deal``, beside the score
pad) opens theirs. The review is worked out one decision at a time, each step scheduled on
the kernel's event loop (:meth:`asyncio.loop.call_soon`), so the table answers clicks
between steps and a progress bar (``gin-review-progress``) moves; it starts as soon as the
deal is over, while the learner reads the score, goes on with any finished deal not yet
reviewed (so the game summary counts the whole game), and is kept for the rest of the
game.
Without a running loop (a script, a test) the review is worked out when asked for.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from gin.bots.review import (
    REVIEW_WORLDS,
    DealReview,
    DealReviewer,
    Decision,
    finished_deals,
    summarize,
    true_cards_at,
)
from gin.errors import IllegalActionError
from gin.i18n import M, Text
from gin.match import Game
from gin.ui.lessons.guard import guarded
from gin.ui.parts import (
    classed_html,
    close_tree,
    fixed_box,
    fixed_layout,
    insert_child,
    set_display,
    shared_style,
)
from gin.ui.review.panel import ReviewPanel

_CSS = (Path(__file__).parent / "review.css").read_text(encoding="utf-8")

Scheduler = Callable[[Callable[[], None]], Any]
"""Runs a callback soon (tests pass one; ``None`` uses the running asyncio loop)."""


class ReviewLauncher(w.VBox):  # type: ignore[misc]
    """The review buttons, the progress bar and the open review (class
    ``gin-review-launcher``), for the player ``player`` of the game ``game()``."""

    def __init__(
        self,
        game: Callable[[], Game],
        player: int = 0,
        teacher: Callable[[], bool] = lambda: False,
        worlds: int = REVIEW_WORLDS,
        scheduler: Scheduler | None = None,
        table_slips: Callable[[], Sequence[tuple[int, Sequence[Text]]]] = lambda: (),
        opponent: Callable[[], str | None] = lambda: None,
    ) -> None:
        self.game = game
        self.player = player
        self.teacher = teacher
        self.worlds = worlds
        self.scheduler = scheduler
        self.table_slips = table_slips
        """The slips the table noted by deal, for the game summary (issue 29)."""
        self.opponent = opponent
        """The opponent the player faces (a bot's name): the review imagines it (issue 39)."""
        self._parts: tuple[w.Button, w.HBox, w.HTML, w.VBox] | None = None
        self._progress: tuple[w.HTML, w.IntProgress, w.VBox] | None = None
        self.panel: ReviewPanel | None = None
        self.reviews: dict[int, DealReview] = {}
        """The reviews worked out so far, by deal number (1 for the first deal)."""
        self._game: Game | None = None
        self._job: DealReviewer | None = None
        self._job_number = 0
        self._wanted = 0
        self._token = 0
        self._closed = False
        self._earlier_numbers: tuple[int, ...] = ()
        super().__init__([], layout=fixed_layout())
        self.add_class("gin-review-launcher")
        self.update(False)

    # ------------------------------------------------------------------ its widgets

    def _made(self) -> tuple[w.Button, w.HBox, w.HTML, w.VBox]:
        """The review's style, its button (hidden), the earlier deals' row, the error line
        and the panel's box, made when first needed (issue 41: the table's first message
        holds none of them: no deal is over yet)."""
        if self._parts is None:
            style = w.HTML(f"<style>{_CSS}</style>", layout=fixed_layout())
            style.add_class("gin-style")
            button = w.Button(layout=fixed_layout(display="none"))
            button.add_class("gin-button")
            button.add_class("gin-action-review")
            button.description = button.tooltip = M["review.button"].render()
            button.on_click(guarded(self.show_error)(lambda _b: self.open_review(self._current())))
            earlier = fixed_box(w.HBox, [], "gin-review-earlier")
            error = classed_html("gin-review-error", fixed=True)
            panel_box = fixed_box(w.VBox, [])
            self._parts = button, earlier, error, panel_box
            self.children = (style, button, earlier, error, panel_box)
        return self._parts

    @property
    def button(self) -> w.Button:
        """ "Review this deal" (``gin-action-review``), shown once the deal's end is."""
        return self._made()[0]

    @property
    def earlier(self) -> w.HBox:
        """One button per earlier finished deal (``gin-review-earlier``)."""
        return self._made()[1]

    @property
    def error(self) -> w.HTML:
        """The line where an error is said (``gin-review-error``)."""
        return self._made()[2]

    @property
    def panel_box(self) -> w.VBox:
        """The open review's place."""
        return self._made()[3]

    # ------------------------------------------------------------------ progress

    def _progress_parts(self) -> tuple[w.HTML, w.IntProgress, w.VBox]:
        """The progress text, bar and their box (hidden), built when first needed and put
        above the error line (issue 23: a page where no review is waited for receives
        none of them)."""
        if self._progress is None:
            bar = w.IntProgress(value=0, min=0, max=1)
            bar.add_class("gin-review-progress")
            text = classed_html("gin-review-progress-text")
            box = w.VBox([text, bar], layout=fixed_layout(display="none"))
            self._progress = (text, bar, box)
            insert_child(self, box, before=self.error)
        return self._progress

    @property
    def progress(self) -> w.IntProgress:
        """The progress bar of the review being worked out (``gin-review-progress``)."""
        return self._progress_parts()[1]

    @property
    def progress_text(self) -> w.HTML:
        """The sentence over the progress bar."""
        return self._progress_parts()[0]

    @property
    def progress_box(self) -> w.VBox:
        """The progress text and bar, shown only while the learner waits for a review."""
        return self._progress_parts()[2]

    def _hide_progress(self) -> None:
        if self._progress is not None:
            set_display(self._progress[2], "none")

    # ------------------------------------------------------------------ state

    def _finished(self) -> list[int]:
        """The numbers of the game's finished deals."""
        return [i + 1 for i in finished_deals(self.game())]

    def _current(self) -> int:
        """The number of the deal on the table if it is over, else 0."""
        g = self.game()
        return len(g.deals) if g.deal.is_over else 0

    def update(self, offered: bool) -> None:
        """Follow the table: a new game forgets the old reviews; a finished deal starts
        its review in the background; ``offered`` (the end of the deal has been shown)
        shows "Review this deal"."""
        g = self.game()
        if g is not self._game:
            self._game = g
            self._reset()
        elif any(n > len(g.deals) or not g.deals[n - 1].is_over for n in self.reviews):
            self._reset()  # an earlier deal was taken back (undo past "next deal")
        current = self._current()
        if current or self._parts is not None:
            set_display(self.button, "flex" if current and offered else "none")
        if current and current not in self.reviews and self._job is None and self._loop_ready():
            self._start(current)
        earlier = tuple(n for n in self._finished() if n != current)
        if earlier != self._earlier_numbers and (earlier or self._parts is not None):
            self._earlier_numbers = earlier
            self._set_earlier(tuple(self._earlier_button(n) for n in earlier))

    def _reset(self) -> None:
        self._token += 1
        self.reviews = {}
        self._job = None
        self._job_number = 0
        self._wanted = 0
        self._earlier_numbers = ()
        if self._parts is not None:
            self._set_earlier(())
        self._hide_progress()
        self._close_panel()

    def _set_earlier(self, buttons: tuple[w.Button, ...]) -> None:
        """Show ``buttons`` for the earlier deals, closing those they replace (issue 41:
        a game of many deals kept every deal's old buttons open in the kernel)."""
        old = self.earlier.children
        self.earlier.children = buttons
        for b in old:
            close_tree(b)

    def _earlier_button(self, number: int) -> w.Button:
        b = w.Button(layout=fixed_layout(), style=shared_style("button"))
        b.add_class("gin-button")
        b.add_class("gin-action-review-deal")
        b.add_class(f"gin-review-deal-{number}")
        b.description = M["review.button-deal-short"].render({"number": number})
        b.tooltip = M["review.button-deal"].render({"number": number})
        b.on_click(guarded(self.show_error)(lambda _b: self.open_review(number)))
        return b

    # ------------------------------------------------------------------ working

    def _loop_ready(self) -> bool:
        if self.scheduler is not None:
            return True
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    def _start(self, number: int) -> None:
        g = self.game()
        self._job = DealReviewer(g.deals[number - 1], self.player, self.worlds, self.opponent())
        self._job_number = number
        self._token += 1
        self._show_progress()
        if self._loop_ready():
            self._later(self._token)
        else:
            self._finish_job()

    def _later(self, token: int) -> None:
        def tick() -> None:
            guarded(self.show_error)(self._tick)(token)

        if self.scheduler is not None:
            self.scheduler(tick)
        else:
            asyncio.get_running_loop().call_soon(tick)

    def _tick(self, token: int) -> None:
        if self._closed or token != self._token or self._job is None:
            return
        if self._job.step():
            self._finish_job()
        else:
            self._show_progress()
            self._later(token)

    def _finish_job(self) -> None:
        job, number = self._job, self._job_number
        assert job is not None
        self.reviews[number] = job.result
        self._job = None
        self._job_number = 0
        self._hide_progress()
        if self._wanted == number:
            self._show(number)
        elif self._wanted and self._wanted not in self.reviews:
            self._start(self._wanted)
        elif self._loop_ready():  # go on with the game's other finished deals, newest first
            rest = [n for n in reversed(self._finished()) if n not in self.reviews]
            if rest:
                self._start(rest[0])

    def _show_progress(self) -> None:
        job = self._job
        # the bar shows only while the learner waits for a review
        waiting = bool(self._wanted) and self._wanted not in self.reviews
        if job is None or not (waiting or self._progress is not None):
            return
        self.progress.max = max(1, job.total)
        self.progress.value = len(job.done)
        text = M["review.working"].render({"done": len(job.done), "count": job.total})
        self.progress_text.value = f'<span role="status">{escape(text)}</span>'
        set_display(self.progress_box, "flex" if waiting else "none")

    # ------------------------------------------------------------------ showing

    def open_review(self, number: int) -> None:
        """Open the review of deal ``number`` (worked out first if need be).

        Raises :class:`~gin.errors.IllegalActionError` (code ``review-no-deal``) for a
        deal that is not a finished deal of the game.
        """
        g = self.game()
        if not (1 <= number <= len(g.deals)) or not g.deals[number - 1].is_over:
            raise IllegalActionError(M["error.review-no-deal"](number=number))
        self.error.value = ""
        self._wanted = number
        if number in self.reviews:
            self._show(number)
        elif self._job is None:
            self._start(number)
        else:  # the deal being worked out now finishes first, then this one starts
            self._show_progress()

    def _show(self, number: int) -> None:
        self._close_panel()
        g = self.game()
        deal = g.deals[number - 1]
        true_cards = None
        if self.teacher():

            def true_cards(d: Decision) -> tuple[tuple[str, ...], tuple[str, ...]]:
                return true_cards_at(deal, d.index, self.player)

        self.panel = ReviewPanel(
            self.reviews[number],
            number,
            summarize([self.reviews[n] for n in sorted(self.reviews)]),
            g.rules.name,
            self.close_review,
            true_cards,
            self.table_slips(),
        )
        self.panel_box.children = (self.panel,)

    def close_review(self) -> None:
        """Close the open review."""
        self._wanted = 0
        self._close_panel()

    def _close_panel(self) -> None:
        if self.panel is not None:
            close_tree(self.panel)
        self.panel = None
        if self._parts is not None:
            self.panel_box.children = ()

    def show_error(self, sentence: str) -> None:
        """Show an error sentence under the buttons."""
        self.error.value = f'<div class="gin-coach-error" role="alert">{escape(sentence)}</div>'

    def relabel(self) -> None:
        """Draw the buttons and the open review again in the current language."""
        if self._parts is None:
            return
        self.button.description = self.button.tooltip = M["review.button"].render()
        for n, b in zip(self._earlier_numbers, self.earlier.children, strict=False):
            b.description = M["review.button-deal-short"].render({"number": n})
            b.tooltip = M["review.button-deal"].render({"number": n})
        self._show_progress()
        if self.panel is not None:
            self.panel.relabel()

    def close(self) -> None:
        """Close the widgets; review steps still scheduled do nothing."""
        self._closed = True
        self._token += 1
        super().close()


__all__ = ["ReviewLauncher", "Scheduler"]
