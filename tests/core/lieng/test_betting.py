"""Betting: every reason code, the betting-related switches, events, legal actions and state validation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest

from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.lieng import (
    Action,
    ActionKind,
    BettingState,
    EventKind,
    HouseRules,
    Reason,
    RoundRecord,
    SeatState,
    apply,
    judge,
    legal_actions,
    settle_round,
    start_betting,
)

A, B, C, D = 0, 1, 2, 3
FOLD, CHECK, CALL, RAISE, ALL_IN, TIMEOUT = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.RAISE,
    ActionKind.ALL_IN,
    ActionKind.TIMEOUT,
)


def run(state: BettingState, *steps: tuple[int, ActionKind] | tuple[int, ActionKind, int]) -> BettingState:
    for step in steps:
        result = apply(state, Action(*step))
        assert result.legal and result.state is not None, (step, result.reason)
        state = result.state
    return state


def start(stacks: Sequence[int] = (500, 500, 500), ante: int = 10, first: int = A, **rules: object) -> BettingState:
    return start_betting(stacks, ante, first, HouseRules(**rules))  # type: ignore[arg-type]


def reason(state: BettingState, *step: int | ActionKind) -> Reason:
    result = apply(state, Action(*step))  # type: ignore[arg-type]
    assert result.reason is judge(state, Action(*step))  # type: ignore[arg-type]
    assert (result.state is None) == (result.reason is not Reason.OK)
    return result.reason


# --- start ----------------------------------------------------------------------------------------------------
def test_start_collects_the_ante() -> None:
    state = start((500, 300, 10))
    assert [s.committed for s in state.seats] == [10, 10, 10]
    assert [s.stack for s in state.seats] == [490, 290, 0]
    assert state.seats[C].all_in  # the ante took its whole stack
    assert state.current_bet == 10 and state.pot == 30 and state.to_act == A
    assert legal_actions(state).kinds == (FOLD, CHECK, RAISE, ALL_IN, TIMEOUT)


def test_start_skips_an_all_in_first_actor_and_closes_when_everyone_is_all_in() -> None:
    assert start((10, 500, 500)).to_act == B
    closed = start((10, 10))
    assert closed.closed and closed.to_act is None


@pytest.mark.parametrize(
    ("stacks", "ante", "first", "field", "code"),
    [
        ((500,), 10, 0, "stacks", ErrorReason.WRONG_SEAT_COUNT),
        ((500,) * 7, 10, 0, "stacks", ErrorReason.WRONG_SEAT_COUNT),
        ((500, -1), 10, 0, "stacks[1]", ErrorReason.OUT_OF_RANGE),
        ((500, 9), 10, 0, "stacks[1]", ErrorReason.ANTE_NOT_COVERED),
        ((500, 500), 0, 0, "ante", ErrorReason.OUT_OF_RANGE),
        ((500, 500), None, 0, "ante", ErrorReason.MISSING_VALUE),
        ((500, 500), 10, 2, "first_actor", ErrorReason.SEAT_OUT_OF_RANGE),
    ],
)
def test_start_bad_input(stacks: tuple[int, ...], ante: int | None, first: int, field: str, code: ErrorReason) -> None:
    with pytest.raises(InvalidInput) as error:
        start_betting(stacks, ante, first)
    assert (error.value.violations[0].field, error.value.violations[0].reason) == (field, code)


# --- one test per reason code ----------------------------------------------------------------------------------
def test_reason_ok_and_events() -> None:
    state = start()
    assert reason(state, A, CHECK) is Reason.OK
    result = apply(state, Action(A, RAISE, 30))
    assert result.legal and [e.kind for e in result.events] == [EventKind.FULL_RAISE]


def test_reason_betting_closed() -> None:
    state = run(start(), (A, CHECK), (B, CHECK), (C, CHECK))
    assert state.closed
    assert reason(state, A, CHECK) is Reason.BETTING_CLOSED
    assert legal_actions(state).kinds == () and legal_actions(state).seat is None


def test_reason_not_your_turn() -> None:
    state = start()
    assert reason(state, B, CHECK) is Reason.NOT_YOUR_TURN
    folded = run(state, (A, FOLD))
    assert reason(folded, A, CHECK) is Reason.NOT_YOUR_TURN


def test_reason_cannot_check() -> None:
    state = run(start(), (A, RAISE, 30))
    assert reason(state, B, CHECK) is Reason.CANNOT_CHECK


def test_reason_nothing_to_call() -> None:
    assert reason(start(), A, CALL) is Reason.NOTHING_TO_CALL


def test_reason_cannot_call_only_all_in() -> None:
    state = run(start((500, 40, 500)), (A, RAISE, 100))
    assert reason(state, B, CALL) is Reason.CANNOT_CALL
    legal = legal_actions(state)
    assert legal.kinds == (FOLD, ALL_IN, TIMEOUT) and legal.call_amount == 90 and legal.all_in_to == 40
    after = apply(state, Action(B, ALL_IN))
    assert after.state is not None and after.state.seats[B].all_in and after.state.current_bet == 100
    assert [e.kind for e in after.events] == [EventKind.SEAT_ALL_IN]


def test_reason_raise_below_minimum_default_is_the_ante() -> None:
    state = start()
    assert reason(state, A, RAISE, 19) is Reason.RAISE_BELOW_MINIMUM
    assert reason(state, A, RAISE, 20) is Reason.OK
    assert reason(state, A, RAISE, 10) is Reason.RAISE_BELOW_MINIMUM


def test_reason_raise_above_cap_and_switch_max_raise() -> None:
    state = start(max_raise=50)
    assert reason(state, A, RAISE, 60) is Reason.OK
    assert reason(state, A, RAISE, 61) is Reason.RAISE_ABOVE_CAP
    assert reason(state, A, ALL_IN) is Reason.RAISE_ABOVE_CAP  # an all-in raise obeys the cap too
    legal = legal_actions(state)
    assert (legal.min_raise_to, legal.max_raise_to) == (20, 60) and ALL_IN not in legal.kinds
    short = start((500, 55, 500), max_raise=50)
    short = run(short, (A, CHECK))
    assert reason(short, B, ALL_IN) is Reason.OK  # adds 45 ≤ 50


def test_reason_not_enough_chips() -> None:
    state = start((500, 100, 500))
    state = run(state, (A, CHECK))
    assert reason(state, B, RAISE, 101) is Reason.NOT_ENOUGH_CHIPS
    assert reason(state, B, RAISE, 100) is Reason.OK  # exactly the stack: a raise that is all-in
    after = run(state, (B, RAISE, 100))
    assert after.seats[B].all_in and after.seats[B].stack == 0


def test_reason_raise_rounds_exhausted_and_switch_max_raise_rounds() -> None:
    state = start(max_raise_rounds=1)
    state = run(state, (A, RAISE, 20), (B, RAISE, 30))  # two raises in orbit 0: one orbit with a raise
    state = run(state, (C, CALL))
    assert state.to_act == A and state.orbit == 1 and state.raise_orbits == 1
    assert reason(state, A, RAISE, 40) is Reason.RAISE_ROUNDS_EXHAUSTED
    assert reason(state, A, ALL_IN) is Reason.RAISE_ROUNDS_EXHAUSTED
    assert legal_actions(state).raise_reason is Reason.RAISE_ROUNDS_EXHAUSTED
    assert legal_actions(state).kinds == (FOLD, CALL, TIMEOUT)
    assert run(state, (A, CALL)).closed
    unlimited = run(start(), (A, RAISE, 20), (B, RAISE, 30), (C, CALL))
    assert reason(unlimited, A, RAISE, 40) is Reason.OK
    two = run(start(max_raise_rounds=2), (A, RAISE, 20), (B, RAISE, 30), (C, CALL), (A, RAISE, 40), (B, CALL))
    assert two.raise_orbits == 2 and reason(two, C, RAISE, 50) is Reason.OK  # same orbit 1 as A's raise
    two = run(two, (C, CALL))
    assert two.closed


def test_reason_betting_not_reopened_by_a_short_all_in() -> None:
    state = run(start((500, 35, 500)), (A, RAISE, 30))
    result = apply(state, Action(B, ALL_IN))  # to 35: adds 5 < min_raise 10
    assert result.state is not None
    assert [e.kind for e in result.events] == [EventKind.SHORT_ALL_IN, EventKind.SEAT_ALL_IN]
    state = result.state
    assert state.current_bet == 35 and state.last_full_raise == 20
    assert reason(state, C, RAISE, 45) is Reason.OK  # C had not acted: it may raise
    state = run(state, (C, CALL))
    assert state.to_act == A  # A already acted and faces only the short all-in
    assert reason(state, A, RAISE, 45) is Reason.BETTING_NOT_REOPENED
    assert reason(state, A, ALL_IN) is Reason.BETTING_NOT_REOPENED
    legal = legal_actions(state)
    assert legal.kinds == (FOLD, CALL, TIMEOUT) and legal.call_amount == 5
    assert legal.raise_reason is Reason.BETTING_NOT_REOPENED
    assert run(state, (A, CALL)).closed


def test_full_raise_all_in_reopens() -> None:
    state = run(start((500, 45, 500)), (A, RAISE, 30), (B, ALL_IN))  # to 45: adds 15 ≥ 10
    state = run(state, (C, CALL))
    assert reason(state, A, RAISE, 55) is Reason.OK


def test_switch_min_raise() -> None:
    state = start(min_raise=25)
    assert reason(state, A, RAISE, 34) is Reason.RAISE_BELOW_MINIMUM
    assert reason(state, A, RAISE, 35) is Reason.OK
    assert legal_actions(state).min_raise_to == 35


def test_switch_ante_in_house_rules() -> None:
    state = start_betting((100, 100), None, A, HouseRules(ante=20))
    assert state.ante == 20 and state.pot == 40
    with pytest.raises(InvalidInput) as error:
        start_betting((100, 100), 10, A, HouseRules(ante=20))
    assert error.value.violations[0].field == "ante"


def test_switch_max_players() -> None:
    assert len(start((100,) * 6).seats) == 6
    with pytest.raises(InvalidInput) as error:
        start((100,) * 4, max_players=3)
    assert error.value.violations[0].reason == "WRONG_SEAT_COUNT"


def test_timeout_is_fold_and_fold_out_event() -> None:
    state = run(start(), (A, RAISE, 50), (B, TIMEOUT))
    assert state.seats[B].folded
    result = apply(state, Action(C, FOLD))
    assert result.state is not None and result.state.closed and result.state.fold_out_winner == A
    assert [(e.kind, e.seat, e.amount) for e in result.events] == [
        (EventKind.SEAT_FOLDED, C, 10),
        (EventKind.BETTING_CLOSED, None, 70),
        (EventKind.FOLD_OUT, A, 70),
    ]


def test_showdown_event_and_turns_skip_folded_and_all_in() -> None:
    state = run(start((500, 50, 500, 500)), (A, FOLD), (B, ALL_IN))
    assert state.to_act == C
    state = run(state, (C, CALL))
    assert state.to_act == D
    result = apply(state, Action(D, CALL))
    assert result.state is not None and result.state.closed
    assert [e.kind for e in result.events] == [EventKind.BETTING_CLOSED, EventKind.SHOWDOWN]


def test_legal_actions_raise_bounds() -> None:
    state = run(start((500, 200, 500)), (A, RAISE, 40))
    legal = legal_actions(state)
    assert legal.seat == B and legal.kinds == (FOLD, CALL, RAISE, ALL_IN, TIMEOUT)
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to, legal.all_in_to) == (30, 50, 200, 200)


def test_actions_validate_themselves() -> None:
    with pytest.raises(InvalidInput) as error:
        Action(0, RAISE)
    assert error.value.violations[0].field == "amount"
    with pytest.raises(InvalidInput):
        Action(0, CALL, 5)
    with pytest.raises(InvalidInput):
        Action(-1, CALL)
    with pytest.raises(InvalidInput):
        Action.of(0, "SHOVE")
    assert Action.of(1, "raise", 30) == Action(1, RAISE, 30)
    with pytest.raises(InvalidInput) as error:
        apply(start(), Action(5, CHECK))
    assert error.value.violations[0].field == "action.seat"


def test_state_validation_names_fields() -> None:
    state = start()
    with pytest.raises(InvalidInput) as error:
        replace(state, current_bet=20)
    assert error.value.violations[0].field == "current_bet"
    with pytest.raises(InvalidInput) as error:
        replace(state, to_act=None)
    assert error.value.violations[0].field == "to_act"
    with pytest.raises(InvalidInput) as error:
        replace(state, seats=(*state.seats[:2], SeatState(495, 5)))
    assert error.value.violations[0].field == "seats[2].committed"
    with pytest.raises(InvalidInput) as error:
        SeatState(-1, 10)
    assert error.value.violations[0].field == "stack"
    with pytest.raises(InvalidInput):
        SeatState(0, 10)  # no chips behind but not all-in
    with pytest.raises(InvalidInput):
        SeatState(0, 10, folded=True, all_in=True)
    with pytest.raises(InvalidInput) as error:
        replace(state, raise_orbits=1)
    assert error.value.violations[0].field == "raise_orbits"


MISTYPED_CALLS: list[tuple[str, Callable[[], object], str]] = [
    ("a string stack", lambda: start_betting([100, "x"], 10, 0), "stacks[1]"),
    ("a string ante", lambda: start_betting([100, 100], "10", 0), "ante"),
    ("True for the first actor", lambda: start_betting([100, 100], 10, True), "first_actor"),
    ("a string seat", lambda: Action.of("x", "FOLD"), "seat"),
    ("True for a seat", lambda: Action.of(True, "FOLD"), "seat"),
    ("a string amount", lambda: Action.of(0, "RAISE", "5"), "amount"),
    (
        "a record's string ante",
        lambda: settle_round(RoundRecord(stacks=(100, 100), ante="10", first_actor=0, actions=())),  # type: ignore[arg-type]
        "ante",
    ),
]


@pytest.mark.parametrize(("what", "call", "field"), MISTYPED_CALLS, ids=[m[0] for m in MISTYPED_CALLS])
def test_a_mistyped_argument_is_named_not_a_type_error(what: str, call: Callable[[], object], field: str) -> None:
    # Compiled (setup.py), a parameter or a field read typed int would raise TypeError (or take True as 1) first.
    with pytest.raises(InvalidInput) as error:
        call()
    assert field in [v.field for v in error.value.violations], (what, error.value.violations)
