"""A Sâm ReplayRound answer: the core's replay (:func:`cardrules.core.sam.replay`, the loop SettleRound settles by)
as contract messages, each part redacted for the viewer by the views code of the answer it repeats: the start as
StartHand's view, each step as ValidatePlay's view, the settlement as SettleRound's view.
"""

from __future__ import annotations

from cardrules.api.replays import one_view, stop_to_proto
from cardrules.api.sam.responses import REASON_NUMBER, settlement_to_proto, start_to_proto, validation_to_proto
from cardrules.api.sam.views import settlement_views, start_views, validation_views
from cardrules.core import sam
from cardrules.core.sam.apply import Replayed
from cardrules.core.sam.views import sees_offered_cards
from cardrules.core.viewers import Viewer
from cardrules.v1 import cards_pb2, sam_loc_pb2

__all__ = ["replay_answer"]


def replay_answer(
    record: sam.RoundRecord, recorded: sam_loc_pb2.SamRoundRecord, asked: cards_pb2.Viewer, viewer: Viewer
) -> sam_loc_pb2.SamLocServiceReplayRoundResponse:
    """The replay of ``record`` (read from ``recorded``, whose actions the steps repeat as recorded) for
    ``viewer`` (``asked``, as the request gave it)."""
    given, viewers = (asked,), (viewer,)
    start = sam.replay_start(record)
    start_view: sam_loc_pb2.SamLocServiceStartHandResponse = one_view(
        start_views(start_to_proto(start), given, viewers, start)
    )
    answer = sam_loc_pb2.SamLocServiceReplayRoundResponse(viewer=asked, start=start_view)
    steps = answer.steps

    def add_step(replayed: Replayed) -> None:
        index = len(steps)
        applied = sam.Applied(*replayed)
        view: sam_loc_pb2.SamLocServiceValidatePlayResponse = one_view(
            validation_views(validation_to_proto(applied), given, viewers, record.actions[index], applied)
        )
        steps.add(
            index=index,
            action=recorded.actions[index],
            resolved_action=view.resolved_action if view.HasField("resolved_action") else None,
            combination=view.combination if view.HasField("combination") else None,
            events=view.events,
            state=view.next_state,
        )

    try:
        played = sam.replay(record, add_step)
    except sam.ReplayStopped as stop:
        answer.stopped.CopyFrom(stop_to_proto(stop.index, stop))
        if stop.illegal is not None:
            answer.illegal_reason = REASON_NUMBER[stop.illegal]
        if stop.index < len(record.actions):
            stopped = record.actions[stop.index]
            # The description quotes a rejected play's cards: an attempt its actor's own, as in ValidatePlay.
            if isinstance(stopped, sam.Play) and not sees_offered_cards(stopped.seat, False, viewer):
                answer.stopped.description = ""
        return answer
    settlement = settlement_to_proto(sam.settle_replayed(record, played))
    answer.settlement.CopyFrom(one_view(settlement_views(settlement, given, viewers)))
    return answer
