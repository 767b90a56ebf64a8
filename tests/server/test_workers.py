"""Several worker processes on one port: calls spread over them, metrics add up, signals and deaths handled."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.calls import call, calls_counted
from tests.support.server_process import FAKE_ENTRY, ServerHandle, new_channel, running_server

WORKERS = 2
TIMEOUT = 20.0


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


def _wait_gone(pids: list[int], timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while any(_alive(pid) for pid in pids):
        assert time.monotonic() < deadline, f"processes still running: {[p for p in pids if _alive(p)]}"
        time.sleep(0.1)


def _worker_pids(server: ServerHandle) -> list[int]:
    record = server.wait_for_log(lambda r: r["event"] == "workers started")
    pids: list[int] = record["worker_pids"]
    return pids


@pytest.fixture
def workers() -> Iterator[ServerHandle]:
    with running_server(["--workers", str(WORKERS)], entry=FAKE_ENTRY) as server:
        # Health answered once one worker is up; wait for all of them before testing how calls spread.
        server.wait_for_log(lambda r: r["event"] == "server started" and r.get("worker") == WORKERS - 1, TIMEOUT)
        server.wait_for_log(lambda r: r["event"] == "server started" and r.get("worker") == 0, TIMEOUT)
        yield server


def test_calls_are_answered_by_different_workers_and_metrics_add_up(workers: ServerHandle) -> None:
    worker_pids = _worker_pids(workers)
    assert len(worker_pids) == WORKERS and workers.process.pid not in worker_pids
    answered_by: list[int] = []
    deadline = time.monotonic() + TIMEOUT
    # Each new connection lands on a worker chosen by the kernel; keep connecting until both have answered.
    while len(set(answered_by)) < WORKERS:
        assert time.monotonic() < deadline, f"only workers {set(answered_by)} answered"
        with new_channel(workers.target) as channel:
            answered_by.append(int(call(channel, "Pid")))
    assert set(answered_by) == set(worker_pids)

    # The parent serves the sum over all workers.
    assert calls_counted(workers, "Pid", "OK") == len(answered_by)
    rpc_pids = {r["pid"] for r in workers.logs() if r.get("method", "").endswith("/Pid")}
    assert rpc_pids == set(worker_pids)


def test_sigterm_stops_every_worker_and_cleans_up(workers: ServerHandle) -> None:
    worker_pids = _worker_pids(workers)
    metrics_dir = Path(workers.wait_for_log(lambda r: r["event"] == "workers started")["metrics_dir"])
    assert metrics_dir.is_dir()
    assert workers.terminate(timeout=TIMEOUT + 10) == 0
    _wait_gone(worker_pids)
    assert not metrics_dir.exists()
    stopped = [r for r in workers.logs() if r["event"] == "server stopped"]
    assert sorted(r["pid"] for r in stopped) == sorted(worker_pids)


def test_parent_exits_non_zero_when_a_worker_dies(workers: ServerHandle) -> None:
    worker_pids = _worker_pids(workers)
    os.kill(worker_pids[0], signal.SIGKILL)
    assert workers.process.wait(timeout=TIMEOUT + 10) == 1
    _wait_gone(worker_pids)
    assert any(r["event"] == "worker exited unexpectedly" for r in workers.logs())


def test_workers_stop_when_the_parent_is_killed(workers: ServerHandle) -> None:
    worker_pids = _worker_pids(workers)
    workers.process.kill()
    workers.process.wait(timeout=TIMEOUT)
    _wait_gone(worker_pids)
