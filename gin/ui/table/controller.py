"""The table's model: a :class:`gin.Game` between the learner (player 0) and a bot.

Plain Python, no widgets. Every learner action goes through the engine, which raises a
:class:`gin.GinError` with a learner-readable message when the action is illegal; the
state is then unchanged.

>>> c = TableController("classic", "eager", seed=5)
>>> c.view().player, c.view().opponent_card_count
(0, 10)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gin
import gin.bots
from gin.bots.hint import Hint, hint
from gin.bots.selfplay import tell_deal_over
from gin.i18n import M, Text
from gin.ui.page.dealsecret import server_secret, shuffle_seed
from gin.ui.seats import LEARNER, OPPONENT
from gin.ui.table import reveal
from gin.ui.table.state import TableState

MAX_SEED = 2**63 - 1


def parse_seed(value: Any) -> int:
    """A seed read from page input: a whole number from 0 to 2**63 - 1, read by
    :func:`gin.parse_whole_number` like every number the tutor reads.

    Raises :class:`gin.NumberError` with code ``bad-seed`` and a clear message otherwise.

    >>> parse_seed(" 42 ")
    42
    >>> try:
    ...     parse_seed("4x2")
    ... except gin.NumberError as e:
    ...     print(e.code)
    not-a-number
    """
    return gin.parse_whole_number(value, maximum=MAX_SEED)


def fresh_seed() -> int:
    """A new seed for a game nobody asked a seed for (shown to the learner, so a class can
    replay it)."""
    return random.SystemRandom().randrange(1, 1_000_000)


class TableController(TableState):
    """One game against one opponent, with the learner as player 0, and the table's
    session state (:class:`~gin.ui.table.state.TableState`: the action waiting for
    confirmation, the reveal beat, the hint on show, the help level, the arrange step):
    the model every part of the table draws, and that says what changed.

    ``rules`` is a preset name or a :class:`gin.Rules`; ``opponent`` a name from
    :data:`gin.bots.BOT_NAMES`; ``seed`` shuffles every deal and seeds the bot; ``target``
    replaces a preset's game target (a short game to 50). A seed
    given (by the page's address, or typed by the learner) is :attr:`seed_chosen`; a fresh
    one is not, and under Voilà its shuffle has the server's secret mixed in
    (:mod:`gin.ui.page.dealsecret`), so the number cannot be replayed elsewhere to see the cards.
    """

    def __init__(
        self,
        rules: str | gin.Rules = "classic",
        opponent: str = "eager",
        seed: int | str | None = None,
        target: int | None = None,
        **state: Any,
    ) -> None:
        super().__init__(**state)
        self.target = target
        """The game target the page asked for (``?target=``), kept by every game whose
        rule set is named by its preset (``None``: the preset's own)."""
        self.rules: gin.Rules
        self.opponent_name = ""
        self.seed = 0
        self.seed_chosen = False
        """Whether the seed was given (a class link, a seed typed in), not picked fresh."""
        self._secret: bytes | None = None
        self.game: gin.Game
        self.bot: gin.bots.Bot
        self._marks: list[tuple[int, int]] = []
        self.deal_listeners: list[Callable[[gin.Deal], Any]] = []
        """Called with the deal each time a deal ends at this table (a class records it)."""
        self.open_deals: set[int] = set()
        """The numbers of this game's deals played with both hands open (teacher mode) at
        some moment: the score pad marks them and a class records them so."""
        self.game_slips: dict[int, tuple[Text, ...]] = {}
        """The learner's slips of this game noted at the table, by deal number (what each
        slip said): the review's game summary names them."""
        self.replayed = False
        """Whether the game on show was started again by :meth:`replay`: its deals may be
        played knowing cards seen the first time, so the score pad and a class mark them."""
        self.new_game(rules, opponent, seed)

    def reset_session(self) -> None:
        """Forget the session state of the deal on show (a new deal or game begins)."""
        self.clear_session()

    # ------------------------------------------------------------------ what is on show

    def reveal_total(self) -> int:
        """Beats of the end-of-deal reveal: one per result step, then the score pad."""
        return reveal.reveal_total(self.game.deal.result)

    def revealed(self) -> bool:
        """Whether the deal is over and its end played back to the score pad."""
        return self.game.deal.is_over and self.reveal_step >= self.reveal_total()

    def reveal_waits(self) -> bool:
        """Whether the playback waits at its hold for the learner (:attr:`reveal_hold`)."""
        hold = self.reveal_hold
        return hold is not None and self.reveal_step >= hold

    def selected_card(self) -> gin.Card | None:
        """The card :attr:`selected` in the learner's hand, if it is one they hold."""
        code = self.selected
        if not code:
            return None
        try:
            card = gin.Card.parse(code)
        except gin.CardParseError:
            return None
        return card if card in self.view().hand else None

    def verify(self, action: gin.Action) -> None:
        """Check ``action`` for the learner (raises :class:`gin.GinError`; nothing changes)."""
        self.game.deal.verify(action, LEARNER)

    # ------------------------------------------------------------------ games and deals

    def new_game(
        self,
        rules: str | gin.Rules | None = None,
        opponent: str | None = None,
        seed: int | str | None = None,
    ) -> None:
        """Start a new game; ``None`` keeps the current rules or opponent, and picks a
        fresh seed. Raises :class:`gin.GinError` (nothing changes) on a bad value."""
        new_rules, name = self._choices(rules, opponent)
        if seed is None:
            self._start(new_rules, name, fresh_seed(), server_secret(), chosen=False)
        else:
            self._start(new_rules, name, parse_seed(seed), None, chosen=True)
        self.replayed = False

    def can_replay(self, teacher: bool = False, seed: int | str | None = None) -> bool:
        """Whether :meth:`replay` with ``seed`` is allowed now. Dealing the game on show
        again (no seed, or its own seed) waits until the deal on show is over (or the game):
        in the middle of a deal it would deal the same stock again, so the learner could
        learn the cards still hidden (fair play). A teacher may, and another seed is simply
        a new game from it."""
        if teacher or self.game.can_deal_again():
            return True
        if seed is None:
            return False
        try:
            return parse_seed(seed) != self.seed
        except gin.GinError:
            return True  # replay itself refuses the number, with its own sentence

    def replay(
        self,
        rules: str | gin.Rules | None = None,
        opponent: str | None = None,
        seed: int | str | None = None,
        *,
        teacher: bool = False,
    ) -> None:
        """Start the game again: with ``seed`` when one is given (a new game from it, as
        :meth:`new_game`), else the game on show from its first deal, shuffled as it was
        (with the server's secret, if it had one). The game is then :attr:`replayed`
        (unless it is another seed's).

        Raises :class:`gin.IllegalActionError` (code ``replay-mid-deal``) when it would
        deal the game on show again while a deal is being played, unless ``teacher`` (see
        :meth:`can_replay`), and :class:`gin.GinError` on a bad value; nothing changes then.

        >>> c = TableController("classic", "eager", seed=5)
        >>> try:
        ...     c.replay()
        ... except gin.IllegalActionError as e:
        ...     print(e.code)
        replay-mid-deal
        """
        if not self.can_replay(teacher, seed):
            self.game.check_deal_again()  # the engine's refusal, with its code and sentence
        new_rules, name = self._choices(rules, opponent)
        if seed is not None:
            number = parse_seed(seed)
            again = number == self.seed
            self._start(new_rules, name, number, None, chosen=True)
        else:
            again = True
            self._start(new_rules, name, self.seed, self._secret, chosen=self.seed_chosen)
        self.replayed = again

    @property
    def open_hands(self) -> bool:
        """Whether the deal on show has been played with both hands open (teacher mode)."""
        return self.deal_number in self.open_deals

    def note_open_hands(self) -> None:
        """Teacher mode showed both hands in the deal on show: mark it."""
        self.open_deals.add(self.deal_number)

    def _choices(
        self, rules: str | gin.Rules | None, opponent: str | None
    ) -> tuple[gin.Rules, str]:
        """The rule set and opponent asked for (``None``: the current one), checked."""
        if rules is None:
            new_rules = self.rules
        elif isinstance(rules, gin.Rules):
            new_rules = rules
        elif self.target is not None:
            new_rules = gin.Rules.preset(rules, target=self.target)
        else:
            new_rules = gin.Rules.preset(rules)
        name = self.opponent_name if opponent is None else opponent
        gin.bots.check_bot_name(name)
        return new_rules, name

    def _start(
        self, rules: gin.Rules, name: str, seed: int, secret: bytes | None, *, chosen: bool
    ) -> None:
        shuffle = shuffle_seed(seed, secret)
        bot = gin.bots.make_bot(name, random.Random(shuffle))
        self.game = gin.Game(rules, seed=shuffle)
        self.rules = rules
        self.opponent_name = name
        self.seed = seed
        self.seed_chosen = chosen
        self._secret = secret
        self.bot = bot
        self._marks = []
        self.open_deals = set()
        self.game_slips = {}

    def seed_to_show(self, teacher: bool = False) -> int | None:
        """The seed the page may show: one the address or the learner chose (a class
        shares it), or any in teacher mode; ``None`` for a fresh one, which the learner
        did not choose (under Voilà it is no key to the cards anyway, but showing it
        invites trying)."""
        return self.seed if self.seed_chosen or teacher else None

    def load(self, game: gin.Game, opponent: str | None = None) -> None:
        """Play on from ``game`` (for lessons and tests with stacked decks); the learner
        is player 0. The bot is seeded with the current seed."""
        if not isinstance(game, gin.Game):
            raise gin.GinError(M["error.bad-game"]())
        name = self.opponent_name if opponent is None else opponent
        self.bot = gin.bots.make_bot(name, random.Random(self.seed))
        self.opponent_name = name
        self.game = game
        self.rules = game.rules
        self._marks = []
        self.open_deals = set()
        self.game_slips = {}
        self.replayed = False

    def note_slip(self, code: str, text: Text) -> None:
        """Note a slip of the deal on show (:meth:`TableState.note_slip`), and keep it with
        the deal's number for the game's review (:attr:`game_slips`)."""
        before = len(self.slips)
        super().note_slip(code, text)
        if len(self.slips) > before:
            n = self.deal_number
            self.game_slips = {**self.game_slips, n: (*self.game_slips.get(n, ()), text)}

    @property
    def deal(self) -> gin.Deal:
        """The current deal (hidden information: never send it to the page)."""
        return self.game.deal

    @property
    def deal_number(self) -> int:
        """The number of the current deal, from 1."""
        return len(self.game.deals)

    def view(self) -> gin.PlayerView:
        """What the learner may see."""
        return self.game.deal.view(LEARNER)

    def opponent_to_move(self) -> bool:
        """Whether the opponent has a move to make now."""
        d = self.game.deal
        return not d.is_over and d.to_move == OPPONENT and not self.game.is_over

    def learner_to_move(self) -> bool:
        """Whether the learner has a move to make now."""
        d = self.game.deal
        return not d.is_over and d.to_move == LEARNER and not self.game.is_over

    def next_deal(self) -> None:
        """Start the next deal (the engine refuses while this one is being played)."""
        self.game.next_deal()
        self._marks = []

    # ------------------------------------------------------------------ playing

    def act(self, action: gin.Action) -> tuple[gin.Event, ...]:
        """Play ``action`` for the learner. Raises :class:`gin.GinError` if illegal."""
        if self.game.is_over:
            raise gin.IllegalActionError(M["error.game-over"]())
        self.game.deal.verify(action, LEARNER)
        mark = (self.deal_number, len(self.game.log))
        events = self.game.apply(action, LEARNER)
        self._marks.append(mark)
        self._tell_if_over()
        return events

    def _tell_if_over(self) -> None:
        if self.game.deal.is_over:
            seats: list[object] = [None, None]
            seats[OPPONENT] = self.bot
            tell_deal_over(self.game.deal, seats)  # the expert learns how the learner plays
            for listener in self.deal_listeners:
                listener(self.game.deal)

    def opponent_step(self) -> tuple[gin.Action, tuple[gin.Event, ...]]:
        """Let the opponent make one move (from its own view only)."""
        if not self.opponent_to_move():
            raise gin.IllegalActionError(M["error.not-opponent"]())
        action = self.bot.choose(self.game.deal.view(OPPONENT))
        events = self.game.apply(action, OPPONENT)
        self._tell_if_over()
        return action, events

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take a move back now: the learner has a move in this
        deal, and the engine allows taking it back for fair play
        (:meth:`gin.Game.can_undo` for the learner: never past a card the learner saw
        turned, nor past any move of the opponent). The table's Undo button asks this."""
        d = self.game.deal
        if d.is_over or self.opponent_knocked():
            return False
        marks = [m for m in self._marks if m[0] == self.deal_number]
        if not marks:
            return False
        return self.game.can_undo(len(self.game.log) - marks[-1][1], LEARNER)

    def opponent_knocked(self) -> bool:
        """Whether the opponent has knocked in this deal (their cards are face up)."""
        return self.view().knocker == OPPONENT

    def undo(self) -> list[str]:
        """Take back the learner's last move in this deal, and every opponent move after it.

        Returns the texts of the moves taken back, latest first. Raises
        :class:`gin.GinError` when there is nothing to take back.
        """
        if self.game.deal.is_over:
            raise gin.IllegalActionError(M["error.undo-deal-over"]())
        if self.opponent_knocked():
            raise gin.IllegalActionError(M["error.undo-after-knock"]())
        self._marks = [m for m in self._marks if m[0] == self.deal_number]
        if not self._marks:
            raise gin.IllegalActionError(M["error.no-move-to-undo"]())
        _, length = self._marks[-1]
        self.game.check_undo(len(self.game.log) - length, LEARNER)  # fair play: all or nothing
        self._marks.pop()
        undone: list[str] = []
        while len(self.game.log) > length:
            undone.append(self.game.undo())
        return undone

    def hint(self) -> Hint:
        """The hint engine's move for the learner, with its reasons (:func:`gin.bots.hint`),
        imagining the opponent the learner faces."""
        return hint(self.view(), opponent=self.opponent_name)


__all__ = ["MAX_SEED", "TableController", "fresh_seed", "parse_seed"]
