"""Large and faulty requests to a real server: a message of a million actions (under a raised message limit) is
refused naming the field, and an error with thousands of field violations lists at most 20 of them, then one entry
saying how many more, so the whole status stays far below the 8 KiB of trailers a default client accepts."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2

from cardrules.api.errors import MAX_LISTED_VIOLATIONS
from cardrules.core.errors import ErrorReason
from cardrules.v1 import cards_pb2, lieng_pb2, lieng_pb2_grpc, sam_loc_pb2
from tests.support.calls import status_details
from tests.support.server_process import ServerHandle, running_server

DEFAULT_CLIENT_METADATA_LIMIT = 8 * 1024


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server() as handle:
        yield handle


def _bad_request(error: grpc.RpcError) -> error_details_pb2.BadRequest:
    details = status_details(error)
    assert details is not None
    status = status_pb2.Status.FromString(details)
    found = error_details_pb2.BadRequest()
    assert any(detail.Unpack(found) for detail in status.details)
    return found


@pytest.mark.parametrize("hands", [30, 40, 1000])
def test_many_bad_hands_give_a_short_error_every_client_receives(server: ServerHandle, hands: int) -> None:
    request = lieng_pb2.ScoreLiengRequest(hands=[cards_pb2.Cards(cards=[cards_pb2.Card()] * 3)] * hands)
    with server.channel() as channel, pytest.raises(grpc.RpcError) as caught:
        lieng_pb2_grpc.LiengServiceStub(channel).ScoreLieng(request, timeout=10)
    error = caught.value
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT  # not RESOURCE_EXHAUSTED "metadata size exceeds"
    violations = _bad_request(error).field_violations
    assert len(violations) == MAX_LISTED_VIOLATIONS + 1
    assert violations[0].field == "hands[0].cards[0]"
    more = violations[-1]
    assert more.reason == ErrorReason.MORE_VIOLATIONS
    assert more.description == f"{hands * 3 - MAX_LISTED_VIOLATIONS} more violations not listed, the first of them here"
    size = sum(len(item.key) + len(item.value) for item in error.trailing_metadata())
    assert size < DEFAULT_CLIENT_METADATA_LIMIT // 2


def five_seat_record() -> sam_loc_pb2.SamRoundRecord:
    record = sam_loc_pb2.SamRoundRecord(stake=1)
    for seat in range(5):
        hand = record.hands.add()
        for card in range(10):
            hand.cards.add(rank=card + 1, suit=seat % 4 + 1)
    return record


def test_a_million_actions_are_refused_by_a_real_server_naming_the_field() -> None:
    data = five_seat_record().SerializeToString()
    data += b"\x32\x02\x1a\x00" * 1_000_000  # a million passes by seat 0: 4 MB
    body = sam_loc_pb2.SamRoundRecord.FromString(data)
    big = sam_loc_pb2.SamLocServiceSettleRoundRequest(round=body)
    # The default 256 KiB message limit refuses this unread; an operator who raises the limit still gets a
    # bounded answer naming the field.
    with (
        running_server(["--max-message-bytes", str(4 * 1024 * 1024)]) as server,
        grpc.insecure_channel(server.target) as channel,
    ):
        settle = channel.unary_unary(
            "/cardrules.v1.SamLocService/SettleRound",
            request_serializer=sam_loc_pb2.SamLocServiceSettleRoundRequest.SerializeToString,
            response_deserializer=sam_loc_pb2.SamLocServiceSettleRoundResponse.FromString,
        )
        with pytest.raises(grpc.RpcError) as error:
            settle(big, timeout=30)
    assert error.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert "round.actions" in (error.value.details() or "")
