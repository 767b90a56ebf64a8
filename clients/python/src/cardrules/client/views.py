"""Per-viewer views (docs/concepts.md, "Views"): build the viewers a request asks views for, and pick one viewer's
copy of an answer, so a backend forwards each client its own view and never, by a slip, the whole answer.

    from cardrules.client import AUDIT, SPECTATOR, seat, table_viewers, view_for
    answer = sam.validate_play(state=state, action=action, views=table_viewers(4))
    for player in range(4):
        send(player, view_for(answer, player))        # that seat's copy: its own hand, the others as card counts
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from cardrules.v1 import cards_pb2

__all__ = ["AUDIT", "SPECTATOR", "MissingViewError", "same_viewer", "seat", "table_viewers", "view_for", "viewer_name"]

SPECTATOR = cards_pb2.Viewer(spectator=cards_pb2.Spectator())
"""A spectator: public information only. (A message: a request copies it, so it is never changed by one.)"""
AUDIT = cards_pb2.Viewer(audit=cards_pb2.Audit())
"""The audit view: the whole answer, for records and disputes. Never forward it to a player."""


def seat(index: int) -> cards_pb2.Viewer:
    """A player: the seat index in play order. Its view holds its own cards and what a spectator sees."""
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise ValueError(f"a seat viewer is a seat index from 0, not {index!r}")
    return cards_pb2.Viewer(seat=index)


def table_viewers(seat_count: int) -> list[cards_pb2.Viewer]:
    """Every seat of a table of ``seat_count``, then a spectator: the usual ``views`` of a table's backend."""
    return [seat(i) for i in range(seat_count)] + [cards_pb2.Viewer(spectator=cards_pb2.Spectator())]


class MissingViewError(LookupError):
    """The answer holds no view for the viewer: the request did not ask for it."""

    def __init__(self, viewer: cards_pb2.Viewer) -> None:
        super().__init__(f"the answer holds no view for {viewer_name(viewer)}: add it to the request's views")
        self.viewer = viewer


class _View(Protocol):
    @property
    def viewer(self) -> cards_pb2.Viewer: ...

    @property
    def answer(self) -> Any: ...


A = TypeVar("A")


def view_for(answer: A, viewer: cards_pb2.Viewer | int) -> A:
    """The copy of ``answer`` made for ``viewer`` (a ``Viewer``, or a seat index for ``seat(n)``), of the same type
    as the answer. Raises :class:`MissingViewError` when the request did not ask for that viewer, rather than fall
    back to the whole answer."""
    wanted = seat(viewer) if isinstance(viewer, int) else viewer
    if not hasattr(answer, "views"):
        raise TypeError(f"{type(answer).__name__} carries no views")
    views: Sequence[_View] = answer.views
    for view in views:
        if same_viewer(view.viewer, wanted):
            found: A = view.answer
            return found
    raise MissingViewError(wanted)


def same_viewer(a: cards_pb2.Viewer, b: cards_pb2.Viewer) -> bool:
    """Whether two viewers are the same seat, both spectators, or both the audit view."""
    which = a.WhichOneof("viewer")
    return which is not None and which == b.WhichOneof("viewer") and (which != "seat" or a.seat == b.seat)


def viewer_name(viewer: cards_pb2.Viewer) -> str:
    """``seat 2``, ``a spectator``, ``the audit view``; ``no viewer`` for an empty message."""
    which = viewer.WhichOneof("viewer")
    if which == "seat":
        return f"seat {viewer.seat}"
    return {"spectator": "a spectator", "audit": "the audit view"}.get(which or "", "no viewer")
