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
    """The move the search prefers over at most ``playouts`` playouts, and what the search saw.

    STANDARD's choice is the incumbent; the budget is spent in two rounds: first every candidate is played out in
    the same determinizations; then the incumbent and the best challenger by mean points are played out in as many
    more as the rest of the budget allows. The challenger replaces the incumbent only when, deal by deal, it scores
    more in total and wins at least :data:`EVIDENCE` more of the paired deals than it loses: a few dozen playouts
    are noisy, and a noisy switch away from a sensible move costs more than it gains.
    """
    gone = knowledge.seen_by_rank()
    moves = candidates(knowledge, gone)[: max(1, playouts)]
    rng = random.Random(seed)
    seat = knowledge.seat
    count = len(moves)
    scores: list[list[int]] = [[] for _ in moves]
    won: list[list[bool]] = [[] for _ in moves]
    first = max(1, playouts // (2 * count)) if count > 1 else playouts
    spent = 0
    for _ in range(first):
        world = determinize(knowledge, rng)
        for k, move in enumerate(moves):
            points, win = play_out(world, move, seat, gone)
            scores[k].append(points)
            won[k].append(win)
            spent += 1
    best = 0
    if count > 1:
        challenger = max(range(1, count), key=lambda k: (sum(scores[k]), -k))
        for _ in range((playouts - spent) // 2):
            world = determinize(knowledge, rng)
            for k in (0, challenger):
                points, win = play_out(world, moves[k], seat, gone)
                scores[k].append(points)
                won[k].append(win)
                spent += 1
        gains = [b - a for a, b in zip(scores[0], scores[challenger], strict=True)]
        better = sum(1 for g in gains if g > 0)
        worse = sum(1 for g in gains if g < 0)
        if sum(gains) > 0 and better >= worse + EVIDENCE:
            best = challenger
    return moves[best], SearchSummary(spent, sum(won[best]) / len(won[best]))


EVIDENCE = 2
"""How many more paired deals a challenger must win than lose against STANDARD's choice to replace it."""
