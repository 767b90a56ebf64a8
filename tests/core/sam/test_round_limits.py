"""The longest legal Sâm hand stays within ``max_round_actions`` (cardrules.core.sam.limits), which the service
uses to bound round records: a constructed long hand, and random hands played to last as long as they can."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.core.cards import CARDS
from cardrules.core.sam import (
    Applied,
    BaoMot,
    FinishWithTwo,
    HouseRules,
    Pass,
    Play,
    RoundRecord,
    TableState,
    apply,
    legal_moves,
    settle_round,
    start_hand,
)
from cardrules.core.sam.limits import MAX_ROUND_ACTIONS, max_round_actions
from tests.support.sam_rounds import NO_INSTANT_WINS, longest_constructed


def test_the_constructed_long_hand_is_legal_and_within_the_bound() -> None:
    lengths = {}
    for seats in range(2, 6):
        hands, actions = longest_constructed(seats)
        record = RoundRecord(
            tuple(tuple(CARDS[c] for c in h) for h in hands), 1, 0, (), tuple(actions), NO_INSTANT_WINS
        )
        settle_round(record)  # replays: every action legal, the hand over after the last one
        lengths[seats] = len(actions)
        assert len(actions) <= max_round_actions(seats)
    # How close the bound (41, 91, 161, 242) comes: each hand-over costs passes, and no lead is passed here.
    assert lengths == {2: 36, 3: 78, 4: 136, 5: 210}, lengths
    assert MAX_ROUND_ACTIONS == 242


RULES = st.builds(
    HouseRules,
    straight_low_ace=st.booleans(),
    quad_beats_pair_of_twos=st.booleans(),
    chop_after_pass=st.booleans(),
    bao_mot=st.sampled_from(BaoMot),
    finish_with_two=st.sampled_from(FinishWithTwo),
    instant_wins=st.just(frozenset()),
)


def stalling_hand(rng: random.Random, rules: HouseRules, seats: int, pass_bias: float) -> int:
    """Play a random deal, passing whenever allowed with probability ``pass_bias`` and otherwise playing the
    smallest legal play (singles when possible): the hand lasts long. Returns its action count."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[10 * k : 10 * k + 10] for k in range(seats)]
    state = start_hand(hands, rng.randrange(seats), (), rules)
    assert isinstance(state, TableState)
    count = 0
    while state.ended is None:
        moves = legal_moves(state, all_card_sets=True)
        if moves.can_pass and (not moves.plays or rng.random() < pass_bias):
            action: Play | Pass = Pass(state.turn)
        else:
            smallest = min(len(p) for p in moves.plays)
            action = Play(state.turn, rng.choice([p for p in moves.plays if len(p) == smallest]))
        result = apply(state, action)
        assert isinstance(result, Applied)
        state = result.state
        count += 1
        assert count <= max_round_actions(seats), "a legal hand went past the bound"
    return count


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    rules=RULES,
    seats=st.integers(2, 5),
    pass_bias=st.sampled_from([0.5, 0.9, 1.0]),
)
def test_stalling_hands_stay_within_the_bound(seed: int, rules: HouseRules, seats: int, pass_bias: float) -> None:
    stalling_hand(random.Random(seed), rules, seats, pass_bias)
