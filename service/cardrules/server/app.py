"""Build and run one grpc.aio server: services, health, reflection, limits, TLS and graceful shutdown."""

from __future__ import annotations

import asyncio
import functools
import gc
import importlib
import os
import signal
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import grpc
from prometheus_client import CollectorRegistry

from cardrules.server.auth import Authenticator
from cardrules.server.binding import BindingsFactory, ServiceBinding
from cardrules.server.config import Config
from cardrules.server.health import HEALTH_SERVICE_NAME, HealthServicer, add_health, serve_health_port
from cardrules.server.interceptors import ServerInterceptor
from cardrules.server.logging import get_logger
from cardrules.server.metrics import (
    MetricsEndpoint,
    MetricsEndpointError,
    RpcMetrics,
    in_multiprocess_mode,
    process_registry,
    serve_metrics,
)
from cardrules.server.reflection import add_reflection
from cardrules.server.streams import Streams
from cardrules.server.tokens import TokenFileError, TokenSource
from cardrules.server.work import HandlerThread
from cardrules.version import __version__

if TYPE_CHECKING:  # imported only when tracing is on: with it off nothing of OpenTelemetry is loaded
    from cardrules.server.tracing import Tracing

log = get_logger()


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


MAX_RESPONSE_BYTES = 4 * 1024 * 1024
# The HTTP/2 window grpc grants each call: what a client may send that the server has not asked for yet.
RECEIVE_WINDOW_BYTES = 64 * 1024

# grpc's way of saying "never" for its connection timers.
_NEVER_MS = 2**31 - 1
# grpc's own default, kept: see server_options.
MAX_UNREQUESTED_SECONDS = 30


def server_options(config: Config) -> list[tuple[str, int]]:
    return [
        # Always explicit: grpc's default for this option has changed between releases, and a single worker that
        # silently shares its port with a stale process would split traffic without anyone noticing.
        ("grpc.so_reuseport", 1 if config.so_reuseport else 0),
        ("grpc.max_receive_message_length", config.max_message_bytes),
        # Answers are bounded by the request limits (the largest, 1000 scored hands or every card set of a
        # 10-card hand, is well under 100 KB); this only guards against a bug, never a caller.
        ("grpc.max_send_message_length", MAX_RESPONSE_BYTES),
        # Connections (the reasons for the defaults are in config.py's flag help and the README).
        ("grpc.max_connection_idle_ms", _ms(config.max_connection_idle_seconds) or _NEVER_MS),
        ("grpc.max_connection_age_ms", _ms(config.max_connection_age_seconds) or _NEVER_MS),
        ("grpc.max_connection_age_grace_ms", _ms(config.max_connection_age_grace_seconds)),
        ("grpc.keepalive_time_ms", _ms(config.keepalive_seconds) or _NEVER_MS),
        ("grpc.keepalive_timeout_ms", _ms(config.keepalive_timeout_seconds)),
        # Clients may keep a quiet connection alive with pings, but not more often than this; the third ping too
        # soon (two strikes) ends the connection with GOAWAY too_many_pings.
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.min_ping_interval_without_data_ms", _ms(config.min_client_ping_seconds)),
        ("grpc.http2.max_ping_strikes", 2),
        ("grpc.max_concurrent_streams", config.max_concurrent_streams),
        ("grpc.max_allowed_incoming_connections", config.max_connections),
        # Memory a client can make a call hold before the server reads it: a fixed window per call (plus the rest of
        # a message the server is reading, up to --max-message-bytes). With grpc's bandwidth probing on, the window
        # of every call grows to at least 4 MiB, so 100 streams that write and never read held 400 MiB.
        ("grpc.http2.bdp_probe", 0),
        ("grpc.http2.lookahead_bytes", RECEIVE_WINDOW_BYTES),
        # A socket that never completes its handshake (TLS, then the client's HTTP/2 SETTINGS) is closed after
        # this, so silent or byte-a-second connections cannot keep --max-connections full.
        *_optional("grpc.server_handshake_timeout_ms", _ms(config.handshake_timeout_seconds)),
        # A call grpc has received but the server has not yet taken is cancelled by grpc after this long, before
        # the server ever sees it (so it is in no log or metric): explicit here because it is the one queue time
        # limit the server cannot observe. A responsive event loop (server/work.py) takes calls within
        # milliseconds, so only a stalled worker reaches it.
        ("grpc.server_max_unrequested_time_in_server", MAX_UNREQUESTED_SECONDS),
    ]


def _optional(option: str, value: int) -> list[tuple[str, int]]:
    return [(option, value)] if value else []


