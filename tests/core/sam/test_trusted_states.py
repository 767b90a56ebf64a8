"""The trusted construction path (states derived by apply skip re-validation) can never yield an invalid state.

Every state apply / start_hand / replay derive is rebuilt field by field through the public, validating
constructors; the rebuilt state must be accepted and compare equal, and the caches the fast path copied (the
classified combination, the per-rank index and grouping of each seat) must equal freshly computed ones.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.core.cards import CARDS
from cardrules.core.sam import (
    Applied,
    HouseRules,
    RoundRecord,
    SeatState,
    TableState,
    apply,
    classify,
    legal_moves,
    replay,
)
from tests.support.sam_rounds import hidden_view, play_randomly, rules_strategy


def rebuilt_seat(seat: SeatState) -> SeatState:
    if seat.hand is None:
        return SeatState(count=seat.count, passed=seat.passed)
    return SeatState(hand=tuple(seat.hand), count=seat.count, passed=seat.passed)


def rebuilt(state: TableState) -> TableState:
    """The same state built from scratch by the validating constructors (raises InvalidInput if it is not valid)."""
    return TableState(
        seats=tuple(rebuilt_seat(s) for s in state.seats),
        turn=state.turn,
        current=tuple(state.current),
        current_owner=state.current_owner,
        chop_chain=tuple(state.chop_chain),
        declarer=state.declarer,
        bao_mot_violator=state.bao_mot_violator,
        lead_passes=state.lead_passes,
        ended=state.ended,
        winner=state.winner,
        house_rules=state.house_rules,
    )


def check_valid(state: TableState) -> None:
    fresh = rebuilt(state)
    assert fresh == state
    assert state.combination == fresh.combination
    if state.current:
        assert state.combination == classify(state.current, state.house_rules)
    for derived, seat in zip(state.seats, fresh.seats, strict=True):
        assert derived.hand == seat.hand and derived.count == seat.count and derived.passed is seat.passed
        assert type(derived.passed) is bool
        if seat.hand is not None:
            assert all(card is CARDS[card] for card in derived.hand or ())  # interned cards, as validation stores
            assert derived.rank_index() == seat.rank_index()
            assert derived.profile() == seat.profile()
            assert derived.by_rank() == seat.by_rank()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=rules_strategy, seats=st.integers(2, 5), sam=st.booleans())
def test_every_state_apply_derives_revalidates_equal(seed: int, rules: HouseRules, seats: int, sam: bool) -> None:
    rng = random.Random(seed)
    hands, leader, declarations, visited, actions = play_randomly(rng, rules, seats, sam and rng.random() < 0.4)
    for state in visited:
        if rng.random() < 0.5:  # touch the caches first so that derived seats copy filled caches too
            for seat in state.seats:
                if seat.hand is not None:
                    seat.profile()
        check_valid(state)
    # The same actions from hidden views (other seats known only by their count) derive valid states too.
    for state, action in zip(visited, actions, strict=False):
        result = apply(hidden_view(state), action)
        assert isinstance(result, Applied)
        check_valid(result.state)
        moves = legal_moves(result.state).actions() if result.state.seats[result.state.turn].hand else ()
        for move in moves[:3]:
            following = apply(result.state, move)
            if isinstance(following, Applied):
                check_valid(following.state)
    record = RoundRecord(
        hands=tuple(tuple(CARDS[c] for c in h) for h in hands),
        stake=100,
        leader=leader,
        declarations=declarations,
        actions=tuple(actions),
        house_rules=rules,
    )
    played = replay(record)
    assert isinstance(played.start, TableState) and isinstance(played.final, TableState)
    check_valid(played.start)
    check_valid(played.final)
    assert played.start == visited[0] and played.final == visited[-1]
