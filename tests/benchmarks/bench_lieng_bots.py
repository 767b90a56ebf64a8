"""Liêng bots benchmark (a script, not a test): seeded 6-seat tournaments and the CPU each suggestion takes.

Run: nice -n 10 .venv/bin/python tests/benchmarks/bench_lieng_bots.py [--deals 2000] [--strong-deals 500]

Every deal (seeds 0, 1, 2 …) is played once per seat rotation, so the player measured plays every hand from every
seat; each round starts with 1,000 chips a seat and an ante of 10 and is settled by the real ``settle_round``
(side pots, the house rules' fee: ``--fee-bps``). Matches (the measured player first):

- STANDARD against 5 players that always call (never fold, never raise);
- STANDARD against 5 BASIC (the timeout default), and again under ``timeout_checks`` (BASIC checks when free);
- STRONG (``DEFAULT_PLAYOUTS``) against 5 STANDARD.

For each: hands played (deals × 6), the measured player's mean chips per hand and its 95 % confidence interval
(normal, over the per-deal means of the 6 rotations, the unit the deals are independent in). Then the CPU time
(``time.process_time``) of each suggestion the players made: p50 / p99 / max per level, and of STRONG at
``DEFAULT_PLAYOUTS`` and at ``MAX_PLAYOUTS`` in turn on the first ``--max-views`` views of the STRONG match (in turn,
so that both meet the same load on a shared machine). Targets (issue #27): every interval above 0,
BASIC and STANDARD p99 ≤ 5 ms, STRONG within the 20 ms budget. Last, each level's CPU at the end of the longest
round the limits accept (304 actions of history).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cardrules.core.bots import Level
from cardrules.core.cards import Card
from cardrules.core.lieng import Action, BettingState, HouseRules, apply, start_betting
from cardrules.core.lieng.bots import DEFAULT_PLAYOUTS, MAX_PLAYOUTS, suggest_action
from cardrules.core.lieng.limits import UNCAPPED_RAISE_ORBITS
from tests.support.lieng_rounds import raising_round
from tests.support.lieng_tournament import Player, Timings, always_call, bot, deal, tournament

SEATS = 6
View = tuple[BettingState, int, tuple[Card, ...], tuple[Action, ...], int]


def interval(rows: Sequence[tuple[int, ...]]) -> tuple[float, float, float]:
    """Mean chips per hand of player 0 and its 95 % interval, over per-deal means (rows come 6 per deal)."""
    per_deal = [statistics.mean(r[0] for r in rows[i : i + SEATS]) for i in range(0, len(rows), SEATS)]
    mean = statistics.mean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
    return mean, mean - half, mean + half


def quantiles(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p50 = ordered[len(ordered) // 2]
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{len(ordered):>7} | {p50 * 1e3:8.3f} | {p99 * 1e3:8.3f} | {ordered[-1] * 1e3:8.3f}"


def recording(level: Level, views: list[View]) -> Player:
    """The player of ``level`` that also keeps every view it was asked in."""

    def play(state: BettingState, seat: int, hand: tuple[Card, ...], history: tuple[Action, ...], seed: int) -> Action:
        views.append((state, seat, hand, history, seed))
        return suggest_action(state, seat, hand, history, level, seed).action

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals of each STANDARD match (× 6 hands)")
    parser.add_argument("--strong-deals", type=int, default=500, help="deals of the STRONG match (× 6 hands)")
    parser.add_argument("--max-views", type=int, default=500, help="STRONG views timed at MAX_PLAYOUTS")
    parser.add_argument("--fee-bps", type=int, default=0)
    args = parser.parse_args()
    rules = HouseRules(fee_bps=args.fee_bps)
    cpu: dict[str, list[float]] = {}
    print(f"6 seats, stacks 1000, ante 10, fee_bps {args.fee_bps}; STRONG playouts {DEFAULT_PLAYOUTS}")
    print("| match | hands | chips per hand | 95 % interval | CPU s |")
    print("|---|---:|---:|---|---:|")
    strong_views: list[View] = []
    warm = tournament([bot(Level.STANDARD)] * SEATS, 1, first_seed=10**6, rules=rules)  # builds the hand tables once
    assert len(warm) == SEATS
    checks = dataclasses.replace(rules, timeout_checks=True)
    matches: list[tuple[str, list[Player], int, HouseRules, dict[int, str]]] = [
        ("STANDARD vs 5 × always-call", [bot(Level.STANDARD), *[always_call] * 5], args.deals, rules, {0: "STANDARD"}),
        ("STANDARD vs 5 × BASIC", [bot(Level.STANDARD), *[bot(Level.BASIC)] * 5], args.deals, rules, {1: "BASIC"}),
        (
            "STANDARD vs 5 × BASIC, timeout_checks",
            [bot(Level.STANDARD), *[bot(Level.BASIC)] * 5],
            args.deals,
            checks,
            {},
        ),
        (
            "STRONG vs 5 × STANDARD",
            [recording(Level.STRONG, strong_views), *[bot(Level.STANDARD)] * 5],
            args.strong_deals,
            rules,
            {0: f"STRONG ({DEFAULT_PLAYOUTS} playouts)"},
        ),
    ]
    for name, players, deals, match_rules, timed in matches:
        timings = Timings()
        start = time.process_time()
        rows = tournament(players, deals, rules=match_rules, timings=timings)
        spent = time.process_time() - start
        mean, low, high = interval(rows)
        print(f"| {name} | {len(rows)} | {mean:+.2f} | [{low:+.2f}, {high:+.2f}] | {spent:.0f} |", flush=True)
        for index, label in timed.items():
            cpu.setdefault(label, []).extend(timings.per_player[index])
            if index == 1:  # BASIC seats 1..5 play alike: time them all
                for other in range(2, SEATS):
                    cpu[label].extend(timings.per_player.get(other, []))
    for state, seat, hand, history, seed in strong_views[: args.max_views]:  # default and cap in turn, same views
        for playouts in (DEFAULT_PLAYOUTS, MAX_PLAYOUTS):
            start = time.process_time()
            suggest_action(state, seat, hand, history, Level.STRONG, seed, playouts)
            label = f"STRONG ({playouts} playouts{', MAX' if playouts == MAX_PLAYOUTS else ''}), same views in turn"
            cpu.setdefault(label, []).append(time.process_time() - start)
    print()
    print("| level | suggestions | p50 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    for level_label, seconds in cpu.items():
        print(f"| {level_label} | {quantiles(seconds)} |")
    print()
    longest(rules)


def longest(rules: HouseRules) -> None:
    """CPU of a suggestion at the last turn of the longest round the limits accept (every seat raising by the
    minimum for 50 orbits): the history a bot replays and fits hands to is then 304 actions long."""
    record = raising_round(SEATS, None, UNCAPPED_RAISE_ORBITS)
    state = start_betting(record.stacks, record.ante, record.first_actor, rules)
    history = record.actions[:-1]
    for action in history:
        following = apply(state, action).state
        assert following is not None
        state = following
    seat = state.to_act
    assert seat is not None
    hand = deal(0, SEATS)[seat]
    print(f"| longest history ({len(history)} actions) | best of 5, ms |")
    print("|---|---:|")
    for level in Level:
        playouts = MAX_PLAYOUTS if level is Level.STRONG else None
        best = math.inf
        for _ in range(5):
            start = time.process_time()
            suggest_action(state, seat, hand, history, level, 0, playouts)
            best = min(best, time.process_time() - start)
        name = f"STRONG ({MAX_PLAYOUTS} playouts, MAX)" if playouts else level.name
        print(f"| {name} | {best * 1e3:.2f} |")


if __name__ == "__main__":
    main()
