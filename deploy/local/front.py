"""The local HTTP front: cardrules replicas on loopback behind a real Envoy, from the same template as Kubernetes.

    bash deploy/local/up.sh [REPLICAS] [options]     # the entry point (it runs this file with .venv's Python)
    .venv/bin/python deploy/local/front.py --help

Envoy's config is deploy/envoy/envoy.template.yaml filled by deploy/envoy/render.py with deploy/envoy/values/local.yaml
(render.local_config): the same routes, filters and limits as the dev and prod overlays, with the replicas' loopback
ports as the cluster's endpoints. Every process runs in its own process group and is stopped with its group on
Ctrl-C or SIGTERM; a child that dies on its own stops the rest. What this prints (the URLs, then a line starting
with "ready:") is read by tests/support/local_front.py, so keep its labels stable.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import ctypes
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy" / "envoy"))
import render  # noqa: E402  (deploy/envoy/render.py: deploy/ is not a Python package)

LOOPBACK = "127.0.0.1"
START_TIMEOUT_SECONDS = 60.0
BIND_FAILURE = re.compile(r"failed to bind|cannot bind|address already in use", re.IGNORECASE)
BIND_ATTEMPTS = 3
STOP_TIMEOUT_SECONDS = 15.0  # more than a replica's drain of an idle server; then the group is killed
ENV_PREFIX = "CARDRULES_FRONT_"
OPENAPI = "docs/openapi/cardrules.openapi.yaml"


def _env(name: str, default: str) -> str:
    return os.environ.get(ENV_PREFIX + name, default)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="deploy/local/up.sh",
        description="Start cardrules replicas and an Envoy front (gRPC, gRPC-Web, HTTP/JSON) on this machine; "
        f"Ctrl-C stops everything. Every option can also be set as {ENV_PREFIX}<NAME>; flags win.",
    )
    parser.add_argument(
        "replicas", nargs="?", type=int, default=int(_env("REPLICAS", "2")),
        help="cardrules servers behind Envoy (default 2) [REPLICAS]",
    )  # fmt: skip
    parser.add_argument(
        "--port", type=int, default=int(_env("PORT", "8080")),
        help="Envoy's one port for gRPC, gRPC-Web and JSON (default 8080; 0 = any free port) [PORT]",
    )  # fmt: skip
    parser.add_argument(
        "--host", default=_env("HOST", LOOPBACK),
        help="address Envoy listens on (default 127.0.0.1; 0.0.0.0 lets phones and other machines on your "
        "network in) [HOST]",
    )  # fmt: skip
    parser.add_argument(
        "--health-port", type=int, default=int(_env("HEALTH_PORT", "8081")),
        help="Envoy's GET /healthz, on loopback (default 8081; 0 = any free port) [HEALTH_PORT]",
    )  # fmt: skip
    parser.add_argument(
        "--admin-port", type=int, default=int(_env("ADMIN_PORT", "9901")),
        help="Envoy's admin page, on loopback (default 9901; 0 = any free port) [ADMIN_PORT]",
    )  # fmt: skip
    parser.add_argument(
        "--replica-port", type=int, default=int(_env("REPLICA_PORT", "0")),
        help="the first replica's gRPC port, the others follow it (default 0: any free ports) [REPLICA_PORT]",
    )  # fmt: skip
    parser.add_argument(
        "--workers", type=int, default=int(_env("WORKERS", "1")),
        help="worker processes per replica (default 1) [WORKERS]",
    )  # fmt: skip
    parser.add_argument(
        "--cors-origin", action="append", default=_env("CORS_ORIGINS", "").split(),
        help="one more exact origin whose pages may call the front, e.g. http://192.168.1.20:5173 (repeatable; "
        "localhost and 127.0.0.1 on any port are always allowed) [CORS_ORIGINS, space-separated]",
    )  # fmt: skip
    parser.add_argument(
        "--jwks", type=Path, default=Path(_env("JWKS", "")) if _env("JWKS", "") else None,
        help="your game backend's public keys (a JWKS file): players' tokens are verified against them "
        "(default: no keys, so calls without a token pass and any token sent is refused) [JWKS]",
    )  # fmt: skip
    parser.add_argument("--jwt-issuer", default=_env("JWT_ISSUER", ""), help="the tokens' iss [JWT_ISSUER]")
    parser.add_argument("--jwt-audience", default=_env("JWT_AUDIENCE", ""), help="the tokens' aud [JWT_AUDIENCE]")
    parser.add_argument(
        "--require-jwt", action="store_true", default=_env("REQUIRE_JWT", "") in ("1", "true"),
        help="every rules call needs a valid token, as in prod (needs --jwks) [REQUIRE_JWT=1]",
    )  # fmt: skip
    parser.add_argument(
        "--logs", type=Path, default=Path(_env("LOGS", "")) if _env("LOGS", "") else None,
        help="folder for Envoy's access log and the replicas' logs, kept on exit (default: a temporary folder, "
        "removed on exit) [LOGS]",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.replicas < 1:
        parser.error("REPLICAS must be at least 1")
    if args.require_jwt and args.jwks is None:
        parser.error("--require-jwt needs --jwks (the keys the players' tokens are verified against)")
    if args.jwks is not None and not args.jwks.is_file():
        parser.error(f"--jwks {args.jwks}: no such file")
    return args


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOOPBACK, 0))
        port: int = sock.getsockname()[1]
        return port


def _check_free(host: str, port: int, what: str) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as error:
            raise SystemExit(f"up.sh: {what} port {host}:{port} is taken ({error.strerror}); choose another") from None


def _die_with_parent() -> None:
    """In the child before exec: SIGTERM it if this process dies without stopping it (e.g. SIGKILLed)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG (Linux)


