"""The STRONG search's budget, counted in playouts (never in time, so every replica gives the same answer).

One playout plays a hand from the position to its end with every seat playing STANDARD; its cost grows with the
cards left (the first moves of a hand are the dearest). The bounds come from the CPU time of STRONG suggestions
over the positions of seeded tournament hands (tests/benchmarks/bench_sam_bots.py ``latency``; the figures are in
tests/benchmarks/README.md, "Sâm bots"): about 1 ms of pure-Python CPU per playout at p50, twice that at p99.
"""

from __future__ import annotations

__all__ = ["DEFAULT_PLAYOUTS", "MAX_PLAYOUTS"]

DEFAULT_PLAYOUTS = 10
"""What a STRONG suggestion runs when the caller names no budget: enough paired deals for the search to overrule
STANDARD where the evidence is clear, with its p99 inside the service's 20 ms per-request CPU target."""

MAX_PLAYOUTS = 12
"""The most a caller may ask for: at this budget the dearest suggestions (the first moves of a hand) still stay
near the 20 ms per-request CPU target; more would let one request cost more than the service lets any request
cost."""
