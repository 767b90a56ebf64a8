"""Scoring and comparing hands: exhaustive counts, labels, the a23 and suit_tie_break switches, bad hands."""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import pytest

from cardrules.core.cards import CARDS, parse_card
from cardrules.core.errors import InvalidInput
from cardrules.core.lieng import (
    A23,
    HouseRules,
    SuitTieBreak,
    Tier,
    compare_two,
    hand_sort_key,
    key_table,
    rank_hands,
    score_hand,
)

ALL_HANDS = list(itertools.combinations(range(52), 3))


def _expected_counts() -> tuple[Counter[str], Counter[int]]:
    """Tier counts and POINTS-tier points counts by combinatorics over rank multisets (faces A = 1 … K = 13):
    a multiset with multiplicities m_r has prod C(4, m_r) suit choices."""
    tiers: Counter[str] = Counter()
    points: Counter[int] = Counter()
    for faces in itertools.combinations_with_replacement(range(1, 14), 3):
        ways = 1
        for face in set(faces):
            ways *= comb(4, faces.count(face))
        distinct = len(set(faces))
        consecutive = distinct == 3 and (faces[2] - faces[0] == 2 or faces == (1, 12, 13))
        if distinct == 1:
            tiers["SAP"] += ways
        elif consecutive:
            tiers["LIENG"] += ways
        elif min(faces) >= 11:
            tiers["DI"] += ways
        else:
            tiers["POINTS"] += ways
            points[sum(f if f <= 9 else 0 for f in faces) % 10] += ways
    return tiers, points


def test_exhaustive_tier_and_points_counts() -> None:
    tiers, points = _expected_counts()
    # Closed forms: 13 ranks × C(4,3); 12 runs × 4³; 3 pair ranks × C(4,2) × 2 other faces × 4.
    assert tiers == Counter({"SAP": 13 * comb(4, 3), "LIENG": 12 * 4**3, "DI": 3 * comb(4, 2) * 2 * 4,
                             "POINTS": comb(52, 3) - 52 - 768 - 144})  # fmt: skip
    assert sum(points.values()) == tiers["POINTS"]
    seen_tiers: Counter[str] = Counter()
    seen_points: Counter[int] = Counter()
    for hand in ALL_HANDS:
        score = score_hand(hand)
        seen_tiers[score.tier.name] += 1
        if score.tier is Tier.POINTS:
            seen_points[score.points] += 1
            assert score.key == score.points
    assert len(ALL_HANDS) == 22_100
    assert seen_tiers == tiers
    assert seen_points == points


def test_key_table_agrees_with_score_hand_in_any_card_order() -> None:
    for rules in (HouseRules(), HouseRules(a23=A23.ACE_HIGH, suit_tie_break=SuitTieBreak.DHCS)):
        table = key_table(rules.a23, rules.suit_tie_break)
        for hand in ALL_HANDS[::37]:
            expected = score_hand(hand, rules).sort_key
            for perm in itertools.permutations(hand):
                assert table[perm[0] * 2704 + perm[1] * 52 + perm[2]] == expected
                assert hand_sort_key(perm, rules) == expected


def test_number_of_distinct_strengths() -> None:
    keys = {score_hand(h).sort_key for h in ALL_HANDS}
    assert len(keys) == 13 + 12 + 1 + 10  # Sáp ranks, Liêng runs, one Đĩ, ten point values


@pytest.mark.parametrize(
    ("hand", "vi", "en"),
    [
        ("ASAHAD", "Sáp A", "Trips A"),
        ("TSTHTD", "Sáp 10", "Trips 10"),
        ("8S9HTD", "Liêng 8-9-10", "Straight 8-9-10"),
        ("QCKDAS", "Liêng Q-K-A", "Straight Q-K-A"),
        ("KSKHQD", "Đĩ", "Three faces"),
        ("AS8DKH", "9 điểm", "9 points"),
        ("5C7D9S", "1 điểm", "1 point"),
        ("THKSKD", "0 điểm", "0 points"),
    ],
)
def test_labels(hand: str, vi: str, en: str) -> None:
    score = score_hand(hand)
    assert (score.label_vi, score.label_en) == (vi, en)


def test_points_for_every_tier_and_pair_adds_nothing() -> None:
    assert score_hand("7S7H7D").points == 1  # 21
    assert score_hand("9S9DAC").points == 9  # a pair is just its values
    assert score_hand("KSAD2H").tier is Tier.POINTS  # wrap is not Liêng


