"""The services this server hosts: what the bootstrap registers, checks health for and reflects."""

from __future__ import annotations

import grpc

from cardrules.api.lieng import LiengService
from cardrules.api.sam import SamLocService
from cardrules.server.binding import ServiceBinding
from cardrules.v1 import lieng_pb2_grpc, sam_loc_pb2_grpc


def bindings() -> list[ServiceBinding]:
    def add_sam(server: grpc.aio.Server) -> None:
        sam_loc_pb2_grpc.add_SamLocServiceServicer_to_server(SamLocService(), server)  # type: ignore[no-untyped-call]

    def add_lieng(server: grpc.aio.Server) -> None:
        lieng_pb2_grpc.add_LiengServiceServicer_to_server(LiengService(), server)  # type: ignore[no-untyped-call]

    return [
        ServiceBinding("cardrules.v1.SamLocService", add_sam),
        ServiceBinding("cardrules.v1.LiengService", add_lieng),
    ]
