"""ReplayRound against the calls a client would make instead, on every case of the replay vectors.

For each recorded answer (tests/vectors/*/replay.json, written by tests/support/replay_vectors.py): the start is
StartHand's (StartBetting's) view for the viewer, each step is ValidatePlay's view of that action from the full state
before it, the settlement is SettleRound's view, and a stop is where ValidatePlay refuses the action (or SettleRound
finds the hand unfinished) with SettleRound's very field, reason and description. Which cards a viewer's whole answer
names is checked independently of the redaction code (tests/support/view_checks.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from google.protobuf import json_format
from google.protobuf.message import Message

from cardrules.core.errors import InvalidInput
from cardrules.v1 import cards_pb2, errors_pb2, lieng_pb2, sam_loc_pb2
from tests.support import replay_vectors
from tests.support.servicers import lieng_servicer, sam_servicer
from tests.support.view_checks import CardKey, keys, named_cards

SAM_SERVICE = sam_servicer()
LIENG_SERVICE = lieng_servicer()


def call(servicer: Any, method: str, request: Message) -> Any:
    """The unary method's conversion, as the server runs it (InvalidInput for bad input)."""
    return getattr(type(servicer), method).__wrapped__(servicer, request)


def cases(service: str) -> list[dict[str, Any]]:
    path = replay_vectors.VECTORS / replay_vectors.FOLDERS[service] / "replay.json"
    found = json.loads(path.read_text(encoding="utf-8"))["cases"]
    return [c for c in found if "response" in c["expect"]]


def replayed(service: str, case: dict[str, Any]) -> tuple[Any, Any]:
    request = json_format.ParseDict(case["request"], replay_vectors.REQUESTS[service]())
    answer = json_format.ParseDict(case["expect"]["response"], type(replay_vectors.answer(service, case["request"]))())
    return request, answer


def viewer_of(request: Any) -> cards_pb2.Viewer:
    return request.viewer if request.HasField("viewer") else cards_pb2.Viewer(audit={})


def the_view(answer: Any) -> Any:
    (view,) = answer.views
    return view.answer


def settle_error(servicer: Any, request: Message) -> InvalidInput:
    with pytest.raises(InvalidInput) as caught:
        call(servicer, "SettleRound", request)
    return caught.value


def check_stop(answer: Any, error: InvalidInput) -> None:
    first = error.violations[0]
    assert answer.stopped.field == first.field
    assert errors_pb2.ErrorReason.Name(answer.stopped.reason) == f"ERROR_REASON_{first.reason}"
    assert answer.stopped.description in (first.description, "")
    assert not answer.HasField("settlement")


def test_the_replay_vectors_are_what_the_generator_writes() -> None:
    for path, text in replay_vectors.files().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path} is stale: run .venv/bin/python -m tests.support.replay_vectors"
        )


@pytest.mark.parametrize("case", cases(replay_vectors.SAM), ids=lambda c: c["name"])
def test_a_sam_replay_is_start_hand_validate_play_and_settle_round(case: dict[str, Any]) -> None:
    request, answer = replayed(replay_vectors.SAM, case)
    record, viewer = request.round, viewer_of(request)
    assert answer.viewer == viewer
    start = call(
        SAM_SERVICE,
        "StartHand",
        sam_loc_pb2.SamLocServiceStartHandRequest(
            house_rules=record.house_rules,
            hands=record.hands,
            declarations=record.declarations,
            leader=record.leader,
            views=[viewer],
        ),
    )
    assert answer.start == the_view(start)
    state = start.state
    assert [step.index for step in answer.steps] == list(range(len(answer.steps)))
    for step, action in zip(answer.steps, record.actions, strict=False):
        assert step.action == action
        played = call(
            SAM_SERVICE,
            "ValidatePlay",
            sam_loc_pb2.SamLocServiceValidatePlayRequest(
                house_rules=record.house_rules, state=state, action=action, views=[viewer]
            ),
        )
        assert played.legal
        view = the_view(played)
        assert list(step.events) == list(view.events)
        assert step.state == view.next_state
        assert step.resolved_action == view.resolved_action
        assert step.combination == view.combination
        state = played.next_state
    settle = sam_loc_pb2.SamLocServiceSettleRoundRequest(round=record, views=[viewer])
    if answer.HasField("stopped"):
        check_stop(answer, settle_error(SAM_SERVICE, settle))
        index = answer.stopped.index
        assert index == len(answer.steps)
        if index < len(record.actions) and answer.stopped.reason == errors_pb2.ERROR_REASON_ILLEGAL_ACTION:
            refused = call(
                SAM_SERVICE,
                "ValidatePlay",
                sam_loc_pb2.SamLocServiceValidatePlayRequest(
                    house_rules=record.house_rules, state=state, action=record.actions[index]
                ),
            )
            assert not refused.legal and refused.reason == answer.illegal_reason
    else:
        assert len(answer.steps) == len(record.actions)
        assert answer.settlement == the_view(call(SAM_SERVICE, "SettleRound", settle))
    sam_check_cards(answer, record, viewer)


