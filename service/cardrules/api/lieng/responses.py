"""Core values → Liêng response messages.

Nested messages are given to the constructors as field dicts where there are many (scores, seats, pots,
transfers): the constructor builds them in C, faster than building each message and copying it in.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardrules.api.bots import explanation_of, search_of
from cardrules.api.cards import cards_to_proto
from cardrules.api.house_rules import enum_numbers
from cardrules.api.money import check_int64
from cardrules.core import lieng
from cardrules.core.lieng.bots import LiengSuggestion
from cardrules.v1 import cards_pb2, lieng_pb2

# Core enum member → contract number, built once (a dict lookup per value).
TIER_NUMBER = enum_numbers(lieng_pb2.LiengTier.DESCRIPTOR, lieng.Tier)
KIND_NUMBER = enum_numbers(lieng_pb2.LiengActionKind.DESCRIPTOR, lieng.ActionKind)
REASON_NUMBER: dict[Any, Any] = {**enum_numbers(lieng_pb2.LiengReason.DESCRIPTOR, lieng.Reason), lieng.Reason.OK: 0}
EVENT_NUMBER = enum_numbers(lieng_pb2.LiengEventKind.DESCRIPTOR, lieng.EventKind)
POT_NUMBER = enum_numbers(lieng_pb2.LiengPotKind.DESCRIPTOR, lieng.PotKind)


def score_to_proto(score: lieng.HandScore) -> lieng_pb2.LiengScore:
    return lieng_pb2.LiengScore(**_score(score))


def _score(score: lieng.HandScore) -> dict[str, Any]:
    return {
        "tier": TIER_NUMBER[score.tier],
        "key": score.key,
        "points": score.points,
        "label": {"en": score.label_en, "vi": score.label_vi},
        "strength": score.sort_key,
    }


def scores_to_proto(scores: Iterable[lieng.HandScore]) -> lieng_pb2.ScoreLiengResponse:
    return lieng_pb2.ScoreLiengResponse(scores=[_score(s) for s in scores])


def ranking_to_proto(ranking: lieng.Ranking) -> lieng_pb2.CompareHandsResponse:
    return lieng_pb2.CompareHandsResponse(
        ranking=[{"hands": g} for g in ranking.groups],
        places=ranking.ranks,
        scores=[_score(s) for s in ranking.scores],
    )


def state_to_proto(state: lieng.BettingState) -> lieng_pb2.LiengBettingState:
    return lieng_pb2.LiengBettingState(
        seats=[
            {"stack": s.stack, "committed": s.committed, "folded": s.folded, "all_in": s.all_in, "acted": s.acted}
            for s in state.seats
        ],
        ante=state.ante,
        first_actor=state.first_actor,
        to_act=state.to_act,
        current_bet=state.current_bet,
        last_full_raise=state.last_full_raise,
        orbit=state.orbit,
        raise_orbits=state.raise_orbits,
        last_raise_orbit=state.last_raise_orbit if state.last_raise_orbit >= 0 else None,
    )


def event_to_proto(event: lieng.Event) -> lieng_pb2.LiengEvent:
    return lieng_pb2.LiengEvent(kind=EVENT_NUMBER[event.kind], amount=event.amount, seat=event.seat)


def validation_to_proto(
    result: lieng.ActionResult, english: str, vietnamese: str
) -> lieng_pb2.LiengServiceValidatePlayResponse:
    check_int64([e.amount for e in result.events], "state.seats", "the pot of these stacks")
    return lieng_pb2.LiengServiceValidatePlayResponse(
        legal=result.legal,
        reason=REASON_NUMBER[result.reason],
        message=cards_pb2.LocalizedMessage(en=english, vi=vietnamese),
        events=[event_to_proto(e) for e in result.events],
        next_state=state_to_proto(result.state) if result.state is not None else None,
        resolved_action=_action(result.resolved_action) if result.resolved_action is not None else None,
    )


def _action(action: lieng.Action) -> lieng_pb2.LiengAction:
    return lieng_pb2.LiengAction(seat=action.seat, kind=KIND_NUMBER[action.kind], amount=action.amount)


def suggestion_to_proto(suggestion: LiengSuggestion) -> lieng_pb2.LiengServiceSuggestResponse:
    return lieng_pb2.LiengServiceSuggestResponse(
        action=_action(suggestion.action),
        search=search_of(suggestion.search),
        explanation=explanation_of(suggestion.search),
    )


def legal_to_proto(legal: lieng.LegalActions, state: lieng.BettingState) -> lieng_pb2.LiengServiceLegalMovesResponse:
    out = lieng_pb2.LiengServiceLegalMovesResponse(raise_reason=REASON_NUMBER[legal.raise_reason])
    if legal.seat is None:
        return out
    out.seat = legal.seat
    committed = state.seats[legal.seat].committed
    # A seat's totals (its committed chips plus its stack, or plus the minimum raise) leave as int64.
    totals = [legal.all_in_to, legal.min_raise_to, legal.max_raise_to, committed + legal.call_amount]
    check_int64(totals, f"state.seats[{legal.seat}]", "the totals this seat may bet to")
    for kind in legal.kinds:
        if kind is lieng.ActionKind.CALL:
            low = high = committed + legal.call_amount
        elif kind is lieng.ActionKind.RAISE:
            low, high = legal.min_raise_to, legal.max_raise_to
        elif kind is lieng.ActionKind.ALL_IN:
            low = high = legal.all_in_to
        else:
            low = high = committed
        # Totals are what a RAISE's amount names; chips added are the same bounds seen from the seat's stack.
        out.actions.add(
            kind=KIND_NUMBER[kind],
            min_total=low,
            max_total=high,
            min_chips_added=low - committed,
            max_chips_added=high - committed,
        )
    return out


def result_to_proto(result: lieng.RoundResult) -> lieng_pb2.LiengServiceSettleRoundResponse:
    # Every amount leaves as int64; stacks that each fit can still add up past it (a raise to near the limit).
    amounts = [result.fee, *result.nets, *result.fees, *result.committed, *result.payouts]
    for p in result.pots:
        amounts += (p.lo, p.hi, p.amount, *p.contributions, *p.shares)
    amounts += (t.amount for t in result.transfers)
    check_int64(amounts, "round.stacks", "the pot of these stacks")
    return lieng_pb2.LiengServiceSettleRoundResponse(
        pots=[
            {
                "lo": p.lo,
                "hi": p.hi,
                "amount": p.amount,
                "eligible": p.eligible,
                "contributions": p.contributions,
                "kind": POT_NUMBER[p.kind],
                "winners": p.winners,
                "shares": p.shares,
            }
            for p in result.pots
        ],
        transfers=[
            {"from_seat": t.from_seat, "to_seat": t.to_seat, "amount": t.amount, "reason": t.reason, "pot": t.pot}
            for t in result.transfers
        ],
        nets=result.nets,
        fee=result.fee,
        fees=result.fees,
        committed=result.committed,
        payouts=result.payouts,
        shown=[
            {"seat": seat, "score": _score(score), "cards": {"cards": cards_to_proto(score.cards)}}
            for seat, score in enumerate(result.scores)
            if score is not None
        ],
        fold_out_winner=result.fold_out_winner,
    )
