"""The trusted constructors build the same frozen value as the class's own constructor, without its checks."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardrules.core.cards import CARDS
from cardrules.core.errors import InvalidInput
from cardrules.core.lieng import betting
from cardrules.core.sam import SeatState, TableState
from cardrules.core.sam.state import trusted_seat, trusted_table, unknown_seat, with_passed
from cardrules.core.trusted import blank

SEATS = (SeatState(hand=(CARDS[3], CARDS[9])), SeatState(count=10))
LIENG_SEATS = (betting.SeatState(90, 10), betting.SeatState(90, 10))


def _values(value: object) -> dict[str, Any]:
    return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}  # type: ignore[arg-type]


def _defaults(cls: type) -> dict[str, Any]:
    return {f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING}


@pytest.mark.parametrize(
    ("cls", "built", "required"),
    [
        (TableState, trusted_table(seats=SEATS, turn=0), {"seats": SEATS, "turn": 0}),
        (betting.SeatState, betting._derived_seat(stack=5, committed=1), {"stack": 5, "committed": 1}),
        (
            betting.BettingState,
            betting._derived_state(seats=LIENG_SEATS, ante=10, first_actor=0, to_act=0, current_bet=10),
            {"seats": LIENG_SEATS, "ante": 10, "first_actor": 0, "to_act": 0, "current_bet": 10},
        ),
    ],
)
def test_a_field_left_out_takes_the_dataclass_default(cls: type, built: object, required: dict[str, Any]) -> None:
    assert type(built) is cls
    assert _values(built) == {**_defaults(cls), **required}  # every field stored, init=False ones included


def test_every_field_given_is_stored_and_the_value_equals_the_checked_one() -> None:
    checked = TableState(seats=SEATS, turn=1, current=(CARDS[40],), current_owner=0, lead_passes=0)
    built = trusted_table(**_values(checked))
    assert _values(built) == _values(checked) and built == checked and hash(built) == hash(checked)
    seat = betting.SeatState(0, 100, all_in=True, acted=True)
    assert betting._derived_seat(stack=0, committed=100, all_in=True, acted=True) == seat


def test_the_checks_are_skipped_and_the_value_stays_frozen() -> None:
    with pytest.raises(InvalidInput):
        betting.SeatState(-5, 1)
    value = betting._derived_seat(stack=-5, committed=1)
    assert value.stack == -5
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.stack = 0  # type: ignore[misc]


def test_the_trusted_constructors_take_keywords_only() -> None:
    with pytest.raises(TypeError):
        trusted_table(SEATS, 0)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        betting._derived_seat(5, 1)  # type: ignore[call-arg]


def test_blank_sets_no_field() -> None:
    value = blank(betting.SeatState)
    assert type(value) is betting.SeatState
    with pytest.raises(AttributeError):
        _ = value.stack


@pytest.mark.parametrize("cls", [SeatState, TableState, betting.SeatState, betting.BettingState])
def test_the_core_types_built_unchecked_are_frozen_dataclasses(cls: type) -> None:
    assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_the_trusted_seats_equal_the_checked_ones() -> None:
    hand = (CARDS[3], CARDS[9], CARDS[17])
    assert trusted_seat(hand, True) == SeatState(hand=hand, passed=True)
    assert trusted_seat(hand, True).count == 3
    assert unknown_seat(4, False) == SeatState(count=4)
    seat = SeatState(hand=hand)
    seat.rank_index()
    shared = with_passed(seat, True)
    assert shared == SeatState(hand=hand, passed=True)
    # The cached index is carried over (equal: compiled, a (bytes, int) field is re-boxed on each read).
    assert shared.rank_index() == seat.rank_index()
