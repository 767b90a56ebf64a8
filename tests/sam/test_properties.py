"""Hypothesis properties: legal moves ⇔ apply, replay determinism, zero-sum settlement, one outcome per hand."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.core.cards import CARDS
from cardrules.core.sam import (
    Applied,
    BaoMot,
    ChopChain,
    FinishWithTwo,
    HouseRules,
    Illegal,
    InstantWin,
    Kind,
    Outcome,
    Pass,
    Play,
    RoundRecord,
    SamFailPayTo,
    SeatState,
    TableState,
    ThoiTwo,
    apply,
    check,
    classify,
    legal_moves,
    replay,
    settle,
    settle_round,
    start_hand,
)

rules_strategy = st.builds(
    HouseRules,
    straight_low_ace=st.booleans(),
    quad_beats_pair_of_twos=st.booleans(),
    chop_after_pass=st.booleans(),
    bao_mot=st.sampled_from(BaoMot),
    finish_with_two=st.sampled_from(FinishWithTwo),
    chop_chain=st.sampled_from(ChopChain),
    sam_fail_pay_to=st.sampled_from(SamFailPayTo),
    thoi_two=st.sampled_from(ThoiTwo),
    chop_penalty=st.integers(0, 40),
    fee_bps=st.integers(0, 10000),
    instant_wins=st.just(frozenset()),
)


def deal(rng: random.Random, seats: int) -> list[list[int]]:
    """Random hands, often with four of a kinds and 2s so chops happen."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(seats)]
    if rng.random() < 0.7:
        for rank in rng.sample(range(13), rng.randint(1, 3)):
            owner = rng.randrange(seats)
            quad = [rank * 4 + s for s in range(4)]
            if len(hands[owner]) <= 6:
                hands[owner] += quad
                deck = [c for c in deck if c not in quad]
    for hand in hands:
        while len(hand) < 10:
            hand.append(deck.pop())
    return hands


def play_randomly(
    rng: random.Random, rules: HouseRules, seats: int, sam: bool
) -> tuple[list[list[int]], int, tuple[int, ...], list[TableState], list[Play | Pass]]:
    hands = deal(rng, seats)
    leader = rng.randrange(seats)
    declarations = (rng.randrange(seats),) if sam else ()
    state = start_hand(hands, leader, declarations, rules)
    assert isinstance(state, TableState)
    visited = [state]
    actions: list[Play | Pass] = []
    while state.ended is None:
        moves = legal_moves(state, all_card_sets=True).actions()
        assert moves, "the seat to act always has a legal move"
        chosen = rng.choice(moves)
        result = apply(state, chosen)
        assert isinstance(result, Applied)
        actions.append(chosen)
        state = result.state
        visited.append(state)
        assert len(actions) < 500
    return hands, leader, declarations, visited, actions


def rank_pattern(cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(c >> 2 for c in cards))


def hidden_view(state: TableState) -> TableState:
    """The same state as the acting client sees it: only its own hand, the others as counts."""
    seats = tuple(
        s if i == state.turn else SeatState(count=s.count, passed=s.passed) for i, s in enumerate(state.seats)
    )
    return TableState(
        seats=seats,
        turn=state.turn,
        current=state.current,
        current_owner=state.current_owner,
        chop_chain=state.chop_chain,
        declarer=state.declarer,
        bao_mot_violator=state.bao_mot_violator,
        lead_passes=state.lead_passes,
        house_rules=state.house_rules,
    )


def check_moves_match_apply(state: TableState) -> None:
    full = legal_moves(state, all_card_sets=True)
    default = legal_moves(state)
    seat = state.turn
    hand = state.seats[seat].hand
    assert hand is not None
    listed = set(full.plays)
    assert len(listed) == len(full.plays), "no concrete card set twice"
    for play in full.plays:
        assert check(state, Play(seat, play)) is None, play
    assert full.can_pass == (check(state, Pass(seat)) is None) == default.can_pass
    accepted = set()
    for size in range(1, len(hand) + 1):
        for subset in combinations(hand, size):
            if classify(subset, state.house_rules).kind is Kind.INVALID:
                assert isinstance(check(state, Play(seat, subset)), Illegal)
                continue
            if check(state, Play(seat, subset)) is None:
                accepted.add(subset)
    assert accepted == listed
    patterns = [rank_pattern(p) for p in default.plays]
    assert len(patterns) == len(set(patterns)), "no duplicate rank pattern in the default list"
    assert set(patterns) == {rank_pattern(p) for p in accepted}
    for play in default.plays:
        assert play in listed
    view = hidden_view(state)
    for play in full.plays[:5]:
        a, b = apply(state, Play(seat, play)), apply(view, Play(seat, play))
        assert isinstance(a, Applied) and isinstance(b, Applied)
        assert a.events == b.events and a.state.turn == b.state.turn and a.state.ended == b.state.ended


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=rules_strategy, seats=st.integers(2, 5), sam=st.booleans())
def test_legal_moves_are_exactly_what_apply_accepts(seed: int, rules: HouseRules, seats: int, sam: bool) -> None:
    rng = random.Random(seed)
    _, _, _, visited, _ = play_randomly(rng, rules, seats, sam and rng.random() < 0.3)
    for state in rng.sample(visited[:-1], min(4, len(visited) - 1)):
        check_moves_match_apply(state)
    assert legal_moves(visited[-1]) == (None, False, ())


@settings(max_examples=500, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rules=rules_strategy,
    seats=st.integers(2, 5),
    sam=st.booleans(),
    stake=st.integers(1, 10**6),
)
def test_random_hands_end_with_one_outcome_and_replay_and_settle(
    seed: int, rules: HouseRules, seats: int, sam: bool, stake: int
) -> None:
    rng = random.Random(seed)
    hands, leader, declarations, visited, actions = play_randomly(rng, rules, seats, sam)
    final = visited[-1]
    assert final.ended is not None
    assert sum(1 for s in visited if s.ended is not None) == 1
    record = RoundRecord(
        hands=tuple(tuple(CARDS[c] for c in h) for h in hands),
        stake=stake,
        leader=leader,
        declarations=declarations,
        actions=tuple(actions),
        house_rules=rules,
    )
    first, second = replay(record), replay(record)
    assert first == second
    assert first.final == final
    result = settle_round(record)
    assert result == settle_round(record)
    assert result.outcome is not Outcome.INSTANT_WIN
    assert sum(result.gross) == 0
    assert sum(result.nets) == -result.fee
    assert result.fee == sum(result.fees) and all(f >= 0 for f in result.fees)
    assert all(t.amount > 0 and t.from_seat != t.to_seat for t in result.transfers)
    if declarations:
        assert result.outcome in (Outcome.SAM_WON, Outcome.SAM_BLOCKED, Outcome.SAM_FAILED_STUCK)
    else:
        assert result.outcome in (Outcome.NORMAL, Outcome.FINISHED_ON_TWO, Outcome.BAO_MOT_PENALTY)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 5), stake=st.integers(1, 10**9), bps=st.integers(0, 10000))
def test_instant_win_settlement_is_zero_sum(seed: int, seats: int, stake: int, bps: int) -> None:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sorted(deck[i * 10 : i * 10 + 10]) for i in range(seats)]
    rules = HouseRules(fee_bps=bps)
    start = start_hand(hands, 0, (), rules)
    if isinstance(start, InstantWin):
        result = settle(start, stake)
        assert sum(t.amount for t in result.transfers) == (seats - 1) * 20 * stake
        assert sum(result.nets) == -result.fee
