"""Every unary RPC of every service in the contract's descriptors is a method of the Python SDK's sync and asyncio
clients, under the README's naming-table name, taking the request or its fields.

The services are found here by importing every generated module of ``cardrules.v1`` (not from the SDK's
generated list), so a service or RPC the SDK missed fails, and so does a request field the methods do not take:
``bash protos/generate.sh`` regenerates them.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2, message_factory
from google.protobuf.descriptor import MethodDescriptor, ServiceDescriptor

import cardrules.client
import cardrules.client.aio
import cardrules.v1
from cardrules.client.calls import AsyncMethod, Call, Rpc, SyncMethod
from cardrules.client.cards import cards_text
from cardrules.client.channel import SERVICES, service_config

# The contract as protos/generate.sh compiles it for the server's reflection: the protos themselves, not the Python
# modules generated from them.
DESCRIPTOR_SET = Path(__file__).resolve().parents[2] / "service/cardrules/server/descriptors/contract.binpb"


def _contract_services() -> list[ServiceDescriptor]:
    services = []
    for module in sorted(pkgutil.iter_modules(cardrules.v1.__path__), key=lambda m: m.name):
        if module.name.endswith("_pb2"):
            file = importlib.import_module(f"cardrules.v1.{module.name}").DESCRIPTOR
            services += list(file.services_by_name.values())
    return services


CONTRACT = _contract_services()
UNARY = [
    (service, method)
    for service in CONTRACT
    for method in service.methods
    if not (method.client_streaming or method.server_streaming)
]


def _python_name(rpc: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", rpc).lower()  # ScoreLieng -> score_lieng (naming table)


def test_the_contract_has_both_games() -> None:
    assert {s.full_name for s in CONTRACT} >= {"cardrules.v1.SamLocService", "cardrules.v1.LiengService"}
    compiled = descriptor_pb2.FileDescriptorSet.FromString(DESCRIPTOR_SET.read_bytes())
    expected = [
        f"{file.package}.{service.name}/{method.name}"
        for file in compiled.file
        if file.package == "cardrules.v1"
        for service in file.service
        for method in service.method
        if not (method.client_streaming or method.server_streaming)
    ]
    assert sorted(f"{service.full_name}/{method.name}" for service, method in UNARY) == sorted(expected)


def test_every_service_is_retried_and_streamable() -> None:
    assert sorted(SERVICES) == sorted(s.full_name for s in CONTRACT)
    names = [entry["service"] for entry in service_config()["methodConfig"][0]["name"]]
    assert sorted(names) == sorted(s.full_name for s in CONTRACT)


@pytest.mark.parametrize(("service", "method"), UNARY, ids=[f"{s.name}.{m.name}" for s, m in UNARY])
def test_every_rpc_is_a_method_of_the_sync_and_asyncio_clients(
    service: ServiceDescriptor, method: MethodDescriptor
) -> None:
    game = service.name.removesuffix("Service")
    sync_class = getattr(cardrules.client, f"{game}Client")
    async_class = getattr(cardrules.client.aio, f"Async{game}Client")
    name = _python_name(method.name)
    declared = inspect.getattr_static(sync_class, name)
    assert isinstance(declared, Rpc) and inspect.getattr_static(async_class, name) is declared
    assert declared.method == f"/{service.full_name}/{method.name}"
    assert declared.response_type is message_factory.GetMessageClass(method.output_type)
    # The request alone, then every request field as a keyword argument, then the per-call timeout and metadata.
    parameters = list(inspect.signature(declared.prepare).parameters.values())
    assert parameters[0].name == "request" and parameters[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in parameters[1:])
    assert [p.name for p in parameters[1:]] == [f.name for f in method.input_type.fields] + ["timeout", "metadata"]
    call = declared.prepare()
    assert isinstance(call, Call)
    assert call.request.DESCRIPTOR.full_name == method.input_type.full_name
    assert declared.__doc__  # the proto's comment

    sync_client = sync_class.__new__(sync_class)  # attribute access only: no channel is needed to read a method
    async_client = async_class.__new__(async_class)
    assert isinstance(getattr(sync_client, name), SyncMethod)
    assert isinstance(getattr(async_client, name), AsyncMethod)


def test_every_client_has_exactly_its_services_rpcs() -> None:
    for service in CONTRACT:
        game = service.name.removesuffix("Service")
        wanted = {_python_name(m.name) for s, m in UNARY if s is service}
        for client in (getattr(cardrules.client, f"{game}Client"), getattr(cardrules.client.aio, f"Async{game}Client")):
            declared = {name for name in dir(client) if isinstance(inspect.getattr_static(client, name), Rpc)}
            assert declared == wanted, client.__name__


def test_card_text_goes_into_every_cards_field() -> None:
    # One rule, not per RPC: a Cards field (or list of them) takes card text, so a new RPC with hands gets it too.
    call = cardrules.client.LiengClient.score_lieng.prepare(hands=["AC AD AH"])
    assert [cards_text(hand) for hand in call.request.hands] == ["AC AD AH"]
    with pytest.raises(TypeError, match="either"):
        cardrules.client.LiengClient.score_lieng.prepare(call.request, hands=["AC AD AH"])


def test_the_generated_package_stays_reachable_by_its_name() -> None:
    # cardrules.client re-exports the generated clients; it must not hide the subpackage they come from.
    import cardrules.client.generated.rpcs as rpcs

    assert cardrules.client.generated.__name__ == "cardrules.client.generated"
    assert rpcs.LiengRpcs.score_lieng is cardrules.client.LiengClient.score_lieng
