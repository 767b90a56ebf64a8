"""Small seeded Liêng tournaments (the benchmark's, tests/benchmarks/bench_lieng_bots.py, in a few hundred rounds):
the levels are ordered by the chips they win on fixed deals. Every deal is played once per seat rotation, so a
table of equal players ends level, and a player's total is its edge over the others."""

from __future__ import annotations

from cardrules.core.bots import Level
from tests.support.lieng_tournament import Player, always_call, bot, tournament


def totals(players: list[Player], deals: int) -> list[int]:
    rows = tournament(players, deals)
    assert len(rows) == deals * len(players)
    return [sum(row[p] for row in rows) for p in range(len(players))]


def test_equal_players_end_level() -> None:
    assert totals([bot(Level.STANDARD)] * 6, 10) == [0] * 6


def test_standard_beats_players_that_always_call() -> None:
    standard, *callers = totals([bot(Level.STANDARD), *[always_call] * 5], 50)
    assert standard > 0
    assert all(caller < standard for caller in callers)


def test_standard_beats_the_timeout_default() -> None:
    standard, *basics = totals([bot(Level.STANDARD), *[bot(Level.BASIC)] * 5], 20)
    assert standard > 0 > max(basics)


def test_basic_loses_to_standard_players() -> None:
    basic, *_ = totals([bot(Level.BASIC), *[bot(Level.STANDARD)] * 5], 20)
    assert basic < 0


def test_strong_beats_standard_players() -> None:
    strong, *standards = totals([bot(Level.STRONG), *[bot(Level.STANDARD)] * 5], 40)
    assert strong > 0
    assert all(other < strong for other in standards)
