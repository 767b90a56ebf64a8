"""The Python SDK's view helpers (cardrules.client.views): viewers built as the contract has them, and a viewer's
copy picked from an answer, never the whole answer."""

from __future__ import annotations

import pytest

from cardrules.client import AUDIT, SPECTATOR, MissingViewError, same_viewer, seat, table_viewers, view_for, viewer_name
from cardrules.v1 import cards_pb2, lieng_pb2


def answer_with_views() -> lieng_pb2.StartBettingResponse:
    answer = lieng_pb2.StartBettingResponse(state=lieng_pb2.LiengBettingState(ante=10))
    for i, viewer in enumerate([seat(1), SPECTATOR]):
        view = answer.views.add(viewer=viewer)
        view.answer.state.ante = 100 + i  # told apart from the answer and from each other
    return answer


def test_view_for_picks_the_viewers_copy_by_viewer_or_seat_index() -> None:
    answer = answer_with_views()
    assert view_for(answer, seat(1)).state.ante == 100
    assert view_for(answer, 1).state.ante == 100
    assert view_for(answer, SPECTATOR).state.ante == 101


def test_a_viewer_not_asked_for_is_an_error_not_the_whole_answer() -> None:
    with pytest.raises(MissingViewError, match="seat 0") as caught:
        view_for(answer_with_views(), 0)
    assert same_viewer(caught.value.viewer, seat(0))
    with pytest.raises(MissingViewError, match="the audit view"):
        view_for(answer_with_views(), AUDIT)
    with pytest.raises(TypeError):
        view_for(cards_pb2.Card(), 0)


def test_viewers() -> None:
    assert [v.seat for v in table_viewers(3)[:3]] == [0, 1, 2]
    assert table_viewers(3)[3].WhichOneof("viewer") == "spectator"
    assert AUDIT.WhichOneof("viewer") == "audit"
    assert not same_viewer(seat(0), SPECTATOR) and not same_viewer(cards_pb2.Viewer(), cards_pb2.Viewer())
    assert [viewer_name(v) for v in (seat(2), SPECTATOR, AUDIT, cards_pb2.Viewer())] == [
        "seat 2",
        "a spectator",
        "the audit view",
        "no viewer",
    ]
    for bad in (-1, True):
        with pytest.raises(ValueError):
            seat(bad)
