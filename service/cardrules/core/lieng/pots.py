"""Showdown and pots (docs/rules/lieng.md §3): bands, side pots, uncalled excess, odd chips, REFUND, fee, transfers.

:func:`settle_pots` works on plain numbers — what each seat committed, who folded, and each live seat's hand
``sort_key`` (see :mod:`.hand_score`). It follows the rules below one band and one seat at a time: a tuned form
bought about 5 % of a SettleRound call, less than a second copy of the rules costs.

1. **Bands.** Levels are the distinct ``committed`` amounts of unfolded seats, ascending. Band (lo, hi] holds
   Σ over all seats (folded too) of clamp(committed − lo, 0, hi − lo). Its eligible seats are the unfolded
   seats with committed ≥ hi.
2. **UNCONTESTED** band (one eligible seat): it goes to that seat — its own uncalled excess, plus any chips
   folded seats put into that band. A fold-out is one such band.
3. **SHOWDOWN** band (two or more eligible): the best ``sort_key`` among the eligible wins; ties split equally,
   the odd chips one at a time to the tied winners in play order starting from the first actor.
4. With ``excess = REFUND``, a SHOWDOWN band whose eligible seats do not include a holder of the best hand
   among all unfolded seats is **REFUNDED**: every seat gets back exactly what it paid into it (that is the
   proportional return with integer chips). REFUND never applies to an UNCONTESTED band (rule 2 wins).
5. **Fee.** Each seat with a positive net (payout − committed) pays floor(net × fee_bps / 10000) to the house.

**Transfers** itemise every chip that changes hands, per pot, never netted across pots or pairs:

- a winner never pays: each winner contributed exactly the band width, which is at most its share;
- in a SHOWDOWN pot every non-winner who paid into it pays its whole contribution, and those payments fill
  the winners' gains (share − own contribution) greedily: payers in play order from the first actor, winners
  in play order from the first actor (the first payer fills the first winner's gain, then the next winner's…).
  Reason ``"POT_WIN"``;
- in an UNCONTESTED pot each other contributor pays its contribution to the sole eligible seat. Reason
  ``"UNCONTESTED_POT"`` (a fold-out, or folded chips in an uncalled band);
- a REFUNDED pot and a seat's own chips coming back move nothing, so they have no transfer.
- the fee is not a transfer: it is in ``fees`` (per seat) and ``fee`` (total).

So Σ over transfers of (amount to a seat − amount from it) = payout − committed for every seat, and
``sum(nets) + fee == 0``.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput
from cardrules.core.fees import fee_bps_problem, house_fees
from cardrules.core.lieng.house_rules import Excess

__all__ = ["Pot", "PotKind", "Settlement", "Transfer", "TransferReason", "settle_pots"]


@enum.unique
class PotKind(enum.Enum):
    """How a pot (band) was decided."""

    SHOWDOWN = "SHOWDOWN"
    """Two or more eligible seats: the best hand among them wins (ties split)."""
    UNCONTESTED = "UNCONTESTED"
    """One eligible seat: the band goes to it (uncalled excess, fold-out)."""
    REFUNDED = "REFUNDED"
    """``excess = REFUND`` and no eligible seat holds the best hand overall: every payer gets its chips back."""


@enum.unique
class TransferReason(enum.StrEnum):
    """Why one transfer is paid (the string is the stable wire value), as in Sâm's settlement."""

    POT_WIN = "POT_WIN"
    """A loser (or a folded seat) pays a winner of a SHOWDOWN pot."""
    UNCONTESTED_POT = "UNCONTESTED_POT"
    """A folded seat's chips go to the only eligible seat of an UNCONTESTED pot (fold-out, uncalled band)."""


class Pot(NamedTuple):
    """One band (lo, hi] of the pot (its index in ``Settlement.pots`` is what ``Transfer.pot`` names).

    ``contributions`` is per seat (what each seat paid into this band); ``eligible`` and ``winners`` are seat
    indices ascending; ``shares[k]`` is what ``winners[k]`` receives (winners is empty for a REFUNDED pot,
    whose ``contributions`` go back to their payers).
    """

    lo: int
    hi: int
    amount: int
    eligible: tuple[int, ...]
    contributions: tuple[int, ...]
    kind: PotKind
    winners: tuple[int, ...]
    shares: tuple[int, ...]

    @property
    def refunded(self) -> bool:
        return self.kind is PotKind.REFUNDED


