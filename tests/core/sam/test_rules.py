"""One test per reason code, per non-default switch, and per kind of bad input (each names its field)."""

from __future__ import annotations

import pytest

from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.sam import (
    BaoMot,
    Chop,
    ChopChain,
    EventKind,
    FinishWithTwo,
    HandEnd,
    HouseRules,
    InstantWin,
    InstantWinKind,
    Outcome,
    Pass,
    Play,
    Reason,
    SeatState,
    TableState,
    ThoiTwo,
    apply,
    check,
    legal_moves,
    replay,
    settle,
    settle_round,
    start_hand,
)
from tests.support.sam_examples import CHAIN_ACTIONS, CHAIN_HANDS, SAM_ACTIONS, SAM_HANDS, final_state
from tests.support.samkit import cards, paid, play, record, refused, seat, table

FORBID_TWO = HouseRules(finish_with_two=FinishWithTwo.FORBIDDEN)
CHOP_AFTER_PASS = HouseRules(chop_after_pass=True)


def field_of(error: pytest.ExceptionInfo[InvalidInput]) -> list[str]:
    return [v.field for v in error.value.violations]


# --- reason codes -----------------------------------------------------------------------------------------
def test_hand_over() -> None:
    state = final_state({"B": "3S"})
    assert check(state, Pass(1)) == apply(state, Pass(1))
    assert apply(state, Pass(1)).reason is Reason.HAND_OVER  # type: ignore[union-attr]


def test_not_your_turn_and_already_passed() -> None:
    state = table(["3S 4S", "5S 6S", "7S 8S"], "C", current="9S", owner="A", passed="B")
    assert refused(state, "A 4S") == "NOT_YOUR_TURN"
    assert refused(state, "B 6S") == "ALREADY_PASSED"


def test_leader_cannot_pass_and_not_a_combination_and_does_not_beat() -> None:
    state = table(["3S 4S 6S", "5S 6C"], "A")
    assert refused(state, "A pass") == "LEADER_CANNOT_PASS"
    assert refused(state, "A 3S4S6S") == "NOT_A_COMBINATION"
    facing = table(["3S 4S 6S", "5S 6C"], "A", current="6D", owner="B")
    assert refused(facing, "A 6S") == "DOES_NOT_BEAT"
    assert refused(facing, "A 3S4S") == "NOT_A_COMBINATION"


def test_only_chop_allowed_under_chop_after_pass() -> None:
    hands = ["3S 3C", "4S 9S9C9D9H", "5S 6S"]
    state = table(hands, "B", current="2S", owner="A", passed="B", rules=CHOP_AFTER_PASS)
    assert refused(state, "B 4S") == "ONLY_CHOP_ALLOWED"
    chopped = play(state, "B 9S9C9D9H")
    assert chopped.events[0].kind is EventKind.CHOP
    assert not chopped.state.seats[1].passed
    with pytest.raises(InvalidInput) as error:
        table(hands, "B", current="2S", owner="A", passed="B")
    assert field_of(error) == ["turn"]


def test_passed_seat_gets_its_turn_on_a_two_under_chop_after_pass() -> None:
    state = table(["3S 5S", "4S 9S9C9D9H", "6S 2S"], "A", rules=CHOP_AFTER_PASS)
    state = play(state, "A 3S", "B pass", "C 2S").state
    assert state.turn == seat("A")
    state = play(state, "A pass").state
    assert state.turn == seat("B"), "B passed but may chop the 2"
    assert legal_moves(state).plays == (cards("9S9C9D9H"),)
    plain = play(table(["3S 5S", "4S 9S9C9D9H", "6S 2S"], "A"), "A 3S", "B pass", "C 2S", "A pass")
    assert plain.state.turn == seat("C") and plain.events[0].kind is EventKind.TRICK_ENDED


def test_must_play_highest_single_only_when_next_seat_has_one_card() -> None:
    rules = HouseRules(bao_mot=BaoMot.FORBIDDEN)
    state = table(["3S 4S", "6C AS 9H", "QD"], "B", rules=rules)
    assert refused(state, "B 6C") == "MUST_PLAY_HIGHEST_SINGLE"
    assert legal_moves(state).plays[0] == cards("AS")
    assert refused(state, "B 9H") == "MUST_PLAY_HIGHEST_SINGLE"
    play(state, "B AS")
    two_cards = table(["3S 4S", "6C AS 9H", "QD JD"], "B", rules=rules)
    play(two_cards, "B 6C")


