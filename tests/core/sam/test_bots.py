"""Sâm bots (cardrules.core.sam.bots): every level's move is legal, BASIC is the timeout default, answers are
deterministic (also across hash seeds), and bad input is InvalidInput naming the field."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.core.bots import Level
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.sam import (
    DEFAULT_RULES,
    FinishWithTwo,
    HandEnd,
    HouseRules,
    Pass,
    Play,
    SeatState,
    TableState,
    Timeout,
    TimeoutLead,
    check,
    legal_moves,
    resolve_timeout,
)
from cardrules.core.sam.bots import MAX_PLAYOUTS, suggest_action, suggest_declaration
from cardrules.core.sam.naming import SamNaming
from tests.support.sam_rounds import NO_INSTANT_WINS, play_randomly, rules_strategy
from tests.support.samkit import cards

REPO = Path(__file__).resolve().parents[3]


def positions(seed: int, rules: HouseRules, count: int) -> list[tuple[TableState, tuple[Play | Pass, ...]]]:
    """``count`` running states of random hands under ``rules``, each with the plays and passes that led to it."""
    rng = random.Random(seed)
    found: list[tuple[TableState, tuple[Play | Pass, ...]]] = []
    while len(found) < count:
        _, _, _, visited, actions = play_randomly(rng, rules, rng.randint(2, 5), sam=rng.random() < 0.15)
        for k, state in enumerate(visited[:-1]):
            if rng.random() < 0.3 and len(found) < count:
                found.append((state, tuple(actions[:k])))
    return found


def is_legal(state: TableState, action: Play | Pass) -> bool:
    return check(state, action) is None and (
        isinstance(action, Pass) or tuple(sorted(action.cards)) in {tuple(sorted(p)) for p in _plays(state)}
    )


def _plays(state: TableState) -> tuple[tuple[int, ...], ...]:
    return legal_moves(state, all_card_sets=True).plays


@settings(max_examples=25, deadline=None)
@given(rules=rules_strategy, lead=st.sampled_from(TimeoutLead), seed=st.integers(0, 2**32))
def test_every_level_suggests_a_legal_move(rules: HouseRules, lead: TimeoutLead, seed: int) -> None:
    rules = dataclasses.replace(rules, timeout_lead=lead)
    for state, history in positions(seed, rules, 6):
        for level in Level:
            suggestion = suggest_action(state, state.turn, history, level, seed, playouts=4)
            assert is_legal(state, suggestion.action), (level, state, suggestion)
            assert (suggestion.search is None) == (level is not Level.STRONG)


def test_basic_is_the_timeout_default() -> None:
    for rules in (
        NO_INSTANT_WINS,
        dataclasses.replace(
            NO_INSTANT_WINS, timeout_lead=TimeoutLead.LOWEST_SET, finish_with_two=FinishWithTwo.FORBIDDEN
        ),
    ):
        for state, history in positions(7, rules, 200):
            assert suggest_action(state, state.turn, history, Level.BASIC, 1).action == resolve_timeout(
                state, state.turn
            )


def test_the_same_inputs_and_seed_give_the_same_answer() -> None:
    for state, history in positions(11, NO_INSTANT_WINS, 20):
        for level in Level:
            first = suggest_action(state, state.turn, history, level, 99, playouts=6)
            again = suggest_action(state, state.turn, history, level, 99, playouts=6)
            assert first == again


_DIGEST = """
import random
from cardrules.core.bots import Level
from cardrules.core.sam import DEFAULT_RULES
from cardrules.core.sam.bots import suggest_action, suggest_declaration
from tests.support.sam_rounds import NO_INSTANT_WINS, play_randomly
rng = random.Random(5)
out = []
for _ in range(4):
    hands, _, _, visited, actions = play_randomly(rng, NO_INSTANT_WINS, 4, sam=False)
    out.append(suggest_declaration(tuple(hands[0]), 4, DEFAULT_RULES, Level.STRONG, 3, 6))
    for k in range(0, len(visited) - 1, 5):
        state = visited[k]
        for level in Level:
            out.append(suggest_action(state, state.turn, tuple(actions[:k]), level, k, 6))
