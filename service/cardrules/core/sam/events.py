"""Events an accepted action causes, and how a hand ended."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple


@enum.unique
class EventKind(enum.StrEnum):
    """What an accepted action caused. ``seat`` and ``other_seat`` of :class:`Event` are documented per kind."""

    CHOP = "CHOP"
    """A four of a kind chopped (chặt) a single 2, a pair of 2s or a four of a kind that was not itself a chop.
    ``seat`` = chopper, ``other_seat`` = owner of the chopped combination, ``chain_position`` = 1."""
    OVER_CHOP = "OVER_CHOP"
    """A higher four of a kind chopped a four of a kind that had just chopped (chặt chồng), extending the chain.
    ``seat`` = chopper, ``other_seat`` = chopped, ``chain_position`` = k ≥ 2."""
    SAM_BLOCKED = "SAM_BLOCKED"
    """A seat beat the Sâm declarer's combination (chặn Sâm); the hand ends. ``seat`` = blocker,
    ``other_seat`` = declarer."""
    SAM_SUCCEEDED = "SAM_SUCCEEDED"
    """The declarer (báo Sâm) emptied the hand. ``seat`` = declarer."""
    SAM_FAILED_STUCK = "SAM_FAILED_STUCK"
    """The declarer was a stuck leader; the Sâm fails with no blocker. ``seat`` = declarer."""
    BAO_MOT_VIOLATION = "BAO_MOT_VIOLATION"
    """A single below the highest rank was played while the next seat holds one card (báo 1, PENALTY mode).
    ``seat`` = violator, ``other_seat`` = the one-card seat."""
    BAO_MOT_PENALTY = "BAO_MOT_PENALTY"
    """The one-card seat went out on the violator's single. ``seat`` = finisher, ``other_seat`` = violator."""
    FINISH = "FINISH"
    """A seat emptied its hand and wins the hand (not emitted for a Sâm: see SAM_SUCCEEDED). ``seat`` = it."""
    FINISH_ON_TWO = "FINISH_ON_TWO"
    """The finishing play contained a 2 (PENALTY mode): the finisher pays. ``seat`` = finisher."""
    TRICK_ENDED = "TRICK_ENDED"
    """Nobody beat the last combination; pass marks and the chop chain are cleared. ``seat`` = its owner."""
    NEXT_LEADER = "NEXT_LEADER"
    """``seat`` leads the next trick."""
    LEAD_PASSED = "LEAD_PASSED"
    """A stuck leader (``finish_with_two = FORBIDDEN``, every lead would go out on a 2) passed the lead.
    ``seat`` = stuck leader, ``other_seat`` = the new leader."""
    TIMEOUT = "TIMEOUT"
    """The seat's clock ran out (a :class:`~cardrules.core.sam.actions.Timeout`); the service played or passed for
    it, and the events after this one are that play's or pass's. ``seat`` = the seat whose clock ran out."""


@enum.unique
class HandEnd(enum.Enum):
    """How a hand ended (stored on the final :class:`TableState`)."""

    FINISHED = "FINISHED"
    """A seat went out normally (about to be settled as NORMAL)."""
    FINISHED_ON_TWO = "FINISHED_ON_TWO"
    """A seat went out with a play containing a 2 (PENALTY mode)."""
    BAO_MOT_PENALTY = "BAO_MOT_PENALTY"
    """The one-card seat went out on a báo-1 violator's single."""
    SAM_WON = "SAM_WON"
    """The Sâm declarer emptied the hand."""
    SAM_BLOCKED = "SAM_BLOCKED"
    """A seat beat the declarer's combination; ``winner`` is the blocker."""
    SAM_FAILED_STUCK = "SAM_FAILED_STUCK"
    """The declarer was a stuck leader; ``winner`` is None."""


class Event(NamedTuple):
    """One thing an accepted action caused."""

    kind: EventKind
    seat: int
    other_seat: int | None = None
    chain_position: int = 0


@dataclass(frozen=True, slots=True)
class Chop:
    """One chop of a trick's chain: ``chopped`` (owner of the chopped combination) pays ``chopper``.

    ``position`` is 1 for the first chop of the chain, k for the k-th (over-chops).
    """

    chopper: int
    chopped: int
    position: int