@dataclass
class RunningServer:
    server: grpc.aio.Server
    health: HealthServicer
    port: int
    services: list[str]
    health_server: grpc.Server | None = None  # the plaintext health port's, when one is configured
    health_port: int = 0
    streams: Streams | None = None
    handler_thread: HandlerThread | None = None
    tracing: Tracing | None = None

    async def stop(self, grace: float) -> None:
        """Report NOT_SERVING everywhere, stop accepting calls, let in-flight ones finish within ``grace``.

        Open streams answer the messages they have read, then end UNAVAILABLE (their clients reconnect to
        another replica); the connections stay open a moment longer, so those ends reach clients still sending,
        and calls are still served meanwhile. Then the server stops: gRPC sends GOAWAY (new calls go to other
        replicas), and the streams opened in that moment end the same way. The health port answers until the
        calls have drained: readiness NOT_SERVING, liveness SERVING."""
        self.health.enter_graceful_shutdown()
        if self.streams is None:
            await self.server.stop(grace)
        else:
            started = time.monotonic()
            await self.streams.drain(within=grace)
            stopping = asyncio.create_task(self.server.stop(max(0.0, grace - (time.monotonic() - started))))
            # One turn of the loop: the stop task's first step starts gRPC's shutdown (GOAWAY), so the clients of
            # the streams ended next open their new ones elsewhere, not again on this replica.
            await asyncio.sleep(0)
            self.streams.close()
            await stopping
        if self.health_server is not None:
            self.health_server.stop(None)
        if self.handler_thread is not None:
            self.handler_thread.close()
        if self.tracing is not None:
            self.tracing.shutdown()  # exports the spans still buffered


def _bind(server: grpc.aio.Server, config: Config) -> int:
    if config.tls_cert is not None and config.tls_key is not None:
        client_ca = config.tls_client_ca.read_bytes() if config.tls_client_ca is not None else None
        credentials = grpc.ssl_server_credentials(
            [(config.tls_key.read_bytes(), config.tls_cert.read_bytes())],
            root_certificates=client_ca,
            # With a client CA, a client without a certificate it signed never completes the handshake.
            require_client_auth=client_ca is not None,
        )
        port: int = server.add_secure_port(config.address, credentials)
    else:
        port = server.add_insecure_port(config.address)
    return port


async def start_server(
    config: Config,
    bindings: Sequence[ServiceBinding],
    metrics: RpcMetrics | None = None,
    tracing: Tracing | None = None,
) -> RunningServer:
    """Create, bind and start a server hosting ``bindings``; health turns SERVING once it accepts calls.

    With ``config.tracing`` the calls' spans go to ``tracing``, by default an OTLP exporter configured by the
    ``OTEL_*`` environment; the server shuts it down when it stops."""
    names = [binding.name for binding in bindings]
    if len(set(names)) != len(names):
        raise ValueError(f"duplicate service names in bindings: {names}")
    tokens = None
    if config.auth_tokens is not None:
        path = config.auth_tokens
        on_load = None if metrics is None else functools.partial(metrics.tokens_file_loaded, str(path))
        tokens = TokenSource(path, on_load=on_load)
    authenticator = Authenticator(tokens, mutual_tls=config.tls_client_ca is not None)
    handler_thread = HandlerThread() if config.handler_thread else None
    if config.tracing and tracing is None:
        tracing = importlib.import_module("cardrules.server.tracing").Tracing.from_environment()
    elif not config.tracing:
        tracing = None
    interceptor = ServerInterceptor(
        metrics,
        authenticator,
        config.max_concurrent_calls,
        carried_calls={method: name for b in bindings for method, name in b.carried_calls.items()},
        streams={method: calls for b in bindings for method, calls in b.streams.items()},
        max_stream_in_flight=config.max_stream_in_flight,
        handler_thread=handler_thread,
        max_open_streams=config.max_open_streams,
        tracing=tracing,
    )
    server = grpc.aio.server(
        # The interceptor, not grpc, enforces max_concurrent_calls: grpc's own limit answers before any
        # interceptor, so its refusals would be missing from the logs and the metrics.
        interceptors=[interceptor],
        options=server_options(config),
    )
    for binding in bindings:
        binding.register(server)
    # Everything built so far (the services' tables, the modules) lives as long as the process: keep it out of the
    # collector's full passes. A full pass walks all of it and holds the event loop whenever requests allocate much
    # (thousands of field violations), so health checks waited behind it.
    gc.collect()
    gc.freeze()
    health = add_health(server, names)
    if config.reflection:
        add_reflection(server, [*(binding.name for binding in bindings if binding.listed), HEALTH_SERVICE_NAME])
    port = _bind(server, config)
    health_server, health_port = None, 0
    if config.health_port:
        health_address = replace(config, port=config.health_port).address
        health_server, health_port = serve_health_port(health_address, health, reuse_port=config.so_reuseport)
    try:
        await server.start()
    except BaseException:
        if health_server is not None:
            health_server.stop(None)
        raise
    health.set_all_serving()
    return RunningServer(
        server, health, port, names, health_server, health_port, interceptor.streams, handler_thread, tracing
    )


