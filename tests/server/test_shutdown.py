"""Graceful shutdown on SIGTERM: health turns NOT_SERVING, in-flight calls finish, the process exits in time."""

from __future__ import annotations

import signal
import time
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.support.calls import call, probe, wait_in_flight
from tests.support.server_process import FAKE_ENTRY, new_channel, running_server

# How long past the grace period the process may take to exit: generous, for a loaded test machine.
EXIT_MARGIN = 10.0


def test_sigterm_drains_in_flight_calls() -> None:
    grace = 20.0
    with running_server(["--shutdown-grace", str(grace)], entry=FAKE_ENTRY) as server:
        channel = server.channel()
        health: Any = health_pb2_grpc.HealthStub(channel)  # its type stubs do not declare its methods
        watch = health.Watch(health_pb2.HealthCheckRequest(service=""), timeout=60)
        assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
        in_flight = [probe(channel, "Sleep").future(b"1500", timeout=60) for _ in range(5)]
        wait_in_flight(server, 5)

        server.process.send_signal(signal.SIGTERM)
        # Watchers hear NOT_SERVING, then their stream ends so it does not hold up the drain.
        assert next(watch).status == health_pb2.HealthCheckResponse.NOT_SERVING
        with pytest.raises(StopIteration):
            next(watch)
        # No new connections are accepted while draining.
        with new_channel(server.target) as fresh, pytest.raises(grpc.RpcError) as refused:
            call(fresh, "Pid")
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
        # Every call that was in flight completes normally.
        assert [int(future.result()) for future in in_flight] == [server.process.pid] * 5
        assert server.process.wait(timeout=grace + EXIT_MARGIN) == 0
        channel.close()

        logs = server.logs()
        sleeps = [r for r in logs if r.get("method", "").endswith("/Sleep")]
        assert [r["code"] for r in sleeps] == ["OK"] * 5
        events = [r["event"] for r in logs]
        assert events.index("shutdown started") < events.index("server stopped")
        # The drain waited for the calls, not for the whole grace period.
        assert next(r for r in logs if r["event"] == "server stopped")["drain_seconds"] < grace


def test_calls_outliving_the_grace_period_are_cancelled() -> None:
    grace = 1.0
    with running_server(["--shutdown-grace", str(grace)], entry=FAKE_ENTRY) as server:
        channel = server.channel()
        stuck = probe(channel, "Sleep").future(b"120000", timeout=120)
        wait_in_flight(server, 1)
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=grace + EXIT_MARGIN) == 0
        assert time.monotonic() - started < grace + EXIT_MARGIN
        with pytest.raises(grpc.RpcError) as error:
            stuck.result(timeout=10)
        assert error.value.code() in (grpc.StatusCode.CANCELLED, grpc.StatusCode.UNAVAILABLE)
        channel.close()
        server.wait_for_log(lambda r: r.get("method", "").endswith("/Sleep") and r["code"] == "CANCELLED")


def test_sigint_also_stops_gracefully() -> None:
    with running_server(entry=FAKE_ENTRY) as server:
        assert server.terminate(signal.SIGINT) == 0
        assert "server stopped" in [r["event"] for r in server.logs()]
