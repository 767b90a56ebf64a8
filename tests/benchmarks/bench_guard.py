"""Before/after guard (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_guard.py OLD_REV [NEW_REV]

Compares the RPC calls/s of two revisions of the server on this machine, in one run: OLD_REV (and NEW_REV, when
given; else this working tree as it is) is checked out into a temporary ``git worktree``, a server is started
from each tree (``--workers 1``), and ``bench_rpc.py``'s load (h2load, the same request bodies, the same checks)
runs on the two servers alternately, round after round, each RPC on one server right after the other, the order
swapped every round. Alternating cancels most of what a shared machine does to single runs (other jobs come and
go within seconds; both servers see the same minutes). Printed per RPC: calls/s of each (median over rounds) and
the new ÷ old ratio (median of the per-round ratios); the exit code is 1 when some RPC's ratio is below
``--floor`` (default 0.90: more than 10 % slower).

The requests are built by this tree's code (``bench_rpc.sam_cases``/``lieng_cases``) and sent as bytes, so both
revisions answer exactly the same calls; each revision must accept them (``bench_rpc.verify``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))

from tests.benchmarks.bench_rpc import (  # noqa: E402  (after the sys.path line above)
    EMPTY,
    SEED,
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
from tests.support.server_process import ServerHandle, running_server  # noqa: E402


@dataclass
class Tree:
    """One revision's source tree and what was measured on its server."""

    label: str  # "old" or "new"
    revision: str  # as given, or "working tree"
    path: Path
    runs: dict[str, list[Run]] = field(default_factory=dict)

    def environment(self) -> dict[str, str]:
        """Imports resolve to this tree first: the service package and the generated code beside the SDK."""
        return {"PYTHONPATH": os.pathsep.join([str(self.path / "service"), str(self.path / "clients/python/src")])}


@contextlib.contextmanager
def checked_out(revision: str, work: Path, name: str) -> Iterator[Path]:
    """``revision`` in a temporary detached worktree, removed afterwards."""
    path = work / name
    _git("worktree", "add", "--quiet", "--detach", str(path), revision)
    try:
        yield path
    finally:
        _git("worktree", "remove", "--force", str(path))


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(REPO_ROOT), *args], check=True, capture_output=True, text=True).stdout


def check_imports(tree: Tree) -> None:
    """Fail unless a server started with this tree's environment imports this tree's code."""
    env = {**os.environ, **tree.environment()}
    found = subprocess.run(
        [sys.executable, "-c", "import cardrules.api, cardrules.server; print(cardrules.api.__file__)"],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not Path(found).is_relative_to(tree.path):
        raise RuntimeError(f"{tree.label} ({tree.revision}) would import {found}, not code under {tree.path}")


def run_rounds(
    trees: Sequence[Tree], servers: Sequence[ServerHandle], cases: Sequence[Case], load: Load, work: Path
) -> None:
    """For every round and case: one measured run per server, back to back, in swapped order each round."""
    bodies = {case.name: write_body(case, work) for case in cases}
    for server in servers:
        for case in cases:
            verify(case, server.target, bodies[case.name])
    for round_number in range(load.rounds):
        print(f" round {round_number + 1}/{load.rounds}", flush=True)
        order = list(zip(trees, servers, strict=True))
        if round_number % 2:
            order.reverse()
        for case in cases:
            for tree, server in order:
                url = f"http://{server.target}{case.path}"
                run = measure(url, bodies[case.name], load, server.process.pid, work, server.metrics_url)
                tree.runs.setdefault(case.name, []).append(run)
                print(
                    f"  {tree.label} {case.name:<40} {run.rate:>7,.0f} calls/s  server CPU {run.cpu_us:5.0f} µs/call "
                    f"(handler {run.handler_us:4.0f})",
                    flush=True,
                )


def report(old: Tree, new: Tree, cases: Sequence[Case], floor: float) -> bool:
    """A markdown table, medians over the rounds; True when no RPC's ratio is below ``floor``."""
    print(
        f"\nold = {old.revision}, new = {new.revision}; medians of {len(old.runs[cases[0].name])} rounds\n\n"
        "| RPC | old calls/s | new calls/s | new ÷ old (calls/s) | old handler µs | new handler µs "
        "| new ÷ old (server CPU/call) |\n|---|---:|---:|---:|---:|---:|---:|"
    )
    passed = True
    for case in cases:
        before, after = old.runs[case.name], new.runs[case.name]
        ratio = statistics.median(a.rate / b.rate for a, b in zip(after, before, strict=True))
        cpu = statistics.median(a.cpu_us / b.cpu_us for a, b in zip(after, before, strict=True))
        low = ratio < floor
        passed &= not low or case.name == EMPTY
        print(
            f"| {case.name} | {statistics.median(r.rate for r in before):,.0f} "
            f"| {statistics.median(r.rate for r in after):,.0f} | {ratio:.2f}{' (below the floor)' if low else ''} "
            f"| {statistics.median(r.handler_us for r in before):.0f} "
            f"| {statistics.median(r.handler_us for r in after):.0f} | {cpu:.2f} |"
        )
    return passed


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("old", metavar="OLD_REV", help="the revision to compare against (any git revision)")
    parser.add_argument("new", metavar="NEW_REV", nargs="?", help="the revision to check (default: this working tree)")
    parser.add_argument("--seconds", type=float, default=2.0, help="measured seconds per h2load run (default 2)")
    parser.add_argument("--warm-up", type=float, default=0.5, help="warm-up seconds before each run (default 0.5)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds; figures are medians (default 5)")
    parser.add_argument("--clients", type=int, default=8, help="h2load connections (default 8)")
    parser.add_argument("--streams", type=int, default=4, help="concurrent streams per connection (default 4)")
    parser.add_argument("--seed", type=int, default=SEED, help="seed of the dealt cards")
    parser.add_argument("--only", default="", help="run only the RPCs whose name matches this regex (e.g. 'Sâm')")
    parser.add_argument("--floor", type=float, default=0.90, help="the lowest acceptable new ÷ old ratio (0.90)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    missing = [tool for tool in ("h2load", "nghttp") if shutil.which(tool) is None]
    if missing:
        print(f"bench_guard: {' and '.join(missing)} not found: apt-get install -y nghttp2-client", file=sys.stderr)
        return 2
    load = Load(args.seconds, args.warm_up, args.clients, args.streams, args.rounds)
    rng = random.Random(args.seed)
    cases = [empty_case()] + [c for c in sam_cases(rng) + lieng_cases(rng) if re.search(args.only, c.name)]
    print(f"Python {sys.version.split()[0]}, {machine_note()}, {h2load_version()}")
    with tempfile.TemporaryDirectory(prefix="bench-guard-") as tmp, contextlib.ExitStack() as stack:
        work = Path(tmp)
        old = Tree("old", args.old, stack.enter_context(checked_out(args.old, work, "old")))
        new_path = REPO_ROOT if args.new is None else stack.enter_context(checked_out(args.new, work, "new"))
        new = Tree("new", args.new or "working tree", new_path)
        servers = []
        for tree in (old, new):
            check_imports(tree)
            print(f"{tree.label}: {tree.revision} at {tree.path}", flush=True)
            args_ = ["--workers", "1", "--log-level", "warning"]
            servers.append(stack.enter_context(running_server(args_, env=tree.environment())))
        run_rounds([old, new], servers, cases, load, work)
    print(f"\n{machine_note()} at the end")
    return 0 if report(old, new, cases, args.floor) else 1


if __name__ == "__main__":
    sys.exit(main())
