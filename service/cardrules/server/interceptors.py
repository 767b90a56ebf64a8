"""The one interceptor every call passes: admission, authentication, decoding, and its log line and metrics.

For each unary call, in order:
1. **Admission**: beyond ``max_concurrent_calls`` calls in flight the call is answered RESOURCE_EXHAUSTED at
   once (health checks are exempt: a busy server is alive, and a failed probe would only move its load on).
2. **Authentication**: a caller that does not prove who it is gets UNAUTHENTICATED, with no detail (health
   stays open for probes).
3. **Deadline**: a call whose deadline passed while it waited is not computed.
4. **Decoding**: the request is parsed here, not by grpc, so bytes that are not the request message become
   INVALID_ARGUMENT with a one-line message (grpc would answer UNKNOWN and log a traceback per call).
5. The handler runs (its work on the worker's handler thread when the request is over 1 KiB:
   cardrules.server.work); then one log line and the Prometheus samples, with the code the client sees, the
   caller's name and the peer (read when the call starts: gRPC forgets it once a call is cancelled).
   A call carried by another (the JSON gateway's) is named as the call it carries, with ``via``.
6. With tracing on, all of it runs inside the call's server span (cardrules.server.tracing), which the log line's
   code and caller describe too; health checks make no span.

A rules service's ``Stream`` (many calls on one bidirectional call) is run by cardrules.server.streams, which
applies the same admission, authentication and metrics per message.

The status code is read back from the servicer context after the handler finishes, so codes set with
``context.set_code`` and ``context.abort`` are recorded as the client sees them, not as a generic failure.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import grpc

from cardrules.server.auth import ANONYMOUS, UNAUTHENTICATED, Authenticator
from cardrules.server.binding import CallName
from cardrules.server.deadlines import CANCEL_AT_DEADLINE_SECONDS, expired
from cardrules.server.logging import get_logger, log_level_enabled
from cardrules.server.metrics import STREAM, RpcMetrics
from cardrules.server.streams import StreamCalls, Streams
from cardrules.server.work import HandlerThread, metered

if TYPE_CHECKING:  # imported only when tracing is on (cardrules.server.app)
    from cardrules.server.tracing import Tracing

HEALTH_PREFIX = "/grpc.health.v1.Health/"

# Codes that mean the server (not the caller) has a problem.
_SERVER_FAULTS = frozenset({grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL, grpc.StatusCode.DATA_LOSS})
# Codes an operator wants to notice without them being the server's fault: someone is being refused. (grpc
# answers an unknown gRPC method itself; UNIMPLEMENTED reaching here is a JSON caller naming a method that
# does not exist.)
_REFUSALS = frozenset(
    {
        grpc.StatusCode.UNAUTHENTICATED,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.UNIMPLEMENTED,
    }
)

UNAUTHENTICATED_MESSAGE = "missing or invalid credentials"
DEFAULT_STREAM_IN_FLIGHT = 100

UnaryBehavior = Callable[[Any, grpc.aio.ServicerContext[Any, Any]], Any]
Deserializer = Callable[[bytes], Any]
Continuation = Callable[[grpc.HandlerCallDetails], Awaitable["grpc.RpcMethodHandler[Any, Any] | None"]]


class ServerInterceptor(grpc.aio.ServerInterceptor):
    def __init__(
        self,
        metrics: RpcMetrics | None,
        authenticator: Authenticator | None = None,
        max_concurrent_calls: int | None = None,
        carried_calls: Mapping[str, CallName] | None = None,
        streams: Mapping[str, Callable[[], StreamCalls]] | None = None,
        max_stream_in_flight: int = DEFAULT_STREAM_IN_FLIGHT,
        handler_thread: HandlerThread | None = None,
        max_open_streams: int | None = None,
        tracing: Tracing | None = None,
    ) -> None:
        self._metrics = metrics
        self._tracing = tracing
        self._carried_calls = dict(carried_calls or {})
        self._stream_calls = dict(streams or {})
        self._auth = authenticator or Authenticator(None, mutual_tls=False)
        self._limit = max_concurrent_calls
        self._in_flight = 0
        self._log = get_logger()
        self._thread = handler_thread
        self.streams = Streams(
            self,
            self._auth.caller,
            self._observe,
            max_stream_in_flight,
            handler_thread,
            max_open=max_open_streams,
            tracing=tracing,
        )
        # One wrapped handler per method (and one refusing handler), built on its first call: the services are
        # fixed once the server starts, and building a handler and closure per call cost more than the wrapper.
        self._wrapped: dict[str, grpc.RpcMethodHandler[Any, Any]] = {}
        self._overloaded: dict[str, grpc.RpcMethodHandler[Any, Any]] = {}

    async def intercept_service(
        self, continuation: Continuation, handler_call_details: grpc.HandlerCallDetails
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        method: str = handler_call_details.method
        wrapped = self._wrapped.get(method)
        if wrapped is None:
            handler = await continuation(handler_call_details)
            # Unknown methods (None) are not cached, so random method names cannot grow the cache; grpc answers
            # them UNIMPLEMENTED.
            if handler is None:
                return None
            wrapped = self._wrapped[method] = self._wrap(method, handler)
        if self._limit is None or method.startswith(HEALTH_PREFIX) or wrapped.request_streaming:
            return wrapped
        if self._in_flight >= self._limit:
            return self._overloaded[method]
        # This runs inside the call's own task, which ends when the call does, however it ends (answered,
        # cancelled, deadline): counting by the task cannot leak a slot.
        self._in_flight += 1
        if self._metrics is not None:
            self._metrics.in_flight.inc()
        task = asyncio.current_task()
        assert task is not None
        task.add_done_callback(self._release)
        return wrapped

    def _release(self, _task: object) -> None:
        self.release()

    # --- admission of a message on a stream (cardrules.server.streams) ---

    def admit(self, method: str) -> bool:
        """Take a slot of max_concurrent_calls for one stream message, or count it refused."""
        if self._limit is not None and self._in_flight >= self._limit:
            if self._metrics is not None:
                self._metrics.rejected.labels(method=method).inc()
            return False
        self._in_flight += 1
        if self._metrics is not None:
            self._metrics.in_flight.inc()
        return True

    def release(self) -> None:
        self._in_flight -= 1
        if self._metrics is not None:
            self._metrics.in_flight.dec()

    def refusal(self) -> grpc.Status:
        return _Refusal(grpc.StatusCode.RESOURCE_EXHAUSTED, self._overloaded_message())

    def _overloaded_message(self) -> str:
        return f"the server is at its limit of {self._limit} calls in flight; retry with backoff"

    def _observe(self, method: str, code: grpc.StatusCode, seconds: float, cpu_seconds: float, caller: str) -> None:
        """Count one stream message (cardrules.server.streams)."""
        if self._metrics is not None:
            self._metrics.observe(method, code.name, seconds, cpu_seconds, caller, STREAM)

    def _wrap(self, method: str, handler: grpc.RpcMethodHandler[Any, Any]) -> grpc.RpcMethodHandler[Any, Any]:
        stream_calls = self._stream_calls.get(method)
        if stream_calls is not None:
            return self.streams.handler(stream_calls())
        if handler.request_streaming or handler.response_streaming:
            return self._guarded_stream(method, handler)
        # On a grpc.aio server the unary behaviour receives an aio context; the stubs type it for sync servers.
        behavior = cast(UnaryBehavior, handler.unary_unary)
        decode: Deserializer | None = handler.request_deserializer
        refuse = self._refuse_overloaded(method)
        observed = self._observed(method, behavior, decode, self._carried_calls.get(method))
        if self._tracing is not None and not method.startswith(HEALTH_PREFIX):
            refuse, observed = self._tracing.unary(method, refuse), self._tracing.unary(method, observed)
        self._overloaded[method] = grpc.unary_unary_rpc_method_handler(
            refuse, response_serializer=handler.response_serializer
        )
        # No request_deserializer: grpc hands over the raw bytes and the observed behaviour decodes them.
        return grpc.unary_unary_rpc_method_handler(observed, response_serializer=handler.response_serializer)

    def _observed(
        self, method: str, behavior: UnaryBehavior, decode: Deserializer | None, carried: CallName | None
    ) -> UnaryBehavior:
        is_async = inspect.iscoroutinefunction(behavior)
        is_health = method.startswith(HEALTH_PREFIX)
        ok_level = logging.DEBUG if is_health else logging.INFO
        message_name = _message_name(decode)
        authenticate = self._auth.caller
        record = self._record
        thread = self._thread

        async def observed(data: bytes, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            # Thread CPU time: the rules handlers never await on success, so this is their own work (plus what
            # they did on the handler thread, cardrules.server.work); the wall clock (latency) also counts
            # waiting for the event loop and the handler thread under load.
            started, cpu_started = time.perf_counter(), time.thread_time()
            # Read now: gRPC forgets a call's peer once the call is cancelled (deadline, client gone).
            peer = context.peer()
            code = grpc.StatusCode.OK
            caller: str | None = ANONYMOUS
            problem: str | None = None
            name = method  # what the log line and the metrics call it
            with metered(thread, len(data)) as measured:
                try:
                    if not is_health:
                        caller = authenticate(context)
                        if caller is None:
                            caller = UNAUTHENTICATED
                            await context.abort(grpc.StatusCode.UNAUTHENTICATED, UNAUTHENTICATED_MESSAGE)
                    if expired(context):
                        problem = "the deadline passed before the call started"
                        await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, problem)
                    if decode is None:
                        request = data
                    else:
                        try:
                            request = decode(data)
                        except Exception:  # any decoding failure is the bytes' fault: say so in one line
                            problem = f"the request body is not a valid {message_name}"
                            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, problem)
                        if carried is not None:
                            name = carried(request) or method
                    if is_async:
                        response = await behavior(request, context)
                    else:
                        # grpc.aio runs plain functions in a thread; keep that rather than block the event loop.
                        loop = asyncio.get_running_loop()
                        response = await loop.run_in_executor(None, functools.partial(behavior, request, context))
                    code = context.code() or grpc.StatusCode.OK
                    if code is grpc.StatusCode.OK and expired(context):
                        code = grpc.StatusCode.DEADLINE_EXCEEDED  # what the client got: the answer came too late
                    return response
                except asyncio.CancelledError:
                    # The client cancelled, the deadline passed, or the shutdown grace ran out.
                    at_deadline = expired(context, CANCEL_AT_DEADLINE_SECONDS)
                    code = grpc.StatusCode.DEADLINE_EXCEEDED if at_deadline else grpc.StatusCode.CANCELLED
                    raise
                except Exception:
                    # AbortError carries the code in the context; for any other exception grpc sends the code the
                    # handler set before raising, or UNKNOWN.
                    set_code = context.code()
                    code = set_code if set_code not in (None, grpc.StatusCode.OK) else grpc.StatusCode.UNKNOWN
                    raise
                finally:
                    seconds = time.perf_counter() - started
                    cpu_seconds = time.thread_time() - cpu_started + measured.cpu_seconds
                    via = method if name != method else None
                    record(name, code, seconds, cpu_seconds, peer, ok_level, caller or UNAUTHENTICATED, problem, via)

        return observed

    def _refuse_overloaded(self, method: str) -> UnaryBehavior:
        message = self._overloaded_message()

        async def refuse(_data: bytes, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            caller = self._auth.caller(context) or UNAUTHENTICATED
            if self._metrics is not None:
                self._metrics.rejected.labels(method=method).inc()
            code = grpc.StatusCode.RESOURCE_EXHAUSTED
            self._record(method, code, 0.0, 0.0, context.peer(), logging.INFO, caller, message)
            await context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, message)

        return refuse

    def _guarded_stream(self, method: str, handler: grpc.RpcMethodHandler[Any, Any]) -> grpc.RpcMethodHandler[Any, Any]:
        """Streaming calls (health Watch, reflection) keep their behaviour; when auth is on, all but health
        need credentials too."""
        if not self._auth.enabled or method.startswith(HEALTH_PREFIX):
            return handler
        authenticate, record = self._auth.caller, self._record

        async def refuse(context: grpc.aio.ServicerContext[Any, Any]) -> None:
            code = grpc.StatusCode.UNAUTHENTICATED
            record(method, code, 0.0, 0.0, context.peer(), logging.INFO, UNAUTHENTICATED, None)
            await context.abort(grpc.StatusCode.UNAUTHENTICATED, UNAUTHENTICATED_MESSAGE)

        def guard(behavior: Callable[..., Any]) -> Callable[..., Any]:
            if inspect.isasyncgenfunction(behavior):

                async def guarded_generator(request: Any, context: Any) -> AsyncIterator[Any]:
                    if authenticate(context) is None:
                        await refuse(context)
                    async for response in behavior(request, context):
                        yield response

                return guarded_generator

            async def guarded(request: Any, context: Any) -> Any:
                if authenticate(context) is None:
                    await refuse(context)
                return await behavior(request, context)

            return guarded

        serializers = {
            "request_deserializer": handler.request_deserializer,
            "response_serializer": handler.response_serializer,
        }
        # Exactly one behaviour is set, the one of the handler's shape.
        if handler.request_streaming and handler.response_streaming:
            return grpc.stream_stream_rpc_method_handler(guard(cast(Any, handler.stream_stream)), **serializers)
        if handler.request_streaming:
            return grpc.stream_unary_rpc_method_handler(guard(cast(Any, handler.stream_unary)), **serializers)
        return grpc.unary_stream_rpc_method_handler(guard(cast(Any, handler.unary_stream)), **serializers)

    def _record(
        self,
        method: str,
        code: grpc.StatusCode,
        seconds: float,
        cpu_seconds: float,
        peer: str,
        ok_level: int,
        caller: str,
        problem: str | None,
        via: str | None = None,
    ) -> None:
        if self._metrics is not None:
            self._metrics.observe(method, code.name, seconds, cpu_seconds, caller)
        if self._tracing is not None:
            self._tracing.finish(method, code, caller, via)  # the call's span (no-op outside one: health)
        if code in _SERVER_FAULTS:
            level = logging.ERROR
        elif code in _REFUSALS or problem is not None:
            level = logging.WARNING
        else:
            level = ok_level
        if not log_level_enabled(level):
            return  # below the configured level: skip building the line
        fields: dict[str, Any] = {
            "method": method,
            "code": code.name,
            "latency_ms": round(seconds * 1000, 3),
            "peer": peer,
            "caller": caller,
        }
        if problem is not None:
            fields["error"] = problem
        if via is not None:
            fields["via"] = via  # the method that carried this call (the JSON gateway)
        self._log.log(level, "rpc", **fields)


@dataclass(frozen=True)
class _Refusal(grpc.Status):
    """A status to refuse one stream message with (grpc's own implementation of grpc.Status is private)."""

    code: grpc.StatusCode
    details: str
    trailing_metadata: tuple[tuple[str, str | bytes], ...] = ()


def _message_name(decode: Deserializer | None) -> str:
    """``SamLocServiceValidatePlayRequest`` for the generated ``FromString`` of that message."""
    owner = getattr(decode, "__self__", None)
    descriptor = getattr(owner, "DESCRIPTOR", None)
    return str(getattr(descriptor, "full_name", "request message"))
