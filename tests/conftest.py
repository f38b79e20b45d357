"""Shared test settings and helpers.

Hypothesis profiles (choose one with ``HYPOTHESIS_PROFILE=name``):

- ``default``: modest example counts so the whole suite stays fast; no deadline (the
  machine is shared, timings vary).
- ``thorough``: many more examples, for a long run before a release.

Fixture ``stack``: builds a 52-card deck order from the hands a test wants to deal.

Fixtures ``address`` and ``store``: a new, empty class store on each back end, SQLite (a
directory of the test's own) and PostgreSQL (a database of its own on the session's one
throwaway cluster, tests/pgcluster.py, skipped loudly where PostgreSQL can't be had). The
cluster's fixtures (``pg_cluster``, ``pg_url``, ``own_cluster``) are registered here once,
so every test file shares the one cluster of the session. Fixture ``class_env``: the
app's environment for a learner's kernel, with the store at ``address``.
"""

from __future__ import annotations

import os
import random
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import ipywidgets
import pytest
from hypothesis import HealthCheck, settings
from pgcluster import Cluster, own_cluster, pg_cluster, pg_url

import gin
from gin.cards import DECK, Card, parse_cards
from gin.i18n import DEFAULT_LANGUAGE, set_language

settings.register_profile(
    "default",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=3000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def _cards(cards: str | Iterable[Card | str]) -> list[Card]:
    return parse_cards(cards) if isinstance(cards, str) else parse_cards(list(cards))


def stack_order(
    non_dealer: str | Sequence[Card],
    dealer: str | Sequence[Card],
    up: str | Card,
    stock: str | Sequence[Card] = (),
) -> list[Card]:
    """A 52-card order that deals these ten cards to each player and this up card.

    ``stock`` lists the first cards of the stock, top card first; the other cards follow
    in deck order. Cards are dealt one at a time starting with the non-dealer.
    """
    nd, de = _cards(non_dealer), _cards(dealer)
    up_card = up if isinstance(up, Card) else Card.parse(up)
    top = _cards(stock)
    assert len(nd) == 10 and len(de) == 10
    order: list[Card] = []
    for a, b in zip(nd, de, strict=True):
        order += [a, b]
    order.append(up_card)
    order += top
    used = set(order)
    assert len(used) == len(order), "a card is dealt twice"
    order += [c for c in DECK if c not in used]
    return order


StackOrder = Callable[..., list[Card]]


def run_sql(path: Path, *scripts: str) -> None:
    """Run these SQL scripts on the SQLite file ``path`` and commit: a test changing a
    class store behind its back (another schema version, foreign tables)."""
    db = sqlite3.connect(path)
    try:
        for script in scripts:
            db.executescript(script)
        db.commit()
    finally:
        db.close()


BACK_ENDS = ["sqlite", "postgresql"]
"""The class store's back ends, each store test's parameters."""

FIXTURES = (own_cluster, pg_cluster, pg_url)
"""The cluster's fixtures, imported here to register them for every test file."""


@pytest.fixture(params=BACK_ENDS)
def address(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty store's address on each back end: a SQLite data directory (not made
    yet), or a new database of the session's PostgreSQL cluster."""
    if request.param == "sqlite":
        return str(tmp_path / "class-data")
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.database()


@pytest.fixture
def store(address: str) -> Iterator[Any]:
    """The store at :func:`address`, open (closed after the test)."""
    from gin.ui.classroom.store import open_store

    s = open_store(address)
    yield s
    s.close()


def set_schema_version(address: str, version: int) -> None:
    """Mark the store at ``address`` (made already) as of schema ``version``, behind its
    back: PostgreSQL's ``gin_schema`` table, SQLite's ``PRAGMA user_version``."""
    from gin.ui.classroom.address import is_postgres
    from gin.ui.classroom.store import FILE_NAME

    if is_postgres(address):
        import psycopg

        with psycopg.connect(address, autocommit=True) as conn:
            conn.execute("UPDATE gin_schema SET version = %s", (version,))
    else:
        run_sql(Path(address) / FILE_NAME, f"PRAGMA user_version = {int(version)}")


@pytest.fixture
def class_env(address: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The app's environment for its kernels, on each back end: the store's address (a
    SQLite data directory in ``GIN_CLASS_DATA``, a PostgreSQL database in ``GIN_CLASS_DB``)
    and a teacher key; the kernel's recording state fresh (no store open, no member, a new
    limit and memory of answers). Returns the address."""
    from gin.ui.classroom import record, teacherkey
    from gin.ui.classroom.address import DATA_ENV, DB_ENV, is_postgres

    if is_postgres(address):
        monkeypatch.delenv(DATA_ENV, raising=False)
        monkeypatch.setenv(DB_ENV, address)
    else:
        monkeypatch.delenv(DB_ENV, raising=False)
        monkeypatch.setenv(DATA_ENV, address)
    monkeypatch.setenv(teacherkey.KEY_ENV, "the-key")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setitem(record._state, "store", None)
    monkeypatch.setitem(record._state, "member", None)
    monkeypatch.setitem(record._state, "awaiting", False)
    monkeypatch.setattr(record, "LIMIT", record.EventLimit())
    monkeypatch.setattr(record, "_recorded", type(record._recorded)())
    return address


@pytest.fixture
def fresh_widgets() -> Iterator[None]:
    """The test starts with no widgets (so a leak scan sees only its own) and closes what
    it made; the language is the default again after it. Test files of widgets use it for
    every test: ``pytestmark = pytest.mark.usefixtures("fresh_widgets")``."""
    ipywidgets.Widget.close_all()
    yield
    ipywidgets.Widget.close_all()
    set_language(DEFAULT_LANGUAGE)


@pytest.fixture(scope="session")
def stack() -> StackOrder:
    """The :func:`stack_order` helper."""
    return stack_order


CARDLESS_ACTIONS: list[gin.Action] = [
    gin.TakeUpCard(),
    gin.Pass(),
    gin.DrawStock(),
    gin.DrawDiscard(),
    gin.BigGin(),
    gin.LayOff(),
]
"""Every action that names no card, in the order the fuzz and property tests draw from."""


def views_of_random_deals(seeds: int, rng: random.Random) -> Iterator[gin.PlayerView]:
    """The view of the player to move at every decision of ``seeds`` spades-double deals
    (dealer ``seed % 2``), each move after the test has looked at the view chosen at
    random by ``rng`` among the legal ones."""
    for seed in range(seeds):
        deal = gin.Deal.new(gin.Rules.preset("spades-double"), dealer=seed % 2, seed=seed)
        while not deal.is_over:
            view = deal.view(deal.to_move)  # type: ignore[arg-type]
            yield view
            deal.apply(rng.choice(list(view.legal_actions)))


def play_moves(game: gin.Game, entries: int, move: Callable[[gin.Game], None]) -> None:
    """Play up to ``entries`` moves of ``game`` (starting a new deal is one), each deal's
    made by ``move(game)``. Stops when the game is over."""
    for _ in range(entries):
        if game.is_over:
            return
        if game.deal.is_over:
            game.next_deal()
            continue
        move(game)


def play_at_random(game: gin.Game, rng: random.Random, entries: int) -> None:
    """Play up to ``entries`` moves of ``game`` chosen by ``rng`` (:func:`play_moves`): a
    knock or big gin half the times one is legal, else any legal action."""

    def move(game: gin.Game) -> None:
        legal = game.deal.legal_actions()
        knocks = [a for a in legal if isinstance(a, gin.Knock | gin.BigGin)]
        game.apply(rng.choice(knocks) if knocks and rng.random() < 0.5 else rng.choice(legal))

    play_moves(game, entries, move)


@pytest.fixture(autouse=True)
def _default_language_after_each_test() -> Iterator[None]:
    """A test that switches a lesson's language leaves the next test in the default one."""
    yield
    from gin.i18n import DEFAULT_LANGUAGE, set_language

    set_language(DEFAULT_LANGUAGE)
