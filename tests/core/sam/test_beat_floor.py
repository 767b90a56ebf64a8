"""The beat rule by key floors (rules §3) against its plain statement, on every pair of combinations of a wide set.

``beats`` and ``is_chop`` judge through ``beat_floor`` / ``chop_floor`` (legal_moves filters whole lists by one
floor), so this checks the floors say exactly what the rules say: the same kind and length with a higher key
beats; a four of a kind chops a lower four of a kind, a single 2 and, under ``quad_beats_pair_of_twos``, a pair
of 2s; nothing else beats anything.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cardrules.core.cards import CARDS
from cardrules.core.sam import Combination, HouseRules, Kind, beats, classify, is_chop
from cardrules.core.sam.combination import NEVER, SAME_RANK, TWO, beat_floor, chop_floor


def wide_set() -> list[Combination]:
    """Every single, pair, triple and four of a kind, and every straight of lowest suits (both ace switches)."""
    found = list(SAME_RANK.values())
    for low_ace in (False, True):
        rules = HouseRules(straight_low_ace=low_ace)
        for length in range(3, 11):
            for start in range(-2, 13):
                ranks = [r % 13 for r in range(start, start + length)]
                combination = classify([CARDS[r * 4] for r in ranks], rules)
                if combination.kind is Kind.STRAIGHT:
                    found.append(combination)
    return found


def plain_chop(new: Combination, current: Combination, rules: HouseRules) -> bool:
    if new.kind is not Kind.QUAD:
        return False
    if current.kind is Kind.QUAD:
        return new.key > current.key
    if current.kind is Kind.SINGLE and current.key == TWO:
        return True
    return current.kind is Kind.PAIR and current.key == TWO and rules.quad_beats_pair_of_twos


def plain_beats(new: Combination, current: Combination, rules: HouseRules) -> bool:
    same_shape = new.kind is current.kind and new.length == current.length
    return (same_shape and new.key > current.key) or plain_chop(new, current, rules)


@pytest.mark.parametrize("pair_of_twos", [False, True])
def test_floors_say_what_the_rules_say(pair_of_twos: bool) -> None:
    rules = HouseRules(quad_beats_pair_of_twos=pair_of_twos)
    every = wide_set()
    assert len(every) > 300
    beaten = 0
    for current in every:
        for new in every:
            expected = plain_beats(new, current, rules)
            assert beats(new, current, rules) is expected, (new, current)
            assert is_chop(new, current, rules) is plain_chop(new, current, rules), (new, current)
            assert (new.key > beat_floor(new.kind, new.length, current, rules)) is expected
            beaten += expected
        assert beats(current, None, rules)
        assert -1 <= chop_floor(current, rules) <= NEVER
    assert beaten > 5_000


def test_nothing_invalid_beats() -> None:
    invalid = classify([CARDS[0], CARDS[5]])
    assert invalid.kind is Kind.INVALID
    for current in random.Random(3).sample(wide_set(), 40):
        assert not beats(invalid, current)
    assert not beats(invalid, None)


def test_every_two_card_set_of_a_rank_is_judged_alike() -> None:
    """The floor reads a play's shape and key only: every card set of one rank and size gets one answer."""
    rules = HouseRules(quad_beats_pair_of_twos=True)
    for current in wide_set():
        for rank in range(13):
            for size in (1, 2, 3):
                answers = {
                    beats(SAME_RANK[cards], current, rules)
                    for cards in combinations(CARDS[rank * 4 : rank * 4 + 4], size)
                }
                assert len(answers) == 1
