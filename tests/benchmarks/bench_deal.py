"""The fair deal's statistics and cost (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_deal.py

    [--deals 1000000] [--processes 2] [--calls 2000] [--skip-rpc]

**Statistics** (per game, ``cardrules-deal-v1`` through the server's core, docs/fair-deal.md): ``--deals`` deals with
one random server seed per run, nonces 0, 1, 2 …, the seat count cycling through the game's range (each seat count
is its own HMAC message), spread over ``--processes`` processes. Two χ² tests at 99 % confidence, each reported as
Pearson's statistic X², the χ² distribution it is compared with (degrees of freedom, and a scale where the cells of
one deck are not independent) and the p-value; a test passes when p ≥ 0.01:

- **card × position**: how often each of the 52 cards lands at each of the 52 positions of the shuffled deck (the
  hands are its first positions, the undealt cards the rest), 52 × 52 cells, expected N/52 each. One deck is a
  permutation matrix: its cells are not independent, and the covariance of a uniform permutation matrix, divided by
  the expected count, has eigenvalue 52/51 on the (52 − 1)² = 2601 directions with zero row and column sums and 0
  on the rest (every row and column total is fixed). So X² · 51/52 is χ² with 2601 degrees of freedom (mean of X²:
  2652).
- **pair adjacency**: how often card c is immediately followed by card d (c ≠ d), 52 × 51 ordered pairs, expected
  N/52 each. The same analysis for the 51 adjacent pairs of a uniform deck gives eigenvalues 1 on the 1274
  symmetric directions with zero row and column sums, 1 + 2/52 + 2/2652 on the 1275 antisymmetric ones and 1/51 on
  the 102 row- and column-sum directions (mean of X²: 2601); X² is compared with the χ² of the same mean and variance
  (Satterthwaite: X² / 1.019 as χ² with 2552 degrees of freedom).

Each test is also run on two controls of ``--control-deals`` deals: a deck shuffled by the operating system's random
source (``random.SystemRandom().shuffle``), whose statistics are of the same size (the null distributions above are
the right ones), and the same HMAC shuffle drawing ``byte % n`` without rejection (the modulo bias the real draw
avoids), which the card × position test refuses (the tests can fail). Pair adjacency does not see that bias: it
tests the order of neighbours, which a biased but position-wise-shuffled deck still scrambles.

**Cost**: the core's CPU time per deal (process time over 20,000 deals), the servicer's (request → core →
response, in process), and over gRPC against a local server started by this script: ``--calls`` sequential unary
Deal calls, side by side with as many health checks (an empty call), each as client-observed latency p50/p99 and,
from the server's metrics, the rules handler's CPU per call. Target: ≤ 0.5 ms per deal on the server.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import os
import random
import secrets
import statistics
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))  # for tests.support when run as a script from anywhere

import grpc  # noqa: E402
from grpc_health.v1 import health_pb2, health_pb2_grpc  # noqa: E402
from prometheus_client.parser import text_string_to_metric_families  # noqa: E402

from cardrules.api.errors import outcome  # noqa: E402
from cardrules.api.lieng.service import LiengService  # noqa: E402
from cardrules.api.sam.service import SamLocService  # noqa: E402
from cardrules.core import fair_deal  # noqa: E402
from cardrules.core.cards import Card  # noqa: E402
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc, sam_loc_pb2, sam_loc_pb2_grpc  # noqa: E402
from tests.support.server_process import running_server  # noqa: E402

CLIENT_SEED = "bench_deal"
CONFIDENCE_P = 0.01
GAMES = {"sam_loc": fair_deal.SAM_LOC, "lieng": fair_deal.LIENG}


# --- statistics -------------------------------------------------------------------------------------------------


def _biased_deck(game: fair_deal.DealGame, seats: int, seed: bytes, nonce: int) -> list[Card]:
    """The same shuffle drawing ``byte % n`` with no rejection: the control a fair test must refuse."""
    stream = fair_deal.random_bytes(game.name, seats, seed, CLIENT_SEED.encode(), nonce)
    deck = list(fair_deal.DECK)
    for i in range(51, 0, -1):
        j = next(stream) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _fair_deck(game: fair_deal.DealGame, seats: int, seed: bytes, nonce: int) -> list[Card]:
    return fair_deal.shuffled_deck(game, seats, seed, CLIENT_SEED, nonce)


def _system_deck(game: fair_deal.DealGame, seats: int, seed: bytes, nonce: int) -> list[Card]:
    """The reference: the operating system's random source through Python's shuffle."""
    deck = list(fair_deal.DECK)
    _SYSTEM.shuffle(deck)
    return deck


_SYSTEM = random.SystemRandom()
DECKS = {"cardrules-deal-v1": _fair_deck, "SystemRandom().shuffle": _system_deck, "byte % n (biased)": _biased_deck}


def _count(job: tuple[str, bytes, int, int, str]) -> tuple[list[int], list[int]]:
    """(card × position counts, pair counts) of the deals with nonces ``start`` … ``stop − 1``."""
    name, seed, start, stop, kind = job
    game = GAMES[name]
    seat_counts = range(game.min_seats, game.max_seats + 1)
    place = [0] * (52 * 52)
    pairs = [0] * (52 * 52)
    index = {card: i for i, card in enumerate(fair_deal.DECK)}
    for nonce in range(start, stop):
        seats = seat_counts[nonce % len(seat_counts)]
        deck = DECKS[kind](game, seats, seed, nonce)
        cards = [index[card] for card in deck]
        for position, card in enumerate(cards):
            place[card * 52 + position] += 1
        for first, second in itertools.pairwise(cards):
            pairs[first * 52 + second] += 1
    return place, pairs


def chi_square_p(statistic: float, dof: float) -> float:
    """P(χ²(dof) ≥ statistic): the regularized upper incomplete gamma Q(dof/2, statistic/2)."""
    a, x = dof / 2, statistic / 2
    if x < a + 1:  # the series for P converges fast here
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1 - total * math.exp(-x + a * math.log(x) - math.lgamma(a))
    # Lentz's continued fraction for Q
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


@dataclass(frozen=True)
class Chi2:
    """Pearson's X², compared with ``scale`` · χ²(``dof``)."""

    name: str
    statistic: float
    dof: float
    scale: float

    @property
    def p(self) -> float:
        return chi_square_p(self.statistic / self.scale, self.dof)

    def line(self) -> str:
        verdict = "pass" if self.p >= CONFIDENCE_P else "FAIL"
        against = f"{self.scale:.4f} · χ²({self.dof:.0f})"
        return f"  {self.name:<16} X² {self.statistic:>10.1f}  vs {against:<20} p {self.p:.4f}  {verdict} at 99 %"


