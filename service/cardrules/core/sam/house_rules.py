"""The Sâm Lốc house-rule switches of rules §7, with their documented defaults."""

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


@enum.unique
class ChopChain(enum.Enum):
    """How the chops (chặt) of one trick's chain are paid."""

    EACH = "EACH"
    """Every chop of the chain costs ``chop_penalty``·s."""
    DOUBLE = "DOUBLE"
    """The k-th chop of a chain costs ``chop_penalty``·2^(k−1)·s."""
    LAST_ONLY = "LAST_ONLY"
    """Only the last chop of a chain is paid, at ``chop_penalty``·2^(k−1)·s."""


@enum.unique
class SamFailPayTo(enum.Enum):
    """Who a blocked Sâm declarer (báo Sâm) pays."""

    BLOCKER = "BLOCKER"
    """The declarer pays ``sam_multiplier``·(n−1)·s to the blocker."""
    EACH = "EACH"
    """The declarer pays ``sam_multiplier``·s to every other seat."""


@enum.unique
class BaoMot(enum.Enum):
    """What happens when a seat breaks the báo 1 (one card left) duty."""

    PENALTY = "PENALTY"
    """The play is legal but marks the violator, who pays for everyone if the one-card seat goes out on it."""
    FORBIDDEN = "FORBIDDEN"
    """The play is rejected (MUST_PLAY_HIGHEST_SINGLE)."""


@enum.unique
class FinishWithTwo(enum.Enum):
    """Whether a seat may empty its hand with a play containing a 2."""

    PENALTY = "PENALTY"
    """Legal; the finisher pays every other seat (cards that seat played)·s."""
    FORBIDDEN = "FORBIDDEN"
    """Illegal (CANNOT_FINISH_WITH_TWO); a leader with no other lead passes the lead."""


@enum.unique
class ThoiTwo(enum.Enum):
    """How a loser still holding 2s (thối 2) pays."""

    FLAT = "FLAT"
    """A loser holding only 2s pays ``thoi_two_multiplier``·s instead of cards left."""
    PER_TWO = "PER_TWO"
    """Every non-cóng loser pays cards left·s plus ``thoi_two_per_card``·s per 2 held."""


@enum.unique
class TimeoutLead(enum.Enum):
    """What the service leads for a leader whose clock ran out (docs/rules/sam-loc.md §9.8). Duties still bind:
    a single becomes the highest single when the next seat holds one card (báo 1), a stuck leader passes the lead."""

    LOWEST_SINGLE = "LOWEST_SINGLE"
    """The lowest card: the lowest rank, among equal ranks the first in the suit order ♠ ♣ ♦ ♥."""
    LOWEST_SET = "LOWEST_SET"
    """Every card of the lowest rank held (a single, pair, triple or four of a kind of that rank); when those are
    the whole hand and all 2s under ``finish_with_two = FORBIDDEN``, the lowest single instead."""


@enum.unique
class InstantWinKind(enum.Enum):
    """The instant wins at the deal (tới trắng = instant win), strongest first."""

    DRAGON = "DRAGON"
    """All 10 cards form one straight (sảnh rồng)."""
    FOUR_TWOS = "FOUR_TWOS"
    """All four 2s (tứ quý 2)."""
    SAME_COLOR = "SAME_COLOR"
    """All 10 cards red (♦♥) or all 10 black (♠♣) (đồng màu)."""
    THREE_TRIPLES = "THREE_TRIPLES"
    """Three ranks each held 3 or more times (ba sám cô)."""
    FIVE_PAIRS = "FIVE_PAIRS"
    """Every rank held is held 2 or 4 times (năm đôi)."""

    @property
    def priority(self) -> int:
        """0 for the strongest (DRAGON) … 4 for FIVE_PAIRS."""
        return _INSTANT_ORDER.index(self)


_INSTANT_ORDER = tuple(InstantWinKind)
ALL_INSTANT_WINS: frozenset[InstantWinKind] = frozenset(InstantWinKind)

