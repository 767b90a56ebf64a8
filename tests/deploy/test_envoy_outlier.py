"""Envoy's outlier detection really ejects (issue #15.2): Envoy's default enforcement for consecutive gateway
failures is 0 % (counted, never acted on); the template enforces it.

Beside a real replica runs a failing one: its health checks pass, but every rules call answers UNAVAILABLE (what a
broken replica behind a healthy health service looks like). Calls through Envoy are retried on the real replica,
so the client sees no failure, and Envoy ejects the failing replica after 3 gateway failures in a row.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from cardrules.client import LiengClient
from tests.deploy.local import EnvoyHandle, replicas, running_envoy


class FailingReplica:
    def __init__(self, port: int) -> None:
        self.port = port


@contextlib.contextmanager
def failing_replica() -> Iterator[FailingReplica]:
    def refuse(_request: bytes, context: grpc.ServicerContext) -> bytes:
        context.abort(grpc.StatusCode.UNAVAILABLE, "broken replica")

    handler = grpc.method_handlers_generic_handler(
        "cardrules.v1.LiengService", {"ScoreLieng": grpc.unary_unary_rpc_method_handler(refuse)}
    )
    server = grpc.server(ThreadPoolExecutor(max_workers=4))
    server.add_generic_rpc_handlers((handler,))
    checks = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(checks, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    checks.set("", health_pb2.HealthCheckResponse.SERVING)
    try:
        yield FailingReplica(port)
    finally:
        server.stop(None)


def counter(envoy: EnvoyHandle, name: str) -> int:
    text = envoy.admin(f"/stats?filter=^{re.escape(name)}$")
    return sum(int(line.partition(": ")[2]) for line in text.splitlines() if line.startswith(f"{name}: "))


@pytest.mark.slow
def test_a_replica_failing_every_call_is_ejected_and_no_call_fails() -> None:
    with replicas(1) as (real,), failing_replica() as broken, running_envoy([real, broken]) as envoy:  # type: ignore[list-item]
        with grpc.insecure_channel(envoy.target) as channel:  # no client-side retries
            client = LiengClient(channel)
            answers = [client.score_lieng(hands=["AC AD AH", "KS AD 2H"]) for _ in range(40)]
        assert len(answers) == 40  # every call answered: Envoy retried the broken replica's on the real one
        prefix = "cluster.cardrules.outlier_detection."
        assert counter(envoy, prefix + "ejections_enforced_consecutive_gateway_failure") >= 1
        assert counter(envoy, prefix + "ejections_enforced_total") >= 1
        assert counter(envoy, "cluster.cardrules.upstream_rq_retry") >= 1
