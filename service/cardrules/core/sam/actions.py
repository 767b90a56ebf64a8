"""The Sâm actions: play cards, pass (bỏ lượt), or let the clock run out (a timeout, which the service resolves
to a play or a pass: :mod:`.timeout`)."""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.core.cards import Card, are_distinct_cards, check_distinct
from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.sam.naming import SAM_NAMING, SamNaming


def _check_seat(seat: object, field: str = "") -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise InvalidInput.one(
            join(field, "seat"), ErrorReason.SEAT_OUT_OF_RANGE, f"seat must be an integer >= 0, got {seat!r}"
        )


def _checked_cards(seat: object, cards: object, field: str, naming: SamNaming) -> tuple[Card, ...]:
    """A play's seat and cards checked, its errors named under ``field`` (the action's path) in ``naming``."""
    _check_seat(seat, field)
    path = naming.card_list(join(field, naming.play_cards))
    if isinstance(cards, str | bytes):
        raise InvalidInput.one(path, ErrorReason.MALFORMED_CARD, "cards must be a sequence of cards, not a string")
    checked = check_distinct(cards, path)  # type: ignore[arg-type]  # a non-card list fails there
    if not checked:
        raise InvalidInput.one(path, ErrorReason.WRONG_CARD_COUNT, "a play needs at least one card (use Pass to pass)")
    return checked


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays ``cards`` (in the given order; a later error names ``cards[i]`` in this order)."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        seat, cards = self.seat, self.cards
        # The common case: an int seat >= 0 and a non-empty tuple of distinct cards, kept as given. Anything else
        # takes the checks below, which name the problem.
        if type(seat) is int and seat >= 0 and type(cards) is tuple and cards and are_distinct_cards(cards):
            return
        object.__setattr__(self, "cards", _checked_cards(seat, cards, "", SAM_NAMING))

    @classmethod
    def checked(cls, seat: int, cards: tuple[Card, ...], field: str = "", naming: SamNaming = SAM_NAMING) -> Play:
        """``Play(seat, cards)``, its errors named under ``field`` (the action's path) in ``naming``: the paths are
        built only when there is a fault to name (the plain check runs first, nearly always passing)."""
        try:
            return cls(seat, cards)
        except InvalidInput:
            _checked_cards(seat, cards, field, naming)  # raises: the same play fails again, named
            raise


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` passes (bỏ lượt)."""

    seat: int

    def __post_init__(self) -> None:
        if type(self.seat) is not int or self.seat < 0:  # the common case (an int >= 0) costs no call
            _check_seat(self.seat)

    @classmethod
    def checked(cls, seat: int, field: str = "") -> Pass:
        """``Pass(seat)``, its error named under ``field`` (the action's path)."""
        _check_seat(seat, field)
        return cls(seat)


@dataclass(frozen=True, slots=True)
class Timeout:
    """``seat``'s clock ran out (the caller keeps the clock): the service plays for it, by
    :func:`~cardrules.core.sam.timeout.resolve_timeout` (docs/rules/sam-loc.md §9.8)."""

    seat: int

    def __post_init__(self) -> None:
        if type(self.seat) is not int or self.seat < 0:
            _check_seat(self.seat)

    @classmethod
    def checked(cls, seat: int, field: str = "") -> Timeout:
        """``Timeout(seat)``, its error named under ``field`` (the action's path)."""
        _check_seat(seat, field)
        return cls(seat)


Action = Play | Pass | Timeout
