"""Sâm bot tournaments (a script, not a pytest test): how well each level plays, and what a suggestion costs.

    .venv/bin/python tests/benchmarks/bench_sam_bots.py standard-basic --deals 10000
    .venv/bin/python tests/benchmarks/bench_sam_bots.py strong-standard --deals 2000
    .venv/bin/python tests/benchmarks/bench_sam_bots.py latency --deals 50
    .venv/bin/python tests/benchmarks/bench_sam_bots.py combine part1.json part2.json   # shards run with --out

A tournament seats the tested level at one of four seats and the baseline level at the others; each seeded deal
is played once per rotation (every seat gets every hand), and each hand is settled by the real settle_round
(tests/support/sam_tournament.py). It prints the tested level's share of hands won and its mean net points per
hand (in stakes; the baselines' mean is minus a third of it, so the difference is positive exactly when this
is), each with a 95 % confidence interval over deals (the four rotations of a deal share its luck, so a deal is
one sample), and the CPU time (``time.process_time``) of every suggestion, p50 / p99 per level.

``latency`` times STRONG alone at DEFAULT_PLAYOUTS and MAX_PLAYOUTS over the positions of tournament hands
(STRONG at one seat, STANDARD at the others), moves and declarations apart.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))  # for tests.support when run as a script from anywhere

from cardrules.core.bots import Level  # noqa: E402
from cardrules.core.sam.bots import DEFAULT_PLAYOUTS, MAX_PLAYOUTS  # noqa: E402
from tests.support.sam_tournament import Result, Timings, mean_ci, percentile, tournament  # noqa: E402

MATCHES = {
    "standard-basic": (Level.STANDARD, Level.BASIC),
    "strong-standard": (Level.STRONG, Level.STANDARD),
}
SEATS = 4


def report(name: str, result: Result, deals: int, seconds: float) -> None:
    win, win_low, win_high = mean_ci(result.wins_per_deal, SEATS)
    points, points_low, points_high = mean_ci(result.points_per_deal, SEATS)
    print(f"{name}: {deals} deals, {result.hands} hands, {seconds:.0f} s of CPU")
    print(f"  hands won      {100 * win:5.1f} %  (95 % CI {100 * win_low:.1f} – {100 * win_high:.1f}; fair share 25 %)")
    print(f"  points / hand  {points:+6.2f}   (95 % CI {points_low:+.2f} – {points_high:+.2f})")


def timing(timings: Timings) -> None:
    for title, table in (("move", timings.per_level), ("declaration", timings.declarations)):
        for level, values in sorted(table.items(), key=lambda item: item[0].value):
            print(
                f"  {level.name:<8} {title:<11} {len(values):7d} suggestions: "
                f"p50 {1000 * percentile(values, 0.5):6.2f} ms, p99 {1000 * percentile(values, 0.99):6.2f} ms, "
                f"max {1000 * max(values):6.2f} ms"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("match", choices=[*MATCHES, "latency", "combine"])
    parser.add_argument("files", nargs="*", help="combine: the --out files of shards of one match")
    parser.add_argument("--out", help="write the per-deal results and timings here after every chunk (JSON)")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0, help="the first deal's seed (deals are numbered)")
    parser.add_argument("--playouts", type=int, default=None, help=f"STRONG's budget (default {DEFAULT_PLAYOUTS})")
    parser.add_argument("--chunk", type=int, default=100, help="print running figures every this many deals")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    if args.match == "latency":
        for playouts in (DEFAULT_PLAYOUTS, MAX_PLAYOUTS):
            timings = Timings()
            began = time.process_time()
            tournament(Level.STRONG, Level.STANDARD, args.deals, args.first_seed, SEATS, playouts, timings)
            print(f"STRONG at {playouts} playouts, {args.deals} deals, {time.process_time() - began:.0f} s of CPU")
            timing(
                Timings(
                    {Level.STRONG: timings.per_level[Level.STRONG]}, {Level.STRONG: timings.declarations[Level.STRONG]}
                )
            )
        return
    if args.match == "combine":
        combine(args.files)
        return
    tested, baseline = MATCHES[args.match]
    total = Result()
    timings = Timings()
    began = time.process_time()
    done = 0
    while done < args.deals:
        size = min(args.chunk, args.deals - done)
        part = tournament(tested, baseline, size, args.first_seed + done, SEATS, args.playouts, timings)
        total.hands += part.hands
        total.wins_per_deal += part.wins_per_deal
        total.points_per_deal += part.points_per_deal
        done += size
        report(f"{tested.name} vs 3 × {baseline.name} (running)", total, done, time.process_time() - began)
        sys.stdout.flush()
        if args.out:
            save(args.out, args.match, args.first_seed, total, timings, time.process_time() - began)
    print()
    report(f"{tested.name} vs 3 × {baseline.name}", total, done, time.process_time() - began)
    timing(timings)


def save(path: str, match: str, first_seed: int, result: Result, timings: Timings, seconds: float) -> None:
    """A shard's results so far, for :func:`combine`."""
    data = {
        "match": match,
        "first_seed": first_seed,
        "deals": len(result.wins_per_deal),
        "hands": result.hands,
        "wins_per_deal": result.wins_per_deal,
        "points_per_deal": result.points_per_deal,
        "seconds": seconds,
        "moves": {level.name: values for level, values in timings.per_level.items()},
        "declarations": {level.name: values for level, values in timings.declarations.items()},
    }
    Path(path).write_text(json.dumps(data))


def combine(paths: list[str]) -> None:
    """One report over shards of one match (their deal ranges must not overlap)."""
    shards = [json.loads(Path(p).read_text()) for p in paths]
    matches = {shard["match"] for shard in shards}
    if len(matches) != 1:
        raise SystemExit(f"the shards are of different matches: {sorted(matches)}")
    covered: set[int] = set()
    total = Result()
    timings = Timings()
    for shard in shards:
        deals = set(range(shard["first_seed"], shard["first_seed"] + shard["deals"]))
        if covered & deals:
            raise SystemExit("the shards' deals overlap")
        covered |= deals
        total.hands += shard["hands"]
        total.wins_per_deal += shard["wins_per_deal"]
        total.points_per_deal += shard["points_per_deal"]
        for key, table in (("moves", timings.per_level), ("declarations", timings.declarations)):
            for name, values in shard[key].items():
                table.setdefault(Level[name], []).extend(values)
    tested, baseline = MATCHES[matches.pop()]
    ranges = ", ".join(f"{s['first_seed']}–{s['first_seed'] + s['deals'] - 1}" for s in shards)
    print(f"deals {ranges}")
    report(f"{tested.name} vs 3 × {baseline.name}", total, len(covered), sum(s["seconds"] for s in shards))
    timing(timings)


if __name__ == "__main__":
    main()
