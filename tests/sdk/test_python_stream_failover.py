"""Stream mode against real server processes: under steady load one replica is killed (SIGKILL) and another
drained (SIGTERM), and no call is lost, for the sync and the asyncio client.

Three replicas, reached two ways: behind one round_robin target naming each (a headless Service's DNS), or sharing
one port (SO_REUSEPORT) behind one address and the default pick_first (a Kubernetes ClusterIP: one connection,
which the kernel gives to one replica). The client keeps two streams. Each time, the replica going down is the live
one that has answered the most stream messages, so it has streams open and calls in flight on them. Calls its
streams had not answered are sent again on new streams to the other replicas, and every caller gets its answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules.client import LiengClient
from cardrules.client.aio import AsyncLiengClient
from cardrules.client.channel import LoadBalancing
from tests.deploy.load import Call, Load, sdk_scores
from tests.deploy.local import replicas, shared_port_replicas, static_target
from tests.support.calls import metric_samples
from tests.support.server_process import ServerHandle

STREAMS = 2
CALL_TIMEOUT = 10.0  # generous: a loaded two-core machine, a replica draining
CALLS = 100  # before the replica goes down, and again after


def stream_messages(server: ServerHandle) -> float:
    """Messages the replica answered on streams, from its own metrics."""
    return sum(
        value
        for (name, labels), value in metric_samples(server).items()
        if name == "cardrules_rpc_calls_total" and ("transport", "stream") in labels
    )


class _AsyncBridge:
    """The asyncio client, running in an event loop of its own thread, called from the load's threads."""

    def __init__(self, target: str, load_balancing: LoadBalancing) -> None:
        self._load_balancing = load_balancing
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._client: AsyncLiengClient = self._run(self._connect(target))

    async def _connect(self, target: str) -> AsyncLiengClient:
        return AsyncLiengClient.connect(
            target, load_balancing=self._load_balancing, streams=STREAMS, timeout=CALL_TIMEOUT
        )

    def _run(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()

    def score_lieng(self, **kwargs: Any) -> Any:
        return self._run(self._client.score_lieng(**kwargs))

    def close(self) -> None:
        self._run(self._client.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


@contextlib.contextmanager
def streamed_scores(mode: str, target: str, load_balancing: LoadBalancing) -> Iterator[Call]:
    """ScoreLieng calls through the SDK's stream mode, each checked against the first answer."""
    if mode == "sync":
        with LiengClient.connect(target, load_balancing=load_balancing, streams=STREAMS, timeout=CALL_TIMEOUT) as lieng:
            yield sdk_scores(lieng)
        return
    bridge = _AsyncBridge(target, load_balancing)
    try:
        yield sdk_scores(bridge)  # type: ignore[arg-type]  # the bridge has the one method sdk_scores calls
    finally:
        bridge.close()


def busiest(servers: list[ServerHandle]) -> ServerHandle:
    """The replica that has answered the most stream messages."""
    served = [stream_messages(server) for server in servers]
    assert max(served) > 0, f"no message went over a stream: {served}"
    return servers[served.index(max(served))]


@contextlib.contextmanager
def reached(spread: str) -> Iterator[tuple[list[ServerHandle], str, LoadBalancing]]:
    """Three replicas, the target naming them and the load balancing that goes with it."""
    if spread == "addresses":
        with replicas(3, args=("--log-level", "warning")) as servers:
            yield servers, static_target(servers), "round_robin"
    else:
        with shared_port_replicas(3) as servers:  # (its start-up waits for each replica's "server started" line)
            yield servers, servers[0].target, "pick_first"


@pytest.mark.slow
@pytest.mark.parametrize("spread", ["addresses", "shared_port"])
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_replicas_killed_and_drained_under_load_lose_no_call(mode: str, spread: str) -> None:
    with reached(spread) as (servers, target, load_balancing), streamed_scores(mode, target, load_balancing) as call:
        live = list(servers)
        with Load(call, threads=4) as load:
            for sig in (signal.SIGKILL, signal.SIGTERM):
                load.wait_for(CALLS, timeout=60)
                victim = busiest(live)
                victim.terminate(sig)
                live.remove(victim)
            load.wait_for(CALLS, timeout=60)
        assert load.failures == []
        assert load.ok >= 3 * CALLS
