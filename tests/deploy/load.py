"""Steady load for the failover, drain and probe proofs: back-to-back calls from a few threads until stopped, with
every outcome counted, so a test can assert that no caller saw a failure."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import grpc

from cardrules.client import LiengClient
from cardrules.client.channel import LoadBalancing
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc

HANDS = ["AC AD AH", "KS AD 2H", "2S 3H 4D"]

# One call: None when it got the expected answer, else what the caller saw.
Call = Callable[[], str | None]


def sdk_scores(client: LiengClient) -> Call:
    """ScoreLieng through the Python SDK (its deadline and retry policy), checked against a first answer."""
    expected = client.score_lieng(hands=HANDS)

    def call() -> str | None:
        try:
            return None if client.score_lieng(hands=HANDS) == expected else "wrong answer"
        except Exception as error:  # any failure the caller would see
            return f"{type(error).__name__}: {error}"

    return call


@contextlib.contextmanager
def sdk_stream_scores(
    target: str,
    streams: int,
    load_balancing: LoadBalancing = "round_robin",
    timeout: float = 10.0,
    token: str | None = None,
) -> Iterator[Call]:
    """ScoreLieng through the Python SDK's stream mode: ``streams`` Stream calls, each placed by ``load_balancing``,
    carry every call as a message (with ``token`` as the bearer token); calls a stream ends without answering are
    re-sent (the SDK's retry policy)."""
    connected = LiengClient.connect(
        target, load_balancing=load_balancing, streams=streams, timeout=timeout, token=token
    )
    with connected as client:
        yield sdk_scores(client)


def raw_scores(channel: grpc.Channel, request: lieng_pb2.ScoreLiengRequest, timeout: float = 30) -> Call:
    """ScoreLieng on a plain gRPC stub: no retry policy, so every failure that reaches the client is counted."""
    stub = lieng_pb2_grpc.LiengServiceStub(channel)

    def call() -> str | None:
        try:
            stub.ScoreLieng(request, timeout=timeout)
        except grpc.RpcError as error:
            return f"{error.code()}: {error.details()}"
        return None

    return call


@dataclass
class Load:
    """``call`` back to back from ``threads`` threads between start() and finish() (or as a context manager)."""

    call: Call
    threads: int = 3
    ok: int = 0
    failures: list[str] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _workers: list[threading.Thread] = field(default_factory=list)

    def _run(self) -> None:
        while not self._stop.is_set():
            outcome = self.call()
            with self._lock:
                if outcome is None:
                    self.ok += 1
                else:
                    self.failures.append(outcome)

    def start(self) -> None:
        self._workers = [threading.Thread(target=self._run, daemon=True) for _ in range(self.threads)]
        for worker in self._workers:
            worker.start()

    def finish(self) -> None:
        self._stop.set()
        for worker in self._workers:
            worker.join(timeout=60)
        assert not any(worker.is_alive() for worker in self._workers), "load threads did not stop"

    def __enter__(self) -> Load:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.finish()

    def calls(self) -> int:
        with self._lock:
            return self.ok + len(self.failures)

    def wait_for(self, more: int, timeout: float) -> None:
        """Until ``more`` further calls have ended; the timeout only turns a stall into a readable failure."""
        target = self.calls() + more
        deadline = time.monotonic() + timeout
        while self.calls() < target:
            assert time.monotonic() < deadline, f"load stalled at {self.calls()} calls (wanted {target})"
            time.sleep(0.02)
