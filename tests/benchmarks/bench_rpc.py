"""RPC benchmark (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_rpc.py

Calls/s and p50/p99 latency of each rules RPC under concurrent load, side by side with an empty call
(``grpc.health.v1.Health/Check``) on the same server, driven by the same load generator: h2load (Debian package
``nghttp2-client``; this script installs nothing). h2load is a C HTTP/2 client, so on a small machine it leaves
most of the shared cores to the server, which a Python load generator would not.

Per worker count (1, then 2) the script starts ``python -m cardrules.server`` on a free port, checks that every
request body really succeeds (grpc-status 0 and a meaningful answer: h2load itself only sees HTTP 200), then
runs ``empty, A, empty, B, …, empty`` so each RPC is compared with the empty calls measured right before and
after it. Percentiles come from h2load's per-request ``--log-file``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
from google.protobuf.message import Message
from grpc_health.v1 import health_pb2
from prometheus_client.parser import text_string_to_metric_families

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))  # for tests.support when run as a script from anywhere

from cardrules.api.sam import state_to_proto  # noqa: E402  (after the sys.path line above)
from cardrules.client.cards import cards, hands  # noqa: E402
from cardrules.client.requests import sam_pass  # noqa: E402
from cardrules.core import sam  # noqa: E402
from cardrules.core.cards import CARDS, card_text  # noqa: E402
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2  # noqa: E402
from tests.support.server_process import free_port, running_server  # noqa: E402

SEED = 20240611
EMPTY = "Health/Check (empty call)"
Check = Callable[[Message], None]


@dataclass(frozen=True)
class Case:
    """One RPC to load: its path, the request, what its response must look like."""

    name: str
    path: str
    request: Message
    response_type: type[Message]
    check: Check
    target: float | None = None  # required fraction of the empty-call rate, when the issue sets one

    def body(self) -> bytes:
        """The request as one gRPC length-prefixed message: flag 0 (uncompressed), 4-byte big-endian length."""
        payload = self.request.SerializeToString()
        return b"\x00" + len(payload).to_bytes(4, "big") + payload


@dataclass(frozen=True)
class Run:
    """One h2load measurement."""

    rate: float  # calls/s over the measured period
    p50_ms: float
    p99_ms: float
    calls: int
    cpu_us: float  # server CPU time (every worker, user + system) per call
    handler_us: float  # of which inside the handler (the server's cardrules_rpc_handler_cpu_seconds metric)


# --- requests -----------------------------------------------------------------------------------------------------


def _proto_cards(values: Sequence[int]) -> list[cards_pb2.Card]:
    return cards([card_text(CARDS[c]) for c in values])


def _sam_action(action: sam.Action) -> sam_loc_pb2.SamAction:
    if isinstance(action, sam.Play):
        return sam_loc_pb2.SamAction(seat=action.seat, play=cards_pb2.Cards(cards=_proto_cards(action.cards)))
    return sam_pass(action.seat)


@dataclass(frozen=True)
class SamHand:
    """A seeded random 4-seat hand played to its end through the core, with what the requests need from it."""

    hands: tuple[tuple[int, ...], ...]
    first: sam.TableState  # the opening state: seat 0 leads with 10 cards
    mid: sam.TableState  # a state in the middle of the hand where the seat to act beats the table
    mid_play: sam.Play
    actions: tuple[sam.Action, ...]


def play_sam_hand(rng: random.Random) -> SamHand:
    """Deal until no instant win, then play random legal moves (plays preferred 2:1 over passing)."""
    while True:
        deck = list(range(52))
        rng.shuffle(deck)
        dealt = tuple(tuple(CARDS[c] for c in deck[i * 10 : i * 10 + 10]) for i in range(4))
        first = sam.start_hand(dealt, 0, ())
        if isinstance(first, sam.TableState):
            break
    state, actions = first, []
    mids: list[tuple[sam.TableState, sam.Play]] = []
    while state.ended is None:
        moves = sam.legal_moves(state)
        action: sam.Action = rng.choice(moves.actions())
        if moves.can_pass and moves.plays and rng.random() < 0.67:
            action = sam.Play(state.turn, rng.choice(moves.plays))
        if isinstance(action, sam.Play) and state.current:
            mids.append((state, action))  # answering a combination: the common ValidatePlay
        result = sam.apply(state, action)
        assert isinstance(result, sam.Applied), result
        actions.append(action)
        state = result.state
    mid, mid_play = mids[len(mids) // 2]
    return SamHand(dealt, first, mid, mid_play, tuple(actions))


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(what)


def sam_cases(rng: random.Random) -> list[Case]:
    hand = play_sam_hand(rng)
    service = "/cardrules.v1.SamLocService/"
    validate = sam_loc_pb2.SamLocServiceValidatePlayRequest(
        state=state_to_proto(hand.mid), action=_sam_action(hand.mid_play)
    )
    moves = sam_loc_pb2.SamLocServiceLegalMovesRequest(state=state_to_proto(hand.first))
    record = sam_loc_pb2.SamRoundRecord(
        stake=1000,
        hands=[cards_pb2.Cards(cards=_proto_cards(h)) for h in hand.hands],
        leader=0,
        actions=[_sam_action(a) for a in hand.actions],
    )
    return [
        Case(
            "Sâm ValidatePlay",
            service + "ValidatePlay",
            validate,
            sam_loc_pb2.SamLocServiceValidatePlayResponse,
            lambda r: _expect(r.legal and r.HasField("next_state"), "the play must be legal"),  # type: ignore[attr-defined]
            0.90,
        ),
        Case(
            "Sâm LegalMoves (10-card lead)",
            service + "LegalMoves",
            moves,
            sam_loc_pb2.SamLocServiceLegalMovesResponse,
            lambda r: _expect(len(r.moves) > 5, "a 10-card lead has many moves"),  # type: ignore[attr-defined]
            0.85,
        ),
        Case(
            f"Sâm SettleRound (4 seats, {len(hand.actions)} actions)",
            service + "SettleRound",
            sam_loc_pb2.SamLocServiceSettleRoundRequest(round=record),
            sam_loc_pb2.SamLocServiceSettleRoundResponse,
            lambda r: _expect(len(r.transfers) > 0 and sum(r.nets) + r.fee == 0, "a zero-sum settlement"),  # type: ignore[attr-defined]
            0.70,
        ),
    ]


def lieng_cases(rng: random.Random) -> list[Case]:
    deck = [card_text(c) for c in CARDS]
    rng.shuffle(deck)
    dealt = [deck[i * 3 : i * 3 + 3] for i in range(6)]
    service = "/cardrules.v1.LiengService/"
    # Every seat goes all-in with a different stack: five side pots and an uncalled excess for seat 5.
    stacks = [100, 200, 300, 400, 500, 600]
    record = lieng_pb2.LiengRoundRecord(
        stacks=stacks,
        ante=10,
        first_actor=0,
        hands=hands(dealt),
        actions=[lieng_pb2.LiengAction(seat=s, kind=lieng_pb2.LIENG_ACTION_KIND_ALL_IN) for s in range(len(stacks))],
    )
    return [
        Case(
            "Liêng ScoreLieng (4 hands)",
            service + "ScoreLieng",
            lieng_pb2.ScoreLiengRequest(hands=hands(dealt[:4])),
            lieng_pb2.ScoreLiengResponse,
            lambda r: _expect(len(r.scores) == 4, "4 scores"),  # type: ignore[attr-defined]
        ),
        Case(
            "Liêng CompareHands (6 hands)",
            service + "CompareHands",
            lieng_pb2.CompareHandsRequest(hands=hands(dealt)),
            lieng_pb2.CompareHandsResponse,
            lambda r: _expect(len(r.places) == 6, "6 places"),  # type: ignore[attr-defined]
        ),
        Case(
            "Liêng SettleRound (6 seats, all-in)",
            service + "SettleRound",
            lieng_pb2.LiengServiceSettleRoundRequest(round=record),
            lieng_pb2.LiengServiceSettleRoundResponse,
            lambda r: _expect(len(r.pots) >= 5 and sum(r.nets) + r.fee == 0, "side pots, zero-sum"),  # type: ignore[attr-defined]
        ),
    ]


def empty_case() -> Case:
    return Case(
        EMPTY,
        "/grpc.health.v1.Health/Check",
        health_pb2.HealthCheckRequest(),
        health_pb2.HealthCheckResponse,
        lambda r: _expect(r.status == health_pb2.HealthCheckResponse.SERVING, "SERVING"),  # type: ignore[attr-defined]
    )


# --- checking that the bodies really succeed ---------------------------------------------------------------------


def verify(case: Case, target: str, body_file: Path) -> None:
    """Fail unless ``case`` succeeds both through grpcio and, byte for byte as h2load sends it, over nghttp.

    h2load counts an HTTP 200 as success even when the gRPC trailers carry an error status.
    """
    with grpc.insecure_channel(target) as channel:
        # No serializers: the exact serialized request goes out and the raw response comes back.
        call: grpc.UnaryUnaryMultiCallable[bytes, bytes] = channel.unary_unary(case.path)
        raw = call(case.request.SerializeToString(), timeout=5)
    response = case.response_type.FromString(raw)
    case.check(response)
    trace = subprocess.run(
        ["nghttp", "-v", "-d", str(body_file), *_grpc_headers(), f"http://{target}{case.path}"],
        capture_output=True,
        text=True,
        errors="replace",  # -v also prints the binary response body
        timeout=20,
    ).stdout
    if not re.search(r"recv \(stream_id=\d+\) grpc-status: 0$", trace, re.MULTILINE):
        raise AssertionError(f"{case.name}: no grpc-status 0 in the HTTP/2 response:\n{trace[-2000:]}")


def _grpc_headers() -> list[str]:
    return ["-H", "content-type: application/grpc", "-H", "te: trailers"]


# --- h2load --------------------------------------------------------------------------------------------------------

_RATE = re.compile(r"finished in [\d.]+\w*s, ([\d.]+) req/s")
_REQUESTS = re.compile(r"requests: (\d+) total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored")
_STATUS = re.compile(r"status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx")


@dataclass(frozen=True)
class Load:
    """h2load settings shared by every run."""

    seconds: float
    warm_up: float
    clients: int
    streams: int
    rounds: int


def h2load(url: str, body_file: Path, load: Load, seconds: float, log_file: Path | None = None) -> str:
    """Run h2load for ``seconds``; returns its report, or raises if any call failed at the HTTP/2 level."""
    command = [
        "h2load",
        f"--duration={round(seconds * 1000)}ms",  # h2load takes whole numbers with a unit
        f"--clients={load.clients}",
        f"--max-concurrent-streams={load.streams}",
        "--threads=1",  # one load-generator thread: it shares the server's cores
        f"--data={body_file}",
        *_grpc_headers(),
        *([f"--log-file={log_file}"] if log_file else []),
        url,
    ]
    output = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60)
    text = output.stdout + output.stderr
    requests, status = _REQUESTS.search(text), _STATUS.search(text)
    if output.returncode != 0 or requests is None or status is None or _RATE.search(text) is None:
        raise RuntimeError(f"h2load failed ({output.returncode}):\n{text}")
    failed, errored = int(requests.group(4)), int(requests.group(5))
    non_2xx = sum(int(n) for n in status.groups()[1:])
    if failed or errored or non_2xx:
        raise RuntimeError(f"h2load saw {failed} failed, {errored} errored, {non_2xx} non-2xx responses:\n{text}")
    return text


def measure(url: str, body_file: Path, load: Load, server_pid: int, work: Path, metrics_url: str) -> Run:
    """A warm-up run, then the measured run with the server's CPU time (all of it, and its handlers' share from
    the server's own metrics) sampled around it."""
    h2load(url, body_file, load, load.warm_up)
    log_file = work / "requests.log"
    log_file.unlink(missing_ok=True)  # h2load appends to an existing log
    method = "/" + url.split("/", 3)[3]
    handler_before = handler_cpu(metrics_url, method)
    cpu_before = server_cpu_seconds(server_pid)
    text = h2load(url, body_file, load, load.seconds, log_file)
    cpu = server_cpu_seconds(server_pid) - cpu_before
    handler_after = handler_cpu(metrics_url, method)
    rate, requests = _RATE.search(text), _REQUESTS.search(text)
    assert rate is not None and requests is not None  # checked by h2load()
    done = int(requests.group(2))
    latencies = _latencies_us(log_file)
    p50, p99 = _percentile(latencies, 50) / 1000, _percentile(latencies, 99) / 1000
    handler_seconds = handler_after[0] - handler_before[0]
    handler_calls = handler_after[1] - handler_before[1]
    return Run(
        float(rate.group(1)), p50, p99, done, cpu * 1e6 / max(done, 1), handler_seconds * 1e6 / max(handler_calls, 1)
    )


