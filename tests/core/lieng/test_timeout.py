"""A Liêng TIMEOUT (docs/rules/lieng.md §6.9): FOLD, or CHECK under ``timeout_checks`` when the seat owes nothing;
the answer names the action taken, and a record's TIMEOUTs replay as that action."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.core.errors import InvalidInput
from cardrules.core.lieng import (
    Action,
    ActionKind,
    BettingState,
    EventKind,
    HouseRules,
    Reason,
    RoundRecord,
    apply,
    resolve_timeout,
    settle_round,
    start_betting,
)
from tests.support.lieng_rounds import rounds

CHECKS = HouseRules(timeout_checks=True)


@pytest.mark.parametrize(("rules", "taken"), [(HouseRules(), ActionKind.FOLD), (CHECKS, ActionKind.CHECK)])
def test_owing_nothing(rules: HouseRules, taken: ActionKind) -> None:
    state = start_betting([500, 500, 500], 10, 0, rules)
    result = apply(state, Action(0, ActionKind.TIMEOUT))
    assert result.legal and result.resolved_action == Action(0, taken)
    assert result.action == Action(0, ActionKind.TIMEOUT)
    assert result.state == apply(state, Action(0, taken)).state
    folded = [e for e in result.events if e.kind is EventKind.SEAT_FOLDED]
    assert folded == ([] if taken is ActionKind.CHECK else [folded[0]])


@pytest.mark.parametrize("rules", [HouseRules(), CHECKS])
def test_owing_chips_a_timeout_folds(rules: HouseRules) -> None:
    state = start_betting([500, 500, 500], 10, 0, rules)
    raised = apply(apply(state, Action(0, ActionKind.CHECK)).state, Action(1, ActionKind.RAISE, 30)).state  # type: ignore[arg-type]
    assert raised is not None and raised.to_act == 2
    result = apply(raised, Action(2, ActionKind.TIMEOUT))
    assert result.resolved_action == Action(2, ActionKind.FOLD)


def test_out_of_turn_nothing_is_resolved() -> None:
    state = start_betting([500, 500], 10, 0, CHECKS)
    result = apply(state, Action(1, ActionKind.TIMEOUT))
    assert result.reason is Reason.NOT_YOUR_TURN and result.resolved_action is None and result.state is None


def test_other_actions_resolve_nothing() -> None:
    state = start_betting([500, 500], 10, 0, CHECKS)
    assert apply(state, Action(0, ActionKind.CHECK)).resolved_action is None


def test_the_switch_is_a_bool() -> None:
    with pytest.raises(InvalidInput, match="timeout_checks"):
        HouseRules(timeout_checks=1)  # type: ignore[arg-type]


def check_timeout(state: BettingState) -> Action:
    """The TIMEOUT of the seat to act is the action :func:`resolve_timeout` names, applied exactly as that action."""
    seat = state.to_act
    assert seat is not None
    result = apply(state, Action(seat, ActionKind.TIMEOUT))
    assert result.legal and result.resolved_action is not None
    owes_nothing = state.seats[seat].committed == state.current_bet
    expected = ActionKind.CHECK if state.rules.timeout_checks and owes_nothing else ActionKind.FOLD
    assert result.resolved_action == Action(seat, expected) == Action(seat, resolve_timeout(state, seat))
    plain = apply(state, result.resolved_action)
    assert (result.state, result.events) == (plain.state, plain.events)
    return result.resolved_action


@settings(max_examples=200, deadline=None)
@given(data=rounds(), checks=st.booleans(), pick=st.randoms(use_true_random=False))
def test_a_record_with_timeouts_settles_as_the_record_of_their_resolutions(
    data: tuple[RoundRecord, list[BettingState]], checks: bool, pick: random.Random
) -> None:
    record, _ = data
    rules = dataclasses.replace(record.house_rules, timeout_checks=checks)
    # The random round's own TIMEOUTs were FOLDs; under timeout_checks they could be CHECKs: write them as FOLDs.
    actions = tuple(Action(a.seat, ActionKind.FOLD) if a.kind is ActionKind.TIMEOUT else a for a in record.actions)
    state = start_betting(record.stacks, record.ante, record.first_actor, rules)
    timed: list[Action] = []
    for action in actions:
        assert state.to_act == action.seat
        if check_timeout(state) == action and pick.random() < 0.7:
            timed.append(Action(action.seat, ActionKind.TIMEOUT))  # a TIMEOUT in place of the action it resolves to
        else:
            timed.append(action)
        result = apply(state, action)
        assert result.state is not None
        state = result.state
    plain = dataclasses.replace(record, house_rules=rules, actions=actions)
    assert settle_round(dataclasses.replace(plain, actions=tuple(timed))) == settle_round(plain)
