"""How much a Liêng request can legitimately hold, derived from the rules (docs/rules/lieng.md §0, §2, §4).

The service checks these bounds before it converts anything, so a request's work is bounded by the game, not by
the message size. Each constant says why it is what it is; :func:`max_round_actions` derives the longest round.
"""

from __future__ import annotations

from cardrules.core.lieng.compare import MAX_COMPARED_HANDS
from cardrules.core.lieng.house_rules import MAX_SEATS

__all__ = [
    "HAND_SIZE",
    "MAX_COMPARED_HANDS",
    "MAX_ROUND_ACTIONS",
    "MAX_SCORED_HANDS",
    "MAX_SEATS",
    "UNCAPPED_RAISE_ORBITS",
    "max_round_actions",
]

HAND_SIZE = 3
"""A Liêng hand is three cards (§0)."""

MAX_SCORED_HANDS = 1000
"""One ScoreLieng call scores up to 1000 hands: a batch of many tables' deals (a deal is at most 17 hands), and
still a few milliseconds of work."""

UNCAPPED_RAISE_ORBITS = 50
"""Without ``max_raise_rounds`` the rules cap raising only by the stacks, which are not bounded. A record is
accepted with up to 50 orbits containing a raise: each raise adds at least ``min_raise``, so that is a pot of
more than 50 minimum raises per active seat, far beyond the few dozen actions of a real round. (At 100 orbits
the longest record, 606 actions, kept a worker so busy that four of them in flight pushed health checks past
their latency target: tests/benchmarks/README.md, worst cases.)"""


def max_round_actions(seats: int, max_raise_rounds: int | None = None) -> int:
    """The most actions a Liêng betting round at a table of ``seats`` (2..6) may take (§2).

    The turn goes round in play order and an orbit ends each time it passes the first actor's position again,
    so a seat acts at most once per orbit: at most ``seats`` actions per orbit. An orbit without a raise closes
    the betting: after the last raise every other seat acts once more and, nobody raising, each is then level
    with the bet and has acted. So a round spans at most one orbit more than the orbits that contain a raise,
    which ``max_raise_rounds`` caps (default here: :data:`UNCAPPED_RAISE_ORBITS`, the smaller one applies):
    ``seats · (raise orbits + 1)`` — 306 actions at 6 seats without a cap, 12 at 6 seats with
    ``max_raise_rounds = 1``.
    """
    orbits = UNCAPPED_RAISE_ORBITS if max_raise_rounds is None else min(max_raise_rounds, UNCAPPED_RAISE_ORBITS)
    return seats * (orbits + 1)


MAX_ROUND_ACTIONS = max_round_actions(MAX_SEATS)
"""The longest accepted round at the largest table: 306 actions (see :func:`max_round_actions`)."""
