"""The constructors' and the deal's fast paths (a few C calls for the common valid case) answer exactly what the
plain, card-by-card checks answer: validation of hands, plays and records (good values kept alike, bad ones named
alike); and the instant wins of a hand at their edges."""

from __future__ import annotations

import random

import pytest

from cardrules.core.cards import CARDS
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.sam import HouseRules, InstantWinKind, Pass, Play, RoundRecord, check_hands
from cardrules.core.sam.deal import instant_win_kind
from tests.support.samkit import cards


@pytest.mark.parametrize(
    ("hand", "rules", "kind"),
    [
        ("3S 4D 5C 6H 7S 8D 9C TH JS QD", HouseRules(), InstantWinKind.DRAGON),
        ("AS 2D 3C 4H 5S 6D 7C 8H 9S TD", HouseRules(), None),  # A-2-3…: a dragon only with straight_low_ace
        ("AS 2D 3C 4H 5S 6D 7C 8H 9S TD", HouseRules(straight_low_ace=True), InstantWinKind.DRAGON),
        ("2S 2C 2D 2H 5H 5D 7H 9S JC KD", HouseRules(), InstantWinKind.FOUR_TWOS),
        ("3D 4D 5H 6D 7H 8H 9D JH QD KD", HouseRules(), InstantWinKind.SAME_COLOR),
        ("3S 4C 5S 6C 7S 8C 9S JC QS 2D", HouseRules(), None),  # one red card
        ("3H 3D 3C 3S 4D 4C 4S 6D 6H 6C", HouseRules(), InstantWinKind.THREE_TRIPLES),  # four of a rank counts
        ("3H 3D 3C 4S 4D 4C 6D 6H 6C 8C", HouseRules(), InstantWinKind.THREE_TRIPLES),
        ("3H 3D 3C 4S 4D 6D 6H 6C 8C 8S", HouseRules(), None),  # two triples
        ("3H 3D 3C 3S 4D 4C 6D 6H 8C 8S", HouseRules(), InstantWinKind.FIVE_PAIRS),  # four of a rank: two pairs
        ("3H 3D 3C 4S 4D 6D 6H 8C 8S 9S", HouseRules(), None),  # a triple is not a pair
        ("2S 2C 2D 2H 5H 5D 7H 7S JC JD", HouseRules(), InstantWinKind.FOUR_TWOS),  # the stronger kind first
        (
            "2S 2C 2D 2H 5H 5D 7H 7S JC JD",
            HouseRules(instant_wins=frozenset({InstantWinKind.FIVE_PAIRS})),
            InstantWinKind.FIVE_PAIRS,
        ),
        ("2S 2C 2D 2H 5H 5D 7H 7S JC JD", HouseRules(instant_wins=frozenset()), None),
    ],
)
def test_instant_win_kinds(hand: str, rules: HouseRules, kind: InstantWinKind | None) -> None:
    assert instant_win_kind(cards(hand), rules) is kind


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
