"""The views of Sâm answers: each a copy of the answer as built, less what its viewer may not see.

What a viewer may not see is decided in :mod:`cardrules.core.sam.views`; this module only takes it out of the
messages: a hidden hand becomes its ``card_count`` (so a seat's view of a state is still a valid request: the seat
can ask LegalMoves with it), hidden moves and an unseen offered play are cleared.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.api.viewers import with_views
from cardrules.core import sam
from cardrules.core.sam.views import hidden_hands, sees_moves, sees_offered_cards
from cardrules.core.viewers import Viewer
from cardrules.v1 import cards_pb2, sam_loc_pb2

__all__ = ["legal_moves_views", "settlement_views", "start_views", "validation_views"]

Asked = Sequence[cards_pb2.Viewer]


def _hide_hands(state: sam_loc_pb2.SamTableState, seats: tuple[int, ...]) -> None:
    for i in seats:
        seat = state.seats[i]
        seat.card_count = len(seat.hand.cards)  # replaces the hand (one oneof)


def start_views(
    answer: sam_loc_pb2.SamLocServiceStartHandResponse,
    asked: Asked,
    viewers: Sequence[Viewer],
    start: sam.TableState | sam.InstantWin,
) -> sam_loc_pb2.SamLocServiceStartHandResponse:
    """An instant win carries no state and no card: its views equal it."""

    def redact(view: sam_loc_pb2.SamLocServiceStartHandResponse, viewer: Viewer) -> None:
        if isinstance(start, sam.TableState):
            _hide_hands(view.state, hidden_hands(start, viewer))

    return with_views(answer, asked, viewers, redact)


def validation_views(
    answer: sam_loc_pb2.SamLocServiceValidatePlayResponse,
    asked: Asked,
    viewers: Sequence[Viewer],
    action: sam.Action,
    result: sam.Applied | sam.Illegal,
) -> sam_loc_pb2.SamLocServiceValidatePlayResponse:
    legal = isinstance(result, sam.Applied)

    def redact(view: sam_loc_pb2.SamLocServiceValidatePlayResponse, viewer: Viewer) -> None:
        if isinstance(result, sam.Applied):
            _hide_hands(view.next_state, hidden_hands(result.state, viewer))
        if not sees_offered_cards(action.seat, legal, viewer):
            view.ClearField("combination")

    return with_views(answer, asked, viewers, redact)


def legal_moves_views(
    answer: sam_loc_pb2.SamLocServiceLegalMovesResponse, asked: Asked, viewers: Sequence[Viewer], seat: int | None
) -> sam_loc_pb2.SamLocServiceLegalMovesResponse:
    def redact(view: sam_loc_pb2.SamLocServiceLegalMovesResponse, viewer: Viewer) -> None:
        if not sees_moves(seat, viewer):
            view.ClearField("moves")

    return with_views(answer, asked, viewers, redact)


def settlement_views(
    answer: sam_loc_pb2.SamLocServiceSettleRoundResponse, asked: Asked, viewers: Sequence[Viewer]
) -> sam_loc_pb2.SamLocServiceSettleRoundResponse:
    """A settlement names no card: every view equals the answer."""
    return with_views(answer, asked, viewers, _nothing_hidden)


def _nothing_hidden(view: object, viewer: Viewer) -> None:
    """For answers that hold nothing any viewer may not see."""
