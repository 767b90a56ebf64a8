"""Bad input, as the core reports it.

Malformed input (a card that does not parse, a duplicated card, a card not in the hand, an impossible state,
a wrong seat count, negative money, an unknown house-rule switch) is not a rules answer: it is the caller's
mistake. The core raises :class:`InvalidInput` naming each offending field; the API layer turns it into
``INVALID_ARGUMENT`` with ``google.rpc.BadRequest`` field violations. An *illegal play* is never an
``InvalidInput``: it is a normal answer carrying a reason code.

Field paths use the core's own parameter names in snake_case with ``.`` and ``[i]``
(``seats[2].hand[3]``, ``house_rules.fee_bps``); the contract mirrors these names so the API layer only adds
the request's prefix.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FieldViolation:
    """One offending field: its path, a stable machine-readable reason and an English description."""

    field: str
    reason: str
    description: str

    def under(self, prefix: str) -> FieldViolation:
        """The same violation with ``prefix`` put in front of its path (``state`` + ``seats[1]``)."""
        if not prefix:
            return self
        joined = f"{prefix}{self.field}" if self.field.startswith("[") else f"{prefix}.{self.field}"
        return FieldViolation(joined if self.field else prefix, self.reason, self.description)


class _ViolationSlots:
    """Mutable twin of :class:`FieldViolation` (same slots): see :func:`violation`."""

    __slots__ = FieldViolation.__slots__  # the same names in the same order
    field: str
    reason: str
    description: str


def violation(field: str, reason: str, description: str) -> FieldViolation:
    """``FieldViolation(field, reason, description)`` built at a third of the cost (plain stores into a twin with
    the same slots, then the class switched), for the paths that may report thousands of faults in one request."""
    made: _ViolationSlots = object.__new__(_ViolationSlots)
    made.field = field
    made.reason = reason
    made.description = description
    made.__class__ = FieldViolation  # type: ignore[assignment]
    return made  # type: ignore[return-value]


class InvalidInput(ValueError):
    """Malformed input: one or more :class:`FieldViolation`."""

    def __init__(self, *violations: FieldViolation) -> None:
        if not violations:
            raise ValueError("InvalidInput needs at least one violation")
        self.violations: tuple[FieldViolation, ...] = violations
        super().__init__()  # the text is built by __str__ only when read: a request may hold thousands of faults

    def __str__(self) -> str:
        return "; ".join(f"{v.field}: {v.description}" for v in self.violations)

    @classmethod
    def one(cls, field: str, reason: str, description: str) -> InvalidInput:
        """Shorthand for a single violation."""
        return cls(FieldViolation(field, reason, description))

    def under(self, prefix: str) -> InvalidInput:
        """The same error with every path put under ``prefix``."""
        return InvalidInput(*(v.under(prefix) for v in self.violations))
