"""The options of the menus that name a rule set or an opponent: each shown by its name in
the learner's language, each standing for its code (``classic``, ``expert``).

>>> rules_options()
[('classic', 'classic'), ('spades-double', 'spades-double')]
"""

from __future__ import annotations

from gin.bots import BOT_NAMES
from gin.i18n import CatalogError, M
from gin.rules import Rules


def rules_options() -> list[tuple[str, str]]:
    """``(name, preset)`` for each rule preset, the name in the current language."""
    return [(M[f"rules.name.{p}"].render(), p) for p in Rules.PRESETS]


def rules_name(preset: str) -> str:
    """A rule set's name in the current language (``classic``, ``spades-double`` or
    ``custom`` in English), from :attr:`gin.Rules.name`; an unknown code is kept as it is."""
    try:
        return M[f"rules.name.{preset}"].render()
    except CatalogError:
        return preset


def opponent_options() -> list[tuple[str, str]]:
    """``(name, code)`` for each computer opponent, the name in the current language."""
    return [(M[f"opponent.name.{b}"].render(), b) for b in BOT_NAMES]


def opponent_name(code: str) -> str:
    """An opponent's name in the current language."""
    return M[f"opponent.name.{code}"].render()


__all__ = ["opponent_name", "opponent_options", "rules_name", "rules_options"]
