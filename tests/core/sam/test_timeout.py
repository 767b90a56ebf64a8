"""A Sâm TIMEOUT (docs/rules/sam-loc.md §9.8): what it resolves to, that the resolution is always a legal play or
pass and never a báo-1 violation, and that a record's TIMEOUTs replay exactly as ValidatePlay answered them."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.sam import (
    DEFAULT_RULES,
    Action,
    Applied,
    BaoMot,
    EventKind,
    FinishWithTwo,
    HandEnd,
    HouseRules,
    Illegal,
    Pass,
    Play,
    Reason,
    RoundRecord,
    SeatState,
    TableState,
    Timeout,
    TimeoutLead,
    apply,
    check,
    legal_moves,
    replay,
    resolve_timeout,
    settle_round,
    start_hand,
)
from tests.support.sam_rounds import deal, rules_strategy
from tests.support.samkit import cards

with_timeout_leads = st.tuples(rules_strategy, st.sampled_from(TimeoutLead)).map(
    lambda pair: dataclasses.replace(pair[0], timeout_lead=pair[1])
)


def leading(hand: str, *others: int, rules: HouseRules = DEFAULT_RULES, turn: int = 0) -> TableState:
    """A state where seat ``turn`` leads holding ``hand``; the other seats hold ``others`` cards, in seat order."""
    counts = list(others)
    seats = [
        SeatState(count=counts.pop(0)) if i != turn else SeatState(hand=cards(hand)) for i in range(1 + len(others))
    ]
    return TableState(seats=tuple(seats), turn=turn, house_rules=rules)


def resolved(state: TableState, seat: int) -> Play | Pass:
    result = apply(state, Timeout(seat))
    assert isinstance(result, Applied), result
    assert result.resolved_action is not None
    return result.resolved_action


# --- the rule, example by example (the worked examples of §9.8 are also vectors: tests/vectors/sam_loc/timeout.json)


def test_a_seat_facing_a_combination_passes() -> None:
    state = TableState(
        seats=(SeatState(count=7), SeatState(hand=cards("3C 5H KS 2D")), SeatState(count=6)),
        turn=1,
        current=cards("9D"),
        current_owner=0,
    )
    assert resolved(state, 1) == Pass(1)


def test_a_leader_leads_its_lowest_card_clubs_before_hearts() -> None:
    assert resolved(leading("3H 3C 7S KD 2S", 6, 6, turn=1), 1) == Play(1, cards("3C"))


@pytest.mark.parametrize("bao_mot", list(BaoMot))
def test_under_bao_mot_the_highest_single_spades_first(bao_mot: BaoMot) -> None:
    state = leading("3C 7S KD 2H 2S", 6, 1, rules=HouseRules(bao_mot=bao_mot), turn=1)
    assert resolved(state, 1) == Play(1, cards("2S"))
    result = apply(state, Timeout(1))
    assert isinstance(result, Applied)
    assert [e.kind for e in result.events] == [EventKind.TIMEOUT]


def test_a_stuck_leader_passes_the_lead() -> None:
    state = leading("2H", 5, 4, rules=HouseRules(finish_with_two=FinishWithTwo.FORBIDDEN), turn=1)
    result = apply(state, Timeout(1))
    assert isinstance(result, Applied)
    assert result.resolved_action == Pass(1)
    assert [e.kind for e in result.events] == [EventKind.TIMEOUT, EventKind.LEAD_PASSED, EventKind.NEXT_LEADER]
    assert result.state.lead_passes == 1


def test_the_declarers_first_play_is_its_lowest_single() -> None:
    state = start_hand(
        [
            cards("4D 4S 6C 7H 8S 9D TC JH QS KD"),
            cards("3S 3C 5D 6H 7S 9C JD QH KC AS"),
            cards("3D 5C 5H 6S 7C 8D TD JS QD 2C"),
        ],
        1,
        (0,),
        HouseRules(instant_wins=frozenset()),
    )
    assert isinstance(state, TableState) and state.declarer == 0
    assert resolved(state, 0) == Play(0, cards("4S"))


def test_a_passed_seat_given_its_turn_under_chop_after_pass_passes() -> None:
    state = TableState(
        seats=(
            SeatState(count=5, passed=True),
            SeatState(hand=cards("6S 6C 6D 6H 9D"), passed=True),
            SeatState(count=4),
        ),
        turn=1,
        current=cards("2D"),
        current_owner=2,
        house_rules=HouseRules(chop_after_pass=True),
    )
    assert check(state, Play(1, cards("6S 6C 6D 6H"))) is None  # it could chop; a timeout does not
    assert resolved(state, 1) == Pass(1)


LOWEST_SET = HouseRules(timeout_lead=TimeoutLead.LOWEST_SET)


@pytest.mark.parametrize(
    ("hand", "next_count", "rules", "expected"),
    [
        ("3H 3C 7S KD 2S", 6, LOWEST_SET, "3C 3H"),
        ("3C 3H 7S", 1, LOWEST_SET, "3C 3H"),  # báo 1 binds singles only
        ("3C 7S KD 2H 2S", 1, LOWEST_SET, "2S"),  # the lowest rank is a single: báo 1 applies
        ("2S 2H", 5, dataclasses.replace(LOWEST_SET, finish_with_two=FinishWithTwo.FORBIDDEN), "2S"),
        ("2S 2H", 5, LOWEST_SET, "2S 2H"),  # under PENALTY the pair of 2s goes out
        ("4S 4C 4D 4H 9S", 5, LOWEST_SET, "4S 4C 4D 4H"),
    ],
)
def test_lowest_set(hand: str, next_count: int, rules: HouseRules, expected: str) -> None:
    assert resolved(leading(hand, next_count, 6, rules=rules), 0) == Play(0, cards(expected))


def test_a_seat_that_cannot_act_gets_the_answer_any_of_its_actions_would() -> None:
    state = leading("3H 3C 7S", 6, 6)
    assert apply(state, Timeout(1)) == Illegal(Reason.NOT_YOUR_TURN)
    with pytest.raises(InvalidInput) as raised:
        apply(state, Timeout(3))
    assert [(v.field, v.reason) for v in raised.value.violations] == [("action.seat", ErrorReason.SEAT_OUT_OF_RANGE)]
    unknown = TableState(seats=(SeatState(count=3), SeatState(count=6)), turn=0)
    with pytest.raises(InvalidInput) as raised:
        apply(unknown, Timeout(0))
    assert raised.value.violations[0].reason is ErrorReason.HAND_REQUIRED
    over = TableState(seats=(SeatState(count=0), SeatState(hand=cards("3C"))), turn=0, ended=HandEnd.FINISHED, winner=0)
    assert apply(over, Timeout(1)) == Illegal(Reason.HAND_OVER)


def test_a_negative_seat_is_bad_input() -> None:
    with pytest.raises(InvalidInput):
        Timeout(-1)


# --- properties over random hands ----------------------------------------------------------------------------


def check_timeout(state: TableState) -> Play | Pass:
    """The timeout of the seat to act in ``state`` resolves to a legal action that apply treats exactly as that
    action (the TIMEOUT event first), never a báo-1 violation, and is one of the legal moves."""
    seat = state.turn
    result = apply(state, Timeout(seat))
    assert isinstance(result, Applied), result
    chosen = result.resolved_action
    assert chosen is not None and chosen == resolve_timeout(state, seat)
    assert check(state, chosen) is None, chosen
    plain = apply(state, chosen)
    assert isinstance(plain, Applied)
    assert result.state == plain.state
    assert result.events == (result.events[0], *plain.events)
    assert result.events[0].kind is EventKind.TIMEOUT and result.events[0].seat == seat
    assert result.combination == plain.combination
    assert EventKind.BAO_MOT_VIOLATION not in {e.kind for e in result.events}
    assert result.state.bao_mot_violator is None
    assert chosen in legal_moves(state, all_card_sets=True).actions()
    if state.current:
        assert chosen == Pass(seat)
    return chosen


def play_with_timeouts(
    rng: random.Random, rules: HouseRules, seats: int, sam: bool, share: float
) -> tuple[RoundRecord, RoundRecord]:
    """A random hand in which each action is a TIMEOUT with probability ``share`` (each checked by
    :func:`check_timeout`): the record with the TIMEOUTs, and the same record with each replaced by its resolution."""
    hands = deal(rng, seats)
    leader = rng.randrange(seats)
    declarations = (rng.randrange(seats),) if sam else ()
    state = start_hand(hands, leader, declarations, rules)
    assert isinstance(state, TableState)
    recorded: list[Action] = []
    substituted: list[Action] = []
    while state.ended is None:
        if rng.random() < share:
            chosen: Action = check_timeout(state)
            recorded.append(Timeout(state.turn))
        else:
            chosen = rng.choice(legal_moves(state, all_card_sets=True).actions())
            recorded.append(chosen)
        substituted.append(chosen)
        result = apply(state, chosen)
        assert isinstance(result, Applied)
        state = result.state
        assert len(recorded) < 500
    common = {"hands": tuple(map(tuple, hands)), "stake": 1000, "leader": leader, "declarations": declarations}
    return (
        RoundRecord(actions=tuple(recorded), house_rules=rules, **common),  # type: ignore[arg-type]
        RoundRecord(actions=tuple(substituted), house_rules=rules, **common),  # type: ignore[arg-type]
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    rules=with_timeout_leads,
    seats=st.integers(2, 5),
    sam=st.booleans(),
    share=st.sampled_from([0.2, 0.6, 1.0]),
)
def test_a_record_with_timeouts_settles_as_the_record_of_their_resolutions(
    seed: int, rules: HouseRules, seats: int, sam: bool, share: float
) -> None:
    with_timeouts, resolved_record = play_with_timeouts(random.Random(seed), rules, seats, sam, share)
    assert settle_round(with_timeouts) == settle_round(resolved_record)
    timed, plain = replay(with_timeouts), replay(resolved_record)
    assert timed.final == plain.final and timed.chop_chains == plain.chop_chains
    for action, events, plain_events in zip(with_timeouts.actions, timed.events, plain.events, strict=True):
        lead = (events[0],) if isinstance(action, Timeout) else ()
        assert events == (*lead, *plain_events)
        assert all(e.kind is EventKind.TIMEOUT for e in lead)


def test_a_hand_played_by_timeouts_alone_always_ends() -> None:
    """Every seat timing out every turn still ends every hand (a stuck leader passes the lead until §9.1 lifts
    the restriction), under both lead policies and every duty switch."""
    rng = random.Random(23)
    for _ in range(200):
        rules = HouseRules(
            instant_wins=frozenset(),
            finish_with_two=rng.choice(list(FinishWithTwo)),
            bao_mot=rng.choice(list(BaoMot)),
            timeout_lead=rng.choice(list(TimeoutLead)),
            chop_after_pass=rng.random() < 0.5,
        )
        with_timeouts, _ = play_with_timeouts(rng, rules, rng.randint(2, 5), rng.random() < 0.3, 1.0)
        assert all(isinstance(a, Timeout) for a in with_timeouts.actions)
        final = replay(with_timeouts).final
        assert isinstance(final, TableState) and final.ended is not None
