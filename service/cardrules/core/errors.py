"""Bad input, as the core reports it.

Malformed input (a card that does not parse, a duplicated card, a card not in the hand, an impossible state,
a wrong seat count, negative money, an unknown house-rule switch) is not a rules answer: it is the caller's
mistake. The core raises :class:`InvalidInput` naming each offending field; the API layer turns it into
``INVALID_ARGUMENT`` with ``google.rpc.BadRequest`` field violations. An *illegal play* is never an
``InvalidInput``: it is a normal answer carrying a reason code.

Field paths use the core's own parameter names in snake_case with ``.`` and ``[i]``
(``seats[2].hand[3]``, ``house_rules.fee_bps``); the contract mirrors these names so the API layer only adds
the request's prefix. Reasons are :class:`ErrorReason` members, the contract's vocabulary: the type keeps out any
other word.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardrules.core.error_reasons import ErrorReason

__all__ = ["MAX_LISTED_VIOLATIONS", "ErrorReason", "Faults", "FieldViolation", "InvalidInput", "violation"]

MAX_LISTED_VIOLATIONS = 20
"""An error lists at most this many violations, then how many more (the API layer sends every error in the trailers
of a gRPC call, which clients cap at 8 KiB): a :class:`Faults` builds only what can be listed."""


@dataclass(frozen=True, slots=True)
class FieldViolation:
    """One offending field: its path, a stable machine-readable reason and an English description."""

    field: str
    reason: ErrorReason
    description: str

    def at(self, field: str) -> FieldViolation:
        """The same violation at ``field`` (itself when that is its field already)."""
        return self if field == self.field else FieldViolation(field, self.reason, self.description)

    def under(self, prefix: str) -> FieldViolation:
        """The same violation with ``prefix`` put in front of its path (``state`` + ``seats[1]``)."""
        if not prefix:
            return self
        joined = f"{prefix}{self.field}" if self.field.startswith("[") else f"{prefix}.{self.field}"
        return FieldViolation(joined if self.field else prefix, self.reason, self.description)


_set = object.__setattr__


def violation(field: str, reason: ErrorReason, description: str) -> FieldViolation:
    """``FieldViolation(field, reason, description)`` without the dataclass's generated ``__init__`` (its frozen
    checks), for the paths that may report thousands of faults in one request; the fields are typed values, so
    nothing is skipped that the constructor would check."""
    made = object.__new__(FieldViolation)
    _set(made, "field", field)
    _set(made, "reason", reason)
    _set(made, "description", description)
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

    def under(self, prefix: str) -> InvalidInput:
        """The same error with every path put under ``prefix``."""
        return InvalidInput(*(v.under(prefix) for v in self.violations), unlisted=self.unlisted)


class Faults:
    """The violations of one input as its checks find them: the first :attr:`BUILT` in full (as many as an error
    lists, plus the one its "more" entry points at), the rest only counted. A request can hold thousands of faults
    (a record's every action, a thousand hands, all their cards), and building a path and a description for each,
    which no error shows, cost more than answering a well-formed request: so each check that reports one fault per
    element of a list asks :meth:`building` first and builds nothing once the error is full."""

    BUILT = MAX_LISTED_VIOLATIONS + 1

    __slots__ = ("built", "listed", "unlisted")

    def __init__(self, built: int = BUILT) -> None:
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

    def extend(self, error: InvalidInput, path: Callable[[str], str] | None = None) -> None:
        """The violations of ``error``, each put at ``path(its field)`` only if it is kept; the rest counted."""
        for v in error.violations:
            if self.building():
                self.listed.append(v if path is None else v.at(path(v.field)))
        self.unlisted += error.unlisted

    def check(self) -> None:
        """Raise :class:`InvalidInput` with what was found, if anything."""
        if self.listed:
            raise InvalidInput(*self.listed, unlisted=self.unlisted)
