"""Sâm Lốc core benchmark (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_sam.py

Legal moves for fresh random 10-card hands (leading; facing a single, a pair, a 3-card straight),
classification, and replay + settlement of full 4-seat rounds. Every state is built before timing; each
timed pass visits every state of a batch once. The first pass over a batch is uncached (the per-hand rank
index / grouping is computed in the call); the second pass reuses what the first cached on the frozen
SeatState. Each figure is measured on REPEATS batches (fresh states for the uncached figures) and printed as
best / median, because the machine this runs on is shared and noisy.
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from cardrules.core.cards import CARDS
from cardrules.core.sam import (
    Applied,
    HouseRules,
    RoundRecord,
    SeatState,
    TableState,
    apply,
    classify,
    legal_moves,
    settle_round,
    start_hand,
)

N_STATES = 10_000
N_ROUNDS = 500
REPEATS = 5
rng = random.Random(20240611)


def random_state(facing: str) -> TableState:
    deck = list(range(52))
    rng.shuffle(deck)
    hand, rest = deck[:10], deck[10:]
    current: list[int] = []
    if facing == "single":
        current = [rest[0]]
    elif facing == "pair":
        by_rank: dict[int, list[int]] = {}
        for card in rest:
            by_rank.setdefault(card >> 2, []).append(card)
        rank = rng.choice([r for r, cs in by_rank.items() if len(cs) >= 2])
        current = by_rank[rank][:2]
    elif facing == "straight":
        outside = {c >> 2: c for c in rest}
        tops = [t for t in range(2, 12) if all(r in outside for r in (t - 2, t - 1, t))]
        top = rng.choice(tops)
        current = [outside[r] for r in (top - 2, top - 1, top)]
    return TableState(
        seats=(SeatState(hand=tuple(CARDS[c] for c in hand)), SeatState(count=10)),
        turn=0,
        current=tuple(CARDS[c] for c in current),
        current_owner=1 if current else None,
    )


def rate(fn: Callable[[object], object], items: Sequence[object]) -> float:
    start = time.perf_counter()
    for item in items:
        fn(item)
    return len(items) / (time.perf_counter() - start)


def best_median(fn: Callable[[object], object], batches: Sequence[Sequence[object]]) -> str:
    figures = [rate(fn, batch) for batch in batches]
    return f"{max(figures):>9,.0f} / {statistics.median(figures):>9,.0f}"


def full_round() -> RoundRecord:
    rules = HouseRules(instant_wins=frozenset())
    while True:
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [tuple(CARDS[c] for c in deck[i * 10 : i * 10 + 10]) for i in range(4)]
        state = start_hand(hands, 0, (), rules)
        assert isinstance(state, TableState)
        actions = []
        while state.ended is None:
            action = rng.choice(legal_moves(state).actions())
            result = apply(state, action)
            assert isinstance(result, Applied)
            actions.append(action)
            state = result.state
        return RoundRecord(hands=tuple(hands), stake=1000, leader=0, actions=tuple(actions), house_rules=rules)


def main() -> None:
    print(f"Python {sys.version.split()[0]} on {platform.machine()} ({platform.processor() or platform.system()})")
    print(f"figures: best / median of {REPEATS} passes")
    for facing in ("lead", "single", "pair", "straight"):
        batches = [[random_state(facing) for _ in range(N_STATES)] for _ in range(REPEATS)]
        cold = best_median(legal_moves, batches)  # type: ignore[arg-type]
        warm = best_median(legal_moves, batches)  # type: ignore[arg-type]
        every = [[random_state(facing) for _ in range(N_STATES)] for _ in range(REPEATS)]
        full = best_median(lambda s: legal_moves(s, all_card_sets=True), every)  # type: ignore[arg-type]
        print(
            f"legal_moves {facing:>8}: {cold} calls/s uncached, {warm} calls/s with cached grouping, "
            f"{full} calls/s all_card_sets (uncached)"
        )
    sets = []
    for _ in range(N_STATES):
        deck = list(range(52))
        rng.shuffle(deck)
        sets.append(tuple(CARDS[c] for c in deck[: rng.randint(1, 5)]))
    print(f"classify (1-5 random cards): {best_median(classify, [sets] * REPEATS)} calls/s")  # type: ignore[arg-type]
    rounds = [full_round() for _ in range(N_ROUNDS)]
    actions = sum(len(r.actions) for r in rounds) / len(rounds)
    figures = best_median(settle_round, [rounds] * REPEATS)  # type: ignore[arg-type]
    print(f"replay+settle 4-seat round ({actions:.0f} actions avg): {figures} rounds/s")


if __name__ == "__main__":
    main()
