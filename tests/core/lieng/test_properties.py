"""Hypothesis properties: legal actions ⇔ apply, every state apply derives is valid, betting always ends, pots
sum to the chips committed, settlement is zero-sum and its transfers reproduce every net, replay reproduces the
round, comparison is a total preorder."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.core.lieng import (
    Action,
    ActionKind,
    BettingState,
    Excess,
    HouseRules,
    Reason,
    RoundRecord,
    SeatState,
    SuitTieBreak,
    compare_two,
    judge,
    legal_actions,
    rank_hands,
    replay,
    score_hand,
    settle_pots,
    settle_round,
)
from tests.support.lieng_rounds import rounds, rules_strategy

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_legal_actions_match_apply(state: BettingState) -> None:
    legal = legal_actions(state)
    seat = legal.seat
    assert seat == state.to_act
    if seat is None:
        return
    for kind in ActionKind:
        if kind is ActionKind.RAISE:
            continue
        assert (judge(state, Action(seat, kind)) is Reason.OK) == (kind in legal.kinds), kind
    mine = state.seats[seat]
    probes = {1, state.current_bet, state.current_bet + 1, mine.committed + mine.stack, mine.committed + mine.stack + 1}
    if legal.allows(ActionKind.RAISE):
        probes |= {legal.min_raise_to - 1, legal.min_raise_to, legal.max_raise_to, legal.max_raise_to + 1}
        probes.add((legal.min_raise_to + legal.max_raise_to) // 2)
    for total in probes:
        if total <= 0:
            continue
        ok = judge(state, Action(seat, ActionKind.RAISE, total)) is Reason.OK
        assert ok == (legal.allows(ActionKind.RAISE) and legal.min_raise_to <= total <= legal.max_raise_to), total
    # Every other seat is refused with NOT_YOUR_TURN.
    for other in range(len(state.seats)):
        if other != seat:
            assert judge(state, Action(other, ActionKind.FOLD)) is Reason.NOT_YOUR_TURN


def rebuilt(state: BettingState) -> BettingState:
    """The same state built from scratch by the validating constructors (raises InvalidInput if it is not valid)."""
    return BettingState(
        tuple(SeatState(s.stack, s.committed, s.folded, s.all_in, s.acted) for s in state.seats),
        state.ante,
        state.first_actor,
        state.to_act,
        state.current_bet,
        state.last_full_raise,
        state.orbit,
        state.raise_orbits,
        state.last_raise_orbit,
        state.rules,
    )


@SETTINGS
@given(rounds())
def test_random_betting_rounds(data: tuple[RoundRecord, list[BettingState]]) -> None:
    record, states = data
    for state in states:
        assert rebuilt(state) == state  # apply's unvalidated states pass the public constructors' checks
        check_legal_actions_match_apply(state)
        assert sum(s.committed + s.stack for s in state.seats) == sum(record.stacks)  # chips are conserved
    final = states[-1]
    played = replay(record)
    assert played.final_state == final  # replaying the record gives the same round
    result = settle_round(record)
    assert result == settle_round(record)
    assert sum(p.amount for p in result.pots) == sum(result.committed) == final.pot
    assert sum(result.payouts) == sum(result.committed)
    assert sum(result.nets) + result.fee == 0
    assert all(f >= 0 for f in result.fees)
    flow = [0] * len(record.stacks)
    for t in result.transfers:
        assert t.amount > 0 and t.from_seat != t.to_seat
        flow[t.from_seat] -= t.amount
        flow[t.to_seat] += t.amount
    assert flow == [p - c for p, c in zip(result.payouts, result.committed, strict=True)]
    assert [n + f for n, f in zip(result.nets, result.fees, strict=True)] == flow
    if final.fold_out_winner is not None:
        assert result.fold_out_winner == final.fold_out_winner and result.payouts[final.fold_out_winner] == final.pot


@SETTINGS
@given(
    st.lists(st.tuples(st.integers(1, 400), st.booleans(), st.integers(0, 6)), min_size=2, max_size=6),
    st.integers(0, 5),
    st.sampled_from(Excess),
    st.integers(0, 10000),
)
def test_settle_pots_is_zero_sum(seats: list[tuple[int, bool, int]], first: int, excess: Excess, fee_bps: int) -> None:
    committed = [c for c, _, _ in seats]
    folded = [f for _, f, _ in seats]
    if all(folded):
        folded[0] = False
    top = max(c for c, f in zip(committed, folded, strict=True) if not f)
    committed = [min(c, top) if f else c for c, f in zip(committed, folded, strict=True)]
    keys: list[int | None] = [None if f else k for (_, _, k), f in zip(seats, folded, strict=True)]
    split = settle_pots(committed, folded, keys, first % len(seats), excess, fee_bps)
    assert sum(p.amount for p in split.pots) == sum(committed) == sum(split.payouts)
    assert sum(split.nets) + split.fee == 0
    for pot in split.pots:
        assert sum(pot.contributions) == pot.amount and sum(pot.shares) == (0 if pot.refunded else pot.amount)
        assert set(pot.winners) <= set(pot.eligible)
        if pot.shares:
            assert max(pot.shares) - min(pot.shares) <= 1
    for seat, f in enumerate(folded):
        if f:
            assert split.payouts[seat] == 0 or excess is Excess.REFUND


hands_strategy = st.lists(st.sampled_from(list(itertools.combinations(range(52), 3))), min_size=3, max_size=3)


@SETTINGS
@given(hands_strategy, rules_strategy)
def test_comparison_is_a_total_preorder(hands: list[tuple[int, int, int]], rules: HouseRules) -> None:
    a, b, c = hands
    assert compare_two(a, a, rules) == 0
    assert compare_two(a, b, rules) == -compare_two(b, a, rules)
    for x, y, z in itertools.permutations((a, b, c)):
        if compare_two(x, y, rules) >= 0 and compare_two(y, z, rules) >= 0:
            assert compare_two(x, z, rules) >= 0
    ranking = rank_hands([a, b, c], rules)
    for i, j in itertools.permutations(range(3), 2):
        expected = compare_two(hands[i], hands[j], rules)
        assert (ranking.ranks[i] < ranking.ranks[j]) == (expected == 1)
        assert (ranking.ranks[i] == ranking.ranks[j]) == (expected == 0)
    # Ties are exactly equal tier and key when suits do not count.
    if rules.suit_tie_break is SuitTieBreak.NONE:
        sa, sb = score_hand(a, rules), score_hand(b, rules)
        assert (compare_two(a, b, rules) == 0) == ((sa.tier, sa.key) == (sb.tier, sb.key))
