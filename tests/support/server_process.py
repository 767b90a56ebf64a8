"""Run a cardrules server in a subprocess for end-to-end tests.

    from tests.support.server_process import running_server

    with running_server(["--workers", "2"]) as server:
        channel = server.channel()          # grpc.Channel to server.target
        ...
        assert server.logs()[-1]["event"] == "rpc"

The process is started on free ports (``--host 127.0.0.1``), awaited until its health service reports SERVING,
and always stopped on exit: SIGTERM first, then SIGKILL of its whole process group (workers included).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_ENTRY = "cardrules.server"
FAKE_ENTRY = "tests.support.fake_server"  # the bootstrap hosting tests/support/fake_services.py

START_TIMEOUT_SECONDS = 20.0
STOP_TIMEOUT_SECONDS = 15.0


# Ports are picked below the kernel's ephemeral range (32768 and up on Linux), which every outgoing connection
# draws from: a port the OS hands out for "any free port" can be taken by the next client socket of a parallel
# test before the server binds it. Below that range only another picker can take it: a 1 in 22,000 chance.
_PORTS = range(10_000, 32_768)


def free_port() -> int:
    """A port nothing listens on right now, at random below the ephemeral range (see ``_PORTS``)."""
    for _ in range(200):
        port = _PORTS.start + secrets.randbelow(len(_PORTS))
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {_PORTS}")


ClientCertificate = tuple[bytes, bytes]  # (PEM certificate chain, PEM private key)


def new_channel(
    target: str, root_certificates: bytes | None = None, client_certificate: ClientCertificate | None = None
) -> grpc.Channel:
    """A channel with its own connection; TLS when ``root_certificates`` (PEM) is given, mutual TLS when a
    ``client_certificate`` is given too."""
    # A private subchannel pool forces a new TCP connection per channel; by default grpc shares one connection
    # among channels to the same target, which would hide how connections spread over workers.
    options = [("grpc.use_local_subchannel_pool", 1)]
    if root_certificates is not None:
        chain, key = client_certificate if client_certificate is not None else (None, None)
        credentials = grpc.ssl_channel_credentials(
            root_certificates=root_certificates, private_key=key, certificate_chain=chain
        )
        return grpc.secure_channel(target, credentials, options=options)
    return grpc.insecure_channel(target, options=options)


def health_status(
    target: str,
    service: str = "",
    timeout: float = 2.0,
    root_certificates: bytes | None = None,
    client_certificate: ClientCertificate | None = None,
) -> int:
    """The health status of ``service`` at ``target``; raises grpc.RpcError if the call fails."""
    with new_channel(target, root_certificates, client_certificate) as channel:
        stub: Any = health_pb2_grpc.HealthStub(channel)  # the stub's type stubs do not declare its methods
        response = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout)
        status: int = response.status
        return status


@dataclass
class ServerHandle:
    process: subprocess.Popen[bytes]
    port: int
    metrics_port: int  # 0 when metrics are disabled
    output_dir: Path
    root_certificates: bytes | None = None  # PEM trusted for a TLS server; None = plaintext
    client_certificate: ClientCertificate | None = None  # presented to a mutual-TLS server

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def metrics_url(self) -> str:
        return f"http://127.0.0.1:{self.metrics_port}/metrics"

    def channel(self) -> grpc.Channel:
        return new_channel(self.target, self.root_certificates, self.client_certificate)

    def stdout(self) -> str:
        return (self.output_dir / "stdout").read_text(errors="replace")

    def stderr(self) -> str:
        return (self.output_dir / "stderr").read_text(errors="replace")

    def logs(self) -> list[dict[str, Any]]:
        """Every complete stdout line so far, parsed; any line that is not a JSON object fails the test."""
        lines = self.stdout().split("\n")[:-1]  # the last piece is empty or a line still being written
        records = []
        for line in lines:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                raise AssertionError(f"stdout line is not JSON: {line!r}") from None
            if not isinstance(record, dict):
                raise AssertionError(f"stdout line is not a JSON object: {line!r}")
            records.append(record)
        return records

    def wait_for_log(self, predicate: Any, timeout: float = 10.0) -> dict[str, Any]:
        """The first log record for which ``predicate(record)`` is true, polling until ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            for record in self.logs():
                if predicate(record):
                    return record
            if time.monotonic() > deadline:
                raise AssertionError(f"no matching log line within {timeout}s; output:\n{self.stdout()}")
            time.sleep(0.05)

    def terminate(self, sig: signal.Signals = signal.SIGTERM, timeout: float = STOP_TIMEOUT_SECONDS) -> int:
        """Send ``sig`` (default SIGTERM) and wait for the process to exit; returns its exit code."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        return self.process.wait(timeout=timeout)

    def wait_healthy(self, timeout: float = START_TIMEOUT_SECONDS) -> None:
        deadline = time.monotonic() + timeout
        last_error = "no answer yet"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self._describe(f"server exited with code {self.process.returncode} on start-up"))
            try:
                if (
                    health_status(
                        self.target,
                        timeout=1.0,
                        root_certificates=self.root_certificates,
                        client_certificate=self.client_certificate,
                    )
                    == health_pb2.HealthCheckResponse.SERVING
                ):
                    return
                last_error = "not SERVING yet"
            except grpc.RpcError as error:
                last_error = f"{error.code().name}"
            time.sleep(0.1)
        raise RuntimeError(self._describe(f"server not SERVING within {timeout}s ({last_error})"))

    def _describe(self, message: str) -> str:
        return f"{message}\n--- stdout ---\n{self.stdout()}\n--- stderr ---\n{self.stderr()}"


def _given(args: Sequence[str], env: Mapping[str, str], flag: str, env_name: str) -> str | None:
    """The value the caller chose for a setting, by flag (last one wins, as in argparse) or environment."""
    value = None
    for index, arg in enumerate(args):
        if arg == flag and index + 1 < len(args):
            value = args[index + 1]
        elif arg.startswith(flag + "="):
            value = arg.split("=", 1)[1]
    return value if value is not None else env.get(env_name)


@contextlib.contextmanager
def running_server(
    args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    entry: str | None = None,
    *,
    wait: bool = True,
    start_timeout: float = START_TIMEOUT_SECONDS,
    root_certificates: bytes | None = None,
    client_certificate: ClientCertificate | None = None,
) -> Iterator[ServerHandle]:
    """Start ``python -m <entry>`` (default ``cardrules.server``) with ``args`` and yield a handle.

    ``env`` is added to this process's environment minus any ``CARDRULES_*`` variables (so a developer's shell
    cannot change the test). Port and metrics port are free ports unless ``args``/``env`` set them. With
    ``wait`` (default) returns only once health reports SERVING, or raises with the server's output. For a TLS
    server pass the PEM to trust as ``root_certificates``; the handle's channels then use TLS, presenting
    ``client_certificate`` (PEM chain, PEM key) to a mutual-TLS server.
    """
    extra = dict(env or {})
    full_env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    full_env.update(extra)
    full_env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), full_env.get("PYTHONPATH")]))
    full_env["PYTHONUNBUFFERED"] = "1"

    chosen_port = _given(args, extra, "--port", "CARDRULES_PORT")
    chosen_metrics = _given(args, extra, "--metrics-port", "CARDRULES_METRICS_PORT")
    port = int(chosen_port) if chosen_port is not None else free_port()
    metrics_port = int(chosen_metrics) if chosen_metrics is not None else free_port()
    command = [sys.executable, "-m", entry or DEFAULT_ENTRY, "--host", "127.0.0.1"]
    if chosen_port is None:
        command += ["--port", str(port)]
    if chosen_metrics is None:
        command += ["--metrics-port", str(metrics_port)]
    command += list(args)

    output_dir = Path(tempfile.mkdtemp(prefix="cardrules-server-test-"))
    with (output_dir / "stdout").open("wb") as stdout, (output_dir / "stderr").open("wb") as stderr:
        # Output goes to files, not pipes: a pipe nobody reads fills up and blocks the server.
        # A new session makes the server the leader of its own process group, so cleanup can reach its workers.
        process = subprocess.Popen(
            command, cwd=REPO_ROOT, env=full_env, stdout=stdout, stderr=stderr, start_new_session=True
        )
    handle = ServerHandle(process, port, metrics_port, output_dir, root_certificates, client_certificate)
    try:
        if wait:
            handle.wait_healthy(start_timeout)
        yield handle
    finally:
        _stop(process)
        shutil.rmtree(output_dir, ignore_errors=True)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=STOP_TIMEOUT_SECONDS)
    # Whatever is left in the group (the server, or workers of a parent that already exited) is killed.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
