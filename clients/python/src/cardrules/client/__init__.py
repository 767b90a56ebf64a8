"""Python SDK of the cardrules rules service (Sâm Lốc, Liêng).

    from cardrules.client import LiengClient, connect
    lieng = LiengClient(connect("localhost:50051"))
    print(lieng.score_lieng(hands=["AC AD AH"]).scores[0].label.en)

The generated messages live in ``cardrules.v1`` (``cards_pb2``, ``sam_loc_pb2``, ``lieng_pb2``). Async clients
are in ``cardrules.client.aio``; the command line is ``cardrules`` (``cardrules.client.cli``); the conformance
runner is ``python -m cardrules.client.conformance``.
"""

from cardrules.client.cards import CARD_FORMAT, CardTextError, card, card_text, cards, cards_message, cards_text, hands
from cardrules.client.channel import DEFAULT_TIMEOUT, service_config
from cardrules.client.client import LiengClient, SamLocClient, connect
from cardrules.client.errors import (
    DeadlineExceededError,
    FieldViolation,
    InvalidArgumentError,
    ResourceExhaustedError,
    RulesError,
    UnauthenticatedError,
    UnavailableError,
    from_rpc_error,
)
from cardrules.client.requests import lieng_action, sam_action_from_move, sam_pass, sam_play

__all__ = [
    "CARD_FORMAT",
    "DEFAULT_TIMEOUT",
    "CardTextError",
    "DeadlineExceededError",
    "FieldViolation",
    "InvalidArgumentError",
    "LiengClient",
    "ResourceExhaustedError",
    "RulesError",
    "SamLocClient",
    "UnauthenticatedError",
    "UnavailableError",
    "card",
    "card_text",
    "cards",
    "cards_message",
    "cards_text",
    "connect",
    "from_rpc_error",
    "hands",
    "lieng_action",
    "sam_action_from_move",
    "sam_pass",
    "sam_play",
    "service_config",
]
