"""The ``cardrules.v1.SamLocService`` servicer: each method converts the request, asks the core, converts the
answer."""

from __future__ import annotations

from cardrules.api.bots import budget, level_of
from cardrules.api.cards import cards_of
from cardrules.api.errors import rpc_method
from cardrules.api.fair_deal import deal_answer
from cardrules.api.limits import check_bounds
from cardrules.api.replays import replay_viewer
from cardrules.api.sam.replay import replay_answer
from cardrules.api.sam.requests import NAMING, action, hands_of, history_of, round_record, rules_of, table_state
from cardrules.api.sam.responses import (
    declaration_to_proto,
    settlement_to_proto,
    start_to_proto,
    suggestion_to_proto,
    validation_to_proto,
)
from cardrules.api.sam.views import legal_moves_views, settlement_views, start_views, validation_views
from cardrules.api.sam.wire import legal_moves_response
from cardrules.api.viewers import viewers_of
from cardrules.core import sam
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.fair_deal import SAM_LOC
from cardrules.core.sam import bots
from cardrules.v1 import sam_loc_pb2, sam_loc_pb2_grpc


class SamLocService(sam_loc_pb2_grpc.SamLocServiceServicer):
    """Each method: convert the request, ask the core, convert the answer."""

    @rpc_method
    def Deal(self, request: sam_loc_pb2.SamLocServiceDealRequest) -> sam_loc_pb2.SamLocServiceDealResponse:
        check_bounds(request)
        return deal_answer(request, SAM_LOC, sam_loc_pb2.SamLocServiceDealResponse)

    @rpc_method
    def StartHand(
        self, request: sam_loc_pb2.SamLocServiceStartHandRequest
    ) -> sam_loc_pb2.SamLocServiceStartHandResponse:
        check_bounds(request)
        rules = rules_of(request)
        hands = hands_of(request.hands, "hands")
        viewers = viewers_of(request.views, len(request.hands))
        start = sam.start_hand(hands, request.leader, tuple(request.declarations), rules, naming=NAMING)
        return start_views(start_to_proto(start), request.views, viewers, start)

    @rpc_method
    def ValidatePlay(
        self, request: sam_loc_pb2.SamLocServiceValidatePlayRequest
    ) -> sam_loc_pb2.SamLocServiceValidatePlayResponse:
        check_bounds(request)
        rules = rules_of(request)
        state = table_state(request.state, rules)
        act = action(request.action)
        viewers = viewers_of(request.views, len(state.seats))
        result = sam.apply(state, act, naming=NAMING)
        return validation_views(validation_to_proto(result), request.views, viewers, act, result)

    @rpc_method
    def LegalMoves(
        self, request: sam_loc_pb2.SamLocServiceLegalMovesRequest
    ) -> sam_loc_pb2.SamLocServiceLegalMovesResponse:
        check_bounds(request)
        rules = rules_of(request)
        state = table_state(request.state, rules)
        viewers = viewers_of(request.views, len(state.seats))
        moves = sam.legal_moves(state, request.all_card_sets)
        return legal_moves_views(legal_moves_response(moves), request.views, viewers, moves.seat)

    @rpc_method
    def SettleRound(
        self, request: sam_loc_pb2.SamLocServiceSettleRoundRequest
    ) -> sam_loc_pb2.SamLocServiceSettleRoundResponse:
        check_bounds(request)
        record = round_record(request.round)
        viewers = viewers_of(request.views, len(request.round.hands))
        settlement = sam.settle_round(record)  # the record names its fields (round.…)
        return settlement_views(settlement_to_proto(settlement), request.views, viewers)

    @rpc_method
    def ReplayRound(
        self, request: sam_loc_pb2.SamLocServiceReplayRoundRequest
    ) -> sam_loc_pb2.SamLocServiceReplayRoundResponse:
        check_bounds(request)
        record = round_record(request.round)
        asked, viewer = replay_viewer(request, len(request.round.hands))
        return replay_answer(record, request.round, asked, viewer)  # a stop is part of the answer

    @rpc_method
    def Suggest(self, request: sam_loc_pb2.SamLocServiceSuggestRequest) -> sam_loc_pb2.SamLocServiceSuggestResponse:
        check_bounds(request)
        rules = rules_of(request)
        level = level_of(request.level)
        playouts = budget(request.playouts, bots.MAX_PLAYOUTS)
        decision = request.WhichOneof("decision")
        if decision == "declaration":
            if request.history:
                raise InvalidInput.one(
                    "history", ErrorReason.UNEXPECTED_VALUE, "a declaration is decided at the deal: no history yet"
                )
            deal = request.declaration
            hand = cards_of(deal.hand, "declaration.hand.cards")
            said = bots.suggest_declaration(
                hand, deal.seat_count, rules, level, request.seed, playouts, path="declaration", naming=NAMING
            )
            return declaration_to_proto(said)
        if decision is None:
            raise InvalidInput.one(
                "state", ErrorReason.MISSING_VALUE, "a Suggest asks about a state (or a declaration at the deal)"
            )
        state = table_state(request.state, rules)
        history = history_of(request.history)
        # The seat to act is the state's turn; the bots reduce the state to that seat's view.
        suggested = bots.suggest_action(state, state.turn, history, level, request.seed, playouts, naming=NAMING)
        return suggestion_to_proto(suggested)
