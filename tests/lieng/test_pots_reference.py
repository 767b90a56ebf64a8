"""``settle_pots`` (tuned for speed) against a straightforward reference written from docs/rules/lieng.md §3 and the
transfer rules of :mod:`cardrules.core.lieng.pots`: every field of the settlement must be equal."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.core.lieng import Excess, Pot, PotKind, Settlement, Transfer, TransferReason, settle_pots

Inputs = tuple[list[int], list[bool], list[int | None], int, Excess, int]


def reference_settle(
    committed: Sequence[int],
    folded: Sequence[bool],
    keys: Sequence[int | None],
    first_actor: int,
    excess: Excess,
    fee_bps: int,
) -> Settlement:
    """One band at a time, one seat at a time, no shortcuts (valid input only)."""
    n = len(committed)
    play_order = [(first_actor + k) % n for k in range(n)]
    live = [i for i in range(n) if not folded[i]]
    best = max(keys[i] for i in live) if len(live) > 1 else None  # type: ignore[type-var]
    payouts = [0] * n
    pots: list[Pot] = []
    transfers: list[Transfer] = []
    lo = 0
    for hi in sorted({committed[i] for i in live}):
        index = len(pots)
        contributions = tuple(max(0, min(c, hi) - lo) for c in committed)
        amount = sum(contributions)
        eligible = tuple(i for i in live if committed[i] >= hi)
        if len(eligible) == 1:
            (winner,) = eligible
            payouts[winner] += amount
            for seat in play_order:
                if seat != winner and contributions[seat]:
                    transfers.append(Transfer(seat, winner, contributions[seat], TransferReason.UNCONTESTED_POT, index))
            pots.append(Pot(lo, hi, amount, eligible, contributions, PotKind.UNCONTESTED, eligible, (amount,)))
        else:
            top = max(keys[i] for i in eligible)  # type: ignore[type-var]
            if excess is Excess.REFUND and top != best:
                for seat in range(n):
                    payouts[seat] += contributions[seat]
                pots.append(Pot(lo, hi, amount, eligible, contributions, PotKind.REFUNDED, (), ()))
            else:
                tied = [i for i in play_order if i in eligible and keys[i] == top]
                share, odd = divmod(amount, len(tied))
                share_of = {seat: share + 1 if k < odd else share for k, seat in enumerate(tied)}
                for seat, share in share_of.items():
                    payouts[seat] += share
                gains = [[seat, share_of[seat] - contributions[seat]] for seat in tied]
                for seat in play_order:
                    left = 0 if seat in share_of else contributions[seat]
                    for gain in gains:
                        moved = min(left, gain[1])
                        if moved:
                            transfers.append(Transfer(seat, gain[0], moved, TransferReason.POT_WIN, index))
                            gain[1] -= moved
                            left -= moved
                winners = tuple(sorted(share_of))
                shares = tuple(share_of[s] for s in winners)
                pots.append(Pot(lo, hi, amount, eligible, contributions, PotKind.SHOWDOWN, winners, shares))
        lo = hi
    fees = tuple(max(0, p - c) * fee_bps // 10000 for p, c in zip(payouts, committed, strict=True))
    nets = tuple(p - c - f for p, c, f in zip(payouts, committed, fees, strict=True))
    return Settlement(tuple(pots), tuple(transfers), tuple(committed), tuple(payouts), fees, sum(fees), nets)


@st.composite
def pot_inputs(draw: st.DrawFn) -> Inputs:
    n = draw(st.integers(2, 7))
    # Few distinct amounts and keys, so equal levels and tied hands are common.
    committed = [draw(st.sampled_from([0, 1, 7, 10, 50, 51, 150, 400])) for _ in range(n)]
    folded = [draw(st.booleans()) for _ in range(n)]
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    top = max(c for c, f in zip(committed, folded, strict=True) if not f)
    committed = [min(c, top) if f else c for c, f in zip(committed, folded, strict=True)]
    live = [i for i in range(n) if not folded[i]]
    keys: list[int | None] = [
        None if f or (len(live) == 1 and draw(st.booleans())) else draw(st.integers(0, 4)) for f in folded
    ]
    return (
        committed,
        folded,
        keys,
        draw(st.integers(0, n - 1)),
        draw(st.sampled_from(Excess)),
        draw(st.sampled_from([0, 0, 1, 250, 3333, 10000])),
    )


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pot_inputs())
def test_settle_pots_matches_the_reference(data: Inputs) -> None:
    committed, folded, keys, first, excess, fee_bps = data
    expected = reference_settle(committed, folded, keys, first, excess, fee_bps)
    got = settle_pots(committed, folded, keys, first, excess, fee_bps)
    assert got == expected
    # Same types too (NamedTuple equality is tuple equality).
    assert type(got) is Settlement and all(type(p) is Pot for p in got.pots)
    assert all(type(t) is Transfer for t in got.transfers)
    assert [p.kind for p in got.pots] == [p.kind for p in expected.pots]
    # Tuples as inputs give the same result as lists.
    assert settle_pots(tuple(committed), tuple(folded), tuple(keys), first, excess, fee_bps) == expected
