"""Server configuration from command-line flags and ``CARDRULES_*`` environment variables.

Flags win over the environment, the environment wins over the defaults. Every value is validated here, once,
so the rest of the bootstrap can trust a :class:`Config` without re-checking it.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Literal

from cardrules.version import __version__

ENV_PREFIX = "CARDRULES_"
LOG_LEVELS = ("debug", "info", "warning", "error")
LOG_FORMATS = ("json", "console")
MiB = 1024 * 1024

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
    max_message_bytes: int = 4 * MiB
    max_concurrent_calls: int = 1000
    shutdown_grace_seconds: float = 10.0
    metrics_port: int = 9090
    reuse_port: bool = False

    @property
    def so_reuseport(self) -> bool:
        """Several workers must share the port; a single one only shares it when asked."""
        return self.reuse_port or self.workers > 1

    @property
    def tls(self) -> bool:
        return self.tls_cert is not None

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
    "max_message_bytes": ("--max-message-bytes", _int_in(1), "largest request/response in bytes (default 4 MiB)"),
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
    "metrics_port": ("--metrics-port", _int_in(0, 65535), "Prometheus /metrics port (default 9090; 0 disables)"),
    "reuse_port": ("--reuse-port", _bool, "set SO_REUSEPORT even with one worker (always on with several)"),
}


def env_name(field: str) -> str:
    return ENV_PREFIX + field.upper() if field != "shutdown_grace_seconds" else ENV_PREFIX + "SHUTDOWN_GRACE"


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
