"""What every lesson shares: the lesson object, its message area and seeds."""

from __future__ import annotations

import html
import inspect
import random
import traceback
from dataclasses import replace
from typing import Any

import ipywidgets as W

from gin.errors import GinError, echo
from gin.i18n import M, Message
from gin.numbers import parse_whole_number
from gin.ui.choices import rules_options
from gin.ui.lessons.catalog import lesson_info, nav_html
from gin.ui.lessons.guard import describe_error
from gin.ui.lessons.intros import intro_html
from gin.ui.lessons.pictures import message_html
from gin.ui.lessons.registry import IN_PLACE_LESSONS, lesson_factory
from gin.ui.lessons.style import LESSON_CSS
from gin.ui.page import pageerrors
from gin.ui.page.language import LanguageMenu, choose_language, mark_language, open_in
from gin.ui.page.navigation import Navigator
from gin.ui.page.urlparams import (
    MAX_SEED,
    PageParamError,
    PageParams,
    page_params,
    page_query,
    parse_page_params,
)
from gin.ui.parts import close_tree, fixed_html, fixed_layout

"""The label of a seed box."""
"""The heading of a lesson's exercises."""


def resolve_seed(seed: int | None) -> int:
    """``seed`` itself, or a fresh one (shown on the page so a class can share it).

    Raises :class:`gin.GinError` (code ``lesson-seed``) for a seed that is not a whole
    number of at least 0.
    """
    if seed is None:
        return random.SystemRandom().randrange(1, 1_000_000)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise GinError(M["error.lesson-seed"](seed=echo(repr(seed))))
    return seed


def read_seed(text: str) -> int:
    """The seed typed in a lesson's seed box (:func:`gin.parse_whole_number`, like every
    number the tutor reads); a bad one raises :class:`gin.NumberError` saying why, so the
    lesson never deals from a seed other than the one shown."""
    return parse_whole_number(text, maximum=MAX_SEED)


def html_widget(value: str = "", *css: str) -> Any:
    """An HTML widget with CSS classes."""
    w = W.HTML(value=value)
    for c in css:
        w.add_class(c)
    return w


_GLYPHS = {
    "check": "✓",
    "forward": "→",
    "play": "▶",
    "random": "⟳",
    "refresh": "⟳",
    "step-backward": "◀",
    "step-forward": "▶",
    "fast-forward": "⏭",
    "search": "⌕",
}


def button(description: str, *css: str, icon: str = "", style: str = "") -> Any:
    """A button with CSS classes; ``description`` is its (rendered) label. ``icon`` names a
    glyph drawn as plain text, since icon fonts would come from a CDN that a classroom or
    Binder may not reach."""
    glyph = _GLYPHS.get(icon, "")
    label = f"{glyph} {description}" if glyph else description
    b = W.Button(description=label, button_style=style)
    b.layout.width = "auto"
    for c in css:
        b.add_class(c)
    return b


def rules_toggle(rules: str, css: str) -> Any:
    """Toggle buttons choosing one of the rule presets (``rules`` first), with class ``css``."""
    toggle = W.ToggleButtons(options=rules_options(), value=rules)
    toggle.add_class(css)
    return toggle


class MessageArea:
    """An HTML widget that shows a message (an error inside a callback) or nothing."""

    def __init__(self) -> None:
        self.widget = fixed_html("", "gin-message")  # never hidden: shared layout and style
        self.text = ""

    def show(self, text: str) -> None:
        """Show ``text`` (a rendered sentence)."""
        self.text = text
        self.widget.value = message_html(text)

    def clear(self) -> None:
        """Hide the message."""
        self.text = ""
        self.widget.value = ""


