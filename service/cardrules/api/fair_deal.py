"""A ``Deal`` request of either game → the core's seeded deal → its response, with the views it asks for.

Both games' requests and responses have the same fields (contract: ``SamLocServiceDealRequest``,
``LiengServiceDealRequest``) and their deals are redacted alike (:mod:`cardrules.core.deal_views`); only the game
differs, so the one conversion serves both. The core names each bad input at the request's own field
(``seat_count``, ``server_seed``, ``client_seed``, ``nonce``, ``algorithm``), the viewers at ``views[i]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from cardrules.api.cards import cards_to_proto
from cardrules.api.viewers import viewers_of, with_views
from cardrules.core import fair_deal
from cardrules.core.deal_views import seen_hands, sees_undealt
from cardrules.core.viewers import Viewer
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2

__all__ = ["DealRequest", "deal_answer"]

R = TypeVar("R", sam_loc_pb2.SamLocServiceDealResponse, lieng_pb2.LiengServiceDealResponse)


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
    @property
    def views(self) -> Sequence[cards_pb2.Viewer]: ...


def deal_answer(request: DealRequest, game: fair_deal.DealGame, response: type[R]) -> R:
    """The ``response`` to ``request``, with its views; bad input raises :class:`InvalidInput` naming its field."""
    dealt = fair_deal.deal(
        game, request.seat_count, request.server_seed, request.client_seed, request.nonce, request.algorithm
    )
    viewers = viewers_of(request.views, request.seat_count)  # the seat count is in range once dealt
    fields: dict[str, Any] = {
        "hands": [{"cards": cards_to_proto(hand)} for hand in dealt.hands],
        "undealt": {"cards": cards_to_proto(dealt.undealt)},
        "commitment": dealt.commitment,
        "algorithm": dealt.algorithm,
    }
    return with_views(response(**fields), request.views, viewers, _redact)


def _redact(view: R, viewer: Viewer) -> None:
    seen = seen_hands(len(view.hands), viewer)
    for seat, hand in enumerate(view.hands):
        if seat not in seen:
            hand.ClearField("cards")  # the entry stays, empty, so each index still names its seat
    if not sees_undealt(viewer):
        view.ClearField("undealt")
