"""Server configuration from command-line flags and ``CARDRULES_*`` environment variables.

Flags win over the environment, the environment wins over the defaults. Every value is validated here, once,
so the rest of the bootstrap can trust a :class:`Config` without re-checking it.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Literal

from cardrules.server.tokens import TokenFile, TokenFileError
from cardrules.version import __version__

ENV_PREFIX = "CARDRULES_"
LOG_LEVELS = ("debug", "info", "warning", "error")
LOG_FORMATS = ("json", "console")
KiB = 1024

LogFormat = Literal["json", "console"]


class ConfigError(ValueError):
    """A flag or environment variable has a value the server cannot run with."""


@dataclass(frozen=True)
class Config:
    host: str = "0.0.0.0"
    port: int = 50051
    workers: int = 1
    tls_cert: Path | None = None
    tls_key: Path | None = None
    log_level: str = "info"
    log_format: LogFormat = "json"
    # The largest request the limits allow is 74,101 bytes (1000 scored hands, every value at its widest); real
    # ones are under 20 KB. Above ~256 KiB a request can only be padding, which still costs the parser memory.
    max_message_bytes: int = 256 * KiB
    max_concurrent_calls: int = 1000
    shutdown_grace_seconds: float = 10.0
    metrics_port: int = 9464  # Prometheus' exporter port for OpenTelemetry; 9090 is Prometheus' own
    health_port: int = 0
    # Loopback: metrics tell call volumes and callers' names; expose them to the scraper on purpose (0.0.0.0 plus
    # a network policy in Kubernetes), never by accident.
    metrics_host: str = "127.0.0.1"
    reuse_port: bool = False
    reflection: bool = True
    auth_tokens: Path | None = None
    tls_client_ca: Path | None = None
    # Connections (0 seconds turns a timer off); the reason for each default is in its flag's help below.
    max_connection_idle_seconds: float = 300.0
    max_connection_age_seconds: float = 300.0
    max_connection_age_grace_seconds: float = 30.0
    keepalive_seconds: float = 60.0
    keepalive_timeout_seconds: float = 20.0
    min_client_ping_seconds: float = 10.0
    max_concurrent_streams: int = 100
    max_connections: int = 2000
    # Messages of one multiplexed Stream read and not yet answered (docs/streams.md).
    max_stream_in_flight: int = 100
    # Streams open at once per worker: each may hold about 1.5 MiB (docs/limits.md, "Memory").
    max_open_streams: int = 100
    # A connection must finish its TLS and HTTP/2 handshake within this long (silent sockets cannot hold slots).
    handshake_timeout_seconds: float = 5.0
    # Large calls are computed on a thread of their own, so the event loop keeps serving others (server/work.py).
    handler_thread: bool = True
    # OpenTelemetry spans of every call, exported by OTLP as the OTEL_* environment says (server/tracing.py).
    tracing: bool = False

    @property
    def so_reuseport(self) -> bool:
        """Several workers must share the port; a single one only shares it when asked."""
        return self.reuse_port or self.workers > 1

    @property
    def tls(self) -> bool:
        return self.tls_cert is not None

    @property
    def auth(self) -> bool:
        """Whether callers must authenticate (a bearer token, a client certificate, or both)."""
        return self.auth_tokens is not None or self.tls_client_ca is not None

    @property
    def address(self) -> str:
        # IPv6 literals need brackets in a gRPC address.
        host = f"[{self.host}]" if ":" in self.host and not self.host.startswith("[") else self.host
        return f"{host}:{self.port}"


def cpu_count() -> int:
    """CPUs this process may run on (respects container cpusets, unlike os.cpu_count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# --- value parsers: each raises ValueError with a message meant for the operator -------------------------------


def _int_in(low: int, high: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise ValueError(f"expected an integer, got {text!r}") from None
        if value < low or (high is not None and value > high):
            bound = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise ValueError(f"must be {bound}, got {value}")
        return value

    return parse


def _workers(text: str) -> int:
    if text.strip().lower() == "auto":
        return cpu_count()
    value = _int_in(0)(text)
    return cpu_count() if value == 0 else value


def _seconds(text: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        raise ValueError(f"expected a number of seconds, got {text!r}") from None
    if not value >= 0 or value == float("inf"):  # also rejects NaN
        raise ValueError(f"must be a finite number of seconds >= 0, got {text!r}")
    return value


def _choice(options: Sequence[str]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        value = text.strip().lower()
        if value not in options:
            raise ValueError(f"must be one of {', '.join(options)}, got {text!r}")
        return value

    return parse


def _bool(text: str) -> bool:
    value = text.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off", ""):
        return False
    raise ValueError(f"expected true/false, got {text!r}")


def _file(text: str) -> Path | None:
    if not text.strip():
        return None
    path = Path(text.strip())
    if not path.is_file():
        raise ValueError(f"no such file: {text}")
    return path


def _host(text: str) -> str:
    value = text.strip()
    if not value:
        raise ValueError("must not be empty")
    return value


# field name -> (flag, parser, help)
_OPTIONS: dict[str, tuple[str, Callable[[str], Any], str]] = {
    "host": ("--host", _host, "address to bind (default 0.0.0.0)"),
    "port": ("--port", _int_in(0, 65535), "gRPC port (default 50051; 0 = any free port, single worker only)"),
    "workers": ("--workers", _workers, "worker processes sharing the port (default 1; 0 or 'auto' = CPU count)"),
    "tls_cert": ("--tls-cert", _file, "PEM certificate chain file; enables TLS (needs --tls-key)"),
    "tls_key": ("--tls-key", _file, "PEM private key file (needs --tls-cert)"),
    "log_level": ("--log-level", _choice(LOG_LEVELS), "debug|info|warning|error (default info)"),
    "log_format": ("--log-format", _choice(LOG_FORMATS), "json|console (default json)"),
    "max_message_bytes": (
        "--max-message-bytes",
        _int_in(1),
        "largest request in bytes (default 262144 = 256 KiB; requests above it are refused unread)",
    ),
    "max_concurrent_calls": (
        "--max-concurrent-calls",
        _int_in(1),
        "calls in flight per worker before RESOURCE_EXHAUSTED (default 1000)",
    ),
    "shutdown_grace_seconds": (
        "--shutdown-grace",
        _seconds,
        "seconds in-flight calls get to finish on SIGTERM (default 10)",
    ),
    "metrics_port": ("--metrics-port", _int_in(0, 65535), "Prometheus /metrics port (default 9464; 0 disables)"),
    "health_port": (
        "--health-port",
        _int_in(0, 65535),
        "plaintext grpc.health.v1 port answered from threads of its own, for probes and Envoy's health checks: "
        "they pass while the worker is busy and when the main port speaks TLS (default 0 = off)",
    ),
    "metrics_host": (
        "--metrics-host",
        _host,
        "address the metrics endpoint binds (default 127.0.0.1; 0.0.0.0 to let a scraper in, behind a network policy)",
    ),
    "reuse_port": ("--reuse-port", _bool, "set SO_REUSEPORT even with one worker (always on with several)"),
    "reflection": ("--reflection", _bool, "serve gRPC reflection (default true; needs credentials when auth is on)"),
    "auth_tokens": (
        "--auth-tokens",
        _file,
        "file of callers' token hashes, one 'NAME sha256:HEX' per line; every call but health then needs "
        "'authorization: Bearer TOKEN' (default: no tokens)",
    ),
    "tls_client_ca": (
        "--tls-client-ca",
        _file,
        "PEM CA bundle: clients must present a certificate it signed (mutual TLS; needs --tls-cert)",
    ),
    "max_connection_idle_seconds": (
        "--max-connection-idle",
        _seconds,
        "close a connection after this many seconds without calls (default 300: forgotten connections cannot "
        "pile up; 0 = never)",
    ),
    "max_connection_age_seconds": (
        "--max-connection-age",
        _seconds,
        "ask clients to reconnect after this many seconds, ±10%% (default 300: clients spread over new "
        "replicas after a scale-up; 0 = never)",
    ),
    "max_connection_age_grace_seconds": (
        "--max-connection-age-grace",
        _seconds,
        "seconds calls in flight get to finish on a connection past its age (default 30)",
    ),
    "keepalive_seconds": (
        "--keepalive",
        _seconds,
        "ping a connection quiet for this many seconds (default 60: finds vanished clients; 0 = never)",
    ),
    "keepalive_timeout_seconds": (
        "--keepalive-timeout",
        _seconds,
        "drop a connection whose ping is not answered within this many seconds (default 20)",
    ),
    "min_client_ping_seconds": (
        "--min-client-ping-interval",
        _seconds,
        "shortest interval between a client's keepalive pings; faster pingers are sent away (default 10)",
    ),
    "max_concurrent_streams": (
        "--max-concurrent-streams",
        _int_in(1),
        "calls at once on one connection; more wait in the client (default 100)",
    ),
    "max_connections": (
        "--max-connections",
        _int_in(1),
        "open connections per worker; further ones are refused (default 2000)",
    ),
    "max_stream_in_flight": (
        "--max-stream-in-flight",
        _int_in(1),
        "messages of one Stream read and not yet answered; past it the stream stops reading and flow control "
        "holds the client back (default 100)",
    ),
    "max_open_streams": (
        "--max-open-streams",
        _int_in(1),
        "Stream calls open at once per worker; further ones end at once with RESOURCE_EXHAUSTED (default 100: "
        "each may hold about 1.5 MiB, see docs/limits.md)",
    ),
    "handshake_timeout_seconds": (
        "--handshake-timeout",
        _seconds,
        "close a connection that has not completed its TLS and HTTP/2 handshake within this many seconds "
        "(default 5: silent or trickling sockets cannot hold --max-connections; 0 = gRPC's own 120)",
    ),
    "handler_thread": (
        "--handler-thread",
        _bool,
        "compute calls and Stream messages over 1 KiB on a thread of their own, so health checks and cheap calls "
        "are not held up behind costly ones (default true; false = everything on the event loop)",
    ),
    "tracing": (
        "--tracing",
        _bool,
        "OpenTelemetry spans of every call and Stream message, exported by OTLP to OTEL_EXPORTER_OTLP_ENDPOINT and "
        "sampled by OTEL_TRACES_SAMPLER (default false: nothing of OpenTelemetry is loaded; needs the 'tracing' extra)",
    ),
}


def env_name(field: str) -> str:
    """``CARDRULES_`` + the flag's name: ``--max-connection-idle`` → ``CARDRULES_MAX_CONNECTION_IDLE``."""
    flag = _OPTIONS[field][0]
    return ENV_PREFIX + flag.removeprefix("--").replace("-", "_").upper()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardrules-server",
        description="Run the cardrules gRPC rules service. Every flag can also be set through the environment "
        "variable shown; flags win.",
    )
    parser.add_argument("--version", action="version", version=f"cardrules {__version__}")
    for field, (flag, _parse, help_text) in _OPTIONS.items():
        # Values stay strings here (default None = "not given") so flags and environment share one validator.
        # A bare switch (``--reuse-port``) means true; ``--reuse-port false`` is accepted too.
        switch: dict[str, Any] = {"nargs": "?", "const": "true"} if _parse is _bool else {}
        parser.add_argument(
            flag, dest=field, default=None, metavar="VALUE", help=f"{help_text} [{env_name(field)}]", **switch
        )
    return parser


def parse_config(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> Config:
    """Build a Config from flags (``argv``, default ``sys.argv[1:]``) and ``environ`` (default ``os.environ``).

    Raises ConfigError for bad values; unknown flags and ``--version``/``--help`` exit through argparse.
    """
    environ = os.environ if environ is None else environ
    flags = vars(build_parser().parse_args(argv))
    values: dict[str, Any] = {}
    for field in fields(Config):
        flag, parse, _help = _OPTIONS[field.name]
        raw: str | None = flags.get(field.name)
        source = flag
        if raw is None and env_name(field.name) in environ:
            raw, source = environ[env_name(field.name)], env_name(field.name)
        if raw is None:
            continue
        try:
            values[field.name] = parse(raw)
        except ValueError as error:
            raise ConfigError(f"{source}: {error}") from None
    config = Config(**values)
    _check_combinations(config)
    return config


def _check_combinations(config: Config) -> None:
    if (config.tls_cert is None) != (config.tls_key is None):
        raise ConfigError("--tls-cert and --tls-key must be given together (or neither)")
    if config.port == 0 and config.workers > 1:
        raise ConfigError("--port 0 cannot be shared by several workers; choose a port")
    if config.metrics_port != 0 and config.metrics_port == config.port:
        raise ConfigError(f"--metrics-port must differ from --port (both {config.port})")
    if config.health_port != 0 and config.health_port in (config.port, config.metrics_port):
        raise ConfigError(f"--health-port {config.health_port} is already the gRPC or the metrics port")
    if config.tls_client_ca is not None and config.tls_cert is None:
        raise ConfigError("--tls-client-ca needs --tls-cert and --tls-key: mutual TLS is TLS first")
    if config.auth_tokens is not None:
        try:
            TokenFile.load(config.auth_tokens).checked()
        except TokenFileError as error:
            raise ConfigError(f"--auth-tokens: {error}") from None
    # Looked for only when asked: with tracing off nothing of OpenTelemetry is imported.
    if config.tracing and importlib.util.find_spec("opentelemetry.sdk") is None:
        raise ConfigError("--tracing needs OpenTelemetry: pip install 'cardrules[tracing]'")
    if config.keepalive_seconds and config.keepalive_timeout_seconds <= 0:
        raise ConfigError("--keepalive-timeout must be above 0 while --keepalive is on")
