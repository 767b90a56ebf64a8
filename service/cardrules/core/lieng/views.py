"""Who sees what in a Liêng answer (docs/rules/lieng.md, "Who sees what"; decided in §6.10 of the rules).

A seat sees its own three cards and every stack, bet and action; a spectator sees no card; the audit view sees
everything. At the showdown the hands of the seats that reach it are shown to all; a folded hand is never shown, and
after a fold-out no hand is shown.

The betting answers (StartBetting, ValidatePlay, LegalMoves) hold stacks, bets and actions only, which every viewer
sees, and a settlement's hands are exactly the shown ones: so every viewer sees the same Liêng answer, and this
module says which hands that is.
"""

from __future__ import annotations

from cardrules.core.lieng.settlement import RoundResult
from cardrules.core.viewers import Viewer, sees_every_hand

__all__ = ["sees_hand", "shown_to_all"]


def shown_to_all(result: RoundResult) -> frozenset[int]:
    """The seats whose hands a settlement shows to every viewer: those that reached the showdown (none after a
    fold-out; a folded seat's never)."""
    return frozenset(result.showdown_seats)


def sees_hand(seat: int, viewer: Viewer) -> bool:
    """Whether ``viewer`` sees ``seat``'s dealt hand while betting is open (a replay's hands): a seat its own, the
    audit view every one, a spectator none. The hands shown down are :func:`shown_to_all`'s."""
    return sees_every_hand(viewer) or viewer == seat
