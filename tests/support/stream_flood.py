"""A client that writes to many ``Stream`` calls and never reads an answer, and the server's resident memory.

    python -m tests.support.stream_flood --target 127.0.0.1:50051 --streams 200 --connections 2 \\
        --message score-lieng --seconds 10

runs in a process of its own (its memory and CPU are not the server's), writes one message over and over on each
stream until ``--seconds`` have passed and prints one JSON line: the messages written and the streams that ended
early, by code. It is what a backend that stopped reading (or an attacker) does to a server: every byte it can
make the server take is held by the server until the stream ends. ``--client-window`` also keeps the client's own
HTTP/2 receive window that small, so the server's answers stop at once and pile up on the server's side.

:func:`flood_server` runs it against a server process while sampling the server's resident memory from /proc and
making unary calls beside it: what the memory test and tests/benchmarks/bench_stream_memory.py measure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import json_format

from cardrules.server.app import RECEIVE_WINDOW_BYTES
from cardrules.server.streams import ANSWER_BUFFER_BYTES
from cardrules.v1 import lieng_pb2
from tests.support.calls import raw_unary
from tests.support.server_process import REPO_ROOT, ServerHandle
from tests.support.varints import varint

LIENG_STREAM = "/cardrules.v1.LiengService/Stream"
SCORE_LIENG = "/cardrules.v1.LiengService/ScoreLieng"
CALL_TIMEOUT = 60.0
SAMPLE_SECONDS = 0.05
UNARY_PAUSE_SECONDS = 0.2
SUITS = ("SUIT_SPADES", "SUIT_HEARTS", "SUIT_DIAMONDS", "SUIT_CLUBS")
RANKS = ("TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "JACK", "QUEEN", "KING", "ACE")
DECK = [{"rank": f"RANK_{rank}", "suit": suit} for rank in RANKS for suit in SUITS]


def score_lieng_request(hands: int) -> lieng_pb2.ScoreLiengRequest:
    """ScoreLieng of ``hands`` three-card hands dealt round the deck: 1000 hands are a 20 KB request whose answer
    is about 60 KB."""
    dealt = [{"cards": [DECK[(3 * i + k) % len(DECK)] for k in range(3)]} for i in range(hands)]
    return json_format.ParseDict({"hands": dealt}, lieng_pb2.ScoreLiengRequest())


def score_lieng_message(hands: int = 1000, call_id: int = 1) -> bytes:
    message = lieng_pb2.LiengServiceStreamRequest(id=call_id, score_lieng=score_lieng_request(hands))
    return message.SerializeToString()


def padded_message(size: int, call_id: int = 1) -> bytes:
    """A Stream message of ``size`` bytes: a one-hand ScoreLieng (a small answer) padded with an unknown field."""
    message = score_lieng_message(1, call_id)
    filler = size - len(message) - 1 - len(varint(size))
    return message + varint(15 << 3 | 2) + varint(filler) + b"\0" * filler


# docs/limits.md, "Memory": the largest answer the request limits allow; what an open stream costs before it holds
# any message (gRPC's call, the stream's tasks and queue); and what the allocator keeps of a worker's first large
# buffers (freed memory is not all handed back to the system, so resident memory runs ahead of what is held).
LARGEST_ANSWER_BYTES = 100 * 1024
STREAM_OVERHEAD_BYTES = 32 * 1024
ALLOCATOR_SLACK_BYTES = 16 * 2**20


def stream_memory_bound_bytes(streams: int, message_bytes: int) -> int:
    """The most ``streams`` open streams of messages of ``message_bytes`` can make a worker's resident memory grow
    (docs/limits.md, "Memory"). Per stream: gRPC's receive window and a message being received into it, a message
    read (its bytes, the copy gRPC hands over, and the request parsed from them), the answers waiting for the
    client and the largest answer, and the stream's own bookkeeping; once per worker, the allocator's slack."""
    per_stream = (
        RECEIVE_WINDOW_BYTES + 4 * message_bytes + ANSWER_BUFFER_BYTES + LARGEST_ANSWER_BYTES + STREAM_OVERHEAD_BYTES
    )
    return streams * per_stream + ALLOCATOR_SLACK_BYTES


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid``, in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


@dataclass
class FloodRun:
    """One flood of a server: the flood's own report, and what was seen of the server meanwhile."""

    result: dict[str, Any]
    before_kib: int  # the server's resident memory just before the flood
    peak_kib: int  # the most it reached while the flood ran
    after_kib: int  # when the flood had ended
    unary_codes: list[grpc.StatusCode] = field(default_factory=list)  # the unary calls made during the flood
    unary_seconds: list[float] = field(default_factory=list)

    @property
    def growth_bytes(self) -> int:
        return (self.peak_kib - self.before_kib) * 1024