@dataclass
class Child:
    name: str
    process: subprocess.Popen[bytes]
    log: Path

    def started(self) -> bool:
        """The server bound its port (it logs this once, after binding: another program's socket does not count)."""
        return self.log.exists() and '"server started"' in self.log.read_text(errors="replace")

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""


@dataclass
class Front:
    args: argparse.Namespace
    run_dir: Path
    replicas: list[Child] = field(default_factory=list)
    replica_ports: list[int] = field(default_factory=list)
    envoy: Child | None = None
    ports: dict[str, int] = field(default_factory=dict)

    @property
    def children(self) -> list[Child]:
        return [*self.replicas, *([self.envoy] if self.envoy else [])]

    def start_child(self, name: str, command: list[str], env: Mapping[str, str] | None = None) -> Child:
        log = self.run_dir / f"{name}.log"
        with log.open("wb") as out:
            # Its own session (process group): Ctrl-C reaches only this process, which stops each group itself.
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=dict(env) if env is not None else None,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_die_with_parent,  # safe: this process starts no threads
            )
        return Child(name, process, log)

    def start_replicas(self) -> None:
        first = self.args.replica_port
        for index in range(self.args.replicas):
            port = first + index if first else free_port()
            if first:
                _check_free(LOOPBACK, port, "replica")
            self.replica_ports.append(port)
            self.replicas.append(self.start_replica(index))
        self.wait_replicas_bound()

    def start_replica(self, index: int) -> Child:
        env = {key: value for key, value in os.environ.items() if not key.startswith(ENV_PREFIX)}
        env["PYTHONUNBUFFERED"] = "1"
        command = [
            sys.executable,
            "-m",
            "cardrules.server",
            "--host",
            LOOPBACK,
            "--port",
            str(self.replica_ports[index]),
        ]
        command += ["--workers", str(self.args.workers), "--metrics-port", "0"]
        return self.start_child(f"replica-{index + 1}", command, env)

    def wait_replicas_bound(self) -> None:
        """Every replica bound to its port. Another program can take a free port between the pick and the replica's
        bind: that replica starts again on another one (never on a port the user chose)."""
        attempts = [1] * len(self.replicas)
        waiting = set(range(len(self.replicas)))
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while waiting:
            for index in sorted(waiting):
                replica = self.replicas[index]
                if replica.started():
                    waiting.discard(index)
                elif replica.process.poll() is not None:
                    lost_port = not self.args.replica_port and BIND_FAILURE.search(replica.tail())
                    if not lost_port or attempts[index] == BIND_ATTEMPTS:
                        self.check_alive()
                    attempts[index] += 1
                    self.replica_ports[index] = free_port()
                    self.replicas[index] = self.start_replica(index)
            if time.monotonic() > deadline:
                raise SystemExit(
                    f"up.sh: replicas not started within {START_TIMEOUT_SECONDS:.0f}s; logs in {self.run_dir}"
                )
            time.sleep(0.05)

    def jwt_values(self) -> dict[str, Any]:
        jwks = self.args.jwks
        if jwks is None:
            # Envoy needs at least one key; a fresh one whose private half is thrown away verifies no token.
            jwks = self.run_dir / "no-issuer.jwks.json"
            jwks.write_text(json.dumps(_unusable_jwks()))
        values: dict[str, Any] = {"jwks_path": str(jwks.resolve())}
        values["jwt_requirement"] = "required" if self.args.require_jwt else "optional"
        if self.args.jwt_issuer:
            values["jwt_issuer"] = self.args.jwt_issuer
        if self.args.jwt_audience:
            values["jwt_audience"] = self.args.jwt_audience
        return values

    def cors_values(self) -> dict[str, Any]:
        origins = list(render.load_values("local")["cors_origins"])
        origins += [{"exact": origin} for origin in self.args.cors_origin]
        return {"cors_origins": origins}

    def start_envoy(self) -> None:
        envoy = Path(sys.executable).with_name("envoy")
        if not envoy.exists():
            raise SystemExit(f"up.sh: {envoy} is missing: 'bash deploy/local/up.sh' installs it")
        for name, chosen in self.chosen_envoy_ports().items():
            host = self.args.host if name == "public" else LOOPBACK
            if chosen:
                _check_free(host, chosen, f"Envoy {name}")
            self.ports[name] = chosen or free_port()
        config = render.local_config(
            self.replica_ports,
            self.ports["public"],
            self.ports["health"],
            self.ports["admin"],
            {**self.jwt_values(), **self.cors_values()},
            listener_host=self.args.host,
        )
        config_path = self.run_dir / "envoy.yaml"
        config_path.write_text(yaml.safe_dump(config, sort_keys=False))
        command = [str(envoy), "--config-path", str(config_path), "--disable-hot-restart", "--concurrency", "1"]
        command += ["--log-level", "warning"]
        self.envoy = self.start_child("envoy", command)

    def chosen_envoy_ports(self) -> dict[str, int]:
        return {"public": self.args.port, "health": self.args.health_port, "admin": self.args.admin_port}

    def healthy_replicas(self) -> int:
        url = f"http://{LOOPBACK}:{self.ports['admin']}/stats?format=json&filter=^cluster\\.cardrules\\.membership_healthy$"
        with urllib.request.urlopen(url, timeout=2) as response:
            stats = json.loads(response.read())
        return sum(int(stat["value"]) for stat in stats["stats"] if stat["name"].endswith("membership_healthy"))

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        attempts = 1
        while True:
            envoy = self.envoy
            assert envoy is not None
            # As for the replicas: Envoy starts again on new free ports if another program took one first.
            lost_port = envoy.process.poll() is not None and BIND_FAILURE.search(envoy.tail())
            if lost_port and attempts < BIND_ATTEMPTS and 0 in self.chosen_envoy_ports().values():
                attempts += 1
                self.start_envoy()
                continue
            self.check_alive()
            with contextlib.suppress(OSError, ValueError, KeyError):
                if self.healthy_replicas() == len(self.replica_ports):
                    with urllib.request.urlopen(f"http://{LOOPBACK}:{self.ports['health']}/healthz", timeout=2):
                        return  # 200: Envoy's own readiness, as Kubernetes probes it
            if time.monotonic() > deadline:
                raise SystemExit(f"up.sh: not ready within {START_TIMEOUT_SECONDS:.0f}s; logs in {self.run_dir}")
            time.sleep(0.1)

    def check_alive(self) -> None:
        for child in self.children:
            if child.process.poll() is not None:
                raise SystemExit(f"up.sh: {child.name} exited with {child.process.returncode}:\n{child.tail()}")

    def stop(self) -> list[str]:
        """SIGTERM every group, wait, SIGKILL what is left; the children that had to be killed."""
        for child in self.children:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(child.process.pid, signal.SIGTERM)
        killed = []
        deadline = time.monotonic() + STOP_TIMEOUT_SECONDS
        for child in self.children:
            try:
                child.process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                killed.append(child.name)
            # Whatever is left in the group (a replica's workers) goes with it.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(child.process.pid, signal.SIGKILL)
            child.process.wait()
        return killed

    def describe(self) -> str:
        public = self.ports["public"]
        host = LOOPBACK if self.args.host in ("0.0.0.0", "::") else self.args.host
        base = f"http://{host}:{public}"
        origins = "; ".join(_origin_text(origin) for origin in self.cors_values()["cors_origins"])
        replicas = ", ".join(
            f"{LOOPBACK}:{port} (pid {child.process.pid})"
            for port, child in zip(self.replica_ports, self.replicas, strict=True)
        )
        envoy = self.envoy
        assert envoy is not None
        lines = [
            f"cardrules local front: {len(self.replica_ports)} replicas behind Envoy "
            "(deploy/envoy/envoy.template.yaml + deploy/envoy/values/local.yaml)",
            f"  gRPC:      {host}:{public}",
            f"  gRPC-Web:  {base}",
            f"  JSON:      {base}  (POST /cardrules.v1.<Service>/<Method>, content-type: application/json; "
            f"OpenAPI: {OPENAPI})",
            f"  CORS:      {origins}",
            f"  JWT:       {self.jwt_text()}",
            f"  replicas:  {replicas}",
            f"  envoy:     pid {envoy.process.pid}, admin http://{LOOPBACK}:{self.ports['admin']}, "
            f"health http://{LOOPBACK}:{self.ports['health']}/healthz",
            f"  logs:      {self.run_dir}" + ("" if self.args.logs else " (removed on exit; --logs DIR keeps them)"),
        ]
        if host != self.args.host:
            lines.insert(5, f"  listening: {self.args.host}:{public} (this machine's network addresses too)")
        return "\n".join(lines)

    def jwt_text(self) -> str:
        values = render.load_values("local", self.jwt_values())
        if self.args.jwks is None:
            return "off: no --jwks, so calls without a token pass and any token sent is refused (401)"
        need = "required on every rules call" if self.args.require_jwt else "optional (a token sent must be valid)"
        return f"{need}; keys {self.args.jwks}, iss {values['jwt_issuer']}, aud {values['jwt_audience']}"


