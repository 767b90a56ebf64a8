"""Who sees what in a ``Deal`` answer: the same in both games (docs/fair-deal.md, "Handing out the deal").

A seat sees its own dealt hand only, a spectator no hand, the audit view the whole deal. The undealt cards are the
audit view's alone: with them and its own hand a seat would know what the other seats hold (at a 2-seat Sâm table,
the other hand exactly). The commitment and the algorithm are public: the backend publishes them before the deal.

These functions decide, for one deal and one viewer, what is taken out; ``cardrules.api.fair_deal`` applies the
decisions to the answer the service built, so a view is the same answer less what its viewer may not see.
"""

from __future__ import annotations

from cardrules.core.viewers import Viewer, sees_every_hand

__all__ = ["seen_hands", "sees_undealt"]


def seen_hands(seat_count: int, viewer: Viewer) -> range:
    """The seats whose dealt hand ``viewer`` sees: every seat for the audit view, its own for a seat, none for a
    spectator."""
    if sees_every_hand(viewer):
        return range(seat_count)
    if isinstance(viewer, int) and 0 <= viewer < seat_count:
        return range(viewer, viewer + 1)
    return range(0)


def sees_undealt(viewer: Viewer) -> bool:
    """Whether ``viewer`` sees the cards nobody was dealt: the audit view only."""
    return sees_every_hand(viewer)
