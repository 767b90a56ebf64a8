"""Bad input, as the core reports it.

Malformed input (a card that does not parse, a duplicated card, a card not in the hand, an impossible state,
a wrong seat count, negative money, an unknown house-rule switch) is not a rules answer: it is the caller's
mistake. The core raises :class:`InvalidInput` naming each offending field; the API layer turns it into
``INVALID_ARGUMENT`` with ``google.rpc.BadRequest`` field violations. An *illegal play* is never an
``InvalidInput``: it is a normal answer carrying a reason code.

A field path is built with ``.`` and ``[i]`` from the core's own parameter and field names in snake_case
(``seats[2].hand[3]``, ``house_rules.fee_bps``), put under the path its caller says the value sits at (a
``field`` argument: ``state``, ``round``) and spelt in the caller's :class:`Naming` (the API layer passes the
contract's, where a card list is a ``Cards`` message: ``state.seats[2].hand.cards[3]``). So every error leaves the
core already naming the request's field: nothing rewrites paths afterwards. Reasons are :class:`ErrorReason`
members, the contract's vocabulary: the type keeps out any other word.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.core.error_reasons import ErrorReason
from cardrules.core.trusted import blank

__all__ = [
    "MAX_LISTED_VIOLATIONS",
    "OWN_NAMING",
    "ErrorReason",
    "Faults",
    "FieldViolation",
    "InvalidInput",
    "Naming",
    "join",
    "violation",
]

MAX_LISTED_VIOLATIONS = 20
"""An error lists at most this many violations, then how many more (the API layer sends every error in the trailers
of a gRPC call, which clients cap at 8 KiB): a :class:`Faults` builds only what can be listed."""


def join(field: str, name: str) -> str:
    """The path of ``name`` (``seats[2]``, ``[3]``; empty: the value itself) inside the value at ``field`` (empty:
    the input itself): ``join("state", "turn")`` is ``state.turn``, ``join("hands", "[1]")`` is ``hands[1]``."""
    if not field:
        return name
    if not name:
        return field
    return f"{field}{name}" if name.startswith("[") else f"{field}.{name}"


@dataclass(frozen=True, slots=True)
class Naming:
    """How a caller spells the parts of its input that it holds differently from the core's values (the core's
    own spelling by default). ``cards``: what comes between a card list's path and a card's index — empty for a
    list of cards (``hand[3]``), ``".cards"`` for a message holding its list in a field ``cards``
    (``hand.cards[3]``). A game adds the words of its own values (:class:`cardrules.core.sam.SamNaming`)."""

    cards: str = ""

    def card_list(self, path: str) -> str:
        """The path whose ``[i]`` is card i of the card list at ``path`` (the ``field`` of
        :func:`~cardrules.core.cards.check_distinct`)."""
        return f"{path}{self.cards}"

    def card(self, path: str, index: int) -> str:
        """The path of card ``index`` of the card list at ``path``."""
        return f"{path}{self.cards}[{index}]"


OWN_NAMING = Naming()
"""The core's own spelling (``hands[1][3]``)."""


@dataclass(frozen=True, slots=True)
class FieldViolation:
    """One offending field: its path, a stable machine-readable reason and an English description."""

    field: str
    reason: ErrorReason
    description: str


def violation(field: str, reason: ErrorReason, description: str) -> FieldViolation:
    """``FieldViolation(field, reason, description)`` without the dataclass's generated ``__init__`` (its frozen
    checks), for the paths that may report thousands of faults in one request; the fields are typed values, so
    nothing is skipped that the constructor would check (cardrules.core.trusted says how)."""
    made = blank(FieldViolation)
    object.__setattr__(made, "field", field)
    object.__setattr__(made, "reason", reason)
    object.__setattr__(made, "description", description)
    return made


class InvalidInput(ValueError):
    """Malformed input: one or more :class:`FieldViolation`."""

    def __init__(self, *violations: FieldViolation, unlisted: int = 0) -> None:
        """``unlisted``: further violations that were counted but not built (a request may hold thousands; an
        error shows the first few and how many more)."""
        if not violations:
            raise ValueError("InvalidInput needs at least one violation")
        self.violations: tuple[FieldViolation, ...] = violations
        self.unlisted = unlisted
        super().__init__()  # the text is built by __str__ only when read: a request may hold thousands of faults

    def __str__(self) -> str:
        text = "; ".join(f"{v.field}: {v.description}" for v in self.violations)
        return f"{text} (and {self.unlisted} more)" if self.unlisted else text

    @classmethod
    def one(cls, field: str, reason: ErrorReason, description: str) -> InvalidInput:
        """Shorthand for a single violation."""
        return cls(FieldViolation(field, reason, description))


_BUILT = MAX_LISTED_VIOLATIONS + 1  # Faults.BUILT: a default value cannot name a class attribute when compiled


class Faults:
    """The violations of one input as its checks find them: the first :attr:`BUILT` in full (as many as an error
    lists, plus the one its "more" entry points at), the rest only counted. A request can hold thousands of faults
    (a record's every action, a thousand hands, all their cards), and building a path and a description for each,
    which no error shows, cost more than answering a well-formed request: so each check that reports one fault per
    element of a list asks :meth:`building` first and builds nothing once the error is full."""

    BUILT = _BUILT

    __slots__ = ("built", "listed", "unlisted")

    def __init__(self, built: int = _BUILT) -> None:
        """``built``: how many to build (0: only count them, to learn whether there is any fault)."""
        self.built = built
        self.listed: list[FieldViolation] = []
        self.unlisted = 0

    def building(self) -> bool:
        """Whether the next fault is to be built (then :meth:`add` it); if not, it is counted here."""
        if len(self.listed) < self.built:
            return True
        self.unlisted += 1
        return False

    def add(self, violation: FieldViolation) -> None:
        """A violation built after :meth:`building` said so."""
        self.listed.append(violation)

    def extend(self, error: InvalidInput) -> None:
        """The violations of ``error`` as far as they are kept; the rest counted."""
        for v in error.violations:
            if self.building():
                self.listed.append(v)
        self.unlisted += error.unlisted

    def check(self) -> None:
        """Raise :class:`InvalidInput` with what was found, if anything."""
        if self.listed:
            raise InvalidInput(*self.listed, unlisted=self.unlisted)
