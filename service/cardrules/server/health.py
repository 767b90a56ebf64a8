"""The standard ``grpc.health.v1.Health`` service: overall status ``""`` plus one status per hosted service.

Written here rather than using grpc_health's aio servicer because that one keeps ``Watch`` streams open forever:
on shutdown ``server.stop(grace)`` would then wait out the whole grace period for every watcher. Ours sends
NOT_SERVING to watchers and then ends their streams, so draining only waits for real calls.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

HEALTH_SERVICE_NAME: str = health_pb2.DESCRIPTOR.services_by_name["Health"].full_name
OVERALL = ""

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
SERVICE_UNKNOWN = health_pb2.HealthCheckResponse.SERVICE_UNKNOWN


class HealthServicer(health_pb2_grpc.HealthServicer):
    def __init__(self, names: Iterable[str]) -> None:
        # Everything starts NOT_SERVING: a probe that arrives before start-up finishes must not pass.
        self._status: dict[str, int] = {name: NOT_SERVING for name in (OVERALL, *names)}
        self._changed = asyncio.Event()
        self._draining = False

    @property
    def names(self) -> list[str]:
        return list(self._status)

    def status(self, name: str) -> int | None:
        return self._status.get(name)

    def set_all_serving(self) -> None:
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
        status = self._status.get(request.service)
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
            status = self._status.get(request.service, SERVICE_UNKNOWN)
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
