"""Fairness benchmark (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_fairness.py

How long a health check and a cheap rules call take on the main gRPC port while costly work keeps one worker busy,
with the handler thread (cardrules.server.work, the default) and without it (``--handler-thread false``: every
call computed on the event loop), side by side: two servers run at once and the phases alternate between them.

Phases (each ``--seconds`` long, once every load process has been answered):
- **4 worst unary**: 4 processes each keep the costliest request (ScoreLieng of 1,000 random hands, ~10 ms of
  handler work; bench_worst_case.py) in flight without pause;
- **4 streams**: 4 processes each pipeline that request as messages on one Liêng ``Stream``;
- **idle**: nothing else (what the machine itself adds).

Meanwhile this process asks ``grpc.health.v1.Health/Check`` and a cheap call (Liêng StartBetting, 6 seats), each
every 10 ms, in turn: p50 / p99 / max of each. Targets: health p99 ≤ 100 ms and the cheap call p99 ≤ 150 ms
under both loads. The machine is shared, so the load average is printed with every row.

``--backlog`` instead runs the backlog case: 800 concurrent calls of 256 KiB (ScoreLieng requests of tiny unknown
fields, the costliest junk; ``--case costliest``: 1,000 random hands) over 8 connections, each with a 60 s
deadline, once per server; it reports the codes
the clients got, the slowest answer, and how many calls the server's own metrics counted: a call the clients saw
end but the server never counted was dropped by gRPC before the server saw it.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import multiprocessing
import os
import statistics
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health_pb2
from prometheus_client.parser import text_string_to_metric_families

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))  # for tests.* when run as a script from anywhere

from cardrules.v1 import lieng_pb2  # noqa: E402
from tests.benchmarks.bench_worst_case import Case, junk_cases, lieng_cases  # noqa: E402
from tests.support.calls import raw_stream, raw_unary  # noqa: E402
from tests.support.server_process import ServerHandle, running_server  # noqa: E402
from tests.support.streams import LIENG, stream_message  # noqa: E402

HEALTH = "/grpc.health.v1.Health/Check"
STREAM = f"/{LIENG.full_name}/Stream"
HEALTH_TARGET_MS = 100.0
CHEAP_TARGET_MS = 150.0
VARIANTS = {"handler thread": "true", "event loop only": "false"}
_LOCAL = [("grpc.use_local_subchannel_pool", 1)]


def _case(cases: Sequence[Case], name: str) -> Case:
    return next(c for c in cases if c.name.startswith(name))


def worst() -> Case:
    return _case(lieng_cases(), "Liêng ScoreLieng: 1000 random hands")


def cheap() -> Case:
    return _case(lieng_cases(), "Liêng StartBetting: 6 seats")


# --- load processes (spawned: they must not share this process's interpreter) -----------------------------------


def _unary_loader(target: str, stop: Any, done: Any) -> None:
    case = worst()
    calls = 0
    with grpc.insecure_channel(target, options=_LOCAL) as channel:
        method = raw_unary(channel, case.path)
        while not stop.is_set():
            with contextlib.suppress(grpc.RpcError):  # the server stopping
                method(case.body, timeout=60)
            calls += 1
            done.value = calls


def _stream_loader(target: str, stop: Any, done: Any) -> None:
    message = stream_message(LIENG, 1, lieng_pb2.ScoreLiengRequest.FromString(worst().body))

    def messages() -> Iterator[bytes]:
        while not stop.is_set():
            yield message

    answers = 0
    with grpc.insecure_channel(target, options=_LOCAL) as channel:
        try:
            for _answer in raw_stream(channel, STREAM)(messages(), timeout=600):
                answers += 1
                done.value = answers
        except grpc.RpcError:
            pass  # the server stopping


LOADERS = {"4 worst unary": _unary_loader, "4 streams": _stream_loader, "idle": None}


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def probe(target: str, seconds: float) -> tuple[list[float], list[float]]:
    """Health Check and cheap-call latencies (ms), one of each every ~20 ms."""
    health, calls = [], []
    request = health_pb2.HealthCheckRequest().SerializeToString()
    case = cheap()
    with grpc.insecure_channel(target, options=_LOCAL) as channel:
        check, call = raw_unary(channel, HEALTH), raw_unary(channel, case.path)
        check(request, timeout=30)
        call(case.body, timeout=30)
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            began = time.perf_counter()
            check(request, timeout=30)
            health.append((time.perf_counter() - began) * 1e3)
            time.sleep(0.01)
            began = time.perf_counter()
            call(case.body, timeout=30)
            calls.append((time.perf_counter() - began) * 1e3)
            time.sleep(0.01)
    return health, calls


def phase(server: ServerHandle, loader: Any, seconds: float) -> tuple[list[float], list[float], int]:
    spawn = multiprocessing.get_context("spawn")
    stop = spawn.Event()
    counters = [spawn.Value("l", 0, lock=False) for _ in range(4)]
    processes = (
        []
        if loader is None
        else [spawn.Process(target=loader, args=(server.target, stop, counter), daemon=True) for counter in counters]
    )
    for process in processes:
        process.start()
    try:
        # Every loader started (spawning takes seconds on a busy machine) and answered, then 1 s more.
        deadline = time.monotonic() + 120
        while processes and min(int(c.value) for c in counters) < 2:
            if time.monotonic() > deadline:
                raise SystemExit("the load processes did not get going within 120 s")
            time.sleep(0.1)
        time.sleep(1.0 if processes else 0.0)
        started = [int(c.value) for c in counters]
        health, calls = probe(server.target, seconds)
        loaded = sum(int(c.value) for c in counters) - sum(started)
    finally:
        stop.set()
        for process in processes:
            process.join(timeout=60)
            if process.is_alive():
                process.kill()
    return health, calls, loaded


def fairness(servers: dict[str, ServerHandle], rounds: int, seconds: float) -> None:
    print(
        f"{'load':<15} {'server':<16} {'health p50/p99/max ms':>24} {'cheap call p50/p99/max ms':>27}  loaded  load avg"
    )
    results: dict[tuple[str, str], tuple[list[float], list[float]]] = collections.defaultdict(lambda: ([], []))
    for _ in range(rounds):
        for load, loader in LOADERS.items():
            for name, server in servers.items():
                health, calls, loaded = phase(server, loader, seconds)
                results[load, name][0].extend(health)
                results[load, name][1].extend(calls)
                print(
                    f"{load:<15} {name:<16} {_figures(health):>24} {_figures(calls):>27}  {loaded:>6}  "
                    f"{os.getloadavg()[0]:.1f}",
                    flush=True,
                )
    print("\nAll rounds together:")
    for (load, name), (health, calls) in results.items():
        marks = ""
        if load != "idle":
            marks += "" if _percentile(health, 0.99) <= HEALTH_TARGET_MS else "  ✗ health"
            marks += "" if _percentile(calls, 0.99) <= CHEAP_TARGET_MS else "  ✗ cheap call"
        print(f"{load:<15} {name:<16} {_figures(health):>24} {_figures(calls):>27}{marks}")


def _figures(values: Sequence[float]) -> str:
    return f"{statistics.median(values):.1f} / {_percentile(values, 0.99):.1f} / {max(values):.0f}"


# --- the backlog case --------------------------------------------------------------------------------------------


def server_counts(server: ServerHandle, method: str) -> dict[str, float]:
    """Calls of ``method`` the server counted, by code."""
    with urllib.request.urlopen(server.metrics_url, timeout=10) as response:
        text = response.read().decode()
    counts: dict[str, float] = collections.defaultdict(float)
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "cardrules_rpc_calls_total" and sample.labels.get("method") == method:
                counts[sample.labels["code"]] += sample.value
    return counts


def backlog_case(kind: str) -> Case:
    if kind == "costliest":
        return worst()
    return next(c for c in junk_cases(256 * 1024 - 64) if "tiny unknown fields" in c.name)


def backlog(server: ServerHandle, case: Case, calls: int, connections: int) -> None:
    method = "/" + case.path.lstrip("/")
    before = server_counts(server, method)
    with ExitStack() as stack:
        channels = [
            stack.enter_context(grpc.insecure_channel(server.target, options=_LOCAL)) for _ in range(connections)
        ]
        for channel in channels:
            grpc.channel_ready_future(channel).result(timeout=10)
        started = time.perf_counter()
        futures = [raw_unary(channels[k % connections], case.path).future(case.body, timeout=60) for k in range(calls)]
        codes: collections.Counter[str] = collections.Counter()
        slowest = 0.0
        for future in futures:
            try:
                future.result()
                codes["OK"] += 1
            except grpc.RpcError as error:
                codes[error.code().name] += 1
            slowest = max(slowest, time.perf_counter() - started)
    time.sleep(1.0)  # the last log lines and samples
    after = server_counts(server, method)
    counted = {code: after.get(code, 0) - before.get(code, 0) for code in after}
    seen = sum(counted.values())
    print(f"  clients got {dict(codes)}; all ended within {slowest:.1f} s")
    print(
        f"  the server counted {int(seen)} ({ {k: int(v) for k, v in counted.items() if v} }); "
        f"never seen by the server: {calls - int(seen)}",
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=2, help="rounds of every phase on every server")
    parser.add_argument("--seconds", type=float, default=8.0, help="probing time of one phase")
    parser.add_argument("--backlog", action="store_true", help="run the 800-call backlog case instead")
    parser.add_argument("--calls", type=int, default=800, help="calls of the backlog case")
    parser.add_argument("--connections", type=int, default=8, help="connections of the backlog case")
    parser.add_argument(
        "--case",
        choices=("junk", "costliest"),
        default="junk",
        help="the backlog's request: 256 KiB of tiny unknown fields (default), or the costliest (1,000 random hands)",
    )
    parser.add_argument("--only", choices=sorted(VARIANTS), help="one server only")
    args = parser.parse_args(argv)
    variants = {k: v for k, v in VARIANTS.items() if args.only in (None, k)}
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    with ExitStack() as stack:
        servers = {
            name: stack.enter_context(
                running_server(["--workers", "1", "--log-level", "warning", "--handler-thread", value])
            )
            for name, value in variants.items()
        }
        if args.backlog:
            case = backlog_case(args.case)
            for name, server in servers.items():
                print(
                    f"{name}: {args.calls} × {case.name} over {args.connections} connections, "
                    f"load {os.getloadavg()[0]:.1f}"
                )
                backlog(server, case, args.calls, args.connections)
        else:
            fairness(servers, args.rounds, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
