"""Clean rejections: undecodable bytes, calls past their deadline and calls beyond the concurrency limit are each
answered with a clear code, logged once at warning level without a traceback, and counted in the metrics."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import grpc
import pytest
from grpc_health.v1 import health_pb2

from tests.support.calls import CALL_TIMEOUT, call, calls_counted, calls_total, metric_samples, probe, raw_unary
from tests.support.server_process import FAKE_ENTRY, ServerHandle, health_status, running_server

SCORE = "/cardrules.v1.LiengService/ScoreLieng"
GARBAGE = [b"\xff\xff\xff", b"\x0a\xff\xff\xff\xff\x0f", b"\x12", b"\x08" + b"\xff" * 11]


@pytest.fixture(scope="module")
def rules_server() -> Iterator[ServerHandle]:
    with running_server() as handle:
        yield handle


@pytest.mark.parametrize("data", GARBAGE, ids=[d.hex() for d in GARBAGE])
def test_undecodable_requests_are_invalid_argument_in_one_line(rules_server: ServerHandle, data: bytes) -> None:
    with rules_server.channel() as channel, pytest.raises(grpc.RpcError) as caught:
        raw_unary(channel, SCORE)(data, timeout=CALL_TIMEOUT)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert caught.value.details() == "the request body is not a valid cardrules.v1.ScoreLiengRequest"


def test_undecodable_requests_are_logged_once_as_warnings_and_counted() -> None:
    # A server of its own: a call is counted just after its answer is sent, so on a shared server the count read
    # at the start of this test could still miss the previous test's last call.
    with running_server() as server:
        with server.channel() as channel:
            for _ in range(3):
                with pytest.raises(grpc.RpcError):
                    raw_unary(channel, SCORE)(b"\xff\xff\xff", timeout=CALL_TIMEOUT)
        deadline = time.monotonic() + 10
        while (counted := calls_total(metric_samples(server), SCORE, "INVALID_ARGUMENT")) < 3:
            assert time.monotonic() < deadline, f"only {counted} of the 3 calls were counted"
            time.sleep(0.05)
        assert counted == 3
        while len(lines := [r for r in server.logs() if "not a valid" in str(r.get("error", ""))]) < 3:
            assert time.monotonic() < deadline, f"only {len(lines)} of the 3 calls were logged"
            time.sleep(0.05)
        assert len(lines) == 3 and all(r["level"] == "warning" and r["code"] == "INVALID_ARGUMENT" for r in lines)
        # One JSON line per call and nothing else: no traceback, neither in the log nor on stderr.
        assert "Traceback" not in server.stdout() + server.stderr()
        assert not [r for r in server.logs() if "exception" in r or r.get("level") == "error"]


def test_a_call_whose_deadline_passed_while_waiting_is_not_computed(server: ServerHandle) -> None:
    with server.channel() as channel:
        computed_before = int(call(channel, "Computed"))
        # One call holds the event loop for 1.5 s; a call sent meanwhile with a 0.3 s deadline expires in the queue.
        holder = threading.Thread(target=lambda: probe(channel, "Busy")(b"1500", timeout=CALL_TIMEOUT))
        holder.start()
        time.sleep(0.3)
        with pytest.raises(grpc.RpcError) as caught:
            probe(channel, "Busy")(b"0", timeout=0.3)
        holder.join()
        assert caught.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        # Only the holder ran: the expired call was dropped before its handler.
        assert int(call(channel, "Computed")) == computed_before + 1


def test_a_call_that_outlives_its_deadline_is_logged_and_counted_as_such(server: ServerHandle) -> None:
    with server.channel() as channel, pytest.raises(grpc.RpcError) as caught:
        probe(channel, "Busy")(b"800", timeout=0.3)
    assert caught.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    line = server.wait_for_log(lambda r: r.get("code") == "DEADLINE_EXCEEDED" and r["method"].endswith("/Busy"))
    assert line["level"] == "warning"
    assert calls_counted(server, "Busy", "DEADLINE_EXCEEDED") >= 1


def test_overload_rejections_are_logged_and_counted() -> None:
    with running_server(["--max-concurrent-calls", "1"], entry=FAKE_ENTRY) as server, server.channel() as channel:
        held = probe(channel, "Sleep").future(b"60000", timeout=60)
        try:
            deadline = time.monotonic() + 30
            while True:  # until the held call has reached the server
                if held.done():  # refused because a probe was admitted just before it: hold another
                    held = probe(channel, "Sleep").future(b"60000", timeout=60)
                try:
                    call(channel, "Pid")
                except grpc.RpcError as error:
                    assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                    assert "limit of 1 calls in flight" in (error.details() or "")
                    break
                assert time.monotonic() < deadline, "no call was refused while one was in flight"
                time.sleep(0.05)
            # Health checks are never refused for load: a busy server is alive.
            assert health_status(server.target) == health_pb2.HealthCheckResponse.SERVING
        finally:
            held.cancel()
        line = server.wait_for_log(lambda r: r.get("code") == "RESOURCE_EXHAUSTED" and r["method"].endswith("/Pid"))
        assert line["level"] == "warning"
        assert calls_counted(server, "Pid", "RESOURCE_EXHAUSTED") >= 1
