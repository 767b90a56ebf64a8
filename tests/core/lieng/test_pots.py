"""Pots and settlement: bands, transfers, odd chips, REFUND, fee, bad input, and a differential test with pokerkit."""

from __future__ import annotations

import random

import pytest
from pokerkit import Automation, NoLimitTexasHoldem

from cardrules.core.errors import InvalidInput
from cardrules.core.lieng import (
    Action,
    ActionKind,
    Excess,
    HouseRules,
    PotKind,
    Reason,
    RoundRecord,
    TransferReason,
    apply,
    judge,
    settle_pots,
    settle_round,
    start_betting,
)


def test_transfers_itemise_each_pot_exactly() -> None:
    # Example 13: A, B tie the main pot; C pays both halves of its share to them, then B the side pot.
    split = settle_pots([50, 150, 150], [False, False, False], [5, 5, 1], 0)
    assert [tuple(t) for t in split.transfers] == [
        (2, 0, 25, TransferReason.POT_WIN, 0),
        (2, 1, 25, TransferReason.POT_WIN, 0),
        (2, 1, 100, TransferReason.POT_WIN, 1),
    ]


def test_transfers_fold_out_and_uncalled_band() -> None:
    split = settle_pots([50, 10, 10], [False, True, True], [None, None, None], 0)
    assert split.pots[0].kind is PotKind.UNCONTESTED
    assert [tuple(t) for t in split.transfers] == [(1, 0, 10, "UNCONTESTED_POT", 0), (2, 0, 10, "UNCONTESTED_POT", 0)]
    # A folded seat's chips above the second live level go to the only seat eligible for that band.
    split = settle_pots([50, 150, 100], [False, False, True], [9, 1, None], 0)
    assert [(p.amount, p.eligible, p.kind) for p in split.pots] == [
        (150, (0, 1), PotKind.SHOWDOWN),
        (150, (1,), PotKind.UNCONTESTED),
    ]
    assert (2, 1, 50, "UNCONTESTED_POT", 1) in [tuple(t) for t in split.transfers]
    assert split.nets == (100, 0, -100)


def test_transfers_reproduce_every_net() -> None:
    split = settle_pots([50, 150, 150, 30, 150], [False, False, False, True, False], [7, 7, 3, None, 7], 4)
    flow = [0] * 5
    for t in split.transfers:
        assert t.amount > 0 and t.from_seat != t.to_seat
        flow[t.from_seat] -= t.amount
        flow[t.to_seat] += t.amount
    assert flow == [p - c for p, c in zip(split.payouts, split.committed, strict=True)]


def test_odd_chips_go_in_play_order_from_the_first_actor() -> None:
    # 101 between three tied seats 0, 1, 2 (seat 3 folded with 11): two odd chips, first actor 2 → to 2, then 0.
    split = settle_pots([30, 30, 30, 11], [False, False, False, True], [4, 4, 4, None], 2)
    assert split.pots[0].winners == (0, 1, 2) and split.pots[0].shares == (34, 33, 34)
    split = settle_pots([30, 30, 30, 11], [False, False, False, True], [4, 4, 4, None], 1)
    assert split.pots[0].shares == (33, 34, 34)


def test_switch_excess_refund_returns_what_each_paid() -> None:
    # A best overall but all-in for 50; in the side pot B and C (and D, folded after 100) paid in.
    committed, folded, keys = [50, 150, 150, 100], [False, False, False, True], [9, 3, 2, None]
    side = settle_pots(committed, folded, keys, 0)
    assert side.pots[1].kind is PotKind.SHOWDOWN and side.pots[1].winners == (1,)
    refund = settle_pots(committed, folded, keys, 0, Excess.REFUND)
    assert refund.pots[1].kind is PotKind.REFUNDED and refund.pots[1].refunded
    assert refund.pots[1].contributions == (0, 100, 100, 50)
    assert refund.payouts == (200, 100, 100, 50)
    # A band whose eligible seats include a best hand is decided normally even under REFUND.
    assert settle_pots([50, 150, 150], [False] * 3, [9, 9, 2], 0, Excess.REFUND).pots[1].winners == (1,)


def test_switch_fee_bps() -> None:
    split = settle_pots([30, 30, 30], [False] * 3, [1, 9, 0], 0, fee_bps=500)
    assert split.fees == (0, 3, 0) and split.fee == 3  # floor(60 × 500 / 10000)
    assert split.nets == (-30, 57, -30) and sum(split.nets) + split.fee == 0
    result = settle_round(
        RoundRecord.of(
            [500] * 3,
            10,
            0,
            [(0, "RAISE", 33), (1, "CALL"), (2, "FOLD")],
            ["2S3S5D", "9S9H9D", None],
            {"fee_bps": 1000},
        )
    )
    assert result.nets == (-33, 43 - 4, -10) and result.fee == 4


