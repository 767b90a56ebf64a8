"""The STRONG search's budget, counted in playouts (never in time, so every replica gives the same answer).

One playout plays a hand from the position to its end with every seat playing STANDARD; its cost grows with the
cards left (a playout from the deal, as a Sâm declaration needs, is the longest). The figures the bounds are chosen
from are in tests/benchmarks/README.md ("Sâm bots"): per-suggestion CPU of the pure-Python core, p99 over a
tournament's positions.
"""

from __future__ import annotations

__all__ = ["DEFAULT_PLAYOUTS", "MAX_PLAYOUTS"]

DEFAULT_PLAYOUTS = 12
"""What a STRONG suggestion runs when the caller names no budget: its p99 stays well inside the service's 20 ms
per-request CPU target with room for the request's conversion."""

MAX_PLAYOUTS = 24
"""The most a caller may ask for: the longest suggestions (declarations, early positions) stay near the 20 ms
per-request CPU target; beyond it a request would cost more than the service lets any request cost."""
