"""Synchronous clients: one method per RPC, a default deadline on every call, typed errors.

    with LiengClient.connect("localhost:50051") as lieng:
        lieng.score_lieng(hands=["AC AD AH", "2S 3H 4D"]).scores[0].tier   # LIENG_TIER_SAP

The methods are declared once in ``cardrules.client.rpcs`` and shared with the asyncio clients.
"""

from __future__ import annotations

from cardrules.client.calls import SyncClient
from cardrules.client.connecting import connect
from cardrules.client.rpcs import LiengRpcs, SamLocRpcs

__all__ = ["LiengClient", "SamLocClient", "connect"]


class SamLocClient(SyncClient, SamLocRpcs):
    """``cardrules.v1.SamLocService`` over a sync ``grpc.Channel``."""


class LiengClient(SyncClient, LiengRpcs):
    """``cardrules.v1.LiengService`` over a sync ``grpc.Channel``."""
