"""Showdown and pots (docs/rules/lieng.md §3): bands, side pots, uncalled excess, odd chips, REFUND, fee, transfers.

:func:`settle_pots` works on plain numbers — what each seat committed, who folded, and each live seat's hand
``sort_key`` (see :mod:`.hand_score`). It is the hot path of a Liêng SettleRound, so it is tuned (seats as bit
masks, the eligible seats of a band as a suffix of the live seats sorted by commitment, the common one- and two-winner
pots inline); the same rules one band and one seat at a time are ``tests/support/pots_reference.py``, and
``tests/core/lieng/test_pots_reference.py`` checks on random input that the two give the same settlement. The
tuned form earns its place by the 10 % rule (tests/benchmarks/README.md, "What the rules core keeps").

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
from collections.abc import Callable, Sequence
from functools import cache
from operator import add as _add
from typing import NamedTuple, NoReturn

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
    # Cheap whole-input checks first; the detailed violations only from _refuse when one of them fails.
    n = len(committed)
    paid_in = tuple(committed)
    if (
        n < 2
        or len(folded) != n
        or len(keys) != n
        or type(first_actor) is not int
        or not 0 <= first_actor < n
        or fee_bps_problem(fee_bps) is not None
        or not _INT.issuperset(map(type, paid_in))
        or min(paid_in) < 0
    ):
        _refuse(committed, folded, keys, first_actor, fee_bps)  # raises with the details
    in_play = _in_play(n)[first_actor]
    order = in_play.order
    # Seats as bits: a band's eligible seats (ascending: seats_in) and its payers (in play order: in_play) are
    # shared tuples looked up by mask. folded_mask: the folded seats that still pay into the current band.
    if any(folded):
        live = [i for i in order if not folded[i]]
        if not live:
            _refuse(committed, folded, keys, first_actor, fee_bps)
        eligible_mask = sum(map(_bit_of, live))
        folded_paid = [i for i in order if folded[i] and paid_in[i]]
        folded_mask = sum(map(_bit_of, folded_paid))
    else:  # nobody folded (the common case): every seat is live
        live = list(order)
        eligible_mask = (1 << n) - 1
        folded_paid = []
        folded_mask = 0
    live.sort(key=paid_in.__getitem__)  # stable: equal amounts stay in play order
    count = len(live)
    if paid_in[live[-1]] < max(paid_in):
        _refuse(committed, folded, keys, first_actor, fee_bps)
    # A band's eligible seats are a suffix of `live`, so their keys are the same suffix of `live_keys`: the best
    # hand of a band is a C-level max/count/index on a slice instead of a Python loop.
    live_keys: list[int] = []
    if count > 1:
        live_keys = [keys[i] for i in live]  # type: ignore[misc]
        if not _INT.issuperset(map(type, live_keys)):
            _refuse(committed, folded, keys, first_actor, fee_bps)
    refund = excess is Excess.REFUND
    best = max(live_keys) if refund and count > 1 else 0

    seats_in = _SEATS_IN
    payouts = [0] * n
    pots: list[Pot] = []
    transfers: list[Transfer] = []
    append = transfers.append
    lo = 0
    index = 0
    k = 0
    while k < count:  # one band per distinct live level, lowest first; live[start:] are its eligible seats
        start = k
        seat = live[k]
        hi = paid_in[seat]
        leaving = 1 << seat  # the live seats whose commitment ends at hi: not eligible above this band
        k += 1
        while k < count and paid_in[live[k]] == hi:
            leaving |= 1 << live[k]
            k += 1
        width = hi - lo  # 0 only for a band (0, 0], which has no payers
        if folded_mask:  # folded seats pay into this band too
            contributions = tuple([width if c >= hi else c - lo if c > lo else 0 for c in paid_in])
            amount = sum(contributions)
            payers = eligible_mask | folded_mask if width else 0
        else:  # only the eligible seats pay (width each); every other seat committed at most lo
            contributions = tuple([width if c >= hi else 0 for c in paid_in])
            amount = width * (count - start)
            payers = eligible_mask if width else 0
        eligible = seats_in[eligible_mask]
        if start == count - 1:  # the top band with one eligible seat: uncalled excess, or a fold-out
            payouts[seat] += amount
            for payer in in_play[payers & ~(1 << seat)]:
                append(Transfer(payer, seat, contributions[payer], _UNCONTESTED_POT, index))
            pots.append(Pot(lo, hi, amount, eligible, contributions, _UNCONTESTED, eligible, (amount,)))
            break
        band_keys = live_keys[start:]
        top = max(band_keys)
        if refund and top != best:
            payouts = list(map(_add, payouts, contributions))
            pots.append(Pot(lo, hi, amount, eligible, contributions, _REFUNDED, (), ()))
        elif (ties := band_keys.count(top)) == 1:  # one winner (the common case): every other payer pays it
            winner = live[start + band_keys.index(top)]
            payouts[winner] += amount
            for payer in in_play[payers & ~(1 << winner)]:
                append(Transfer(payer, winner, contributions[payer], _POT_WIN, index))
            pots.append(Pot(lo, hi, amount, eligible, contributions, _SHOWDOWN, seats_in[1 << winner], (amount,)))
        elif ties == 2:  # two tied winners (most ties): split inline, odd chip to the first in play
            i = band_keys.index(top)
            first = live[start + i]
            second = live[start + band_keys.index(top, i + 1)]
            if (first - first_actor) % n > (second - first_actor) % n:
                first, second = second, first
            share, odd = divmod(amount, 2)
            payouts[first] += share + odd
            payouts[second] += share
            gain = share + odd - width  # what the first winner still gets from the other payers; the rest: second
            for payer in in_play[payers & ~(1 << first | 1 << second)]:
                paid = contributions[payer]
                if gain:
                    if paid <= gain:
                        append(Transfer(payer, first, paid, _POT_WIN, index))
                        gain -= paid
                        continue
                    append(Transfer(payer, first, gain, _POT_WIN, index))
                    paid -= gain
                    gain = 0
                append(Transfer(payer, second, paid, _POT_WIN, index))
            winners = seats_in[1 << first | 1 << second]
            if not odd:
                shares: tuple[int, ...] = (share, share)
            elif first < second:
                shares = (share + 1, share)
            else:
                shares = (share, share + 1)
            pots.append(Pot(lo, hi, amount, eligible, contributions, _SHOWDOWN, winners, shares))
        else:
            tied = [s for s, key in zip(live[start:], band_keys, strict=True) if key == top]
            winners, shares = _split_tie(tied, order, contributions, amount, width, index, payouts, append)
            pots.append(Pot(lo, hi, amount, eligible, contributions, _SHOWDOWN, winners, shares))
        eligible_mask ^= leaving
        if folded_mask:
            folded_paid = [i for i in folded_paid if paid_in[i] > hi]
            folded_mask = sum(map(_bit_of, folded_paid))
        lo = hi
        index += 1

    gross = [p - c for p, c in zip(payouts, paid_in, strict=True)]
    fees = house_fees(gross, fee_bps)
    nets = tuple([g - f for g, f in zip(gross, fees, strict=True)])
    return Settlement(tuple(pots), tuple(transfers), paid_in, tuple(payouts), fees, sum(fees), nets)


def _split_tie(
    tied: list[int],
    order: tuple[int, ...],
    contributions: tuple[int, ...],
    amount: int,
    width: int,
    index: int,
    payouts: list[int],
    append: Callable[[Transfer], None],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Equal shares, odd chips in play order from the first actor; losers fill the winners' gains in order.

    Returns (winners, shares), seats ascending. Each winner paid exactly ``width`` into the band, so its gain is
    its share − width; the gains add up to what the other payers put in, so the greedy fill ends exactly.
    """
    tied.sort(key=order.index)  # play order from the first actor
    ties = len(tied)
    share, odd = divmod(amount, ties)
    shares_played = [share + 1] * odd + [share] * (ties - odd)
    for winner, mine in zip(tied, shares_played, strict=True):
        payouts[winner] += mine
    w = 0
    winner = tied[0]
    gain = shares_played[0] - width
    for payer in order:
        paid = contributions[payer]
        if not paid or payer in tied:
            continue
        while paid:
            while not gain:  # this winner is filled: the next one in play order
                w += 1
                winner = tied[w]
                gain = shares_played[w] - width
            moved = paid if paid < gain else gain
            append(Transfer(payer, winner, moved, _POT_WIN, index))
            gain -= moved
            paid -= moved
    winners = tuple(sorted(tied))
    if not odd:
        return winners, (share,) * ties
    return winners, tuple([shares_played[tied.index(seat)] for seat in winners])