print(repr(out))
"""


def test_answers_do_not_depend_on_the_hash_seed() -> None:
    answers = set()
    for hash_seed in ("0", "12345"):
        run = subprocess.run(
            [sys.executable, "-c", _DIGEST],
            capture_output=True,
            text=True,
            check=True,
            cwd=REPO,
            env={"PYTHONHASHSEED": hash_seed, "PATH": "/usr/bin:/bin"},
        )
        answers.add(run.stdout)
    assert len(answers) == 1
    assert "SearchSummary" in answers.pop()


def test_a_partial_or_empty_history_still_gives_a_legal_move() -> None:
    for state, history in positions(13, NO_INSTANT_WINS, 40):
        for kept in ((), history[len(history) // 2 :]):
            for level in Level:
                action = suggest_action(state, state.turn, kept, level, 2, playouts=3).action
                assert is_legal(state, action)


def test_strong_reports_its_search() -> None:
    state, history = positions(17, NO_INSTANT_WINS, 1)[0]
    summary = suggest_action(state, state.turn, history, Level.STRONG, 1, playouts=8).search
    assert summary is not None
    assert 1 <= summary.playouts <= 8
    assert 0.0 <= summary.win_chance <= 1.0


# --- STANDARD's rules of thumb ------------------------------------------------------------------------------------


def table(
    hand: str, *counts: int, current: str = "", owner: int | None = None, rules: HouseRules = DEFAULT_RULES
) -> TableState:
    """Seat 0 to act holding ``hand``; the other seats hold ``counts`` cards."""
    seats = (SeatState(hand=cards(hand)), *(SeatState(count=c) for c in counts))
    return TableState(seats=seats, turn=0, current=cards(current), current_owner=owner, house_rules=rules)


def standard(state: TableState) -> Play | Pass:
    return suggest_action(state, 0, (), Level.STANDARD, 0).action


def test_standard_goes_out_when_it_can() -> None:
    assert standard(table("9S TD JH", 7, 7, 7)) == Play(0, cards("9S TD JH"))


def test_standard_does_not_break_a_straight_for_a_single() -> None:
    # Facing a 4: its 5 is in 5-6-7; the lone 9 beats cheaply without breaking anything.
    assert standard(table("5S 6D 7H 9C KS KD", 8, 8, 8, current="4C", owner=1)) == Play(0, cards("9C"))


def test_standard_leads_low_and_long() -> None:
    assert standard(table("3S 4D 5H 6C 9S JD QH 2S", 9, 9, 9)) == Play(0, cards("3S 4D 5H 6C"))


def test_standard_keeps_its_2_for_later() -> None:
    assert standard(table("6S 2D", 9, 9, 9, current="5C", owner=1)) == Play(0, cards("6S"))
    assert standard(table("4S 2D KH KD", 9, 9, 9, current="7C", owner=1)) == Pass(0)


def test_standard_chops_a_2() -> None:
    assert standard(table("3S 8S 8C 8D 8H 9C", 9, 9, 9, current="2D", owner=1)) == Play(0, cards("8S 8C 8D 8H"))


def test_standard_honours_bao_1() -> None:
    # The next seat holds one card: not a low single, a pair instead.
    assert standard(table("3S 5D 5H 9C", 1, 6, 6)) == Play(0, cards("5D 5H"))
    # Only singles: the highest.
    assert standard(table("3S 6D 9C", 1, 6, 6)) == Play(0, cards("9C"))


def test_standard_plays_safe_combinations_first_to_go_out() -> None:
    # The 2 is all but sure to win its trick; then the pair goes out.
    assert standard(table("7S 7D 2H", 8, 8, 8)) == Play(0, cards("2H"))


# --- declarations -----------------------------------------------------------------------------------------------

STRONG_HAND = cards("8S 9D TC JH QS KD AC 2S 2C 3H")
"""A straight to the ace (nothing beats it), a pair of 2s, and a 3 to go out on: a Sâm."""
WEAK_HAND = cards("3S 3D 6C 8H 9S JD QC KH 4S 7D")


def test_declarations_by_level() -> None:
    for level in Level:
        weak = suggest_declaration(WEAK_HAND, 4, DEFAULT_RULES, level, 1, 8)
        assert not weak.declare
        assert (weak.search is None) == (level is not Level.STRONG)
    assert not suggest_declaration(STRONG_HAND, 4, DEFAULT_RULES, Level.BASIC, 1).declare
    assert suggest_declaration(STRONG_HAND, 4, DEFAULT_RULES, Level.STANDARD, 1).declare
    assert suggest_declaration(STRONG_HAND, 4, DEFAULT_RULES, Level.STRONG, 1, 8).declare


def test_an_instant_win_is_never_declared() -> None:
    pairs = cards("3S 3D 5C 5H 7S 7D 9C 9H JS JD")
    for level in Level:
        assert not suggest_declaration(pairs, 3, DEFAULT_RULES, level, 4).declare


# --- bad input --------------------------------------------------------------------------------------------------


def fault(call: object) -> tuple[str, ErrorReason]:
    assert callable(call)
    with pytest.raises(InvalidInput) as caught:
        call()
    violation = caught.value.violations[0]
    return violation.field, violation.reason


def test_bad_requests_name_the_field() -> None:
    state = table("3S 4D 9C", 9, 9, 9)
    later = table("3S 4D 9C", 8, 9, 9, current="5H", owner=1)
    unknown = TableState(seats=(SeatState(count=3), SeatState(count=9)), turn=0)
    cases: list[tuple[object, tuple[str, ErrorReason]]] = [
        (lambda: suggest_action(state, 1, (), Level.BASIC, 0), ("seat", ErrorReason.CONFLICTING_VALUES)),
        (lambda: suggest_action(state, 7, (), Level.BASIC, 0), ("seat", ErrorReason.SEAT_OUT_OF_RANGE)),
        (lambda: suggest_action(unknown, 0, (), Level.BASIC, 0), ("state.seats[0].hand", ErrorReason.HAND_REQUIRED)),
        (
            lambda: suggest_action(later, 0, (Play(1, cards("3S")),), Level.STANDARD, 0),
            ("history[0].cards[0]", ErrorReason.CONFLICTING_VALUES),
        ),
        (
            lambda: suggest_action(later, 0, (Play(1, cards("7S")), Play(2, cards("7S"))), Level.STANDARD, 0),
            ("history[1].cards[0]", ErrorReason.DUPLICATE_CARD),
        ),
        (
            lambda: suggest_action(later, 0, (Play(2, cards("7S 7D")),), Level.STANDARD, 0),
            ("history[0]", ErrorReason.CONFLICTING_VALUES),
        ),
        (
            lambda: suggest_action(later, 0, (Play(2, cards("5H")),), Level.STANDARD, 0),
            ("history[0].cards[0]", ErrorReason.CONFLICTING_VALUES),
        ),
        (
            lambda: suggest_action(later, 0, (Timeout(1),), Level.STANDARD, 0),
            ("history[0]", ErrorReason.INVALID_VALUE),
        ),
        (
            lambda: suggest_action(later, 0, (Pass(9),), Level.STANDARD, 0),
            ("history[0].seat", ErrorReason.SEAT_OUT_OF_RANGE),
        ),
        (
            lambda: suggest_action(state, 0, (), Level.STRONG, 0, MAX_PLAYOUTS + 1),
            ("playouts", ErrorReason.OUT_OF_RANGE),
        ),
        (lambda: suggest_action(state, 0, (), Level.STRONG, 0, 0), ("playouts", ErrorReason.OUT_OF_RANGE)),
        (lambda: suggest_action(state, 0, (), Level.BASIC, -1), ("seed", ErrorReason.OUT_OF_RANGE)),
        (lambda: suggest_action(state, 0, (), Level.BASIC, 2**64), ("seed", ErrorReason.OUT_OF_RANGE)),
        (
            lambda: suggest_declaration(WEAK_HAND[:9], 4, DEFAULT_RULES, Level.STANDARD, 0),
            ("hand", ErrorReason.WRONG_CARD_COUNT),
        ),
        (
            lambda: suggest_declaration((*WEAK_HAND[:9], WEAK_HAND[0]), 4, DEFAULT_RULES, Level.STANDARD, 0),
            ("hand[9]", ErrorReason.DUPLICATE_CARD),
        ),
        (
            lambda: suggest_declaration(WEAK_HAND, 6, DEFAULT_RULES, Level.STANDARD, 0),
            ("seat_count", ErrorReason.WRONG_SEAT_COUNT),
        ),
    ]
    for call, expected in cases:
        assert fault(call) == expected


def test_an_ended_hand_has_nothing_to_suggest() -> None:
    ended = TableState(
        seats=(SeatState(hand=()), SeatState(hand=cards("3S 4D"))),
        turn=0,
        ended=HandEnd.FINISHED,
        winner=0,
    )
    assert fault(lambda: suggest_action(ended, 0, (), Level.BASIC, 0)) == ("state.ended", ErrorReason.UNEXPECTED_VALUE)


def test_the_api_paths_are_spelt_by_the_callers_naming() -> None:
    naming = SamNaming(cards=".cards", count="card_count", play_cards="play")
    later = table("3S 4D 9C", 8, 9, 9, current="5H", owner=1)

    def call() -> object:
        return suggest_action(later, 0, (Play(1, cards("3S")),), Level.BASIC, 0, path="request", naming=naming)

    assert fault(call) == ("request.history[0].play.cards[0]", ErrorReason.CONFLICTING_VALUES)
