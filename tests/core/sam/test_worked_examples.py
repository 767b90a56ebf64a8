"""Every worked example of rules §8 (s = 1000, default switches, seats A, B, C, D in play order)."""

from __future__ import annotations

import pytest

from cardrules.core.sam import (
    BaoMot,
    ChopChain,
    EventKind,
    FinishWithTwo,
    HandEnd,
    HouseRules,
    InstantWin,
    InstantWinKind,
    Kind,
    Outcome,
    SamFailPayTo,
    TableState,
    ThoiTwo,
    beats,
    classify,
    is_chop,
    legal_moves,
    replay,
    settle,
    settle_round,
    start_hand,
)
from tests.support.sam_examples import CHAIN_ACTIONS, CHAIN_HANDS, SAM_ACTIONS, SAM_HANDS, final_state
from tests.support.samkit import cards, paid, play, record, refused, seat, table

S = 1000


def c(text: str):  # type: ignore[no-untyped-def]
    return classify(cards(text))


def test_example_1_same_rank_never_beats_and_pairs() -> None:
    assert not beats(c("9S"), c("9H"))
    assert beats(c("TC"), c("9H"))
    assert beats(c("KDKC"), c("7C7D"))
    assert not beats(c("KSKH"), c("KDKC"))


def test_example_2_straights_same_length_higher_top() -> None:
    assert beats(c("4S5D6C"), c("3H4H5S"))
    assert not beats(c("3C4D5H6S"), c("3H4H5S"))
    assert beats(c("TSJDQCKHAS"), c("9CTDJHQSKC"))


def test_example_3_classification() -> None:
    qka = c("QS KD AC")
    assert (qka.kind, qka.length, qka.key) == (Kind.STRAIGHT, 3, 11)
    assert c("KH AD 2S").kind is Kind.INVALID
    assert c("AH 2D 3C").kind is Kind.INVALID
    low = HouseRules(straight_low_ace=True)
    a23 = classify(cards("AH 2D 3C"), low)
    assert a23.kind is Kind.STRAIGHT and a23.key == 0
    assert beats(classify(cards("2S3D4C"), low), a23, low)
    assert classify(cards("KH AD 2S"), low).kind is Kind.INVALID
    for text in ("3S4D6H", "5S5D6C", "3S3H4D4C5S5H"):
        assert c(text).kind is Kind.INVALID


def test_example_4_chop_a_single_two_and_the_chopper_is_paid() -> None:
    hands = [
        "3D 4C 6S 7C 8C 9H TD JS KH QH",  # A
        "2D 3S 4S 6C 7D 9S JD KC 3C 6D",  # B
        "5S 5C 5D 5H AH 8S 9D TC JH QS",  # C
    ]
    start = start_hand([cards(h) for h in hands], seat("B"))
    assert isinstance(start, TableState)
    after_two = play(start, "B 2D").state
    assert refused(after_two, "C AH") == "DOES_NOT_BEAT"
    chop = play(after_two, "C 5S5C5D5H")
    assert [(e.kind, e.seat, e.other_seat) for e in chop.events] == [(EventKind.CHOP, seat("C"), seat("B"))]
    rec = record(hands, "B", ["B 2D", "C 5S5C5D5H", "A pass", "B pass", "C 8S9DTCJHQS", "A pass", "B pass", "C AH"])
    result = settle_round(rec)
    assert result.outcome is Outcome.NORMAL and result.winner == seat("C")
    assert ("B", "C", 20 * S, "CHOP") in paid(result)
    assert paid(result) == {("B", "C", 20 * S, "CHOP"), ("A", "C", 14 * S, "CONG"), ("B", "C", 9 * S, "CARDS_LEFT")}


def test_example_5_quad_against_pair_of_twos() -> None:
    eights = c("8S8C8D8H")
    assert not beats(eights, c("2S2H"))
    switch = HouseRules(quad_beats_pair_of_twos=True)
    assert beats(eights, c("2S2H"), switch) and is_chop(eights, c("2S2H"), switch)