def test_bands_formula() -> None:
    split = settle_pots([50, 150, 30, 150], [False, False, True, False], [1, 2, None, 3], 0)
    assert [(p.lo, p.hi, p.amount, p.eligible, p.contributions) for p in split.pots] == [
        (0, 50, 50 + 50 + 30 + 50, (0, 1, 3), (50, 50, 30, 50)),
        (50, 150, 200, (1, 3), (0, 100, 0, 100)),
    ]


@pytest.mark.parametrize(
    ("committed", "folded", "keys", "first", "field"),
    [
        ([10, -1], [False, False], [1, 2], 0, "committed[1]"),
        ([10, 10], [True, True], [None, None], 0, "folded"),
        ([10, 50], [False, True], [1, None], 0, "committed[1]"),
        ([10, 10], [False, False], [1, None], 0, "keys[1]"),
        ([10, 10], [False, False], [1, 2], 2, "first_actor"),
        ([10, 10], [False], [1, 2], 0, "keys"),
    ],
)
def test_settle_pots_bad_input(
    committed: list[int], folded: list[bool], keys: list[int | None], first: int, field: str
) -> None:
    with pytest.raises(InvalidInput) as error:
        settle_pots(committed, folded, keys, first)
    assert error.value.violations[0].field == field


# --- differential: pokerkit's pot machinery on the same multi-way all-in rounds -----------------------------------
_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
)


def _one_round(rng: random.Random) -> None:
    n = rng.randint(2, 6)
    ante = rng.choice([1, 5, 10])
    stacks = [ante + rng.choice([0, rng.randint(1, 40), rng.randint(1, 400)]) for _ in range(n)]
    pk = NoLimitTexasHoldem.create_state(_AUTOMATIONS, False, ante, (0,) * n, ante, tuple(stacks), n)
    first = pk.actor_index if pk.actor_index is not None else 0
    ours = start_betting(stacks, ante, first, HouseRules())
    while pk.actor_index is not None:
        seat = pk.actor_index
        assert ours.to_act == seat  # same turn order
        mine = ours.seats[seat]
        choice = rng.random()
        action: Action
        if choice < 0.25 and pk.can_fold():
            pk.fold()
            action = Action(seat, ActionKind.FOLD)
        else:
            action = Action(seat, ActionKind.CHECK)
            if choice < 0.75 and pk.can_complete_bet_or_raise_to():
                total = ante + pk.max_completion_betting_or_raising_to_amount  # type: ignore[operator]
                kind = ActionKind.ALL_IN if total == mine.committed + mine.stack else ActionKind.RAISE
                candidate = Action(seat, kind, total if kind is ActionKind.RAISE else 0)
                if judge(ours, candidate) is Reason.OK:
                    pk.complete_bet_or_raise_to(total - ante)
                    action = candidate
            if action.kind is ActionKind.CHECK:
                to_call = ours.current_bet - mine.committed
                pk.check_or_call()
                if to_call:
                    action = Action(seat, ActionKind.CALL if mine.stack >= to_call else ActionKind.ALL_IN)
        result = apply(ours, action)
        assert result.state is not None, (action, result.reason)
        ours = result.state
    if not ours.closed:  # pokerkit ends a round when no one is left to bet against; our rules let that seat act
        assert ours.to_act is not None
        checked = apply(ours, Action(ours.to_act, ActionKind.CHECK)).state
        assert checked is not None
        ours = checked
    assert ours.closed
    live = ours.unfolded
    keys = [rng.randint(0, 5) if i in live else None for i in range(n)]
    split = settle_pots(ours.committed, ours.folded, keys, first)
    assert sum(p.amount for p in split.pots) == sum(ours.committed)
    if len(live) == 1:
        assert [p.kind for p in split.pots] == [PotKind.UNCONTESTED] and split.pots[0].winners == live
        return
    theirs = [(p.amount, tuple(sorted(p.player_indices))) for p in pk.pots]
    contested = [(p.amount, p.eligible) for p in split.pots if len(p.eligible) > 1]
    assert contested == [t for t in theirs if len(t[1]) > 1]
    # Our single-eligible top band = pokerkit's single-player pots + the uncalled bet it handed back.
    single = [p for p in split.pots if len(p.eligible) == 1]
    top = max(live, key=lambda i: ours.committed[i])
    handed_back = ours.committed[top] - (stacks[top] - pk.stacks[top])
    assert sum(p.amount for p in single) == sum(a for a, s in theirs if len(s) == 1) + handed_back
    assert all(p.eligible == (top,) for p in single)


def test_differential_against_pokerkit_pots() -> None:
    rng = random.Random(20240611)
    for _ in range(400):
        _one_round(rng)