def test_cannot_finish_with_two_and_stuck_leader_passes_the_lead() -> None:
    state = table(["2H", "3S 4S", "5S 6S"], "A", rules=FORBID_TWO)
    assert refused(state, "A 2H") == "CANNOT_FINISH_WITH_TWO"
    moves = legal_moves(state, all_card_sets=True)
    assert moves.plays == () and moves.can_pass
    passed = play(state, "A pass")
    assert [(e.kind, e.seat, e.other_seat) for e in passed.events] == [
        (EventKind.LEAD_PASSED, 0, 1),
        (EventKind.NEXT_LEADER, 1, None),
    ]
    assert passed.state.turn == seat("B") and passed.state.lead_passes == 1


def test_stuck_declarer_fails_the_sam() -> None:
    state = table(["2H", "3S 4S", "5S 6S"], "A", declarer="A", rules=FORBID_TWO)
    done = play(state, "A pass")
    assert done.events[0].kind is EventKind.SAM_FAILED_STUCK and done.state.ended is HandEnd.SAM_FAILED_STUCK
    result = settle(done.state, 1000)
    assert result.outcome is Outcome.SAM_FAILED_STUCK and result.winner is None
    assert paid(result) == {("A", "B", 20000, "SAM_FAILED_STUCK"), ("A", "C", 20000, "SAM_FAILED_STUCK")}


def test_every_seat_stuck_lifts_the_restriction() -> None:
    state = table(["2H", "2S"], "A", rules=FORBID_TWO)
    state = play(state, "A pass", "B pass").state
    assert state.lead_passes == 2 and state.turn == seat("A")
    done = play(state, "A 2H")
    assert done.state.ended is HandEnd.FINISHED_ON_TWO


def test_sam_declarer_finishing_on_a_two_wins_the_sam() -> None:
    state = table(["2H", "3S 4S", "5S 6S"], "A", declarer="A")
    done = play(state, "A 2H")
    assert [e.kind for e in done.events] == [EventKind.SAM_SUCCEEDED] and done.state.ended is HandEnd.SAM_WON


# --- switches -------------------------------------------------------------------------------------------
def test_quad_beats_pair_of_twos_in_apply() -> None:
    rules = HouseRules(quad_beats_pair_of_twos=True)
    state = table(["3S", "9S9C9D9H 4S"], "B", current="2S2H", owner="A", rules=rules)
    assert play(state, "B 9S9C9D9H").events[0].kind is EventKind.CHOP
    assert refused(table(["3S", "9S9C9D9H 4S"], "B", current="2S2H", owner="A"), "B 9S9C9D9H") == ("DOES_NOT_BEAT")


def test_amount_switches() -> None:
    rules = HouseRules(chop_penalty=30, cong_multiplier=10, thoi_two_multiplier=15, fee_bps=10000)
    state = final_state({"B": 10, "C": "2S"}, rules=rules)
    result = settle(state, 100, [(Chop(seat("C"), seat("B"), 1),)])
    assert paid(result) == {("B", "A", 1000, "CONG"), ("C", "A", 1500, "THOI_TWO"), ("B", "C", 3000, "CHOP")}
    assert result.gross == (2500, -4000, 1500) and result.fees == (2500, 0, 1500) and result.nets == (0, -4000, 0)
    per = HouseRules(thoi_two=ThoiTwo.PER_TWO, thoi_two_per_card=2)
    assert sum(t.amount for t in settle(final_state({"B": "2S 2H 3S"}, rules=per), 10).transfers) == 30 + 40


def test_sam_multiplier_and_instant_win_switches() -> None:
    sam = settle_round(record(SAM_HANDS, "A", SAM_ACTIONS, "A", rules=HouseRules(sam_multiplier=10)))
    assert paid(sam) == {("A", "C", 30000, "SAM_BLOCKED")}
    hands = ["3S 3H 4S 4H 6S 6H 8S 8H TS TH", "3D 4D 5D 5H 7D 7H 9D 9H JD QD", "3C 4C 5S 6C 7S 8C 9S 2C 2D KC"]
    no_color = HouseRules(instant_wins=frozenset({InstantWinKind.FIVE_PAIRS}), instant_win_multiplier=5)
    result = settle_round(record(hands, "A", rules=no_color))
    assert result.winner == seat("A") and result.instant_win is InstantWinKind.FIVE_PAIRS
    assert paid(result) == {("B", "A", 5000, "INSTANT_WIN"), ("C", "A", 5000, "INSTANT_WIN")}
    assert isinstance(start_hand([cards(h) for h in hands], 0, (), HouseRules(instant_wins=frozenset())), TableState)


