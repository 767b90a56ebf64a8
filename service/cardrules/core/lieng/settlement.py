"""Settling a closed betting round: score the hands that show down and split the pots (docs/rules/lieng.md §3).

:func:`settle_betting` takes the final :class:`BettingState` and the dealt hands and returns a
:class:`RoundResult`. A fold-out needs no cards at all; otherwise every unfolded seat's hand is required.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cardrules.core.cards import Card
from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput
from cardrules.core.lieng.betting import BettingState
from cardrules.core.lieng.hand_score import HandScore, score_hand
from cardrules.core.lieng.pots import Pot, Transfer, settle_pots

__all__ = ["RoundResult", "settle_betting"]


class RoundResult(NamedTuple):
    """The outcome of a round.

    - ``pots``, ``transfers``, ``committed``, ``payouts``, ``fees``, ``fee``, ``nets``: see
      :class:`~cardrules.core.lieng.pots.Settlement` (``sum(nets) + fee == 0``).
    - ``fold_out_winner``: the only unfolded seat when everyone else folded (it showed nothing), else ``None``.
    - ``showdown_seats``: the unfolded seats that showed their hands (empty after a fold-out).
    - ``scores``: per seat, the :class:`HandScore` of a seat that showed down, else ``None``.
    - ``final_state``: the closed betting state.
    """

    pots: tuple[Pot, ...]
    transfers: tuple[Transfer, ...]
    committed: tuple[int, ...]
    payouts: tuple[int, ...]
    fees: tuple[int, ...]
    fee: int
    nets: tuple[int, ...]
    fold_out_winner: int | None
    showdown_seats: tuple[int, ...]
    scores: tuple[HandScore | None, ...]
    final_state: BettingState


def settle_betting(
    state: BettingState, hands: Sequence[Sequence[Card] | None] = (), field: str = "hands"
) -> RoundResult:
    """Settle a closed betting round. ``hands`` is empty or one entry per seat (``None`` where not shown);
    validated cards (see :class:`~cardrules.core.lieng.record.RoundRecord`) or raw card ints.

    :class:`InvalidInput`: betting still open (``state``, ROUND_NOT_OVER); a wrong number of hands
    (``field``); a missing hand of a seat that shows down (``field[i]``, HAND_REQUIRED); a bad hand.
    """
    if not state.closed:
        raise InvalidInput.one(
            "state", ErrorReason.ROUND_NOT_OVER, f"betting is still open: seat {state.to_act} is to act"
        )
    n = len(state.seats)
    if hands and len(hands) != n:
        raise InvalidInput.one(
            field, ErrorReason.WRONG_HAND_COUNT, f"give no hands or one per seat ({n}), got {len(hands)}"
        )
    live = state.unfolded
    scores: list[HandScore | None] = [None] * n
    keys: list[int | None] = [None] * n
    showdown = len(live) > 1
    if showdown:
        problems: list[FieldViolation] = []
        for seat in live:
            hand = hands[seat] if hands else None
            if not hand:
                problems.append(
                    FieldViolation(
                        f"{field}[{seat}]", ErrorReason.HAND_REQUIRED, f"seat {seat} shows down: its 3 cards are needed"
                    )
                )
                continue
            try:
                score = score_hand(hand, state.rules, f"{field}[{seat}]")
            except InvalidInput as error:
                problems.extend(error.violations)
                continue
            scores[seat] = score
            keys[seat] = score.sort_key
        if problems:
            raise InvalidInput(*problems)
    rules = state.rules
    split = settle_pots(state.committed, state.folded, keys, state.first_actor, rules.excess, rules.fee_bps)
    return RoundResult(
        split.pots,
        split.transfers,
        split.committed,
        split.payouts,
        split.fees,
        split.fee,
        split.nets,
        None if showdown else live[0],
        live if showdown else (),
        tuple(scores),
        state,
    )
