"""Following the teacher's demo on a learner's own page: the banner and the follower view.

On Start here and the play page, a learner who joined a class gets a small banner,
:class:`FollowBanner`, hidden until their class has a demo running. Its kernel polls the
class store's demo number (:meth:`~gin.ui.classroom.store.ClassStore.demo_version`, one
cheap read) every :data:`BANNER_POLL_S` seconds; nothing else is built until the learner
presses "Follow the demo". Then the :class:`FollowerView` is built and drawn from each new
state the store holds, polled every :data:`FOLLOW_POLL_S` seconds: the position as the
teacher's seat sees it (the opponent's cards only if the teacher opened the hands: the
state never holds any other), read-only; when the teacher asks the class, one button per
move; once revealed, the expert's verdict of the learner's own choice.

The learner's kernel reaches the demo only through the store, as the learner of their
class membership (:func:`gin.ui.classroom.record.member`): no membership, no demo; the
answer is sent as that learner, and the store refuses a second one, a closed question or
a move that was not asked (each said in one sentence). A follower is noted in the store, so
a page reloaded while following follows again at the current position. A demo ended, or
its class, ends on the page at the next poll.

Stable CSS classes: ``gin-demo-banner``, ``gin-action-demo-follow``, ``gin-demo-follower``,
``gin-demo-position``, ``gin-demo-question``, ``gin-demo-option`` (each move's button,
``data``: its place), ``gin-demo-answer-status``, ``gin-action-demo-stop``.
"""

from __future__ import annotations

import html
import logging
from typing import Any

import ipywidgets as W

from gin.errors import GinError
from gin.i18n import M
from gin.ui.classroom import record
from gin.ui.classroom.demo import DemoState, Frame
from gin.ui.demo.options import option_text
from gin.ui.demo.ticker import Ticker
from gin.ui.lessons.base import button, html_widget
from gin.ui.lessons.guard import guarded
from gin.ui.parts import close_tree, fixed_layout, set_display
from gin.ui.svg import hand_svg

BANNER_POLL_S = 1.0
"""How often a page not following looks for a demo of its class."""
FOLLOW_POLL_S = 0.25
"""How often a following page looks for the teacher's next move (well within the 1 s a
move may take to reach every follower)."""

_log = logging.getLogger("gin.ui.demo")

RESULT_KEYS = {
    "teacher": "demo.result.teacher",
    "opponent": "demo.result.opponent",
    "tie": "demo.result.tie",
    "void": "demo.result.void",
}
"""The sentence of each deal's end a frame names (:attr:`gin.ui.classroom.demo.Frame.result`)."""

FOLLOW_CSS = """
.gin-demo-banner { border: 2px solid #1f5fa8; border-radius: 8px; padding: 6px 12px;
  margin: 8px 0; background: #eef4fb; }
.gin-demo-position p { margin: 4px 0; }
.gin-demo-options .widget-button { margin: 2px 4px 2px 0; }
"""


def position_html(frame: Frame) -> str:
    """The demo's position as the follower sees it: the deal, whose move, the opponent's
    hand (face down, counted, unless the teacher opened it), the stock, the discard pile,
    the teacher's hand, and the deal's result at its end."""
    p = []

    def line(key: str, **data: Any) -> None:
        p.append(f"<p>{html.escape(M[key].render(data))}</p>")

    line("demo.deal", number=frame.deal)
    if frame.result is not None:
        who, points = frame.result
        line(RESULT_KEYS[who], count=points)
    elif frame.to_move is not None:
        line("demo.turn.teacher" if frame.to_move == 0 else "demo.turn.opponent")
    if frame.opponent is not None:
        label = M["demo.opponent-hand"].render()
        p.append(f"<p>{html.escape(label)}</p>{hand_svg(frame.opponent, overlap=0.35)}")
    else:
        line("demo.opponent-hidden", count=frame.opponent_count)
    line("demo.stock", count=frame.stock)
    if frame.discard:
        label = M["demo.discard-pile"].render()
        p.append(f"<p>{html.escape(label)}</p>{hand_svg(frame.discard[-6:], overlap=0.35)}")
    else:
        line("demo.discard-empty")
    label = M["demo.teacher-hand"].render()
    p.append(f"<p>{html.escape(label)}</p>{hand_svg(frame.hand)}")
    return "".join(p)