async def _stop_when_orphaned(parent_pid: int, stop: asyncio.Event, received: list[str]) -> None:
    while os.getppid() == parent_pid:
        await asyncio.sleep(0.5)
    received.append("parent exited")
    stop.set()


async def serve(
    config: Config,
    bindings: Sequence[ServiceBinding],
    metrics: RpcMetrics | None = None,
    stop: asyncio.Event | None = None,
    parent_pid: int | None = None,
) -> None:
    """Run until SIGTERM/SIGINT (or ``stop`` is set), then shut down gracefully within the grace period.

    With ``parent_pid`` (workers) the server also shuts down if that process disappears, so a killed parent
    never leaves orphaned workers holding the port.
    """
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    reasons: list[str] = []

    def on_signal(sig: signal.Signals) -> None:
        reasons.append(sig.name)
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal, sig)

    running = await start_server(config, bindings, metrics)
    heartbeat = asyncio.create_task(running.health.keep_beating())
    log.info(
        "server started",
        version=__version__,
        address=replace(config, port=running.port).address,
        port=running.port,
        tls=config.tls,
        services=running.services,
        so_reuseport=config.so_reuseport,
        max_message_bytes=config.max_message_bytes,
        max_concurrent_calls=config.max_concurrent_calls,
        max_stream_in_flight=config.max_stream_in_flight,
        max_open_streams=config.max_open_streams,
        handler_thread=config.handler_thread,
        handshake_timeout_seconds=config.handshake_timeout_seconds,
        auth_tokens=config.auth_tokens is not None,
        mutual_tls=config.tls_client_ca is not None,
        reflection=config.reflection,
        health_port=running.health_port or None,
        tracing=running.tracing.settings if running.tracing is not None else False,
    )
    watcher = asyncio.create_task(_stop_when_orphaned(parent_pid, stop, reasons)) if parent_pid else None
    await stop.wait()
    if watcher is not None:
        watcher.cancel()

    # Further signals change nothing: with workers, one Ctrl-C reaches a worker twice (from the terminal and
    # forwarded by the parent), so a repeat must not be read as "skip the grace period".
    log.info(
        "shutdown started", reason=reasons[0] if reasons else "requested", grace_seconds=config.shutdown_grace_seconds
    )
    started = time.monotonic()
    await running.stop(config.shutdown_grace_seconds)
    heartbeat.cancel()
    log.info("server stopped", drain_seconds=round(time.monotonic() - started, 3))
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.remove_signal_handler(sig)


def default_bindings() -> list[ServiceBinding]:
    """The rules API's services: every registered game and the JSON gateway. Imported when no other bindings are
    given, so that the bootstrap can host any services (tests host fake ones) without loading the rules."""
    registry = importlib.import_module("cardrules.api.registry")
    bindings: list[ServiceBinding] = registry.bindings()
    return bindings


def load_bindings(factory: BindingsFactory | None) -> list[ServiceBinding]:
    return list((factory or default_bindings)())


def run(
    config: Config,
    bindings_factory: BindingsFactory | None = None,
    *,
    own_metrics_endpoint: bool = True,
    parent_pid: int | None = None,
) -> int:
    """Run one server process until it is told to stop; returns the process exit code.

    Logging must already be configured. ``own_metrics_endpoint=False`` is for workers, whose parent serves the
    aggregated metrics; ``parent_pid`` makes a worker stop if its parent dies.
    """
    try:
        bindings = load_bindings(bindings_factory)
    except ImportError as error:
        log.error("cannot load the services to host", error=str(error))
        return 1
    registry = CollectorRegistry() if in_multiprocess_mode() else process_registry()
    metrics = RpcMetrics(registry)
    endpoint: MetricsEndpoint | None = None
    try:
        if own_metrics_endpoint and config.metrics_port:
            endpoint = serve_metrics(config.metrics_host, config.metrics_port, registry)
            log.info("metrics endpoint started", host=config.metrics_host, port=endpoint.port)
        asyncio.run(serve(config, bindings, metrics, parent_pid=parent_pid))
    except TokenFileError as error:
        log.error("server failed", error=str(error))
        return 1
    except MetricsEndpointError as error:
        log.error("server failed", error=str(error), metrics_address=error.address)
        return 1
    except (OSError, RuntimeError) as error:
        # Typically the port is taken (grpc reports a failed bind as RuntimeError).
        log.error("server failed", error=str(error), address=config.address)
        return 1
    finally:
        if endpoint is not None:
            endpoint.close()
    return 0
