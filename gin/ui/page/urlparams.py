"""The settings a teacher puts in a lesson's address, such as ``04_play.ipynb?seed=7&teacher=1``.

=========== ================================ =============================================
parameter   values                           effect
=========== ================================ =============================================
``seed``    a whole number, 0 to 2**63 - 1   fixes the deal (play) or the exercises
``rules``   ``classic``, ``spades-double``   the rule set of the game
``opponent`` ``eager``, ``tactician``,       the computer opponent
            ``expert``
``teacher`` ``1`` or ``0``                   shows the teacher controls (both hands open)
``projector`` ``1`` or ``0``                 large cards, and a clicker steps the deal
``arrange`` ``self`` or ``tutor``              who lays out the cards at the table: the
                                             learner (melds, layoffs, the score) or the tutor
``lang``    ``en``, ``he``, ``et``, ``lo``,      the language of the page (else the one the
            ``bg``                            learner chose before, else English)
``target``  a whole number, 10 to 10,000     the score that wins a game at the play table
                                             (a short game for a lesson hour)
``help``    ``full``, ``some``, ``none``       how much the play table helps: the table as
                                             it was, some help, or the real table
                                             (:mod:`gin.ui.table.helplevel`); it wins over
                                             the level the learner chose before
=========== ================================ =============================================

Voilà hands the page's query string to the kernel in ``os.environ["QUERY_STRING"]``;
:func:`page_query` reads it (an empty string elsewhere) and :func:`parse_page_params`
reads that into a :class:`PageParams`. A bad value raises :class:`PageParamError`, whose
message the lesson shows on the page. Parameters this module does not know are ignored
(Voilà and proxies add their own); a known one given twice is refused; names are read in
any case (``Seed=5`` is ``seed=5``, so a class link typed by hand deals the same cards).
Every value a sentence quotes is escaped (:func:`gin.errors.echo`): a NUL or a bidi
override (U+202E) in the address cannot reorder the sentence.

>>> p = parse_page_params("seed=42&rules=spades-double&teacher=1&arrange=self")
>>> p.seed, p.rules, p.opponent, p.teacher, p.lang, p.projector, p.arrange_self, p.target
(42, 'spades-double', None, True, None, False, True, None)
>>> parse_page_params("help=none").help, p.help
('none', None)
>>> try:
...     parse_page_params("opponent=grandmaster")
... except PageParamError as e:
...     print(e.code, e.message[-34:])
page-bad-opponent choose eager, tactician or expert.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import parse_qsl

from gin.errors import GinError, NumberError, echo
from gin.i18n import LANGUAGES, M, Message
from gin.numbers import parse_whole_number
from gin.rules import MAX_TARGET, MIN_TARGET, Rules
from gin.ui.table.helplevel import HELP_LEVELS

MAX_SEED = 2**63 - 1
"""The largest seed a page accepts (the table's seed box takes the same range)."""

OPPONENTS = ("eager", "tactician", "expert")
"""The opponents a page may ask for (:data:`gin.bots.BOT_NAMES`)."""

_KNOWN = (
    "seed",
    "rules",
    "opponent",
    "teacher",
    "lang",
    "projector",
    "arrange",
    "target",
    "help",
)


class PageParamError(GinError):
    """A lesson's address has a setting the tutor can't use (codes ``page-...``)."""


@dataclass(frozen=True)
class PageParams:
    """The settings read from a lesson's address; ``None``: not given (the lesson's own
    default applies)."""

    seed: int | None = None
    rules: str | None = None
    opponent: str | None = None
    teacher: bool = False
    lang: str | None = None
    projector: bool = False
    arrange_self: bool = False
    """``?arrange=self``: the learner lays out their melds, chooses the layoffs and
    guesses the score (:mod:`gin.ui.table.rooms`)."""
    target: int | None = None
    """``?target=50``: the score that wins a game at the play table (else the rule set's)."""
    help: str | None = None
    """``?help=none``: the play table's help level (:data:`HELP_LEVELS`), winning over the
    level the learner chose before (else that one, else ``full``)."""


def page_query() -> str:
    """The query string of the page this kernel serves (``""`` outside Voilà).

    A pre-heated Voilà kernel runs the notebook before anyone asks for the page; it waits
    here for the request, then reads the query string Voilà put in the environment. While
    it waits it has nothing to do, so first it loads what every lesson's build needs in
    any language (:func:`gin.ui.page.language.warm_up`): a learner's page then costs only the
    build itself. The wait is :func:`gin.ui.page.preheat.wait_for_request` (Voilà's own
    helper would load Voilà's server into every kernel).
    """
    if os.environ.get("VOILA_PREHEAT") == "True":
        from gin.ui.page.language import warm_up
        from gin.ui.page.preheat import wait_for_request

        warm_up()
        wait_for_request()
        os.environ["VOILA_PREHEAT"] = "False"  # the request has come: don't wait again
    return os.environ.get("QUERY_STRING", "")


def parse_page_params(query: str) -> PageParams:
    """Read the tutor's settings from a query string (with or without its ``?``).

    Raises :class:`PageParamError` naming the parameter and saying what it accepts.
    """
    values = read_query(query, _KNOWN)
    seed = None
    if "seed" in values:
        try:
            seed = parse_whole_number(values["seed"], maximum=MAX_SEED)
        except NumberError:
            data = {"value": echo(values["seed"]), "most": str(MAX_SEED)}
            raise PageParamError(M["error.page-bad-seed"](**data)) from None
    return PageParams(
        target=_target(values),
        seed=seed,
        rules=_one_of(values, "rules", Rules.PRESETS, M["error.page-bad-rules"]),
        opponent=_one_of(values, "opponent", OPPONENTS, M["error.page-bad-opponent"]),
        teacher=_one_of(values, "teacher", _FLAG, M["error.page-bad-teacher"]) == "1",
        lang=_one_of(values, "lang", LANGUAGES, M["error.page-bad-lang"]),
        projector=_one_of(values, "projector", _FLAG, M["error.page-bad-projector"]) == "1",
        arrange_self=_one_of(values, "arrange", _ARRANGE, M["error.page-bad-arrange"]) == "self",
        help=_one_of(values, "help", HELP_LEVELS, M["error.page-bad-help"]),
    )


def _target(values: dict[str, str]) -> int | None:
    """The game target asked for (``None`` when not given): a whole number from
    :data:`gin.rules.MIN_TARGET` to :data:`gin.rules.MAX_TARGET`.

    >>> _target({"target": "50"}), _target({})
    (50, None)
    """
    if "target" not in values:
        return None
    try:
        return parse_whole_number(values["target"], minimum=MIN_TARGET, maximum=MAX_TARGET)
    except NumberError:
        data = {"value": echo(values["target"]), "least": MIN_TARGET, "most": MAX_TARGET}
        raise PageParamError(M["error.page-bad-target"](**data)) from None


_FLAG = ("0", "1")
_ARRANGE = ("self", "tutor")


def read_query(query: str, known: Iterable[str]) -> dict[str, str]:
    """The values of the parameters named in ``known`` (lower case) in ``query`` (with or
    without its ``?``), by their lower-case names, each value stripped of spaces.

    Names are matched in any case; other parameters are ignored. Raises
    :class:`PageParamError` when ``query`` is not text or a known name is given twice (in
    any case: ``seed=1&Seed=2``).

    >>> read_query("?Seed=5&voila=x&LEVEL=sets", ("seed", "level"))
    {'seed': '5', 'level': 'sets'}
    """
    if not isinstance(query, str):
        raise PageParamError(M["error.page-unreadable"]())
    wanted = frozenset(known)
    values: dict[str, str] = {}
    for raw_name, value in parse_qsl(query.removeprefix("?"), keep_blank_values=True):
        name = raw_name.strip().lower()
        if name not in wanted:
            continue
        if name in values:
            raise PageParamError(M["error.page-param-twice"](name=name))
        values[name] = value.strip()
    return values


def _one_of(
    values: dict[str, str], name: str, allowed: Sequence[str], refusal: Message
) -> str | None:
    """The setting ``name`` (``None`` when not given); raises :class:`PageParamError`
    with the sentence ``refusal`` when it is not one of ``allowed``."""
    value = values.get(name)
    if value is not None and value not in allowed:
        raise PageParamError(refusal(value=echo(value)))
    return value


def page_params() -> PageParams:
    """The settings of this kernel's page (:func:`parse_page_params` of :func:`page_query`)."""
    return parse_page_params(page_query())


__all__ = [
    "MAX_SEED",
    "OPPONENTS",
    "PageParamError",
    "PageParams",
    "page_params",
    "page_query",
    "parse_page_params",
    "read_query",
]
