"""The ``cardrules.v1.LiengService`` servicer: each method converts the request, asks the core, converts the
answer."""

from __future__ import annotations

from cardrules.api.bots import budget, level_of
from cardrules.api.cards import cards_of
from cardrules.api.errors import rpc_method
from cardrules.api.fair_deal import deal_answer
from cardrules.api.lieng.replay import replay_answer
from cardrules.api.lieng.requests import action, betting_state, hands_of, history_of, round_record, rules_of
from cardrules.api.lieng.responses import (
    legal_to_proto,
    ranking_to_proto,
    result_to_proto,
    scores_to_proto,
    state_to_proto,
    suggestion_to_proto,
    validation_to_proto,
)
from cardrules.api.lieng.views import betting_views, settlement_views
from cardrules.api.limits import check_bounds
from cardrules.api.replays import replay_viewer
from cardrules.api.viewers import viewers_of
from cardrules.core import lieng
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.fair_deal import LIENG
from cardrules.core.lieng import bots
from cardrules.core.lieng.limits import MAX_SCORED_HANDS
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc


class LiengService(lieng_pb2_grpc.LiengServiceServicer):
    """Each method: convert the request, ask the core, convert the answer."""

    def __init__(self) -> None:
        # Build the default rules' table of all 22,100 hands now (~0.2 s), not inside the first caller's deadline.
        lieng.key_table()

    @rpc_method
    def Deal(self, request: lieng_pb2.LiengServiceDealRequest) -> lieng_pb2.LiengServiceDealResponse:
        check_bounds(request)
        return deal_answer(request, LIENG, lieng_pb2.LiengServiceDealResponse)

    @rpc_method
    def ScoreLieng(self, request: lieng_pb2.ScoreLiengRequest) -> lieng_pb2.ScoreLiengResponse:
        check_bounds(request)
        rules = rules_of(request)
        if not 1 <= len(request.hands) <= MAX_SCORED_HANDS:
            raise InvalidInput.one(
                "hands", ErrorReason.WRONG_HAND_COUNT, f"score 1 to {MAX_SCORED_HANDS} hands, got {len(request.hands)}"
            )
        hands = hands_of(request.hands, "hands")
        scores = lieng.score_hands(hands, rules)  # type: ignore[arg-type]
        return scores_to_proto(scores)

    @rpc_method
    def CompareHands(self, request: lieng_pb2.CompareHandsRequest) -> lieng_pb2.CompareHandsResponse:
        check_bounds(request)
        rules = rules_of(request)
        if not lieng.MIN_COMPARED_HANDS <= len(request.hands) <= lieng.MAX_COMPARED_HANDS:
            raise InvalidInput.one(
                "hands",
                ErrorReason.WRONG_HAND_COUNT,
                f"compare {lieng.MIN_COMPARED_HANDS} to {lieng.MAX_COMPARED_HANDS} hands, got {len(request.hands)}",
            )
        hands = hands_of(request.hands, "hands")
        ranking = lieng.rank_hands(hands, rules)  # type: ignore[arg-type]
        return ranking_to_proto(ranking)

    @rpc_method
    def StartBetting(self, request: lieng_pb2.StartBettingRequest) -> lieng_pb2.StartBettingResponse:
        check_bounds(request)
        rules = rules_of(request)
        viewers = viewers_of(request.views, len(request.stacks))
        state = lieng.start_betting(tuple(request.stacks), request.ante or None, request.first_actor, rules)
        return betting_views(lieng_pb2.StartBettingResponse(state=state_to_proto(state)), request.views, viewers)

    @rpc_method
    def ValidatePlay(
        self, request: lieng_pb2.LiengServiceValidatePlayRequest
    ) -> lieng_pb2.LiengServiceValidatePlayResponse:
        check_bounds(request)
        rules = rules_of(request)
        state = betting_state(request.state, rules)
        act = action(request.action)
        viewers = viewers_of(request.views, len(state.seats))
        result = lieng.apply(state, act)
        english, vietnamese = lieng.explain(state, act, result.reason)
        return betting_views(validation_to_proto(result, english, vietnamese), request.views, viewers)

    @rpc_method
    def LegalMoves(self, request: lieng_pb2.LiengServiceLegalMovesRequest) -> lieng_pb2.LiengServiceLegalMovesResponse:
        check_bounds(request)
        rules = rules_of(request)
        state = betting_state(request.state, rules)
        viewers = viewers_of(request.views, len(state.seats))
        return betting_views(legal_to_proto(lieng.legal_actions(state), state), request.views, viewers)

    @rpc_method
    def SettleRound(
        self, request: lieng_pb2.LiengServiceSettleRoundRequest
    ) -> lieng_pb2.LiengServiceSettleRoundResponse:
        check_bounds(request)
        record = round_record(request.round)
        viewers = viewers_of(request.views, len(request.round.stacks))
        result = lieng.settle_round(record)  # the record names its fields (round.…)
        return settlement_views(result_to_proto(result), request.views, viewers, result)

    @rpc_method
    def ReplayRound(
        self, request: lieng_pb2.LiengServiceReplayRoundRequest
    ) -> lieng_pb2.LiengServiceReplayRoundResponse:
        check_bounds(request)
        record = round_record(request.round)
        asked, viewer = replay_viewer(request, len(request.round.stacks))
        return replay_answer(record, request.round, asked, viewer)  # a stop is part of the answer

    @rpc_method
    def Suggest(self, request: lieng_pb2.LiengServiceSuggestRequest) -> lieng_pb2.LiengServiceSuggestResponse:
        check_bounds(request)
        rules = rules_of(request)
        level = level_of(request.level)
        playouts = budget(request.playouts, bots.MAX_PLAYOUTS)
        state = betting_state(request.state, rules)
        if state.to_act is None:
            raise InvalidInput.one(
                "state.to_act", ErrorReason.MISSING_VALUE, "betting is closed: no seat to act, nothing to suggest"
            )
        hand = cards_of(request.hand, "hand.cards")
        history = history_of(request.history)
        suggested = bots.suggest_action(state, state.to_act, hand, history, level, request.seed, playouts)
        return suggestion_to_proto(suggested)