def test_example_6_quads_only_beat_twos_and_lower_quads() -> None:
    assert not beats(c("3S3C3D3H"), c("8S8C8D"))
    nines = c("9S9C9D9H")
    assert beats(c("JSJCJDJH"), nines) and is_chop(c("JSJCJDJH"), nines)
    assert not beats(c("6S6C6D6H"), nines)
    state = table(["9S9C9D9H 3S", "JSJCJDJH 4S", "5S 6S"], "A")
    led = play(state, "A 9S9C9D9H").state
    chop = play(led, "B JSJCJDJH")
    assert [(e.kind, e.seat, e.other_seat, e.chain_position) for e in chop.events] == [
        (EventKind.CHOP, seat("B"), seat("A"), 1)
    ]


@pytest.mark.parametrize(
    ("mode", "chops"),
    [
        (ChopChain.EACH, {("A", "B", 20 * S, "CHOP"), ("B", "C", 20 * S, "CHOP")}),
        (ChopChain.DOUBLE, {("A", "B", 20 * S, "CHOP"), ("B", "C", 40 * S, "CHOP")}),
        (ChopChain.LAST_ONLY, {("B", "C", 40 * S, "CHOP")}),
    ],
)
def test_example_7_chop_chain(mode: ChopChain, chops: set[tuple[str, str, int, str]]) -> None:
    rec = record(CHAIN_HANDS, "A", CHAIN_ACTIONS, rules=HouseRules(chop_chain=mode))
    played = replay(rec)
    kinds = [e.kind for events in played.events for e in events if e.kind in (EventKind.CHOP, EventKind.OVER_CHOP)]
    assert kinds == [EventKind.CHOP, EventKind.OVER_CHOP]
    result = settle_round(rec)
    assert {t for t in paid(result) if t[3] == "CHOP"} == chops
    assert {t for t in paid(result) if t[3] != "CHOP"} == {
        ("A", "C", 9 * S, "CARDS_LEFT"),
        ("B", "C", 6 * S, "CARDS_LEFT"),
    }


def test_example_8_pass_lock() -> None:
    state = table(["5C KS 3S", "AS 4S 4C", "9D 6S 6C", "JH 7S 7C"], "A")
    state = play(state, "A 5C", "B pass", "C 9D", "D JH").state
    assert state.turn == seat("A")
    state = play(state, "A KS").state
    assert state.turn == seat("C"), "B passed and is skipped although B holds an ace"
    assert refused(state, "B AS") == "ALREADY_PASSED"
    ended = play(state, "C pass", "D pass")
    assert [e.kind for e in ended.events] == [EventKind.TRICK_ENDED, EventKind.NEXT_LEADER]
    assert ended.state.turn == seat("A") and ended.state.current == ()
    assert not any(s.passed for s in ended.state.seats)


def test_example_9_normal_settlement_and_fee() -> None:
    state = final_state({"B": "3S 4D 5C", "C": "3H 4H 5H 6H 7H 8H 2S", "D": 10})
    result = settle(state, S)
    assert paid(result) == {("B", "A", 3000, "CARDS_LEFT"), ("C", "A", 7000, "CARDS_LEFT"), ("D", "A", 14000, "CONG")}
    assert result.nets == (24000, -3000, -7000, -14000) and result.fee == 0
    with_fee = settle(
        final_state({"B": "3S 4D 5C", "C": "3H 4H 5H 6H 7H 8H 2S", "D": 10}, rules=HouseRules(fee_bps=500)), S
    )
    assert with_fee.fee == 1200 and with_fee.fees == (1200, 0, 0, 0) and with_fee.nets[0] == 22800
    assert sum(t.amount for t in with_fee.transfers) == 24000