class Transfer(NamedTuple):
    """``amount`` chips from ``from_seat`` to ``to_seat``, because of pot ``pot`` (its index), for ``reason``."""

    from_seat: int
    to_seat: int
    amount: int
    reason: TransferReason
    pot: int


class Settlement(NamedTuple):
    """Who gets what.

    - ``pots``: every band, lowest first; ``transfers``: every chip that changes hands (see module doc).
    - ``committed``: what each seat put in; ``payouts``: what each seat takes back from the pots.
    - ``fees``: what each seat pays the house; ``fee``: their sum.
    - ``nets``: payout − committed − fee per seat. ``sum(nets) + fee == 0``.
    """

    pots: tuple[Pot, ...]
    transfers: tuple[Transfer, ...]
    committed: tuple[int, ...]
    payouts: tuple[int, ...]
    fees: tuple[int, ...]
    fee: int
    nets: tuple[int, ...]


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


def settle_pots(
    committed: Sequence[int],
    folded: Sequence[bool],
    keys: Sequence[int | None],
    first_actor: int,
    excess: Excess = Excess.SIDE_POTS,
    fee_bps: int = 0,
) -> Settlement:
    """Split the pot. ``keys[i]`` is seat i's hand ``sort_key`` (higher wins); it may be ``None`` for a folded
    seat, and for every seat when only one is unfolded (a fold-out shows no cards).

    Raises :class:`InvalidInput` for inconsistent input (``committed``, ``folded``, ``keys``, ``first_actor``,
    ``fee_bps``): lengths, negative chips, nobody unfolded, a folded seat above every unfolded one, or a missing
    key of a seat that shows down.
    """
    _validate(committed, folded, keys, first_actor, fee_bps)
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


def _validate(
    committed: Sequence[int],
    folded: Sequence[bool],
    keys: Sequence[int | None],
    first_actor: int,
    fee_bps: int,
) -> None:
    """Raise :class:`InvalidInput` with every violation of the pot input; return when it is consistent."""
    n = len(committed)
    problems: list[FieldViolation] = []
    if n < 2:
        raise InvalidInput.one("committed", ErrorReason.WRONG_SEAT_COUNT, f"a showdown needs at least 2 seats, got {n}")
    if len(folded) != n or len(keys) != n:
        raise InvalidInput.one(
            "keys", ErrorReason.CONFLICTING_VALUES, "committed, folded and keys need one entry per seat"
        )
    for i, c in enumerate(committed):
        if type(c) is not int or c < 0:
            problems.append(
                FieldViolation(f"committed[{i}]", ErrorReason.OUT_OF_RANGE, f"committed is an integer ≥ 0: {c!r}")
            )
    if type(first_actor) is not int or not 0 <= first_actor < n:
        problems.append(
            FieldViolation("first_actor", ErrorReason.SEAT_OUT_OF_RANGE, f"first_actor must be a seat 0..{n - 1}")
        )
    fee_problem = fee_bps_problem(fee_bps)
    if fee_problem is not None:
        problems.append(FieldViolation("fee_bps", ErrorReason.OUT_OF_RANGE, fee_problem))
    if problems:
        raise InvalidInput(*problems)
    live = [i for i in range(n) if not folded[i]]
    if not live:
        raise InvalidInput.one("folded", ErrorReason.IMPOSSIBLE_STATE, "at least one seat is unfolded")
    top = max(committed[i] for i in live)
    for i in range(n):
        if folded[i] and committed[i] > top:
            problems.append(
                FieldViolation(
                    f"committed[{i}]", ErrorReason.IMPOSSIBLE_STATE, "a folded seat cannot have out-bet every live seat"
                )
            )
        elif not folded[i] and len(live) > 1 and type(keys[i]) is not int:
            problems.append(
                FieldViolation(f"keys[{i}]", ErrorReason.HAND_REQUIRED, f"seat {i} shows down: its hand key is needed")
            )
    if problems:
        raise InvalidInput(*problems)