_INT = frozenset({int})
_bit_of = (1).__lshift__  # _bit_of(seat) == 1 << seat, callable from map()
_POT_WIN = TransferReason.POT_WIN
_UNCONTESTED_POT = TransferReason.UNCONTESTED_POT
_SHOWDOWN = PotKind.SHOWDOWN
_UNCONTESTED = PotKind.UNCONTESTED
_REFUNDED = PotKind.REFUNDED


class _SeatsIn(dict[int, tuple[int, ...]]):
    """``_SEATS_IN[mask]``: the seats whose bits are set in ``mask``, ascending — one shared tuple per mask, so a
    pot's ``eligible`` and a single ``winners`` allocate nothing. Only masks of the first 8 seats are kept."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        seats = tuple(seat for seat in range(mask.bit_length()) if mask >> seat & 1)
        if mask < 1 << 8:
            self[mask] = seats
        return seats


_SEATS_IN = _SeatsIn()


class _InPlay(dict[int, tuple[int, ...]]):
    """``_in_play(n)[first_actor][mask]``: the seats whose bits are set in ``mask``, in play order from
    ``first_actor`` (``.order`` is every seat in that order) — one shared tuple per mask; kept up to 8 seats."""

    __slots__ = ("order",)

    def __init__(self, order: tuple[int, ...]) -> None:
        super().__init__()
        self.order = order

    def __missing__(self, mask: int) -> tuple[int, ...]:
        seats = tuple(seat for seat in self.order if mask >> seat & 1)
        if len(self.order) <= 8:
            self[mask] = seats
        return seats


@cache
def _in_play(n: int) -> tuple[_InPlay, ...]:
    """For each first actor of n seats, its :class:`_InPlay` table."""
    return tuple(_InPlay(order) for order in _play_orders(n))


@cache
def _play_orders(n: int) -> tuple[tuple[int, ...], ...]:
    """For each first actor, the seats in play order starting from it."""
    return tuple(tuple((first + k) % n for k in range(n)) for first in range(n))


def _refuse(
    committed: Sequence[int], folded: Sequence[bool], keys: Sequence[int | None], first_actor: int, fee_bps: int
) -> NoReturn:
    """Called only when a fast check of :func:`settle_pots` failed: raise the detailed violations."""
    _validate(committed, folded, keys, first_actor, fee_bps)
    raise InvalidInput.one("committed", ErrorReason.IMPOSSIBLE_STATE, "inconsistent pot input")


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
