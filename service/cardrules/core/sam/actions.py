"""The Sâm actions: play cards, pass (bỏ lượt), or let the clock run out (a timeout, which the service resolves
to a play or a pass: :mod:`.timeout`)."""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.core.cards import ONLY_CARDS, Card, check_distinct
from cardrules.core.errors import ErrorReason, InvalidInput


def _check_seat(seat: object) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise InvalidInput.one("seat", ErrorReason.SEAT_OUT_OF_RANGE, f"seat must be an integer >= 0, got {seat!r}")


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays ``cards`` (in the given order; a later error names ``cards[i]`` in this order)."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        seat, cards = self.seat, self.cards
        # The common case in a few C calls: an int seat >= 0 and a non-empty tuple of distinct interned cards
        # (a Card is always 0..51), kept as given. Most plays are one card, which needs no repeat check. Anything
        # else takes the checks below, which name the problem.
        if (
            type(seat) is int
            and seat >= 0
            and type(cards) is tuple
            and cards
            and ONLY_CARDS.issuperset(map(type, cards))
            and (len(cards) == 1 or len(set(cards)) == len(cards))
        ):
            return
        _check_seat(self.seat)
        if isinstance(self.cards, str | bytes):
            raise InvalidInput.one(
                "cards", ErrorReason.MALFORMED_CARD, "cards must be a sequence of cards, not a string"
            )
        cards = check_distinct(self.cards, "cards")
        if not cards:
            raise InvalidInput.one(
                "cards", ErrorReason.WRONG_CARD_COUNT, "a play needs at least one card (use Pass to pass)"
            )
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` passes (bỏ lượt)."""

    seat: int

    def __post_init__(self) -> None:
        if type(self.seat) is not int or self.seat < 0:  # the common case (an int >= 0) costs no call
            _check_seat(self.seat)


@dataclass(frozen=True, slots=True)
class Timeout:
    """``seat``'s clock ran out (the caller keeps the clock): the service plays for it, by
    :func:`~cardrules.core.sam.timeout.resolve_timeout` (docs/rules/sam-loc.md §9.8)."""

    seat: int

    def __post_init__(self) -> None:
        if type(self.seat) is not int or self.seat < 0:
            _check_seat(self.seat)


Action = Play | Pass | Timeout
