"""Every call the server takes ends in a log line and a metric with its real status and its peer, also when the
client goes away or the deadline passes while the call waits for the handler thread."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from cardrules.v1 import lieng_pb2
from tests.support.calls import calls_total, metric_samples, raw_stream, raw_unary
from tests.support.server_process import FAKE_ENTRY, ServerHandle, new_channel, running_server
from tests.support.streams import LIENG, stream_message

PEER_PREFIX = "ipv4:127.0.0.1:"
SCORE = f"/{LIENG.full_name}/ScoreLieng"
EXPIRED_BEFORE_START = "the deadline passed before the call started"
QUEUED_CALLS = 90  # under --max-concurrent-streams: every call reaches the server


def _malformed_score() -> bytes:
    """1,000 hands of cards without rank or suit: over the 1 KiB computed on the loop."""
    request = lieng_pb2.ScoreLiengRequest()
    for _ in range(1000):
        hand = request.hands.add()
        for _ in range(3):
            hand.cards.add()
    return request.SerializeToString()


def _random_score(seed: int) -> bytes:
    """1,000 random hands to score: several milliseconds of work, on the handler thread."""
    rng = random.Random(seed)
    request = lieng_pb2.ScoreLiengRequest()
    for _ in range(1000):
        hand = request.hands.add()
        for card in rng.sample(range(52), 3):
            hand.cards.add(rank=card // 4 + 1, suit=card % 4 + 1)
    return request.SerializeToString()


def _rpc_lines(server: ServerHandle, method: str) -> list[dict[str, Any]]:
    return [r for r in server.logs() if r.get("event") == "rpc" and r.get("method") == method]


@pytest.fixture(scope="module")
def rules_server() -> Iterator[ServerHandle]:
    with running_server(["--workers", "1"]) as handle:
        yield handle


def test_a_call_whose_deadline_passes_in_the_handler_is_logged_with_its_peer() -> None:
    with running_server(entry=FAKE_ENTRY) as server, server.channel() as channel:
        with pytest.raises(grpc.RpcError) as failed:
            raw_unary(channel, "/cardrules.test.Probe/Sleep")(b"3000", timeout=0.3)
        assert failed.value.code() is grpc.StatusCode.DEADLINE_EXCEEDED
        line = server.wait_for_log(lambda r: r.get("event") == "rpc" and r["method"].endswith("/Sleep"))
    # grpc forgets a cancelled call's peer: the server reads it when the call starts.
    assert line["code"] == "DEADLINE_EXCEEDED"
    assert line["peer"].startswith(PEER_PREFIX), line


def test_a_stream_whose_deadline_passes_is_logged_with_its_peer(rules_server: ServerHandle) -> None:
    message = stream_message(LIENG, 1, lieng_pb2.ScoreLiengRequest.FromString(_malformed_score()))
    done = threading.Event()

    def messages() -> Iterator[bytes]:
        yield message
        done.wait(30)  # the client keeps its side open until the deadline ends the stream

    with new_channel(rules_server.target) as channel:
        responses = raw_stream(channel, f"/{LIENG.full_name}/Stream")(messages(), timeout=1.0)
        next(responses)
        with pytest.raises(grpc.RpcError) as ended:
            next(responses)
        done.set()
    assert ended.value.code() is grpc.StatusCode.DEADLINE_EXCEEDED
    line = rules_server.wait_for_log(lambda r: r.get("event") == "stream")
    assert line["peer"].startswith(PEER_PREFIX), line


def test_calls_cancelled_while_waiting_for_the_handler_thread_are_counted_and_logged(
    rules_server: ServerHandle,
) -> None:
    body = _random_score(20261201)
    with new_channel(rules_server.target) as channel:
        method = raw_unary(channel, SCORE)
        method(body, timeout=30)  # connected, and the handler warm
        one_call = _fastest_of(3, lambda: method(body, timeout=30))
        time.sleep(0.5)  # their log lines and samples
        before = _counts(rules_server)
        lines_before = len(_rpc_lines(rules_server, SCORE))
        # 90 calls of work queued on the one handler thread, with a deadline of a quarter of the queue's time as
        # this machine runs it now: the last ones wait past it. Scaled so, the deadline stays long enough on a
        # loaded machine for every call to reach the server's handler: a call that expires inside grpc before the
        # server takes it never reaches the server's logs (and is not what this test is about).
        call_deadline = max(0.3, one_call * QUEUED_CALLS / 4)
        futures = [method.future(body, timeout=call_deadline) for _ in range(QUEUED_CALLS)]
        codes = [_code(f) for f in futures]
    assert grpc.StatusCode.DEADLINE_EXCEEDED in codes, codes
    # Every call is in the metrics and the log, each with the status the server gave it.
    deadline = time.monotonic() + 30
    while sum(_counts(rules_server).values()) - sum(before.values()) < QUEUED_CALLS:
        assert time.monotonic() < deadline, f"calls not counted: {_counts(rules_server)} (before {before})"
        time.sleep(0.1)
    counted = {code: n - before.get(code, 0) for code, n in _counts(rules_server).items()}
    assert sum(counted.values()) == QUEUED_CALLS, counted
    assert counted.get("DEADLINE_EXCEEDED", 0) >= 1, counted
    lines = _rpc_lines(rules_server, SCORE)[lines_before:]
    assert len(lines) == QUEUED_CALLS
    # A call grpc already cancelled when the server took it (its deadline passed while it waited in grpc) has no
    # peer left to read; every other line names it.
    unnamed = [line for line in lines if not line["peer"].startswith(PEER_PREFIX)]
    assert all(line.get("error") == EXPIRED_BEFORE_START for line in unnamed), unnamed


def _fastest_of(times: int, call: Any) -> float:
    """The shortest of ``times`` runs of ``call``, in seconds."""
    spans = []
    for _ in range(times):
        started = time.perf_counter()
        call()
        spans.append(time.perf_counter() - started)
    return min(spans)


def _code(future: Any) -> grpc.StatusCode:
    try:
        future.result()
    except grpc.RpcError as error:
        code: grpc.StatusCode = error.code()
        return code
    return grpc.StatusCode.OK


def _counts(server: ServerHandle) -> dict[str, float]:
    samples = metric_samples(server)
    codes = ("INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "CANCELLED", "OK", "RESOURCE_EXHAUSTED")
    return {code: calls_total(samples, SCORE, code) for code in codes}
