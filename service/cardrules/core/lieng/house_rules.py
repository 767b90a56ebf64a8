"""Liêng house-rule switches (docs/rules/lieng.md §4) with their documented defaults.

Every switch is optional: ``HouseRules()`` is the table every known club plays. ``HouseRules.from_mapping``
builds one from a plain mapping (as the API layer receives it) and rejects an unknown switch or an
out-of-range value with :class:`InvalidInput` at ``house_rules.<name>``.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import InitVar, dataclass
from typing import Any

from cardrules.core.checks import is_int
from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput
from cardrules.core.fees import fee_bps_problem
from cardrules.core.house_rules import switches_from_mapping

__all__ = ["A23", "MAX_SEATS", "MIN_SEATS", "Excess", "HouseRules", "SuitTieBreak"]

MIN_SEATS = 2
MAX_SEATS = 6


@enum.unique
class A23(enum.Enum):
    """Where the Liêng A-2-3 ranks."""

    LOWEST = "LOWEST"
    """Default, every table we know: A-2-3 is the lowest Liêng."""
    ACE_HIGH = "ACE_HIGH"
    """Literal reading of the rules text: A-2-3 ties Q-K-A, the top Liêng."""


@enum.unique
class SuitTieBreak(enum.Enum):
    """How otherwise equal hands are separated (default: they are not; equal hands split)."""

    NONE = "NONE"
    """Default: suits never count; equal hands tie and split the pot."""
    HDCS = "HDCS"
    """Compare the hands' highest cards, by rank (2 low … A high) then suit ♥ > ♦ > ♣ > ♠."""
    DHCS = "DHCS"
    """Compare the hands' highest cards, by rank (2 low … A high) then suit ♦ > ♥ > ♣ > ♠."""


@enum.unique
class Excess(enum.Enum):
    """What happens to a contested band that none of its eligible seats can win with the best hand overall."""

    SIDE_POTS = "SIDE_POTS"
    """Default: the best hand among the band's eligible seats wins it (ordinary side pots)."""
    REFUND = "REFUND"
    """Literal reading of the text: such a band goes back to the seats that paid into it."""


class _Faults:
    """The faults the checks of house rules held at ``path`` find, each at ``path.name``."""

    __slots__ = ("found", "path")

    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[FieldViolation] = []

    def __call__(self, name: str, description: str, reason: ErrorReason = ErrorReason.OUT_OF_RANGE) -> None:
        self.found.append(FieldViolation(f"{self.path}.{name}", reason, description))


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The switches of docs/rules/lieng.md §4. ``None`` means "not set": see each field for what that means.

    - ``max_players``: 2–6 (default 6); a round has 2..max_players seats.
    - ``ante`` (*tiền gà*): the table minimum, > 0. Usually given with the round instead; when both are given
      they must agree.
    - ``min_raise``: > 0; ``None`` (default) means the ante. A raise (*tố*) must add at least this much.
    - ``max_raise``: > 0; ``None`` (default) means no cap on what one raise adds.
    - ``max_raise_rounds``: ≥ 1; ``None`` (default) means unlimited orbits containing a raise.
    - ``a23``, ``suit_tie_break``, ``excess``: see the enums.
    - ``fee_bps``: 0–10000 (default 0): each seat with a positive net pays floor(net × fee_bps / 10000).
    - ``timeout_checks`` (default False): a TIMEOUT is a CHECK instead of a FOLD when the seat owes nothing
      (docs/rules/lieng.md §6.9).
    """

    max_players: int = MAX_SEATS
    ante: int | None = None
    min_raise: int | None = None
    max_raise: int | None = None
    max_raise_rounds: int | None = None
    a23: A23 = A23.LOWEST
    suit_tie_break: SuitTieBreak = SuitTieBreak.NONE
    excess: Excess = Excess.SIDE_POTS
    fee_bps: int = 0
    timeout_checks: bool = False

    path: InitVar[str] = "house_rules"

    def __post_init__(self, path: str) -> None:
        bad = _Faults(path)
        problems = bad.found

        if not is_int(self.max_players) or not MIN_SEATS <= self.max_players <= MAX_SEATS:
            bad(
                "max_players",
                f"max_players must be an integer from {MIN_SEATS} to {MAX_SEATS}, got {self.max_players!r}",
            )
        for name in ("ante", "min_raise", "max_raise"):
            value = getattr(self, name)
            if value is not None and (not is_int(value) or value <= 0):
                bad(name, f"{name} must be a positive integer when set, got {value!r}")
        if self.max_raise_rounds is not None and (not is_int(self.max_raise_rounds) or self.max_raise_rounds < 1):
            bad("max_raise_rounds", f"max_raise_rounds must be an integer ≥ 1 when set, got {self.max_raise_rounds!r}")
        for name, kind in (("a23", A23), ("suit_tie_break", SuitTieBreak), ("excess", Excess)):
            if not isinstance(getattr(self, name), kind):
                bad(
                    name,
                    f"{name} must be one of {', '.join(m.name for m in kind)}, got {getattr(self, name)!r}",
                    ErrorReason.INVALID_VALUE,
                )
        fee_problem = fee_bps_problem(self.fee_bps)
        if fee_problem is not None:
            bad("fee_bps", fee_problem)
        if not isinstance(self.timeout_checks, bool):
            bad(
                "timeout_checks",
                f"timeout_checks must be true or false, got {self.timeout_checks!r}",
                ErrorReason.INVALID_VALUE,
            )
        if problems:
            raise InvalidInput(*problems)

    def min_raise_for(self, ante: int) -> int:
        """The smallest amount a raise must add at a table with this ante."""
        return ante if self.min_raise is None else self.min_raise

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any] | None, field: str = "house_rules") -> HouseRules:
        """Build from ``{"a23": "ACE_HIGH", "fee_bps": 500, …}``; absent or ``None`` values mean the default.

        Enum switches accept the enum member or its name (any case). Unknown switches and out-of-range values
        raise :class:`InvalidInput` at ``<field>.<name>``.
        """
        return cls(**switches_from_mapping(values, _FIELDS, _ENUMS, {}, "Liêng", field), path=field)


DEFAULT_RULES = HouseRules()
"""The house rules when a caller names none."""


_FIELDS = tuple(f.name for f in dataclasses.fields(HouseRules))
_ENUMS: dict[str, type[enum.Enum]] = {"a23": A23, "suit_tie_break": SuitTieBreak, "excess": Excess}
