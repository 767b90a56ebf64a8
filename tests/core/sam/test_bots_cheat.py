"""A Sâm bot cannot cheat: dealing the other seats' hidden cards out differently — keeping the seat's own hand, every
count, pass mark, the table and the public history — never changes a suggestion for the same seed, at any level;
nor does hiding those hands (counts only)."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.core.bots import Level
from cardrules.core.cards import CARDS
from cardrules.core.sam import HouseRules, Pass, Play, SeatState, TableState
from cardrules.core.sam.bots import suggest_action
from tests.support.sam_rounds import hidden_view, play_randomly, rules_strategy


def redealt(state: TableState, history: tuple[Play | Pass, ...], rng: random.Random) -> TableState:
    """``state`` with every other seat's hand drawn again from the cards its seat cannot see (the other hands and
    the cards not shown played), each seat keeping its count and pass mark."""
    me = state.turn
    own = state.seats[me].hand
    assert own is not None
    public = {card for action in history if isinstance(action, Play) for card in action.cards} | set(state.current)
    pool = [card for card in CARDS if card not in own and card not in public]
    rng.shuffle(pool)
    seats: list[SeatState] = []
    for i, seat in enumerate(state.seats):
        if i == me:
            seats.append(seat)
        else:
            seats.append(SeatState(hand=tuple(pool[: seat.count]), passed=seat.passed))
            del pool[: seat.count]
    return dataclasses.replace(state, seats=tuple(seats))


@settings(max_examples=20, deadline=None)
@given(rules=rules_strategy, seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_other_hands_do_not_change_the_suggestion(rules: HouseRules, seed: int, players: int) -> None:
    rng = random.Random(seed)
    _, _, _, visited, actions = play_randomly(rng, rules, players, sam=rng.random() < 0.2)
    for k in sorted(rng.sample(range(len(visited) - 1), min(4, len(visited) - 1))):
        state = visited[k]
        kept = tuple(actions[rng.randrange(k + 1) : k])  # the caller may have kept only the latest part
        for level in Level:
            answer = suggest_action(state, state.turn, kept, level, seed, playouts=4)
            assert suggest_action(hidden_view(state), state.turn, kept, level, seed, playouts=4) == answer
            for _ in range(2):
                other = redealt(state, kept, rng)
                assert suggest_action(other, state.turn, kept, level, seed, playouts=4) == answer, level
