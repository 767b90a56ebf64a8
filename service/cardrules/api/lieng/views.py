"""The views of Liêng answers: each a copy of the answer as built, less what its viewer may not see.

Every viewer sees the same Liêng answer (:mod:`cardrules.core.lieng.views`): the betting answers hold no card, and
a settlement shows only the hands of the seats that reached the showdown, which are shown to all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from cardrules.api.viewers import with_views
from cardrules.core import lieng
from cardrules.core.lieng.views import shown_to_all
from cardrules.core.viewers import Viewer
from cardrules.v1 import cards_pb2, lieng_pb2

__all__ = ["betting_views", "settlement_views"]

Asked = Sequence[cards_pb2.Viewer]
B = TypeVar(
    "B",
    lieng_pb2.StartBettingResponse,
    lieng_pb2.LiengServiceValidatePlayResponse,
    lieng_pb2.LiengServiceLegalMovesResponse,
)


def betting_views(answer: B, asked: Asked, viewers: Sequence[Viewer]) -> B:
    """A betting answer names no card: every view equals the answer."""
    return with_views(answer, asked, viewers, _nothing_hidden)


def settlement_views(
    answer: lieng_pb2.LiengServiceSettleRoundResponse,
    asked: Asked,
    viewers: Sequence[Viewer],
    result: lieng.RoundResult,
) -> lieng_pb2.LiengServiceSettleRoundResponse:
    shown = shown_to_all(result)

    def redact(view: lieng_pb2.LiengServiceSettleRoundResponse, viewer: Viewer) -> None:
        # The settlement holds only these already; the views keep to the rule whatever the answer holds.
        kept = [hand for hand in view.shown if hand.seat in shown]
        if len(kept) != len(view.shown):
            del view.shown[:]
            view.shown.extend(kept)

    return with_views(answer, asked, viewers, redact)


def _nothing_hidden(view: object, viewer: Viewer) -> None:
    """For answers that hold nothing any viewer may not see."""
