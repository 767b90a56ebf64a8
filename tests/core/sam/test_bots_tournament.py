"""The Sâm bot levels are ordered: small seeded, seat-rotated tournaments (tests/support/sam_tournament.py; the
full-size ones are tests/benchmarks/bench_sam_bots.py). Not timed: the win counts and points of fixed seeds."""

from __future__ import annotations

from cardrules.core.bots import Level
from tests.support.sam_tournament import tournament

SEATS = 4


def test_standard_beats_three_basic_players() -> None:
    result = tournament(Level.STANDARD, Level.BASIC, 100, first_seed=0, seats=SEATS)
    assert result.hands == 400
    # Each BASIC seat wins what STANDARD leaves, a third of it on average: STANDARD must win far more than that.
    basic_wins = (result.hands - result.wins) / (SEATS - 1)
    assert result.wins > 3 * basic_wins
    assert result.wins >= 0.4 * result.hands
    assert sum(result.points_per_deal) > 0


def test_strong_beats_three_standard_players() -> None:
    result = tournament(Level.STRONG, Level.STANDARD, 60, first_seed=0, seats=SEATS, playouts=10)
    assert result.hands == 240
    standard_wins = (result.hands - result.wins) / (SEATS - 1)
    assert result.wins > standard_wins
    assert sum(result.points_per_deal) > 0
