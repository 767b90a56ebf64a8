"""A Liêng ReplayRound answer: the core's replay (:func:`cardrules.core.lieng.replay`, the loop SettleRound settles
by) as contract messages, each part redacted for the viewer by the views code of the answer it repeats: the start
as StartBetting's view, each step as ValidatePlay's view, the settlement as SettleRound's view; the dealt hands by
:func:`cardrules.core.lieng.views.sees_hand`.
"""

from __future__ import annotations

from cardrules.api.cards import cards_to_proto
from cardrules.api.lieng.responses import KIND_NUMBER, REASON_NUMBER, event_to_proto, result_to_proto, state_to_proto
from cardrules.api.lieng.views import betting_views, settlement_views
from cardrules.api.money import check_int64
from cardrules.api.replays import one_view, stop_to_proto
from cardrules.core import lieng
from cardrules.core.lieng.views import sees_hand
from cardrules.core.viewers import Viewer
from cardrules.v1 import cards_pb2, lieng_pb2

__all__ = ["replay_answer"]


def replay_answer(
    record: lieng.RoundRecord, recorded: lieng_pb2.LiengRoundRecord, asked: cards_pb2.Viewer, viewer: Viewer
) -> lieng_pb2.LiengServiceReplayRoundResponse:
    """The replay of ``record`` (read from ``recorded``, whose actions the steps repeat as recorded) for
    ``viewer`` (``asked``, as the request gave it)."""
    given, viewers = (asked,), (viewer,)
    start = lieng.replay_start(record)
    start_view: lieng_pb2.StartBettingResponse = one_view(
        betting_views(lieng_pb2.StartBettingResponse(state=state_to_proto(start)), given, viewers)
    )
    answer = lieng_pb2.LiengServiceReplayRoundResponse(
        viewer=asked,
        start=start_view,
        hands=[
            {"cards": cards_to_proto(hand) if hand is not None and sees_hand(seat, viewer) else ()}
            for seat, hand in enumerate(record.hands)
        ],
    )
    steps = answer.steps

    def add_step(result: lieng.ActionResult) -> None:
        index = len(steps)
        # The pots of stacks that each fit int64 can add up past it: named at the stacks, as SettleRound names them.
        check_int64([e.amount for e in result.events], "round.stacks", "the pot of these stacks")
        resolved = result.resolved_action
        step = lieng_pb2.LiengServiceValidatePlayResponse(
            legal=True,
            events=[event_to_proto(e) for e in result.events],
            next_state=state_to_proto(result.state) if result.state is not None else None,
            resolved_action=None
            if resolved is None
            else {"seat": resolved.seat, "kind": KIND_NUMBER[resolved.kind], "amount": resolved.amount},
        )
        view: lieng_pb2.LiengServiceValidatePlayResponse = one_view(betting_views(step, given, viewers))
        steps.add(
            index=index,
            action=recorded.actions[index],
            resolved_action=view.resolved_action if view.HasField("resolved_action") else None,
            events=view.events,
            state=view.next_state,
        )

    try:
        played = lieng.replay(record, add_step)
    except lieng.ReplayStopped as stop:
        answer.stopped.CopyFrom(stop_to_proto(stop.index, stop))
        if stop.illegal is not None:
            answer.illegal_reason = REASON_NUMBER[stop.illegal]
        return answer
    settled = lieng.settle_replayed(record, played.final_state)
    answer.settlement.CopyFrom(one_view(settlement_views(result_to_proto(settled), given, viewers, settled)))
    return answer
