"""Settlement of a finished hand (rules §6): exactly one outcome, itemised transfers, nets and the fee."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.fees import house_fees
from cardrules.core.sam.combination import TWO
from cardrules.core.sam.deal import InstantWin
from cardrules.core.sam.events import Chop, HandEnd
from cardrules.core.sam.house_rules import ChopChain, HouseRules, InstantWinKind, SamFailPayTo, ThoiTwo
from cardrules.core.sam.state import HAND_SIZE, TableState


@enum.unique
class Outcome(enum.Enum):
    """The one settlement rule that applies (the first that fits, in this order)."""

    INSTANT_WIN = "INSTANT_WIN"
    """A. Tới trắng (instant win) at the deal."""
    SAM_WON = "SAM_WON"
    """B. The Sâm declarer (báo Sâm) emptied the hand."""
    SAM_BLOCKED = "SAM_BLOCKED"
    """C. Another seat beat the declarer (chặn Sâm)."""
    SAM_FAILED_STUCK = "SAM_FAILED_STUCK"
    """C'. The declarer was a stuck leader: the Sâm fails with no blocker (rules §4.6)."""
    FINISHED_ON_TWO = "FINISHED_ON_TWO"
    """D. The winner went out with a play containing a 2 (PENALTY mode)."""
    BAO_MOT_PENALTY = "BAO_MOT_PENALTY"
    """E. The one-card seat went out on a báo-1 violator's single."""
    NORMAL = "NORMAL"
    """F. Each loser pays the winner (cards left, cóng, thối 2)."""


@enum.unique
class TransferReason(enum.StrEnum):
    """Why one transfer is paid (the string is the stable wire value)."""

    INSTANT_WIN = "INSTANT_WIN"
    """A loser pays the instant winner ``instant_win_multiplier``·s."""
    SAM_WON = "SAM_WON"
    """An opponent pays the successful declarer ``sam_multiplier``·s."""
    SAM_BLOCKED = "SAM_BLOCKED"
    """The blocked declarer pays the blocker (or, under EACH, every other seat)."""
    SAM_FAILED_STUCK = "SAM_FAILED_STUCK"
    """The stuck declarer pays each opponent ``sam_multiplier``·s."""
    FINISHED_ON_TWO = "FINISHED_ON_TWO"
    """The finisher on a 2 pays a seat (cards that seat played)·s."""
    BAO_MOT_PENALTY = "BAO_MOT_PENALTY"
    """The báo-1 violator pays the winner all losers' cards left·s."""
    CARDS_LEFT = "CARDS_LEFT"
    """A loser pays (cards left)·s."""
    CONG = "CONG"
    """A loser who played no card (cóng) pays ``cong_multiplier``·s."""
    THOI_TWO = "THOI_TWO"
    """FLAT: a loser holding only 2s (thối 2) pays ``thoi_two_multiplier``·s."""
    THOI_TWO_PER_CARD = "THOI_TWO_PER_CARD"
    """PER_TWO: a loser pays ``thoi_two_per_card``·s for each 2 held (on top of CARDS_LEFT)."""
    CHOP = "CHOP"
    """The owner of a chopped combination pays the chopper (chặt)."""


_END_OUTCOME = {
    HandEnd.SAM_WON: Outcome.SAM_WON,
    HandEnd.SAM_BLOCKED: Outcome.SAM_BLOCKED,
    HandEnd.SAM_FAILED_STUCK: Outcome.SAM_FAILED_STUCK,
    HandEnd.FINISHED_ON_TWO: Outcome.FINISHED_ON_TWO,
    HandEnd.BAO_MOT_PENALTY: Outcome.BAO_MOT_PENALTY,
    HandEnd.FINISHED: Outcome.NORMAL,
}


class Transfer(NamedTuple):
    """``from_seat`` pays ``to_seat`` ``amount`` (> 0, in the smallest money unit) for ``reason``."""

    from_seat: int
    to_seat: int
    amount: int
    reason: TransferReason


