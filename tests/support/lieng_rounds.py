"""Liêng betting rounds for tests and benchmarks: random house rules, random legal rounds with every state they
pass through, and the longest round for a number of raise orbits."""

from __future__ import annotations

from hypothesis import strategies as st

from cardrules.core.cards import CARDS
from cardrules.core.lieng import (
    A23,
    Action,
    ActionKind,
    BettingState,
    Excess,
    HouseRules,
    RoundRecord,
    SuitTieBreak,
    apply,
    legal_actions,
    start_betting,
)

rules_strategy = st.builds(
    HouseRules,
    min_raise=st.none() | st.integers(1, 30),
    max_raise=st.none() | st.integers(1, 120),
    max_raise_rounds=st.none() | st.integers(1, 3),
    a23=st.sampled_from(A23),
    suit_tie_break=st.sampled_from(SuitTieBreak),
    excess=st.sampled_from(Excess),
    fee_bps=st.sampled_from([0, 0, 250, 10000]),
)


@st.composite
def rounds(draw: st.DrawFn) -> tuple[RoundRecord, list[BettingState]]:
    rules = draw(rules_strategy)
    n = draw(st.integers(2, 6))
    ante = draw(st.integers(1, 20))
    stacks = [draw(st.integers(ante, ante + 300)) for _ in range(n)]
    first = draw(st.integers(0, n - 1))
    state = start_betting(stacks, ante, first, rules)
    states = [state]
    actions: list[Action] = []
    limit = n * (sum(stacks) // state.min_raise + 3)
    while not state.closed:
        assert len(actions) <= limit, "betting did not end"
        legal = legal_actions(state)
        assert legal.seat is not None
        kind = draw(st.sampled_from(legal.kinds))
        amount = draw(st.integers(legal.min_raise_to, legal.max_raise_to)) if kind is ActionKind.RAISE else 0
        action = Action(legal.seat, kind, amount)
        result = apply(state, action)
        assert result.state is not None, (action, result.reason)
        actions.append(action)
        state = result.state
        states.append(state)
    deck = draw(st.permutations(range(52)))
    hands = [tuple(CARDS[c] for c in deck[3 * i : 3 * i + 3]) for i in range(n)]
    return RoundRecord(tuple(stacks), ante, first, tuple(actions), tuple(hands), rules), states


def raising_round(seats: int, max_raise_rounds: int | None, raise_orbits: int) -> RoundRecord:
    """Every seat raises by the minimum in each of ``raise_orbits`` orbits, then the others call the last raise:
    the longest round with that many orbits containing a raise."""
    rules = HouseRules(max_raise_rounds=max_raise_rounds)
    stacks = (10 * (seats * raise_orbits + 2),) * seats
    state = start_betting(stacks, 1, 0, rules)
    actions: list[Action] = []
    while not state.closed:
        legal = legal_actions(state)
        assert legal.seat is not None
        orbit_has_a_raise = state.last_raise_orbit == state.orbit  # raising again here uses no new raise orbit
        if ActionKind.RAISE in legal.kinds and state.raise_orbits < raise_orbits + orbit_has_a_raise:
            action = Action(legal.seat, ActionKind.RAISE, legal.min_raise_to)
        else:
            action = Action(legal.seat, ActionKind.CALL if ActionKind.CALL in legal.kinds else ActionKind.CHECK)
        result = apply(state, action)
        assert result.state is not None, (action, result.reason)
        actions.append(action)
        state = result.state
    return RoundRecord(stacks, 1, 0, tuple(actions), (), rules)
