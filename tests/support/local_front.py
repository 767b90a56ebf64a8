"""The local HTTP front as a user runs it: ``bash deploy/local/up.sh`` in a subprocess, stopped with SIGINT (Ctrl-C).

    from tests.support.local_front import running_local_front

    with running_local_front(replicas=2) as front:
        front.grpc_target     # "127.0.0.1:PORT": gRPC (h2c) through Envoy
        front.grpc_web_url    # "http://127.0.0.1:PORT": gRPC-Web (browsers, Unity WebGL)
        front.json_url        # "http://127.0.0.1:PORT": POST /cardrules.v1.<Service>/<Method> with JSON
        front.cors_origins    # ["regex https?://(localhost|127\\.0\\.0\\.1)(:[0-9]{1,5})?", "exact https://..."]

Everything (Envoy, every replica) listens on free ports, so tests can run in parallel. On exit the front gets
SIGINT and must stop by itself: the context manager fails the test if up.sh does not exit 0 or any process it
started (by the pids it printed) is still alive; it kills what is left either way.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
UP_SH = REPO_ROOT / "deploy" / "local" / "up.sh"
START_TIMEOUT_SECONDS = 90.0
STOP_TIMEOUT_SECONDS = 30.0
_LABEL = re.compile(r"^\s+(?P<label>[A-Za-z-]+):\s+(?P<value>.*)$")
_PID = re.compile(r"pid (\d+)")


@dataclass
class LocalFront:
    process: subprocess.Popen[bytes]
    output_path: Path
    grpc_target: str = ""
    grpc_web_url: str = ""
    json_url: str = ""
    cors_origins: list[str] = field(default_factory=list)
    jwt: str = ""
    replica_targets: list[str] = field(default_factory=list)
    pids: list[int] = field(default_factory=list)  # every replica's and Envoy's (each leads its process group)

    def output(self) -> str:
        return self.output_path.read_text(errors="replace")

    def _read_banner(self, text: str) -> None:
        labels = {}
        for line in text.splitlines():
            match = _LABEL.match(line)
            if match:
                labels[match["label"]] = match["value"]
        self.grpc_target = labels["gRPC"].split()[0]
        self.grpc_web_url = labels["gRPC-Web"].split()[0]
        self.json_url = labels["JSON"].split()[0]
        self.cors_origins = [origin.strip() for origin in labels["CORS"].split(";")]
        self.jwt = labels["JWT"]
        self.replica_targets = [part.split()[0] for part in labels["replicas"].split(", ")]
        self.pids = [int(pid) for pid in _PID.findall(labels["replicas"] + labels["envoy"])]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped by its parent) counts as gone.
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0] != "Z"
    return False


@contextlib.contextmanager
def running_local_front(
    replicas: int = 2, args: Sequence[str] = (), stop_signal: signal.Signals = signal.SIGINT
) -> Iterator[LocalFront]:
    """``bash deploy/local/up.sh REPLICAS`` on free ports (plus ``args``, e.g. ``["--cors-origin", URL]``), yielded
    once it printed "ready:"; stopped with ``stop_signal`` (Ctrl-C's SIGINT) on exit, asserting that it and every
    process it started exited."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    command = ["bash", str(UP_SH), str(replicas), "--port", "0", "--health-port", "0", "--admin-port", "0", *args]
    output_dir = Path(tempfile.mkdtemp(prefix="cardrules-local-front-test-"))
    output_path = output_dir / "output"
    with output_path.open("wb") as output:
        # Its own session, as a terminal would give it its own process group; output to a file, never a pipe
        # nobody reads.
        process = subprocess.Popen(
            command, cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    front = LocalFront(process, output_path)
    stopped = False
    try:
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while "\nready:" not in front.output():
            if process.poll() is not None:
                raise AssertionError(f"up.sh exited with {process.returncode} before ready:\n{front.output()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"up.sh not ready within {START_TIMEOUT_SECONDS}s:\n{front.output()}")
            time.sleep(0.1)
        front._read_banner(front.output())
        yield front
        process.send_signal(stop_signal)
        code = process.wait(timeout=STOP_TIMEOUT_SECONDS)
        stopped = True
        assert code == 0, f"up.sh exited with {code} after {stop_signal.name}:\n{front.output()}"
        left = [pid for pid in front.pids if _alive(pid)]
        assert not left, f"still running after up.sh exited: {left}\n{front.output()}"
    finally:
        if not stopped:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGINT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=STOP_TIMEOUT_SECONDS)
        for pid in [process.pid, *front.pids]:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                if not _alive(pid):
                    continue
                os.killpg(pid, signal.SIGKILL)
        process.wait()
        with contextlib.suppress(OSError):
            output_path.unlink()
            output_dir.rmdir()
