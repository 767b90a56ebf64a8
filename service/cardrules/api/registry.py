"""The services this server hosts, derived from the registered games (cardrules.api.games) and the JSON gateway:
what the bootstrap registers, checks health for and reflects, each game's ``Stream`` route and the calls the
gateway carries. Nothing here names a game."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

import grpc
from google.protobuf.descriptor import ServiceDescriptor

from cardrules.api.games import Game, registered_games
from cardrules.api.json_gateway import JsonGatewayService
from cardrules.api.streams import STREAM_METHOD, StreamCalls
from cardrules.gateway.v1 import json_gateway_pb2, json_gateway_pb2_grpc
from cardrules.server.binding import CallName, ServiceBinding

__all__ = ["GATEWAY", "GATEWAY_CALL", "bindings", "hosted_calls", "stream_name"]

GATEWAY = json_gateway_pb2.DESCRIPTOR.services_by_name["JsonGatewayService"]
GATEWAY_CALL = f"/{GATEWAY.full_name}/{GATEWAY.methods_by_name['Call'].name}"


def stream_name(service: ServiceDescriptor) -> str:
    return f"/{service.full_name}/{STREAM_METHOD}"


def hosted_calls(games: Iterable[Game]) -> frozenset[str]:
    """The unary rules methods of ``games`` (``/cardrules.v1.LiengService/ScoreLieng``): what the JSON gateway
    carries (a stream is many calls on one gRPC call; JSON callers make the calls themselves)."""
    return frozenset(
        f"/{game.name}/{method.name}"
        for game in games
        for method in game.service.methods
        if not method.client_streaming
    )


def _gateway_call_name(hosted: frozenset[str]) -> CallName:
    def call_name(request: json_gateway_pb2.CallRequest) -> str | None:
        """The rules call a JSON gateway call carries, when this server hosts it."""
        name = f"/{request.service}/{request.method}"
        return name if name in hosted else None

    return call_name


def _game_binding(game: Game, servicer: Callable[[], Any]) -> ServiceBinding:
    def register(server: grpc.aio.Server) -> None:
        game.add_servicer(servicer(), server)

    # The Stream method stays the generated one: the server runs each Stream itself (cardrules.server.streams),
    # answering its messages with this servicer's unary handlers (cardrules.api.streams).
    has_stream = STREAM_METHOD in game.service.methods_by_name
    streams = {stream_name(game.service): lambda: StreamCalls(game.service, servicer())} if has_stream else {}
    return ServiceBinding(game.name, register, streams=streams)


def bindings() -> list[ServiceBinding]:
    """One binding per registered game, then the JSON gateway over the same servicers."""
    games = registered_games()
    # One servicer per game, built when the server registers it: its Stream and the JSON gateway call the same one.
    servicers = [functools.cache(game.servicer) for game in games]

    def add_gateway(server: grpc.aio.Server) -> None:
        gateway = JsonGatewayService(
            [(game.service, servicer()) for game, servicer in zip(games, servicers, strict=True)]
        )
        json_gateway_pb2_grpc.add_JsonGatewayServiceServicer_to_server(gateway, server)  # type: ignore[no-untyped-call]

    gateway_calls = {GATEWAY_CALL: _gateway_call_name(hosted_calls(games))}
    return [
        *(_game_binding(game, servicer) for game, servicer in zip(games, servicers, strict=True)),
        ServiceBinding(GATEWAY.full_name, add_gateway, carried_calls=gateway_calls, listed=False),
    ]
