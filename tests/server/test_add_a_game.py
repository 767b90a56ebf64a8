"""A game is added by registering it, and nothing else: a throwaway "high card" game, defined and registered in
this file only, is served by the real server, health-checked, reflected, held to its bounds, counted in the
metrics, carried by the JSON gateway and callable from the Python SDK's generic call path, with no other file
touched (CONTRIBUTING.md, "Adding a game").

Its contract is built here with ``descriptor_pb2`` (one service, one RPC: the seat holding the highest card wins);
its core is one line. The server runs in a subprocess, ``python -m tests.server.test_add_a_game``: that entry point
registers the game (:func:`register`), then runs the server's own command with its default services, so every
real game is served beside it. The pytest process itself never registers it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import ServiceDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from cardrules.api.errors import rpc_method
from cardrules.api.games import Game, register_game, registered_games
from cardrules.api.limits import Bound, check_bounds
from cardrules.client import InvalidArgumentError
from cardrules.client.calls import Call, Rpc, SyncClient
from cardrules.client.errors import from_rpc_error
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.gateway.v1 import json_gateway_pb2, json_gateway_pb2_grpc
from tests.support.calls import calls_total, metric_samples
from tests.support.server_process import ServerHandle, health_status, running_server

SERVICE = "highcard.v1.HighCardService"
METHOD = f"/{SERVICE}/HighestCard"
DECK = 52


def contract() -> descriptor_pb2.FileDescriptorProto:
    """``highcard/v1/high_card.proto``: ``HighestCard(HighestCardRequest{repeated uint32 ranks}) -> {uint32 seat}``."""
    file = descriptor_pb2.FileDescriptorProto(
        name="highcard/v1/high_card.proto", package="highcard.v1", syntax="proto3"
    )
    label, uint32 = descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED, descriptor_pb2.FieldDescriptorProto.TYPE_UINT32
    single = descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL
    file.message_type.add(name="HighestCardRequest").field.add(name="ranks", number=1, label=label, type=uint32)
    file.message_type.add(name="HighestCardResponse").field.add(name="seat", number=1, label=single, type=uint32)
    file.service.add(name="HighCardService").method.add(
        name="HighestCard", input_type=".highcard.v1.HighestCardRequest", output_type=".highcard.v1.HighestCardResponse"
    )
    return file


def service_in(pool: descriptor_pool.DescriptorPool) -> ServiceDescriptor:
    pool.Add(contract())
    return pool.FindServiceByName(SERVICE)


class HighCardService:
    """The servicer: bounds, then the core (the seat of the highest rank), as every rules servicer does."""

    def __init__(self, service: ServiceDescriptor) -> None:
        self.service = service
        self.response = GetMessageClass(service.methods_by_name["HighestCard"].output_type)

    @rpc_method
    def HighestCard(self, request: Any) -> Message:
        check_bounds(request)
        if not request.ranks:
            raise InvalidInput.one("ranks", ErrorReason.MISSING_VALUE, "deal at least one card")
        return self.response(seat=max(range(len(request.ranks)), key=request.ranks.__getitem__))


def add_servicer(servicer: HighCardService, server: grpc.aio.Server) -> None:
    """What ``protoc``'s ``add_HighCardServiceServicer_to_server`` would be."""
    method = servicer.service.methods_by_name["HighestCard"]
    handler: grpc.RpcMethodHandler[Any, Any] = grpc.unary_unary_rpc_method_handler(
        servicer.HighestCard,
        request_deserializer=GetMessageClass(method.input_type).FromString,
        response_serializer=lambda message: message.SerializeToString(),
    )
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(SERVICE, {"HighestCard": handler})])


def game(service: ServiceDescriptor, bounds: dict[type[Message], tuple[Bound, ...]] | None = None) -> Game:
    request = GetMessageClass(service.methods_by_name["HighestCard"].input_type)
    return Game(
        service=service,
        servicer=lambda: HighCardService(service),
        add_servicer=add_servicer,
        bounds={request: (Bound("ranks", DECK, "a deck holds 52 cards", "cards"),)} if bounds is None else bounds,
        vectors="high_card",
    )


def register() -> None:
    """The one step a new game takes: register it. Its contract goes in the default pool, where reflection finds
    the files of services outside the cardrules contract."""
    register_game(game(service_in(descriptor_pool.Default())))