class Settlement(NamedTuple):
    """Who pays whom for one hand.

    ``gross[i]`` = received − paid by seat i; ``fees[i]`` = floor(max(gross, 0)·fee_bps/10000);
    ``nets[i]`` = gross − fee; ``fee`` = the sum of ``fees``. Transfers with amount 0 are left out.
    ``sum(nets) == -fee`` always.
    """

    outcome: Outcome
    winner: int | None
    instant_win: InstantWinKind | None
    transfers: tuple[Transfer, ...]
    gross: tuple[int, ...]
    fees: tuple[int, ...]
    nets: tuple[int, ...]
    fee: int


def check_stake(stake: object, field: str = "stake") -> int:
    """The stake must be an integer > 0."""
    if not isinstance(stake, int) or isinstance(stake, bool) or stake <= 0:
        raise InvalidInput.one(field, ErrorReason.OUT_OF_RANGE, f"stake must be an integer > 0, got {stake!r}")
    return stake


# Members read once: reading ``Outcome.X`` off its class takes EnumType's slow ``__getattr__`` hook in CPython
# 3.11 (~10x a global read), and a settlement tests several.
_SAM_WON = Outcome.SAM_WON
_SAM_BLOCKED = Outcome.SAM_BLOCKED
_SAM_FAILED_STUCK = Outcome.SAM_FAILED_STUCK
_FINISHED_ON_TWO = Outcome.FINISHED_ON_TWO
_BAO_MOT_PENALTY = Outcome.BAO_MOT_PENALTY
_CARDS_LEFT = TransferReason.CARDS_LEFT
_CONG = TransferReason.CONG
_THOI_TWO = TransferReason.THOI_TWO
_THOI_TWO_PER_CARD = TransferReason.THOI_TWO_PER_CARD
_CHOP = TransferReason.CHOP
_FLAT = ThoiTwo.FLAT
_EACH = ChopChain.EACH
_DOUBLE = ChopChain.DOUBLE


def settle(result: TableState | InstantWin, stake: int, chop_chains: Iterable[Sequence[Chop]] = ()) -> Settlement:
    """Settle a hand: an :class:`InstantWin`, or a final (ended) :class:`TableState` and the chop chains of the
    hand (one tuple of chops per trick that had chops, in order). Losers' hands must be known when thối 2
    needs them (``state.seats[i].hand``)."""
    check_stake(stake)
    if isinstance(result, InstantWin):
        pay = result.house_rules.instant_win_multiplier * stake
        instant = [
            Transfer(seat, result.winner, pay, TransferReason.INSTANT_WIN)
            for seat in range(result.seat_count)
            if seat != result.winner
        ]
        return _finish(Outcome.INSTANT_WIN, result.winner, result.kind, instant, result.seat_count, result.house_rules)

    state = result
    if state.ended is None:
        raise InvalidInput.one("state.ended", ErrorReason.ROUND_NOT_OVER, "only an ended hand can be settled")
    rules = state.house_rules
    n = len(state.seats)
    outcome = _END_OUTCOME[state.ended]
    winner = state.winner
    others = [seat for seat in range(n) if seat != winner]
    transfers: list[Transfer] = []
    sam = rules.sam_multiplier * stake
    if outcome is _SAM_WON:
        assert winner is not None
        transfers = [Transfer(seat, winner, sam, TransferReason.SAM_WON) for seat in others]
    elif outcome is _SAM_BLOCKED:
        assert winner is not None and state.declarer is not None
        declarer = state.declarer
        if rules.sam_fail_pay_to is SamFailPayTo.BLOCKER:
            transfers = [Transfer(declarer, winner, sam * (n - 1), TransferReason.SAM_BLOCKED)]
        else:
            transfers = [
                Transfer(declarer, seat, sam, TransferReason.SAM_BLOCKED) for seat in range(n) if seat != declarer
            ]
    elif outcome is _SAM_FAILED_STUCK:
        assert state.declarer is not None
        declarer = state.declarer
        transfers = [
            Transfer(declarer, seat, sam, TransferReason.SAM_FAILED_STUCK) for seat in range(n) if seat != declarer
        ]
    else:
        assert winner is not None
        seats = state.seats
        if outcome is _FINISHED_ON_TWO:
            transfers = [
                Transfer(winner, seat, (HAND_SIZE - seats[seat].count) * stake, TransferReason.FINISHED_ON_TWO)
                for seat in others
            ]
        elif outcome is _BAO_MOT_PENALTY:
            violator = state.bao_mot_violator
            assert violator is not None
            total = sum(seats[seat].count for seat in others) * stake
            transfers = [Transfer(violator, winner, total, TransferReason.BAO_MOT_PENALTY)]
        else:
            transfers = _normal(state, winner, others, stake)
        transfers += _chops(chop_chains, rules, stake)
    return _finish(outcome, winner, None, transfers, n, rules)


