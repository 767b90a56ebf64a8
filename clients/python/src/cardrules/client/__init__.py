"""Python SDK of the cardrules rules service (Sâm Lốc, Liêng).

    from cardrules.client import LiengClient
    with LiengClient.connect("localhost:50051") as lieng:
        print(lieng.score_lieng(hands=["AC AD AH"]).scores[0].label.en)

``LiengClient.connect(target, streams=2)`` sends the same calls over two long-lived streams (stream mode, for busy
callers).
The generated messages live in ``cardrules.v1`` (``cards_pb2``, ``sam_loc_pb2``, ``lieng_pb2``; ``errors_pb2`` holds
``ErrorReason``, every reason a field violation can carry). Async clients
are in ``cardrules.client.aio``; the command line is ``cardrules`` (``cardrules.client.cli``). The conformance
runner and the demo are tools outside the runtime import path, in ``cardrules.client.tools``.
"""

from cardrules.client.cards import CARD_FORMAT, CardTextError, card, card_text, cards, cards_message, cards_text, hands
from cardrules.client.channel import DEFAULT_TIMEOUT, service_config
from cardrules.client.client import connect
from cardrules.client.errors import (
    DeadlineExceededError,
    ErrorInfo,
    FieldViolation,
    InvalidArgumentError,
    ResourceExhaustedError,
    RulesError,
    UnauthenticatedError,
    UnavailableError,
    from_rpc_error,
    from_status,
)
from cardrules.client.fair_deal import LocalDeal, commitment_of, deal_from, verify_commitment, verify_deal
from cardrules.client.generated import clients as generated_clients
from cardrules.client.generated.clients import *  # noqa: F403  # <Game>Client for every service of the contract
from cardrules.client.requests import lieng_action, sam_action_from_move, sam_pass, sam_play
from cardrules.client.views import (
    AUDIT,
    SPECTATOR,
    MissingViewError,
    same_viewer,
    seat,
    table_viewers,
    view_for,
    viewer_name,
)

__all__ = [
    "AUDIT",
    "CARD_FORMAT",
    "DEFAULT_TIMEOUT",
    "SPECTATOR",
    "CardTextError",
    "DeadlineExceededError",
    "ErrorInfo",
    "FieldViolation",
    "InvalidArgumentError",
    "LocalDeal",
    "MissingViewError",
    "ResourceExhaustedError",
    "RulesError",
    "UnauthenticatedError",
    "UnavailableError",
    "card",
    "card_text",
    "cards",
    "cards_message",
    "cards_text",
    "commitment_of",
    "connect",
    "deal_from",
    "from_rpc_error",
    "from_status",
    "hands",
    "lieng_action",
    "sam_action_from_move",
    "sam_pass",
    "sam_play",
    "same_viewer",
    "seat",
    "service_config",
    "table_viewers",
    "verify_commitment",
    "verify_deal",
    "view_for",
    "viewer_name",
]
__all__ += generated_clients.__all__  # LiengClient, SamLocClient
