"""Connection limits: idle connections are closed, old ones are asked to reconnect, pings are policed, and each
connection carries a bounded number of calls, each worker a bounded number of connections."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

import grpc
import pytest

from tests.support.calls import CALL_TIMEOUT, call, probe
from tests.support.server_process import FAKE_ENTRY, new_channel, running_server


class StateLog:
    """Every connectivity state a channel goes through, without asking it to connect. A context manager: it
    unsubscribes before the channel closes, so grpc's watcher thread does not poll a closed channel."""

    def __init__(self, channel: grpc.Channel) -> None:
        self.states: list[grpc.ChannelConnectivity] = []
        self._changed = threading.Condition()
        self._channel = channel
        channel.subscribe(self._on_change, try_to_connect=False)

    def __enter__(self) -> StateLog:
        return self

    def __exit__(self, *_: object) -> None:
        self._channel.unsubscribe(self._on_change)

    def _on_change(self, state: grpc.ChannelConnectivity) -> None:
        with self._changed:
            self.states.append(state)
            self._changed.notify_all()

    def wait_until_closed(self, timeout: float) -> None:
        """Until the channel was READY and then fell back to IDLE (the server closed the connection)."""
        deadline = time.monotonic() + timeout
        ready, idle = grpc.ChannelConnectivity.READY, grpc.ChannelConnectivity.IDLE
        with self._changed:
            while ready not in self.states or idle not in self.states[self.states.index(ready) :]:
                left = deadline - time.monotonic()
                assert left > 0, f"not READY then IDLE within {timeout}s: {[s.name for s in self.states]}"
                self._changed.wait(left)


def test_an_idle_connection_is_closed() -> None:
    with (
        running_server(["--max-connection-idle", "1"], entry=FAKE_ENTRY) as server,
        server.channel() as channel,
        StateLog(channel) as log,
    ):
        call(channel, "Pid")
        log.wait_until_closed(timeout=15)
        call(channel, "Pid")  # and the client simply reconnects


def test_old_connections_are_moved_on_without_failing_calls() -> None:
    args = ["--max-connection-age", "1", "--max-connection-age-grace", "1"]
    with running_server(args, entry=FAKE_ENTRY) as server, server.channel() as channel:
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline:
            call(channel, "Pid")  # never fails: GOAWAY lets calls in flight finish and new ones go to a new connection
            time.sleep(0.05)
        peers = {r["peer"] for r in server.logs() if r.get("event") == "rpc" and r["method"].endswith("/Pid")}
    assert len(peers) >= 2, f"one connection served every call for 4 s: {peers}"


def test_a_client_pinging_too_often_is_sent_away() -> None:
    options = [
        ("grpc.keepalive_time_ms", 200),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.max_pings_without_data", 0),
        ("grpc.use_local_subchannel_pool", 1),
    ]
    with (
        running_server(["--min-client-ping-interval", "10"], entry=FAKE_ENTRY) as server,
        grpc.insecure_channel(server.target, options=options) as channel,
        StateLog(channel) as log,
    ):
        call(channel, "Pid")
        # Pings every 0.2 s where 10 s is the floor: after two strikes the server ends the connection.
        log.wait_until_closed(timeout=15)


# The SDKs' retry policy, for every method: a stream the server refuses (RST_STREAM REFUSED_STREAM) reaches a gRPC
# client as UNAVAILABLE, which the SDKs retry.
RETRY_UNAVAILABLE = json.dumps(
    {
        "methodConfig": [
            {
                "name": [{}],
                "retryPolicy": {
                    "maxAttempts": 4,
                    "initialBackoff": "0.1s",
                    "maxBackoff": "1s",
                    "backoffMultiplier": 2,
                    "retryableStatusCodes": ["UNAVAILABLE"],
                },
            }
        ]
    }
)


def test_calls_beyond_the_streams_per_connection_wait_in_the_client() -> None:
    with (
        running_server(["--max-concurrent-streams", "2"], entry=FAKE_ENTRY) as server,
        grpc.insecure_channel(server.target, options=[("grpc.service_config", RETRY_UNAVAILABLE)]) as channel,
        server.channel() as watcher,
    ):
        # One call first: the client learns the limit from the server's HTTP/2 SETTINGS. A stream opened before those
        # arrive, or before the server has counted the first call's stream as closed (seen on a loaded machine), is
        # refused by the server; the retry policy sends it again, as the SDKs do.
        call(channel, "Pid")
        sleeps = [probe(channel, "Sleep").future(b"1500", timeout=CALL_TIMEOUT * 2) for _ in range(4)]
        seen = 0
        while not all(f.done() for f in sleeps):
            seen = max(seen, int(call(watcher, "InFlight")))
            time.sleep(0.05)
        assert [int(f.result()) for f in sleeps] == [server.process.pid] * 4
        assert seen == 2, f"{seen} calls ran at once on one connection limited to 2"


@pytest.fixture
def two_connections_only() -> Iterator[str]:
    with running_server(["--max-connections", "2"], entry=FAKE_ENTRY) as server:
        yield server.target


def test_connections_beyond_the_limit_are_refused(two_connections_only: str) -> None:
    target = two_connections_only
    with new_channel(target) as first, new_channel(target) as second, new_channel(target) as third:
        call(first, "Pid")
        call(second, "Pid")
        with pytest.raises(grpc.RpcError) as refused:
            probe(third, "Pid")(b"", timeout=3)
        assert refused.value.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)
    # Once those are gone, new connections are accepted again.
    deadline = time.monotonic() + 15
    while True:
        with new_channel(target) as again:
            try:
                call(again, "Pid")
                break
            except grpc.RpcError:
                assert time.monotonic() < deadline, "no connection accepted after the others closed"
                time.sleep(0.2)
