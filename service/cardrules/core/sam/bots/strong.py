"""STRONG: determinized Monte Carlo over the deals the seat cannot tell apart.

The candidates are STANDARD's first choices plus the plays that shed the most cards (:data:`CANDIDATES` at most).
Each determinization (:func:`~.playout.determinize`) is shared by every candidate (the same deal scores each
move, so their difference is not drawn from different luck), and each candidate is played out in it; the move
with the best mean points wins, ties going to STANDARD's order. The only randomness is ``random.Random(seed)``.
"""

from __future__ import annotations

import random

from cardrules.core.bots import SearchSummary
from cardrules.core.sam.actions import Pass, Play
from cardrules.core.sam.bots.knowledge import Knowledge
from cardrules.core.sam.bots.playout import determinize, play_out
from cardrules.core.sam.bots.standard import ranked_moves

__all__ = ["CANDIDATES", "candidates", "strong_action"]

CANDIDATES = 4
"""Moves a search compares: a budget of a few dozen playouts split over more moves would score each on too few
deals to tell them apart."""
_STANDARD_CHOICES = 3
"""STANDARD's first choices among the candidates; the rest are the plays that shed the most cards."""


def candidates(knowledge: Knowledge, gone: tuple[int, ...]) -> tuple[Play | Pass, ...]:
    """The moves the search compares, STANDARD's order first."""
    ranked = ranked_moves(knowledge.view, gone)
    chosen = list(ranked[:_STANDARD_CHOICES])
    plays = [m for m in ranked[_STANDARD_CHOICES:] if type(m) is Play]
    plays.sort(key=lambda m: -len(m.cards) if type(m) is Play else 0)  # stable: STANDARD's order among equals
    for move in plays:
        if len(chosen) >= CANDIDATES:
            break
        chosen.append(move)
    return tuple(chosen)


def strong_action(knowledge: Knowledge, seed: int, playouts: int) -> tuple[Play | Pass, SearchSummary]:
    """The move with the best mean points over ``playouts`` playouts (split evenly over the candidates, each
    determinization shared by all of them), and what the search saw."""
    gone = knowledge.seen_by_rank()
    moves = candidates(knowledge, gone)[: max(1, playouts)]
    worlds = max(1, playouts // len(moves))
    rng = random.Random(seed)
    totals = [0] * len(moves)
    wins = [0] * len(moves)
    for _ in range(worlds):
        world = determinize(knowledge, rng)
        for k, move in enumerate(moves):
            points, won = play_out(world, move, knowledge.seat, gone)
            totals[k] += points
            wins[k] += won
    best = 0
    for k in range(1, len(moves)):
        if totals[k] > totals[best]:
            best = k
    return moves[best], SearchSummary(worlds * len(moves), wins[best] / worlds)
