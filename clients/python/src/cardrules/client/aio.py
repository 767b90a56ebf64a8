"""Asynchronous clients over ``grpc.aio``: the same methods as the sync clients, awaited.

async with AsyncLiengClient.connect("localhost:50051") as lieng:
    (await lieng.score_lieng(hands=["AC AD AH"])).scores[0].tier
"""

from __future__ import annotations

from cardrules.client.calls import AsyncClient
from cardrules.client.connecting import aio_connect as connect
from cardrules.client.rpcs import LiengRpcs, SamLocRpcs

__all__ = ["AsyncLiengClient", "AsyncSamLocClient", "connect"]


class AsyncSamLocClient(AsyncClient, SamLocRpcs):
    """``cardrules.v1.SamLocService`` over a ``grpc.aio.Channel``."""


class AsyncLiengClient(AsyncClient, LiengRpcs):
    """``cardrules.v1.LiengService`` over a ``grpc.aio.Channel``."""
