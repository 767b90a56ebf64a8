"""The conformance matching rules of ``tests/vectors/README.md``, as pure functions over JSON values.

Every function returns the first difference as text starting with its JSON path (``response.scores[0].tier``),
or None when the actual value matches.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ErrorOutcome", "Outcome", "ResponseOutcome", "match_error", "match_expect", "match_subset"]

# proto3 JSON prints int64 as a decimal string; a vector may write the same value as a number.
_DECIMAL = re.compile(r"-?[0-9]+")


@dataclass(frozen=True)
class ResponseOutcome:
    """The call succeeded; ``response`` is its proto3 JSON with default-valued fields emitted."""

    response: Any


@dataclass(frozen=True)
class ErrorOutcome:
    """The call failed with status ``code`` (a name like ``INVALID_ARGUMENT``); ``field_violations`` holds each
    ``(field, reason)`` of its BadRequest."""

    code: str
    field_violations: Sequence[tuple[str, str]] = field(default_factory=tuple)
    message: str = ""


Outcome = ResponseOutcome | ErrorOutcome


def match_expect(expect: Mapping[str, Any], outcome: Outcome) -> str | None:
    """Check one case's ``expect`` (with ``response`` or ``error``) against what the call gave."""
    if "error" in expect:
        if isinstance(outcome, ResponseOutcome):
            return f"error: expected {expect['error'].get('code')}, but the call succeeded"
        return match_error(expect["error"], outcome)
    if isinstance(outcome, ErrorOutcome):
        return f"response: the call failed with {outcome.code}: {outcome.message}"
    return match_subset(expect["response"], outcome.response, expect.get("unordered", ()))


def match_error(expected: Mapping[str, Any], actual: ErrorOutcome) -> str | None:
    """Status code name must be equal; ``fieldViolations``, when given, must equal the actual set of
    ``{"field", "reason"}`` pairs (the vector loader checked each entry's shape)."""
    if expected.get("code") != actual.code:
        detail = f" ({actual.message})" if actual.message else ""
        return f"error.code: expected {expected.get('code')}, got {actual.code}{detail}"
    if "fieldViolations" not in expected:
        return None
    want = {(v["field"], v["reason"]) for v in expected["fieldViolations"]}
    got = set(actual.field_violations)
    if want == got:
        return None
    parts = []
    if want - got:
        parts.append(f"missing {_pairs(want - got)}")
    if got - want:
        parts.append(f"unexpected {_pairs(got - want)}")
    return f"error.fieldViolations: {', '.join(parts)} (got {_pairs(got)})"


def _pairs(violations: set[tuple[str, str]]) -> str:
    return "[" + ", ".join(f"{field} {reason}" for field, reason in sorted(violations)) + "]"


def match_subset(expected: Any, actual: Any, unordered: Collection[str] = ()) -> str | None:
    """``expected`` is a subset of the ``actual`` response; lists at the dotted paths in ``unordered`` (list
    indices left out, e.g. ``pots.winners``) may match in any order."""
    return _match(expected, actual, "response", "", frozenset(unordered))


def _match(expected: Any, actual: Any, where: str, schema: str, unordered: frozenset[str]) -> str | None:
    # `where` is the reported path with indices; `schema` is the dotted field path without them.
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return f"{where}: expected an object, got {_show(actual)}"
        for key, value in expected.items():
            if key not in actual:
                return f"{where}.{key}: missing (expected {_show(value)})"
            difference = _match(value, actual[key], f"{where}.{key}", f"{schema}.{key}" if schema else key, unordered)
            if difference is not None:
                return difference
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return f"{where}: expected a list, got {_show(actual)}"
        if len(expected) != len(actual):
            return f"{where}: expected {len(expected)} elements, got {len(actual)}: {_show(actual)}"
        if schema in unordered:
            return _match_unordered(expected, actual, where, schema, unordered)
        for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
            difference = _match(want, got, f"{where}[{index}]", schema, unordered)
            if difference is not None:
                return difference
        return None
    if _scalar_equal(expected, actual):
        return None
    return f"{where}: expected {_show(expected)}, got {_show(actual)}"


def _match_unordered(
    expected: list[Any], actual: list[Any], where: str, schema: str, unordered: frozenset[str]
) -> str | None:
    # Each expected element needs its own actual element. Subset matching means one actual element can fit
    # several expected ones, so a greedy pass could fail where a pairing exists: find a maximum bipartite
    # matching (augmenting paths; lists here are small).
    fits = [
        [j for j, got in enumerate(actual) if _match(want, got, where, schema, unordered) is None] for want in expected
    ]
    owner: dict[int, int] = {}  # actual index -> expected index

    def assign(i: int, seen: set[int]) -> bool:
        for j in fits[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or assign(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(expected)):
        if not assign(i, set()):
            if fits[i]:
                return f"{where}: expected element {_show(expected[i])} has no distinct element left to match"
            # Name the difference against the element at the same index: usually the one the author meant.
            closest = _match(expected[i], actual[i], f"{where}[{i}]", schema, unordered)
            return f"{where}: expected element {_show(expected[i])} matches no element (same index: {closest})"
    return None


def _scalar_equal(expected: Any, actual: Any) -> bool:
    # bool is an int in Python; JSON true must not equal 1.
    if isinstance(expected, bool) or isinstance(actual, bool):
        return isinstance(expected, bool) and isinstance(actual, bool) and expected == actual
    if _is_number(expected) and isinstance(actual, str):
        return _decimal_equal(actual, expected)
    if isinstance(expected, str) and _is_number(actual):
        return _decimal_equal(expected, actual)
    if type(expected) is not type(actual) and not (_is_number(expected) and _is_number(actual)):
        return False
    return bool(expected == actual)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _decimal_equal(text: str, number: float) -> bool:
    if _DECIMAL.fullmatch(text) is None:
        return False
    if isinstance(number, float):
        if not number.is_integer():
            return False
        number = int(number)
    return int(text) == number


def _show(value: Any, limit: int = 200) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"
