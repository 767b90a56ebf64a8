"""legal_moves returns each play classified (built by kind, not classified again by the API): every listed
combination is exactly what classify makes of its cards, under every switch that changes classification or the
list."""

from __future__ import annotations

import random

import pytest

from cardrules.core.sam import BaoMot, FinishWithTwo, HouseRules, classify, legal_moves
from tests.support.sam_rounds import play_randomly


@pytest.mark.parametrize("seed", range(6))
def test_every_listed_play_comes_with_its_own_classification(seed: int) -> None:
    rng = random.Random(seed)
    rules = HouseRules(
        straight_low_ace=seed % 2 == 1,
        quad_beats_pair_of_twos=rng.random() < 0.5,
        chop_after_pass=rng.random() < 0.5,
        bao_mot=rng.choice(list(BaoMot)),
        finish_with_two=rng.choice(list(FinishWithTwo)),
        instant_wins=frozenset(),
    )
    checked = 0
    for _ in range(15):
        _, _, _, states, _ = play_randomly(rng, rules, rng.randint(2, 5), sam=False)
        for state in states[:-1]:
            for all_card_sets in (False, True):
                moves = legal_moves(state, all_card_sets)
                assert moves.plays == tuple(c.cards for c in moves.combinations)
                for combination in moves.combinations:
                    assert combination == classify(combination.cards, rules)
                    checked += 1
    assert checked > 1000
