"""Liêng core benchmark (a script, not a test): scoring, pairwise comparison and 6-seat settlement throughput.

Run: .venv/bin/python tests/benchmarks/bench_lieng.py [--compare REVISION]
Random inputs are generated before timing; each figure is the best of 3 runs. With ``--compare REVISION`` (a git
revision), ``settle_pots`` as of that revision is timed too, alternating with the current one in the same process
(results kept: 3 rounds; results dropped: 7 rounds, best and median), so that a before/after figure does not depend
on how loaded the machine was at the time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path

from pokerkit import Automation, NoLimitTexasHoldem

from cardrules.core.lieng import HouseRules, hand_sort_key, key_table, score_hand, settle_pots


def best_rate(count: int, run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def settle_pots_at(revision: str) -> Callable[..., object]:
    """``settle_pots`` from pots.py as it was at a git revision (loaded as a separate module, for comparison)."""
    path = "service/cardrules/core/lieng/pots.py"
    root = Path(__file__).resolve().parents[2]
    source = subprocess.run(
        ["git", "show", f"{revision}:{path}"], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    module = types.ModuleType(f"pots_at_{revision}")
    sys.modules[module.__name__] = module  # NamedTuple and dataclass machinery look their module up
    exec(compile(source, f"{revision}:{path}", "exec"), module.__dict__)
    return module.settle_pots  # type: ignore[no-any-return]


def deal(rng: random.Random, seats: int) -> list[tuple[int, int, int]]:
    deck = rng.sample(range(52), 3 * seats)
    return [(deck[3 * i], deck[3 * i + 1], deck[3 * i + 2]) for i in range(seats)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="REVISION", help="also time settle_pots as of this git revision")
    args = parser.parse_args()
    rng = random.Random(7)
    rules = HouseRules()
    key_table()  # build the table before timing
    hands = [h for _ in range(50_000) for h in deal(rng, 2)]

    rate_full = best_rate(20_000, lambda: [score_hand(h, rules) for h in hands[:20_000]])
    rate_key = best_rate(len(hands), lambda: [hand_sort_key(h, rules) for h in hands])
    table = key_table()
    rate_lookup = best_rate(len(hands), lambda: [table[a * 2704 + b * 52 + c] for a, b, c in hands])

    keys = [table[a * 2704 + b * 52 + c] for a, b, c in hands]
    firsts, seconds = keys[0::2], keys[1::2]

    def compare_all() -> int:
        wins = 0
        for x, y in zip(firsts, seconds, strict=True):
            if x > y:
                wins += 1
        return wins

    rate_compare = best_rate(len(firsts), compare_all)

    # 6-seat multi-all-in showdowns: random stacks all-in (some larger stacks call the biggest all-in),
    # one seat sometimes folded after the ante, random hands → known keys.
    rounds = []
    for _ in range(20_000):
        stacks = [rng.choice([rng.randint(10, 60), rng.randint(60, 400), 400]) for _ in range(6)]
        folded = [False] * 6
        if rng.random() < 0.3:
            folded[rng.randrange(6)] = True
        top = max(s for s, f in zip(stacks, folded, strict=True) if not f)
        committed = [10 if f else min(s, top) for s, f in zip(stacks, folded, strict=True)]
        keys6 = [None if f else table[a * 2704 + b * 52 + c] for (a, b, c), f in zip(deal(rng, 6), folded, strict=True)]
        rounds.append((committed, folded, keys6, rng.randrange(6)))
    side_pots = sum(1 for c, f, _, _ in rounds for _ in {x for x, y in zip(c, f, strict=True) if not y}) / len(rounds)

    def settle_rate(settle: Callable[..., object]) -> float:
        return best_rate(len(rounds), lambda: [settle(c, f, k, a) for c, f, k, a in rounds])

    rate_settle = settle_rate(settle_pots)

    def discarding_rate(settle: Callable[..., object]) -> float:
        # What a server does: settle, serialize, drop. Keeping 20,000 results alive (above) makes the cyclic garbage
        # collector rescan ~400,000 live Pot/Transfer tuples again and again, which no request path pays.
        def run() -> None:
            for c, f, k, a in rounds:
                settle(c, f, k, a)

        return best_rate(len(rounds), run)

    rate_settle_discarding = discarding_rate(settle_pots)
    rate_before = rate_after = 0.0
    dropped_before: list[float] = []
    dropped_after: list[float] = []
    if args.compare:
        before = settle_pots_at(args.compare)
        for _ in range(3):  # alternate, so both see the same machine load
            rate_before = max(rate_before, settle_rate(before))
            rate_after = max(rate_after, settle_rate(settle_pots))
        for _ in range(7):
            dropped_before.append(discarding_rate(before))
            dropped_after.append(discarding_rate(settle_pots))

    # pokerkit: the same kind of 6-seat all-in rounds, built before timing; time only its pot computation.
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
    )
    states = []
    for committed, folded, _, _ in rounds[:2_000]:
        chips = tuple(c if not f else c + 100 for c, f in zip(committed, folded, strict=True))
        state = NoLimitTexasHoldem.create_state(automations, False, 10, (0,) * 6, 10, chips, 6)
        while state.actor_index is not None:
            i = state.actor_index
            if folded[i] and state.can_fold():
                state.fold()
            elif state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            else:
                state.check_or_call()
        states.append(state)
    rate_pokerkit = best_rate(len(states), lambda: [tuple(s.pots) for s in states])

    print(f"Python {sys.version.split()[0]}")
    print(f"score_hand (full HandScore, validation):  {rate_full:>12,.0f} hands/s")
    print(f"hand_sort_key (table lookup, no checks):   {rate_key:>12,.0f} hands/s")
    print(f"raw key_table lookup:                      {rate_lookup:>12,.0f} hands/s")
    print(f"pairwise comparisons of pre-scored hands:  {rate_compare:>12,.0f} comparisons/s")
    print(f"settle_pots, 6 seats, multi all-in:        {rate_settle:>12,.0f} settlements/s"
          f"  (avg {side_pots:.1f} bands, incl. transfers and fee)")  # fmt: skip
    print(f"settle_pots, same, each result dropped:    {rate_settle_discarding:>12,.0f} settlements/s")
    if args.compare:
        print(f"  same process, alternating: {args.compare} {rate_before:,.0f}/s, current {rate_after:,.0f}/s"
              f" (×{rate_after / rate_before:.2f})")  # fmt: skip
        b_best, b_median = max(dropped_before), statistics.median(dropped_before)
        a_best, a_median = max(dropped_after), statistics.median(dropped_after)
        print(f"  results dropped, alternating 7 × (best of 3), best / median: {args.compare} {b_best:,.0f} /"
              f" {b_median:,.0f}/s, current {a_best:,.0f} / {a_median:,.0f}/s (×{a_best / b_best:.2f} /"
              f" ×{a_median / b_median:.2f})")  # fmt: skip
    print(f"pokerkit State.pots, 6 seats (pots only):  {rate_pokerkit:>12,.0f} pot computations/s")


if __name__ == "__main__":
    main()
