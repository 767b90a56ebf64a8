"""``SeatState.holding`` / ``SeatState.counting`` are the constructor by another road: same value, same errors."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.core.cards import CARDS
from cardrules.core.errors import InvalidInput
from cardrules.core.sam import SeatState

# Good and bad hands alike: cards, plain ints, out-of-range values, repeats, too many, strings, non-sequences.
card_like = st.one_of(st.sampled_from(CARDS), st.integers(-3, 60), st.sampled_from([1.0, None, "3S", True]))
hands = st.one_of(st.lists(card_like, max_size=12), st.sampled_from(["3S4S", b"ab"]))
passes = st.sampled_from([False, True, 0, 1, None, "yes"])


def outcome(build: Any) -> object:
    """The value built, or the violations raised."""
    try:
        return build()
    except InvalidInput as error:
        return ("invalid", error.violations)


@given(hands, passes)
def test_holding_is_the_constructor(hand: Any, passed: Any) -> None:
    expected = outcome(lambda: SeatState(hand=hand, passed=passed))
    got = outcome(lambda: SeatState.holding(hand, passed))
    assert got == expected
    if isinstance(got, SeatState):
        assert type(got) is SeatState and got.hand == tuple(sorted(hand)) and got.count == len(hand)
        assert got.rank_index() == SeatState(hand=tuple(hand)).rank_index()


@given(st.one_of(st.integers(-2, 12), st.sampled_from([True, 3.0, None])), passes)
def test_counting_is_the_constructor(count: Any, passed: Any) -> None:
    expected = outcome(lambda: SeatState(count=count, passed=passed))
    got = outcome(lambda: SeatState.counting(count, passed))
    assert got == expected
    if isinstance(got, SeatState):
        assert got.hand is None and got.count == count and got.passed is passed


def test_seats_built_either_way_are_frozen() -> None:
    seat = SeatState.holding((CARDS[5], CARDS[1]))
    with pytest.raises(AttributeError):
        seat.passed = True  # type: ignore[misc]
    assert seat.hand == (CARDS[1], CARDS[5])
