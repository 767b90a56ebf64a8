"""A Sâm ReplayRound answer: the core's replay steps (:func:`cardrules.core.sam.replay_steps`, the loop SettleRound
settles by) as contract messages, each part redacted for the viewer by the views code of the answer it repeats:
the start as StartHand's view, each step as ValidatePlay's view, the settlement as SettleRound's view.
"""

from __future__ import annotations

from cardrules.api.replays import one_view, stop_to_proto
from cardrules.api.sam.responses import REASON_NUMBER, settlement_to_proto, start_to_proto, validation_to_proto
from cardrules.api.sam.views import settlement_views, start_views, validation_views
from cardrules.core import sam
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
    steps: list[sam.ReplayStep] = []
    for item in sam.replay_steps(record, start):
        if isinstance(item, sam.ReplayStop):
            answer.stopped.CopyFrom(stop_to_proto(item.index, item.error))
            if item.index < len(record.actions):
                stopped = record.actions[item.index]
                # The description quotes a rejected play's cards: an attempt its actor's own, as in ValidatePlay.
                if isinstance(stopped, sam.Play) and not sees_offered_cards(stopped.seat, False, viewer):
                    answer.stopped.description = ""
            if item.illegal is not None:
                answer.illegal_reason = REASON_NUMBER[item.illegal]
            return answer
        steps.append(item)
        applied = item.applied
        view: sam_loc_pb2.SamLocServiceValidatePlayResponse = one_view(
            validation_views(validation_to_proto(applied), given, viewers, item.action, applied)
        )
        answer.steps.add(
            index=item.index,
            action=recorded.actions[item.index],
            resolved_action=view.resolved_action if view.HasField("resolved_action") else None,
            combination=view.combination if view.HasField("combination") else None,
            events=view.events,
            state=view.next_state,
        )
    settlement = settlement_to_proto(sam.settle_replayed(record, sam.replayed(start, steps)))
    answer.settlement.CopyFrom(one_view(settlement_views(settlement, given, viewers)))
    return answer
