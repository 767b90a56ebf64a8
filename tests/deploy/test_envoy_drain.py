"""Envoy drains before it stops (issue #15.2), proven with the real Envoy and the manifests' own preStop hook.

SIGTERM stops Envoy at once, so deploy/k8s/base/envoy-deployment.yaml's preStop hook first fails /healthz, then
starts a graceful drain of every listener through the loopback admin interface and waits it out. Here two Envoys
front two replicas; a client spreads steady load over both (round robin over their addresses, as over the Envoy
Service's endpoints) with no retries of its own. The hook's very script runs against one Envoy (shorter waits, its
local admin port), then that Envoy gets SIGTERM like the kubelet sends it. Zero calls fail: the draining Envoy
sends GOAWAY, calls in flight finish, and new ones go to the other Envoy.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import grpc
import pytest

from cardrules.client import LiengClient
from tests.deploy.load import Load, sdk_scores
from tests.deploy.local import EnvoyHandle, replicas, running_envoy
from tests.deploy.support import one, render

# The hook's first line names the admin address and its waits; the test runs it with these instead.
SETTINGS = re.compile(r"^admin=127\.0\.0\.1:(\d+) settle=(\d+) drain=(\d+)$", re.MULTILINE)
TEST_SETTLE, TEST_DRAIN = 1, 3


def envoy_container(overlay: str = "prod") -> tuple[dict[str, Any], dict[str, Any]]:
    pod = one(render(overlay), "Deployment", "envoy")["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    return pod, container


def pre_stop_script(container: dict[str, Any]) -> str:
    command = container["lifecycle"]["preStop"]["exec"]["command"]
    assert command[:2] == ["/bin/bash", "-c"]
    script: str = command[2]
    return script


def test_prestop_drains_through_the_admin_interface_within_the_grace_period() -> None:
    pod, container = envoy_container()
    script = pre_stop_script(container)
    settings = SETTINGS.search(script)
    assert settings, "the hook's first line sets admin=, settle= and drain="
    admin_port, settle, drain = (int(value) for value in settings.groups())
    args = container["args"]
    assert int(args[args.index("--drain-time-s") + 1]) == drain
    assert args[args.index("--drain-strategy") + 1] == "gradual"
    # The admin interface the hook talks to is the one the config binds (loopback only).
    assert admin_port == 9901
    assert "post /healthcheck/fail" in script and "post '/drain_listeners?graceful'" in script
    # The hook (settle + drain + 2 s) ends well before the kubelet's SIGKILL.
    assert settle + drain + 2 < pod["terminationGracePeriodSeconds"]


def served(envoy: EnvoyHandle) -> int:
    """Calls this Envoy has sent to the replicas."""
    return counter(envoy, "cluster.cardrules.upstream_rq_total")


def counter(envoy: EnvoyHandle, name: str) -> int:
    text = envoy.admin(f"/stats?filter=^{re.escape(name)}$")
    return sum(int(line.partition(": ")[2]) for line in text.splitlines() if line.startswith(f"{name}: "))


def healthz(envoy: EnvoyHandle) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{envoy.health_port}/healthz", timeout=5) as response:
            status: int = response.status
            return status
    except urllib.error.HTTPError as error:
        return error.code


def wait_until(condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.05)


@pytest.mark.slow
def test_an_envoy_drained_by_its_prestop_hook_then_sigtermed_fails_no_calls() -> None:
    _pod, container = envoy_container()
    drain_args = ["--drain-time-s", str(TEST_DRAIN), "--drain-strategy", "gradual"]
    with (
        replicas(2) as servers,
        running_envoy(servers, args=drain_args) as leaving,
        running_envoy(servers, args=drain_args) as staying,
    ):
        script = SETTINGS.sub(
            f"admin=127.0.0.1:{leaving.admin_port} settle={TEST_SETTLE} drain={TEST_DRAIN}", pre_stop_script(container)
        )
        # No retry policy in the client (a plain gRPC channel, not the SDK's): every call the drain broke would be
        # counted as failed. gRPC's transparent retry of a stream the server never saw (one that crossed a GOAWAY)
        # stays on, as in every gRPC client.
        channel = grpc.insecure_channel(
            f"ipv4:{leaving.target},{staying.target}",
            options=[("grpc.service_config", json.dumps({"loadBalancingConfig": [{"round_robin": {}}]}))],
        )
        with channel, Load(sdk_scores(LiengClient(channel))) as load:
            wait_until(lambda: served(leaving) >= 30 and served(staying) >= 30, "both Envoys serve calls")
            assert healthz(leaving) == 200
            hook = subprocess.Popen(["/bin/bash", "-c", script])
            wait_until(lambda: healthz(leaving) == 503, "the hook failed the draining Envoy's /healthz")
            assert hook.wait(timeout=60) == 0
            drained = counter(leaving, "http.public.downstream_cx_drain_close")
            leaving.process.send_signal(signal.SIGTERM)  # what the kubelet does once the hook returns
            leaving.process.wait(timeout=30)
            after = served(staying)
            wait_until(lambda: served(staying) >= after + 100, "the other Envoy carries the load")
        assert load.ok > 200
        assert not load.failures, f"{len(load.failures)} failed of {load.ok + len(load.failures)}: {load.failures[:5]}"
        # The drain asked the client's connection to close (GOAWAY) rather than the exit cutting it.
        assert drained >= 1
