"""How much handler time the RPC ratio targets leave (a script, not a test):
.venv/bin/python tests/benchmarks/bench_budget.py    (needs h2load: apt-get install -y nghttp2-client)

``bench_rpc.py`` compares each rules RPC with an empty call on the same server. This script asks the question
behind those ratios: on this machine, how long may a handler run and still keep 90 % / 85 % / 70 % of the empty
call's rate? It serves the production server plus one synthetic method (``spin_server.py``) whose handler spins
a pure-Python loop of a calibrated in-process cost, and alternates ``empty, spin(X), empty, …`` with the same
h2load settings and the same per-run figures as ``bench_rpc.py`` (calls/s, server CPU per call, the handler's
own thread CPU per call from the server's ``cardrules_rpc_handler_cpu_seconds`` metric), median of rounds.

A tight loop is the most favourable handler there is: it touches almost no memory, so it runs as fast live as in
a loop. Real handlers (conversion, validation, rules) touch far more: they run live at 1.6–2.5× their in-process
time and slow gRPC's own work by ≈ 50–100 µs per call (compare ``bench_rpc.py``'s "of which handler" column).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import timeit
from collections.abc import Sequence
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))

from tests.benchmarks.bench_rpc import (  # noqa: E402
    Load,
    Run,
    empty_case,
    h2load,
    h2load_version,
    machine_note,
    measure,
)
from tests.benchmarks.spin_server import SERVICE, spin  # noqa: E402
from tests.support.server_process import running_server  # noqa: E402

PATH = f"/{SERVICE}/Spin"
TARGETS = (0.90, 0.85, 0.70)


def calibrate(iterations: int) -> float:
    """In-process µs of ``spin(iterations)``, best of 5."""
    number = 200
    return min(timeit.repeat(lambda: spin(iterations), number=number, repeat=5)) / number * 1e6


def body(request: health_pb2.HealthCheckRequest) -> bytes:
    payload = request.SerializeToString()
    return b"\x00" + len(payload).to_bytes(4, "big") + payload


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--iterations", default="0,250,500,1000,2000,4000", help="spin sizes, comma-separated")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--streams", type=int, default=4)
    args = parser.parse_args(argv)
    sizes = [int(n) for n in args.iterations.split(",")]
    load = Load(args.seconds, 0.5, args.clients, args.streams, args.rounds)
    print(f"Python {sys.version.split()[0]}, {machine_note()}, {h2load_version()}")
    costs = {n: calibrate(n) for n in sizes}
    results: dict[int, list[tuple[Run, Run, Run]]] = {n: [] for n in sizes}
    with (
        tempfile.TemporaryDirectory(prefix="bench-budget-") as tmp,
        running_server(["--workers", "1", "--log-level", "warning"], entry="tests.benchmarks.spin_server") as server,
    ):
        work = Path(tmp)
        metrics_url = f"http://127.0.0.1:{server.metrics_port}/metrics"
        empty_body = work / "empty.bin"
        empty_body.write_bytes(empty_case().body())
        bodies = {}
        for n in sizes:
            request = health_pb2.HealthCheckRequest(service=str(n))
            with grpc.insecure_channel(server.target) as channel:  # the method answers before it is loaded
                call: grpc.UnaryUnaryMultiCallable[health_pb2.HealthCheckRequest, bytes] = channel.unary_unary(
                    PATH, health_pb2.HealthCheckRequest.SerializeToString
                )
                health_pb2.HealthCheckResponse.FromString(call(request, timeout=10))
            bodies[n] = work / f"spin{n}.bin"
            bodies[n].write_bytes(body(request))
        h2load(f"http://{server.target}{PATH}", bodies[sizes[0]], load, 1.0)  # warm the server up once

        def run(path: str, body_file: Path) -> Run:
            return measure(f"http://{server.target}{path}", body_file, load, server.process.pid, work, metrics_url)

        for round_number in range(load.rounds):
            print(f" round {round_number + 1}/{load.rounds}", flush=True)
            before = run("/grpc.health.v1.Health/Check", empty_body)
            for n in sizes:
                spun, after = run(PATH, bodies[n]), run("/grpc.health.v1.Health/Check", empty_body)
                print(
                    f"  spin {n:>5} ({costs[n]:6.1f} µs in-process): {spun.rate:7,.0f} calls/s, server CPU "
                    f"{spun.cpu_us:4.0f} µs/call (handler {spun.handler_us:5.1f}); empty calls around it "
                    f"{before.rate:,.0f} / {after.rate:,.0f} calls/s",
                    flush=True,
                )
                results[n].append((spun, before, after))
                before = after
    print(f"\n{machine_note()} at the end\n")
    print(
        "| handler in-process µs | live handler µs | server CPU µs/call | empty call CPU µs/call "
        "| ÷ empty (calls/s) | ÷ empty (CPU) |\n|---:|---:|---:|---:|---:|---:|"
    )
    for n in sizes:
        rows = results[n]
        rate = statistics.median(s.rate / ((b.rate + a.rate) / 2) for s, b, a in rows)
        cpu = statistics.median(((b.cpu_us + a.cpu_us) / 2) / s.cpu_us for s, b, a in rows)
        print(
            f"| {costs[n]:.1f} | {statistics.median(s.handler_us for s, _, _ in rows):.1f} "
            f"| {statistics.median(s.cpu_us for s, _, _ in rows):.0f} "
            f"| {statistics.median((b.cpu_us + a.cpu_us) / 2 for _, b, a in rows):.0f} | {rate:.2f} | {cpu:.2f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
