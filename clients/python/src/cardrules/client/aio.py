"""Asynchronous clients over ``grpc.aio``: the same methods as the sync clients, awaited.

channel = connect("localhost:50051")
lieng = AsyncLiengClient(channel)
(await lieng.score_lieng(hands=["AC AD AH"])).scores[0].tier
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import grpc
from google.protobuf.message import Message

from cardrules.client.auth import AsyncBearerToken, channel_credentials, check_token
from cardrules.client.cards import CardsLike, hands
from cardrules.client.channel import (
    DEFAULT_TIMEOUT,
    AsyncDefaultTimeout,
    LoadBalancing,
    channel_options,
    check_timeout,
)
from cardrules.client.errors import from_rpc_error
from cardrules.client.requests import build
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc, sam_loc_pb2, sam_loc_pb2_grpc

__all__ = ["AsyncLiengClient", "AsyncSamLocClient", "connect"]

R = TypeVar("R", bound=Message)
Metadata = Sequence[tuple[str, str]]


def connect(
    target: str,
    *,
    secure: bool = False,
    root_certificates: bytes | None = None,
    certificate_chain: bytes | None = None,
    private_key: bytes | None = None,
    token: str | None = None,
    load_balancing: LoadBalancing = "pick_first",
    retry: bool = True,
    default_timeout: float | None = DEFAULT_TIMEOUT,
) -> grpc.aio.Channel:
    """A ``grpc.aio`` channel with the same service config and credentials as :func:`cardrules.client.connect`."""
    check_timeout(default_timeout)
    check_token(token)
    options = channel_options(load_balancing=load_balancing, retry=retry)
    credentials = channel_credentials(
        secure=secure,
        root_certificates=root_certificates,
        certificate_chain=certificate_chain,
        private_key=private_key,
        token=token,
    )
    interceptors: list[grpc.aio.ClientInterceptor] = []
    if default_timeout is not None:
        interceptors.append(AsyncDefaultTimeout(default_timeout))
    if credentials is not None:
        return grpc.aio.secure_channel(target, credentials, options=options, interceptors=interceptors)
    if token is not None:
        interceptors.append(AsyncBearerToken(token))
    return grpc.aio.insecure_channel(target, options=options, interceptors=interceptors)


class _AsyncClient:
    def __init__(
        self, channel: grpc.aio.Channel, *, timeout: float | None = DEFAULT_TIMEOUT, metadata: Metadata | None = None
    ) -> None:
        # timeout=None here: no client deadline (the channel's default, if any, applies); a call's
        # timeout=None means "this client's default".
        self._timeout = timeout
        self._metadata = tuple(metadata or ())
        self._channel = channel

    async def _call(
        self, method: Callable[..., Any], request: Message, response_type: type[R], timeout: float | None
    ) -> R:
        try:
            response = await method(
                request, timeout=self._timeout if timeout is None else timeout, metadata=self._metadata or None
            )
        except grpc.RpcError as error:  # grpc.aio.AioRpcError is one
            raise from_rpc_error(error) from error
        if not isinstance(response, response_type):
            raise TypeError(f"expected {response_type.__name__}, got {type(response).__name__}")
        return response


class AsyncSamLocClient(_AsyncClient):
    """``cardrules.v1.SamLocService`` over a ``grpc.aio.Channel``."""

    def __init__(
        self, channel: grpc.aio.Channel, *, timeout: float | None = DEFAULT_TIMEOUT, metadata: Metadata | None = None
    ) -> None:
        super().__init__(channel, timeout=timeout, metadata=metadata)
        self._stub = sam_loc_pb2_grpc.SamLocServiceStub(channel)  # type: ignore[no-untyped-call]

    async def start_hand(
        self,
        request: sam_loc_pb2.SamLocServiceStartHandRequest | None = None,
        *,
        hands: Iterable[CardsLike] | None = None,
        declarations: Iterable[int] | None = None,
        leader: int | None = None,
        house_rules: sam_loc_pb2.SamHouseRules | None = None,
        timeout: float | None = None,
    ) -> sam_loc_pb2.SamLocServiceStartHandResponse:
        """Deal: instant wins and Sâm declarations checked, the first table state returned."""
        request = build(
            request,
            sam_loc_pb2.SamLocServiceStartHandRequest,
            hands=_hands(hands),
            declarations=declarations,
            leader=leader,
            house_rules=house_rules,
        )
        return await self._call(self._stub.StartHand, request, sam_loc_pb2.SamLocServiceStartHandResponse, timeout)

    async def validate_play(
        self,
        request: sam_loc_pb2.SamLocServiceValidatePlayRequest | None = None,
        *,
        state: sam_loc_pb2.SamTableState | None = None,
        action: sam_loc_pb2.SamAction | None = None,
        house_rules: sam_loc_pb2.SamHouseRules | None = None,
        timeout: float | None = None,
    ) -> sam_loc_pb2.SamLocServiceValidatePlayResponse:
        """Is ``action`` legal in ``state``? An illegal play is an answer (``legal: false``), not an error."""
        request = build(
            request, sam_loc_pb2.SamLocServiceValidatePlayRequest, state=state, action=action, house_rules=house_rules
        )
        return await self._call(
            self._stub.ValidatePlay, request, sam_loc_pb2.SamLocServiceValidatePlayResponse, timeout
        )

    async def legal_moves(
        self,
        request: sam_loc_pb2.SamLocServiceLegalMovesRequest | None = None,
        *,
        state: sam_loc_pb2.SamTableState | None = None,
        all_card_sets: bool | None = None,
        house_rules: sam_loc_pb2.SamHouseRules | None = None,
        timeout: float | None = None,
    ) -> sam_loc_pb2.SamLocServiceLegalMovesResponse:
        """Every legal play (and pass, when allowed) for the seat to act."""
        request = build(
            request,
            sam_loc_pb2.SamLocServiceLegalMovesRequest,
            state=state,
            all_card_sets=all_card_sets,
            house_rules=house_rules,
        )
        return await self._call(self._stub.LegalMoves, request, sam_loc_pb2.SamLocServiceLegalMovesResponse, timeout)

    async def settle_round(
        self,
        request: sam_loc_pb2.SamLocServiceSettleRoundRequest | None = None,
        *,
        round: sam_loc_pb2.SamRoundRecord | None = None,
        timeout: float | None = None,
    ) -> sam_loc_pb2.SamLocServiceSettleRoundResponse:
        """Replay a round record: outcome, itemised transfers, nets and fee."""
        request = build(request, sam_loc_pb2.SamLocServiceSettleRoundRequest, round=round)
        return await self._call(self._stub.SettleRound, request, sam_loc_pb2.SamLocServiceSettleRoundResponse, timeout)


class AsyncLiengClient(_AsyncClient):
    """``cardrules.v1.LiengService`` over a ``grpc.aio.Channel``."""

    def __init__(
        self, channel: grpc.aio.Channel, *, timeout: float | None = DEFAULT_TIMEOUT, metadata: Metadata | None = None
    ) -> None:
        super().__init__(channel, timeout=timeout, metadata=metadata)
        self._stub = lieng_pb2_grpc.LiengServiceStub(channel)  # type: ignore[no-untyped-call]

    async def score_lieng(
        self,
        request: lieng_pb2.ScoreLiengRequest | None = None,
        *,
        hands: Iterable[CardsLike] | None = None,
        house_rules: lieng_pb2.LiengHouseRules | None = None,
        timeout: float | None = None,
    ) -> lieng_pb2.ScoreLiengResponse:
        """Score 1 to 1000 hands: ``score_lieng(hands=["AC AD AH", "2S 3H 4D"])``; scores come back in request
        order."""
        request = build(request, lieng_pb2.ScoreLiengRequest, hands=_hands(hands), house_rules=house_rules)
        return await self._call(self._stub.ScoreLieng, request, lieng_pb2.ScoreLiengResponse, timeout)

    async def compare_hands(
        self,
        request: lieng_pb2.CompareHandsRequest | None = None,
        *,
        hands: Iterable[CardsLike] | None = None,
        house_rules: lieng_pb2.LiengHouseRules | None = None,
        timeout: float | None = None,
    ) -> lieng_pb2.CompareHandsResponse:
        """Rank 2 to 17 hands, best first, ties grouped: ``compare_hands(hands=["AC AD AH", "KS QS JS"])``."""
        request = build(request, lieng_pb2.CompareHandsRequest, hands=_hands(hands), house_rules=house_rules)
        return await self._call(self._stub.CompareHands, request, lieng_pb2.CompareHandsResponse, timeout)

    async def start_betting(
        self,
        request: lieng_pb2.StartBettingRequest | None = None,
        *,
        stacks: Iterable[int] | None = None,
        ante: int | None = None,
        first_actor: int | None = None,
        house_rules: lieng_pb2.LiengHouseRules | None = None,
        timeout: float | None = None,
    ) -> lieng_pb2.StartBettingResponse:
        """Collect the ante and return the first betting state."""
        request = build(
            request,
            lieng_pb2.StartBettingRequest,
            stacks=stacks,
            ante=ante,
            first_actor=first_actor,
            house_rules=house_rules,
        )
        return await self._call(self._stub.StartBetting, request, lieng_pb2.StartBettingResponse, timeout)

    async def validate_play(
        self,
        request: lieng_pb2.LiengServiceValidatePlayRequest | None = None,
        *,
        state: lieng_pb2.LiengBettingState | None = None,
        action: lieng_pb2.LiengAction | None = None,
        house_rules: lieng_pb2.LiengHouseRules | None = None,
        timeout: float | None = None,
    ) -> lieng_pb2.LiengServiceValidatePlayResponse:
        """Is this betting action legal? When legal, the events and the next betting state."""
        request = build(
            request, lieng_pb2.LiengServiceValidatePlayRequest, state=state, action=action, house_rules=house_rules
        )
        return await self._call(self._stub.ValidatePlay, request, lieng_pb2.LiengServiceValidatePlayResponse, timeout)

    async def legal_moves(
        self,
        request: lieng_pb2.LiengServiceLegalMovesRequest | None = None,
        *,
        state: lieng_pb2.LiengBettingState | None = None,
        house_rules: lieng_pb2.LiengHouseRules | None = None,
        timeout: float | None = None,
    ) -> lieng_pb2.LiengServiceLegalMovesResponse:
        """The legal actions for the seat to act, with the call amount and raise bounds."""
        request = build(request, lieng_pb2.LiengServiceLegalMovesRequest, state=state, house_rules=house_rules)
        return await self._call(self._stub.LegalMoves, request, lieng_pb2.LiengServiceLegalMovesResponse, timeout)

    async def settle_round(
        self,
        request: lieng_pb2.LiengServiceSettleRoundRequest | None = None,
        *,
        round: lieng_pb2.LiengRoundRecord | None = None,
        timeout: float | None = None,
    ) -> lieng_pb2.LiengServiceSettleRoundResponse:
        """Replay a round record: pots, transfers, nets and fee."""
        request = build(request, lieng_pb2.LiengServiceSettleRoundRequest, round=round)
        return await self._call(self._stub.SettleRound, request, lieng_pb2.LiengServiceSettleRoundResponse, timeout)


def _hands(value: Iterable[CardsLike] | None) -> list[Any] | None:
    return None if value is None else hands(value)
