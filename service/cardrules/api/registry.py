"""The services this server hosts: what the bootstrap registers, checks health for and reflects."""

from __future__ import annotations

import functools

import grpc
from google.protobuf.descriptor import ServiceDescriptor

from cardrules.api.json_gateway import JsonGatewayService
from cardrules.api.lieng import LiengService
from cardrules.api.sam import SamLocService
from cardrules.api.streams import StreamCalls
from cardrules.gateway.v1 import json_gateway_pb2, json_gateway_pb2_grpc
from cardrules.server.binding import ServiceBinding
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc, sam_loc_pb2, sam_loc_pb2_grpc

SAM = sam_loc_pb2.DESCRIPTOR.services_by_name["SamLocService"]
LIENG = lieng_pb2.DESCRIPTOR.services_by_name["LiengService"]
GATEWAY = json_gateway_pb2.DESCRIPTOR.services_by_name["JsonGatewayService"]
GATEWAY_CALL = f"/{GATEWAY.full_name}/{GATEWAY.methods_by_name['Call'].name}"
STREAM = "Stream"
# The unary rules methods: what the JSON gateway carries (a stream is many calls on one gRPC call; JSON callers
# make the calls themselves).
_HOSTED = frozenset(
    f"/{service.full_name}/{method.name}"
    for service in (SAM, LIENG)
    for method in service.methods
    if not method.client_streaming
)


def stream_name(service: ServiceDescriptor) -> str:
    return f"/{service.full_name}/{STREAM}"


def gateway_call_name(request: json_gateway_pb2.CallRequest) -> str | None:
    """The rules call a JSON gateway call carries, when this server hosts it."""
    name = f"/{request.service}/{request.method}"
    return name if name in _HOSTED else None


def bindings() -> list[ServiceBinding]:
    # One servicer per rules service, built when the server registers it: the JSON gateway calls the same ones.
    # Their Stream methods stay the generated ones: the server runs each Stream itself (cardrules.server.streams),
    # answering its messages with these servicers' unary handlers (cardrules.api.streams).
    @functools.cache
    def sam() -> SamLocService:
        return SamLocService()  # type: ignore[abstract]

    @functools.cache
    def lieng() -> LiengService:
        return LiengService()  # type: ignore[abstract]

    def add_sam(server: grpc.aio.Server) -> None:
        sam_loc_pb2_grpc.add_SamLocServiceServicer_to_server(sam(), server)

    def add_lieng(server: grpc.aio.Server) -> None:
        lieng_pb2_grpc.add_LiengServiceServicer_to_server(lieng(), server)

    def add_gateway(server: grpc.aio.Server) -> None:
        gateway = JsonGatewayService([(SAM, sam()), (LIENG, lieng())])
        json_gateway_pb2_grpc.add_JsonGatewayServiceServicer_to_server(gateway, server)  # type: ignore[no-untyped-call]

    # Each service's Stream answers its messages with the same servicer's handlers.
    sam_stream, lieng_stream = stream_name(SAM), stream_name(LIENG)
    return [
        ServiceBinding(SAM.full_name, add_sam, streams={sam_stream: lambda: StreamCalls(SAM, sam())}),
        ServiceBinding(LIENG.full_name, add_lieng, streams={lieng_stream: lambda: StreamCalls(LIENG, lieng())}),
        ServiceBinding(GATEWAY.full_name, add_gateway, carried_calls={GATEWAY_CALL: gateway_call_name}, listed=False),
    ]