class Lesson:
    """A lesson: a tree of widgets under :attr:`widget`, displayed as that widget.

    Subclasses build their parts and call :meth:`assemble`, which puts the language menu,
    the lesson's title and opening prose (:mod:`.intros`) above them.

    The page opens in the language of its address (``?lang=``), else the one the learner
    chose before. :meth:`switch_language` redraws the lesson in another language in the
    same kernel: the lesson is built again from the same arguments and seed (so the same
    exercises come back), and a lesson with a game in progress keeps it
    (:meth:`rebuilt`).

    Where lessons open in the same page (:mod:`gin.ui.page.navigation`, the static site),
    :meth:`go_to` builds another lesson and swaps it into this one's place on the page;
    :meth:`close` closes a lesson's widgets and stops what it still had scheduled.
    """

    _made_with: tuple[tuple[Any, ...], dict[str, Any]] = ((), {})
    """The arguments the lesson was made with (to build it again in another language)."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Lesson:
        lesson = super().__new__(cls)
        lesson._made_with = (args, dict(kwargs))
        return lesson

    notebook = ""
    default_seed: int | None = None
    """The seed when neither the caller nor the page's ``?seed=`` gives one (``None``: a
    fresh one)."""

    def __init__(self, seed: int | None = None) -> None:
        pageerrors.install()  # before any widget is made: they bind its message handler
        self.page, self.page_problem = read_page_params(_address[-1] if _address else None)
        self.lang = open_in(self.page.lang)
        self.language_menu: LanguageMenu | None = None
        self.navigator: Navigator | None = None
        self.problem: MessageArea | None = None
        self._own: list[Any] = []
        self._show_problem: Any = None
        if seed is None:
            seed = self.page.seed if self.page.seed is not None else self.default_seed
        self.seed = resolve_seed(seed)
        self.widget: Any = None
        self.intro: Any = None

    @property
    def title(self) -> str:
        """The lesson's title."""
        return lesson_info(self.notebook).title

    @property
    def window_title(self) -> str:
        """The browser's window title for this lesson, in the current language."""
        return M["lesson.window-title"].render({"lesson": self.title})

    def assemble(self, *children: Any) -> Any:
        """Wrap the parts with the style sheet, the title and opening prose, and the
        navigation footer."""
        style = fixed_html(f"<style>{LESSON_CSS}</style>")
        if self.language_menu is None:
            self.language_menu = LanguageMenu(self.lang, from_address=self.page.lang is not None)
            self.language_menu.on_choose(self.switch_language)
        if self.navigator is None:
            self.navigator = Navigator(lessons=IN_PLACE_LESSONS, title=self.window_title)
            self.navigator.on_go(self.go_to)
        self.intro = fixed_html(
            f'<h2 class="gin-lesson-title">{html.escape(self.title)}</h2>'
            + intro_html(self.notebook),
            "gin-lesson-intro",
        )
        nav = fixed_html(nav_html(self.notebook), "gin-nav")
        problem = MessageArea()  # also where errors from the page's messages are told
        problem.widget.add_class("gin-page-problem")
        self.problem = problem
        self._show_problem = lambda e: problem.show(e.render())
        pageerrors.add_message_area(self._show_problem, fallback=True)
        if self.page_problem:  # a bad setting in the address: say so, don't guess
            problem.show(self.page_problem)
            children = ()
        self._own = [style, self.intro, problem.widget, *children, nav]
        self.widget = W.VBox(
            [style, self.language_menu, self.navigator, self.intro, problem.widget, *children, nav],
            layout=fixed_layout(),
        )
        self.widget.add_class("gin-lesson")
        self.widget.add_class("gin-lesson-" + self.notebook.split(".")[0])
        mark_language(self.widget, self.lang)
        return self.widget

    def switch_language(self, lang: str) -> None:
        """Show this lesson in ``lang`` from now on, in the same kernel and the same page.

        The parts are built again in ``lang`` (:meth:`rebuilt`) and replace the old ones in
        the lesson's widget, which stays on the page with its language menu. Raises
        :class:`gin.i18n.CatalogError` for a language with no catalog.
        """
        if lang == self.lang and self.widget is not None:
            return
        choose_language(lang)
        outer, menu, navigator = self.widget, self.language_menu, self.navigator
        if menu is not None:
            menu.style_for(lang)  # the Lao font arrives with the first Lao page
        fresh = self.rebuilt()
        if self._show_problem is not None:  # the new parts have their own problem area
            pageerrors.remove_message_area(self._show_problem)
        kids = _keep_frame(list(fresh.widget.children), menu, navigator)
        self.__dict__.update(fresh.__dict__)
        self.widget, self.language_menu, self.navigator = outer, menu, navigator
        if outer is not None:
            outer.children = kids
            mark_language(outer, lang)
        if navigator is not None:
            navigator.title = self.window_title
        self.lang = lang

    def go_to(self, notebook: Any, query: Any = "") -> Lesson:
        """Show the lesson of ``notebook`` in this lesson's place on the page, built as a
        fresh page of the address with ``query`` would build it (its ``?seed=`` ...; a bad
        setting shows the page's problem), in the current language. Returns the lesson now
        shown: the new one, or this one when it could not be built (the reason is shown in
        this lesson's problem area).

        The page's language menu and navigator stay; this lesson's widgets are closed
        (:meth:`close`), and the menu and navigator act on the new lesson from now on.
        """
        before = _address[:]
        try:
            factory = lesson_factory(notebook)
            if not isinstance(query, str):
                raise PageParamError(M["error.page-unreadable"]())
            _address[:] = [query]
            fresh: Lesson = factory()
        except Exception as exc:
            _address[:] = before
            if not isinstance(exc, GinError):  # a bug: the traceback goes to the log
                pageerrors.server_log("".join(traceback.format_exception(exc)))
            if self.problem is not None:
                self.problem.show(describe_error(exc))
            if self.navigator is not None:  # the page puts back this lesson's address
                self.navigator.answer(False)
            return self
        self._hand_over(fresh)
        if fresh.navigator is not None:
            fresh.navigator.answer(True)
        return fresh

    def _hand_over(self, fresh: Lesson) -> None:
        """Put ``fresh``'s parts into this lesson's widget on the page, then close this
        lesson."""
        outer, menu, navigator = self.widget, self.language_menu, self.navigator
        made = fresh.widget
        kids = _keep_frame(list(made.children), menu, navigator)
        made.children = ()
        made.close()
        fresh.widget, fresh.language_menu, fresh.navigator = outer, menu, navigator
        if menu is not None:
            menu._on_choose[:] = [fresh.switch_language]
        if navigator is not None:
            navigator.on_go(fresh.go_to, replace=True)
            navigator.title = fresh.window_title
        if outer is not None:
            outer.children = kids
            outer.remove_class("gin-lesson-" + self.notebook.split(".")[0])
            outer.add_class("gin-lesson-" + fresh.notebook.split(".")[0])
            mark_language(outer, fresh.lang)
        self.close()

    def close(self) -> None:
        """Close this lesson's own widgets (not the page's language menu and navigator)
        and stop sending page errors to its problem area. A lesson holding a table extends
        this to stop the table's scheduled moves."""
        if self._show_problem is not None:
            pageerrors.remove_message_area(self._show_problem)
            self._show_problem = None
        for part in self._own:
            close_tree(part)
        self._own = []

    def rebuilt(self) -> Lesson:
        """A new lesson like this one, built in the current language: the same arguments
        and the same seed. A lesson holding a game overrides this to keep the game."""
        args, kwargs = self._made_with
        if "seed" in inspect.signature(type(self).__init__).parameters and not args:
            kwargs = {**kwargs, "seed": self.seed}
        return type(self)(*args, **kwargs)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {html.escape(self.notebook)} seed={self.seed}>"