class FollowerView:
    """The demo on a follower's page (built when they press "Follow the demo")."""

    def __init__(self, on_stop: Any) -> None:
        self.state: DemoState | None = None
        self.answered: dict[str, str] = {}
        """The learner's answer to each question of this demo (as the store holds it)."""
        self.intro = html_widget(
            f"<p>{html.escape(M['demo.following'].render())}</p>", "gin-demo-following"
        )
        self.position = html_widget("", "gin-demo-position")
        self.question = html_widget("", "gin-demo-question")
        self.options = W.Box([])
        self.options.add_class("gin-demo-options")
        self.status = html_widget("", "gin-demo-answer-status")
        self.stop_button = button(M["demo.stop"].render(), "gin-action-demo-stop")
        self.stop_button.on_click(guarded(self._say)(lambda _b: on_stop()))
        self._option_buttons: list[Any] = []
        self._asked = ""
        self.widget = W.VBox(
            [self.intro, self.position, self.question, self.options, self.status, self.stop_button]
        )
        self.widget.add_class("gin-demo-follower")

    def _say(self, text: str) -> None:
        self.status.value = f'<p role="alert">{html.escape(text)}</p>'

    def show(self, state: DemoState) -> None:
        """Draw ``state``: the position, and the open question's moves (or its verdicts)."""
        self.state = state
        self.position.value = position_html(state.frame)
        q = state.question
        qid = state.question_id
        if q is None:
            self.question.value = ""
            self._set_options([])
            if self._asked:
                self.status.value = ""
            self._asked = ""
            return
        if qid != self._asked:  # a new question: its buttons, the learner's answer if any
            self._asked = qid
            self._look_up_answer(qid)
            self.status.value = ""
            self._set_options(list(q.options))
        mine = self.answered.get(qid)
        if q.revealed is None:
            ask_key = "demo.question-layout" if q.layout else "demo.question"
            self.question.value = (
                f'<p class="gin-demo-ask">{html.escape(M[ask_key].render())}</p>'
            )
            for b in self._option_buttons:
                b.disabled = mine is not None
            if mine is not None:
                said = M["demo.answered"].render(
                    {"option": option_text(mine, q, state.frame)}
                )
                self.status.value = f'<p role="status">{html.escape(said)}</p>'
            return
        self.question.value = ""
        self._set_options([])
        best = M["demo.best"].render({"option": option_text(q.best, q, state.frame)})
        verdicts = {r.option: r.verdict for r in q.revealed}
        if mine is None:
            yours = M["demo.not-answered"].render()
        else:
            yours = M["demo.revealed"].render(
                {
                    "option": option_text(mine, q, state.frame),
                    "verdict": f"review.verdict.{verdicts.get(mine, 'close')}",
                }
            )
        self.status.value = f'<p role="status">{html.escape(yours)} {html.escape(best)}</p>'

    def _look_up_answer(self, qid: str) -> None:
        learner, store = record.member(), record.store()
        if learner is None or store is None:
            return
        for a in store.demo_answers(learner.code, qid):
            if a.token == learner.token:
                self.answered[qid] = a.choice

    def _set_options(self, options: list[str]) -> None:
        state = self.state
        buttons = []
        for i, option in enumerate(options):
            assert state is not None and state.question is not None
            b = button(option_text(option, state.question, state.frame), "gin-demo-option")
            b.add_class(f"gin-demo-option-{i}")
            b.on_click(guarded(self._say)(lambda _b, o=option: self.answer(o)))
            buttons.append(b)
        for old in self._option_buttons:
            old.close()
        self._option_buttons = buttons
        self.options.children = tuple(buttons)

    def answer(self, option: str) -> None:
        """Send ``option`` as this learner's answer to the open question (refused by the
        store, in one sentence: a second answer, a closed question, a move not asked)."""
        state, learner, store = self.state, record.member(), record.store()
        if state is None or learner is None or store is None:
            raise GinError(M["error.demo-none"]())
        qid = state.question_id
        store.answer_demo(learner.code, learner.token, qid, option)
        self.answered[qid] = option
        self.show(state)

    def close(self) -> None:
        """Close the view's widgets."""
        for b in self._option_buttons:
            b.close()
        self.widget.close()


