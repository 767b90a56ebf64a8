"""The two Sâm actions: play cards, or pass (bỏ lượt)."""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.core.cards import Card, check_distinct
from cardrules.core.errors import InvalidInput


def _check_seat(seat: object) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise InvalidInput.one("seat", "BAD_SEAT", f"seat must be an integer >= 0, got {seat!r}")


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays ``cards`` (in the given order; a later error names ``cards[i]`` in this order)."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        if isinstance(self.cards, str | bytes):
            raise InvalidInput.one("cards", "MALFORMED_CARD", "cards must be a sequence of cards, not a string")
        cards = check_distinct(self.cards, "cards")
        if not cards:
            raise InvalidInput.one("cards", "EMPTY_PLAY", "a play needs at least one card (use Pass to pass)")
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` passes (bỏ lượt)."""

    seat: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)


Action = Play | Pass
