"""Liêng bots (docs/bots.md): every level's suggestion is legal, BASIC is the timeout default, the answer depends
only on the request and seed (in any process), and bad requests are InvalidInput naming the field."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.core.bots import Level
from cardrules.core.cards import CARDS, Card
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.lieng import (
    Action,
    ActionKind,
    BettingState,
    HouseRules,
    Reason,
    apply,
    judge,
    legal_actions,
    start_betting,
)
from cardrules.core.lieng.bots import MAX_PLAYOUTS, MAX_SEED, suggest_action
from tests.support.lieng_rounds import rules_strategy

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL_SEARCH = 10  # playouts: enough to exercise the search, cheap enough for many examples

View = tuple[BettingState, int, tuple[Card, ...], tuple[Action, ...]]


@st.composite
def open_views(draw: st.DrawFn) -> View:
    """A seat's view at a random open point of a random legal round (house rules, stacks, actions and cards)."""
    rules = dataclasses.replace(draw(rules_strategy), timeout_checks=draw(st.booleans()))
    n = draw(st.integers(2, 6))
    ante = draw(st.integers(1, 20))
    stacks = [draw(st.integers(ante, ante + 300)) for _ in range(n)]
    state = start_betting(stacks, ante, draw(st.integers(0, n - 1)), rules)
    history: list[Action] = []
    stop = draw(st.integers(0, 12))
    while state.to_act is None:  # every seat all-in on the ante: another table
        stacks = [s + ante for s in stacks]
        state = start_betting(stacks, ante, 0, rules)
    while len(history) < stop:
        legal = legal_actions(state)
        kind = draw(st.sampled_from(legal.kinds))
        amount = draw(st.integers(legal.min_raise_to, legal.max_raise_to)) if kind is ActionKind.RAISE else 0
        following = apply(state, Action(state.to_act or 0, kind, amount)).state
        assert following is not None
        if following.to_act is None:
            break
        history.append(Action(state.to_act or 0, kind, amount))
        state = following
    deck = draw(st.permutations(range(52)))
    seat = state.to_act
    assert seat is not None
    return state, seat, tuple(CARDS[c] for c in deck[:3]), tuple(history)


@SETTINGS
@given(open_views(), st.integers(0, MAX_SEED))
def test_every_level_suggests_a_legal_action(view: View, seed: int) -> None:
    state, seat, hand, history = view
    legal = legal_actions(state)
    for level in Level:
        suggestion = suggest_action(state, seat, hand, history, level, seed, SMALL_SEARCH)
        action = suggestion.action
        assert action.seat == seat
        assert judge(state, action) is Reason.OK, (level, action)
        assert action.kind is not ActionKind.TIMEOUT
        if action.kind is ActionKind.RAISE:
            assert legal.min_raise_to <= action.amount <= legal.max_raise_to
        if level is Level.STRONG:
            assert suggestion.search is not None
            assert 0 < suggestion.search.playouts <= SMALL_SEARCH
            assert 0.0 <= suggestion.search.win_chance <= 1.0
        else:
            assert suggestion.search is None


@SETTINGS
@given(open_views(), st.integers(0, MAX_SEED), st.integers(1, 6))
def test_a_strong_search_runs_no_more_playouts_than_its_budget(view: View, seed: int, playouts: int) -> None:
    state, seat, hand, history = view
    suggestion = suggest_action(state, seat, hand, history, Level.STRONG, seed, playouts)
    assert suggestion.search is not None
    assert 0 < suggestion.search.playouts <= playouts
    assert judge(state, suggestion.action) is Reason.OK


@SETTINGS
@given(open_views())
def test_basic_is_what_a_timeout_resolves_to(view: View) -> None:
    state, seat, hand, history = view
    timed_out = apply(state, Action(seat, ActionKind.TIMEOUT))
    assert suggest_action(state, seat, hand, history, Level.BASIC, 0).action == timed_out.resolved_action


def test_basic_checks_under_timeout_checks_when_nothing_is_owed() -> None:
    state = start_betting([100, 100, 100], 10, 0, HouseRules(timeout_checks=True))
    assert suggest_action(state, 0, "2S3D7H", (), Level.BASIC, 0).action == Action(0, ActionKind.CHECK)
    raised = apply(state, Action(0, ActionKind.RAISE, 30)).state
    assert raised is not None
    history = (Action(0, ActionKind.RAISE, 30),)
    assert suggest_action(raised, 1, "2S3D7H", history, Level.BASIC, 0).action == Action(1, ActionKind.FOLD)


def test_standard_plays_by_strength() -> None:
    state = start_betting([1000] * 6, 10, 0)
    assert suggest_action(state, 0, "ASADAH", (), Level.STANDARD, 0).action.kind is ActionKind.RAISE
    assert suggest_action(state, 0, "2S3D5H", (), Level.STANDARD, 0).action.kind is ActionKind.CHECK
    history = (Action(0, ActionKind.RAISE, 200),)
    raised = apply(state, history[0]).state
    assert raised is not None
    assert suggest_action(raised, 1, "2S3D5H", history, Level.STANDARD, 0).action.kind is ActionKind.FOLD
    assert suggest_action(raised, 1, "KSKDKH", history, Level.STANDARD, 0).action.kind is ActionKind.RAISE


