"""The Python clients as grpc users expect them, against in-test servers (no rules server needed).

Clients that own their channel (``connect`` / ``with`` / ``async with`` / ``close``) and clients that borrow
one; credentials, call credentials, channel options and interceptors on ``connect``; per-call metadata and
timeout; ErrorInfo and violation reasons in typed errors.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from concurrent import futures
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from cardrules.client import ErrorInfo, FieldViolation, InvalidArgumentError, LiengClient, connect
from cardrules.client.aio import AsyncLiengClient
from cardrules.client.aio import connect as aio_connect
from cardrules.client.channel import channel_options, merge_options
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc


@dataclass
class Recording(lieng_pb2_grpc.LiengServiceServicer):
    """Answers ScoreLieng with one score per hand and remembers each call's metadata; CompareHands fails the way
    the real server does on bad input (BadRequest with reasons, then ErrorInfo)."""

    metadata: list[dict[str, str]] = field(default_factory=list)

    def ScoreLieng(self, request: lieng_pb2.ScoreLiengRequest, context: Any) -> lieng_pb2.ScoreLiengResponse:
        self.metadata.append({key: str(value) for key, value in context.invocation_metadata()})
        return lieng_pb2.ScoreLiengResponse(scores=[lieng_pb2.LiengScore() for _ in request.hands])

    def CompareHands(self, request: lieng_pb2.CompareHandsRequest, context: Any) -> lieng_pb2.CompareHandsResponse:
        bad_request = error_details_pb2.BadRequest(
            field_violations=[
                error_details_pb2.BadRequest.FieldViolation(
                    field="hands[1].cards[0]", description="AC is dealt twice", reason="DUPLICATE_CARD"
                ),
                error_details_pb2.BadRequest.FieldViolation(
                    field="hands[1].cards[0]", description="1 more violation not listed", reason="MORE_VIOLATIONS"
                ),
            ]
        )
        info = error_details_pb2.ErrorInfo(
            reason="DUPLICATE_CARD", domain="cardrules.v1", metadata={"field": "hands[1].cards[0]"}
        )
        details = []
        for detail in (bad_request, info):
            packed = any_pb2.Any()
            packed.Pack(detail)
            details.append(packed)
        status = status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message="AC is dealt twice", details=details)
        context.abort_with_status(rpc_status.to_status(status))
        raise AssertionError("abort_with_status returns only by raising")


@dataclass
class Served:
    target: str
    servicer: Recording


def _serve(address: str, credentials: grpc.ServerCredentials | None = None) -> tuple[grpc.Server, Served]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    servicer = Recording()  # type: ignore[abstract]  # only the RPCs this test calls; the runtime base answers the others UNIMPLEMENTED
    lieng_pb2_grpc.add_LiengServiceServicer_to_server(servicer, server)
    port = server.add_insecure_port(address) if credentials is None else server.add_secure_port(address, credentials)
    server.start()
    target = f"127.0.0.1:{port}" if address.startswith("127.0.0.1") else address
    return server, Served(target, servicer)


@pytest.fixture
def served() -> Iterator[Served]:
    server, running = _serve("127.0.0.1:0")
    yield running
    server.stop(grace=None)


@pytest.fixture
def local_socket() -> Iterator[Served]:
    # A Unix socket with local credentials: a secure channel (gRPC sends call credentials over it) without a PKI.
    with tempfile.TemporaryDirectory() as folder:
        address = f"unix:{os.path.join(folder, 'rules.sock')}"
        server, running = _serve(address, grpc.local_server_credentials(grpc.LocalConnectionType.UDS))
        yield running
        server.stop(grace=None)


def _closed(channel: grpc.Channel) -> bool:
    try:
        LiengClient(channel).score_lieng(hands=["AC AD AH"])
    except ValueError:  # grpc: "Cannot invoke RPC on closed channel!"
        return True
    return False


def test_a_client_from_connect_owns_its_channel_and_closes_it(served: Served) -> None:
    with LiengClient.connect(served.target) as lieng:
        assert len(lieng.score_lieng(hands=["AC AD AH", "2S 3H 4D"]).scores) == 2
    assert _closed(lieng.channel)


def test_a_client_on_your_channel_leaves_it_open(served: Served) -> None:
    with connect(served.target) as channel:
        with LiengClient(channel) as lieng:
            lieng.score_lieng(hands=["AC AD AH"])
        lieng.close()
        assert not _closed(channel)
    assert _closed(channel)


def test_per_call_metadata_follows_the_clients_own(served: Served) -> None:
    with LiengClient.connect(served.target, metadata=[("x-table", "7")]) as lieng:
        lieng.score_lieng(hands=["AC AD AH"], metadata=[("x-request-id", "42")])
        lieng.score_lieng(hands=["AC AD AH"])
    first, second = served.servicer.metadata
    assert (first["x-table"], first["x-request-id"]) == ("7", "42")
    assert second["x-table"] == "7" and "x-request-id" not in second


def test_options_and_interceptors_reach_every_call(served: Served) -> None:
    seen: list[str] = []

    class Named(grpc.UnaryUnaryClientInterceptor):
        def intercept_unary_unary(self, continuation: Callable[[Any, Any], Any], details: Any, request: Any) -> Any:
            seen.append(details.method)
            return continuation(details, request)

    options = [("grpc.primary_user_agent", "table-service/3")]
    with LiengClient.connect(served.target, options=options, interceptors=[Named()]) as lieng:
        lieng.score_lieng(hands=["AC AD AH"])
    assert seen == ["/cardrules.v1.LiengService/ScoreLieng"]
    assert served.servicer.metadata[0]["user-agent"].startswith("table-service/3")


def test_credentials_and_call_credentials(local_socket: Served) -> None:
    class ApiKey(grpc.AuthMetadataPlugin):
        def __call__(self, context: grpc.AuthMetadataContext, callback: grpc.AuthMetadataPluginCallback) -> None:
            callback((("x-api-key", "k1"),), None)

    credentials = grpc.local_channel_credentials(grpc.LocalConnectionType.UDS)
    call_credentials = grpc.metadata_call_credentials(ApiKey())
    with LiengClient.connect(
        local_socket.target, credentials=credentials, call_credentials=call_credentials, token="t0k3n"
    ) as lieng:
        lieng.score_lieng(hands=["AC AD AH"])
    seen = local_socket.servicer.metadata[0]
    assert (seen["x-api-key"], seen["authorization"]) == ("k1", "Bearer t0k3n")


def test_call_credentials_need_a_secure_channel_and_credentials_exclude_the_tls_flags() -> None:
    with pytest.raises(ValueError, match="secure channel"):
        connect("127.0.0.1:1", call_credentials=grpc.access_token_call_credentials("t"))
    with pytest.raises(ValueError, match="not both"):
        connect("127.0.0.1:1", credentials=grpc.ssl_channel_credentials(), secure=True)


def test_error_info_and_violation_reasons_are_decoded(served: Served) -> None:
    with LiengClient.connect(served.target) as lieng, pytest.raises(InvalidArgumentError) as raised:
        lieng.compare_hands(hands=["AC AD AH", "AC 2D 3H"])
    error = raised.value
    assert error.error_info == ErrorInfo("DUPLICATE_CARD", "cardrules.v1", {"field": "hands[1].cards[0]"})
    assert error.reason == "DUPLICATE_CARD"
    assert error.field_violations == [
        FieldViolation("hands[1].cards[0]", "AC is dealt twice", "DUPLICATE_CARD"),
        FieldViolation("hands[1].cards[0]", "1 more violation not listed", "MORE_VIOLATIONS"),
    ]


def test_async_clients_own_or_borrow_their_channel_like_the_sync_ones(served: Served) -> None:
    seen: list[str] = []

    class Named(grpc.aio.UnaryUnaryClientInterceptor):
        async def intercept_unary_unary(
            self, continuation: Callable[[Any, Any], Awaitable[Any]], details: Any, request: Any
        ) -> Any:
            method = details.method  # grpc.aio hands interceptors the method name as bytes
            seen.append(method.decode() if isinstance(method, bytes) else method)
            return await continuation(details, request)

    async def scenario() -> None:
        async with AsyncLiengClient.connect(
            served.target, interceptors=[Named()], metadata=[("x-table", "7")]
        ) as lieng:
            await lieng.score_lieng(hands=["AC AD AH"], metadata=[("x-request-id", "42")], timeout=5)
            with pytest.raises(InvalidArgumentError) as raised:
                await lieng.compare_hands(hands=["AC AD AH", "AC 2D 3H"])
            assert raised.value.reason == "DUPLICATE_CARD"
            assert [v.reason for v in raised.value.field_violations] == ["DUPLICATE_CARD", "MORE_VIOLATIONS"]
        assert seen == ["/cardrules.v1.LiengService/ScoreLieng", "/cardrules.v1.LiengService/CompareHands"]
        with pytest.raises(grpc.aio.UsageError):  # the owned channel is closed
            await lieng.score_lieng(hands=["AC AD AH"])
        async with aio_connect(served.target) as channel:
            async with AsyncLiengClient(channel) as borrowed:
                await borrowed.score_lieng(hands=["AC AD AH"])
            assert len((await AsyncLiengClient(channel).score_lieng(hands=["2S 3H 4D"])).scores) == 1

    asyncio.run(scenario())
    assert (served.servicer.metadata[0]["x-table"], served.servicer.metadata[0]["x-request-id"]) == ("7", "42")


def test_your_channel_options_replace_the_sdks_by_key() -> None:
    ours = channel_options(load_balancing="pick_first", retry=True)
    config = json.dumps({"loadBalancingConfig": [{"round_robin": {}}]})
    merged = merge_options(ours, [("grpc.service_config", config), ("grpc.keepalive_time_ms", 30000)])
    assert merged == [("grpc.enable_retries", 1), ("grpc.service_config", config), ("grpc.keepalive_time_ms", 30000)]