def handler_cpu(metrics_url: str, method: str) -> tuple[float, float]:
    """(handler CPU seconds, calls) of ``method`` so far, from the server's Prometheus endpoint."""
    with urllib.request.urlopen(metrics_url, timeout=10) as response:
        text = response.read().decode()
    seconds = calls = 0.0
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.labels.get("method") != method:
                continue
            if sample.name == "cardrules_rpc_handler_cpu_seconds_total":
                seconds += sample.value
            elif sample.name == "cardrules_rpc_calls_total":
                calls += sample.value
    return seconds, calls


def server_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` and its children (the worker processes)."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # the process ended meanwhile
        process = int(stat.parent.name)
        # After the ")" ending the command name: field 1 is the ppid, fields 11 and 12 are utime and stime.
        if process == pid or int(fields[1]) == pid:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def _latencies_us(log_file: Path) -> list[int]:
    """Column 3 of h2load's log: microseconds from request start to the end of the response."""
    values = []
    for line in log_file.read_text().splitlines():
        columns = line.split("\t")
        if len(columns) >= 3 and columns[1] == "200":
            values.append(int(columns[2]))
    if not values:
        raise RuntimeError(f"no successful request in {log_file}")
    return sorted(values)


def _percentile(sorted_values: Sequence[int], percent: float) -> float:
    """Nearest-rank percentile."""
    rank = max(1, round(percent / 100 * len(sorted_values)))
    return float(sorted_values[min(rank, len(sorted_values)) - 1])


# --- one server, interleaved rounds ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Paired:
    """One run of a case with the empty-call runs just before and after it, on the same server."""

    run: Run
    before: Run
    after: Run

    @property
    def ratio(self) -> float:
        """Calls/s relative to the empty call."""
        return self.run.rate / ((self.before.rate + self.after.rate) / 2)

    @property
    def cpu_ratio(self) -> float:
        """Empty-call CPU per call ÷ this RPC's: the calls/s ratio a CPU-bound server with idle cores would show."""
        return ((self.before.cpu_us + self.after.cpu_us) / 2) / self.run.cpu_us


@dataclass
class Phase:
    """Every run against one server: ``empties`` and, per case name, its paired runs (one per round)."""

    workers: int
    empties: list[Run]
    pairs: dict[str, list[Paired]]

    def empty_rate(self) -> float:
        return statistics.median(run.rate for run in self.empties)

    def rate_of(self, name: str) -> float:
        return statistics.median(p.run.rate for p in self.pairs[name])


def run_phase(workers: int, cases: Sequence[Case], load: Load, work: Path) -> Phase:
    port, metrics_port = free_port(), free_port()  # several workers cannot share port 0
    args = ["--port", str(port), "--workers", str(workers), "--metrics-port", str(metrics_port)]
    args += ["--log-level", "warning"]
    metrics_url = f"http://127.0.0.1:{metrics_port}/metrics"
    print(f"\n{workers} worker(s): h2load -c {load.clients} -m {load.streams}, {load.seconds:g} s per run", flush=True)
    with running_server(args) as server:
        if workers > 1:
            time.sleep(1.5)  # health answers once one worker serves; let the others start listening too
        empty = empty_case()
        bodies = {case.name: write_body(case, work) for case in (empty, *cases)}
        for case in (empty, *cases):
            verify(case, server.target, bodies[case.name])
        phase = Phase(workers, [], {case.name: [] for case in cases})

        def run(case: Case) -> Run:
            url = f"http://{server.target}{case.path}"
            result = measure(url, bodies[case.name], load, server.process.pid, work, metrics_url)
            print(
                f"  {case.name:<40} {result.rate:>7,.0f} calls/s  p50 {result.p50_ms:6.2f} ms  "
                f"p99 {result.p99_ms:6.2f} ms  server CPU {result.cpu_us:5.0f} µs/call "
                f"(handler {result.handler_us:4.0f})",
                flush=True,
            )
            return result

        for round_number in range(load.rounds):
            print(f" round {round_number + 1}/{load.rounds}", flush=True)
            before = run(empty)
            phase.empties.append(before)
            for case in cases:  # empty, A, empty, B, …, empty
                result, after = run(case), run(empty)
                phase.empties.append(after)
                phase.pairs[case.name].append(Paired(result, before, after))
                before = after
    return phase


def write_body(case: Case, work: Path) -> Path:
    path = work / (re.sub(r"\W+", "_", case.path).strip("_") + ".bin")
    path.write_bytes(case.body())
    return path


# --- report ----------------------------------------------------------------------------------------------------------


def _verdict(value: float, target: float | None) -> str:
    if target is None:
        return ""
    return f"≥ {target:.2f}: {'met' if value >= target else 'NOT met'}"


def _median(values: Iterable[float]) -> float:
    return statistics.median(list(values))


def report(cases: Sequence[Case], one: Phase, two: Phase | None) -> None:
    """Markdown tables; every figure is the median over the rounds."""
    print(
        "\n| RPC (1 worker) | calls/s | p50 ms | p99 ms | server CPU µs/call | of which handler | ÷ empty (calls/s) "
        "| ÷ empty (CPU) | target |\n|---|---:|---:|---:|---:|---:|---:|---:|---|"
    )
    empties = one.empties
    print(
        f"| {EMPTY} | {one.empty_rate():,.0f} | {_median(r.p50_ms for r in empties):.1f} "
        f"| {_median(r.p99_ms for r in empties):.1f} | {_median(r.cpu_us for r in empties):.0f} "
        f"| {_median(r.handler_us for r in empties):.0f} | 1.00 | 1.00 | |"
    )
    for case in cases:
        pairs = one.pairs[case.name]
        ratio = _median(p.ratio for p in pairs)
        print(
            f"| {case.name} | {one.rate_of(case.name):,.0f} | {_median(p.run.p50_ms for p in pairs):.1f} "
            f"| {_median(p.run.p99_ms for p in pairs):.1f} | {_median(p.run.cpu_us for p in pairs):.0f} "
            f"| {_median(p.run.handler_us for p in pairs):.0f} | {ratio:.2f} "
            f"| {_median(p.cpu_ratio for p in pairs):.2f} | {_verdict(ratio, case.target)} |"
        )
    if two is None:
        return
    print("\n| 2 workers vs 1 | 1 worker calls/s | 2 workers calls/s | ratio | target |\n|---|---:|---:|---:|---|")
    rows = [(EMPTY, one.empty_rate(), two.empty_rate())]
    rows += [(name, one.rate_of(name), two.rate_of(name)) for name in two.pairs]
    for name, rate_one, rate_two in rows:
        ratio = rate_two / rate_one
        print(f"| {name} | {rate_one:,.0f} | {rate_two:,.0f} | {ratio:.2f} | {_verdict(ratio, 1.6)} |")


# --- main ------------------------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="measured seconds per h2load run (default 2)")
    parser.add_argument("--warm-up", type=float, default=0.5, help="warm-up seconds before each run (default 0.5)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; figures are medians (default 3)")
    parser.add_argument("--clients", type=int, default=8, help="h2load connections (default 8)")
    parser.add_argument("--streams", type=int, default=4, help="concurrent streams per connection (default 4)")
    parser.add_argument("--seed", type=int, default=SEED, help="seed of the dealt cards")
    parser.add_argument("--only", default="", help="run only the RPCs whose name matches this regex (e.g. 'Sâm')")
    parser.add_argument(
        "--one-worker", action="store_true", help="skip the 2-worker phase (for quick before/after checks)"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    missing = [tool for tool in ("h2load", "nghttp") if shutil.which(tool) is None]
    if missing:
        print(
            f"bench_rpc: {' and '.join(missing)} not found. Install the load generator first:\n"
            "    apt-get install -y nghttp2-client",
            file=sys.stderr,
        )
        return 2
    load = Load(args.seconds, args.warm_up, args.clients, args.streams, args.rounds)
    rng = random.Random(args.seed)
    cases = [case for case in sam_cases(rng) + lieng_cases(rng) if re.search(args.only, case.name)]
    print(f"Python {sys.version.split()[0]}, {machine_note()}, {h2load_version()}")
    with tempfile.TemporaryDirectory(prefix="bench-rpc-") as tmp:
        one = run_phase(1, cases, load, Path(tmp))
        # The 2-worker figure is asked for the empty call and ValidatePlay (the first case).
        two = None if args.one_worker else run_phase(2, cases[:1], load, Path(tmp))
    print(f"\n{machine_note()} at the end")
    report(cases, one, two)
    return 0


def machine_note() -> str:
    one, five, _ = os.getloadavg()
    return f"{len(os.sched_getaffinity(0))} CPUs, load average {one:.1f} (5 min {five:.1f})"


def h2load_version() -> str:
    return subprocess.run(["h2load", "--version"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
