"""The standard ``grpc.health.v1.Health`` service: overall status ``""`` plus one status per hosted service, and
``liveness``, which stays SERVING while the process drains (Kubernetes' liveness probe asks it, so a draining pod
is never restarted) and turns NOT_SERVING only when the event loop has stopped turning for LOOP_STALL_SECONDS.

The same statuses can also be served on a separate plaintext port from threads of their own (``serve_health_port``):
a probe there is answered while the worker's event loop is busy with queued calls, and while the main port speaks
TLS (Kubernetes' gRPC probes cannot). Only ``Check`` is served there; ``Watch`` stays on the main port.

Written here rather than using grpc_health's aio servicer because that one keeps ``Watch`` streams open forever:
on shutdown ``server.stop(grace)`` would then wait out the whole grace period for every watcher. Ours sends
NOT_SERVING to watchers and then ends their streams, so draining only waits for real calls.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

HEALTH_SERVICE_NAME: str = health_pb2.DESCRIPTOR.services_by_name["Health"].full_name
OVERALL = ""
# Asked by the liveness probe: SERVING from start-up to exit, draining included, while the event loop turns.
LIVENESS = "liveness"
# An event loop that has not run its heartbeat for this long is stuck (one call never takes more than a fraction
# of a second, and a busy loop still turns between calls): only then does liveness fail and the pod restart.
LOOP_STALL_SECONDS = 20.0
HEARTBEAT_SECONDS = 1.0

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
SERVICE_UNKNOWN = health_pb2.HealthCheckResponse.SERVICE_UNKNOWN


class HealthServicer(health_pb2_grpc.HealthServicer):
    def __init__(self, names: Iterable[str], clock: Callable[[], float] = time.monotonic) -> None:
        # Everything starts NOT_SERVING: a probe that arrives before start-up finishes must not pass.
        self._status: dict[str, int] = {name: NOT_SERVING for name in (OVERALL, *names)}
        self._changed = asyncio.Event()
        self._draining = False
        self._clock = clock
        self._started = False
        self._last_beat = clock()

    @property
    def names(self) -> list[str]:
        return [*self._status, LIVENESS]

    def status(self, name: str) -> int | None:
        """The status of ``name`` (None: not a name this server knows). Safe to call from any thread."""
        if name == LIVENESS:
            return SERVING if self._started and self._clock() - self._last_beat < LOOP_STALL_SECONDS else NOT_SERVING
        return self._status.get(name)

    def beat(self) -> None:
        """Called by the event loop every HEARTBEAT_SECONDS: it is still turning."""
        self._last_beat = self._clock()

    async def keep_beating(self) -> None:
        while True:
            self.beat()
            await asyncio.sleep(HEARTBEAT_SECONDS)

    def set_all_serving(self) -> None:
        self.beat()
        self._started = True
        if not self._draining:  # shutdown is final
            self._set_all(SERVING)

    def enter_graceful_shutdown(self) -> None:
        self._draining = True
        self._set_all(NOT_SERVING)

    def _set_all(self, status: int) -> None:
        for name in self._status:
            self._status[name] = status
        # Wake every watcher; each reads the new state and waits on a fresh event.
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def Check(
        self, request: health_pb2.HealthCheckRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> health_pb2.HealthCheckResponse:
        status = self.status(request.service)
        if status is None:
            await context.abort(grpc.StatusCode.NOT_FOUND, f"unknown service {request.service!r}")
        return health_pb2.HealthCheckResponse(status=status)

    async def Watch(
        self, request: health_pb2.HealthCheckRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> AsyncIterator[health_pb2.HealthCheckResponse]:
        last: int | None = None
        while True:
            # Take the event before reading the status: any later change sets this very event, so none is missed.
            changed = self._changed
            status = self.status(request.service)
            status = SERVICE_UNKNOWN if status is None else status
            if status != last:
                yield health_pb2.HealthCheckResponse(status=status)
                last = status
            if self._draining:
                return
            await changed.wait()


def add_health(server: grpc.aio.Server, names: Iterable[str]) -> HealthServicer:
    servicer = HealthServicer(names)
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    return servicer


class _ThreadedCheck(health_pb2_grpc.HealthServicer):
    """``Check`` answered on grpc's own threads from the event loop's statuses (plain reads, safe without a lock)."""

    def __init__(self, source: HealthServicer) -> None:
        self._source = source

    def Check(
        self, request: health_pb2.HealthCheckRequest, context: grpc.ServicerContext
    ) -> health_pb2.HealthCheckResponse:
        status = self._source.status(request.service)
        if status is None:
            context.abort(grpc.StatusCode.NOT_FOUND, f"unknown service {request.service!r}")
        return health_pb2.HealthCheckResponse(status=status)


def serve_health_port(address: str, source: HealthServicer, *, reuse_port: bool) -> tuple[grpc.Server, int]:
    """Start a plaintext server answering health checks on ``address`` from threads of its own; returns it and
    the bound port. Its handlers only read a status, so two threads answer any probe rate a kubelet and a few
    Envoys send, however busy the event loop is (they need the GIL for microseconds, which Python hands over
    every few milliseconds)."""
    server = grpc.server(
        ThreadPoolExecutor(max_workers=2, thread_name_prefix="health-port"),
        options=[("grpc.so_reuseport", 1 if reuse_port else 0), ("grpc.max_concurrent_streams", 16)],
        maximum_concurrent_rpcs=64,
    )
    health_pb2_grpc.add_HealthServicer_to_server(_ThreadedCheck(source), server)
    port = server.add_insecure_port(address)
    server.start()
    return server, port
