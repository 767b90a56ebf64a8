"""Reading one ``Stream`` message that does not parse as a whole (cardrules.api.streams): the call inside is
answered as the unary call of the same bytes would be, and a cut-off call is never read as a shorter one."""

from __future__ import annotations

import pytest
from google.protobuf.message import DecodeError
from google.rpc import status_pb2

from cardrules.api.lieng.game import LIENG
from cardrules.api.streams import StreamCalls
from cardrules.v1 import lieng_pb2
from tests.support.servicers import lieng_servicer

# Field 1 (id) = 7, then field 2 (score_lieng) holding the call.
_ID = b"\x08\x07"
_SCORE_LIENG_TAG = b"\x12"


def _groups(depth: int) -> bytes:
    """``depth`` nested groups of an unknown field: unknown to every message, skipped when it parses."""
    start, end = b"\xfb\xff\xff\xff\x0f", b"\xfc\xff\xff\xff\x0f"  # field 536870911, start/end group
    return start * depth + end * depth


def _length(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes(out + bytes([value]))


def _answer(data: bytes) -> lieng_pb2.LiengServiceStreamResponse:
    calls = StreamCalls(LIENG.service, lieng_servicer())
    return lieng_pb2.LiengServiceStreamResponse.FromString(calls.read(data).answer().data)


def _error(answer: lieng_pb2.LiengServiceStreamResponse) -> status_pb2.Status:
    assert answer.WhichOneof("result") == "error", answer
    return answer.error


def test_a_call_nested_to_the_recursion_limit_is_answered_as_its_unary_call() -> None:
    call = _groups(100)
    lieng_pb2.ScoreLiengRequest.FromString(call)  # parses on its own, as a unary call's body
    envelope = _ID + _SCORE_LIENG_TAG + _length(len(call)) + call
    with pytest.raises(DecodeError):  # one level too deep inside the envelope
        lieng_pb2.LiengServiceStreamRequest.FromString(envelope)
    answer = _answer(envelope)
    assert answer.id == 7
    # The unary call of these bytes: a request with no hands, refused naming `hands`.
    assert "hands" in _error(answer).message and "not a valid" not in _error(answer).message


def test_a_cut_off_call_is_not_read_as_a_shorter_one() -> None:
    call = lieng_pb2.ScoreLiengRequest(hands=[]).SerializeToString() + b"\x0a\x02\x0a\x00"  # one empty hand
    envelope = _ID + _SCORE_LIENG_TAG + bytes([len(call) + 10]) + call  # claims ten bytes more than it has
    answer = _answer(envelope)
    assert answer.id == 7
    assert _error(answer).message == "the request body is not a valid cardrules.v1.ScoreLiengRequest"


_LARGEST_ID = 2**64 - 1


def test_the_largest_id_is_read_off_a_message_whose_call_is_broken() -> None:
    envelope = b"\x08" + _length(_LARGEST_ID) + _SCORE_LIENG_TAG + b"\x03\xff\xff\xff"
    answer = _answer(envelope)
    assert answer.id == _LARGEST_ID
    assert _error(answer).message == "the request body is not a valid cardrules.v1.ScoreLiengRequest"


@pytest.mark.parametrize(
    "junk",
    [
        # A sound id, then what reads as id 11, then a key cut off: protobuf stops there, and more ids could follow.
        b"\x08" + _length(_LARGEST_ID) + b"\x08\x0b\xff",
        # An id of eleven varint bytes (protobuf reads at most ten), then what would read as id 11.
        b"\x08" + b"\xff" * 10 + b"\x01\x08\x0b",
        # A sound id, then a group start (the envelope has no groups to skip reading a call) and id 11.
        b"\x08\x07\x0b\x08\x0b",
        b"\xff\xff",
    ],
)
def test_the_id_of_junk_is_never_guessed(junk: bytes) -> None:
    with pytest.raises(DecodeError):
        lieng_pb2.LiengServiceStreamRequest.FromString(junk)
    answer = _answer(junk)
    assert answer.id == 0
    assert _error(answer).message == (
        "the message is not a valid cardrules.v1.LiengServiceStreamRequest; "
        "its id cannot be read, so it is answered under id 0"
    )