@pytest.mark.parametrize(
    ("held", "flat", "per_two"),
    [("2S", 20000, 1000 + 5000), ("2S 2H", 20000, 2000 + 10000), ("2S 9D", 2000, 2000 + 5000)],
)
def test_example_10_thoi_two(held: str, flat: int, per_two: int) -> None:
    flat_result = settle(final_state({"B": held}), S)
    assert sum(t.amount for t in flat_result.transfers) == flat
    per = settle(final_state({"B": held}, rules=HouseRules(thoi_two=ThoiTwo.PER_TWO)), S)
    assert sum(t.amount for t in per.transfers) == per_two


def test_example_10_per_two_is_itemised() -> None:
    per = settle(final_state({"B": "2S 9D"}, rules=HouseRules(thoi_two=ThoiTwo.PER_TWO)), S)
    assert paid(per) == {("B", "A", 2000, "CARDS_LEFT"), ("B", "A", 5000, "THOI_TWO_PER_CARD")}


def test_example_11_finishing_on_a_two() -> None:
    state = table(["2H", "3S 4S 5S 6S 7S 9S", "3C 4C 5C"], "A", current="TC", owner="C", passed="B")
    done = play(state, "A 2H")
    assert [e.kind for e in done.events] == [EventKind.FINISH, EventKind.FINISH_ON_TWO]
    assert done.state.ended is HandEnd.FINISHED_ON_TWO
    result = settle(done.state, S)
    assert result.outcome is Outcome.FINISHED_ON_TWO
    assert paid(result) == {("A", "B", 4000, "FINISHED_ON_TWO"), ("A", "C", 7000, "FINISHED_ON_TWO")}
    forbidden = HouseRules(finish_with_two=FinishWithTwo.FORBIDDEN)
    state = table(["2H", "3S 4S 5S 6S 7S 9S", "3C 4C 5C"], "A", current="TC", owner="C", passed="B", rules=forbidden)
    assert refused(state, "A 2H") == "CANNOT_FINISH_WITH_TWO"
    moves = legal_moves(state, all_card_sets=True)
    assert moves.plays == () and moves.can_pass


def test_example_12_sam_succeeded() -> None:
    hands = [
        "3S 4D 5C 6H 7S 8D 9C KS KC KD",
        "3C 4S 5D 6C 7D 8S 9H JD QH 2S",
        "3D 4C 5S 6D 7C 8C 9S JS QS AH",
    ]
    rec = record(hands, "B", ["A 3S4D5C6H7S8D9C", "B pass", "C pass", "A KSKCKD"], declarations="A")
    result = settle_round(rec)
    assert result.outcome is Outcome.SAM_WON and result.winner == seat("A")
    assert paid(result) == {("B", "A", 20000, "SAM_WON"), ("C", "A", 20000, "SAM_WON")}


def test_example_13_sam_blocked() -> None:
    rec = record(SAM_HANDS, "A", SAM_ACTIONS, declarations="A")
    played = replay(rec)
    assert [(e.kind, e.seat, e.other_seat) for e in played.events[-1]] == [(EventKind.SAM_BLOCKED, 2, 0)]
    result = settle_round(rec)
    assert result.outcome is Outcome.SAM_BLOCKED and result.winner == seat("C")
    assert paid(result) == {("A", "C", 60000, "SAM_BLOCKED")}
    each = settle_round(record(SAM_HANDS, "A", SAM_ACTIONS, "A", rules=HouseRules(sam_fail_pay_to=SamFailPayTo.EACH)))
    assert paid(each) == {("A", x, 20000, "SAM_BLOCKED") for x in "BCD"}


def test_example_14_only_the_first_declaration_counts() -> None:
    state = start_hand([cards(h) for h in SAM_HANDS], seat("A"), [seat("D"), seat("B")])
    assert isinstance(state, TableState)
    assert state.declarer == seat("D") and state.turn == seat("D")


BAO_HANDS = ["3S 4S 5S 6S 8D", "6C AS 9H 9C 4D", "QD"]


