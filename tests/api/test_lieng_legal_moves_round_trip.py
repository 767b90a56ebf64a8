"""What LegalMoves lists, sent back to ValidatePlay, is legal, through the contract's messages (docs/rules/lieng.md
§6.8).

Every listed action becomes a ``LiengAction`` the documented way (RAISE with ``amount`` = ``min_total`` and =
``max_total``; every other kind with amount 0), and every listed action's chips added are its totals minus what the
seat has committed. A raise just outside the listed range is rejected with a message naming the bound.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings

from cardrules.api import lieng as api
from cardrules.core.lieng import BettingState, HouseRules
from cardrules.v1 import lieng_pb2
from tests.support.lieng_rounds import rounds
from tests.support.servicers import lieng_servicer

RAISE = lieng_pb2.LIENG_ACTION_KIND_RAISE
SERVICE = lieng_servicer()
# Each round is several states, each checked with a few RPCs through the messages: 100 rounds take ~5 s.
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _call(method: str, request: Any) -> Any:
    return getattr(api.LiengService, method).__wrapped__(SERVICE, request)


def _house_rules(rules: HouseRules) -> lieng_pb2.LiengHouseRules:
    out = lieng_pb2.LiengHouseRules()
    if rules.min_raise is not None:
        out.min_raise = rules.min_raise
    if rules.max_raise is not None:
        out.max_raise = rules.max_raise
    if rules.max_raise_rounds is not None:
        out.max_raise_rounds = rules.max_raise_rounds
    return out


def _validate(
    state: lieng_pb2.LiengBettingState,
    rules: lieng_pb2.LiengHouseRules,
    seat: int,
    kind: Any,
    amount: int,
) -> Any:
    action = lieng_pb2.LiengAction(seat=seat, kind=kind, amount=amount)
    return _call(
        "ValidatePlay", lieng_pb2.LiengServiceValidatePlayRequest(house_rules=rules, state=state, action=action)
    )


def check_round_trip(state: BettingState) -> None:
    rules = _house_rules(state.rules)
    message = api.state_to_proto(state)
    legal = _call("LegalMoves", lieng_pb2.LiengServiceLegalMovesRequest(house_rules=rules, state=message))
    if not legal.HasField("seat"):
        assert not legal.actions
        return
    committed = message.seats[legal.seat].committed
    for item in legal.actions:
        assert item.min_chips_added == item.min_total - committed, item
        assert item.max_chips_added == item.max_total - committed, item
        amounts = {item.min_total, item.max_total} if item.kind == RAISE else {0}
        if item.kind != RAISE:
            assert item.min_total == item.max_total, item
        for amount in amounts:
            answer = _validate(message, rules, legal.seat, item.kind, amount)
            assert answer.legal, (item, amount, answer.message.en)
            after = amount if item.kind == RAISE else item.min_total
            assert answer.next_state.seats[legal.seat].committed == after, (item, amount)
    raises = [item for item in legal.actions if item.kind == RAISE]
    if raises:
        (item,) = raises
        below = _validate(message, rules, legal.seat, RAISE, item.min_total - 1)
        assert not below.legal
        if below.reason == lieng_pb2.LIENG_REASON_RAISE_BELOW_MINIMUM:
            assert f"at least {item.min_total} " in below.message.en
            assert f"ít nhất {item.min_total} " in below.message.vi
        above = _validate(message, rules, legal.seat, RAISE, item.max_total + 1)
        assert not above.legal
        assert above.reason in (lieng_pb2.LIENG_REASON_RAISE_ABOVE_CAP, lieng_pb2.LIENG_REASON_NOT_ENOUGH_CHIPS)
        assert f"at most {item.max_total} " in above.message.en
        assert f"tối đa {item.max_total} " in above.message.vi


@SETTINGS
@given(rounds())
def test_every_listed_action_is_legal_when_sent_back(data: tuple[object, list[BettingState]]) -> None:
    _, states = data
    for state in states:
        check_round_trip(state)


def test_raise_below_the_minimum_names_the_bound() -> None:
    state = lieng_pb2.LiengBettingState(
        seats=[lieng_pb2.LiengSeat(stack=460, committed=40, acted=True), lieng_pb2.LiengSeat(stack=480, committed=20)],
        ante=20,
        first_actor=0,
        to_act=1,
        current_bet=40,
        raise_orbits=1,
        last_raise_orbit=0,
    )
    answer = _validate(state, lieng_pb2.LiengHouseRules(), 1, RAISE, 50)
    assert answer.reason == lieng_pb2.LIENG_REASON_RAISE_BELOW_MINIMUM
    assert answer.message.en == "Raise to at least 60 (current bet 40 + minimum raise 20), not 50."
    assert answer.message.vi == "Phải tố lên ít nhất 60 (cược hiện tại 40 + mức tố tối thiểu 20), không phải 50."


def test_all_in_above_the_cap_names_the_cap() -> None:
    state = lieng_pb2.LiengBettingState(
        seats=[lieng_pb2.LiengSeat(stack=90, committed=10), lieng_pb2.LiengSeat(stack=90, committed=10)],
        ante=10,
        first_actor=0,
        to_act=0,
        current_bet=10,
    )
    rules = lieng_pb2.LiengHouseRules(max_raise=30)
    answer = _validate(state, rules, 0, lieng_pb2.LIENG_ACTION_KIND_ALL_IN, 0)
    assert answer.reason == lieng_pb2.LIENG_REASON_RAISE_ABOVE_CAP
    assert "at most 40 (current bet 10 + raise cap 30)" in answer.message.en
    assert "tối đa 40 (cược hiện tại 10 + mức tố tối đa 30)" in answer.message.vi
