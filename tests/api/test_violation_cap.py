"""Every error reaches every client: at most 20 field violations are listed, then one entry says how many more,
and the whole status stays within a byte budget far below the 8 KiB of trailers a default client accepts
(tests/e2e/test_large_requests.py sends such an error through a real server)."""

from __future__ import annotations

import json

import pytest

from cardrules.api import json_mapping
from cardrules.api.errors import MAX_LISTED_VIOLATIONS, listed_violations
from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput
from cardrules.v1 import lieng_pb2


def test_long_descriptions_are_shortened_and_the_byte_budget_holds() -> None:
    error = InvalidInput(
        *(FieldViolation(f"{'f' * 300}[{i}]", ErrorReason.INVALID_VALUE, "x" * 5000) for i in range(15))
    )
    listed = listed_violations(error)
    assert listed.ByteSize() < 4096 + 500  # the budget, plus the closing "more" entry
    assert all(len(v.description) <= 200 and len(v.field) <= 200 for v in listed.field_violations)
    *shown, more = listed.field_violations
    assert more.reason == ErrorReason.MORE_VIOLATIONS and more.description.startswith(
        f"{15 - len(shown)} more violations"
    )
    assert 5 <= len(shown) < 15


def test_violations_counted_but_not_built_are_in_the_count() -> None:
    built = [
        FieldViolation(f"hands[{i}].cards[0].suitt", ErrorReason.UNKNOWN_FIELD, "no such field") for i in range(21)
    ]
    error = InvalidInput(*built, unlisted=2979)
    *shown, more = listed_violations(error).field_violations
    assert len(shown) == MAX_LISTED_VIOLATIONS
    assert (more.field, more.reason) == ("hands[20].cards[0].suitt", ErrorReason.MORE_VIOLATIONS)
    assert more.description == "2980 more violations not listed, the first of them here"
    assert str(error).endswith("(and 2979 more)")
    few = InvalidInput(FieldViolation("a", ErrorReason.INVALID_VALUE, "first"), unlisted=3)
    assert [(v.field, v.description) for v in listed_violations(few).field_violations] == [
        ("a", "first"),
        ("a", "3 more violations not listed, after this one"),
    ]


def test_json_faults_beyond_the_listed_ones_are_only_counted() -> None:
    body = json.dumps({"hands": [{"cards": [{"rank": "RANK_ACE", "suitt": "SUIT_SPADES"}] * 3}] * 1000}).encode()
    with pytest.raises(InvalidInput) as caught:
        json_mapping.parse_request(body, lieng_pb2.ScoreLiengRequest)
    assert len(caught.value.violations) == MAX_LISTED_VIOLATIONS + 1
    assert caught.value.unlisted == 3000 - MAX_LISTED_VIOLATIONS - 1
    assert caught.value.violations[0].field == "hands[0].cards[0].suitt"


def test_a_few_violations_are_listed_whole() -> None:
    error = InvalidInput(
        FieldViolation("a", ErrorReason.INVALID_VALUE, "first"), FieldViolation("b", ErrorReason.OUT_OF_RANGE, "second")
    )
    assert [(v.field, v.reason) for v in listed_violations(error).field_violations] == [
        ("a", "INVALID_VALUE"),
        ("b", "OUT_OF_RANGE"),
    ]
