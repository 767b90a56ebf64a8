"""What both games' bots share: the levels of play and what a search tells about its choice.

A bot answers "what should this seat do now?" from the seat's view only (docs/bots.md): each game's ``bots``
package first reduces what it is given to what that seat may see (its ``views`` module), so another seat's hidden
cards cannot change the answer. The same request and seed give the same answer on every replica: a search's
budget is counted in playouts, never in time.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["Level", "SearchSummary"]


@enum.unique
class Level(enum.Enum):
    """How well a bot plays."""

    BASIC = 1
    """What the service plays when the seat's clock runs out (the game's timeout rule): cheap and deterministic."""
    STANDARD = 2
    """A rule-based player a human would call sensible."""
    STRONG = 3
    """A search over deals consistent with what the seat knows, within a playout budget the server caps."""


@dataclass(frozen=True, slots=True)
class SearchSummary:
    """What a search did to choose (``Level.STRONG``): how many playouts it ran, and the chance it estimates that
    the chosen action wins the hand (0.0–1.0)."""

    playouts: int
    win_chance: float
