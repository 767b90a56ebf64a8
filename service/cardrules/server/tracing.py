"""OpenTelemetry traces of the server's calls (``--tracing``; off by default, and then this module is never imported).

- **Context**: each call continues the W3C ``traceparent``/``tracestate`` of its metadata (the propagators of
  ``OTEL_PROPAGATORS``, W3C trace context and baggage by default); a call without one starts a new trace when the
  sampler (``OTEL_TRACES_SAMPLER``/``OTEL_TRACES_SAMPLER_ARG``, parent-based always-on by default) says so.
- **Spans**: one server span per unary call (named ``cardrules.v1.SamLocService/ValidatePlay``; a JSON call by the
  rules method it carries) and one per ``Stream``, with one child span per message named by the method it
  carries. Health checks and reflection make none.
- **Attributes**: ``rpc.system``, ``rpc.service``, ``rpc.method``, ``rpc.grpc.status_code``, the caller's name
  as the metrics name it (``cardrules.caller``), and of an answer only its verdict: ``cardrules.legal`` and
  ``cardrules.reason`` (the reason code's name) where the response has them. Never a card, a seed, a token or any
  other field of a request or an answer.
- **Logs**: every line written while a span is current carries its ``trace_id`` and ``span_id``
  (:func:`add_trace_ids`, in the logging chain when tracing is on).
- **Export**: OTLP, over gRPC (default) or HTTP (``OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf``), to
  ``OTEL_EXPORTER_OTLP_ENDPOINT`` (the exporters' own variables), in batches from a thread of its own;
  ``OTEL_SERVICE_NAME`` names the service (default ``cardrules``).
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractContextManager
from contextvars import Token
from typing import Any

import grpc
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter
from opentelemetry.trace import Span, SpanKind, Status, StatusCode
from structlog.typing import EventDict, WrappedLogger

from cardrules.version import __version__

SERVICE_NAME = "cardrules"
CALLER = "cardrules.caller"
LEGAL = "cardrules.legal"
REASON = "cardrules.reason"
VIA = "cardrules.via"

# The codes OpenTelemetry's RPC conventions count as a server span's error (the others are the caller's doing).
_ERRORS = frozenset(
    {
        grpc.StatusCode.UNKNOWN,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.UNIMPLEMENTED,
        grpc.StatusCode.INTERNAL,
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.DATA_LOSS,
    }
)

Context = grpc.aio.ServicerContext[Any, Any]
Behavior = Callable[[Any, Context], Awaitable[Any]]
Message = tuple[Span, Token[otel_context.Context]]  # a stream message's span, and the token that makes it current


def tracer_provider() -> TracerProvider:
    """A provider with the sampler and resource of the ``OTEL_*`` environment, exporting nowhere yet."""
    attributes: dict[str, str] = {"service.version": __version__}
    if "OTEL_SERVICE_NAME" not in os.environ and "service.name=" not in os.environ.get("OTEL_RESOURCE_ATTRIBUTES", ""):
        attributes["service.name"] = SERVICE_NAME
    return TracerProvider(resource=Resource.create(attributes))


def otlp_exporter() -> SpanExporter:
    """The OTLP exporter of ``OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL``: grpc (default) or http/protobuf."""
    protocol = os.environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") or os.environ.get("OTEL_EXPORTER_OTLP_PROTOCOL")
    if protocol in (None, "", "grpc"):
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter

        return GrpcExporter()
    if protocol == "http/protobuf":
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter

        return HttpExporter()
    raise TracingSetupError(f"OTEL_EXPORTER_OTLP_PROTOCOL must be grpc or http/protobuf, got {protocol!r}")


class TracingSetupError(RuntimeError):
    """The ``OTEL_*`` environment asks for something the server cannot export with."""


class Tracing:
    """The server's spans, made by ``provider``'s tracer (the server's own provider; the global one is left alone)."""

    def __init__(self, provider: TracerProvider, settings: Mapping[str, str] | None = None) -> None:
        self._provider = provider
        self.settings = dict(settings or {})  # what the start-up line says of it
        self._tracer = provider.get_tracer("cardrules.server", __version__)
        self._verdicts: dict[str, tuple[FieldDescriptor | None, FieldDescriptor | None]] = {}

    @classmethod
    def from_environment(cls) -> Tracing:
        """Spans exported in batches by OTLP, configured by the ``OTEL_*`` environment."""
        provider = tracer_provider()
        provider.add_span_processor(BatchSpanProcessor(otlp_exporter()))
        return cls(provider, _settings(os.environ))

    def shutdown(self) -> None:
        """Export the spans still buffered, then stop the exporter (at the end of the server's shutdown)."""
        self._provider.shutdown()

    # --- unary calls ---

    def unary(self, method: str, behavior: Behavior) -> Behavior:
        """``behavior`` (the interceptor's observed one) run inside a server span of its call."""
        name = method.removeprefix("/")
        server_span, verdict = self._server_span, self._verdict

        async def traced(data: Any, context: Context) -> Any:
            with server_span(name, context) as span:
                response = await behavior(data, context)
                if span.is_recording():
                    verdict(span, response)
                return response

        return traced

    def _server_span(self, name: str, context: Context) -> AbstractContextManager[Span]:
        # An exception is how grpc.aio aborts a call (a caller's mistake too): the span's status comes from the
        # call's code (_describe), not from the exception.
        return self._tracer.start_as_current_span(
            name, _parent(context), SpanKind.SERVER, record_exception=False, set_status_on_exception=False
        )

    def finish(self, method: str, code: grpc.StatusCode, caller: str, via: str | None = None) -> None:
        """Name and mark the current span (the call's, from :meth:`unary`) as the call's log line describes it."""
        span = trace.get_current_span()
        if not span.is_recording():
            return
        if via is not None:  # a JSON call: named by the rules method it carries
            span.update_name(method.removeprefix("/"))
            span.set_attribute(VIA, via)
        _describe(span, method, code, caller)

    def _verdict(self, span: Span, response: Any) -> None:
        """An answer's ``legal`` and ``reason``, read by field descriptor (the answer's other fields are never read)."""
        descriptor: Descriptor | None = getattr(response, "DESCRIPTOR", None)
        if descriptor is None:
            return
        fields = self._verdicts.get(descriptor.full_name)
        if fields is None:
            by_name = descriptor.fields_by_name
            legal, reason = by_name.get("legal"), by_name.get("reason")
            if legal is not None and legal.type != FieldDescriptor.TYPE_BOOL:
                legal = None
            if reason is not None and reason.enum_type is None:
                reason = None
            fields = self._verdicts[descriptor.full_name] = (legal, reason)
        legal, reason = fields
        if legal is not None:
            span.set_attribute(LEGAL, bool(getattr(response, legal.name)))
        if reason is not None and reason.enum_type is not None:
            number = getattr(response, reason.name)
            value = reason.enum_type.values_by_number.get(number)
            span.set_attribute(REASON, value.name if value is not None else str(number))

    # --- streams (cardrules.server.streams) ---

    def stream(self, method: str, behavior: Callable[[Any, Context], Awaitable[None]]) -> Behavior:
        """A ``Stream``'s behaviour run inside a server span of the whole stream (its messages' parent)."""
        name = method.removeprefix("/")
        server_span = self._server_span

        async def traced(requests: Any, context: Context) -> None:
            with server_span(name, context):
                await behavior(requests, context)

        return traced

    def stream_ended(self, method: str, code: grpc.StatusCode, caller: str) -> None:
        """Mark the current span (the stream's) with how the stream ended."""
        span = trace.get_current_span()
        if span.is_recording():
            _describe(span, method, code, caller)

    def message(self) -> Message:
        """A span for one message of the current stream (the stream's child), current until
        :meth:`message_answered` names, describes and ends it: a line logged meanwhile carries its ids."""
        span = self._tracer.start_span("message", kind=SpanKind.INTERNAL, record_exception=False)
        return span, otel_context.attach(trace.set_span_in_context(span))

    def message_answered(self, message: Message, method: str, code: grpc.StatusCode, caller: str) -> None:
        span, token = message
        if span.is_recording():
            span.update_name(method.removeprefix("/"))
            _describe(span, method, code, caller)
        span.end()
        otel_context.detach(token)


def _parent(context: Context) -> otel_context.Context:
    """The trace context the caller sent in the call's metadata (an empty one when it sent none)."""
    carrier = {key: value for key, value in context.invocation_metadata() or () if isinstance(value, str)}
    return propagate.extract(carrier)


def _describe(span: Span, method: str, code: grpc.StatusCode, caller: str) -> None:
    service, _, rpc_method = method.removeprefix("/").partition("/")
    attributes: dict[str, str | int] = {"rpc.system": "grpc", "rpc.service": service, "rpc.method": rpc_method}
    attributes["rpc.grpc.status_code"] = code.value[0]
    attributes[CALLER] = caller
    span.set_attributes(attributes)  # one call: the span takes its lock once
    if code in _ERRORS:
        span.set_status(Status(StatusCode.ERROR, code.name))


def add_trace_ids(_logger: WrappedLogger, _method: str, event_dict: EventDict) -> EventDict:
    """A structlog processor: the current span's trace and span ids, as the W3C trace context spells them."""
    span_context = trace.get_current_span().get_span_context()
    if span_context.is_valid:
        event_dict["trace_id"] = format(span_context.trace_id, "032x")
        event_dict["span_id"] = format(span_context.span_id, "016x")
    return event_dict


def _settings(environ: Mapping[str, str]) -> dict[str, str]:
    """What the start-up line says of tracing: the exporter's protocol and endpoint, and the sampler (never the
    exporter's headers, which may hold a collector's credentials)."""
    protocol = environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") or environ.get("OTEL_EXPORTER_OTLP_PROTOCOL") or "grpc"
    endpoint = environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or ""
    return {
        "protocol": protocol,
        "endpoint": endpoint or "the exporter's default (localhost)",
        "sampler": environ.get("OTEL_TRACES_SAMPLER", "parentbased_always_on"),
    }
