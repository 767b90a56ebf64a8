"""Start-up failures end the process with exit code 1 and a log line saying why."""

from __future__ import annotations

from tests.support.server_process import FAKE_ENTRY, running_server

TIMEOUT = 30.0


def test_grpc_port_in_use() -> None:
    with (
        running_server(entry=FAKE_ENTRY) as first,
        running_server(["--port", str(first.port)], entry=FAKE_ENTRY, wait=False) as second,
    ):
        assert second.process.wait(timeout=TIMEOUT) == 1
        failure = next(r for r in second.logs() if r["event"] == "server failed")
        assert failure["address"] == f"127.0.0.1:{first.port}"


def test_metrics_port_in_use_with_workers() -> None:
    with (
        running_server(entry=FAKE_ENTRY) as first,
        running_server(
            ["--workers", "2", "--metrics-port", str(first.metrics_port)], entry=FAKE_ENTRY, wait=False
        ) as second,
    ):
        assert second.process.wait(timeout=TIMEOUT) == 1
        failure = next(r for r in second.logs() if r["event"] == "cannot start workers")
        assert failure["metrics_address"] == f"127.0.0.1:{first.metrics_port}"
        assert f"--metrics-port {first.metrics_port}" in failure["error"]


def test_metrics_port_in_use_names_the_metrics_port_not_the_grpc_address() -> None:
    with (
        running_server(entry=FAKE_ENTRY) as first,
        running_server(["--metrics-port", str(first.metrics_port)], entry=FAKE_ENTRY, wait=False) as second,
    ):
        assert second.process.wait(timeout=TIMEOUT) == 1
        failure = next(r for r in second.logs() if r["event"] == "server failed")
        assert failure["metrics_address"] == f"127.0.0.1:{first.metrics_port}"
        assert f"--metrics-port {first.metrics_port}" in failure["error"]
        assert "--metrics-port 0" in failure["error"], "it says how to turn the endpoint off"
        assert "address" not in failure  # the gRPC address was free: naming it would send the reader astray