def test_instant_win_kinds_and_tie_break_from_the_leader() -> None:
    dragon = "3S 4D 5C 6H 7S 8D 9C TH JS QD"
    twos = "2S 2C 2D 2H 5H 5D 7H 9S JC KD"
    triples = "3H 3D 3C 4S 4D 4C 6S 6D 6H 8C"
    pairs_a = "5S 5H 7S 7C 9D 9H JD JH KS KH"
    plain = "4H 5S 6C 8S TD QH AS AD KH 9D"
    assert start_hand([cards(h) for h in [plain, dragon, twos]], 0).kind is InstantWinKind.DRAGON  # type: ignore[union-attr]
    got = start_hand([cards(h) for h in [twos, triples, plain]], 0)
    assert isinstance(got, InstantWin) and got.kind is InstantWinKind.FOUR_TWOS
    got = start_hand([cards(h) for h in [triples, pairs_a]], 1)
    assert isinstance(got, InstantWin) and got.kind is InstantWinKind.THREE_TRIPLES
    a = "5S 5H 7S 7C 9D 9H JD JH KS KH"
    b = "5C 5D 7D 7H 9S 9C JS JC KC KD"
    for leader, winner in ((0, 0), (1, 1)):
        tie = start_hand([cards(a), cards(b)], leader)
        assert isinstance(tie, InstantWin) and tie.winner == winner


def test_max_players() -> None:
    hands = [list(range(i * 10, i * 10 + 10)) for i in range(5)]
    with pytest.raises(InvalidInput) as error:
        start_hand(hands, 0, (), HouseRules(max_players=4, instant_wins=frozenset()))
    assert field_of(error) == ["hands"]


def test_from_mapping() -> None:
    rules = HouseRules.from_mapping(
        {"chop_chain": "double", "fee_bps": 500, "instant_wins": ["DRAGON"], "bao_mot": "FORBIDDEN"}
    )
    assert rules.chop_chain is ChopChain.DOUBLE and rules.fee_bps == 500
    assert rules.instant_wins == frozenset({InstantWinKind.DRAGON}) and rules.bao_mot is BaoMot.FORBIDDEN
    assert HouseRules.from_mapping({}) == HouseRules()
    for bad, path in (
        ({"chop_fine": 3}, "house_rules.chop_fine"),
        ({"fee_bps": 10001}, "house_rules.fee_bps"),
        ({"chop_penalty": -1}, "house_rules.chop_penalty"),
        ({"max_players": 6}, "house_rules.max_players"),
        ({"chop_chain": "TRIPLE"}, "house_rules.chop_chain"),
        ({"instant_wins": ["RAINBOW"]}, "house_rules.instant_wins"),
        ({"straight_low_ace": "yes"}, "house_rules.straight_low_ace"),
    ):
        with pytest.raises(InvalidInput) as error:
            HouseRules.from_mapping(bad)
        assert field_of(error) == [path]


# --- bad input ------------------------------------------------------------------------------------------
def test_card_not_in_hand_duplicate_and_malformed() -> None:
    state = table(["3S 4S", "5S 6S"], "A")
    with pytest.raises(InvalidInput) as error:
        apply(state, Play(0, cards("3S 5S")))
    assert field_of(error) == ["action.cards[1]"]
    with pytest.raises(InvalidInput) as error:
        Play(0, (cards("3S")[0], cards("3S")[0]))
    assert field_of(error) == ["cards[1]"]
    with pytest.raises(InvalidInput) as error:
        Play(0, (52,))  # type: ignore[arg-type]  # not a card, on purpose
    assert field_of(error) == ["cards[0]"]
    with pytest.raises(InvalidInput) as error:
        Pass(-1)
    assert field_of(error) == ["seat"]
    with pytest.raises(InvalidInput) as error:
        apply(state, Pass(7))
    assert field_of(error) == ["action.seat"]


def test_acting_hand_must_be_known_and_others_may_be_counts() -> None:
    state = table([2, "5S 6S"], "A")
    with pytest.raises(InvalidInput) as error:
        apply(state, Pass(0))
    assert field_of(error) == ["state.seats[0].hand"]
    with pytest.raises(InvalidInput):
        legal_moves(state)
    assert play(table(["3S 4S", 2], "A"), "A 3S").state.turn == seat("B")


