"""Seeded Sâm tournaments between bot levels, for the bots' tests and benchmark (tests/benchmarks/bench_sam_bots.py).

Each deal is played once per seat rotation: the tested level sits at each seat in turn while the hands and the
leader stay with the seats, so the tested level plays every hand from every position and the luck of the deal
cancels out. Every seat asks ``suggest_declaration`` at the deal (the first declaration counts) and
``suggest_action`` for each move, with the public history of the hand; each hand is settled by the real
:func:`~cardrules.core.sam.replay.settle_round` of its :class:`RoundRecord`.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from cardrules.core.bots import Level
from cardrules.core.cards import CARDS, Card
from cardrules.core.sam import InstantWin, Pass, Play, RoundRecord, settle_round, start_hand
from cardrules.core.sam.apply import step
from cardrules.core.sam.bots import suggest_action, suggest_declaration
from cardrules.core.sam.house_rules import DEFAULT_RULES, HouseRules
from cardrules.core.sam.reasons import Illegal


@dataclass
class Timings:
    """CPU seconds per suggestion, per level: moves (``per_level``) and declarations (``declarations``), filled
    when a tournament is asked to time."""

    per_level: dict[Level, list[float]] = field(default_factory=dict)
    declarations: dict[Level, list[float]] = field(default_factory=dict)


@dataclass
class Result:
    """The tested level's hands: per deal, its wins and its net points (stakes) summed over the rotations."""

    hands: int = 0
    wins_per_deal: list[int] = field(default_factory=list)
    points_per_deal: list[int] = field(default_factory=list)

    @property
    def wins(self) -> int:
        return sum(self.wins_per_deal)


def deal(deal_seed: int, seats: int) -> tuple[tuple[tuple[Card, ...], ...], int]:
    """The hands and the leader of deal ``deal_seed``."""
    rng = random.Random(deal_seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    return tuple(tuple(sorted(deck[i * 10 : i * 10 + 10])) for i in range(seats)), rng.randrange(seats)


def play_hand(
    hands: tuple[tuple[Card, ...], ...],
    leader: int,
    levels: tuple[Level, ...],
    seed: int,
    playouts: int | None = None,
    rules: HouseRules = DEFAULT_RULES,
    timings: Timings | None = None,
) -> tuple[tuple[int, ...], int | None]:
    """Play one hand with ``levels[i]`` at seat i: each seat's net points (stake 1) and the hand's winner."""
    n = len(hands)
    declarations: list[int] = []
    for k in range(n):
        seat = (leader + k) % n
        began = time.process_time()
        said = suggest_declaration(hands[seat], n, rules, levels[seat], seed + seat, playouts)
        if timings is not None:
            timings.declarations.setdefault(levels[seat], []).append(time.process_time() - began)
        if said.declare:
            declarations.append(seat)
    start = start_hand(hands, leader, declarations, rules)
    history: list[Play | Pass] = []
    if not isinstance(start, InstantWin):
        state = start
        while state.ended is None:
            level = levels[state.turn]
            began = time.process_time()
            action = suggest_action(state, state.turn, tuple(history), level, seed + len(history), playouts).action
            if timings is not None:
                timings.per_level.setdefault(level, []).append(time.process_time() - began)
            result = step(state, action, None)
            if isinstance(result, Illegal):
                raise AssertionError(f"{level.name} chose an illegal move: {result.reason.name}")
            state = result[0]
            history.append(action)
    record = RoundRecord(hands, 1, leader, tuple(declarations), tuple(history), rules)
    settlement = settle_round(record)
    return settlement.nets, settlement.winner


def tournament(
    tested: Level,
    baseline: Level,
    deals: int,
    first_seed: int = 0,
    seats: int = 4,
    playouts: int | None = None,
    timings: Timings | None = None,
) -> Result:
    """``tested`` against ``seats`` − 1 × ``baseline`` over ``deals`` deals, each played once per rotation."""
    result = Result()
    for d in range(first_seed, first_seed + deals):
        hands, leader = deal(d, seats)
        wins = points = 0
        for at in range(seats):
            levels = tuple(tested if s == at else baseline for s in range(seats))
            nets, winner = play_hand(hands, leader, levels, d * 1000 + at * 100, playouts, timings=timings)
            points += nets[at]
            wins += winner == at
            result.hands += 1
        result.wins_per_deal.append(wins)
        result.points_per_deal.append(points)
    return result


def mean_ci(per_deal: list[int], per: int) -> tuple[float, float, float]:
    """Mean per hand of per-deal sums over ``per`` hands each, with its 95 % interval (normal approximation over
    deals, so the rotations of one deal, which share its luck, count as one sample)."""
    values = [v / per for v in per_deal]
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]
