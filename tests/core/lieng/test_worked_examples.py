"""Every worked example of docs/rules/lieng.md §5, in the document's order and words.

Ante 10, seats A, B, C = 0, 1, 2.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from cardrules.core.lieng import (
    A23,
    Excess,
    HouseRules,
    PotKind,
    RoundRecord,
    RoundResult,
    Tier,
    compare_two,
    key_table,
    rank_hands,
    score_hand,
    settle_round,
)

A, B, C = 0, 1, 2


def play(
    stacks: Sequence[int],
    actions: Sequence[tuple[Any, ...]],
    hands: Sequence[str | None] = (),
    first_actor: int = A,
    rules: HouseRules | None = None,
) -> RoundResult:
    record = RoundRecord.of(stacks, 10, first_actor, actions, hands, rules)
    result = settle_round(record)
    assert sum(result.nets) + result.fee == 0
    return result


def beats(first: str, second: str, rules: HouseRules | None = None) -> bool:
    return compare_two(first, second, rules or HouseRules()) == 1


def ties(first: str, second: str, rules: HouseRules | None = None) -> bool:
    return compare_two(first, second, rules or HouseRules()) == 0


def test_example_1_sap() -> None:
    """`7S7H7D` is Sáp 7; `ACADAH` is the best hand; `2S2H2D` is the lowest Sáp and still beats `QCKDAS`."""
    seven = score_hand("7S7H7D")
    assert (seven.tier, seven.label_vi, seven.label_en) == (Tier.SAP, "Sáp 7", "Trips 7")
    best = score_hand("ACADAH")
    assert (best.label_vi, best.label_en) == ("Sáp A", "Trips A")
    assert best.sort_key == max(key_table())  # nothing among all 22,100 hands scores higher
    assert all(beats("ACADAH", other) for other in ("KSKHKD", "7S7H7D", "QCKDAS"))
    lowest = score_hand("2S2H2D")
    assert lowest.tier is Tier.SAP and lowest.key == 0
    assert beats("2S2H2D", "QCKDAS")


def test_example_2_lieng_order() -> None:
    """`QCKDAS` is the top Liêng > `JCQHKD` > … > `2H3S4D` > `AH2C3D` (lowest). `KSAD2H` is 3 points."""
    top = score_hand("QCKDAS")
    assert (top.tier, top.key, top.label_vi, top.label_en) == (Tier.LIENG, 11, "Liêng Q-K-A", "Straight Q-K-A")
    runs = ["QCKDAS", "JCQHKD", "TSJDQH", "9C10DJH", "8S9DTC", "7S8H9D", "6S7C8D", "5S6H7D", "4S5H6D", "3C4D5H"]
    runs += ["2H3S4D", "AH2C3D"]
    for higher, lower in itertools.pairwise(runs):
        assert beats(higher, lower), (higher, lower)
    assert [score_hand(r).key for r in runs] == list(range(11, -1, -1))
    assert score_hand("AH2C3D").label_en == "Straight A-2-3"
    wrap = score_hand("KSAD2H")
    assert (wrap.tier, wrap.points, wrap.label_vi, wrap.label_en) == (Tier.POINTS, 3, "3 điểm", "3 points")


def test_example_3_equal_lieng_share_the_pot() -> None:
    """`4S5H6D` ties `4C5D6H`: the pot is shared."""
    assert ties("4S5H6D", "4C5D6H")
    result = play([500] * 3, [(A, "CHECK"), (B, "CHECK"), (C, "FOLD")], ["4S5H6D", "4C5D6H", None])
    assert result.pots[0].winners == (A, B)
    assert result.nets == (5, 5, -10)


def test_example_4_di_and_faces() -> None:
    """`JSJHQD` is Đĩ; `JCQHKD` and `TSJDQH` are Liêng; `THKSKD` is 0 points; `QSQHKD` ties `KSKHJD`."""
    di = score_hand("JSJHQD")
    assert (di.tier, di.label_vi, di.label_en) == (Tier.DI, "Đĩ", "Three faces")
    assert score_hand("JCQHKD").tier is Tier.LIENG
    assert score_hand("TSJDQH").tier is Tier.LIENG
    ten = score_hand("THKSKD")
    assert (ten.tier, ten.points) == (Tier.POINTS, 0)
    assert ties("QSQHKD", "KSKHJD")


def test_example_5_points() -> None:
    """Points: `AS8DKH` 9; `5C7D9S` 1; `6H4CJS` 0; `2H3C5D` 0; `9S9DAC` 9."""
    expected = {"AS8DKH": 9, "5C7D9S": 1, "6H4CJS": 0, "2H3C5D": 0, "9S9DAC": 9}
    for hand, points in expected.items():
        score = score_hand(hand)
        assert (score.tier, score.points, score.key) == (Tier.POINTS, points, points), hand
    assert score_hand("AS8DKH").label_vi == "9 điểm" and score_hand("AS8DKH").label_en == "9 points"
    assert ties("AS8DKH", "9S9DAC")


def test_example_6_tiers() -> None:
    """`2S3H4D` (Liêng) > `JSJHQD` (Đĩ) > `4S5DKC` (9)."""
    ranking = rank_hands(["4S5DKC", "JSJHQD", "2S3H4D"])
    assert ranking.groups == ((2,), (1,), (0,))
    assert ranking.ranks == (2, 1, 0)


def test_example_7_showdown_for_90() -> None:
    """Stacks 500, pot 30 after antes. A checks, B raises to 30, C calls, A calls: showdown for 90.
    A Liêng 5-6-7, B Sáp 3, C 9 points: B wins 90 (+60 net), A and C −30 each."""
    result = play(
        [500, 500, 500],
        [(A, "CHECK"), (B, "RAISE", 30), (C, "CALL"), (A, "CALL")],
        ["5S6H7D", "3S3H3D", "4C5CKC"],
    )
    assert sum(result.committed) == 90
    assert [(p.amount, p.winners) for p in result.pots] == [(90, (B,))]
    assert result.nets == (-30, 60, -30)
    assert result.showdown_seats == (A, B, C) and result.fold_out_winner is None


def test_example_8_fold_out_shows_nothing() -> None:
    """A raises to 50, B and C fold: A takes 70 (+20) and shows nothing."""
    result = play([500, 500, 500], [(A, "RAISE", 50), (B, "FOLD"), (C, "FOLD")])  # no hands at all
    assert result.fold_out_winner == A
    assert result.payouts == (70, 0, 0)
    assert result.nets == (20, -10, -10)
    assert result.scores == (None, None, None) and result.showdown_seats == ()


def test_example_9_odd_chip_in_play_order_from_first_actor() -> None:
    """Pot 75 tied by B and C, first actor A: B gets 38, C 37."""
    result = play(
        [500, 500, 500],
        [(A, "RAISE", 25), (B, "CALL"), (C, "CALL")],
        ["TSJSKH", "4S5H6D", "4C5D6H"],
    )
    (pot,) = result.pots
    assert pot.amount == 75 and pot.winners == (B, C) and pot.shares == (38, 37)
    assert result.payouts == (0, 38, 37)
    # The same pot with C first to act: the odd chip starts from C.
    later = play([500, 500, 500], [(C, "RAISE", 25), (A, "CALL"), (B, "CALL")], ["TSJSKH", "4S5H6D", "4C5D6H"], C)
    assert later.pots[0].shares == (37, 38)


def test_example_10_side_pot_and_refund() -> None:
    """Stacks A 50, B 200, C 200. A all-in (50 total), B raises to 150, C calls. Band 150 (A, B, C), band 200 (B, C).
    A Sáp > C Liêng > B points: A gets 150, C 200 → A +100, B −150, C +50.
    REFUND: A 150, B and C 100 back each → A +100, B −50, C −50."""
    actions = [(A, "ALL_IN"), (B, "RAISE", 150), (C, "CALL")]
    hands = ["9S9H9D", "2C4DKS", "5S6H7D"]
    result = play([50, 200, 200], actions, hands)
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [(150, (A, B, C), (A,)), (200, (B, C), (C,))]
    assert result.payouts == (150, 0, 200)
    assert result.nets == (100, -150, 50)
    refund = play([50, 200, 200], actions, hands, rules=HouseRules(excess=Excess.REFUND))
    assert [p.kind for p in refund.pots] == [PotKind.SHOWDOWN, PotKind.REFUNDED]
    assert refund.payouts == (150, 100, 100)
    assert refund.nets == (100, -50, -50)


def test_example_11_uncalled_excess_back() -> None:
    """Stacks A 30, B 300. B raises to 100, A calls all-in (30): band 60 to the better hand;
    B's uncalled 70 back to B."""
    for hands, winner in ((["9S9H9D", "2C4DKS"], A), (["2C4DKS", "9S9H9D"], B)):
        result = play([30, 300], [(B, "RAISE", 100), (A, "ALL_IN")], hands, first_actor=B)
        assert [(p.amount, p.eligible, p.winners, p.kind) for p in result.pots] == [
            (60, (A, B), (winner,), PotKind.SHOWDOWN),
            (70, (B,), (B,), PotKind.UNCONTESTED),
        ]
        assert result.nets == ((30, -30) if winner == A else (-30, 30))


