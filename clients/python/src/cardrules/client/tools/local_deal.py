"""The conformance vectors' Deal cases recomputed locally, with this SDK's own ``deal_from`` (no server call).

tests/vectors/README.md: for every case of method ``Deal``, a runner also deals the request itself; a case that
expects a response must match the same ``expect`` with the local deal (less the expected ``views``: they are the
server's redaction of the same deal, which the local deal does not make), a case that expects an error must be
refused by the local ``deal_from`` too. So the SDK's verification and the server can never drift apart unnoticed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

from cardrules.client.cards import cards_message
from cardrules.client.fair_deal import ALGORITHM, LIENG, SAM_LOC, deal_from
from cardrules.client.tools.matching import match_subset

__all__ = ["DEAL", "GAME_OF_SERVICE", "local_difference"]

DEAL = "Deal"
GAME_OF_SERVICE = {"cardrules.v1.SamLocService": SAM_LOC, "cardrules.v1.LiengService": LIENG}
"""Each service with a Deal → the game name its deal is computed for (docs/fair-deal.md)."""


def local_difference(service: str, request: Any, response_type: type[Message], expect: Mapping[str, Any]) -> str | None:
    """The first difference between the local deal of a Deal ``request`` and the case's ``expect``, or None."""
    game = GAME_OF_SERVICE.get(service)
    if game is None:
        return f"local deal_from: {service} has no deal"
    try:
        dealt = deal_from(
            game,
            request.server_seed,
            request.client_seed,
            request.nonce,
            request.seat_count,
            request.algorithm or ALGORITHM,
        )
    except ValueError as refused:
        return None if "error" in expect else f"local deal_from refused the request: {refused}"
    if "error" in expect:
        return "local deal_from dealt a request that the vector expects refused"
    response = response_type(
        hands=[cards_message(hand) for hand in dealt.hands],
        undealt=cards_message(dealt.undealt),
        commitment=dealt.commitment,
        algorithm=dealt.algorithm,
    )
    actual = json_format.MessageToDict(response, always_print_fields_with_no_presence=True)
    expected = {key: value for key, value in expect["response"].items() if key != "views"}
    difference = match_subset(expected, actual, expect.get("unordered", ()))
    return None if difference is None else f"local deal_from: {difference}"
