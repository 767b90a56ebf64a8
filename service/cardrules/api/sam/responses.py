"""Core values → Sâm Lốc response messages.

Nested messages are given to the constructors as field dicts where there are many (cards, seats, moves): the
constructor builds them in C, faster than building each message and copying it in.
"""

from __future__ import annotations

from typing import Any

from cardrules.api.bots import explanation_of, search_of
from cardrules.api.cards import cards_to_proto
from cardrules.api.house_rules import enum_numbers
from cardrules.api.money import INT64_MAX, check_int64
from cardrules.core import sam
from cardrules.core.cards import FACE_VALUES
from cardrules.core.sam.bots import DeclarationSuggestion, SamSuggestion
from cardrules.v1 import cards_pb2, sam_loc_pb2

# Core enum member → contract number, built once (a dict lookup per value).
KIND_NUMBER = enum_numbers(sam_loc_pb2.SamCombinationKind.DESCRIPTOR, sam.Kind)
REASON_NUMBER = enum_numbers(sam_loc_pb2.SamReason.DESCRIPTOR, sam.Reason)
EVENT_NUMBER = enum_numbers(sam_loc_pb2.SamEventKind.DESCRIPTOR, sam.EventKind)
END_NUMBER = enum_numbers(sam_loc_pb2.SamHandEnd.DESCRIPTOR, sam.HandEnd)
OUTCOME_NUMBER = enum_numbers(sam_loc_pb2.SamOutcome.DESCRIPTOR, sam.Outcome)
INSTANT_NUMBER = enum_numbers(sam_loc_pb2.SamInstantWinKind.DESCRIPTOR, sam.InstantWinKind)

_LEGAL = cards_pb2.LocalizedMessage(en="Legal.", vi="Hợp lệ.")
_PASS: Any = {"pass": {}}  # a SamMove passing ("pass" is a keyword)


def combination_to_proto(combination: sam.Combination) -> sam_loc_pb2.SamCombination:
    return sam_loc_pb2.SamCombination(**_combination(combination))


def _combination(combination: sam.Combination) -> dict[str, Any]:
    return {
        "kind": KIND_NUMBER[combination.kind],
        "cards": cards_to_proto(combination.cards),
        "top": FACE_VALUES[combination.key] if combination.key >= 0 else None,
        "length": combination.length,
    }


def state_to_proto(state: sam.TableState) -> sam_loc_pb2.SamTableState:
    """Presence as the contract has it: a known hand (even empty) or a ``card_count`` (even 0) per seat, the
    table's cards when there are some, the ``optional`` fields when not None."""
    return sam_loc_pb2.SamTableState(
        seats=[
            {"hand": {"cards": cards_to_proto(seat.hand)}, "passed": seat.passed}
            if seat.hand is not None
            else {"card_count": seat.count, "passed": seat.passed}
            for seat in state.seats
        ],
        turn=state.turn,
        current={"cards": cards_to_proto(state.current)} if state.current else None,
        current_owner=state.current_owner,
        chop_chain=[
            sam_loc_pb2.SamChop(chopper=c.chopper, chopped=c.chopped, position=c.position) for c in state.chop_chain
        ],
        declarer=state.declarer,
        bao_mot_violator=state.bao_mot_violator,
        lead_passes=state.lead_passes,
        ended=END_NUMBER[state.ended] if state.ended is not None else None,
        winner=state.winner,
    )


def event_to_proto(event: sam.Event) -> sam_loc_pb2.SamEvent:
    return sam_loc_pb2.SamEvent(
        kind=EVENT_NUMBER[event.kind],
        seat=event.seat,
        other_seat=event.other_seat,
        chain_position=event.chain_position,
    )


def start_to_proto(start: sam.TableState | sam.InstantWin) -> sam_loc_pb2.SamLocServiceStartHandResponse:
    if isinstance(start, sam.InstantWin):
        return sam_loc_pb2.SamLocServiceStartHandResponse(
            instant_win=INSTANT_NUMBER[start.kind],
            instant_winner=start.winner,
            qualifiers=[
                sam_loc_pb2.SamInstantWinQualifier(seat=seat, kind=INSTANT_NUMBER[kind])
                for seat, kind in start.qualifiers
            ],
        )
    return sam_loc_pb2.SamLocServiceStartHandResponse(state=state_to_proto(start))


def validation_to_proto(result: sam.Applied | sam.Illegal) -> sam_loc_pb2.SamLocServiceValidatePlayResponse:
    combination = _combination(result.combination) if result.combination is not None else None
    if isinstance(result, sam.Illegal):
        return sam_loc_pb2.SamLocServiceValidatePlayResponse(
            legal=False,
            reason=REASON_NUMBER[result.reason],
            message=cards_pb2.LocalizedMessage(en=result.english, vi=result.vietnamese),
            combination=combination,
        )
    return sam_loc_pb2.SamLocServiceValidatePlayResponse(
        legal=True,
        message=_LEGAL,
        combination=combination,
        next_state=state_to_proto(result.state),
        events=[event_to_proto(e) for e in result.events],
        resolved_action=_action(result.resolved_action) if result.resolved_action is not None else None,
    )


def _action(action: sam.Play | sam.Pass) -> dict[str, Any]:
    """A play or pass as a SamAction's fields (a TIMEOUT's resolved action)."""
    if isinstance(action, sam.Pass):
        return {"seat": action.seat, "pass": {}}
    return {"seat": action.seat, "play": {"cards": cards_to_proto(action.cards)}}


def suggestion_to_proto(suggestion: SamSuggestion) -> sam_loc_pb2.SamLocServiceSuggestResponse:
    return sam_loc_pb2.SamLocServiceSuggestResponse(
        action=_action(suggestion.action),
        search=search_of(suggestion.search),
        explanation=explanation_of(suggestion.search),
    )


def declaration_to_proto(suggestion: DeclarationSuggestion) -> sam_loc_pb2.SamLocServiceSuggestResponse:
    return sam_loc_pb2.SamLocServiceSuggestResponse(
        declare_sam=suggestion.declare,
        search=search_of(suggestion.search),
        explanation=explanation_of(suggestion.search),
    )


def moves_to_proto(moves: sam.LegalMoves) -> sam_loc_pb2.SamLocServiceLegalMovesResponse:
    listed: list[Any] = [{"play": _combination(c)} for c in moves.combinations]
    if moves.can_pass:
        listed.append(_PASS)
    return sam_loc_pb2.SamLocServiceLegalMovesResponse(seat=moves.seat, moves=listed)


def settlement_to_proto(settlement: sam.Settlement) -> sam_loc_pb2.SamLocServiceSettleRoundResponse:
    amounts = [t.amount for t in settlement.transfers] + [*settlement.gross, settlement.fee]
    if min(amounts) < -INT64_MAX or max(amounts) > INT64_MAX:  # two C calls; check_int64 then says what is wrong
        check_int64(amounts, "round.stake", "the settlement at this stake")
    return sam_loc_pb2.SamLocServiceSettleRoundResponse(
        outcome=OUTCOME_NUMBER[settlement.outcome],
        nets=settlement.nets,
        fee=settlement.fee,
        fees=settlement.fees,
        gross=settlement.gross,
        transfers=[
            cards_pb2.Transfer(from_seat=t.from_seat, to_seat=t.to_seat, amount=t.amount, reason=str(t.reason))
            for t in settlement.transfers
        ],
        winner=settlement.winner,
        instant_win=INSTANT_NUMBER[settlement.instant_win] if settlement.instant_win is not None else None,
    )
