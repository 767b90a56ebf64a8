"""Who sees what in a Sâm answer (docs/rules/sam-loc.md, "Who sees what"; decided in §9.9 of the rules).

A seat sees its own hand, every seat's card count, the passes, the table, the chop chain, the declarer, the báo-1
mark and every event; a spectator sees the same without any hand; the audit view sees everything. Once the hand has
ended every seat's remaining cards are shown to all (they are counted in the settlement, and a thối-2 hand must be
shown). Events and messages name no card, so they are the same in every view.

These functions decide, for one answer and one viewer, what is taken out; ``cardrules.api.sam.views`` applies the
decisions to the answer the service built, so a view is the same answer less what its viewer may not see.
"""

from __future__ import annotations

from cardrules.core.sam.state import TableState
from cardrules.core.viewers import Viewer, sees_every_hand

__all__ = ["hidden_hands", "sees_moves", "sees_offered_cards"]


def hidden_hands(state: TableState, viewer: Viewer) -> tuple[int, ...]:
    """The seats of ``state`` whose known hand ``viewer`` may not see: each is shown as its card count only.

    None for the audit view, and none once the hand has ended (every remaining hand is shown to all); otherwise
    every known hand but the viewer's own (a spectator's: every known hand). A seat the state gives only by its
    count stays so in every view.
    """
    if state.ended is not None or sees_every_hand(viewer):
        return ()
    return tuple(i for i, seat in enumerate(state.seats) if i != viewer and seat.hand is not None)


def sees_moves(seat: int | None, viewer: Viewer) -> bool:
    """Whether ``viewer`` sees the legal moves of ``seat`` (the seat to act; None once the hand is over). The moves
    tell what that hand holds, even whether it may pass (a stuck leader holds a single 2), so only the seat itself
    and the audit view see them."""
    return sees_every_hand(viewer) or (seat is not None and viewer == seat)


def sees_offered_cards(actor: int, legal: bool, viewer: Viewer) -> bool:
    """Whether ``viewer`` sees the cards ``actor`` offered in a ValidatePlay (its combination). A legal play goes to
    the table, where everyone sees it; an illegal one stays the actor's own attempt, which may be cards of its hand."""
    return legal or sees_every_hand(viewer) or viewer == actor
