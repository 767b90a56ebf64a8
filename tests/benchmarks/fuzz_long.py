"""Long fuzz run (a script, not a pytest test): .venv/bin/python tests/benchmarks/fuzz_long.py [--calls 100000]

The generator of tests/e2e/test_fuzz.py (random bytes, bit flips and truncations of the conformance vectors'
requests, another method's request, structure-aware mutants), for as many calls as asked, over every RPC of both
rules services, with several calls in flight. By default it starts its own server (``python -m cardrules.server
--workers 1``); ``--target host:port`` fuzzes a running one instead (``--pid`` then names the process whose memory
to report); ``--sweep`` first sets every number of every valid vector to its extremes, singly and in pairs (the
suite's ``edge_sweep`` without its 3-vector cap); ``--json-gateway`` sends mutated JSON bodies through the JSON
gateway instead (tests/support/json_mutations.py). It reports calls/s, the codes seen with counts (per method too),
the server's RSS at start, peak (VmHWM) and end, the slowest calls of each method, and each distinct unacceptable
answer once, with its count, the bytes and how they were made; ``--shrink`` also cuts each one's bytes down to a
shorter input that still fails the same way. Exits non-zero when any answer was unacceptable or the server died.
"""

from __future__ import annotations

import argparse
import collections
import heapq
import itertools
import re
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))  # for tests.support when run as a script from anywhere

from tests.support.fuzz_wire import ALLOWED_CODES, Answer, send_all  # noqa: E402  (after the sys.path line above)
from tests.support.json_mutations import json_gateway_inputs, vector_json  # noqa: E402
from tests.support.mutations import FuzzInput, edge_sweep, fuzz_inputs, vector_requests  # noqa: E402
from tests.support.server_process import health_status, new_channel, running_server  # noqa: E402

