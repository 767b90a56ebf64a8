"""Asynchronous clients over ``grpc.aio``: the same methods as the sync clients, awaited.

async with AsyncLiengClient.connect("localhost:50051") as lieng:
    (await lieng.score_lieng(hands=["AC AD AH"])).scores[0].tier
"""

from __future__ import annotations

from cardrules.client.connecting import aio_connect as connect
from cardrules.client.generated import aio_clients as generated_clients
from cardrules.client.generated.aio_clients import *  # noqa: F403  # Async<Game>Client for every service

__all__ = ["connect"]
__all__ += generated_clients.__all__