def _origin_text(origin: Mapping[str, str]) -> str:
    ((kind, value),) = origin.items()
    return f"{'regex' if kind == 'safe_regex' else kind} {value if isinstance(value, str) else value['regex']}"


def _unusable_jwks() -> dict[str, Any]:
    from cryptography.hazmat.primitives.asymmetric import ec

    numbers = ec.generate_private_key(ec.SECP256R1()).public_key().public_numbers()

    def b64(value: int) -> str:
        return base64.urlsafe_b64encode(value.to_bytes(32, "big")).rstrip(b"=").decode()

    key = {"kty": "EC", "crv": "P-256", "x": b64(numbers.x), "y": b64(numbers.y), "alg": "ES256", "use": "sig"}
    return {"keys": [{**key, "kid": "local-front-no-issuer"}]}


class Stop(Exception):
    """A signal asked the front to stop."""


def _raise_stop(signum: int, _frame: FrameType | None) -> None:
    raise Stop(signal.Signals(signum).name)


@contextlib.contextmanager
def _run_dir(logs: Path | None) -> Iterator[Path]:
    if logs is not None:
        logs.mkdir(parents=True, exist_ok=True)
        yield logs.resolve()
        return
    path = Path(tempfile.mkdtemp(prefix="cardrules-front-"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # Ctrl-C, kill, a closed terminal
        signal.signal(signum, _raise_stop)
    with _run_dir(args.logs) as run_dir:
        front = Front(args, run_dir)
        code = 0
        try:
            front.start_replicas()
            front.start_envoy()
            front.wait_ready()
            print(front.describe(), flush=True)
            print("ready: Ctrl-C stops everything", flush=True)
            while True:
                front.check_alive()
                time.sleep(0.2)
        except Stop as stop:
            print(f"stopping ({stop})", flush=True)
        except SystemExit as error:
            print(error, file=sys.stderr, flush=True)
            code = 1
        finally:
            # A second Ctrl-C must not interrupt the cleanup.
            for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                signal.signal(signum, signal.SIG_IGN)
            killed = front.stop()
            if killed:
                print(f"killed after {STOP_TIMEOUT_SECONDS:.0f}s: {', '.join(killed)}", file=sys.stderr, flush=True)
            print(f"stopped: {len(front.children)} processes", flush=True)
        return code


if __name__ == "__main__":
    sys.exit(main())