DEFAULT_SEED = 20261201  # the seed of tests/e2e/test_fuzz.py: its run is this run's first calls
SLOWEST_SHOWN = 3
REPLAYS = 3
SHRINK_ATTEMPTS = 600
SHRINK_MAX_BYTES = 64 * 1024


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--calls", type=int, default=100_000, help="calls to make (default 100000)")
    parser.add_argument("--concurrency", type=int, default=8, help="calls in flight (default 8)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"generator seed (default {DEFAULT_SEED})")
    parser.add_argument("--target", default="", help="host:port of a running server (default: start one)")
    parser.add_argument("--pid", type=int, default=0, help="pid of the --target server, for its memory figures")
    parser.add_argument(
        "--grow-bytes",
        type=int,
        default=64 * 1024,
        help="most bytes one growth of a repeated field adds (default 65536, as the suite's test)",
    )
    parser.add_argument(
        "--max-bytes",
        type=int,
        default=0,
        help="largest request: the server's message limit (default: read from the started server's log; "
        "needed with --target)",
    )
    parser.add_argument("--timeout", type=float, default=30.0, help="deadline of each call in seconds (default 30)")
    parser.add_argument("--only", default="", help="fuzz only the methods whose path matches this regex")
    parser.add_argument(
        "--sweep",
        action="store_true",
        help="first every number of every valid vector at its extremes, singly and in pairs (about 13,000 calls; "
        "the suite tries each change on 3 vectors only)",
    )
    parser.add_argument(
        "--json-gateway",
        action="store_true",
        help="send mutated JSON bodies through cardrules.gateway.v1.JsonGatewayService/Call instead",
    )
    parser.add_argument("--shrink", action="store_true", help="cut each distinct failure's bytes down")
    parser.add_argument("--server-arg", action="append", default=[], help="extra flag for the started server")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.target:
        if not args.max_bytes:
            raise SystemExit("--target needs --max-bytes: the server's --max-message-bytes")
        return fuzz(args, args.target, args.pid or None)
    with running_server(["--workers", "1", *args.server_arg]) as server:
        if not args.max_bytes:
            started = server.wait_for_log(lambda line: line.get("event") == "server started")
            args.max_bytes = int(started["max_message_bytes"])
        code = fuzz(args, server.target, server.process.pid)
        if server.process.poll() is not None:
            print(f"server exited with code {server.process.returncode}")
            return 1
        logs = server.logs()
        print_server_latency(logs)
        warnings = [line for line in logs if line.get("level") != "info"]
        levels = collections.Counter(str(line.get("level")) for line in warnings)
        events = collections.Counter(str(line.get("error", line.get("event")))[:70] for line in warnings)
        pids = {line.get("pid") for line in logs}
        print(f"server log: pids {sorted(map(str, pids))}; lines above info: {dict(levels)}")
        for event, count in events.most_common(5):
            print(f"  {count} x {event}")
        # The server's own account of each kind of error (a traceback's last lines say where it failed).
        errors = {(str(line.get("event")), str(line.get("method"))): line for line in warnings if "exception" in line}
        for (event, method), line in errors.items():
            exception = str(line["exception"]).strip().splitlines()[-4:]
            print(f"traceback logged: {event} {method}: " + " | ".join(exception))
        return code


def print_server_latency(logs: list[dict[str, object]]) -> None:
    """Per method, the latency the server logged for each call (its own time, without the client's queueing)."""
    by_method: dict[str, list[float]] = collections.defaultdict(list)
    for line in logs:
        latency = line.get("latency_ms")
        if line.get("event") == "rpc" and isinstance(latency, (int, float)):
            by_method[str(line.get("method")).rsplit(".", 1)[-1]].append(float(latency))
    print("server-side latency per method (from its log lines): calls, p50, p99, max ms")
    for method, values in sorted(by_method.items()):
        values.sort()
        p50, p99 = values[len(values) // 2], values[min(len(values) - 1, len(values) * 99 // 100)]
        print(f"  {method}: {len(values)}, {p50:.2f}, {p99:.2f}, {values[-1]:.1f}")


def fuzz(args: argparse.Namespace, target: str, pid: int | None) -> int:
    vectors = vector_requests()
    only = re.compile(args.only)
    allowed = ALLOWED_CODES
    stream: Iterator[FuzzInput]
    if args.json_gateway:
        # Each call names its rules method first in ``how``; UNIMPLEMENTED answers names the server does not host.
        stream = json_gateway_inputs(args.seed, vector_json(), max_bytes=args.max_bytes)
        stream = (fuzz for fuzz in stream if only.search(fuzz.how.split()[0]))
        allowed = ALLOWED_CODES | {grpc.StatusCode.UNIMPLEMENTED}
    else:
        stream = fuzz_inputs(args.seed, vectors, grow_bytes=args.grow_bytes, max_bytes=args.max_bytes)
        stream = (fuzz for fuzz in stream if only.search(fuzz.rpc.path))
    inputs: Iterator[FuzzInput] = itertools.islice(stream, args.calls)
    if args.sweep:
        sweep = (fuzz for fuzz in edge_sweep(vectors, per_field=sys.maxsize) if only.search(fuzz.rpc.path))
        inputs = itertools.chain(sweep, inputs)
    rss_start = _memory(pid, "VmRSS")
    codes: collections.Counter[str] = collections.Counter()
    by_method: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    slowest: dict[str, list[tuple[float, int, Answer]]] = collections.defaultdict(list)
    failures: dict[str, Answer] = {}  # the first answer of each distinct failure
    failure_counts: collections.Counter[str] = collections.Counter()
    largest = 0
    started = time.perf_counter()
    with new_channel(target) as channel:
        answers = send_all(channel, inputs, concurrency=args.concurrency, timeout=args.timeout, allowed=allowed)
        for number, answer in enumerate(answers):
            method = answer.fuzz.rpc.path.rsplit(".", 1)[1]
            codes[answer.code.name] += 1
            by_method[method][answer.code.name] += 1
            largest = max(largest, len(answer.fuzz.payload))
            heap = slowest[method]
            heapq.heappush(heap, (answer.seconds, number, answer))
            if len(heap) > SLOWEST_SHOWN:
                heapq.heappop(heap)
            if answer.problem is not None:
                key = _failure_key(answer)
                failure_counts[key] += 1
                failures.setdefault(key, answer)
            if (number + 1) % 10_000 == 0:
                rss = f", server RSS {_mib(_memory(pid, 'VmRSS'))}" if pid is not None else ""
                seconds = time.perf_counter() - started
                print(f"  {number + 1} calls, {seconds:.0f} s{rss}, codes {dict(codes)}", flush=True)
        elapsed = time.perf_counter() - started
        total = sum(codes.values())
        print(
            f"seed {args.seed}: {total} calls in {elapsed:.1f} s = {total / elapsed:.0f} calls/s "
            f"(concurrency {args.concurrency}, largest request {largest} of at most {args.max_bytes} bytes)"
        )
        print(f"codes: {dict(codes.most_common())}")
        for method, counts in sorted(by_method.items()):
            print(f"  {method}: {dict(counts.most_common())}")
        if pid is not None:
            print(
                f"server RSS: start {_mib(rss_start)}, peak {_mib(_memory(pid, 'VmHWM'))} (VmHWM, since the process "
                f"started), end {_mib(_memory(pid, 'VmRSS'))}"
            )
        # Under load, the slowest calls are mostly those that waited behind others; each is sent again alone
        # (best of REPLAYS) to tell an input that is slow in itself from one that was merely unlucky.
        print(
            f"slowest {SLOWEST_SHOWN} calls per method: in the run (client-side, including queueing behind other "
            f"calls) / replayed alone, best of {REPLAYS}"
        )
        for method, heap in sorted(slowest.items()):
            shown = ", ".join(
                f"{seconds * 1000:.1f} / {_alone(channel, answer, args.timeout, allowed) * 1000:.1f} ms "
                f"({len(answer.fuzz.payload)} B, {answer.code.name}: {answer.fuzz.how[:80]})"
                for seconds, _number, answer in sorted(heap, reverse=True)
            )
            print(f"  {method}: {shown}")
        alive = _serving(target)
        print(f"health after the run: {'SERVING' if alive else 'NOT SERVING'}")
        print(f"distinct unacceptable answers: {len(failures)} ({sum(failure_counts.values())} calls)")
        for key, answer in failures.items():
            print(f"- {failure_counts[key]} x {answer.report()}")
            if args.shrink:
                print(f"  shrunk: {_shrink(channel, answer, args.timeout, allowed).hex()}")
    return 0 if alive and not failures else 1


def _failure_key(answer: Answer) -> str:
    """What makes two failures the same: method, code, problem, and for a wrong code its message, numbers blanked."""
    key = f"{answer.fuzz.rpc.path} {answer.code.name} {answer.problem}"
    if answer.problem and answer.problem.startswith("code "):
        key += " " + re.sub(r"[0-9]+", "#", answer.details)[:80]
    return key


def _shrink(channel: grpc.Channel, answer: Answer, timeout: float, allowed: frozenset[grpc.StatusCode]) -> bytes:
    """A shorter input that still fails the same way: chunks of the bytes removed while the failure persists."""
    payload = answer.fuzz.payload
    if len(payload) > SHRINK_MAX_BYTES:
        return payload
    key = _failure_key(answer)
    attempts = 0

    def fails(candidate: bytes) -> bool:
        nonlocal attempts
        attempts += 1
        fuzz = FuzzInput(answer.fuzz.rpc, candidate, "shrunk")
        (again,) = send_all(channel, [fuzz], concurrency=1, timeout=timeout, allowed=allowed)
        return again.problem is not None and _failure_key(again) == key

    chunk = max(1, len(payload) // 2)
    while chunk >= 1 and attempts < SHRINK_ATTEMPTS:
        start, removed = 0, False
        while start < len(payload) and attempts < SHRINK_ATTEMPTS:
            candidate = payload[:start] + payload[start + chunk :]
            if fails(candidate):
                payload, removed = candidate, True
            else:
                start += chunk
        if not removed:
            chunk //= 2
    return payload


def _alone(channel: grpc.Channel, answer: Answer, timeout: float, allowed: frozenset[grpc.StatusCode]) -> float:
    """The best time of a few sends of the same input with nothing else in flight."""
    again = [send_all(channel, [answer.fuzz], concurrency=1, timeout=timeout, allowed=allowed) for _ in range(REPLAYS)]
    return min(next(iter(answers)).seconds for answers in again)


def _memory(pid: int | None, field: str) -> int:
    if pid is None:
        return 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    return 0


def _mib(value: int) -> str:
    return f"{value / 2**20:.1f} MiB"


def _serving(target: str) -> bool:
    try:
        return health_status(target, timeout=5.0) == health_pb2.HealthCheckResponse.SERVING
    except grpc.RpcError:
        return False


if __name__ == "__main__":
    sys.exit(main())