_address: list[str] = []
"""The query string of the address the page shows since a lesson opened in it
(:meth:`Lesson.go_to`); empty while the page shows the lesson it was opened with."""


def _keep_frame(kids: list[Any], menu: Any, navigator: Any) -> list[Any]:
    """A new lesson's children with the page's own language menu and navigator in place
    of the new ones (closed)."""
    for i, mine in ((1, menu), (2, navigator)):
        if mine is not None and kids[i] is not mine:
            kids[i].close()
            kids[i] = mine
    return kids


def read_page_params(query: str | None = None) -> tuple[PageParams, str]:
    """The settings in ``query`` (by default this page's address: :func:`page_params`),
    and a sentence for the page when one of them is bad (then the settings are all unset,
    and the lesson shows only the sentence).

    ``query`` is an address the page moved to in place (:meth:`Lesson.go_to`), which the
    page itself sends: its ``teacher=1`` counts only when the page's own address has it too,
    so a forged message cannot open teacher mode.
    """
    try:
        if query is None:
            return page_params(), ""
        params = parse_page_params(query)
        if params.teacher and not _own_address_is_teacher():
            params = replace(params, teacher=False)
        return params, ""
    except PageParamError as e:
        return PageParams(), M["lesson.page-problem"].render(
            {"reason": {"key": e.text.key, "data": dict(e.data)}}
        )


def address_query() -> str:
    """The query string of the address the page shows: the one it moved to in place
    (:meth:`Lesson.go_to`), else its own (:func:`gin.ui.page.urlparams.page_query`)."""
    return _address[-1] if _address else page_query()


def _own_address_is_teacher() -> bool:
    """Whether the address the page was opened with (not one moved to) has ``teacher=1``."""
    try:
        return page_params().teacher
    except PageParamError:
        return False


def section(title: str, intro: str, *children: Any, css: str = "") -> Any:
    """A framed section with a heading (a rendered sentence) and a short introduction
    (HTML)."""
    head = html_widget(f"<h3>{html.escape(title)}</h3>{intro}")
    box = W.VBox([head, *children])
    box.add_class("gin-lesson-section")
    if css:
        box.add_class(css)
    return box


def paragraph(text: str) -> str:
    """A rendered sentence as an HTML paragraph."""
    return f"<p>{html.escape(text)}</p>"


def titled_section(title: Message, intro: Message, *children: Any, css: str = "") -> Any:
    """A :func:`section` whose heading and one-paragraph introduction are catalog
    sentences."""
    return section(title.render(), paragraph(intro.render()), *children, css=css)


__all__ = [
    "Lesson",
    "MessageArea",
    "address_query",
    "button",
    "html_widget",
    "paragraph",
    "read_page_params",
    "read_seed",
    "resolve_seed",
    "rules_toggle",
    "section",
    "titled_section",
]