# The test process's view of the contract: a pool of its own, so the default one stays the server's contract.
SERVICE_DESCRIPTOR = service_in(descriptor_pool.DescriptorPool())
REQUEST = GetMessageClass(SERVICE_DESCRIPTOR.methods_by_name["HighestCard"].input_type)
RESPONSE = GetMessageClass(SERVICE_DESCRIPTOR.methods_by_name["HighestCard"].output_type)


class HighCardClient(SyncClient):
    """A Python SDK client made with the SDK's generic call path: one ``Rpc`` per method of the descriptor."""

    highest_card = Rpc(METHOD, RESPONSE, lambda request: Call(request))


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server(entry="tests.server.test_add_a_game") as handle:
        yield handle


def test_the_game_is_registered_only_where_it_is_registered() -> None:
    assert SERVICE not in {game.name for game in registered_games()}


def test_it_is_served_beside_every_registered_game_and_health_checked(server: ServerHandle) -> None:
    serving = health_pb2.HealthCheckResponse.SERVING
    for name in ("", SERVICE, *(game.name for game in registered_games())):
        assert health_status(server.target, name) == serving, name
    started = server.wait_for_log(lambda record: record.get("event") == "server started")
    games = sorted([SERVICE, *(game.name for game in registered_games())])
    assert started["services"] == [*games, "cardrules.gateway.v1.JsonGatewayService"]


def test_it_is_reflected_with_its_contract(server: ServerHandle) -> None:
    with server.channel() as channel:
        database = ProtoReflectionDescriptorDatabase(channel)
        assert SERVICE in database.get_services()
        reflected = descriptor_pool.DescriptorPool(database).FindServiceByName(SERVICE)
        assert [method.name for method in reflected.methods] == ["HighestCard"]
        assert reflected.methods[0].input_type.fields[0].name == "ranks"


def test_it_answers_from_the_python_sdk_generic_call_path(server: ServerHandle) -> None:
    with server.channel() as channel, HighCardClient(channel) as client:
        answer: Any = client.highest_card(REQUEST(ranks=[3, 12, 7]))
    assert answer.seat == 1


def test_its_bound_refuses_a_list_over_it_naming_the_field(server: ServerHandle) -> None:
    with server.channel() as channel, HighCardClient(channel) as client, pytest.raises(InvalidArgumentError) as refused:
        client.highest_card(REQUEST(ranks=[1] * (DECK + 1)))
    ((field, reason, description),) = [(v.field, v.reason, v.description) for v in refused.value.field_violations]
    assert (field, reason) == ("ranks", "TOO_MANY")
    assert description == "at most 52 cards (a deck holds 52 cards), got 53"
    # Bad input of its own core is named too, through the same conversion.
    with server.channel() as channel, HighCardClient(channel) as client, pytest.raises(InvalidArgumentError) as empty:
        client.highest_card(REQUEST())
    assert [(v.field, v.reason) for v in empty.value.field_violations] == [("ranks", "MISSING_VALUE")]


def test_the_json_gateway_carries_it_and_the_metrics_count_it(server: ServerHandle) -> None:
    with server.channel() as channel:
        gateway: Any = json_gateway_pb2_grpc.JsonGatewayServiceStub(channel)  # type: ignore[no-untyped-call]
        body = json.dumps({"ranks": [2, 9, 4]}).encode()
        answer = gateway.Call(json_gateway_pb2.CallRequest(service=SERVICE, method="HighestCard", body={"data": body}))
        assert json.loads(answer.data) == {"seat": 1}
        with pytest.raises(grpc.RpcError) as refused:
            gateway.Call(
                json_gateway_pb2.CallRequest(
                    service=SERVICE, method="HighestCard", body={"data": json.dumps({"ranks": [1] * 53}).encode()}
                )
            )
    error = from_rpc_error(refused.value)
    assert isinstance(error, InvalidArgumentError)
    assert [(v.field, v.reason) for v in error.field_violations] == [("ranks", "TOO_MANY")]
    samples = metric_samples(server)
    assert calls_total(samples, METHOD, "OK") >= 2  # the SDK call and the JSON one, counted as the call it carries
    assert calls_total(samples, METHOD, "INVALID_ARGUMENT") >= 1


def test_a_registration_must_bound_every_request_of_its_service() -> None:
    unbounded = game(service_in(descriptor_pool.DescriptorPool()), bounds={})
    with pytest.raises(ValueError, match=r"missing \['highcard.v1.HighestCardRequest'\]"):
        register_game(unbounded)
    assert SERVICE not in {game.name for game in registered_games()}


if __name__ == "__main__":
    from cardrules.server.__main__ import main

    register()
    sys.exit(main())
