"""The Liêng pot split stated plainly, one band and one seat at a time (docs/rules/lieng.md §3): the reference the
shipped, tuned ``cardrules.core.lieng.settle_pots`` is checked against (tests/core/lieng/test_pots_reference.py).

It follows the numbered rules of :mod:`cardrules.core.lieng.pots`' docstring in their order; it is not shipped, and
it trusts its input (the shipped function refuses inconsistent input before it splits anything).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.core.fees import house_fees
from cardrules.core.lieng import Excess, Pot, PotKind, Settlement, Transfer, TransferReason

__all__ = ["settle_pots_reference"]


def _bands(committed: Sequence[int], folded: Sequence[bool]) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
    """Rule 1: one band (lo, hi] per distinct level of the unfolded seats, lowest first, with what each seat paid
    into it (clamp(committed − lo, 0, hi − lo), folded seats too) and its eligible seats (unfolded, committed ≥ hi)."""
    live = [i for i in range(len(committed)) if not folded[i]]
    out = []
    lo = 0
    for hi in sorted({committed[i] for i in live}):
        paid = tuple([min(c, hi) - lo if c > lo else 0 for c in committed])
        out.append((lo, hi, paid, tuple([i for i in live if committed[i] >= hi])))
        lo = hi
    return out


def settle_pots_reference(
    committed: Sequence[int],
    folded: Sequence[bool],
    keys: Sequence[int | None],
    first_actor: int,
    excess: Excess = Excess.SIDE_POTS,
    fee_bps: int = 0,
) -> Settlement:
    """What :func:`~cardrules.core.lieng.settle_pots` answers for consistent input (this one does not check it)."""
    n = len(committed)
    play_order = [(first_actor + k) % n for k in range(n)]
    live = [i for i in range(n) if not folded[i]]
    best = max(keys[i] for i in live) if len(live) > 1 else None  # type: ignore[type-var]
    payouts = [0] * n
    pots: list[Pot] = []
    transfers: list[Transfer] = []
    for lo, hi, contributions, eligible in _bands(committed, folded):
        index = len(pots)
        amount = sum(contributions)
        if len(eligible) == 1:  # rule 2: uncalled excess, or a fold-out
            (winner,) = eligible
            payouts[winner] += amount
            for seat in play_order:
                if seat != winner and contributions[seat]:
                    transfers.append(Transfer(seat, winner, contributions[seat], TransferReason.UNCONTESTED_POT, index))
            pots.append(Pot(lo, hi, amount, eligible, contributions, PotKind.UNCONTESTED, eligible, (amount,)))
            continue
        top = max(keys[i] for i in eligible)  # type: ignore[type-var]
        if excess is Excess.REFUND and top != best:  # rule 4
            payouts = [p + c for p, c in zip(payouts, contributions, strict=True)]
            pots.append(Pot(lo, hi, amount, eligible, contributions, PotKind.REFUNDED, (), ()))
            continue
        # Rule 3: equal shares, the odd chips one at a time to the tied winners in play order; every other payer's
        # contribution fills the winners' gains (share − own contribution) in play order.
        tied = [i for i in play_order if i in eligible and keys[i] == top]
        share, odd = divmod(amount, len(tied))
        share_of = {seat: share + 1 if k < odd else share for k, seat in enumerate(tied)}
        for seat, mine in share_of.items():
            payouts[seat] += mine
        gains = [[seat, share_of[seat] - contributions[seat]] for seat in tied]
        for seat in play_order:
            left = contributions[seat]
            if seat in share_of or not left:
                continue
            for gain in gains:
                moved = min(left, gain[1])
                if moved:
                    transfers.append(Transfer(seat, gain[0], moved, TransferReason.POT_WIN, index))
                    gain[1] -= moved
                    left -= moved
        winners = tuple(sorted(share_of))
        shares = tuple(share_of[s] for s in winners)
        pots.append(Pot(lo, hi, amount, eligible, contributions, PotKind.SHOWDOWN, winners, shares))
    paid_in = tuple(committed)
    gross = [p - c for p, c in zip(payouts, paid_in, strict=True)]
    fees = house_fees(gross, fee_bps)
    nets = tuple([g - f for g, f in zip(gross, fees, strict=True)])
    return Settlement(tuple(pots), tuple(transfers), paid_in, tuple(payouts), fees, sum(fees), nets)
