"""The plaintext health port (--health-port): what Kubernetes probes and Envoy's health checks ask.

It answers grpc.health.v1 Check from threads of its own, in plaintext even when the gRPC port speaks (mutual) TLS,
from every worker sharing it; "liveness" stays SERVING through a drain and fails only when the event loop stalls.
tests/deploy/test_probes.py shows it answering while a replica is saturated.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2

from cardrules.api.games import registered_games
from cardrules.server.config import ConfigError, parse_config
from cardrules.server.health import LIVENESS, LOOP_STALL_SECONDS, HealthServicer, serve_health_port
from tests.support.pki import make_pki
from tests.support.server_process import free_port, health_status, running_server

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
RULES = tuple(game.name for game in registered_games())


def test_probes_pass_in_plaintext_while_the_grpc_port_speaks_mutual_tls(tmp_path: Path) -> None:
    pki = make_pki(tmp_path)
    health_port = free_port()
    args = ["--workers", "2", "--health-port", str(health_port)]
    args += ["--tls-cert", str(pki.server_cert), "--tls-key", str(pki.server_key), "--tls-client-ca", str(pki.ca_cert)]
    client = pki.client("probe-test")
    with running_server(
        args, root_certificates=pki.ca_pem, client_certificate=(client.cert_pem, client.key_pem)
    ) as server:
        health = f"127.0.0.1:{health_port}"
        # Several connections: the kernel spreads them over both workers, and each answers.
        for _ in range(6):
            for service in ("", LIVENESS, *RULES):
                assert health_status(health, service) == SERVING, service
        with pytest.raises(grpc.RpcError) as unknown:
            health_status(health, "cardrules.v1.NoSuchService")
        assert unknown.value.code() == grpc.StatusCode.NOT_FOUND
        # The gRPC port itself still admits only TLS clients with a certificate.
        with pytest.raises(grpc.RpcError) as plaintext:
            health_status(server.target)
        assert plaintext.value.code() == grpc.StatusCode.UNAVAILABLE
        started = next(r for r in server.logs() if r["event"] == "server started")
        assert started["health_port"] == health_port and started["tls"] is True


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def threaded_health() -> Iterator[tuple[HealthServicer, Clock, str]]:
    clock = Clock()
    health = HealthServicer(RULES, clock=clock)
    server, port = serve_health_port("127.0.0.1:0", health, reuse_port=False)
    try:
        yield health, clock, f"127.0.0.1:{port}"
    finally:
        server.stop(None)


def statuses(target: str) -> dict[str, int]:
    return {service: health_status(target, service) for service in ("", LIVENESS, *RULES)}


def test_liveness_stays_serving_through_a_drain_and_fails_only_when_the_loop_stalls(
    threaded_health: tuple[HealthServicer, Clock, str],
) -> None:
    health, clock, target = threaded_health
    # Before start-up has finished nothing passes, liveness included (the startup probe waits for it).
    assert set(statuses(target).values()) == {NOT_SERVING}
    health.set_all_serving()
    assert set(statuses(target).values()) == {SERVING}
    # Draining: readiness and every service say NOT_SERVING, liveness does not (the kubelet must not restart it).
    health.enter_graceful_shutdown()
    assert statuses(target) == {"": NOT_SERVING, LIVENESS: SERVING, **dict.fromkeys(RULES, NOT_SERVING)}
    # An event loop that has not beaten for LOOP_STALL_SECONDS is stuck: only then does liveness fail.
    clock.now += LOOP_STALL_SECONDS - 1
    assert health_status(target, LIVENESS) == SERVING
    clock.now += 2
    assert health_status(target, LIVENESS) == NOT_SERVING
    health.beat()
    assert health_status(target, LIVENESS) == SERVING


def test_the_health_port_must_not_be_another_port() -> None:
    assert parse_config(["--health-port", "50052"]).health_port == 50052
    assert parse_config([]).health_port == 0
    for clash in (["--port", "7000", "--health-port", "7000"], ["--metrics-port", "7001", "--health-port", "7001"]):
        with pytest.raises(ConfigError, match="--health-port"):
            parse_config(clash)
