"""A ReplayRound answer as a hand history for people: the deal, one line per action with its events in words, then
the settlement or where the replay stopped.

Seats are numbered in play order (``seat 0`` first), cards print as text (``TD``), each event is said in English
with the Vietnamese term once (``chop (chặt)``); nothing prints as a raw enum name.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.client.cards import cards_text
from cardrules.client.cli.output import lieng_settlement_text, sam_settlement_text
from cardrules.client.cli.words import SAM_COMBINATIONS, SAM_INSTANT_WINS
from cardrules.v1 import cards_pb2, errors_pb2, lieng_pb2, sam_loc_pb2

__all__ = ["lieng_history_text", "sam_history_text", "viewer_text"]


def viewer_text(viewer: cards_pb2.Viewer) -> str:
    """``seat 2``, ``a spectator`` or ``the audit view``."""
    which = viewer.WhichOneof("viewer")
    if which == "seat":
        return f"seat {viewer.seat}"
    return "a spectator" if which == "spectator" else "the audit view"


def _seat_line(seat: int, hand: str) -> str:
    return f"  seat {seat}: {hand}"


def _sam_event(event: sam_loc_pb2.SamEvent) -> str:
    seat, other = f"seat {event.seat}", f"seat {event.other_seat}"
    kinds = sam_loc_pb2.SamEventKind
    words = {
        kinds.Value("SAM_EVENT_KIND_CHOP"): f"{seat} chops {other} (chặt), #{event.chain_position} in the chain",
        kinds.Value("SAM_EVENT_KIND_OVER_CHOP"): f"{seat} chops {other}'s chop (chặt chồng), "
        f"#{event.chain_position} in the chain",
        kinds.Value("SAM_EVENT_KIND_SAM_BLOCKED"): f"{seat} beats {other}'s Sâm: the Sâm is blocked (chặn Sâm)",
        kinds.Value("SAM_EVENT_KIND_BAO_MOT_VIOLATION"): f"{seat} did not play its highest single while {other} "
        "held one card (báo 1)",
        kinds.Value("SAM_EVENT_KIND_FINISH"): f"{seat} is out of cards: the hand is over (hết bài)",
        kinds.Value("SAM_EVENT_KIND_FINISH_ON_TWO"): f"{seat} went out on a 2 (về bằng 2)",
        kinds.Value("SAM_EVENT_KIND_SAM_SUCCEEDED"): f"{seat} made the Sâm (về Sâm)",
        kinds.Value("SAM_EVENT_KIND_TRICK_ENDED"): "everyone else passed: the trick is over (hết vòng)",
        kinds.Value("SAM_EVENT_KIND_NEXT_LEADER"): f"{seat} leads the next trick",
        kinds.Value("SAM_EVENT_KIND_LEAD_PASSED"): f"{seat} could only lead out on a 2 and passes the lead to {other}",
        kinds.Value("SAM_EVENT_KIND_SAM_FAILED_STUCK"): f"{seat} declared Sâm but cannot lead: the Sâm fails",
        kinds.Value("SAM_EVENT_KIND_BAO_MOT_PENALTY"): f"{other} went out on {seat}'s single: {seat} pays for "
        "everyone (đền làng, báo 1)",
        kinds.Value("SAM_EVENT_KIND_TIMEOUT"): f"{seat}'s clock ran out (hết giờ): the service acted for it",
    }
    return words.get(event.kind, f"an event about {seat}")


def _sam_action(action: sam_loc_pb2.SamAction, combination: sam_loc_pb2.SamCombination | None) -> str:
    which = action.WhichOneof("action")
    if which == "play":
        kind = SAM_COMBINATIONS.get(combination.kind, "") if combination is not None else ""
        return f"plays {cards_text(action.play)}" + (f", a {kind}" if kind else "")
    if which == "pass":
        return "passes (bỏ lượt)"
    return "times out (hết giờ)"


def sam_history_text(answer: sam_loc_pb2.SamLocServiceReplayRoundResponse, stake: int) -> str:
    """The whole hand, as ``answer``'s viewer sees it."""
    lines = [f"Sâm Lốc hand, replayed for {viewer_text(answer.viewer)} (stake {stake})"]
    start = answer.start
    if not start.HasField("state"):
        kind = SAM_INSTANT_WINS.get(start.instant_win, "an instant win")
        lines.append(f"deal: seat {start.instant_winner} wins at the deal with {kind} (tới trắng)")
    else:
        state = start.state
        lines.append(f"deal: {len(state.seats)} seats, seat {state.turn} leads")
        for i, seat in enumerate(state.seats):
            lines.append(_seat_line(i, cards_text(seat.hand) if seat.HasField("hand") else f"{seat.card_count} cards"))
        if state.HasField("declarer"):
            lines.append(f"  seat {state.declarer} declared Sâm (báo Sâm)")
    for step in answer.steps:
        combination = step.combination if step.HasField("combination") else None
        text = f"#{step.index} seat {step.action.seat} {_sam_action(step.action, combination)}"
        if step.HasField("resolved_action"):
            text += f" → {_sam_action(step.resolved_action, combination)}"
        lines.append(text)
        lines.extend(f"     {_sam_event(event)}" for event in step.events if event.kind != _SAM_TIMEOUT)
    lines.extend(_ending(answer.steps[-1].state if answer.steps else None))
    if answer.HasField("stopped"):
        lines.extend(_stop(answer.stopped, sam_loc_pb2.SamReason.Name(answer.illegal_reason), "SAM_REASON_"))
    else:
        lines.append(sam_settlement_text(answer.settlement))
    return "\n".join(lines)