def test_impossible_states() -> None:
    with pytest.raises(InvalidInput) as error:
        table(["3S 4S", "3S 6S"], "A")
    assert field_of(error) == ["seats[1].hand[0]"]
    with pytest.raises(InvalidInput) as error:
        table(["3S 4S"], "A")
    assert field_of(error) == ["seats"]
    with pytest.raises(InvalidInput) as error:
        table(["3S 4S", "5S"], "A", current="3S4S6S", owner="B")
    assert "current" in field_of(error)
    with pytest.raises(InvalidInput) as error:
        SeatState(hand=cards("3S 4S"), count=3)
    assert field_of(error) == ["count"]
    with pytest.raises(InvalidInput) as error:
        SeatState(count=11)
    assert field_of(error) == ["count"]
    with pytest.raises(InvalidInput) as error:
        table(["3S 4S", "5S"], "A", current="9S", owner="A")
    assert field_of(error) == ["turn"]
    with pytest.raises(InvalidInput) as error:
        table(["3S 4S", "5S"], "A", current="9S", owner="B", chop_chain=(Chop(1, 0, 1),))
    assert field_of(error) == ["chop_chain"]


def test_record_bad_input() -> None:
    with pytest.raises(InvalidInput) as error:
        record([CHAIN_HANDS[0], CHAIN_HANDS[1], CHAIN_HANDS[2][:-3]], "A")
    assert field_of(error) == ["hands[2]"]
    with pytest.raises(InvalidInput) as error:
        record([CHAIN_HANDS[0], CHAIN_HANDS[0]], "A")
    assert field_of(error)[0] == "hands[1][0]"
    with pytest.raises(InvalidInput) as error:
        record(CHAIN_HANDS, "A", stake=0)
    assert field_of(error) == ["stake"]
    with pytest.raises(InvalidInput) as error:
        record(CHAIN_HANDS, "A", stake=-5)
    assert field_of(error) == ["stake"]


def illegal(error: pytest.ExceptionInfo[InvalidInput]) -> list[tuple[str, str]]:
    """Each violation's field and the game's reason code its description starts with; each must be ILLEGAL_ACTION."""
    assert all(v.reason is ErrorReason.ILLEGAL_ACTION for v in error.value.violations), error.value.violations
    return [(v.field, v.description.partition(":")[0]) for v in error.value.violations]


def test_replay_rejects_illegal_incomplete_and_extra_actions() -> None:
    with pytest.raises(InvalidInput) as error:
        replay(record(CHAIN_HANDS, "A", ["A 2C", "B 4S"]))
    assert illegal(error) == [("actions[1]", "DOES_NOT_BEAT")]
    with pytest.raises(InvalidInput) as error:
        replay(record(CHAIN_HANDS, "A", ["A 2C", "B 6S6C6D6H", "C KSKCKDKH", "A pass", "B pass"]))
    assert [(v.field, v.reason) for v in error.value.violations] == [("actions", ErrorReason.ROUND_NOT_OVER)]
    with pytest.raises(InvalidInput) as error:
        replay(record(CHAIN_HANDS, "A", [*CHAIN_ACTIONS, "A pass"]))
    assert illegal(error) == [("actions[6]", "HAND_OVER")]
    with pytest.raises(InvalidInput) as error:
        replay(record(CHAIN_HANDS, "A", ["A 2C", "B 6S6C6D6H", "C KSKCKDKH", "A 3D"]))
    assert field_of(error) == ["actions[3].cards[0]"]
    with pytest.raises(InvalidInput) as error:
        replay(record(CHAIN_HANDS, "A", ["B 4S"]))
    assert illegal(error) == [("actions[0]", "NOT_YOUR_TURN")]


def test_settle_needs_an_ended_hand_and_a_positive_stake() -> None:
    with pytest.raises(InvalidInput) as error:
        settle(table(["3S", "4S"], "A"), 10)
    assert field_of(error) == ["state.ended"]
    with pytest.raises(InvalidInput) as error:
        settle(final_state({"B": "3S"}), 0)
    assert field_of(error) == ["stake"]


def test_reason_messages_in_both_languages() -> None:
    for reason in Reason:
        assert reason.english and reason.vietnamese and reason.english != reason.vietnamese


@pytest.mark.parametrize(
    ("leader", "declarations", "field"),
    [("0", (), "leader"), (True, (), "leader"), (0, ("1",), "declarations[0]"), (0, (True,), "declarations[0]")],
    ids=["a string leader", "True for the leader", "a string declaration", "True for a declaration"],
)
def test_a_mistyped_leader_or_declaration_is_named_not_a_type_error(
    leader: object, declarations: tuple[object, ...], field: str
) -> None:
    # Compiled (setup.py), a parameter typed int would raise TypeError (or take True as seat 1) first.
    with pytest.raises(InvalidInput) as error:
        start_hand([cards(h) for h in SAM_HANDS], leader, declarations)
    assert [v.field for v in error.value.violations] == [field]
