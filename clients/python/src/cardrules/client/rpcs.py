"""The RPCs of ``cardrules.v1``, declared once: each function builds its request (from a ready message or from
keyword arguments, never both) and names the per-call ``timeout`` (seconds; None: the client's default) and
``metadata``. ``SamLocRpcs`` / ``LiengRpcs`` become methods of the sync clients (``cardrules.client``) and of the
asyncio clients (``cardrules.client.aio``) alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardrules.client.calls import Call, Metadata, rpc
from cardrules.client.cards import CardsLike, hands
from cardrules.client.requests import build
from cardrules.v1 import lieng_pb2, sam_loc_pb2

__all__ = ["LiengRpcs", "SamLocRpcs"]

SAM_LOC = "/cardrules.v1.SamLocService/"
LIENG = "/cardrules.v1.LiengService/"


def _hands(value: Iterable[CardsLike] | None) -> list[Any] | None:
    return None if value is None else hands(value)


# --- Sâm Lốc ------------------------------------------------------------------------------------------------------


@rpc(SAM_LOC + "StartHand", sam_loc_pb2.SamLocServiceStartHandResponse)
def _start_hand(
    request: sam_loc_pb2.SamLocServiceStartHandRequest | None = None,
    *,
    hands: Iterable[CardsLike] | None = None,
    declarations: Iterable[int] | None = None,
    leader: int | None = None,
    house_rules: sam_loc_pb2.SamHouseRules | None = None,
    timeout: float | None = None,
    metadata: Metadata | None = None,
) -> Call[sam_loc_pb2.SamLocServiceStartHandRequest]:
    """Deal: instant wins and Sâm declarations checked, the first table state returned."""
    request = build(
        request,
        sam_loc_pb2.SamLocServiceStartHandRequest,
        hands=_hands(hands),
        declarations=declarations,
        leader=leader,
        house_rules=house_rules,
    )
    return Call(request, timeout, metadata)


@rpc(SAM_LOC + "ValidatePlay", sam_loc_pb2.SamLocServiceValidatePlayResponse)
def _sam_validate_play(
    request: sam_loc_pb2.SamLocServiceValidatePlayRequest | None = None,
    *,
    state: sam_loc_pb2.SamTableState | None = None,
    action: sam_loc_pb2.SamAction | None = None,
    house_rules: sam_loc_pb2.SamHouseRules | None = None,
    timeout: float | None = None,
    metadata: Metadata | None = None,
) -> Call[sam_loc_pb2.SamLocServiceValidatePlayRequest]:
    """Is ``action`` legal in ``state``? An illegal play is an answer (``legal: false``), not an error."""
    request = build(
        request, sam_loc_pb2.SamLocServiceValidatePlayRequest, state=state, action=action, house_rules=house_rules
    )
    return Call(request, timeout, metadata)


@rpc(SAM_LOC + "LegalMoves", sam_loc_pb2.SamLocServiceLegalMovesResponse)
def _sam_legal_moves(
    request: sam_loc_pb2.SamLocServiceLegalMovesRequest | None = None,
    *,
    state: sam_loc_pb2.SamTableState | None = None,
    all_card_sets: bool | None = None,
    house_rules: sam_loc_pb2.SamHouseRules | None = None,
    timeout: float | None = None,
    metadata: Metadata | None = None,
) -> Call[sam_loc_pb2.SamLocServiceLegalMovesRequest]:
    """Every legal play (and pass, when allowed) for the seat to act."""
    request = build(
        request,
        sam_loc_pb2.SamLocServiceLegalMovesRequest,
        state=state,
        all_card_sets=all_card_sets,
        house_rules=house_rules,
    )
    return Call(request, timeout, metadata)


@rpc(SAM_LOC + "SettleRound", sam_loc_pb2.SamLocServiceSettleRoundResponse)
def _sam_settle_round(
    request: sam_loc_pb2.SamLocServiceSettleRoundRequest | None = None,
    *,
    round: sam_loc_pb2.SamRoundRecord | None = None,
    timeout: float | None = None,
    metadata: Metadata | None = None,
) -> Call[sam_loc_pb2.SamLocServiceSettleRoundRequest]:
    """Replay a round record: outcome, itemised transfers, nets and fee."""
    return Call(build(request, sam_loc_pb2.SamLocServiceSettleRoundRequest, round=round), timeout, metadata)


class SamLocRpcs:
    """The methods of ``cardrules.v1.SamLocService``."""

    start_hand = _start_hand
    validate_play = _sam_validate_play
    legal_moves = _sam_legal_moves
    settle_round = _sam_settle_round


# --- Liêng --------------------------------------------------------------------------------------------------------


@rpc(LIENG + "ScoreLieng", lieng_pb2.ScoreLiengResponse)
def _score_lieng(
    request: lieng_pb2.ScoreLiengRequest | None = None,
    *,
    hands: Iterable[CardsLike] | None = None,
    house_rules: lieng_pb2.LiengHouseRules | None = None,
    timeout: float | None = None,
    metadata: Metadata | None = None,
) -> Call[lieng_pb2.ScoreLiengRequest]:
    """Score 1 to 1000 hands: ``score_lieng(hands=["AC AD AH", "2S 3H 4D"])``; scores come back in request
    order."""
    request = build(request, lieng_pb2.ScoreLiengRequest, hands=_hands(hands), house_rules=house_rules)
    return Call(request, timeout, metadata)


@rpc(LIENG + "CompareHands", lieng_pb2.CompareHandsResponse)
def _compare_hands(
    request: lieng_pb2.CompareHandsRequest | None = None,
    *,
    hands: Iterable[CardsLike] | None = None,
    house_rules: lieng_pb2.LiengHouseRules | None = None,
    timeout: float | None = None,
    metadata: Metadata | None = None,
) -> Call[lieng_pb2.CompareHandsRequest]:
    """Rank 2 to 17 hands, best first, ties grouped: ``compare_hands(hands=["AC AD AH", "KS QS JS"])``."""
    request = build(request, lieng_pb2.CompareHandsRequest, hands=_hands(hands), house_rules=house_rules)
    return Call(request, timeout, metadata)


@rpc(LIENG + "StartBetting", lieng_pb2.StartBettingResponse)
def _start_betting(
    request: lieng_pb2.StartBettingRequest | None = None,
    *,
    stacks: Iterable[int] | None = None,
    ante: int | None = None,
    first_actor: int | None = None,
    house_rules: lieng_pb2.LiengHouseRules | None = None,
    timeout: float | None = None,
    metadata: Metadata | None = None,
) -> Call[lieng_pb2.StartBettingRequest]:
    """Collect the ante and return the first betting state."""
    request = build(
        request,
        lieng_pb2.StartBettingRequest,
        stacks=stacks,
        ante=ante,
        first_actor=first_actor,
        house_rules=house_rules,
    )
    return Call(request, timeout, metadata)


@rpc(LIENG + "ValidatePlay", lieng_pb2.LiengServiceValidatePlayResponse)
def _lieng_validate_play(
    request: lieng_pb2.LiengServiceValidatePlayRequest | None = None,
    *,
    state: lieng_pb2.LiengBettingState | None = None,
    action: lieng_pb2.LiengAction | None = None,
    house_rules: lieng_pb2.LiengHouseRules | None = None,
    timeout: float | None = None,
    metadata: Metadata | None = None,
) -> Call[lieng_pb2.LiengServiceValidatePlayRequest]:
    """Is this betting action legal? When legal, the events and the next betting state."""
    request = build(
        request, lieng_pb2.LiengServiceValidatePlayRequest, state=state, action=action, house_rules=house_rules
    )
    return Call(request, timeout, metadata)


@rpc(LIENG + "LegalMoves", lieng_pb2.LiengServiceLegalMovesResponse)
def _lieng_legal_moves(
    request: lieng_pb2.LiengServiceLegalMovesRequest | None = None,
    *,
    state: lieng_pb2.LiengBettingState | None = None,
    house_rules: lieng_pb2.LiengHouseRules | None = None,
    timeout: float | None = None,
    metadata: Metadata | None = None,
) -> Call[lieng_pb2.LiengServiceLegalMovesRequest]:
    """The legal actions for the seat to act, with the call amount and raise bounds."""
    request = build(request, lieng_pb2.LiengServiceLegalMovesRequest, state=state, house_rules=house_rules)
    return Call(request, timeout, metadata)


@rpc(LIENG + "SettleRound", lieng_pb2.LiengServiceSettleRoundResponse)
def _lieng_settle_round(
    request: lieng_pb2.LiengServiceSettleRoundRequest | None = None,
    *,
    round: lieng_pb2.LiengRoundRecord | None = None,
    timeout: float | None = None,
    metadata: Metadata | None = None,
) -> Call[lieng_pb2.LiengServiceSettleRoundRequest]:
    """Replay a round record: pots, transfers, nets and fee."""
    return Call(build(request, lieng_pb2.LiengServiceSettleRoundRequest, round=round), timeout, metadata)


class LiengRpcs:
    """The methods of ``cardrules.v1.LiengService``."""

    score_lieng = _score_lieng
    compare_hands = _compare_hands
    start_betting = _start_betting
    validate_play = _lieng_validate_play
    legal_moves = _lieng_legal_moves
    settle_round = _lieng_settle_round
