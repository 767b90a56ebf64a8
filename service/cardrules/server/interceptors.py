"""One interceptor for every unary call: a structured log line and the Prometheus samples.

The status code is read back from the servicer context after the handler finishes, so codes set with
``context.set_code`` and ``context.abort`` are recorded as the client sees them, not as a generic failure.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, cast

import grpc

from cardrules.server.logging import get_logger, log_level_enabled
from cardrules.server.metrics import RpcMetrics

# Probes call these every few seconds; logging them at info would drown the calls operators care about.
QUIET_PREFIXES = ("/grpc.health.v1.Health/",)

# Codes that mean the server (not the caller) has a problem.
_SERVER_FAULTS = frozenset(
    {grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL, grpc.StatusCode.DATA_LOSS, grpc.StatusCode.UNIMPLEMENTED}
)

UnaryBehavior = Callable[[Any, grpc.aio.ServicerContext[Any, Any]], Any]


class ObservabilityInterceptor(grpc.aio.ServerInterceptor):
    def __init__(self, metrics: RpcMetrics | None) -> None:
        self._metrics = metrics
        self._log = get_logger()
        # One wrapped handler per method, built on its first call: the services are fixed once the server starts,
        # and building a handler and closure on every call cost more than the wrapper itself.
        self._wrapped: dict[str, grpc.RpcMethodHandler[Any, Any]] = {}

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler[Any, Any] | None]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        method: str = handler_call_details.method
        wrapped = self._wrapped.get(method)
        if wrapped is not None:
            return wrapped
        handler = await continuation(handler_call_details)
        # Streaming calls (reflection, health Watch) pass through untouched; every rules RPC is unary. Unknown
        # methods (None) are not cached, so random method names cannot grow the cache.
        if handler is None or handler.request_streaming or handler.response_streaming:
            return handler
        # On a grpc.aio server the unary behaviour receives an aio context; the stubs type it for sync servers.
        behavior = cast(UnaryBehavior, handler.unary_unary)
        wrapped = grpc.unary_unary_rpc_method_handler(
            self._observed(method, behavior),
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )
        self._wrapped[method] = wrapped
        return wrapped

    def _observed(self, method: str, behavior: UnaryBehavior) -> UnaryBehavior:
        is_async = inspect.iscoroutinefunction(behavior)
        ok_level = logging.DEBUG if method.startswith(QUIET_PREFIXES) else logging.INFO
        record = self._record

        async def observed(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            # Thread CPU time: the rules handlers never await on success, so this is their own work; the wall
            # clock (latency) also counts waiting for the event loop under load.
            started, cpu_started = time.perf_counter(), time.thread_time()
            code = grpc.StatusCode.OK
            try:
                if is_async:
                    response = await behavior(request, context)
                else:
                    # grpc.aio runs plain functions in a thread; keep that rather than block the event loop.
                    loop = asyncio.get_running_loop()
                    response = await loop.run_in_executor(None, functools.partial(behavior, request, context))
                code = context.code() or grpc.StatusCode.OK
                return response
            except asyncio.CancelledError:
                code = grpc.StatusCode.CANCELLED  # client cancelled, deadline passed, or shutdown grace ran out
                raise
            except Exception:
                # AbortError carries the code in the context; for any other exception grpc sends the code the
                # handler set before raising, or UNKNOWN.
                set_code = context.code()
                code = set_code if set_code not in (None, grpc.StatusCode.OK) else grpc.StatusCode.UNKNOWN
                raise
            finally:
                record(method, code, time.perf_counter() - started, time.thread_time() - cpu_started, context, ok_level)

        return observed

    def _record(
        self,
        method: str,
        code: grpc.StatusCode,
        seconds: float,
        cpu_seconds: float,
        context: grpc.aio.ServicerContext[Any, Any],
        ok_level: int,
    ) -> None:
        if self._metrics is not None:
            self._metrics.observe(method, code.name, seconds, cpu_seconds)
        level = logging.ERROR if code in _SERVER_FAULTS else ok_level
        if not log_level_enabled(level):
            return  # below the configured level: skip building the line (the peer lookup, the rounding)
        self._log.log(
            level, "rpc", method=method, code=code.name, latency_ms=round(seconds * 1000, 3), peer=context.peer()
        )
