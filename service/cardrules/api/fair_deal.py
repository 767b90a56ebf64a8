"""A ``Deal`` request of either game → the core's seeded deal → the fields of its response.

Both games' requests and responses have the same fields (contract: ``SamLocServiceDealRequest``,
``LiengServiceDealRequest``); only the game differs, so the one conversion serves both. The core names each bad
input at the request's own field (``seat_count``, ``server_seed``, ``client_seed``, ``nonce``, ``algorithm``).
"""

from __future__ import annotations

from typing import Any, Protocol

from cardrules.api.cards import cards_to_proto
from cardrules.core import fair_deal

__all__ = ["DealRequest", "deal_answer"]


class DealRequest(Protocol):
    """What the two games' Deal requests have in common."""

    @property
    def seat_count(self) -> int: ...
    @property
    def server_seed(self) -> bytes: ...
    @property
    def client_seed(self) -> str: ...
    @property
    def nonce(self) -> int: ...
    @property
    def algorithm(self) -> str: ...


def deal_answer(request: DealRequest, game: fair_deal.DealGame) -> dict[str, Any]:
    """The response's fields, for its constructor; bad input raises :class:`InvalidInput` naming its field."""
    dealt = fair_deal.deal(
        game, request.seat_count, request.server_seed, request.client_seed, request.nonce, request.algorithm
    )
    return {
        "hands": [{"cards": cards_to_proto(hand)} for hand in dealt.hands],
        "undealt": {"cards": cards_to_proto(dealt.undealt)},
        "commitment": dealt.commitment,
        "algorithm": dealt.algorithm,
    }
