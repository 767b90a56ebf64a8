"""Synchronous clients: one method per RPC, a default deadline on every call, typed errors.

    with LiengClient.connect("localhost:50051") as lieng:
        lieng.score_lieng(hands=["AC AD AH", "2S 3H 4D"]).scores[0].tier   # LIENG_TIER_SAP

There is one client per service of the contract, ``<Game>Client`` for ``cardrules.v1.<Game>Service``, generated from
the protos with its methods (``cardrules.client.generated``, shared with the asyncio clients).
"""

from __future__ import annotations

from cardrules.client.connecting import connect
from cardrules.client.generated import clients as generated_clients
from cardrules.client.generated.clients import *  # noqa: F403  # every service's client, whatever the contract holds

__all__ = ["connect"]
__all__ += generated_clients.__all__
