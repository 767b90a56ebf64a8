"""The request's ``views`` (``cardrules.v1.Viewer`` messages) → core viewers, their bound, and the views added to
an answer (:func:`with_views`; what each view leaves out is the game's ``views`` module's to say).

A request may ask for at most one view per seat, one for a spectator and one for the audit view, each once; a
viewer that names no seat or role, a seat outside the table or a repeat is ``INVALID_ARGUMENT`` naming it
(``views[2]``, ``views[0].seat``), never a silent guess.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from google.protobuf.message import Message

from cardrules.api.limits import Bound
from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput
from cardrules.core.viewers import AUDIT, SPECTATOR, Viewer
from cardrules.v1 import cards_pb2

__all__ = ["viewer_of", "viewers_bound", "viewers_of", "with_views"]

M = TypeVar("M", bound=Message)


def viewers_bound(max_seats: int) -> Bound:
    """The bound of a request's ``views`` at a table of at most ``max_seats`` seats."""
    return Bound("views", max_seats + 2, "each seat, a spectator and the audit view, once each", "viewers")


def viewers_of(views: Sequence[cards_pb2.Viewer], seats: int, field: str = "views") -> tuple[Viewer, ...]:
    """The core viewers of ``views``, in order, at a table of ``seats`` seats; :class:`InvalidInput` naming each
    fault."""
    viewers: list[Viewer] = []
    problems: list[FieldViolation] = []
    first: dict[Viewer, int] = {}
    for i, view in enumerate(views):
        viewer = _viewer(view, seats, f"{field}[{i}]")
        if isinstance(viewer, FieldViolation):
            problems.append(viewer)
            continue
        if viewer in first:
            problems.append(
                FieldViolation(f"{field}[{i}]", ErrorReason.DUPLICATE_VALUE, f"repeats {field}[{first[viewer]}]")
            )
            continue
        first[viewer] = i
        viewers.append(viewer)
    if problems:
        raise InvalidInput(*problems)
    return tuple(viewers)


def viewer_of(view: cards_pb2.Viewer, seats: int, field: str) -> Viewer:
    """The core viewer of the one ``view`` at ``field`` (a request that takes a single viewer), at a table of
    ``seats`` seats; :class:`InvalidInput` naming the fault."""
    viewer = _viewer(view, seats, field)
    if isinstance(viewer, FieldViolation):
        raise InvalidInput(viewer)
    return viewer


def _viewer(view: cards_pb2.Viewer, seats: int, field: str) -> Viewer | FieldViolation:
    which = view.WhichOneof("viewer")
    if which == "seat":
        if not 0 <= view.seat < seats:
            return FieldViolation(
                f"{field}.seat",
                ErrorReason.SEAT_OUT_OF_RANGE,
                f"a seat of this table: 0 to {seats - 1}, got {view.seat}",
            )
        return view.seat
    if which == "spectator":
        return SPECTATOR
    if which == "audit":
        return AUDIT
    return FieldViolation(field, ErrorReason.MISSING_VALUE, "a viewer is a seat, spectator or audit")


def with_views(
    answer: M, asked: Sequence[cards_pb2.Viewer], viewers: Sequence[Viewer], redact: Callable[[M, Viewer], None]
) -> M:
    """``answer`` with one view per viewer appended to its ``views``: a copy of the answer as built (so with no
    views of its own), given to ``redact`` to take out what that viewer may not see, under the viewer as asked.

    The copies are parsed from the answer's bytes in C, and ``redact`` only clears or replaces fields, so a view
    costs a fraction of building the answer (tests/benchmarks/bench_views.py)."""
    if not viewers:
        return answer
    data = answer.SerializeToString()
    views: Any = answer.views  # type: ignore[attr-defined]  # every answer that carries views has this field
    for given, viewer in zip(asked, viewers, strict=True):
        view = views.add()
        view.viewer.CopyFrom(given)
        view.answer.MergeFromString(data)
        redact(view.answer, viewer)
    return answer