def test_example_15_bao_mot_penalty() -> None:
    state = table(BAO_HANDS, "B")
    led = play(state, "B 6C")
    assert [(e.kind, e.seat, e.other_seat) for e in led.events] == [(EventKind.BAO_MOT_VIOLATION, 1, 2)]
    out = play(led.state, "C QD")
    assert [e.kind for e in out.events] == [EventKind.FINISH, EventKind.BAO_MOT_PENALTY]
    result = settle(out.state, S)
    assert result.outcome is Outcome.BAO_MOT_PENALTY
    assert paid(result) == {("B", "C", 9000, "BAO_MOT_PENALTY")}
    assert not any(e.kind is EventKind.BAO_MOT_VIOLATION for e in play(state, "B AS").events)
    assert not any(e.kind is EventKind.BAO_MOT_VIOLATION for e in play(state, "B 9H9C").events)


def test_example_15_had_b_led_a_pair_normal_settlement_applies() -> None:
    state = table(BAO_HANDS, "B")
    state = play(state, "B AS", "C pass", "A pass", "B 9H9C", "C pass", "A pass").state
    assert refused(table(BAO_HANDS, "B", rules=HouseRules(bao_mot=BaoMot.FORBIDDEN)), "B 6C") == (
        "MUST_PLAY_HIGHEST_SINGLE"
    )
    out = play(state, "B 6C", "C QD")  # 6C is now B's highest card: no violation
    assert out.state.ended is HandEnd.FINISHED
    result = settle(out.state, S)
    assert result.outcome is Outcome.NORMAL
    assert paid(result) == {("A", "C", 5000, "CARDS_LEFT"), ("B", "C", 1000, "CARDS_LEFT")}


def test_example_16_instant_win_priority() -> None:
    hands = [
        "3S 3H 4S 4H 6S 6H 8S 8H TS TH",  # A: five pairs
        "3D 4D 5D 5H 7D 7H 9D 9H JD QD",  # B: ten red cards
        "3C 4C 5S 6C 7S 8C 9S 2C 2D KC",  # C: nothing
    ]
    start = start_hand([cards(h) for h in hands], seat("A"))
    assert isinstance(start, InstantWin)
    assert start.winner == seat("B") and start.kind is InstantWinKind.SAME_COLOR
    assert start.qualifiers == ((0, InstantWinKind.FIVE_PAIRS), (1, InstantWinKind.SAME_COLOR))
    result = settle_round(record(hands, "A"))
    assert result.outcome is Outcome.INSTANT_WIN and result.instant_win is InstantWinKind.SAME_COLOR
    assert paid(result) == {("A", "B", 20000, "INSTANT_WIN"), ("C", "B", 20000, "INSTANT_WIN")}


EX17 = "3S 3H 4D 5C 5H 9S 2D"


def test_example_17_legal_moves_facing_a_single() -> None:
    state = table([EX17, 9], "A", current="4C", owner="B")
    moves = legal_moves(state, all_card_sets=True)
    assert moves.can_pass
    assert set(moves.plays) == {cards("5C"), cards("5H"), cards("9S"), cards("2D")}
    default = legal_moves(state)
    assert default.plays == (cards("5C"), cards("9S"), cards("2D"))


def test_example_17_legal_moves_leading() -> None:
    state = table([EX17, 9], "A")
    moves = legal_moves(state, all_card_sets=True)
    assert not moves.can_pass
    singles = {p for p in moves.plays if len(p) == 1}
    pairs = {p for p in moves.plays if len(p) == 2}
    straights = {p for p in moves.plays if len(p) == 3}
    assert len(singles) == 7
    assert pairs == {cards("3S3H"), cards("5C5H")}
    assert straights == {cards("3S4D5C"), cards("3S4D5H"), cards("3H4D5C"), cards("3H4D5H")}
    assert len(moves.plays) == 13
    default = legal_moves(state)
    assert len(default.plays) == 5 + 2 + 1  # one per rank pattern: 5 single ranks, 2 pairs, 1 straight
