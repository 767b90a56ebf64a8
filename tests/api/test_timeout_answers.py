"""TIMEOUTs through the contract's messages (docs/rules/sam-loc.md §9.8, docs/rules/lieng.md §6.9): hands played
through ValidatePlay with random TIMEOUTs. Each TIMEOUT's ``resolved_action``, sent back to ValidatePlay, is legal
and leads to the same next state with the same events after the TIMEOUT event, never a báo-1 violation; other
actions carry no ``resolved_action``; and SettleRound of the record with the TIMEOUTs equals SettleRound of the
record with the resolved actions in their place."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.api import lieng as lieng_api
from cardrules.api import sam as api
from cardrules.core import sam
from cardrules.v1 import lieng_pb2, sam_loc_pb2
from tests.support.sam_records import proto_cards
from tests.support.sam_rounds import deal
from tests.support.servicers import lieng_servicer, sam_servicer

SAM = sam_servicer()
LIENG = lieng_servicer()
SamRequest = sam_loc_pb2.SamLocServiceValidatePlayRequest
SamAnswer = sam_loc_pb2.SamLocServiceValidatePlayResponse
TIMEOUT = sam_loc_pb2.SAM_EVENT_KIND_TIMEOUT
VIOLATION = sam_loc_pb2.SAM_EVENT_KIND_BAO_MOT_VIOLATION


def validate(request: SamRequest) -> SamAnswer:
    return api.SamLocService.ValidatePlay.__wrapped__(SAM, request)  # type: ignore[attr-defined,no-any-return]


def settle(record: sam_loc_pb2.SamRoundRecord) -> sam_loc_pb2.SamLocServiceSettleRoundResponse:
    request = sam_loc_pb2.SamLocServiceSettleRoundRequest(round=record)
    return api.SamLocService.SettleRound.__wrapped__(SAM, request)  # type: ignore[attr-defined,no-any-return]


def random_rules(rng: random.Random) -> sam_loc_pb2.SamHouseRules:
    return sam_loc_pb2.SamHouseRules(
        timeout_lead=rng.choice(sam_loc_pb2.SamTimeoutLead.keys()),
        bao_mot=rng.choice(sam_loc_pb2.SamBaoMot.keys()),
        finish_with_two=rng.choice(sam_loc_pb2.SamFinishWithTwo.keys()),
        chop_after_pass=rng.random() < 0.5,
        straight_low_ace=rng.random() < 0.3,
        instant_wins=sam_loc_pb2.SamInstantWinSet(),  # none: every deal is played
    )


def action_of(seat: int, move: sam.Play | sam.Pass) -> sam_loc_pb2.SamAction:
    if isinstance(move, sam.Pass):
        passing = sam_loc_pb2.SamAction(seat=seat)
        getattr(passing, "pass").SetInParent()  # "pass" is a Python keyword
        return passing
    return sam_loc_pb2.SamAction(seat=seat, play=proto_cards(move.cards))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 5), share=st.sampled_from([0.3, 1.0]))
def test_a_timeout_answer_is_the_answer_to_its_resolved_action(seed: int, seats: int, share: float) -> None:
    rng = random.Random(seed)
    rules_message = random_rules(rng)
    rules = api.house_rules(rules_message)
    hands = deal(rng, seats)
    leader = rng.randrange(seats)
    start = sam.start_hand(hands, leader, (), rules)
    assert isinstance(start, sam.TableState)
    state_message = api.state_to_proto(start)
    recorded: list[sam_loc_pb2.SamAction] = []
    resolved: list[sam_loc_pb2.SamAction] = []
    while not state_message.ended:
        seat = state_message.turn
        if rng.random() < share:
            action = sam_loc_pb2.SamAction(seat=seat, timeout=sam_loc_pb2.SamTimeout())
        else:
            state = api.table_state(state_message, rules)
            action = action_of(seat, rng.choice(sam.legal_moves(state, all_card_sets=True).actions()))
        answer = validate(SamRequest(house_rules=rules_message, state=state_message, action=action))
        assert answer.legal, answer
        if action.HasField("timeout"):
            assert answer.HasField("resolved_action") and answer.resolved_action.seat == seat
            assert answer.resolved_action.WhichOneof("action") in ("play", "pass")
            assert answer.events[0].kind == TIMEOUT and answer.events[0].seat == seat
            assert VIOLATION not in [e.kind for e in answer.events]
            again = validate(SamRequest(house_rules=rules_message, state=state_message, action=answer.resolved_action))
            assert again.legal and not again.HasField("resolved_action")
            assert again.next_state == answer.next_state
            assert list(again.events) == list(answer.events[1:])
            assert again.combination == answer.combination
            resolved.append(answer.resolved_action)
        else:
            assert not answer.HasField("resolved_action")
            resolved.append(action)
        recorded.append(action)
        state_message = answer.next_state
        assert len(recorded) < 500
    common = {"stake": 1000, "house_rules": rules_message, "hands": [proto_cards(h) for h in hands], "leader": leader}
    with_timeouts = settle(sam_loc_pb2.SamRoundRecord(actions=recorded, **common))  # type: ignore[arg-type]
    assert with_timeouts == settle(sam_loc_pb2.SamRoundRecord(actions=resolved, **common))  # type: ignore[arg-type]


def test_a_liêng_timeout_answer_names_the_action_taken() -> None:
    kind = lieng_pb2.LiengActionKind
    start = lieng_pb2.StartBettingRequest(stacks=[500, 500], ante=10, first_actor=0)
    state = lieng_api.LiengService.StartBetting.__wrapped__(LIENG, start).state  # type: ignore[attr-defined]
    for checks, taken in ((False, kind.LIENG_ACTION_KIND_FOLD), (True, kind.LIENG_ACTION_KIND_CHECK)):
        request = lieng_pb2.LiengServiceValidatePlayRequest(
            house_rules=lieng_pb2.LiengHouseRules(timeout_checks=checks),
            state=state,
            action=lieng_pb2.LiengAction(seat=0, kind=kind.LIENG_ACTION_KIND_TIMEOUT),
        )
        answer = lieng_api.LiengService.ValidatePlay.__wrapped__(LIENG, request)  # type: ignore[attr-defined]
        assert answer.legal and answer.resolved_action == lieng_pb2.LiengAction(seat=0, kind=taken)
        request.action.kind = taken
        plain = lieng_api.LiengService.ValidatePlay.__wrapped__(LIENG, request)  # type: ignore[attr-defined]
        assert plain.next_state == answer.next_state and not plain.HasField("resolved_action")