_SAM_TIMEOUT = sam_loc_pb2.SamEventKind.Value("SAM_EVENT_KIND_TIMEOUT")  # said by the step's own line


def _ending(state: sam_loc_pb2.SamTableState | None) -> list[str]:
    """The cards left in each hand once the hand is over (shown to every viewer then)."""
    if state is None or not state.ended:
        return []
    return ["cards left:"] + [
        _seat_line(i, cards_text(seat.hand) if seat.hand.cards else "none") for i, seat in enumerate(state.seats)
    ]


def _stop(stopped: errors_pb2.ReplayStop, reason: str, prefix: str) -> list[str]:
    why = errors_pb2.ErrorReason.Name(stopped.reason).removeprefix("ERROR_REASON_")
    if reason != f"{prefix}UNSPECIFIED":
        why += f", {reason.removeprefix(prefix)}"
    lines = [f"stopped at #{stopped.index} ({stopped.field}): {why}"]
    if stopped.description:
        lines.append(f"  {stopped.description}")
    lines.append("no settlement: SettleRound refuses this record")
    return lines


_LIENG_ACTIONS = {
    lieng_pb2.LIENG_ACTION_KIND_FOLD: "folds (úp bài)",
    lieng_pb2.LIENG_ACTION_KIND_CHECK: "checks",
    lieng_pb2.LIENG_ACTION_KIND_CALL: "calls (theo)",
    lieng_pb2.LIENG_ACTION_KIND_ALL_IN: "goes all-in (tố tất)",
    lieng_pb2.LIENG_ACTION_KIND_TIMEOUT: "times out (hết giờ)",
}


def _lieng_action(action: lieng_pb2.LiengAction) -> str:
    if action.kind == lieng_pb2.LIENG_ACTION_KIND_RAISE:
        return f"raises to {action.amount} (tố)"
    return _LIENG_ACTIONS.get(action.kind, "acts")


def _lieng_event(event: lieng_pb2.LiengEvent) -> str:
    seat, amount = f"seat {event.seat}", event.amount
    words = {
        lieng_pb2.LIENG_EVENT_KIND_SEAT_FOLDED: f"{seat} gives up its {amount} in the pot",
        lieng_pb2.LIENG_EVENT_KIND_SEAT_ALL_IN: f"{seat} is all-in for {amount}",
        lieng_pb2.LIENG_EVENT_KIND_FULL_RAISE: f"a full raise reopens the betting: the bet is {amount}",
        lieng_pb2.LIENG_EVENT_KIND_SHORT_ALL_IN: f"a short all-in, not a full raise: the bet is {amount}",
        lieng_pb2.LIENG_EVENT_KIND_BETTING_CLOSED: f"betting is over: the pot is {amount}",
        lieng_pb2.LIENG_EVENT_KIND_FOLD_OUT: f"everyone else folded: {seat} wins the pot of {amount} unseen",
        lieng_pb2.LIENG_EVENT_KIND_SHOWDOWN: f"showdown (so bài) for the pot of {amount}",
    }
    return words.get(event.kind, "an event of the betting")


def lieng_history_text(answer: lieng_pb2.LiengServiceReplayRoundResponse) -> str:
    """The whole round, as ``answer``'s viewer sees it."""
    state = answer.start.state
    lines = [f"Liêng round, replayed for {viewer_text(answer.viewer)}"]
    lines.append(f"ante {state.ante} (tiền gà) from {len(state.seats)} seats; seat {state.first_actor} acts first")
    hands: Sequence[cards_pb2.Cards] = answer.hands
    for i, seat in enumerate(state.seats):
        hand = cards_text(hands[i]) if i < len(hands) and hands[i].cards else "cards not shown"
        lines.append(_seat_line(i, f"{seat.stack} behind after the ante; {hand}"))
    for step in answer.steps:
        text = f"#{step.index} seat {step.action.seat} {_lieng_action(step.action)}"
        if step.HasField("resolved_action"):
            text += f" → {_lieng_action(step.resolved_action)}"
        lines.append(text)
        lines.extend(f"     {_lieng_event(event)}" for event in step.events)
    if answer.HasField("stopped"):
        lines.extend(_stop(answer.stopped, lieng_pb2.LiengReason.Name(answer.illegal_reason), "LIENG_REASON_"))
    else:
        lines.append(lieng_settlement_text(answer.settlement))
    return "\n".join(lines)