def test_strong_folds_rubbish_to_a_big_raise_and_raises_trips() -> None:
    state = start_betting([1000] * 6, 10, 0)
    history = (Action(0, ActionKind.RAISE, 300),)
    raised = apply(state, history[0]).state
    assert raised is not None
    weak = suggest_action(raised, 1, "2S3D5H", history, Level.STRONG, 1)
    assert weak.action == Action(1, ActionKind.FOLD)
    assert weak.search is not None and weak.search.win_chance == 0.0
    strong = suggest_action(raised, 1, "ASADAH", history, Level.STRONG, 1)
    assert strong.action.kind in {ActionKind.RAISE, ActionKind.CALL}
    assert strong.search is not None and strong.search.win_chance > 0.5


@SETTINGS
@given(open_views(), st.integers(0, MAX_SEED))
def test_the_same_request_gives_the_same_answer(view: View, seed: int) -> None:
    state, seat, hand, history = view
    first = suggest_action(state, seat, hand, history, Level.STRONG, seed, SMALL_SEARCH)
    suggest_action(state, seat, hand, history, Level.STRONG, seed ^ 1, SMALL_SEARCH)  # no state carried over
    assert suggest_action(state, seat, hand, history, Level.STRONG, seed, SMALL_SEARCH) == first


PROBE = """
import json, sys
from cardrules.core.bots import Level
from cardrules.core.lieng import Action, ActionKind, apply, start_betting
from cardrules.core.lieng.bots import suggest_action
state = start_betting([500, 800, 300, 1000], 10, 1)
history = (Action(1, ActionKind.RAISE, 40), Action(2, ActionKind.CALL))
for action in history:
    state = apply(state, action).state
out = []
for seed in range(6):
    for hand in ("9S9D2H", "QCKDAS", "4H5C7S"):
        s = suggest_action(state, 3, hand, history, Level.STRONG, seed)
        out.append([s.action.kind.name, s.action.amount, s.search.playouts, s.search.win_chance])
json.dump(out, sys.stdout)
"""


def test_every_process_gives_the_same_answer() -> None:
    root = Path(__file__).resolve().parents[3]
    answers = []
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root / "service")}
        done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True)
        answers.append(json.loads(done.stdout))
    assert answers[0] == answers[1] == answers[2]
    assert len({tuple(a) for a in answers[0]}) > 1  # the probe's hands and seeds do lead to different answers


# --- bad requests ----------------------------------------------------------------------------------------------


def after(state: BettingState, *actions: Action) -> BettingState:
    for action in actions:
        following = apply(state, action).state
        assert following is not None, action
        state = following
    return state


START = start_betting([100, 100, 100], 10, 0)
RAISED = after(START, Action(0, ActionKind.RAISE, 30))
CLOSED = after(START, Action(0, ActionKind.FOLD), Action(1, ActionKind.FOLD))


def violation(call: dict[str, object]) -> tuple[str, ErrorReason]:
    arguments: dict[str, object] = {
        "state": START,
        "seat": 0,
        "hand": "2S3D7H",
        "history": (),
        "level": Level.STRONG,
        "seed": 0,
        "playouts": None,
    }
    arguments.update(call)
    with pytest.raises(InvalidInput) as caught:
        suggest_action(**arguments)  # type: ignore[arg-type]
    first = caught.value.violations[0]
    return first.field, first.reason


@pytest.mark.parametrize(
    ("call", "field", "reason"),
    [
        ({"level": 2}, "level", ErrorReason.UNKNOWN_ENUM_VALUE),
        ({"seed": -1}, "seed", ErrorReason.OUT_OF_RANGE),
        ({"seed": MAX_SEED + 1}, "seed", ErrorReason.OUT_OF_RANGE),
        ({"playouts": 0}, "playouts", ErrorReason.OUT_OF_RANGE),
        ({"playouts": MAX_PLAYOUTS + 1}, "playouts", ErrorReason.OUT_OF_RANGE),
        ({"state": "table"}, "state", ErrorReason.INVALID_VALUE),
        ({"seat": 3}, "seat", ErrorReason.SEAT_OUT_OF_RANGE),
        ({"seat": -1}, "seat", ErrorReason.SEAT_OUT_OF_RANGE),
        ({"seat": 1}, "seat", ErrorReason.CONFLICTING_VALUES),
        ({"state": CLOSED, "seat": 2}, "seat", ErrorReason.CONFLICTING_VALUES),
        ({"hand": "2S3D"}, "hand", ErrorReason.WRONG_CARD_COUNT),
        ({"hand": "2S3D7H8C"}, "hand", ErrorReason.WRONG_CARD_COUNT),
        ({"hand": "2S2S7H"}, "hand[1]", ErrorReason.DUPLICATE_CARD),
        ({"hand": "2S3D7X"}, "hand[2]", ErrorReason.MALFORMED_CARD),
        ({"history": "CHECK"}, "history", ErrorReason.INVALID_VALUE),
        ({"history": ("CHECK",)}, "history[0]", ErrorReason.INVALID_VALUE),
        ({"history": (Action(1, ActionKind.CHECK),)}, "history[0]", ErrorReason.ILLEGAL_ACTION),
        ({"history": (Action(0, ActionKind.RAISE, 30),)}, "history", ErrorReason.CONFLICTING_VALUES),
        ({"state": RAISED, "seat": 1}, "history", ErrorReason.CONFLICTING_VALUES),
    ],
)
def test_a_bad_request_names_its_field(call: dict[str, object], field: str, reason: ErrorReason) -> None:
    assert violation(call) == (field, reason)


def test_a_history_that_leads_to_the_state_is_accepted() -> None:
    history = (Action(0, ActionKind.RAISE, 30),)
    for level in Level:
        assert judge(RAISED, suggest_action(RAISED, 1, "2S3D7H", history, level, 0).action) is Reason.OK
