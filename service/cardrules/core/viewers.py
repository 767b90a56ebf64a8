"""Who a view of an answer is for: a player's seat, a spectator, or the audit view.

Each game decides what each viewer may see (its ``views`` module, from docs/rules/sam-loc.md and
docs/rules/lieng.md, "Who sees what"); this module only names the viewers, so both games speak of them alike.
"""

from __future__ import annotations

import enum

__all__ = ["AUDIT", "SPECTATOR", "Role", "Viewer", "sees_every_hand"]


@enum.unique
class Role(enum.Enum):
    """A viewer that is not a seat."""

    SPECTATOR = "spectator"
    """Public information only."""
    AUDIT = "audit"
    """Everything the answer holds (records, disputes, replays); never forwarded to a player."""


SPECTATOR = Role.SPECTATOR
AUDIT = Role.AUDIT

Viewer = int | Role
"""A seat index in play order (a player), or a :class:`Role`."""


def sees_every_hand(viewer: Viewer) -> bool:
    """Whether ``viewer`` is the audit view, the one viewer that sees every hand at every moment."""
    return viewer is Role.AUDIT
