"""Sâm hands played out for tests and benchmarks: random house rules, random deals, random legal play, the view a
seat's client has, and the longest hand that can be constructed."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from cardrules.core.sam import (
    Applied,
    BaoMot,
    ChopChain,
    FinishWithTwo,
    HouseRules,
    Pass,
    Play,
    SamFailPayTo,
    SeatState,
    TableState,
    ThoiTwo,
    apply,
    legal_moves,
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


NO_INSTANT_WINS = HouseRules(instant_wins=frozenset())


def longest_constructed(seats: int) -> tuple[list[list[int]], list[Play | Pass]]:
    """Seat k is dealt the k-th ten cards in strength order, so every card of a later seat beats every card of an
    earlier one. Each leader leads its lowest single and everyone passes, trick after trick, until it holds two
    cards; then it leads one, the next seat beats it with its lowest single that beats and takes the lead. The last seat
    leads singles nobody answers until its hand is empty: every play but the hand-overs is followed by a pass of
    every other seat."""
    hands = [list(range(10 * k, 10 * k + 10)) for k in range(seats)]
    state = start_hand(hands, 0, (), NO_INSTANT_WINS)
    assert isinstance(state, TableState)
    actions: list[Play | Pass] = []
    handing_over = False
    while state.ended is None:
        seat = state.turn
        hand = state.seats[seat].hand
        assert hand is not None
        if state.current_owner is None:  # leading
            action: Play | Pass = Play(seat, (hand[0],))
            handing_over = len(hand) == 2 and seat < seats - 1
        elif handing_over and seat == (state.current_owner + 1) % seats:
            beating = [card for card in hand if card >> 2 > state.current[0] >> 2]
            action = Play(seat, (beating[0],))
            handing_over = False
        else:
            action = Pass(seat)
        result = apply(state, action)
        assert isinstance(result, Applied), (action, result)
        actions.append(action)
        state = result.state
    return hands, actions