def test_example_12_folded_chips_stay_in_the_pot() -> None:
    """A all-in for 50, B puts in 150, C folds after putting in 30: band (0,50] = 130 for A or B;
    band (50,150] = 100 back to B. If A wins: A +80, B −50, C −30."""
    actions = [(A, "CHECK"), (B, "RAISE", 30), (C, "CALL"), (A, "ALL_IN"), (B, "RAISE", 150), (C, "FOLD")]
    result = play([50, 500, 500], actions, ["9S9H9D", "2C4DKS", None])
    assert result.committed == (50, 150, 30)
    assert [(p.lo, p.hi, p.amount, p.eligible) for p in result.pots] == [(0, 50, 130, (A, B)), (50, 150, 100, (B,))]
    assert result.nets == (80, -50, -30)
    b_wins = play([50, 500, 500], actions, ["2C4DKS", "9S9H9D", None])
    assert b_wins.nets == (-50, 80, -30)


def test_example_13_tied_main_pot() -> None:
    """A all-in for 50; B and C 150 each; A and B both Liêng 5-6-7, C 8 points:
    band 150 split 75/75, band 200 to B: A +25, B +125, C −150."""
    result = play([50, 500, 500], [(A, "ALL_IN"), (B, "RAISE", 150), (C, "CALL")], ["5S6S7S", "5H6H7H", "2C6CKC"])
    assert [(p.amount, p.winners, p.shares) for p in result.pots] == [(150, (A, B), (75, 75)), (200, (B,), (200,))]
    assert result.nets == (25, 125, -150)


def test_example_14_wraps_and_ace_high() -> None:
    """`KDAS2C` (3 points) loses to `4H5CKS` (9). With `a23 = ACE_HIGH`, `AH2C3D` ties `QCKDAS`."""
    assert score_hand("KDAS2C").points == 3 and score_hand("KDAS2C").tier is Tier.POINTS
    assert beats("4H5CKS", "KDAS2C")
    ace_high = HouseRules(a23=A23.ACE_HIGH)
    assert ties("AH2C3D", "QCKDAS", ace_high)
    assert beats("QCKDAS", "AH2C3D")  # default LOWEST
