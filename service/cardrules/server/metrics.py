"""Prometheus metrics: calls by method and status code, latency and handler CPU by method, calls in flight and
calls refused by the concurrency limit, served over HTTP.

A call made as a message on a ``Stream`` is counted under the unary method it carries, like a unary call; the
``transport`` label (``unary`` or ``stream``) tells the two apart.

With one worker the process serves its own registry. With several, each worker writes its samples to files in
``PROMETHEUS_MULTIPROC_DIR`` (prometheus-client's multiprocess mode) and the parent serves the aggregate, so a
single scrape of the pod sees every worker.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server
from prometheus_client.gc_collector import GCCollector
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

# Callers' names become label values: the first this many distinct names per process get their own, any later
# one is counted as OTHER_CALLER, so a stream of new client certificates cannot grow the series without end.
MAX_CALLER_LABELS = 100
OTHER_CALLER = "other"

# Rules calls take well under a millisecond to a few milliseconds; the upper buckets catch stalls.
# The transport label's values.
UNARY = "unary"
STREAM = "stream"

LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class RpcMetrics:
    def __init__(self, registry: CollectorRegistry) -> None:
        self.registry = registry
        self.calls = Counter(
            "cardrules_rpc_calls",
            "Completed calls by full unary method name, gRPC status code, caller (the authenticated name, "
            "'anonymous' without auth, 'unauthenticated' for refused calls, 'other' beyond "
            f"{MAX_CALLER_LABELS} names) and transport ('unary' RPCs, 'stream' messages on a Stream).",
            ["method", "code", "caller", "transport"],
            registry=registry,
        )
        self.latency = Histogram(
            "cardrules_rpc_latency_seconds",
            "Server-side handling time of calls by full unary method name and transport (for a stream message: "
            "from reading it to its answer being ready to write).",
            ["method", "transport"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.handler_cpu = Counter(
            "cardrules_rpc_handler_cpu_seconds",
            "CPU time of the serving thread inside rules handlers (request conversion, rules, response building; "
            "not gRPC's own transport work), by full unary method name and transport. Divide by the calls for "
            "CPU per call.",
            ["method", "transport"],
            registry=registry,
        )
        # Saturation, for the dashboards and alerts (deploy/k8s/monitoring): how close a pod is to
        # max_concurrent_calls, and how many calls it refused at that limit.
        self.in_flight = Gauge(
            "cardrules_rpc_in_flight_calls",
            "Calls admitted and not finished yet (unary calls, and stream messages read and not yet answered; "
            "health checks not counted), summed over the pod's workers; compare with CARDRULES_MAX_CONCURRENT_CALLS "
            "per worker.",
            registry=registry,
            multiprocess_mode="livesum",
        )
        self.rejected = Counter(
            "cardrules_rpc_rejected_calls",
            "Calls (unary or stream messages) refused with RESOURCE_EXHAUSTED at admission because "
            "max_concurrent_calls were in flight, by full method name (they are in cardrules_rpc_calls_total too).",
            ["method"],
            registry=registry,
        )
        # The --auth-tokens file as last read, labelled by its path: no series at all without one. Over workers,
        # the fewest callers and the most bad lines any worker has (each worker reloads on its own calls).
        self.token_callers = Gauge(
            "cardrules_auth_token_callers",
            "Callers the --auth-tokens file names as last read (start-up and each reload); 0 means the file is "
            "missing, unreadable or empty and every call but health is refused UNAUTHENTICATED.",
            ["file"],
            registry=registry,
            multiprocess_mode="min",
        )
        self.token_bad_lines = Gauge(
            "cardrules_auth_token_file_bad_lines",
            "Lines of the --auth-tokens file skipped at its last reload because they name no caller (each is "
            "logged with its line number).",
            ["file"],
            registry=registry,
            multiprocess_mode="max",
        )
        self._counters: dict[tuple[str, str, str, str], Counter] = {}
        self._callers: set[str] = set()
        self._histograms: dict[tuple[str, str], Histogram] = {}
        self._cpu: dict[tuple[str, str], Counter] = {}

    def observe(
        self,
        method: str,
        code: str,
        seconds: float,
        cpu_seconds: float = 0.0,
        caller: str = "",
        transport: str = UNARY,
    ) -> None:
        # labels() takes a lock and builds a key on every call; the children are few, so keep them.
        counter = self._counters.get((method, code, caller, transport))
        if counter is None:
            # Keyed by the label, not the name: names past the cap all share the OTHER_CALLER entry.
            key = (method, code, self._caller_label(caller), transport)
            counter = self._counters.get(key)
            if counter is None:
                counter = self._counters[key] = self.calls.labels(
                    method=method, code=code, caller=key[2], transport=transport
                )
        histogram = self._histograms.get((method, transport))
        if histogram is None:
            histogram = self._histograms[method, transport] = self.latency.labels(method=method, transport=transport)
        cpu = self._cpu.get((method, transport))
        if cpu is None:
            cpu = self._cpu[method, transport] = self.handler_cpu.labels(method=method, transport=transport)
        counter.inc()
        histogram.observe(seconds)
        cpu.inc(cpu_seconds)

    def tokens_file_loaded(self, file: str, callers: int, bad_lines: int) -> None:
        self.token_callers.labels(file=file).set(callers)
        self.token_bad_lines.labels(file=file).set(bad_lines)

    def _caller_label(self, caller: str) -> str:
        if caller in self._callers:
            return caller
        if len(self._callers) >= MAX_CALLER_LABELS:
            return OTHER_CALLER
        self._callers.add(caller)
        return caller


def process_registry() -> CollectorRegistry:
    """Registry for a single-process server: our metrics plus the usual process/runtime ones."""
    registry = CollectorRegistry()
    ProcessCollector(registry=registry)
    PlatformCollector(registry=registry)
    GCCollector(registry=registry)
    return registry


def multiprocess_registry(directory: str) -> CollectorRegistry:
    """Registry for the parent of several workers: the sum of what the workers wrote to ``directory``."""
    registry = CollectorRegistry()
    MultiProcessCollector(registry, path=directory)  # type: ignore[no-untyped-call]
    return registry


def in_multiprocess_mode() -> bool:
    return bool(os.environ.get(MULTIPROC_ENV))


@dataclass
class MetricsEndpoint:
    server: WSGIServer
    thread: threading.Thread

    @property
    def port(self) -> int:
        return int(self.server.server_port)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class MetricsEndpointError(OSError):
    """The metrics endpoint cannot start (typically its port is taken): names the metrics address and its flag, so
    it is not mistaken for the gRPC port."""

    def __init__(self, host: str, port: int, cause: OSError) -> None:
        self.address = f"{host}:{port}"
        reason = cause.strerror or str(cause)
        flags = f"--metrics-port {port}, --metrics-host {host}"
        # Typically a second server on one machine: say how to move the endpoint or turn it off.
        hint = "choose another port with --metrics-port N, or turn the endpoint off with --metrics-port 0"
        super().__init__(f"cannot serve metrics on {self.address} ({flags}): {reason}; {hint}")


def serve_metrics(host: str, port: int, registry: CollectorRegistry) -> MetricsEndpoint:
    """Serve ``/metrics`` from a daemon thread (it never blocks the gRPC event loop or shutdown)."""
    try:
        server, thread = start_http_server(port, addr=host, registry=registry)
    except OSError as error:
        raise MetricsEndpointError(host, port, error) from error
    return MetricsEndpoint(server, thread)
