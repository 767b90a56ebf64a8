"""An OTLP/gRPC trace collector in the test process, for servers run with ``--tracing`` (their real exporter)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from typing import Any

import grpc
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

from tests.support.server_process import free_port

WAIT_SECONDS = 30.0


class Collector(trace_service_pb2_grpc.TraceServiceServicer):
    """Keeps every span it is sent."""

    def __init__(self) -> None:
        self.port = 0
        self._spans: list[Any] = []
        self.services: set[str] = set()  # the service.name of every resource sent
        self._lock = threading.Lock()

    def Export(
        self, request: trace_service_pb2.ExportTraceServiceRequest, context: grpc.ServicerContext
    ) -> trace_service_pb2.ExportTraceServiceResponse:
        with self._lock:
            for resource in request.resource_spans:
                names = [a.value.string_value for a in resource.resource.attributes if a.key == "service.name"]
                self.services.update(names)
                self._spans += [span for scope in resource.scope_spans for span in scope.spans]
        return trace_service_pb2.ExportTraceServiceResponse()

    def spans(self, count: int = 1) -> list[Any]:
        """The spans received, once there are ``count`` (or after WAIT_SECONDS: the caller's assertion fails)."""
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            with self._lock:
                if len(self._spans) >= count:
                    return list(self._spans)
            time.sleep(0.05)
        with self._lock:
            return list(self._spans)

    def server_env(self) -> dict[str, str]:
        """A server's environment: tracing on, exported here within 50 ms of a span's end."""
        return {
            "CARDRULES_TRACING": "true",
            "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{self.port}",
            "OTEL_BSP_SCHEDULE_DELAY": "50",
        }


@contextlib.contextmanager
def collector() -> Iterator[Collector]:
    servicer = Collector()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(servicer, server)  # type: ignore[no-untyped-call]
    servicer.port = server.add_insecure_port(f"127.0.0.1:{free_port()}")
    server.start()
    try:
        yield servicer
    finally:
        server.stop(None)
