"""The pot split in its readable form, beside the fast :func:`cardrules.core.lieng.pots.settle_pots`.

``settle_pots`` is tuned for speed (it runs on every SettleRound); this is the reference it must agree with, field
for field: ``tests/core/lieng/test_pots_reference.py`` checks that on thousands of random rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.core.lieng.house_rules import Excess
from cardrules.core.lieng.pots import Pot, PotKind, Settlement, Transfer, TransferReason


def settle_pots_reference(
    committed: Sequence[int],
    folded: Sequence[bool],
    keys: Sequence[int | None],
    first_actor: int,
    excess: Excess,
    fee_bps: int,
) -> Settlement:
    """:func:`settle_pots` as the rules state it (docs/rules/lieng.md §3 and the transfer rules of
    :mod:`.pots`): one band at a time, one seat at a time, no shortcuts. Valid input only (it checks nothing)."""
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
