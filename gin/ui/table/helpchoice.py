"""``HelpChoice``: the table's help control, a row of buttons (full, some, real table).

A small custom widget (the pattern of :class:`gin.ui.page.language.LanguageMenu`): the
levels of :data:`gin.ui.table.helplevel.HELP_LEVELS` in that order, each named through the
catalog, the chosen one pressed (``aria-pressed``) and its one-sentence note below. The
page keeps the level in the browser's localStorage (``helpchoice.js``), so a level chosen
here is the one the next page opens at; the page's ``?help=`` wins over the stored level
(and is stored in its turn). The page sends its stored level and every click as messages;
the kernel checks each (a level the table lacks is refused and the page shown the kernel's).

The table places it among its controls next to the rules and the opponent, and listens with
:meth:`HelpChoice.on_choose`; it reads the level's policy with
:func:`gin.ui.table.helplevel.policy`.

>>> choice = HelpChoice("some")
>>> [level for level, _name, _note in choice.levels], choice.value
(['full', 'some', 'none'], 'some')
>>> chosen = []
>>> choice.on_choose(chosen.append)
>>> choice.choose("none"); chosen, choice.value
(['none'], 'none')
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gin.errors import GinError
from gin.i18n import M
from gin.ui.parts import fixed_layout
from gin.ui.table.helplevel import (
    DEFAULT_HELP,
    HELP_LEVELS,
    HelpLevelError,
    HelpPolicy,
    check_help_level,
    policy,
)

_HERE = Path(__file__).parent

STORAGE_KEY = "gin-tutor-help"
"""The localStorage key under which the page keeps the learner's help level."""

_CSS = """
.gin-help-choice { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; }
.gin-help-label { font-weight: 600; }
.gin-help-options { display: inline-flex; flex-wrap: wrap; gap: 0; }
.gin-help-option {
  font: inherit; font-size: 14px; padding: 4px 10px; min-height: 32px; cursor: pointer;
  border: 1px solid #4b6b58; background: #fff; color: #1d3326; margin: 0;
}
.gin-help-option + .gin-help-option { border-inline-start-width: 0; }
.gin-help-option:first-child { border-start-start-radius: 6px; border-end-start-radius: 6px; }
.gin-help-option:last-child { border-start-end-radius: 6px; border-end-end-radius: 6px; }
.gin-help-option.gin-help-chosen { background: #24412f; color: #fff; font-weight: 600; }
.gin-help-option:focus-visible { outline: 3px solid #b07d00; outline-offset: 1px; }
.gin-help-option:disabled { cursor: default; opacity: 0.6; }
.gin-help-note { flex-basis: 100%; font-size: 14px; color: #3c4f43; }
"""


class HelpChoice(anywidget.AnyWidget):
    """The help levels as a row of buttons, kept in the browser.

    Synced traits: ``value`` (the level chosen, one of :data:`HELP_LEVELS`; any other
    value is refused), ``levels`` (``[level, name, note]`` triples, in the order of
    :data:`HELP_LEVELS`, in the current language), ``label`` (the control's name),
    ``from_address`` (the page's ``?help=`` chose the level: the stored one does not
    override it), ``loaded`` (the level stored in the browser was read, or the address
    chose: from then on the page stores every level the kernel holds), ``disabled`` and
    ``storage_key``.
    """

    _esm = _HERE / "helpchoice.js"
    _css = _CSS

    value = traitlets.Unicode(DEFAULT_HELP).tag(sync=True)
    levels: traitlets.List[list[str]] = traitlets.List().tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    from_address = traitlets.Bool(False).tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)

    def __init__(self, value: str | None = None, *, from_address: bool = False) -> None:
        """``value``: the level shown first (``full`` when ``None``); ``from_address``: the
        page's ``?help=`` chose it, so the level stored in the browser does not replace it.
        Raises :class:`~gin.ui.table.helplevel.HelpLevelError` for a level the table lacks.
        """
        level = check_help_level(value if value is not None else DEFAULT_HELP)
        super().__init__(
            value=level, from_address=from_address, loaded=from_address, layout=fixed_layout()
        )
        self.add_class("gin-help-choice")
        self._on_choose: list[Callable[[str], Any]] = []
        self._on_error: list[Callable[[GinError], Any]] = []
        self._on_loaded: list[Callable[[str], Any]] = []
        self.relabel()
        self.on_msg(self._handle_page_message)

    @traitlets.validate("value")
    def _a_level(self, proposal: Any) -> Any:
        """Refuse a value that is not a help level (set by the page or by code)."""
        try:
            return check_help_level(proposal["value"])
        except HelpLevelError as e:
            raise traitlets.TraitError(e.message) from None

    @property
    def policy(self) -> HelpPolicy:
        """The :class:`~gin.ui.table.helplevel.HelpPolicy` of the level chosen."""
        return policy(self.value)

    def relabel(self) -> None:
        """Name the levels and the control in the current language."""
        with self.hold_sync():
            self.label = M["help.choice"].render()
            self.levels = [
                [level, policy(level).name().render(), policy(level).note().render()]
                for level in HELP_LEVELS
            ]

    # ------------------------------------------------------------------ callbacks

    def on_choose(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(level)`` when the learner picks another level, or the page's
        stored level replaces the one shown (not when code sets :attr:`value`)."""
        self._on_choose.append(callback)

    def on_loaded(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(level)`` once the level the table opens at is known: when the
        page has told the level it stored (after :meth:`on_choose`'s callbacks, if it
        replaced the one shown), or at once when the address chose it (``from_address``).
        A table may wait for it before it shows what a lower level hides."""
        if self.loaded:
            callback(self.value)
        else:
            self._on_loaded.append(callback)

    def on_error(self, callback: Callable[[GinError], Any]) -> None:
        """Call ``callback(error)`` when the page sends a level the table lacks."""
        self._on_error.append(callback)

    # ------------------------------------------------------------------ input from the page

    def choose(self, level: str) -> None:
        """Do what a click on ``level``'s button does (for tests and lessons)."""
        self._handle_page_message(self, {"event": "choose", "value": level}, [])

    def send_from_page(self, content: dict[str, Any]) -> None:
        """Handle ``content`` as if the page had sent it (for tests)."""
        self._handle_page_message(self, content, [])

    def _handle_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            self._refuse(GinError(M["error.page-not-understood"]()))
            return
        event, value = content.get("event"), content.get("value")
        if event == "stored":
            if self.loaded:
                return  # read once: from then on the kernel's level is the one stored
            self.loaded = True
            if value in HELP_LEVELS and value != self.value:
                self._take(str(value))
            # anything else stored (nothing, an old or forged value) is left unread
            self._now_loaded()
        elif event == "choose":
            if self.disabled:
                self.send_state("value")  # the page shows the level kept
                return
            try:
                level = check_help_level(value)
            except HelpLevelError as e:
                self._refuse(e)
                return
            was_loaded, self.loaded = self.loaded, True
            if level != self.value:
                self._take(level)
            if not was_loaded:
                self._now_loaded()
        else:
            self._refuse(GinError(M["error.page-not-understood"]()))

    def _now_loaded(self) -> None:
        waiting, self._on_loaded = self._on_loaded, []
        for cb in waiting:
            cb(self.value)

    def _take(self, level: str) -> None:
        self.value = level
        for cb in self._on_choose:
            cb(level)

    def _refuse(self, error: GinError) -> None:
        self.send_state("value")
        for cb in self._on_error:
            cb(error)


__all__ = ["STORAGE_KEY", "HelpChoice"]
