"""The JSON gateway's fast reading (json_fast) agrees with the plain json_format path (json_mapping) on every vector
request, in both spellings of the field names, with the cards as card text, and on generated variants of them,
including every refused one."""

from __future__ import annotations

import json
import random
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from google.protobuf.message import Message

from cardrules.api import json_fast, json_mapping
from cardrules.api.errors import invalid_argument_status, listed_violations
from cardrules.api.json_mapping import MalformedJson
from cardrules.core.cards import CARD_FORMAT
from cardrules.core.errors import InvalidInput
from cardrules.v1 import lieng_pb2
from tests.support.card_text import FORMS, with_card_text
from tests.support.vectors import request_class, vector_cases

CASES = vector_cases()


def plain(data: bytes, cls: type[Message]) -> Message | str:
    try:
        return json_mapping.parse_request(data, cls)
    except (InvalidInput, MalformedJson) as error:
        return f"refused: {error}"


def assert_same_reading(data: bytes, cls: type[Message]) -> bool:
    """json_fast reads ``data`` as json_mapping does, or leaves it to json_mapping; True when fast read it."""
    fast = json_fast.parse_request(data, cls)
    if fast is None:
        return False
    assert plain(data, cls) == fast, data[:300]
    return True


def test_fast_reading_agrees_with_json_format_on_every_vector() -> None:
    read = 0
    for name, case in CASES:
        cls = request_class(case["service"], case["method"])
        data = json.dumps(case["request"]).encode()
        read += assert_same_reading(data, cls)
        snake = json_format.MessageToJson(
            json_format.ParseDict(case["request"], cls()), preserving_proto_field_name=True
        )
        assert assert_same_reading(snake.encode(), cls), name  # both spellings of the names are the usual ones
    assert read == len(CASES), "the fast path gave up on a vector written in the usual spelling"


def variants(js: Any, rng: random.Random) -> Any:
    """A random change deep inside a request: a misspelt or unknown key, a null, a wrong type, a number as a
    string or a float, an enum by number, a repeated key, a key in the other spelling."""
    if isinstance(js, dict) and js and rng.random() < 0.7:
        key = rng.choice(list(js))
        value = js[key]
        change = rng.randrange(9)
        out = dict(js)
        if change == 0:
            out[key + "x"] = out.pop(key)
        elif change == 1:
            out[key] = None
        elif change == 2:
            out[key] = rng.choice([True, 1.5, "7", 7.0, [], {}, "", -1, 2**63, "1e3", " 5"])
        elif change == 3 and isinstance(value, str) and value.isupper():
            out[key] = rng.randrange(0, 4)  # an enum by number
        elif change == 4:
            snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in key)
            out[snake] = value  # both spellings at once (or the same key twice when it has no capital)
            return out if snake != key else (out, key)
        elif change == 5 and isinstance(value, int) and not isinstance(value, bool):
            out[key] = str(value)
        else:
            out[key] = variants(value, rng)
        return out
    if isinstance(js, list) and js:
        out_list = list(js)
        i = rng.randrange(len(out_list))
        out_list[i] = variants(out_list[i], rng) if rng.random() < 0.9 else None
        return out_list
    return js


def encoded(variant: Any) -> bytes:
    if isinstance(variant, tuple):  # (object, key): that key written twice
        js, key = variant
        text = json.dumps(js)
        return (text[:-1] + f', "{key}": {json.dumps(js[key])}' + "}").encode()
    return json.dumps(variant).encode()


def test_fast_reading_agrees_with_json_format_on_generated_requests() -> None:
    rng = random.Random(20261201)
    fast_read = refused_count = 0
    for _round in range(4):
        for _name, case in CASES:
            cls = request_class(case["service"], case["method"])
            data = encoded(variants(case["request"], rng))
            fast_read += assert_same_reading(data, cls)
            refused_count += isinstance(plain(data, cls), str)
    assert fast_read > 100 and refused_count > 100, (fast_read, refused_count)  # both kinds were exercised


@pytest.mark.parametrize("form", FORMS)
def test_card_text_reads_as_the_canonical_cards_on_every_vector(form: str) -> None:
    """Every vector with its cards written as card text (one string, a list of strings, strings inside the
    canonical object; a card that is not one of the 52 stays an object): both paths read the very message the
    canonical objects give, and the fast path reads every one."""
    converted = 0
    for name, case in CASES:
        cls = request_class(case["service"], case["method"])
        text = with_card_text(case["request"], cls, form)
        converted += text != case["request"]
        data = json.dumps(text, ensure_ascii=False).encode()
        canonical = json_mapping.parse_request(json.dumps(case["request"]).encode(), cls)
        assert json_mapping.parse_request(data, cls) == canonical, name
        assert json_fast.parse_request(data, cls) == canonical, name
    assert converted > len(CASES) // 2, converted  # most vectors hold cards


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        (["AC XX AH"], [("hands[0].cards[1]", "MALFORMED_CARD")]),
        (["AC AD", "1S"], [("hands[1].cards[0]", "MALFORMED_CARD")]),
        ([["AC", "ZZ", {"rank": "RANK_TWO", "suit": "SUIT_SPADES"}]], [("hands[0].cards[1]", "MALFORMED_CARD")]),
        ([{"cards": ["AC", "A"]}], [("hands[0].cards[1]", "MALFORMED_CARD")]),
        ([{"cards": ["AC", 7]}], [("hands[0].cards[1]", "INVALID_VALUE")]),
        ([5], [("hands[0]", "INVALID_VALUE")]),
        ([["AC", None]], [("hands[0].cards[1]", "INVALID_VALUE")]),
    ],
)
def test_malformed_card_text_is_named_at_the_card_with_the_card_format(
    hands: list[Any], expected: list[tuple[str, str]]
) -> None:
    data = json.dumps({"hands": hands}).encode()
    assert json_fast.parse_request(data, lieng_pb2.ScoreLiengRequest) is None  # refusals are json_mapping's
    with pytest.raises(InvalidInput) as caught:
        json_mapping.parse_request(data, lieng_pb2.ScoreLiengRequest)
    assert [(v.field, v.reason.name) for v in caught.value.violations] == expected
    if expected[0][1] == "MALFORMED_CARD":
        assert CARD_FORMAT in caught.value.violations[0].description


@pytest.mark.parametrize("text", ["\ud800", "AS \udfff", "x" * 5000 + " AS"])
def test_card_text_no_protobuf_string_can_hold_is_refused_in_an_error_that_can(text: str) -> None:
    """A lone surrogate (which JSON allows and UTF-8 does not) or a very long piece in card text: the error names
    it in text every client can read, within the error's size budget."""
    data = json.dumps({"hands": [text]}).encode()
    with pytest.raises(InvalidInput) as caught:
        json_mapping.parse_request(data, lieng_pb2.ScoreLiengRequest)
    status = invalid_argument_status(caught.value)
    assert status.code == grpc.StatusCode.INVALID_ARGUMENT
    (violation,) = listed_violations(caught.value).field_violations
    assert violation.reason == "MALFORMED_CARD" and violation.field.startswith("hands[0].cards[")
    assert len(violation.description.encode()) < 1000
