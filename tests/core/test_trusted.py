"""``unchecked_constructor`` builds the same frozen value as the class's own constructor, without its checks."""

from __future__ import annotations

import dataclasses

import pytest

from cardrules.core.cards import CARDS
from cardrules.core.lieng import betting
from cardrules.core.sam import SeatState, TableState
from cardrules.core.sam.state import trusted_seat
from cardrules.core.trusted import unchecked_constructor


@dataclasses.dataclass(frozen=True, slots=True)
class Checked:
    low: int
    high: int
    cached: int | None = dataclasses.field(default=None, init=False, compare=False)

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low > high")


def test_it_stores_every_field_by_name_and_equals_the_checked_value() -> None:
    make = unchecked_constructor(Checked)
    value = make(high=2, low=1, cached=7)
    assert type(value) is Checked
    assert (value.low, value.high, value.cached) == (1, 2, 7)
    assert value == Checked(1, 2)  # ``cached`` is not compared
    assert hash(value) == hash(Checked(1, 2))
    assert make(low=1, high=2).cached is None  # left out: the dataclass default


def test_it_skips_post_init_and_the_value_stays_frozen() -> None:
    value = unchecked_constructor(Checked)(low=5, high=1)  # the checked constructor would refuse this
    assert value.low == 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.low = 0  # type: ignore[misc]


def test_it_takes_keywords_only_and_needs_every_field_without_a_default() -> None:
    with pytest.raises(TypeError):
        unchecked_constructor(Checked)(1, 2)
    with pytest.raises(TypeError):
        unchecked_constructor(Checked)(low=1)


@pytest.mark.parametrize("cls", [SeatState, TableState, betting.SeatState, betting.BettingState])
def test_the_core_types_built_unchecked_are_slotted_frozen_dataclasses(cls: type) -> None:
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    assert params.frozen and "__slots__" in cls.__dict__
    assert [f.name for f in dataclasses.fields(cls)] == list(cls.__slots__)  # type: ignore[attr-defined]


def test_a_trusted_seat_equals_the_checked_one() -> None:
    hand = (CARDS[3], CARDS[9], CARDS[17])
    assert trusted_seat(hand, True) == SeatState(hand=hand, passed=True)
    assert trusted_seat(hand, True).count == 3
