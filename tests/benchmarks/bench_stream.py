"""Stream benchmark (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_stream.py

Unary calls and the same calls as messages on the service's multiplexed Stream (issue #14), side by side on one
server worker, per RPC: calls/s, p50/p99 latency and server CPU per call. The server (``--workers 1``) is pinned to
core 0 and the load driver to core 1 with ``taskset``; the driver is tests/benchmarks/streamload, a small Go program
(built here with the Go toolchain) that sends the same request bytes either way, checks every answer, and prints
when its measured window starts and ends, so the server's CPU time (``/proc/<pid>/stat`` utime + stime) is read
over exactly that window and divided by the calls answered in it.

Two phases per RPC, unary and stream alternating within each round (the order swapped every round), medians over
the rounds:

- **saturation**: a closed loop with 32 calls in flight (32 unary callers; 2 streams with 16 messages in flight
  each): calls/s, p50/p99, CPU per call;
- **fixed rate**: both at the same offered load (by default 60 % of unary's saturation rate) on a fixed schedule,
  latency counted from each call's scheduled time: p50/p99 and CPU per call.

With ``--bare`` a second server runs the barest possible ``Stream`` handler (tests/benchmarks/bare_stream_server.py:
the same answer per message, none of the runner's admission, limits, metrics or logs), also pinned to core 0, and
the saturation phase adds its stream runs to the alternation: the gap between the two streams is what the server's
stream runner costs per message; the rest of the bare stream's CPU beyond the handler is grpc's.

Targets (issue #14.5): stream CPU per call ≤ 50 % of unary for ValidatePlay and LegalMoves, ≤ 65 % for Sâm
SettleRound; stream p99 no worse than unary at the same offered load.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
from google.protobuf.message import Message

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # for tests.* when run as a script from anywhere

from cardrules.v1 import lieng_pb2  # noqa: E402
from tests.benchmarks.bench_rpc import SEED, Case, handler_cpu, lieng_cases, sam_cases, server_cpu_seconds  # noqa: E402
from tests.support.server_process import ServerHandle, running_server  # noqa: E402
from tests.support.streams import LIENG, SAM, stream_message  # noqa: E402

DRIVER = HERE / "streamload"
BARE_ENTRY = "tests.benchmarks.bare_stream_server"
SERVER_ARGS = ["--workers", "1", "--log-level", "warning"]  # both servers' flags
SERVER_CORE, DRIVER_CORE = "0", "1"
CONCURRENCY, STREAMS = 32, 2
# The targets: stream CPU per call at most this fraction of unary's.
CPU_TARGETS = {
    "/cardrules.v1.SamLocService/ValidatePlay": 0.50,
    "/cardrules.v1.SamLocService/LegalMoves": 0.50,
    "/cardrules.v1.SamLocService/SettleRound": 0.65,
    "/cardrules.v1.LiengService/ValidatePlay": 0.50,
}
MODES = ("unary", "stream")
BARE = "bare"  # stream runs against the bare-handler server (--bare)


@dataclass(frozen=True)
class Run:
    mode: str
    rate: float
    p50_ms: float
    p99_ms: float
    cpu_us: float  # all of the server's CPU per call
    handler_us: float  # of which in the unary method's handler (the server's cardrules_rpc_handler_cpu_seconds)


def lieng_validate_play(target: str) -> Case:
    """A legal Liêng action on a fresh six-seat betting state (from the server's own StartBetting/LegalMoves)."""
    with grpc.insecure_channel(target) as channel:
        service = "/cardrules.v1.LiengService/"

        def call(method: str, request: Message, response_type: type[Message]) -> Message:
            stub = channel.unary_unary(
                service + method,
                request_serializer=type(request).SerializeToString,
                response_deserializer=response_type.FromString,
            )
            answer: Message = stub(request, timeout=10)
            return answer

        started = call(
            "StartBetting",
            lieng_pb2.StartBettingRequest(stacks=[1000] * 6, ante=10, first_actor=0),
            lieng_pb2.StartBettingResponse,
        )
        state = started.state  # type: ignore[attr-defined]
        legal = call(
            "LegalMoves", lieng_pb2.LiengServiceLegalMovesRequest(state=state), lieng_pb2.LiengServiceLegalMovesResponse
        )
        raise_ = next(a for a in legal.actions if a.kind == lieng_pb2.LIENG_ACTION_KIND_RAISE)  # type: ignore[attr-defined]
        action = lieng_pb2.LiengAction(seat=legal.seat, kind=raise_.kind, amount=raise_.min_total)  # type: ignore[attr-defined]
        request = lieng_pb2.LiengServiceValidatePlayRequest(state=state, action=action)
        answer = call("ValidatePlay", request, lieng_pb2.LiengServiceValidatePlayResponse)
        assert answer.legal, answer  # type: ignore[attr-defined]
    return Case(
        "Liêng ValidatePlay (raise, 6 seats)",
        service + "ValidatePlay",
        request,
        lieng_pb2.LiengServiceValidatePlayResponse,
        lambda _: None,
    )


def build_driver(work: Path) -> Path:
    go = shutil.which("go")
    if go is None:
        raise SystemExit("bench_stream.py needs the Go toolchain (https://go.dev/dl/) to build its load driver")
    binary = work / "streamload"
    subprocess.run([go, "build", "-o", str(binary), "."], cwd=DRIVER, check=True)
    return binary


def pin(pid: int, core: str) -> None:
    """Every thread of ``pid`` (threads it starts later inherit the mask) on ``core``."""
    subprocess.run(["taskset", "-a", "-p", "-c", core, str(pid)], check=True, capture_output=True)


def run(
    driver: Path,
    server: ServerHandle,
    case: Case,
    files: tuple[Path, Path],
    mode: str,
    rate: float,
    args: argparse.Namespace,
    label: str = "",
) -> Run:
    pid = server.process.pid
    command = ["taskset", "-c", DRIVER_CORE, str(driver), "-target", server.target, "-path", case.path, "-mode", mode]
    command += ["-request", str(files[0]), "-message", str(files[1]), "-concurrency", str(CONCURRENCY)]
    command += ["-streams", str(STREAMS), "-rate", str(rate), "-warmup", f"{args.warmup}s"]
    command += ["-duration", f"{args.seconds}s"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    cpu_start = cpu_end = 0.0
    handler_start = handler_end = (0.0, 0.0)
    result: dict[str, float] = {}
    for line in process.stdout:
        if line.strip() == "measuring":
            cpu_start, handler_start = server_cpu_seconds(pid), handler_cpu(server.metrics_url, case.path)
        elif line.strip() == "done":
            cpu_end, handler_end = server_cpu_seconds(pid), handler_cpu(server.metrics_url, case.path)
        elif line.startswith("{"):
            result = json.loads(line)
    if process.wait() != 0 or not result:
        raise SystemExit(f"the driver failed: {' '.join(command)}")
    if result["errors"]:
        raise SystemExit(f"{result['errors']} calls failed: {' '.join(command)}")
    cpu_us = (cpu_end - cpu_start) / result["calls"] * 1e6
    handled = max(handler_end[1] - handler_start[1], 1.0)
    handler_us = (handler_end[0] - handler_start[0]) / handled * 1e6
    outcome = Run(mode, result["rate"], result["p50_ms"], result["p99_ms"], cpu_us, handler_us)
    print(
        f"    {label or mode:<6} {outcome.rate:>7,.0f} calls/s  "
        f"p50 {outcome.p50_ms:6.2f} ms  p99 {outcome.p99_ms:6.2f} ms  "
        f"server CPU {outcome.cpu_us:5.0f} µs/call (handler {outcome.handler_us:4.0f})",
        flush=True,
    )
    return outcome


def write_files(case: Case, work: Path) -> tuple[Path, Path]:
    service = SAM if case.path.startswith("/cardrules.v1.SamLocService/") else LIENG
    name = case.path.strip("/").replace("/", "_").replace(".", "_")
    request, message = work / f"{name}.request.bin", work / f"{name}.message.bin"
    request.write_bytes(case.request.SerializeToString())
    message.write_bytes(stream_message(service, 0, case.request))
    return request, message


def median(runs: Sequence[Run], field: str) -> float:
    return float(statistics.median(float(getattr(r, field)) for r in runs))


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds per phase (default 3)")
    parser.add_argument("--seconds", type=float, default=4.0, help="measured seconds per run (default 4)")
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds of load before each run (default 1)")
    parser.add_argument(
        "--share",
        type=float,
        default=0.6,
        help="fixed rate, as a share of unary's saturation rate (0: no fixed-rate phase)",
    )
    parser.add_argument("--only", default="", help="only the RPCs whose name contains this")
    parser.add_argument("--bare", action="store_true", help="also the barest stream handler, at saturation")
    args = parser.parse_args(argv)
    if (os.cpu_count() or 1) < 2:
        raise SystemExit("needs two cores: one for the server, one for the driver")
    rows = []
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-stream-") as scratch:
        work = Path(scratch)
        driver = build_driver(work)
        print(f"load average before: {load_average()}", flush=True)
        with contextlib.ExitStack() as stack:
            server = stack.enter_context(running_server(SERVER_ARGS))
            pin(server.process.pid, SERVER_CORE)
            rng = random.Random(SEED)
            sam, lieng = sam_cases(rng), lieng_cases(rng)
            cases = [*sam, lieng[0], lieng_validate_play(server.target)]
            cases = [case for case in cases if args.only in case.name]
            bare = None
            if args.bare:
                bare = stack.enter_context(running_server(SERVER_ARGS, entry=BARE_ENTRY))
                pin(bare.process.pid, SERVER_CORE)
            for case in cases:
                files = write_files(case, work)
                print(f"\n{case.name}", flush=True)
                modes = (*MODES, BARE) if bare is not None else MODES
                saturated: dict[str, list[Run]] = {mode: [] for mode in modes}
                for number in range(args.rounds):
                    print(f"  saturation, round {number + 1}", flush=True)
                    for mode in modes if number % 2 == 0 else reversed(modes):
                        if mode == BARE:
                            assert bare is not None
                            saturated[mode].append(run(driver, bare, case, files, "stream", 0, args, label=BARE))
                        else:
                            saturated[mode].append(run(driver, server, case, files, mode, 0, args))
                rate = round(args.share * median(saturated["unary"], "rate"))
                fixed: dict[str, list[Run]] = {mode: [] for mode in MODES}
                for number in range(args.rounds if args.share > 0 else 0):
                    print(f"  fixed rate {rate:,} calls/s, round {number + 1}", flush=True)
                    for mode in MODES if number % 2 == 0 else reversed(MODES):
                        fixed[mode].append(run(driver, server, case, files, mode, rate, args))
                rows.append((case, saturated, rate, fixed))
        print(f"load average after: {load_average()}")
    report(rows)
    return 0


def report(rows: list[tuple[Case, dict[str, list[Run]], int, dict[str, list[Run]]]]) -> None:
    """Markdown tables, medians over the rounds."""
    print(
        "\n| RPC (1 worker, saturation) | unary calls/s | stream calls/s | unary p50/p99 ms | stream p50/p99 ms "
        "| unary CPU µs/call (handler) | stream CPU µs/call (handler) | stream ÷ unary CPU | target |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---|"
    )
    for case, saturated, _rate, _fixed in rows:
        unary, stream = saturated["unary"], saturated["stream"]
        ratio = median(stream, "cpu_us") / median(unary, "cpu_us")
        target = CPU_TARGETS.get(case.path)
        verdict = "" if target is None else f"≤ {target:.2f}: {'met' if ratio <= target else 'NOT met'}"
        print(
            f"| {case.name} | {median(unary, 'rate'):,.0f} | {median(stream, 'rate'):,.0f} "
            f"| {median(unary, 'p50_ms'):.2f} / {median(unary, 'p99_ms'):.2f} "
            f"| {median(stream, 'p50_ms'):.2f} / {median(stream, 'p99_ms'):.2f} "
            f"| {median(unary, 'cpu_us'):.0f} ({median(unary, 'handler_us'):.0f}) "
            f"| {median(stream, 'cpu_us'):.0f} ({median(stream, 'handler_us'):.0f}) | {ratio:.2f} | {verdict} |"
        )
    bare_rows = [(case, saturated) for case, saturated, _rate, _fixed in rows if saturated.get(BARE)]
    if bare_rows:
        print(
            "\n| RPC (1 worker, saturation) | unary CPU µs/call | stream CPU µs/call (handler) "
            "| bare stream CPU µs/call | bare ÷ stream | bare ÷ unary |\n|---|---:|---:|---:|---:|---:|"
        )
    for case, saturated in bare_rows:
        unary_us, stream_us, bare_us = (median(saturated[mode], "cpu_us") for mode in (*MODES, BARE))
        print(
            f"| {case.name} | {unary_us:.0f} | {stream_us:.0f} ({median(saturated['stream'], 'handler_us'):.0f}) "
            f"| {bare_us:.0f} | {bare_us / stream_us:.2f} | {bare_us / unary_us:.2f} |"
        )
    print(
        "\n| RPC (1 worker, same offered load) | calls/s | unary p50/p99 ms | stream p50/p99 ms "
        "| unary CPU µs/call | stream CPU µs/call | stream p99 ≤ unary p99 |\n|---|---:|---:|---:|---:|---:|---|"
    )
    for case, _saturated, rate, fixed in rows:
        unary, stream = fixed["unary"], fixed["stream"]
        if not unary:
            continue
        met = median(stream, "p99_ms") <= median(unary, "p99_ms")
        print(
            f"| {case.name} | {rate:,} | {median(unary, 'p50_ms'):.2f} / {median(unary, 'p99_ms'):.2f} "
            f"| {median(stream, 'p50_ms'):.2f} / {median(stream, 'p99_ms'):.2f} "
            f"| {median(unary, 'cpu_us'):.0f} | {median(stream, 'cpu_us'):.0f} | {'met' if met else 'NOT met'} |"
        )


if __name__ == "__main__":
    sys.exit(main())
