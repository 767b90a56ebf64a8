"""Reflection on the real server, both versions (grpc.reflection.v1, which grpcurl asks first, and v1alpha): every
service is listed, and the contract's files come back with their comments, so `grpcurl describe` shows them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from grpc_reflection.v1alpha import reflection_pb2

from cardrules.api.games import registered_games
from tests.support.server_process import new_channel, running_server

CALL_TIMEOUT = 30.0
V1 = "grpc.reflection.v1.ServerReflection"
V1ALPHA = "grpc.reflection.v1alpha.ServerReflection"


@pytest.fixture(scope="module")
def target() -> Iterator[str]:
    with running_server() as handle:
        yield handle.target


def _v1alpha(target: str, request: reflection_pb2.ServerReflectionRequest) -> Any:
    with new_channel(target) as channel:
        call = channel.stream_stream(
            f"/{V1ALPHA}/ServerReflectionInfo",
            request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
            response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
        )
        (reply,) = list(call(iter([request]), timeout=CALL_TIMEOUT))
    return reply


def _file(reply: Any, name: str) -> descriptor_pb2.FileDescriptorProto:
    files = [
        descriptor_pb2.FileDescriptorProto.FromString(b) for b in reply.file_descriptor_response.file_descriptor_proto
    ]
    return next(f for f in files if f.name == name)


def _v1_classes(target: str) -> tuple[Any, Any]:
    """v1's request and response classes, built from the file the server describes v1 with (not from v1alpha's)."""
    reply = _v1alpha(target, reflection_pb2.ServerReflectionRequest(file_containing_symbol=V1))
    pool = descriptor_pool.DescriptorPool()
    pool.Add(_file(reply, "grpc/reflection/v1/reflection.proto"))
    request = message_factory.GetMessageClass(pool.FindMessageTypeByName("grpc.reflection.v1.ServerReflectionRequest"))
    response = message_factory.GetMessageClass(
        pool.FindMessageTypeByName("grpc.reflection.v1.ServerReflectionResponse")
    )
    return request, response


def _v1(target: str, **request: Any) -> Any:
    request_class, response_class = _v1_classes(target)
    with new_channel(target) as channel:
        call = channel.stream_stream(
            f"/{V1}/ServerReflectionInfo",
            request_serializer=request_class.SerializeToString,
            response_deserializer=response_class.FromString,
        )
        (reply,) = list(call(iter([request_class(**request)]), timeout=CALL_TIMEOUT))
    return reply


def _leading_comment(file: descriptor_pb2.FileDescriptorProto, path: list[int]) -> str:
    return next(loc.leading_comments for loc in file.source_code_info.location if list(loc.path) == path)


EXPECTED_SERVICES = {*(game.name for game in registered_games()), "grpc.health.v1.Health", V1, V1ALPHA}


@pytest.mark.parametrize("version", ["v1", "v1alpha"])
def test_both_versions_list_every_public_service(target: str, version: str) -> None:
    if version == "v1":
        reply = _v1(target, list_services="")
    else:
        reply = _v1alpha(target, reflection_pb2.ServerReflectionRequest(list_services=""))
    # Exactly these: the JSON gateway is served (Envoy transcodes to it) but is internal, so it is not listed.
    assert {s.name for s in reply.list_services_response.service} == EXPECTED_SERVICES


@pytest.mark.parametrize("version", ["v1", "v1alpha"])
def test_describe_carries_the_protos_comments(target: str, version: str) -> None:
    symbol = "cardrules.v1.LiengService.ScoreLieng"
    if version == "v1":
        reply = _v1(target, file_containing_symbol=symbol)
    else:
        reply = _v1alpha(target, reflection_pb2.ServerReflectionRequest(file_containing_symbol=symbol))
    lieng = _file(reply, "cardrules/v1/lieng.proto")
    service = next(i for i, s in enumerate(lieng.service) if s.name == "LiengService")
    method = next(i for i, m in enumerate(lieng.service[service].method) if m.name == "ScoreLieng")
    assert _leading_comment(lieng, [6, service]).startswith(" The rules of Liêng")
    assert _leading_comment(lieng, [6, service, 2, method]) == " Score one or many 3-card hands.\n"
    # The imports come along, with their comments too: cards.proto documents Rank.
    cards = _file(reply, "cardrules/v1/cards.proto")
    rank = next(i for i, e in enumerate(cards.enum_type) if e.name == "Rank")
    assert "face values" in _leading_comment(cards, [5, rank])


def test_files_outside_the_contract_and_unknown_symbols(target: str) -> None:
    health = _v1(target, file_containing_symbol="grpc.health.v1.Health")
    assert _file(health, "grpc_health/v1/health.proto").package == "grpc.health.v1"
    v1 = _v1alpha(
        target, reflection_pb2.ServerReflectionRequest(file_by_filename="grpc/reflection/v1/reflection.proto")
    )
    assert [s.name for s in _file(v1, "grpc/reflection/v1/reflection.proto").service] == ["ServerReflection"]
    missing = _v1(target, file_containing_symbol="cardrules.v1.NoSuchService")
    assert missing.error_response.error_code == grpc.StatusCode.NOT_FOUND.value[0]
