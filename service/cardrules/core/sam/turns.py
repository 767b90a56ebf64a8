"""Whose turn comes next while a combination is on the table (rules §4.4)."""

from __future__ import annotations

from cardrules.core.sam.combination import Combination, is_choppable
from cardrules.core.sam.house_rules import HouseRules
from cardrules.core.sam.state import SeatState


def next_to_act(seats: tuple[SeatState, ...], after: int, owner: int, skip_passed: bool) -> int:
    """The seat after ``after`` that gets the turn while ``owner``'s combination is on the table; returns
    ``owner`` itself when the turn comes back to it (the trick ends). Seats that passed are skipped when
    ``skip_passed`` (that is, unless ``chop_after_pass`` lets them chop the combination on the table)."""
    n = len(seats)
    seat = after
    for _ in range(n):
        seat = (seat + 1) % n
        if seat == owner or not skip_passed or not seats[seat].passed:
            return seat
    return owner  # pragma: no cover - the loop always reaches owner


def skips_passed(combination: Combination | None, rules: HouseRules) -> bool:
    """Whether seats that passed are skipped while ``combination`` is on the table (always, unless
    ``chop_after_pass`` lets them come back to chop it)."""
    return not (rules.chop_after_pass and is_choppable(combination, rules))
