"""The Go SDK under OpenTelemetry's standard gRPC instrumentation (otelgrpc's client stats handler, passed with
cardrules.WithDialOptions: clients/go/examples/tracing, the Go README's "Tracing" section) against a server run
with --tracing: each client span and the server's span of the same call share the trace, the server's a child of
the client's."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.otlp import collector
from tests.support.server_process import REPO_ROOT, running_server

EXAMPLE = REPO_ROOT / "clients" / "go" / "examples" / "tracing"
BUILD_TIMEOUT_SECONDS = 600  # the first build fetches and compiles grpc and OpenTelemetry: minutes on a cold cache
RUN_TIMEOUT_SECONDS = 120


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    go = shutil.which("go")
    assert go is not None, "go is not on PATH: the Go SDK needs Go"
    binary = tmp_path_factory.mktemp("go-tracing") / "tracing"
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    build = subprocess.run(
        [go, "build", "-o", str(binary), "."],
        cwd=EXAMPLE, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT_SECONDS, check=False,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    return binary


def test_the_go_sdks_client_span_and_the_server_span_join(program: Path) -> None:
    with collector() as received, running_server(env=received.server_env()) as server:
        run = subprocess.run(
            [str(program), "-target", server.target],
            capture_output=True, text=True, timeout=RUN_TIMEOUT_SECONDS, check=False,
        )  # fmt: skip
        assert run.returncode == 0, run.stderr
        [client] = [json.loads(line) for line in run.stdout.splitlines()]
        [served] = received.spans(1)
    assert client["kind"] == "client" and client["name"] == "cardrules.v1.LiengService/ScoreLieng"
    assert served.name == client["name"]
    assert served.trace_id.hex() == client["trace_id"]
    assert served.parent_span_id.hex() == client["span_id"]
