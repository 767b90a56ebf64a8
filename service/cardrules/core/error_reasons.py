"""Why input is malformed: the one vocabulary of both games, the contract's ``cardrules.v1.ErrorReason``.

Each member's value is what the wire carries (``FieldViolation.reason``, ``ErrorInfo.reason``): the contract's
value name without its ``ERROR_REASON_`` prefix. protos/cardrules/v1/errors.proto documents each fault, its fields
and an example; tests/contract/test_error_reasons.py keeps the two lists the same.
"""

from __future__ import annotations

import enum

__all__ = ["ErrorReason"]


@enum.unique
class ErrorReason(enum.StrEnum):
    """The reason of a :class:`~cardrules.core.errors.FieldViolation`; one word per fault, the same in each game."""

    MALFORMED_CARD = "MALFORMED_CARD"
    """Not one of the 52 cards (unknown rank or suit, card text that does not parse)."""
    DUPLICATE_CARD = "DUPLICATE_CARD"
    """The same card twice where there is one deck."""
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    """A played card the acting seat does not hold."""
    WRONG_CARD_COUNT = "WRONG_CARD_COUNT"
    """A hand, play or table combination with a number of cards the game does not allow."""
    WRONG_HAND_COUNT = "WRONG_HAND_COUNT"
    """A number of hands the call does not take."""
    WRONG_SEAT_COUNT = "WRONG_SEAT_COUNT"
    """A number of seats outside 2 .. ``house_rules.max_players``."""
    SEAT_OUT_OF_RANGE = "SEAT_OUT_OF_RANGE"
    """A seat number that is not a seat at the table."""
    OUT_OF_RANGE = "OUT_OF_RANGE"
    """A number outside its allowed range (house-rule numbers, stake, ante, stacks, amounts, card counts)."""
    UNKNOWN_ENUM_VALUE = "UNKNOWN_ENUM_VALUE"
    """An enum number or name the contract does not define."""
    INVALID_VALUE = "INVALID_VALUE"
    """A value of the wrong type or form (JSON that the field cannot hold; the wrong Python type in the core)."""
    MISSING_VALUE = "MISSING_VALUE"
    """A value the call needs is not given."""
    UNEXPECTED_VALUE = "UNEXPECTED_VALUE"
    """A value given where the call takes none."""
    CONFLICTING_VALUES = "CONFLICTING_VALUES"
    """Two values that must agree do not."""
    HAND_REQUIRED = "HAND_REQUIRED"
    """A hand the call needs is hidden or absent."""
    ANTE_NOT_COVERED = "ANTE_NOT_COVERED"
    """A Liêng stack that does not cover the ante."""
    IMPOSSIBLE_STATE = "IMPOSSIBLE_STATE"
    """A state no game can reach."""
    ILLEGAL_ACTION = "ILLEGAL_ACTION"
    """An action of a round record that the rules forbid; the description starts with the game's reason code."""
    ROUND_NOT_OVER = "ROUND_NOT_OVER"
    """A round record whose actions end before the round does."""
    TOO_MANY = "TOO_MANY"
    """A repeated field over its bound (docs/limits.md)."""
    DUPLICATE_VALUE = "DUPLICATE_VALUE"
    """A value repeated in a list whose values must be distinct."""
    UNKNOWN_FIELD = "UNKNOWN_FIELD"
    """A field the message does not define."""
    DUPLICATE_FIELD = "DUPLICATE_FIELD"
    """A JSON request that gives one field twice."""
    MORE_VIOLATIONS = "MORE_VIOLATIONS"
    """The last entry of a capped list of violations: how many more there are."""
    WRONG_LENGTH = "WRONG_LENGTH"
    """A bytes or text value of a length outside its range (a deal's server and client seeds)."""
    UNKNOWN_ALGORITHM = "UNKNOWN_ALGORITHM"
    """A deal algorithm this server does not know."""
