"""Proven on one machine (c): under steady load through the Python SDK's channel (round_robin over three replicas,
retries on), one replica is SIGKILLed and another SIGTERMed. The client sees zero failed calls, and the SIGTERMed
replica finishes the calls it had in flight before it exits.

The SDK retries UNAVAILABLE and a server's CANCELLED: when grpc's server shuts down, a call that has reached the
replica but not yet been handed to a handler is reset (CANCELLED). Every rules call is a pure function, so
retrying it is always safe; a call the client cancels itself is never retried by gRPC. See deploy/README.md.
"""

from __future__ import annotations

import random
import signal
import time
from datetime import UTC, datetime

import grpc
import pytest

from cardrules.client import LiengClient, connect, service_config
from cardrules.client.cards import hands as parse_hands
from cardrules.client.channel import LoadBalancing
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc
from tests.deploy.load import Load, sdk_scores
from tests.deploy.local import replicas, running_envoy, static_target, total_calls

GRACE_SECONDS = 8.0
LOAD_THREADS = 2
# Heavy calls in flight on the replica when it gets SIGTERM. A 1000-hand ScoreLieng costs the server only ~5-7 ms
# (its scores are cached per distinct score, so even new hands are cheap): 48 of them keep it busy for a few hundred
# ms, so some are still running when the signal lands however late the test process gets to send it.
BURST = 90  # under the server's 100 streams per connection; ~250 ms of work still queued after the first answer
SCORE = "/cardrules.v1.LiengService/ScoreLieng"


def sdk_channel(target: str, load_balancing: LoadBalancing) -> grpc.Channel:
    """Exactly the SDK's channel (load balancing, retry policy, default deadline), with a 5 s default deadline."""
    channel = connect(target, load_balancing=load_balancing, retry=True, default_timeout=5.0)
    codes = service_config(load_balancing=load_balancing)["methodConfig"][0]["retryPolicy"]["retryableStatusCodes"]
    assert set(codes) == {"UNAVAILABLE", "CANCELLED"}
    return channel


def big_request(seed: int) -> lieng_pb2.ScoreLiengRequest:
    """1000 random hands, one set per seed: a burst cycles through 20 of them, so the server decodes and scores
    (from its cache of hand scores) a different request each time rather than answering one request again."""
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "SHDC"]
    rng = random.Random(seed)
    return lieng_pb2.ScoreLiengRequest(hands=parse_hands(" ".join(rng.sample(deck, 3)) for _ in range(1000)))


@pytest.mark.slow
def test_kill_and_drain_under_load_lose_no_call() -> None:
    with replicas(3, args=("--shutdown-grace", str(GRACE_SECONDS))) as servers:
        killed, drained, survivor = servers
        channel = sdk_channel(static_target(servers), "round_robin")
        # The burst goes to the drained replica first (pick_first); a call it resets is retried on the survivor.
        direct = sdk_channel(static_target([drained, survivor]), "pick_first")
        load = Load(sdk_scores(LiengClient(channel, timeout=5)), threads=LOAD_THREADS)
        try:
            load.start()
            load.wait_for(150, timeout=30)
            before = [total_calls(server) for server in servers]
            assert all(count > 0 for count in before), f"load not spread before the kills: {before}"

            killed.process.send_signal(signal.SIGKILL)
            assert killed.process.wait(timeout=10) == -signal.SIGKILL
            load.wait_for(100, timeout=30)

            stub = lieng_pb2_grpc.LiengServiceStub(direct)
            requests = [big_request(seed % 20) for seed in range(BURST)]  # built first: the calls go out together
            burst = [stub.ScoreLieng.future(request, timeout=20) for request in requests]
            deadline = time.monotonic() + 10
            while not any(call.done() for call in burst):  # the server is working through the burst
                assert time.monotonic() < deadline, "the burst never started"
                time.sleep(0.002)
            sigterm_at = datetime.now(UTC)
            drained.process.send_signal(signal.SIGTERM)
            answers = [call.result() for call in burst]  # raises if any in-flight call failed
            assert all(len(answer.scores) == 1000 for answer in answers)
            assert drained.process.wait(timeout=GRACE_SECONDS + 5) == 0

            survivor_before = total_calls(survivor)
            load.wait_for(150, timeout=30)
        finally:
            load.finish()
            channel.close()
            direct.close()

        print(f"failover: {load.ok} calls OK, {len(load.failures)} failed; in-flight burst {BURST}/{BURST} OK")
        assert load.failures == [], f"{len(load.failures)} failed calls, e.g. {load.failures[:3]}"
        assert total_calls(survivor) - survivor_before >= 150, "the last replica carried the load alone"

        logs = drained.logs()
        events = [record["event"] for record in logs]
        started = events.index("shutdown started")
        stopped = events.index("server stopped")
        assert started < stopped
        calls = [r for r in logs[:stopped] if r["event"] == "rpc" and r["method"] == SCORE]
        assert all(record["code"] == "OK" for record in calls), "a call the replica had accepted did not finish OK"
        # The handlers run on the server's event loop one at a time, so the call being handled when SIGTERM lands
        # finishes before the loop even logs "shutdown started"; calls already dispatched behind it finish after.
        in_flight = [r for r in calls if datetime.fromisoformat(r["timestamp"]) > sigterm_at]
        after_start = [r for r in logs[started:stopped] if r["event"] == "rpc"]
        print(
            f"drained replica: {len(in_flight)} calls in flight at SIGTERM completed OK "
            f"({len(after_start)} of them after 'shutdown started'), then 'server stopped' after "
            f"{logs[stopped]['drain_seconds']} s of its {GRACE_SECONDS} s grace; the burst's other calls were "
            "reset before reaching a handler and retried on the survivor"
        )
        assert in_flight, "no call was in flight on the drained replica when it got SIGTERM"
        assert logs[stopped]["drain_seconds"] < GRACE_SECONDS, "drained within the grace, not cut off by it"


@pytest.mark.slow
def test_envoy_hides_kill_and_drain_from_a_client_without_retries() -> None:
    """The same through Envoy with the repository's config: the client itself retries nothing."""
    with replicas(3, args=("--shutdown-grace", str(GRACE_SECONDS))) as servers, running_envoy(servers) as envoy:
        killed, drained, _survivor = servers
        channel = connect(envoy.target, load_balancing="pick_first", retry=False, default_timeout=5)
        load = Load(sdk_scores(LiengClient(channel, timeout=5)), threads=LOAD_THREADS)
        try:
            load.start()
            load.wait_for(150, timeout=30)
            killed.process.send_signal(signal.SIGKILL)
            killed.process.wait(timeout=10)
            load.wait_for(100, timeout=30)
            stub = lieng_pb2_grpc.LiengServiceStub(channel)
            burst = [stub.ScoreLieng.future(big_request(seed % 20), timeout=20) for seed in range(BURST)]
            time.sleep(0.05)
            drained.process.send_signal(signal.SIGTERM)
            answers = [call.result() for call in burst]
            assert all(len(answer.scores) == 1000 for answer in answers)
            assert drained.process.wait(timeout=GRACE_SECONDS + 5) == 0
            load.wait_for(150, timeout=30)
        finally:
            load.finish()
            channel.close()
        retried = sum(1 for line in envoy.access_log() if line.get("attempts") not in (None, "1", 1))
        print(
            f"through Envoy: {load.ok} calls OK, {len(load.failures)} failed; burst {BURST}/{BURST}; {retried} retried"
        )
        assert load.failures == [], f"{len(load.failures)} failed calls, e.g. {load.failures[:3]}"
