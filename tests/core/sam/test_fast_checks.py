"""The constructors' and the deal's fast paths (a few C calls for the common valid case) answer exactly what the
plain, card-by-card checks answer: the instant wins of a hand against a straightforward count of its ranks and
suits, and validation of hands, plays and records (good values kept alike, bad ones named alike)."""

from __future__ import annotations

import itertools
import random

import pytest

from cardrules.core.cards import CARDS
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.sam import HouseRules, InstantWinKind, Pass, Play, RoundRecord, check_hands
from cardrules.core.sam.deal import instant_win_kind, instant_win_kind_reference


def hands(rng: random.Random) -> list[int]:
    """Random hands, most of them shaped like (or close to) an instant win."""
    shape = rng.randrange(6)
    if shape == 1:  # few ranks: triples, pairs, four 2s
        ranks = rng.sample(range(13), rng.randint(3, 6))
        return rng.sample([c for c in range(52) if c >> 2 in ranks], 10)
    if shape == 2:  # few suits: one colour, or nearly
        suits = rng.choice([(0, 1), (2, 3), (0, 1, 2), (1, 3)])
        return rng.sample([c for c in range(52) if c & 3 in suits], 10)
    if shape == 3:  # ten consecutive ranks (or A-2-3-…), one card each
        ranks = list(range(rng.randint(0, 3), 13))[:10] if rng.random() < 0.7 else [11, 12, *range(8)]
        return [rank * 4 + rng.randrange(4) for rank in ranks]
    if shape == 4:  # five pairs
        return [rank * 4 + suit for rank in rng.sample(range(13), 5) for suit in rng.sample(range(4), 2)]
    if shape == 5:  # four 2s
        return [48, 49, 50, 51, *rng.sample(range(48), 6)]
    return rng.sample(range(52), 10)


def test_instant_wins_match_a_plain_count() -> None:
    rng = random.Random(17)
    kinds = list(InstantWinKind)
    switches = [
        HouseRules(instant_wins=frozenset(enabled), straight_low_ace=low_ace)
        for size in range(6)
        for enabled in itertools.combinations(kinds, size)
        for low_ace in (False, True)
    ]
    seen = set()
    for _ in range(30_000):
        cards = tuple(sorted(CARDS[c] for c in hands(rng)))
        rules = rng.choice(switches)
        expected = instant_win_kind_reference(cards, rules)
        assert instant_win_kind(cards, rules) == expected, (cards, rules)
        seen.add(expected)
    assert seen == {None, *kinds}


def test_check_hands_fast_and_careful_paths_agree() -> None:
    rng = random.Random(3)
    for _ in range(500):
        deck = rng.sample(range(52), 50)
        seats = rng.randint(2, 5)
        dealt = [deck[i * 10 : i * 10 + 10] for i in range(seats)]
        as_cards = check_hands(tuple(tuple(CARDS[c] for c in h) for h in dealt))  # the fast path
        as_ints = check_hands(dealt)  # plain ints: the careful loop
        assert as_cards == as_ints
        assert all(card is CARDS[card] for hand in as_cards for card in hand)
        assert all(list(hand) == sorted(hand) for hand in as_cards)
    cards = tuple(CARDS[c] for c in range(20))
    for bad, field in (
        ((cards[:10], (*cards[10:19], cards[0])), "hands[1][9]"),  # a card dealt twice
        ((cards[:10], cards[10:19]), "hands[1]"),  # nine cards
        ((cards[:10], (*cards[10:19], 52)), "hands[1][9]"),  # not a card
        ((cards[:10], (*cards[10:19], cards[10])), "hands[1][9]"),  # twice in one hand
    ):
        with pytest.raises(InvalidInput) as error:
            check_hands(bad)
        assert error.value.violations[0].field == field


def test_play_and_pass_fast_paths_keep_the_errors() -> None:
    cards = (CARDS[5], CARDS[1], CARDS[40])
    assert Play(2, cards).cards is cards  # kept as given
    assert Play(2, [5, 1, 40]) == Play(2, cards)  # type: ignore[arg-type]  # plain ints: the interned cards
    for seat, played, field, reason in (
        (-1, cards, "seat", ErrorReason.SEAT_OUT_OF_RANGE),
        (True, cards, "seat", ErrorReason.SEAT_OUT_OF_RANGE),
        (1.0, cards, "seat", ErrorReason.SEAT_OUT_OF_RANGE),
        (0, (), "cards", ErrorReason.WRONG_CARD_COUNT),
        (0, (CARDS[1], CARDS[1]), "cards[1]", ErrorReason.DUPLICATE_CARD),
        (0, (CARDS[1], 52), "cards[1]", ErrorReason.MALFORMED_CARD),
        (0, "3S", "cards", ErrorReason.MALFORMED_CARD),
    ):
        with pytest.raises(InvalidInput) as error:
            Play(seat, played)  # type: ignore[arg-type]
        assert (error.value.violations[0].field, error.value.violations[0].reason) == (field, reason)
    assert Pass(3).seat == 3
    for bad in (-1, False, "1", None):
        with pytest.raises(InvalidInput) as error:
            Pass(bad)  # type: ignore[arg-type]
        assert error.value.violations[0].reason is ErrorReason.SEAT_OUT_OF_RANGE


def test_record_action_checks_name_the_action() -> None:
    dealt = tuple(tuple(CARDS[c] for c in range(i * 10, i * 10 + 10)) for i in range(3))
    good = (Play(0, (CARDS[0],)), Pass(1), Pass(2))
    assert RoundRecord(hands=dealt, stake=5, leader=0, actions=good).actions == good
    assert RoundRecord(hands=dealt, stake=5, leader=0, actions=list(good)).actions == good  # type: ignore[arg-type]
    for actions, field, reason in (
        ((*good, Pass(3)), "actions[3].seat", ErrorReason.SEAT_OUT_OF_RANGE),
        ((Play(7, (CARDS[0],)), *good), "actions[0].seat", ErrorReason.SEAT_OUT_OF_RANGE),
        ((*good[:1], "pass"), "actions[1]", ErrorReason.INVALID_VALUE),
    ):
        with pytest.raises(InvalidInput) as error:
            RoundRecord(hands=dealt, stake=5, leader=0, actions=actions)  # type: ignore[arg-type]
        assert (error.value.violations[0].field, error.value.violations[0].reason) == (field, reason)