class FollowBanner:
    """The "Follow the demo" banner of a learner's page (see the module's text).

    Until a demo of the learner's class is seen, it is one hidden box (one widget model on
    the page's first view, its layout shared); its words and button are made then."""

    def __init__(self) -> None:
        self.widget = W.VBox([], layout=fixed_layout(display="none"))
        self.widget.add_class("gin-demo-banner")
        self.text: Any = None
        self.follow_button: Any = None
        self.problem: Any = None
        self.view: FollowerView | None = None
        self.state: DemoState | None = None
        self.version = 0
        self.following = ""
        """The demo followed (``""``: none)."""
        self._seen_demo = ""
        self.ticker = Ticker(BANNER_POLL_S, self._tick)
        self.ticker.start()

    def _parts(self) -> tuple[Any, Any, Any]:
        """The banner's words, its button and its problem line (made on first need)."""
        if self.text is None:
            self.text = html_widget(f"<p>{html.escape(M['demo.banner'].render())}</p>")
            self.follow_button = button(M["demo.follow"].render(), "gin-action-demo-follow")
            self.follow_button.on_click(guarded(self._say)(lambda _b: self.follow()))
            self.problem = html_widget("", "gin-demo-problem")
            style = html_widget(f"<style>{FOLLOW_CSS}</style>")
            self.widget.children = (style, self.text, self.follow_button, self.problem)
        return self.text, self.follow_button, self.problem

    def _offer(self) -> None:
        """Show the banner offering the demo: its sentence and "Follow the demo"."""
        text, follow, _problem = self._parts()
        text.value = f"<p>{html.escape(M['demo.banner'].render())}</p>"
        text.layout.display = follow.layout.display = ""
        self._show(True)

    def _show(self, shown: bool) -> None:
        set_display(self.widget, "" if shown else "none")

    def _say(self, text: str) -> None:
        self._parts()[2].value = f'<p role="alert">{html.escape(text)}</p>'
        self._show(True)

    def _tick(self) -> None:
        if self.widget.comm is None:  # the page's lesson was closed
            self.ticker.stop()
            return
        try:
            self.poll()
        except GinError as exc:
            self._say(exc.render())
        except Exception:  # said on the server; the page goes on without the demo
            _log.exception("the demo could not be read")

    def poll(self) -> None:
        """Read the class's demo number, and the demo when it changed."""
        learner, store = record.member(), record.store()
        if learner is None or store is None:
            return
        version = store.demo_version(learner.code)
        if version == self.version:
            return
        self.version = version
        found = store.demo(learner.code) if version else None
        if found is None:
            self._ended()
            return
        self.version, state = found
        self.state = state
        if self.following and self.following != state.demo:
            self._ended()  # another demo began: offered, not followed
        if not self.following:
            if state.demo != self._seen_demo:
                self._seen_demo = state.demo
                if learner.token in store.demo_followers(learner.code, state.demo):
                    self.follow()  # a page reloaded while following: it follows again
                    return
            self._offer()
            return
        assert self.view is not None
        self.view.show(state)

    def _drop_view(self) -> None:
        if self.view is not None:
            self.view.close()
            self.view = None
            self.widget.children = tuple(self.widget.children[:4])

    def _ended(self) -> None:
        was = self.following
        self.following = ""
        self.state = None
        self.ticker.stop()
        self.ticker.start(BANNER_POLL_S)
        self._drop_view()
        if was:
            text, follow, _problem = self._parts()
            text.value = f'<p role="status">{html.escape(M["demo.ended"].render())}</p>'
            text.layout.display = ""
            follow.layout.display = "none"
            self._show(True)
        else:
            self._show(False)

    def follow(self) -> None:
        """Follow the demo on show: noted in the store (a reload follows again), drawn on
        this page, read every :data:`FOLLOW_POLL_S` seconds."""
        learner, store, state = record.member(), record.store(), self.state
        if learner is None or store is None or state is None:
            raise GinError(M["error.demo-none"]())
        store.follow_demo(learner.code, learner.token, state.demo)
        self.following = state.demo
        text, follow, problem = self._parts()
        if self.view is None:
            self.view = FollowerView(on_stop=self.stop)
            self.widget.children = (*self.widget.children[:4], self.view.widget)
        text.layout.display = follow.layout.display = "none"
        problem.value = ""
        self._show(True)
        self.view.show(state)
        self.ticker.stop()
        self.ticker.start(FOLLOW_POLL_S)

    def stop(self) -> None:
        """Stop following (the banner offers the demo again)."""
        learner, store = record.member(), record.store()
        if learner is not None and store is not None and self.following:
            store.follow_demo(learner.code, learner.token, self.following, following=False)
        self.following = ""
        self._drop_view()
        self._offer()
        self.ticker.stop()
        self.ticker.start(BANNER_POLL_S)

    def close(self) -> None:
        """Stop polling and close the banner."""
        self.ticker.stop()
        self._drop_view()
        close_tree(self.widget)


def follow_banner() -> FollowBanner | None:
    """The banner for a page where learners follow a demo (Start here, the play page):
    ``None`` where the app has no class store (the static site, a plain notebook)."""
    return FollowBanner() if record.enabled() else None


__all__ = ["BANNER_POLL_S", "FOLLOW_POLL_S", "FollowBanner", "FollowerView", "follow_banner"]