def _normal(state: TableState, winner: int, others: list[int], stake: int) -> list[Transfer]:
    rules = state.house_rules
    flat = rules.thoi_two is _FLAT
    seats = state.seats
    out: list[Transfer] = []
    for seat in others:
        count = seats[seat].count
        if count == HAND_SIZE:
            out.append(Transfer(seat, winner, rules.cong_multiplier * stake, _CONG))
        elif flat:
            # Only a seat of at most four cards can hold nothing but 2s: the 2s of a bigger one are not counted
            # (_twos would answer 0 for such a seat without a known hand; with one, never its count).
            if count <= 4 and _twos(state, seat) == count:
                out.append(Transfer(seat, winner, rules.thoi_two_multiplier * stake, _THOI_TWO))
            else:
                out.append(Transfer(seat, winner, count * stake, _CARDS_LEFT))
        else:
            twos = _twos(state, seat)
            out.append(Transfer(seat, winner, count * stake, _CARDS_LEFT))
            out.append(Transfer(seat, winner, twos * rules.thoi_two_per_card * stake, _THOI_TWO_PER_CARD))
    return out


def _twos(state: TableState, seat: int) -> int:
    held = state.seats[seat]
    if held.hand is None:
        if state.house_rules.thoi_two is ThoiTwo.FLAT and held.count > 4:
            return 0  # cannot be all 2s; the exact number does not matter under FLAT
        raise InvalidInput.one(
            f"state.seats[{seat}].hand",
            ErrorReason.HAND_REQUIRED,
            "a loser's hand must be known to count its 2s (thối 2)",
        )
    return sum(1 for c in held.hand if c >> 2 == TWO)


def _chops(chains: Iterable[Sequence[Chop]], rules: HouseRules, stake: int) -> list[Transfer]:
    out: list[Transfer] = []
    base = rules.chop_penalty * stake
    for chain in chains:
        if not chain:
            continue
        if rules.chop_chain is _EACH:
            out += [Transfer(c.chopped, c.chopper, base, _CHOP) for c in chain]
        elif rules.chop_chain is _DOUBLE:
            out += [Transfer(c.chopped, c.chopper, base << (c.position - 1), _CHOP) for c in chain]
        else:
            last = chain[-1]
            out.append(Transfer(last.chopped, last.chopper, base << (last.position - 1), _CHOP))
    return out


def _finish(
    outcome: Outcome,
    winner: int | None,
    instant: InstantWinKind | None,
    transfers: list[Transfer],
    n: int,
    rules: HouseRules,
) -> Settlement:
    kept = tuple([t for t in transfers if t.amount > 0])
    gross = [0] * n
    for t in kept:
        gross[t.from_seat] -= t.amount
        gross[t.to_seat] += t.amount
    fees = house_fees(gross, rules.fee_bps)
    nets = tuple([g - f for g, f in zip(gross, fees, strict=True)])
    return Settlement(outcome, winner, instant, kept, tuple(gross), fees, nets, sum(fees))
