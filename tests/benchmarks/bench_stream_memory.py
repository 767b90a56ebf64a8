"""Stream memory benchmark (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_stream_memory.py

How much resident memory a client that writes to many ``Stream`` calls and never reads an answer can make one
worker hold (issue #21.1), against the bound docs/limits.md gives ("Memory"). For each case a fresh server
(``python -m cardrules.server``, one worker) is flooded for ``--seconds`` by tests/support/stream_flood.py in a
process of its own, while this script samples the server's VmRSS every 50 ms and calls ScoreLieng (3 hands) unary
beside the flood. Cases:

- the issue's first reproduction: 20 streams of 200 KB messages (small answers) on one connection;
- the issue's second: 200 streams of 20 KB ScoreLieng messages (1000 hands, 30 KB answers) on 2 connections;
- the second again from a client that keeps its own receive window at 64 KiB, so the answers back up at once.

``--compare REVISION`` runs every case on that revision's server too (checked out into a temporary git worktree),
side by side: the figures before and after a change. Each server is started with ``--max-open-streams`` as large
as the case's streams (where the revision has the flag), so that every stream is held rather than refused.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))  # for tests.* when run as a script from anywhere

from tests.benchmarks.bench_guard import checked_out  # noqa: E402
from tests.support.server_process import running_server  # noqa: E402
from tests.support.stream_flood import FloodRun, flood_server, message_named, stream_memory_bound_bytes  # noqa: E402

MiB = 2**20


@dataclass(frozen=True)
class Case:
    name: str
    streams: int
    connections: int
    message: str  # as tests/support/stream_flood.py names it
    client_window: int | None = None

    def args(self, seconds: float) -> list[str]:
        args = ["--streams", str(self.streams), "--connections", str(self.connections), "--message", self.message]
        if self.client_window is not None:
            args += ["--client-window", str(self.client_window)]
        return [*args, "--seconds", str(seconds)]


CASES = (
    Case("20 streams x 200 KB, 1 connection", 20, 1, "padded:200000"),
    Case("200 streams x 20 KB ScoreLieng, 2 connections", 200, 2, "score-lieng"),
    Case("the same, client window 64 KiB", 200, 2, "score-lieng", client_window=65535),
)


def run_case(tree: Path | None, case: Case, seconds: float) -> FloodRun:
    """``case`` against a fresh server of ``tree`` (None: this working tree)."""
    env = None
    service = (tree or REPO_ROOT) / "service"
    if tree is not None:
        env = {"PYTHONPATH": os.pathsep.join([str(service), str(tree / "clients/python/src")])}
    config = (service / "cardrules/server/config.py").read_text()
    args = ["--log-level", "warning"]
    if "--max-open-streams" in config:
        args += ["--max-open-streams", str(case.streams)]
    with running_server(args, env=env) as server:
        return flood_server(server, case.args(seconds))


def report(label: str, case: Case, run: FloodRun) -> None:
    bound = stream_memory_bound_bytes(case.streams, len(message_named(case.message)))
    ok = sum(code is grpc.StatusCode.OK for code in run.unary_codes)
    slowest = max(run.unary_seconds, default=float("nan")) * 1e3
    median = statistics.median(run.unary_seconds) * 1e3 if run.unary_seconds else float("nan")
    ended = run.result["ended_early"] or "none"
    print(
        f"  {label:14} RSS {run.before_kib / 1024:6.1f} MiB -> peak +{run.growth_bytes / MiB:7.1f} MiB"
        f" (after +{(run.after_kib - run.before_kib) / 1024:7.1f})  bound {bound / MiB:6.1f} MiB"
        f"  written {run.result['written']:6d}  ended early: {ended}"
        f"  unary {ok}/{len(run.unary_codes)} OK, p50 {median:6.1f} ms, max {slowest:7.1f} ms",
        flush=True,
    )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--compare", metavar="REVISION", help="also measure this git revision (before)")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each flood lasts (default 10)")
    parser.add_argument("--only", default="", help="run the cases whose name contains this text")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    cases = [case for case in CASES if args.only in case.name]
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-stream-memory-") as work:
        trees: list[tuple[str, Path | None]] = [("working tree", None)]
        with checked_out(args.compare, Path(work), "old") if args.compare else contextlib.nullcontext(None) as old:
            if old is not None:
                trees.insert(0, (args.compare, old))
            for case in cases:
                print(case.name, flush=True)
                for label, tree in trees:
                    report(label, case, run_case(tree, case, args.seconds))
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
