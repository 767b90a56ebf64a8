"""Configuration parsing: defaults, environment, flags winning over it, and clear errors for bad values."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.server.__main__ import main
from cardrules.server.config import Config, ConfigError, cpu_count, parse_config
from cardrules.version import __version__

TLS_DIR = Path(__file__).parent / "tls"
CERT, KEY = str(TLS_DIR / "server.crt"), str(TLS_DIR / "server.key")
TOKENS = str(TLS_DIR / "example.tokens")


def test_defaults() -> None:
    config = parse_config([], {})
    assert config == Config()
    assert (config.host, config.port, config.workers) == ("0.0.0.0", 50051, 1)
    assert (config.tls_cert, config.tls_key, config.tls) == (None, None, False)
    assert (config.log_level, config.log_format) == ("info", "json")
    assert config.max_message_bytes == 256 * 1024
    assert config.max_concurrent_calls == 1000
    assert config.shutdown_grace_seconds == 10.0
    assert config.metrics_port == 9464
    assert config.metrics_host == "127.0.0.1"
    assert config.so_reuseport is False
    assert (config.reflection, config.auth_tokens, config.tls_client_ca, config.auth) == (True, None, None, False)
    assert (config.max_connection_idle_seconds, config.max_connection_age_seconds) == (300.0, 300.0)
    assert config.max_connection_age_grace_seconds == 30.0
    assert (config.keepalive_seconds, config.keepalive_timeout_seconds, config.min_client_ping_seconds) == (60, 20, 10)
    assert (config.max_concurrent_streams, config.max_connections) == (100, 2000)


def test_environment_sets_every_field() -> None:
    env = {
        "CARDRULES_HOST": "127.0.0.1",
        "CARDRULES_PORT": "6000",
        "CARDRULES_WORKERS": "3",
        "CARDRULES_TLS_CERT": CERT,
        "CARDRULES_TLS_KEY": KEY,
        "CARDRULES_LOG_LEVEL": "DEBUG",
        "CARDRULES_LOG_FORMAT": "console",
        "CARDRULES_MAX_MESSAGE_BYTES": "1024",
        "CARDRULES_MAX_CONCURRENT_CALLS": "7",
        "CARDRULES_SHUTDOWN_GRACE": "2.5",
        "CARDRULES_METRICS_PORT": "0",
        "CARDRULES_REUSE_PORT": "true",
        "CARDRULES_METRICS_HOST": "0.0.0.0",
        "CARDRULES_REFLECTION": "off",
        "CARDRULES_AUTH_TOKENS": TOKENS,
        "CARDRULES_TLS_CLIENT_CA": CERT,
        "CARDRULES_MAX_CONNECTION_IDLE": "60",
        "CARDRULES_MAX_CONNECTION_AGE": "0",
        "CARDRULES_MAX_CONNECTION_AGE_GRACE": "5",
        "CARDRULES_KEEPALIVE": "30",
        "CARDRULES_KEEPALIVE_TIMEOUT": "10",
        "CARDRULES_MIN_CLIENT_PING_INTERVAL": "20",
        "CARDRULES_MAX_CONCURRENT_STREAMS": "8",
        "CARDRULES_MAX_CONNECTIONS": "50",
    }
    config = parse_config([], env)
    assert config == Config(
        host="127.0.0.1",
        port=6000,
        workers=3,
        tls_cert=Path(CERT),
        tls_key=Path(KEY),
        log_level="debug",
        log_format="console",
        max_message_bytes=1024,
        max_concurrent_calls=7,
        shutdown_grace_seconds=2.5,
        metrics_port=0,
        reuse_port=True,
        metrics_host="0.0.0.0",
        reflection=False,
        auth_tokens=Path(TOKENS),
        tls_client_ca=Path(CERT),
        max_connection_idle_seconds=60,
        max_connection_age_seconds=0,
        max_connection_age_grace_seconds=5,
        keepalive_seconds=30,
        keepalive_timeout_seconds=10,
        min_client_ping_seconds=20,
        max_concurrent_streams=8,
        max_connections=50,
    )
    assert config.tls and config.auth


def test_flags_win_over_environment() -> None:
    env = {"CARDRULES_PORT": "6000", "CARDRULES_LOG_LEVEL": "error", "CARDRULES_WORKERS": "not-a-number"}
    config = parse_config(["--port", "7000", "--log-level=warning", "--workers", "2"], env)
    assert (config.port, config.log_level, config.workers) == (7000, "warning", 2)


@pytest.mark.parametrize("value", ["0", "auto", "AUTO"])
def test_workers_auto_means_cpu_count(value: str) -> None:
    assert parse_config(["--workers", value], {}).workers == cpu_count()


def test_reuse_port_on_with_several_workers_or_when_asked() -> None:
    assert parse_config(["--workers", "2"], {}).so_reuseport
    assert parse_config(["--reuse-port", "1"], {}).so_reuseport
    assert parse_config(["--reuse-port"], {}).so_reuseport
    assert not parse_config(["--reuse-port", "no"], {}).so_reuseport


def test_ipv6_host_is_bracketed_in_the_address() -> None:
    assert parse_config(["--host", "::", "--port", "1234"], {}).address == "[::]:1234"


@pytest.mark.parametrize(
    ("argv", "env", "mentions"),
    [
        (["--port", "http"], {}, "--port"),
        (["--port", "70000"], {}, "--port"),
        ([], {"CARDRULES_PORT": "-1"}, "CARDRULES_PORT"),
        (["--workers", "-2"], {}, "--workers"),
        (["--workers", "many"], {}, "--workers"),
        (["--log-level", "loud"], {}, "--log-level"),
        ([], {"CARDRULES_LOG_FORMAT": "xml"}, "CARDRULES_LOG_FORMAT"),
        (["--max-message-bytes", "0"], {}, "--max-message-bytes"),
        (["--max-concurrent-calls", "0"], {}, "--max-concurrent-calls"),
        (["--shutdown-grace", "-1"], {}, "--shutdown-grace"),
        (["--shutdown-grace", "nan"], {}, "--shutdown-grace"),
        ([], {"CARDRULES_REUSE_PORT": "maybe"}, "CARDRULES_REUSE_PORT"),
        (["--tls-cert", "/nonexistent/cert.pem", "--tls-key", KEY], {}, "--tls-cert"),
        (["--tls-cert", CERT], {}, "--tls-key"),
        ([], {"CARDRULES_TLS_KEY": KEY}, "--tls-cert"),
        (["--workers", "2", "--port", "0"], {}, "--port 0"),
        (["--port", "9000", "--metrics-port", "9000"], {}, "--metrics-port"),
        (["--host", " "], {}, "--host"),
        (["--metrics-host", ""], {}, "--metrics-host"),
        (["--reflection", "sometimes"], {}, "--reflection"),
        (["--auth-tokens", "/nonexistent/tokens"], {}, "--auth-tokens"),
        (["--auth-tokens", CERT], {}, "--auth-tokens: .*server.crt:1: expected 'NAME sha256"),
        (["--tls-client-ca", CERT], {}, "--tls-client-ca needs --tls-cert"),
        (["--max-connection-idle", "-1"], {}, "--max-connection-idle"),
        (["--max-connection-age", "soon"], {}, "--max-connection-age"),
        (["--keepalive-timeout", "0"], {}, "--keepalive-timeout"),
        (["--max-concurrent-streams", "0"], {}, "--max-concurrent-streams"),
        ([], {"CARDRULES_MAX_CONNECTIONS": "0"}, "CARDRULES_MAX_CONNECTIONS"),
    ],
)
def test_bad_values_are_rejected_naming_the_setting(argv: list[str], env: dict[str, str], mentions: str) -> None:
    with pytest.raises(ConfigError, match=mentions):
        parse_config(argv, env)


def test_main_reports_bad_value_with_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--max-message-bytes", "lots"]) == 2
    err = capsys.readouterr().err
    assert "--max-message-bytes" in err and "lots" in err


def test_unknown_flag_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--no-such-flag"])
    assert exit_info.value.code == 2


def test_version_prints_and_exits_without_starting(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"cardrules {__version__}"


def test_version_from_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules.server", "--version"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert result.stdout.strip() == f"cardrules {__version__}"


def test_bad_environment_from_the_command_line_exits_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules.server"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"CARDRULES_WORKERS": "lots", "PATH": ""},
    )
    assert result.returncode == 2
    assert "CARDRULES_WORKERS" in result.stderr
