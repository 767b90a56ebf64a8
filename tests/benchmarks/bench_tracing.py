"""What tracing costs a call (a script, not a test):
.venv/bin/python tests/benchmarks/bench_tracing.py    # --rounds, --seconds, --warm-up, --clients, --streams, --seed

Three servers side by side, one worker each: tracing off; ``--tracing`` with every call sampled
(``OTEL_TRACES_SAMPLER=always_on``: a new trace per call, each span exported over OTLP/gRPC to a collector in
this process); and ``--tracing`` with no call sampled (``always_off``: the cost of the hooks alone). Each RPC runs
on the three in turn, the order rotated every round, with ``bench_rpc.py``'s own h2load runs, request bodies,
checks and readings. Printed per RPC and server: the median calls/s and server CPU per call (user + system of the
server process, which includes the exporter's thread), and the medians of the per-round ratios to tracing off.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))

from tests.benchmarks.bench_rpc import (  # noqa: E402
    Case,
    Load,
    Run,
    empty_case,
    h2load_version,
    lieng_cases,
    machine_note,
    measure,
    sam_cases,
    verify,
    write_body,
)
from tests.support.otlp import collector  # noqa: E402
from tests.support.server_process import ServerHandle, free_port, running_server  # noqa: E402

SERVERS = {"off": None, "on, all sampled": "always_on", "on, none sampled": "always_off"}
RPCS = ("Sâm ValidatePlay", "Liêng ScoreLieng (4 hands)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--warm-up", type=float, default=0.5)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--streams", type=int, default=4)
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)
    load = Load(args.seconds, args.warm_up, args.clients, args.streams, args.rounds)
    rng = random.Random(args.seed)
    by_name = {case.name: case for case in [*sam_cases(rng), *lieng_cases(rng)]}
    cases = [empty_case(), *(by_name[name] for name in RPCS)]
    print(f"{machine_note()}; {h2load_version()}", flush=True)
    runs: dict[tuple[str, str], list[Run]] = {(case.name, server): [] for case in cases for server in SERVERS}
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        work = Path(folder)
        spans = stack.enter_context(collector())
        servers: dict[str, tuple[ServerHandle, str]] = {}
        for name, sampler in SERVERS.items():
            metrics_port = free_port()
            env = {} if sampler is None else {**spans.server_env(), "OTEL_TRACES_SAMPLER": sampler}
            server_args = ["--metrics-port", str(metrics_port), "--log-level", "warning"]
            handle = stack.enter_context(running_server(server_args, env=env))
            servers[name] = handle, f"http://127.0.0.1:{metrics_port}/metrics"
        bodies = {case.name: write_body(case, work) for case in cases}
        for case in cases:
            for handle, _metrics in servers.values():
                verify(case, handle.target, bodies[case.name])
        order = list(SERVERS)
        for round_number in range(load.rounds):
            print(f"round {round_number + 1}/{load.rounds} (load: {machine_note()})", flush=True)
            for case in cases:
                for name in order:
                    handle, metrics = servers[name]
                    url = f"http://{handle.target}{case.path}"
                    result = measure(url, bodies[case.name], load, handle.process.pid, work, metrics)
                    runs[case.name, name].append(result)
                    print(
                        f"  {case.name:<28} {name:<17} {result.rate:>7,.0f} calls/s  "
                        f"server CPU {result.cpu_us:5.0f} µs/call",
                        flush=True,
                    )
            order = order[1:] + order[:1]
        print(f"\nspans exported: {len(spans.spans(0))}")
    report(cases, runs, load)
    return 0


def report(cases: Sequence[Case], runs: dict[tuple[str, str], list[Run]], load: Load) -> None:
    print(f"\nMedians of {load.rounds} rounds; ratios are per round against tracing off, then the median.")
    print("| RPC | tracing | calls/s | server CPU µs/call | ÷ off (calls/s) | ÷ off (CPU) |")
    print("|---|---|---:|---:|---:|---:|")
    for case in cases:
        off = runs[case.name, "off"]
        for name in SERVERS:
            mine = runs[case.name, name]
            rate = statistics.median(run.rate for run in mine)
            cpu = statistics.median(run.cpu_us for run in mine)
            rate_ratio = statistics.median(m.rate / o.rate for m, o in zip(mine, off, strict=True))
            cpu_ratio = statistics.median(m.cpu_us / o.cpu_us for m, o in zip(mine, off, strict=True))
            print(f"| {case.name} | {name} | {rate:,.0f} | {cpu:.0f} | {rate_ratio:.2f} | {cpu_ratio:.2f} |")


if __name__ == "__main__":
    sys.exit(main())