_ENUMS: dict[str, type[enum.Enum]] = {
    "chop_chain": ChopChain,
    "sam_fail_pay_to": SamFailPayTo,
    "bao_mot": BaoMot,
    "finish_with_two": FinishWithTwo,
    "thoi_two": ThoiTwo,
    "timeout_lead": TimeoutLead,
}
_BOOLS = ("straight_low_ace", "quad_beats_pair_of_twos", "chop_after_pass")
_AMOUNTS = (
    "chop_penalty",
    "sam_multiplier",
    "thoi_two_multiplier",
    "thoi_two_per_card",
    "cong_multiplier",
    "instant_win_multiplier",
)


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
    """Every Sâm switch of rules §7; the defaults are the documented ones. Validated on construction."""

    max_players: int = 5
    straight_low_ace: bool = False
    quad_beats_pair_of_twos: bool = False
    chop_after_pass: bool = False
    chop_penalty: int = 20
    chop_chain: ChopChain = ChopChain.EACH
    sam_multiplier: int = 20
    sam_fail_pay_to: SamFailPayTo = SamFailPayTo.BLOCKER
    bao_mot: BaoMot = BaoMot.PENALTY
    finish_with_two: FinishWithTwo = FinishWithTwo.PENALTY
    thoi_two: ThoiTwo = ThoiTwo.FLAT
    thoi_two_multiplier: int = 20
    thoi_two_per_card: int = 5
    cong_multiplier: int = 14
    instant_wins: frozenset[InstantWinKind] = ALL_INSTANT_WINS
    instant_win_multiplier: int = 20
    fee_bps: int = 0
    timeout_lead: TimeoutLead = TimeoutLead.LOWEST_SINGLE

    path: InitVar[str] = "house_rules"

    def __post_init__(self, path: str) -> None:
        bad = _Faults(path)
        problems = bad.found

        if not is_int(self.max_players) or not 2 <= self.max_players <= 5:
            bad("max_players", f"max_players must be an integer 2..5, got {self.max_players!r}")
        for name in _BOOLS:
            if not isinstance(getattr(self, name), bool):
                bad(name, f"{name} must be true or false, got {getattr(self, name)!r}", ErrorReason.INVALID_VALUE)
        for name in _AMOUNTS:
            value = getattr(self, name)
            if not is_int(value) or value < 0:
                bad(name, f"{name} must be an integer >= 0, got {value!r}")
        fee_problem = fee_bps_problem(self.fee_bps)
        if fee_problem is not None:
            bad("fee_bps", fee_problem)
        for name, kind in _ENUMS.items():
            if not isinstance(getattr(self, name), kind):
                bad(
                    name,
                    f"{name} must be one of {', '.join(m.name for m in kind)}, got {getattr(self, name)!r}",
                    ErrorReason.INVALID_VALUE,
                )
        wins = self.instant_wins
        if not isinstance(wins, frozenset) or not all(isinstance(w, InstantWinKind) for w in wins):
            bad(
                "instant_wins",
                f"instant_wins must be a frozenset of InstantWinKind, got {wins!r}",
                ErrorReason.INVALID_VALUE,
            )
        if problems:
            raise InvalidInput(*problems)

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any] | None, field: str = "house_rules") -> HouseRules:
        """Build from ``{"fee_bps": 500, "chop_chain": "DOUBLE", "instant_wins": ["DRAGON"], ...}``.

        Keys are the §7 names in snake_case; enum values are the uppercase names of the rules text; absent keys
        (or ``None`` values) take the defaults. An unknown key or an out-of-range value raises :class:`InvalidInput` at
        ``<field>.<name>``.
        """
        return cls(
            **switches_from_mapping(values, _FIELDS, _ENUMS, {"instant_wins": InstantWinKind}, "Sâm", field), path=field
        )


DEFAULT_RULES = HouseRules()

_FIELDS = tuple(f.name for f in dataclasses.fields(HouseRules))
