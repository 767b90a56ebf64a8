"""How much a Sâm request can legitimately hold, derived from the rules (docs/rules/sam-loc.md §0, §4, §9).

The service checks these bounds before it converts anything, so a request's work is bounded by the game, not by
the message size. Each constant says why it is what it is; :func:`max_round_actions` derives the longest hand.
"""

from __future__ import annotations

from cardrules.core.sam.house_rules import InstantWinKind
from cardrules.core.sam.state import HAND_SIZE

__all__ = [
    "HAND_SIZE",
    "MAX_CHOP_CHAIN",
    "MAX_DECLARATIONS",
    "MAX_INSTANT_WIN_KINDS",
    "MAX_ROUND_ACTIONS",
    "MAX_SEATS",
    "max_round_actions",
]

MAX_SEATS = 5
"""A Sâm table seats 2 to 5 (``max_players`` is 2..5: five hands of ten fit the 52-card deck)."""

MAX_DECLARATIONS = MAX_SEATS
"""Each seat declares Sâm at most once, before the first card (§4.2): one declaration per seat."""

MAX_INSTANT_WIN_KINDS = len(InstantWinKind)
"""The instant-win set names each of the five kinds at most once (§7: any subset of the five)."""

MAX_CHOP_CHAIN = MAX_SEATS * HAND_SIZE // 4
"""A chop chain lists the chops of one trick, each one a different four of a kind (§3, §6); the 50 dealt cards
hold at most 12 of them."""

_TWOS = 4
"""The deck's 2s: only a seat holding a single 2 can be a stuck leader (§4.6, §9.1)."""


def max_round_actions(seats: int) -> int:
    """The most actions a legal Sâm hand at a table of ``seats`` (2..5) can take, plays and passes (§4, §9).

    - **Plays.** Every play removes at least one card. The hand ends the moment one hand is empty (§4.5), so
      the winner plays at most its 10 cards and every other seat at most 9: plays ≤ 10 + 9·(seats − 1).
    - **Passes in a trick.** Between two plays each other seat passes at most once: a seat that passed is
      skipped until the trick ends, and under ``chop_after_pass`` a passed seat gets the turn again only after
      the turn went round past the last player, which ends the trick (§4.4). So after each play but the last
      (which ends the hand) come at most seats − 1 passes.
    - **Lead passes** (§4.6, §9.1, ``finish_with_two = FORBIDDEN``). Only a leader holding one card, a 2, passes
      the lead, and such a seat never plays again without ending the hand. A run of lead passes therefore
      starts only when the play that left a seat with a single 2 won the trick — at most once per seat that
      ever holds a single 2, at most min(seats, 4) runs — and a run holds at most one pass per stuck seat,
      min(seats, 4) (it ends when a seat that is not stuck leads, or when all seats passed the lead).

    Total ≤ plays + (plays − 1)·(seats − 1) + min(seats, 4)²: 41, 91, 161, 242 actions for 2, 3, 4, 5 seats.
    A real hand is far shorter; the longest constructed legal hand at 5 seats (each seat leads singles
    nobody answers, then hands the lead on) takes 210 actions (tests/core/sam/test_round_limits.py).
    """
    plays = HAND_SIZE + (HAND_SIZE - 1) * (seats - 1)
    trick_passes = (plays - 1) * (seats - 1)
    stuck = min(seats, _TWOS)
    return plays + trick_passes + stuck * stuck


MAX_ROUND_ACTIONS = max_round_actions(MAX_SEATS)
"""The longest legal hand at the largest table: 242 actions (see :func:`max_round_actions`)."""
