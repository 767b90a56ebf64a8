"""What both games' ReplayRound share: the viewer asked for (the audit view when none is), one view of an answer
made by the game's own views function, and the stop of a replay as the contract's ``ReplayStop``.

A replay's every part is redacted by the very code that makes the views of StartHand, ValidatePlay and SettleRound
(each game's ``api.<game>.views``): the replay asks that code for one view and keeps it.
"""

from __future__ import annotations

from typing import Any, Protocol

from cardrules.api.errors import listed_violations
from cardrules.api.viewers import viewer_of
from cardrules.core.errors import InvalidInput
from cardrules.core.viewers import AUDIT, Viewer
from cardrules.v1 import cards_pb2, errors_pb2

__all__ = ["ReplayRequest", "one_view", "replay_viewer", "stop_to_proto"]

_AUDIT = cards_pb2.Viewer(audit=cards_pb2.Audit())


class ReplayRequest(Protocol):
    """A ReplayRound request, as far as its viewer goes."""

    @property
    def viewer(self) -> cards_pb2.Viewer: ...

    def HasField(self, field_name: Any) -> bool: ...  # protobuf's name


def replay_viewer(request: ReplayRequest, seats: int) -> tuple[cards_pb2.Viewer, Viewer]:
    """The viewer of ``request`` as asked and as the core's viewer, at a table of ``seats`` seats. Unset: the audit
    view (the caller holds every hand of the record already). A viewer with nothing set or a seat off the table is
    :class:`InvalidInput` at ``viewer`` or ``viewer.seat``."""
    if not request.HasField("viewer"):
        return _AUDIT, AUDIT
    return request.viewer, viewer_of(request.viewer, seats, "viewer")


def one_view(answer: Any) -> Any:
    """The one view a game's views function added to ``answer`` (asked for a single viewer): the answer as that
    viewer may see it."""
    return answer.views[0].answer


def stop_to_proto(index: int, error: InvalidInput) -> errors_pb2.ReplayStop:
    """Where a replay stopped (action ``index``) and the fault SettleRound reports for it: its first field
    violation, field, reason and description exactly as SettleRound's ``BadRequest`` lists it."""
    first = listed_violations(error).field_violations[0]
    return errors_pb2.ReplayStop(
        index=index,
        field=first.field,
        reason=f"ERROR_REASON_{first.reason}",
        description=first.description,
    )