def sam_check_cards(answer: Any, record: sam_loc_pb2.SamRoundRecord, viewer: cards_pb2.Viewer) -> None:
    """Independently of the redaction: a seat's answer names only its own dealt hand, the cards played, the cards it
    offered itself in the action the replay stopped at and (once the hand is over) the hands left; a spectator's the
    same without a hand or an offer; the audit view's anything the record names."""
    dealt = [keys(hand.cards) for hand in record.hands]
    offered: set[CardKey] = set()
    if answer.HasField("stopped") and answer.stopped.index < len(record.actions):
        stopped = record.actions[answer.stopped.index]
        if viewer.HasField("audit") or (viewer.HasField("seat") and viewer.seat == stopped.seat):
            offered = keys(stopped.play.cards)
    if viewer.HasField("audit"):
        assert named_cards(answer) <= set().union(*dealt, offered)
        return
    allowed: set[CardKey] = (dealt[viewer.seat] if viewer.HasField("seat") else set()) | offered
    for step in answer.steps:
        taken = step.resolved_action if step.HasField("resolved_action") else step.action
        allowed |= keys(taken.play.cards)
    last = answer.steps[-1].state if answer.steps else answer.start.state
    if last.ended:
        for seat in last.seats:
            allowed |= keys(seat.hand.cards)
    assert named_cards(answer) <= allowed


@pytest.mark.parametrize("case", cases(replay_vectors.LIENG), ids=lambda c: c["name"])
def test_a_lieng_replay_is_start_betting_validate_play_and_settle_round(case: dict[str, Any]) -> None:
    request, answer = replayed(replay_vectors.LIENG, case)
    record, viewer = request.round, viewer_of(request)
    assert answer.viewer == viewer
    start = call(
        LIENG_SERVICE,
        "StartBetting",
        lieng_pb2.StartBettingRequest(
            house_rules=record.house_rules,
            stacks=record.stacks,
            ante=record.ante,
            first_actor=record.first_actor,
            views=[viewer],
        ),
    )
    assert answer.start == the_view(start)
    state = start.state
    for i, (step, action) in enumerate(zip(answer.steps, record.actions, strict=False)):
        assert (step.index, step.action) == (i, action)
        played = call(
            LIENG_SERVICE,
            "ValidatePlay",
            lieng_pb2.LiengServiceValidatePlayRequest(
                house_rules=record.house_rules, state=state, action=action, views=[viewer]
            ),
        )
        assert played.legal
        view = the_view(played)
        assert list(step.events) == list(view.events)
        assert step.state == view.next_state
        assert step.resolved_action == view.resolved_action
        state = played.next_state
    settle = lieng_pb2.LiengServiceSettleRoundRequest(round=record, views=[viewer])
    if answer.HasField("stopped"):
        check_stop(answer, settle_error(LIENG_SERVICE, settle))
        index = answer.stopped.index
        assert index == len(answer.steps)
        if answer.stopped.reason == errors_pb2.ERROR_REASON_ILLEGAL_ACTION:
            refused = call(
                LIENG_SERVICE,
                "ValidatePlay",
                lieng_pb2.LiengServiceValidatePlayRequest(
                    house_rules=record.house_rules, state=state, action=record.actions[index]
                ),
            )
            assert not refused.legal and refused.reason == answer.illegal_reason
    else:
        assert answer.settlement == the_view(call(LIENG_SERVICE, "SettleRound", settle))
    # Independently of the redaction: a seat sees its own hand, then the hands of the seats still in at the close
    # (a showdown of two or more); a spectator only those; the audit view every hand.
    hands = [keys(hand.cards) for hand in record.hands]
    if viewer.HasField("audit"):
        assert [keys(hand.cards) for hand in answer.hands] == hands
        return
    allowed: set[CardKey] = hands[viewer.seat] if viewer.HasField("seat") and hands else set()
    live = [i for i, seat in enumerate(state.seats) if not seat.folded]
    if not answer.HasField("stopped") and len(live) > 1:
        for i in live:
            allowed |= hands[i]
    assert named_cards(answer) <= allowed


@pytest.mark.parametrize("service", [replay_vectors.SAM, replay_vectors.LIENG])
def test_the_viewer_left_unset_is_the_audit_view(service: str) -> None:
    unset = [c for c in cases(service) if "viewer" not in c["request"]]
    assert unset
    for case in unset:
        request = {**case["request"], "viewer": {"audit": {}}}
        assert replay_vectors.answer(service, request) == replay_vectors.answer(service, case["request"])
