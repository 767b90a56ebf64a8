"""The SDK clients against in-test servers: request building, deadlines, typed errors, retries, round robin.

The fake servicers stand in for the real ones so that these tests exercise the SDK's own behaviour (what it
sends, how it fails) independently of the rules. Every behaviour is checked on the sync clients
(``cardrules.client``) and on the asyncio clients (``cardrules.client.aio``) alike: both are built from one table
of RPCs generated from the contract (``cardrules.client.generated.rpcs``), and ``clients(kind, ...)`` gives either
behind the same blocking calls.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from concurrent import futures
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from cardrules.client import (
    DeadlineExceededError,
    InvalidArgumentError,
    LiengClient,
    ResourceExhaustedError,
    RulesError,
    SamLocClient,
    UnavailableError,
    cards_text,
    connect,
    sam_play,
    service_config,
)
from cardrules.client.aio import AsyncLiengClient, AsyncSamLocClient
from cardrules.client.aio import connect as aio_connect
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc, sam_loc_pb2, sam_loc_pb2_grpc


@dataclass
class Lieng(lieng_pb2_grpc.LiengServiceServicer):
    name: str
    unavailable_before_success: int = 0
    calls: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ScoreLieng(
        self, request: lieng_pb2.ScoreLiengRequest, context: grpc.ServicerContext
    ) -> lieng_pb2.ScoreLiengResponse:
        self.calls.append("ScoreLieng")
        scores = [lieng_pb2.LiengScore(label={"en": cards_text(hand), "vi": self.name}) for hand in request.hands]
        remaining = context.time_remaining()
        if remaining is not None and remaining < 1e6:  # without a deadline grpcio reports a huge remainder
            context.set_trailing_metadata((("x-deadline", f"{remaining:.3f}"),))
        return lieng_pb2.ScoreLiengResponse(scores=scores)

    def CompareHands(
        self, request: lieng_pb2.CompareHandsRequest, context: grpc.ServicerContext
    ) -> lieng_pb2.CompareHandsResponse:
        detail = any_pb2.Any()
        detail.Pack(
            error_details_pb2.BadRequest(
                field_violations=[
                    error_details_pb2.BadRequest.FieldViolation(field="hands[1].cards[0]", description="duplicate AC"),
                    error_details_pb2.BadRequest.FieldViolation(field="house_rules.fee_bps", description="> 10000"),
                ]
            )
        )
        status = status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message="bad request", details=[detail])
        context.abort_with_status(rpc_status.to_status(status))
        raise AssertionError("abort_with_status returns only by raising")

    def StartBetting(
        self, request: lieng_pb2.StartBettingRequest, context: grpc.ServicerContext
    ) -> lieng_pb2.StartBettingResponse:
        with self.lock:
            self.calls.append("StartBetting")
            attempt = self.calls.count("StartBetting")
        if attempt <= self.unavailable_before_success:
            context.abort(grpc.StatusCode.UNAVAILABLE, "warming up")
        state = lieng_pb2.LiengBettingState(ante=request.ante, first_actor=request.first_actor)
        state.seats.extend(lieng_pb2.LiengSeat(stack=s - request.ante, committed=request.ante) for s in request.stacks)
        return lieng_pb2.StartBettingResponse(state=state)

    def LegalMoves(
        self, request: lieng_pb2.LiengServiceLegalMovesRequest, context: grpc.ServicerContext
    ) -> lieng_pb2.LiengServiceLegalMovesResponse:
        time.sleep(1.0)
        return lieng_pb2.LiengServiceLegalMovesResponse()

    def SettleRound(
        self, request: lieng_pb2.LiengServiceSettleRoundRequest, context: grpc.ServicerContext
    ) -> lieng_pb2.LiengServiceSettleRoundResponse:
        context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, "too many hands")
        raise AssertionError("abort returns only by raising")


class SamLoc(sam_loc_pb2_grpc.SamLocServiceServicer):
    def ValidatePlay(
        self, request: sam_loc_pb2.SamLocServiceValidatePlayRequest, context: grpc.ServicerContext
    ) -> sam_loc_pb2.SamLocServiceValidatePlayResponse:
        combination = sam_loc_pb2.SamCombination(cards=request.action.play.cards, length=len(request.action.play.cards))
        return sam_loc_pb2.SamLocServiceValidatePlayResponse(legal=True, combination=combination)


@dataclass
class Running:
    target: str
    lieng: Lieng


def _serve(name: str, unavailable_before_success: int = 0) -> tuple[grpc.Server, Running]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=8))
    lieng = Lieng(name, unavailable_before_success)  # type: ignore[abstract]  # only the RPCs this test calls; the runtime base answers the others UNIMPLEMENTED
    lieng_pb2_grpc.add_LiengServiceServicer_to_server(lieng, server)
    sam_loc_pb2_grpc.add_SamLocServiceServicer_to_server(SamLoc(), server)  # type: ignore[abstract]  # only the RPCs this test calls; the runtime base answers the others UNIMPLEMENTED
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    return server, Running(f"127.0.0.1:{port}", lieng)


class Blocking:
    """An asyncio client whose every call runs to completion on ``loop``: the calls a sync client makes."""

    def __init__(self, client: Any, loop: asyncio.AbstractEventLoop) -> None:
        self._client = client
        self._loop = loop

    def __getattr__(self, name: str) -> Callable[..., Any]:
        method = getattr(self._client, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            return self._loop.run_until_complete(method(*args, **kwargs))

        return call


@contextlib.contextmanager
def clients(kind: str, target: str, timeout: float = 30.0, **options: Any) -> Iterator[tuple[Any, Any]]:
    """(Liêng client, Sâm Lốc client) over one channel to ``target``: the sync clients for ``kind`` "sync", the
    asyncio clients (on an event loop of their own) for "async". ``options`` go to ``connect``."""
    if kind == "sync":
        with connect(target, **options) as channel:
            yield LiengClient(channel, timeout=timeout), SamLocClient(channel, timeout=timeout)
        return
    loop = asyncio.new_event_loop()

    async def open_channel() -> grpc.aio.Channel:
        return aio_connect(target, **options)

    aio_channel = loop.run_until_complete(open_channel())
    try:
        lieng = Blocking(AsyncLiengClient(aio_channel, timeout=timeout), loop)
        yield lieng, Blocking(AsyncSamLocClient(aio_channel, timeout=timeout), loop)
    finally:
        loop.run_until_complete(aio_channel.close())
        loop.close()


KINDS = pytest.mark.parametrize("kind", ["sync", "async"])


@pytest.fixture
def fake() -> Iterator[Running]:
    server, running = _serve("one", unavailable_before_success=2)
    yield running
    server.stop(grace=None)


@KINDS
def test_score_sends_card_text_as_messages(kind: str, fake: Running) -> None:
    with clients(kind, fake.target) as (lieng, _sam):
        response = lieng.score_lieng(hands=["ac ad ah", "2S3H4D"])
    assert [s.label.en for s in response.scores] == ["AC AD AH", "2S 3H 4D"]


def _deadline_seen(channel: grpc.Channel) -> float | None:
    stub = lieng_pb2_grpc.LiengServiceStub(channel)
    _, call = stub.ScoreLieng.with_call(lieng_pb2.ScoreLiengRequest())
    seen = dict(call.trailing_metadata()).get("x-deadline")
    return None if seen is None else float(seen)


def test_channel_default_deadline_reaches_raw_stubs(fake: Running) -> None:
    with connect(fake.target, default_timeout=3.0) as channel:
        seen = _deadline_seen(channel)
        # grpc sends the timeout rounded up to its wire unit and the two clocks are read at different moments, so
        # the server may see a few milliseconds more than was set (3.006 s has been seen): allow 50 ms.
        assert seen is not None and 2.0 < seen <= 3.05
    with connect(fake.target, default_timeout=None) as channel:
        assert _deadline_seen(channel) is None


@KINDS
def test_default_deadline_and_per_call_timeout(kind: str, fake: Running) -> None:
    with clients(kind, fake.target, timeout=2.0) as (lieng, _sam):
        with pytest.raises(DeadlineExceededError) as raised:
            lieng.legal_moves(state=lieng_pb2.LiengBettingState(), timeout=0.1)
        assert raised.value.code == grpc.StatusCode.DEADLINE_EXCEEDED
    with clients(kind, fake.target, timeout=0.1) as (lieng, _sam), pytest.raises(DeadlineExceededError):
        lieng.legal_moves(lieng_pb2.LiengServiceLegalMovesRequest())


@KINDS
def test_invalid_argument_carries_field_violations(kind: str, fake: Running) -> None:
    with clients(kind, fake.target) as (lieng, _sam), pytest.raises(InvalidArgumentError) as raised:
        lieng.compare_hands(hands=["AC AD AH", "AC 2D 3H"])
    error = raised.value
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and error.message == "bad request"
    assert [(v.field, v.description) for v in error.field_violations] == [
        ("hands[1].cards[0]", "duplicate AC"),
        ("house_rules.fee_bps", "> 10000"),
    ]
    assert "hands[1].cards[0]: duplicate AC" in str(error)
    assert isinstance(error.__cause__, grpc.RpcError)


@KINDS
def test_resource_exhausted_and_unimplemented(kind: str, fake: Running) -> None:
    with clients(kind, fake.target) as (lieng, sam):
        with pytest.raises(ResourceExhaustedError):
            lieng.settle_round(round=lieng_pb2.LiengRoundRecord(ante=100))
        with pytest.raises(RulesError) as raised:
            sam.start_hand(hands=["3S 4S"], leader=0)
    assert type(raised.value) is RulesError and raised.value.code == grpc.StatusCode.UNIMPLEMENTED


@KINDS
def test_unavailable_is_retried_by_the_service_config(kind: str, fake: Running) -> None:
    with clients(kind, fake.target) as (lieng, _sam):
        response = lieng.start_betting(stacks=[1000, 1000], ante=100, first_actor=1)
    assert [s.stack for s in response.state.seats] == [900, 900]
    assert fake.lieng.calls.count("StartBetting") == 3  # two UNAVAILABLE answers, then success


@KINDS
def test_without_retry_unavailable_is_raised(kind: str, fake: Running) -> None:
    with clients(kind, fake.target, retry=False) as (lieng, _sam), pytest.raises(UnavailableError, match="warming up"):
        lieng.start_betting(stacks=[1000, 1000], ante=100)


@KINDS
def test_unreachable_server_is_unavailable(kind: str) -> None:
    with clients(kind, "127.0.0.1:1", timeout=5) as (lieng, _sam), pytest.raises(UnavailableError):
        lieng.score_lieng(hands=["AC AD AH"])


@KINDS
def test_request_or_keywords_not_both(kind: str, fake: Running) -> None:
    with clients(kind, fake.target) as (_lieng, client):
        state = sam_loc_pb2.SamTableState()
        response = client.validate_play(state=state, action=sam_play(0, "3S 4S 5S"))
        assert cards_text(response.combination.cards) == "3S 4S 5S"
        request = sam_loc_pb2.SamLocServiceValidatePlayRequest(action=sam_play(0, "AS"))
        assert client.validate_play(request).combination.length == 1
        with pytest.raises(TypeError, match="not both"):
            client.validate_play(request, state=state)
        with pytest.raises(TypeError, match="expected a SamLocServiceValidatePlayRequest"):
            client.validate_play(sam_loc_pb2.SamLocServiceLegalMovesRequest())


@KINDS
def test_round_robin_spreads_calls_over_every_address(kind: str) -> None:
    servers = [_serve("a"), _serve("b")]
    try:
        addresses = ",".join(running.target for _, running in servers)
        with clients(kind, f"ipv4:{addresses}", load_balancing="round_robin") as (client, _sam):
            seen = {client.score_lieng(hands=["AC AD AH"]).scores[0].label.vi for _ in range(10)}
        assert seen == {"a", "b"}
    finally:
        for server, _ in servers:
            server.stop(grace=None)


def test_service_config_shape() -> None:
    config = service_config(load_balancing="round_robin")
    assert config["loadBalancingConfig"] == [{"round_robin": {}}]
    (method,) = config["methodConfig"]
    assert method["name"] == [{"service": "cardrules.v1.LiengService"}, {"service": "cardrules.v1.SamLocService"}]
    assert "timeout" not in method  # the default deadline comes from an interceptor, see channel.py
    assert method["retryPolicy"]["maxAttempts"] == 4
    assert method["retryPolicy"]["retryableStatusCodes"] == ["UNAVAILABLE", "CANCELLED"]
    assert "retryPolicy" not in service_config(retry=False)["methodConfig"][0]
    json.dumps(config)
    with pytest.raises(ValueError):
        service_config(load_balancing="random")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        connect("127.0.0.1:1", default_timeout=0)
