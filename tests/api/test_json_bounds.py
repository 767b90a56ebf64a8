"""A JSON body's lists are held to their bounds (api/limits.py) before anything is read from them (api/json_bounds.py):
every bound, one element over, is refused as check_bounds refuses the same request as protobuf; and a body of 20,000
hands is refused without a single field being read or a message being built (counted, not timed)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, cast

import pytest
from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from cardrules.api import json_fast, json_mapping
from cardrules.api.json_gateway import read_request
from cardrules.api.limits import BOUNDS, Bound, check_bounds
from cardrules.core.errors import InvalidInput
from cardrules.v1 import lieng_pb2

EVERY_BOUND = [(cls, bound) for cls, bounds in BOUNDS.items() for bound in bounds if not bound.distinct]


def _element(field: FieldDescriptor) -> Any:
    return {} if field.message_type is not None else 0


def over_the_bound(cls: type[Message], bound: Bound) -> dict[str, Any]:
    """The smallest JSON request whose list at ``bound.path`` holds one element more than its limit: every message
    on the way is one object (one element of a list on the way), the list's elements empty objects or zeros."""
    js: dict[str, Any] = {}
    node, descriptor = js, cast(Descriptor, cls.DESCRIPTOR)
    names = bound.path.replace("[]", "").split(".")
    for depth, name in enumerate(names):
        field: FieldDescriptor = descriptor.fields_by_name[name]
        if depth == len(names) - 1:
            node[field.json_name] = [_element(field)] * (bound.limit + 1)
            break
        child: dict[str, Any] = {}
        node[field.json_name] = [child] if field.is_repeated else child
        assert field.message_type is not None  # a list's path goes through messages
        node, descriptor = child, field.message_type
    return js


def refusal(run: Callable[[], object]) -> list[tuple[str, str, str]]:
    with pytest.raises(InvalidInput) as caught:
        run()
    return [(v.field, v.reason.name, v.description) for v in caught.value.violations]


@pytest.mark.parametrize(("cls", "bound"), EVERY_BOUND, ids=lambda item: getattr(item, "path", ""))
def test_a_json_list_over_its_bound_is_refused_as_check_bounds_refuses_it(cls: type[Message], bound: Bound) -> None:
    js = over_the_bound(cls, bound)
    got = refusal(lambda: read_request(json.dumps(js).encode(), cls))
    want = refusal(lambda: check_bounds(json_format.ParseDict(js, cls())))
    assert got == want


def test_a_hand_as_card_text_or_a_list_counts_its_cards() -> None:
    cls = lieng_pb2.ScoreLiengRequest
    for hand in ("AC AD AH KS", "ACADAHKS", ["AC", "AD", "AH", {"rank": "RANK_KING", "suit": "SUIT_SPADES"}]):
        ((field, reason, description),) = refusal(lambda h=hand: read_request(json.dumps({"hands": [h]}).encode(), cls))  # type: ignore[misc]
        assert (field, reason) == ("hands[0]", "WRONG_CARD_COUNT") and description.endswith("got 4"), hand


# --- counted: nothing is read from a body over its bounds ------------------------------------------------------

# Where fields are read and the request is built: json_fast's reading (its walk, then the message constructor),
# json_mapping's (its walk of the faults, then json_format's parse).
READERS = {
    json_fast.read.__code__: "json_fast.read",
    json_mapping.read.__code__: "json_mapping.read",
    json_mapping.violations.__code__: "json_mapping.violations",
    json_format.ParseDict.__code__: "json_format.ParseDict",
}


@contextmanager
def counted_readers() -> Iterator[dict[str, int]]:
    counts = dict.fromkeys(READERS.values(), 0)

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call" and frame.f_code in READERS:
            counts[READERS[frame.f_code]] += 1

    sys.setprofile(profile)
    try:
        yield counts
    finally:
        sys.setprofile(None)


def _hands(count: int, card: Any = None) -> bytes:
    return json.dumps({"hands": [{"cards": [] if card is None else [card] * 3}] * count}).encode()


def test_20000_hands_are_refused_before_any_field_is_read_or_any_message_built() -> None:
    cls = lieng_pb2.ScoreLiengRequest
    with counted_readers() as within:  # the counter sees the reading when there is one
        assert len(read_request(_hands(1000), cls).hands) == 1000  # the usual spelling: json_fast reads it
        with pytest.raises(InvalidInput):  # an unknown field in every card: json_mapping names them
            read_request(_hands(1000, {"rank": 1, "suitt": 1}), cls)
    assert within == {
        "json_fast.read": 2,
        "json_mapping.read": 1,
        "json_mapping.violations": 1,
        "json_format.ParseDict": 0,
    }, within
    for card in (None, {"rank": 1, "suitt": 1}):
        for count in (1001, 20_000):
            with counted_readers() as over:
                ((field, reason, _),) = refusal(lambda n=count, c=card: read_request(_hands(n, c), cls))  # type: ignore[misc]
            assert (field, reason) == ("hands", "WRONG_HAND_COUNT")
            assert set(over.values()) == {0}, (count, card, over)