def flood_server(server: ServerHandle, args: Sequence[str]) -> FloodRun:
    """Flood ``server`` (one worker) with ``python -m tests.support.stream_flood ARGS`` from another process,
    sampling the server's memory and calling ScoreLieng (3 hands) unary, one call at a time, until it ends."""
    pid = server.process.pid
    request = score_lieng_request(3).SerializeToString()
    with server.channel() as channel:
        score = raw_unary(channel, SCORE_LIENG)
        score(request, timeout=CALL_TIMEOUT)  # warm: what a first call allocates is not the flood's
        before = rss_kib(pid)
        command = [sys.executable, "-m", "tests.support.stream_flood", "--target", server.target, *args]
        flood = subprocess.Popen(command, cwd=REPO_ROOT, stdout=subprocess.PIPE, text=True)
        peak = [before]
        stop = threading.Event()

        def sample() -> None:
            while not stop.is_set():
                peak[0] = max(peak[0], rss_kib(pid))
                time.sleep(SAMPLE_SECONDS)

        sampler = threading.Thread(target=sample)
        sampler.start()
        codes: list[grpc.StatusCode] = []
        seconds: list[float] = []
        try:
            while flood.poll() is None:
                started = time.perf_counter()
                try:
                    score(request, timeout=CALL_TIMEOUT)
                    code = grpc.StatusCode.OK
                except grpc.RpcError as error:
                    code = error.code()
                if flood.poll() is None:  # answered while the flood was still on
                    codes.append(code)
                    seconds.append(time.perf_counter() - started)
                time.sleep(UNARY_PAUSE_SECONDS)
            output, _ = flood.communicate(timeout=CALL_TIMEOUT)
        finally:
            stop.set()
            sampler.join()
            if flood.poll() is None:
                flood.kill()
                flood.wait()
    if flood.returncode != 0:
        raise RuntimeError(f"the flood failed ({flood.returncode}): {output}")
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return FloodRun(result, before, peak[0], rss_kib(pid), codes, seconds)


async def flood(
    target: str, streams: int, connections: int, message: bytes, seconds: float, client_window: int | None
) -> dict[str, Any]:
    options: list[tuple[str, int]] = [("grpc.use_local_subchannel_pool", 1)]
    if client_window is not None:
        options += [("grpc.http2.bdp_probe", 0), ("grpc.http2.lookahead_bytes", client_window)]
    channels = [grpc.aio.insecure_channel(target, options=options) for _ in range(connections)]
    deadline = time.monotonic() + seconds
    written = [0] * streams
    ended: Counter[str] = Counter()
    calls: list[Any] = []
    pending: list[asyncio.Future[None]] = []

    async def one(index: int) -> None:
        call: Any = channels[index % connections].stream_stream(LIENG_STREAM)()
        calls.append(call)
        while time.monotonic() < deadline:
            write = asyncio.ensure_future(call.write(message))
            pending.append(write)
            done, _ = await asyncio.wait({write}, timeout=max(0.0, deadline - time.monotonic()))
            if not done:
                return  # held back by flow control until the end: what the server is meant to do
            if write.exception() is not None:
                ended[f"{(await call.code()).name}: {await call.details()}"] += 1
                return
            written[index] += 1

    try:
        await asyncio.gather(*(one(i) for i in range(streams)))
    finally:
        for call in calls:
            call.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for channel in channels:
            await channel.close()
    return {"written": sum(written), "message_bytes": len(message), "ended_early": dict(ended)}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--target", required=True)
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--connections", type=int, default=2)
    parser.add_argument("--message", default="score-lieng", help="score-lieng (20 KB) or padded:BYTES")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--client-window", type=int, default=None)
    return parser.parse_args(argv)


def message_named(name: str) -> bytes:
    if name == "score-lieng":
        return score_lieng_message()
    if name.startswith("padded:"):
        return padded_message(int(name.removeprefix("padded:")))
    raise SystemExit(f"unknown message {name!r}")


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    message = message_named(args.message)
    result = asyncio.run(flood(args.target, args.streams, args.connections, message, args.seconds, args.client_window))
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
