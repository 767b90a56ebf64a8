"""One single-worker server with the fake services: health, reflection, logs, status codes and metrics."""

from __future__ import annotations

import time
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from tests.support.calls import CALL_TIMEOUT, call, calls_counted, calls_total, metric_samples, probe, raw_unary
from tests.support.fake_services import OTHER, PROBE
from tests.support.server_process import ServerHandle, health_status

SERVING = health_pb2.HealthCheckResponse.SERVING


def test_health_overall_and_per_service(server: ServerHandle) -> None:
    for service in ("", PROBE, OTHER):
        assert health_status(server.target, service) == SERVING


def test_health_of_unknown_service_is_not_found(server: ServerHandle) -> None:
    with pytest.raises(grpc.RpcError) as error:
        health_status(server.target, "cardrules.v1.NoSuchService")
    assert error.value.code() == grpc.StatusCode.NOT_FOUND


def test_reflection_lists_every_service(server: ServerHandle) -> None:
    with server.channel() as channel:
        stub: Any = reflection_pb2_grpc.ServerReflectionStub(channel)  # its type stubs do not declare its methods
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        responses = list(stub.ServerReflectionInfo(iter([request]), timeout=CALL_TIMEOUT))
    names = {service.name for service in responses[0].list_services_response.service}
    assert names == {
        PROBE,
        OTHER,
        "grpc.health.v1.Health",
        "grpc.reflection.v1.ServerReflection",
        "grpc.reflection.v1alpha.ServerReflection",
    }


def test_one_json_log_line_per_call(server: ServerHandle) -> None:
    method = f"/{OTHER}/Ping"
    with server.channel() as channel:
        for _ in range(3):
            assert raw_unary(channel, method)(b"", timeout=CALL_TIMEOUT) == b"pong"
    lines = [record for record in server.logs() if record.get("method") == method]
    assert len(lines) == 3
    for record in lines:
        assert record["event"] == "rpc"
        assert record["code"] == "OK"
        assert isinstance(record["latency_ms"], float) and record["latency_ms"] >= 0
        assert record["peer"].startswith("ipv4:127.0.0.1:")
        assert record["pid"] == server.process.pid
        assert {"level", "timestamp"} <= record.keys()


def test_plain_function_handlers_are_observed_too(server: ServerHandle) -> None:
    with server.channel() as channel:
        assert int(call(channel, "SyncPid")) == server.process.pid
    server.wait_for_log(lambda r: r.get("method") == f"/{PROBE}/SyncPid" and r["code"] == "OK")


def test_startup_is_logged(server: ServerHandle) -> None:
    started = [record for record in server.logs() if record["event"] == "server started"]
    assert len(started) == 1
    assert started[0]["port"] == server.port
    assert started[0]["services"] == [PROBE, OTHER]


@pytest.mark.parametrize(
    ("request_bytes", "code"),
    [
        (b"NOT_FOUND:abort", grpc.StatusCode.NOT_FOUND),
        (b"FAILED_PRECONDITION:set_code", grpc.StatusCode.FAILED_PRECONDITION),
        (b"PERMISSION_DENIED:abort", grpc.StatusCode.PERMISSION_DENIED),
        (b"UNKNOWN:raise", grpc.StatusCode.UNKNOWN),
    ],
)
def test_real_status_code_reaches_client_logs_and_metrics(
    server: ServerHandle, request_bytes: bytes, code: grpc.StatusCode
) -> None:
    before = calls_counted(server, "Fail", code.name)
    with server.channel() as channel, pytest.raises(grpc.RpcError) as error:
        call(channel, "Fail", request_bytes)
    assert error.value.code() == code
    # context.abort sends the status before the handler unwinds, so the sample may land just after the reply.
    deadline = time.monotonic() + 10
    while calls_counted(server, "Fail", code.name) != before + 1:
        assert time.monotonic() < deadline, "the failed call was not counted"
        time.sleep(0.05)
    server.wait_for_log(lambda r: r.get("method") == f"/{PROBE}/Fail" and r.get("code") == code.name)


def test_metrics_count_calls_and_latency(server: ServerHandle) -> None:
    with server.channel() as channel:
        for _ in range(4):
            call(channel, "Pid")
    samples = metric_samples(server)
    method = f"/{PROBE}/Pid"
    assert calls_total(samples, method, "OK") >= 4
    unary = frozenset({("method", method), ("transport", "unary")})
    assert samples[("cardrules_rpc_latency_seconds_count", unary)] >= 4
    # Handler CPU (thread time inside the handler) is counted per method: small, but never zero or negative.
    assert 0 < samples[("cardrules_rpc_handler_cpu_seconds_total", unary)] < 1
    # The standard process metrics come with a single-worker server.
    assert any(name == "process_cpu_seconds_total" for name, _labels in samples)


def test_health_checks_are_counted_but_not_logged_at_info(server: ServerHandle) -> None:
    health_status(server.target)
    health = "/grpc.health.v1.Health/Check"
    assert calls_total(metric_samples(server), health, "OK") >= 1
    assert not [record for record in server.logs() if record.get("method") == health]


def test_stdout_is_only_json(server: ServerHandle) -> None:
    with server.channel() as channel:
        probe(channel, "Echo")(b"hello", timeout=CALL_TIMEOUT)
    assert server.logs()  # raises if any stdout line is not a JSON object
