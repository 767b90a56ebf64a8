"""Failover in stream mode through the deployment's front (issue #14.4): three replicas behind the local Envoy, steady
load from the Python SDK's stream mode, one replica SIGKILLed and another SIGTERMed: zero failed calls.

What this adds to the direct-replica proof (tests/sdk/test_python_stream_failover.py): the client holds one
connection, to Envoy, and Envoy places each stream on a replica and retries none. A killed replica's streams are
reset by Envoy; a drained replica's streams end UNAVAILABLE, the server's own status passed through Envoy; either
way the SDK re-sends the unanswered calls on new streams, which Envoy sends to the replicas left (the drained one
answers NOT_SERVING to its health check at once; the killed one is dropped by outlier detection and health checks,
and a stream Envoy could not connect fails at once and is re-sent by the SDK).
"""

from __future__ import annotations

import contextlib
import signal
import time
from typing import Any

import pytest

from tests.deploy.load import Load, sdk_stream_scores
from tests.deploy.local import EnvoyHandle, replicas, running_envoy
from tests.support.calls import metric_samples
from tests.support.server_process import ServerHandle

GRACE_SECONDS = 8.0
STREAMS = 3
CALLS = 150  # before each replica goes down, and after
STREAM_PATH = "/cardrules.v1.LiengService/Stream"
UNAVAILABLE = 14


def stream_messages(server: ServerHandle) -> float:
    return sum(
        value
        for (name, labels), value in metric_samples(server).items()
        if name == "cardrules_rpc_calls_total" and ("transport", "stream") in labels
    )


def carrying(servers: list[ServerHandle], load: Load) -> ServerHandle:
    """The replica answering the most stream messages right now (it has streams open, with calls in flight)."""
    before = [stream_messages(server) for server in servers]
    load.wait_for(60, timeout=60)
    recent = [stream_messages(server) - was for server, was in zip(servers, before, strict=True)]
    assert max(recent) > 0, f"no stream messages answered: {recent}"
    return servers[recent.index(max(recent))]


def stream_lines(envoy: EnvoyHandle, ended_on: set[str]) -> list[dict[str, Any]]:
    """Envoy's access-log lines of the Stream calls, once one has ended on each replica of ``ended_on``."""
    deadline = time.monotonic() + 30
    while True:
        lines: list[dict[str, Any]] = []
        with contextlib.suppress(ValueError):  # a line being written
            lines = [line for line in envoy.access_log() if line.get("path") == STREAM_PATH]
        if ended_on <= {line["upstream"] for line in lines}:
            return lines
        assert time.monotonic() < deadline, f"no Stream ended on each of {ended_on}: {lines}"
        time.sleep(0.1)


@pytest.mark.slow
def test_streams_through_envoy_survive_a_kill_and_a_drain_without_a_failed_call() -> None:
    args = ("--shutdown-grace", str(GRACE_SECONDS))
    with (
        replicas(3, args=args) as servers,
        running_envoy(servers, args=("--file-flush-interval-msec", "200")) as envoy,
        sdk_stream_scores(envoy.target, streams=STREAMS) as call,  # pick_first: one connection, to Envoy
    ):
        live = list(servers)
        with Load(call, threads=4) as load:
            load.wait_for(CALLS, timeout=60)
            killed = carrying(live, load)
            killed.terminate(signal.SIGKILL)
            live.remove(killed)
            load.wait_for(CALLS, timeout=60)
            drained = carrying(live, load)
            drained.process.send_signal(signal.SIGTERM)
            assert drained.process.wait(timeout=GRACE_SECONDS + 5) == 0
            live.remove(drained)
            (survivor,) = live
            before = stream_messages(survivor)
            load.wait_for(CALLS, timeout=60)
            carried = stream_messages(survivor) - before
        lines = stream_lines(envoy, {killed.target, drained.target})
        (stopped,) = [record for record in drained.logs() if record["event"] == "server stopped"]

    ends = [(line["upstream"], line["grpc_status"], line["details"]) for line in lines]
    print(f"stream failover through Envoy: {load.ok} calls OK, {len(load.failures)} failed; streams ended: {ends}")
    assert load.failures == [], f"{len(load.failures)} failed of {load.calls()}: {load.failures[:5]}"
    assert carried >= CALLS, "the last replica carried the load alone"
    # Envoy replays no stream: each went to one replica, once.
    assert all(line["attempts"] in (1, "1") for line in lines if line["upstream"]), lines
    # The drained replica ended its streams with the status SDKs take as "reconnect elsewhere", through Envoy.
    assert any(line["grpc_status"] == UNAVAILABLE for line in lines if line["upstream"] == drained.target), lines
    assert stopped["drain_seconds"] < GRACE_SECONDS, "drained within the grace, not cut off by it"
