"""Stream-mode failover as the deployment runs it (issue #14.4). The public Envoy front does not carry Stream
(test_envoy_streams.py), so backends open their streams to the replicas directly: option 1 of deploy/README.md's
"How clients should connect" (round robin over the headless Service's addresses, with a backend token).

tests/sdk/test_python_stream_failover.py proves the SDK's failover against bare one-worker replicas. Here the
replicas run as the prod overlay configures them: every setting of its rendered ConfigMap (two worker processes
behind each replica's one port, the 15 s shutdown grace, the concurrency limit, server authentication on, the
caller being a backend with its own token), only the ports and the token file's path local. Under steady load from
the Python SDK's stream mode, the replica answering the most stream messages is killed like a pod whose node died
(SIGKILL to all its processes), then the next one drained (SIGTERM, as the kubelet sends it): zero failed calls, the
drained replica exits 0 within its grace, and the survivor carries the load.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.deploy.load import Load, sdk_stream_scores
from tests.deploy.local import static_target
from tests.deploy.support import render
from tests.support.auth import new_token, write_tokens
from tests.support.calls import metric_samples
from tests.support.server_process import ServerHandle, running_server

BACKEND = "game-backend"
STREAMS = 3
CALLS = 150  # before each replica goes down, and after
LOCAL = ("CARDRULES_PORT", "CARDRULES_METRICS_PORT", "CARDRULES_HEALTH_PORT")  # free ports instead


def prod_settings(tokens: Path) -> dict[str, str]:
    """The prod overlay's server settings (its cardrules-config ConfigMap), the token file moved to ``tokens``."""
    (config,) = [
        r for r in render("prod") if r["kind"] == "ConfigMap" and r["metadata"]["name"].startswith("cardrules-config")
    ]
    settings = {key: str(value) for key, value in config["data"].items() if key not in LOCAL}
    assert settings["CARDRULES_WORKERS"] == "2" and "CARDRULES_AUTH_TOKENS" in settings, settings
    return {**settings, "CARDRULES_AUTH_TOKENS": str(tokens)}


@contextlib.contextmanager
def prod_replicas(count: int, settings: dict[str, str]) -> Iterator[list[ServerHandle]]:
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(running_server(env=settings)) for _ in range(count)]


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


@pytest.mark.slow
def test_prod_configured_replicas_killed_and_drained_under_stream_load_lose_no_call(tmp_path: Path) -> None:
    token = new_token()
    settings = prod_settings(write_tokens(tmp_path / "tokens", (BACKEND, token)))
    grace = float(settings["CARDRULES_SHUTDOWN_GRACE"])
    with (
        prod_replicas(3, settings) as servers,
        sdk_stream_scores(static_target(servers), streams=STREAMS, token=token) as call,
    ):
        live = list(servers)
        with Load(call, threads=4) as load:
            load.wait_for(CALLS, timeout=60)
            killed = carrying(live, load)
            os.killpg(killed.process.pid, signal.SIGKILL)  # the parent and both workers, as when a node dies
            killed.process.wait(timeout=10)
            live.remove(killed)
            load.wait_for(CALLS, timeout=60)
            drained = carrying(live, load)
            drained.process.send_signal(signal.SIGTERM)
            assert drained.process.wait(timeout=grace + 10) == 0, "drained and exited cleanly within its grace"
            live.remove(drained)
            (survivor,) = live
            before = stream_messages(survivor)
            load.wait_for(CALLS, timeout=60)
            carried = stream_messages(survivor) - before
    print(f"stream failover, prod-configured replicas: {load.ok} calls OK, {len(load.failures)} failed")
    assert load.failures == [], f"{len(load.failures)} failed of {load.calls()}: {load.failures[:5]}"
    assert carried >= CALLS, "the last replica carried the load alone"