def test_switch_a23() -> None:
    lowest, ace_high = HouseRules(), HouseRules(a23=A23.ACE_HIGH)
    assert score_hand("AH2C3D", lowest).key == 0
    assert score_hand("AH2C3D", ace_high).key == 11
    assert compare_two("AH2C3D", "2S3S4S", lowest) == -1
    assert compare_two("AH2C3D", "2S3S4S", ace_high) == 1
    assert compare_two("AH2C3D", "QCKDAS", ace_high) == 0
    assert compare_two("AS2S3S", "KSKHKD", ace_high) == -1  # still below every Sáp


def test_switch_suit_tie_break() -> None:
    hdcs, dhcs = HouseRules(suit_tie_break=SuitTieBreak.HDCS), HouseRules(suit_tie_break=SuitTieBreak.DHCS)
    assert compare_two("4S5H6D", "4C5D6H") == 0
    assert compare_two("4S5H6D", "4C5D6H", hdcs) == -1  # 6♦ < 6♥
    assert compare_two("4S5H6D", "4C5D6H", dhcs) == 1  # 6♦ > 6♥
    assert compare_two("AS8DKH", "4S5DKC", hdcs) == 1  # both 9 points: highest cards A vs K, A high
    assert compare_two("QSQHKD", "KSKHJD", hdcs) == -1  # Đĩ: K♦ vs K♥
    assert compare_two("QSQHKD", "KSKHJD", dhcs) == 1
    assert compare_two("2S2H2D", "QCKDAS", hdcs) == 1  # tiers still first
    # A-2-3's highest card is its 3 (LOWEST) or its A (ACE_HIGH).
    assert compare_two("AH2C3D", "AS2D3H", hdcs) == -1  # 3♦ < 3♥
    ace_high_hdcs = HouseRules(a23=A23.ACE_HIGH, suit_tie_break=SuitTieBreak.HDCS)
    assert compare_two("AH2C3D", "AS2D3H", ace_high_hdcs) == 1  # A♥ > A♠
    assert compare_two("AH2C3D", "QCKDAS", ace_high_hdcs) == 1  # A♥ > A♠ (Q-K-A's A)


def test_rank_hands_groups_and_ranks() -> None:
    ranking = rank_hands(["4S5H6D", "AS8DKH", "4C5D6H", "2S2H2D", "QSQHKD"])
    assert ranking.groups == ((3,), (0, 2), (4,), (1,))
    assert ranking.ranks == (1, 3, 1, 0, 2)
    assert ranking.winners == (3,)
    assert [s.tier for s in ranking.scores] == [Tier.LIENG, Tier.POINTS, Tier.LIENG, Tier.SAP, Tier.DI]


def test_rank_seventeen_hands_of_one_deck() -> None:
    hands = [CARDS[3 * i : 3 * i + 3] for i in range(17)]
    ranking = rank_hands(hands)
    assert sorted(i for g in ranking.groups for i in g) == list(range(17))


@pytest.mark.parametrize("count", [0, 1, 18])
def test_rank_wrong_count(count: int) -> None:
    with pytest.raises(InvalidInput) as error:
        rank_hands([CARDS[3 * i : 3 * i + 3] for i in range(count)] if count <= 17 else ["2S3S4S"] * count)
    assert error.value.violations[0].field == "hands"
    assert error.value.violations[0].reason == "WRONG_HAND_COUNT"


@pytest.mark.parametrize(
    ("hand", "field", "reason"),
    [
        ("2S3S", "hand", "WRONG_CARD_COUNT"),
        ("2S3S4S5S", "hand", "WRONG_CARD_COUNT"),
        ("2S2S4S", "hand[1]", "DUPLICATE_CARD"),
        ("2S1S4S", "hand[1]", "MALFORMED_CARD"),
        ([0, 1, 52], "hand[2]", "MALFORMED_CARD"),
        ([0, 0, 5], "hand[1]", "DUPLICATE_CARD"),
    ],
)
def test_bad_hands(hand: str | list[int], field: str, reason: str) -> None:
    with pytest.raises(InvalidInput) as error:
        score_hand(hand)
    assert (error.value.violations[0].field, error.value.violations[0].reason) == (field, reason)


def test_bad_hand_in_comparison_names_its_index() -> None:
    with pytest.raises(InvalidInput) as error:
        rank_hands(["2S3S4S", "5H5H6D"])
    assert error.value.violations[0].field == "hands[1][1]"


def test_hands_given_as_cards_or_strings() -> None:
    as_cards = (parse_card("QC"), parse_card("KD"), parse_card("AS"))
    assert score_hand(as_cards) == score_hand("QCKDAS") == score_hand(["QC", "KD", "AS"])
