"""Envoy honours a caller's grpc-timeout (issue #15.2), with the repository's config and the real Envoy.

The upstream here is a stalled replica: a gRPC server that answers health checks but takes far longer than any
deadline to answer ScoreLieng (the real server never stalls on purpose). A gRPC-Web call over HTTP/1.1 carries
`grpc-timeout` while the HTTP client itself waits much longer, so the answer shows who gave up: Envoy ends the call
at the caller's deadline (access-log details "max_duration_timeout"), instead of holding it for the route's 10 s
ceiling, and a gRPC caller gets DEADLINE_EXCEEDED. The ceiling itself is checked in test_envoy_config.py.
"""

from __future__ import annotations

import contextlib
import re
import struct
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from cardrules.client.cards import hands as parse_hands
from cardrules.v1 import lieng_pb2
from tests.deploy.local import EnvoyHandle, running_envoy
from tests.support.calls import raw_unary

SCORE = "/cardrules.v1.LiengService/ScoreLieng"


class StalledReplica:
    """Stands in for a replica's port (running_envoy reads ``port``); ScoreLieng waits until released."""

    def __init__(self, server: grpc.Server, port: int, release: threading.Event) -> None:
        self.server, self.port, self.release = server, port, release

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"


@contextlib.contextmanager
def stalled_replica() -> Iterator[StalledReplica]:
    release = threading.Event()

    def score(_request: bytes, context: grpc.ServicerContext) -> bytes:
        release.wait(timeout=30)
        return b""

    handler = grpc.method_handlers_generic_handler(
        "cardrules.v1.LiengService", {"ScoreLieng": grpc.unary_unary_rpc_method_handler(score)}
    )
    server = grpc.server(ThreadPoolExecutor(max_workers=8))
    server.add_generic_rpc_handlers((handler,))
    checks = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(checks, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    checks.set("", health_pb2.HealthCheckResponse.SERVING)
    try:
        yield StalledReplica(server, port, release)
    finally:
        release.set()
        server.stop(None)


def grpc_web_call(url: str, grpc_timeout: str) -> tuple[int, str]:
    """One gRPC-Web ScoreLieng call with ``grpc-timeout``; returns the HTTP status and the grpc-status sent back
    (in the headers of a trailers-only answer, or in the body's trailer frame). Over HTTP/1.1 Envoy's own timeout
    answer still says UNAVAILABLE (its local-reply mapping does not reach gRPC-Web); gRPC callers get
    DEADLINE_EXCEEDED."""
    message = lieng_pb2.ScoreLiengRequest(hands=parse_hands(["AC AD AH"])).SerializeToString()
    request = urllib.request.Request(
        url + SCORE,
        data=struct.pack(">BI", 0, len(message)) + message,
        headers={"content-type": "application/grpc-web+proto", "x-grpc-web": "1", "grpc-timeout": grpc_timeout},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:  # far beyond the deadline under test
            code, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:  # a local reply: the gRPC status is in its headers
        code, headers, body = error.code, error.headers, error.read()
    trailer = re.search(r"grpc-status:\s*(\d+)", body.decode("latin-1"), re.IGNORECASE)
    status: Any = headers.get("grpc-status") or (trailer.group(1) if trailer else "none")
    return code, str(status)


def access_log_entry(envoy: EnvoyHandle, path: str) -> dict[str, Any]:
    """The access-log line of the one call to ``path`` (Envoy flushes its log about once a second)."""
    deadline = time.monotonic() + 30
    while True:
        with contextlib.suppress(ValueError):  # a line still being written
            entries = [line for line in envoy.access_log() if line.get("path") == path]
            if entries:
                (entry,) = entries
                return entry
        assert time.monotonic() < deadline, "no access-log line for the call"
        time.sleep(0.1)


@pytest.mark.slow
def test_a_callers_grpc_timeout_ends_a_stalled_call_at_its_deadline() -> None:
    with stalled_replica() as replica, running_envoy([replica]) as envoy:  # type: ignore[list-item]
        # gRPC-Web over HTTP/1.1 with no client-side timer: only a deadline Envoy honours can end the call early.
        grpc_web_call(envoy.url, "300m")
        entry = access_log_entry(envoy, SCORE)
        # Envoy ended it at the caller's deadline, not at the route's 10 s ceiling or the per-try 5 s.
        assert entry["details"] == "max_duration_timeout", entry
        assert entry["upstream"] == replica.target
        # A gRPC caller sees DEADLINE_EXCEEDED (which no SDK retries), not the UNAVAILABLE of Envoy's plain 504.
        with grpc.insecure_channel(envoy.target) as channel, pytest.raises(grpc.RpcError) as failure:
            raw_unary(channel, SCORE)(b"", timeout=1.0)
        assert failure.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
