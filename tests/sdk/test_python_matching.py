"""The conformance matcher against literal JSON pairs: each rule of tests/vectors/README.md, both ways."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardrules.client.tools.matching import ErrorOutcome, ResponseOutcome, match_error, match_expect, match_subset


def j(text: str) -> Any:
    return json.loads(text)


def test_subset_ignores_keys_not_named() -> None:
    actual = j('{"legal": true, "reason": "SAM_REASON_UNSPECIFIED", "events": []}')
    assert match_subset(j('{"legal": true}'), actual) is None


def test_default_values_must_match_when_named() -> None:
    actual = j('{"legal": false, "reason": "SAM_REASON_DOES_NOT_BEAT"}')
    assert match_subset(j('{"legal": false, "reason": "SAM_REASON_DOES_NOT_BEAT"}'), actual) is None
    assert match_subset(j('{"reason": "SAM_REASON_UNSPECIFIED"}'), actual) == (
        'response.reason: expected "SAM_REASON_UNSPECIFIED", got "SAM_REASON_DOES_NOT_BEAT"'
    )


def test_missing_key_is_reported_with_its_path() -> None:
    difference = match_subset(j('{"nextState": {"winner": 1}}'), j('{"nextState": {"toAct": 2}}'))
    assert difference is not None
    assert difference.startswith("response.nextState.winner: missing")


def test_nested_objects_match_recursively() -> None:
    expected = j('{"scores": [{"tier": "LIENG_TIER_SAP", "label": {"en": "Trips A"}}]}')
    actual = j('{"scores": [{"tier": "LIENG_TIER_SAP", "key": 11, "label": {"en": "Trips A", "vi": "Sáp A"}}]}')
    assert match_subset(expected, actual) is None


def test_ordered_lists_compare_in_order() -> None:
    actual = j('{"places": [1, 0, 2]}')
    assert match_subset(j('{"places": [1, 0, 2]}'), actual) is None
    assert match_subset(j('{"places": [0, 1, 2]}'), actual) == "response.places[0]: expected 0, got 1"


def test_extra_or_missing_list_element_fails_even_when_unordered() -> None:
    actual = j('{"moves": [{"pass": {}}, {"play": {"length": 1}}]}')
    for unordered in ((), ("moves",)):
        difference = match_subset(j('{"moves": [{"pass": {}}]}'), actual, unordered)
        assert difference is not None and difference.startswith("response.moves: expected 1 elements, got 2")
    three = j('{"places": [0, 1, 2]}')
    assert match_subset(j('{"places": [0, 1]}'), three) is not None
    assert match_subset(j('{"places": [0, 1, 2, 3]}'), three) is not None


def test_unordered_list_matches_in_any_order() -> None:
    expected = j('{"moves": [{"play": {"length": 2}}, {"pass": {}}]}')
    actual = j('{"moves": [{"pass": {}}, {"play": {"length": 2, "kind": "SAM_COMBINATION_KIND_PAIR"}}]}')
    assert match_subset(expected, actual) is not None  # in order it does not match
    assert match_subset(expected, actual, ["moves"]) is None


def test_unordered_needs_distinct_elements() -> None:
    # Both expected elements fit the first actual one; only one may use it.
    expected = j('{"transfers": [{"toSeat": 0}, {"toSeat": 0}]}')
    actual = j('{"transfers": [{"toSeat": 0, "fromSeat": 1}, {"toSeat": 2, "fromSeat": 1}]}')
    difference = match_subset(expected, actual, ["transfers"])
    assert difference is not None and "no distinct element" in difference


def test_unordered_finds_a_pairing_a_greedy_pass_would_miss() -> None:
    # The loose first element fits both actual elements; greedy would take the first and strand the second.
    expected = j('{"transfers": [{"toSeat": 0}, {"toSeat": 0, "amount": "10"}]}')
    actual = j('{"transfers": [{"toSeat": 0, "amount": "10"}, {"toSeat": 0, "amount": "20"}]}')
    assert match_subset(expected, actual, ["transfers"]) is None


def test_nested_unordered_path_leaves_out_list_indices() -> None:
    actual = j('{"pots": [{"winners": [2, 0]}, {"winners": [1]}]}')
    expected = j('{"pots": [{"winners": [0, 2]}, {"winners": [1]}]}')
    assert match_subset(expected, actual, ["pots.winners"]) is None
    difference = match_subset(expected, actual, ["pots"])
    assert difference is not None and "(same index: response.pots[0].winners[0]: expected 0, got 2)" in difference
    # The outer list stays ordered when only the inner one is unordered.
    swapped = j('{"pots": [{"winners": [1]}, {"winners": [0, 2]}]}')
    assert match_subset(swapped, actual, ["pots.winners"]) is not None


def test_int64_number_matches_decimal_string_both_ways() -> None:
    assert match_subset(j('{"fee": 20000}'), j('{"fee": "20000"}')) is None
    assert match_subset(j('{"fee": "20000"}'), j('{"fee": "20000"}')) is None
    assert match_subset(j('{"nets": [-400, "400"]}'), j('{"nets": ["-400", 400]}')) is None
    assert match_subset(j('{"fee": 2e4}'), j('{"fee": "20000"}')) is None
    assert match_subset(j('{"fee": 20001}'), j('{"fee": "20000"}')) == 'response.fee: expected 20001, got "20000"'
    assert match_subset(j('{"fee": 20000.5}'), j('{"fee": "20000"}')) is not None
    assert match_subset(j('{"label": "20000"}'), j('{"label": "20000 "}')) is not None


def test_scalars_do_not_cross_types() -> None:
    assert match_subset(j('{"legal": true}'), j('{"legal": 1}')) is not None
    assert match_subset(j('{"seat": 0}'), j('{"seat": false}')) is not None
    assert match_subset(j('{"seat": "x"}'), j('{"seat": 0}')) is not None
    assert match_subset(j('{"state": {}}'), j('{"state": []}')) is not None
    assert match_subset(j('{"moves": []}'), j('{"moves": {}}')) is not None


def violations(*pairs: tuple[str, str]) -> str:
    return json.dumps([{"field": field, "reason": reason} for field, reason in pairs])


def test_error_code_and_field_violation_set() -> None:
    card, fee = ("action.play.cards[1]", "DUPLICATE_CARD"), ("house_rules.fee_bps", "OUT_OF_RANGE")
    actual = ErrorOutcome("INVALID_ARGUMENT", (card, fee))
    same_set = j(f'{{"code": "INVALID_ARGUMENT", "fieldViolations": {violations(fee, card)}}}')
    assert match_error(same_set, actual) is None
    fewer = j(f'{{"code": "INVALID_ARGUMENT", "fieldViolations": {violations(card)}}}')
    difference = match_error(fewer, actual)
    assert difference is not None and "unexpected [house_rules.fee_bps OUT_OF_RANGE]" in difference
    more = j(f'{{"code": "INVALID_ARGUMENT", "fieldViolations": {violations(card, fee, ("x", "TOO_MANY"))}}}')
    difference = match_error(more, actual)
    assert difference is not None and "missing [x TOO_MANY]" in difference
    other_reason = j(
        f'{{"code": "INVALID_ARGUMENT", "fieldViolations": {violations(card, (fee[0], "INVALID_VALUE"))}}}'
    )
    difference = match_error(other_reason, actual)
    assert difference is not None and "missing [house_rules.fee_bps INVALID_VALUE]" in difference
    assert "unexpected [house_rules.fee_bps OUT_OF_RANGE]" in difference
    assert match_error(j('{"code": "RESOURCE_EXHAUSTED"}'), actual) == (
        "error.code: expected RESOURCE_EXHAUSTED, got INVALID_ARGUMENT"
    )
    # Without fieldViolations only the code is checked; an empty list demands none.
    assert match_error(j('{"code": "INVALID_ARGUMENT"}'), actual) is None
    assert match_error(j('{"code": "INVALID_ARGUMENT", "fieldViolations": []}'), actual) is not None


@pytest.mark.parametrize(
    ("expect", "outcome", "passes"),
    [
        ({"response": {"legal": True}}, ResponseOutcome({"legal": True}), True),
        ({"response": {"legal": True}}, ErrorOutcome("INVALID_ARGUMENT", (), "bad card"), False),
        ({"error": {"code": "INVALID_ARGUMENT"}}, ResponseOutcome({"legal": True}), False),
        ({"error": {"code": "INVALID_ARGUMENT"}}, ErrorOutcome("INVALID_ARGUMENT"), True),
        ({"response": {"moves": [1, 2]}, "unordered": ["moves"]}, ResponseOutcome({"moves": [2, 1]}), True),
    ],
)
def test_match_expect_dispatches_on_response_or_error(expect: Any, outcome: Any, passes: bool) -> None:
    assert (match_expect(expect, outcome) is None) is passes


def test_failed_call_reports_code_and_message() -> None:
    difference = match_expect({"response": {}}, ErrorOutcome("UNAVAILABLE", (), "connection refused"))
    assert difference == "response: the call failed with UNAVAILABLE: connection refused"