N = 52
# Card × position: eigenvalue N/(N − 1) on (N − 1)² directions (see the module docstring).
PLACE_SCALE, PLACE_DOF = N / (N - 1), (N - 1) ** 2
# Pair adjacency: (directions, eigenvalue) of one deck's adjacent-pair covariance over the expected count.
_ADJACENCY = (
    (N * (N - 1) // 2 - N, 1.0),  # symmetric, zero row and column sums
    (N * (N - 1) // 2 - (N - 1), (N + 2) / N + 2 / (N * (N - 1))),  # antisymmetric, zero row and column sums
    (2 * (N - 1), 1 / (N - 1)),  # row and column sums (their total is fixed)
)
_MEAN = sum(k * w for k, w in _ADJACENCY)
_VARIANCE = 2 * sum(k * w * w for k, w in _ADJACENCY)
PAIR_SCALE, PAIR_DOF = _VARIANCE / (2 * _MEAN), 2 * _MEAN * _MEAN / _VARIANCE  # Satterthwaite
assert abs(_MEAN - (N - 1) ** 2) < 1e-9  # the exact mean of X² (Σ Var/E over the cells)


def tests_of(place: list[int], pairs: list[int], deals: int) -> tuple[Chi2, Chi2]:
    expected = deals / N
    placed = sum((count - expected) ** 2 / expected for count in place)
    adjacent = sum((pairs[c * N + d] - expected) ** 2 / expected for c in range(N) for d in range(N) if c != d)
    return (
        Chi2("card × position", placed, PLACE_DOF, PLACE_SCALE),
        Chi2("pair adjacency", adjacent, PAIR_DOF, PAIR_SCALE),
    )


def run_statistics(name: str, deals: int, processes: int, kind: str) -> tuple[Chi2, Chi2, float]:
    seed = secrets.token_bytes(32)
    bounds = [deals * k // processes for k in range(processes + 1)]
    jobs = [(name, seed, bounds[k], bounds[k + 1], kind) for k in range(processes)]
    started = time.monotonic()
    with multiprocessing.Pool(processes) as pool:
        parts = pool.map(_count, jobs)
    elapsed = time.monotonic() - started
    place = [sum(column) for column in zip(*(part[0] for part in parts), strict=True)]
    pairs = [sum(column) for column in zip(*(part[1] for part in parts), strict=True)]
    assert sum(place) == 52 * deals and sum(pairs) == 51 * deals
    placed, adjacent = tests_of(place, pairs, deals)
    return placed, adjacent, elapsed


# --- cost -------------------------------------------------------------------------------------------------------


def cpu_per_call(call: Callable[[], object], count: int) -> float:
    """Process CPU seconds per call, best of three runs of ``count`` calls."""
    best = math.inf
    for _ in range(3):
        started = time.process_time()
        for _ in range(count):
            call()
        best = min(best, (time.process_time() - started) / count)
    return best


def core_and_servicer_costs() -> None:
    seed = secrets.token_bytes(32)
    sam, lieng = SamLocService(), LiengService()  # type: ignore[abstract]
    nonces: Iterator[int] = iter(range(10**9))

    def core(game: fair_deal.DealGame, seats: int) -> Callable[[], object]:
        return lambda: fair_deal.deal(game, seats, seed, CLIENT_SEED, next(nonces))

    def servicer(service: object, request: Callable[..., object], seats: int) -> Callable[[], object]:
        handler = type(service).Deal.__wrapped__  # type: ignore[attr-defined]
        return lambda: outcome(
            handler, service, request(seat_count=seats, server_seed=seed, client_seed=CLIENT_SEED, nonce=next(nonces))
        )

    rows = [
        ("core fair_deal.deal, Sâm 5 seats", core(fair_deal.SAM_LOC, 5)),
        ("core fair_deal.deal, Liêng 6 seats", core(fair_deal.LIENG, 6)),
        ("servicer SamLocService.Deal, 5 seats", servicer(sam, sam_loc_pb2.SamLocServiceDealRequest, 5)),
        ("servicer LiengService.Deal, 6 seats", servicer(lieng, lieng_pb2.LiengServiceDealRequest, 6)),
    ]
    print("CPU per deal (process time, best of 3 × 20,000):")
    for label, call in rows:
        print(f"  {label:<38} {cpu_per_call(call, 20_000) * 1e6:8.1f} µs")


def _handler_cpu(metrics_url: str, method: str) -> tuple[float, float]:
    """(handler CPU seconds, calls) of ``method`` from the server's metrics."""
    with urllib.request.urlopen(metrics_url, timeout=10) as response:
        text = response.read().decode()
    cpu = calls = 0.0
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.labels.get("method") != method or sample.labels.get("transport") != "unary":
                continue
            if sample.name == "cardrules_rpc_handler_cpu_seconds_total":
                cpu += sample.value
            elif sample.name == "cardrules_rpc_calls_total":
                calls += sample.value
    return cpu, calls


def rpc_costs(calls: int) -> None:
    seed = secrets.token_bytes(32)
    deal_method, score_method = "/cardrules.v1.SamLocService/Deal", "/cardrules.v1.LiengService/ScoreLieng"
    with running_server(["--workers", "1"]) as server, grpc.insecure_channel(server.target) as channel:
        sam = sam_loc_pb2_grpc.SamLocServiceStub(channel)
        lieng = lieng_pb2_grpc.LiengServiceStub(channel)
        health: Any = health_pb2_grpc.HealthStub(channel)  # the stub's type stubs do not declare its methods
        check = health_pb2.HealthCheckRequest()
        score = lieng_pb2.ScoreLiengRequest(hands=[{"cards": [{"rank": 1, "suit": 1}, {"rank": 1, "suit": 2}]}])
        score.hands[0].cards.add(rank=1, suit=3)
        calls_of: dict[str, Callable[[int], object]] = {
            "SamLocService.Deal (5 seats)": lambda nonce: sam.Deal(
                sam_loc_pb2.SamLocServiceDealRequest(seat_count=5, server_seed=seed, nonce=nonce), timeout=10
            ),
            "LiengService.ScoreLieng (1 hand)": lambda _: lieng.ScoreLieng(score, timeout=10),
            "Health/Check (empty call)": lambda _: health.Check(check, timeout=10),
        }
        for nonce in range(200):  # warm up every path
            for call in calls_of.values():
                call(nonce)
        before = {method: _handler_cpu(server.metrics_url, method) for method in (deal_method, score_method)}
        times: dict[str, list[float]] = {label: [] for label in calls_of}
        for nonce in range(calls):  # interleaved, so all see the same machine
            for label, call in calls_of.items():
                started = time.perf_counter()
                call(nonce)
                times[label].append(time.perf_counter() - started)
        after = {method: _handler_cpu(server.metrics_url, method) for method in (deal_method, score_method)}
    print(f"RPC, {calls} sequential unary calls each, interleaved, one Python client, one server worker:")
    for label, measured in times.items():
        cut = statistics.quantiles(measured, n=100)
        print(f"  {label:<34} p50 {cut[49] * 1e3:6.3f} ms  p99 {cut[98] * 1e3:6.3f} ms  (client-observed)")
    for method in (deal_method, score_method):
        cpu = (after[method][0] - before[method][0]) / max(after[method][1] - before[method][1], 1)
        print(f"  {method:<40} server CPU per call (cardrules_rpc_handler_cpu_seconds): {cpu * 1e6:6.1f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals per game for the χ² tests")
    parser.add_argument("--control-deals", type=int, default=100_000, help="deals per game of the biased control")
    parser.add_argument("--processes", type=int, default=2, help="processes counting deals")
    parser.add_argument("--calls", type=int, default=2000, help="sequential RPCs per kind")
    parser.add_argument("--skip-rpc", action="store_true", help="leave out the gRPC measurement")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    core_and_servicer_costs()
    if not args.skip_rpc:
        rpc_costs(args.calls)
    for name in GAMES:
        for kind in DECKS:
            deals = args.deals if kind == "cardrules-deal-v1" else args.control_deals
            placed, adjacent, elapsed = run_statistics(name, deals, args.processes, kind)
            print(f"{name}: {deals:,} decks of {kind} in {elapsed:.0f} s over {args.processes} processes")
            print(placed.line())
            print(adjacent.line())
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
