"""Loading conformance vector files (format: ``tests/vectors/README.md``) into cases, checking their shape.

A file or case that does not follow the format becomes a ``Broken`` entry (reported as a failure naming it)
rather than an exception, so one bad file cannot hide the results of the others.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["STATUS_CODES", "Broken", "Case", "VectorsUnreadable", "load_vectors"]

STATUS_CODES = frozenset(
    {
        "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
        "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
        "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
    }
)  # fmt: skip
# Unknown keys inside `expect` are rejected: a misspelt "unordered" would silently make a case stricter, a
# misspelt "fieldViolations" silently weaker.
_EXPECT_KEYS = frozenset({"response", "error", "unordered"})
_ERROR_KEYS = frozenset({"code", "fieldViolations"})


class VectorsUnreadable(Exception):
    """The vectors directory (or a file in it) cannot be read at all."""


@dataclass(frozen=True)
class Case:
    file: Path
    name: str
    service: str
    method: str
    request: Mapping[str, Any]
    expect: Mapping[str, Any]


@dataclass(frozen=True)
class Broken:
    """A malformed file (``name`` empty) or case."""

    file: Path
    name: str
    problem: str


def load_vectors(directory: Path) -> tuple[list[Case], list[Broken]]:
    """Every case of every ``*.json`` under ``directory`` (any depth), files in sorted path order."""
    if not directory.is_dir():
        raise VectorsUnreadable(f"not a directory: {directory}")
    cases: list[Case] = []
    broken: list[Broken] = []
    for path in sorted(p for p in directory.rglob("*.json") if p.is_file()):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise VectorsUnreadable(f"cannot read {path}: {error}") from error
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            broken.append(Broken(path, "", f"not valid JSON: {error}"))
            continue
        entries = document.get("cases") if isinstance(document, dict) else None
        if not isinstance(entries, list):
            broken.append(Broken(path, "", 'expected an object with a "cases" list'))
            continue
        for index, entry in enumerate(entries):
            parsed = _case(path, index, entry)
            if isinstance(parsed, Case):
                cases.append(parsed)
            else:
                broken.append(parsed)
    return cases, broken


def _case(path: Path, index: int, entry: Any) -> Case | Broken:
    if not isinstance(entry, dict):
        return Broken(path, f"cases[{index}]", "a case must be an object")
    name = entry.get("name")
    label = name if isinstance(name, str) and name else f"cases[{index}]"
    problem = _problem(entry)
    if problem is not None:
        return Broken(path, label, problem)
    return Case(path, label, entry["service"], entry["method"], entry["request"], entry["expect"])


def _problem(entry: Mapping[str, Any]) -> str | None:
    for key in ("name", "service", "method"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            return f'"{key}" must be a non-empty string'
    if not isinstance(entry.get("request"), dict):
        return '"request" must be an object'
    expect = entry.get("expect")
    if not isinstance(expect, dict):
        return '"expect" must be an object'
    unknown = set(expect) - _EXPECT_KEYS
    if unknown:
        return f'"expect" has unknown keys {sorted(unknown)}'
    if ("response" in expect) == ("error" in expect):
        return '"expect" needs exactly one of "response" and "error"'
    if "response" in expect:
        if not isinstance(expect["response"], dict):
            return '"expect.response" must be an object'
        unordered = expect.get("unordered", [])
        if not isinstance(unordered, list) or not all(isinstance(p, str) for p in unordered):
            return '"expect.unordered" must be a list of dotted paths'
        return None
    return _error_problem(expect)


def _error_problem(expect: Mapping[str, Any]) -> str | None:
    if "unordered" in expect:
        return '"expect.unordered" only applies to "response"'
    error = expect["error"]
    if not isinstance(error, dict):
        return '"expect.error" must be an object'
    unknown = set(error) - _ERROR_KEYS
    if unknown:
        return f'"expect.error" has unknown keys {sorted(unknown)}'
    if error.get("code") not in STATUS_CODES or error.get("code") == "OK":
        return f'"expect.error.code" must be a gRPC status code name other than OK, not {error.get("code")!r}'
    violations = error.get("fieldViolations", [])
    if not isinstance(violations, list) or not all(_is_violation(v) for v in violations):
        return '"expect.error.fieldViolations" must be a list of {"field": path, "reason": REASON} objects'
    return None


def _is_violation(entry: Any) -> bool:
    """``{"field": "hands[1]", "reason": "WRONG_CARD_COUNT"}``: exactly these two keys, non-empty strings."""
    return (
        isinstance(entry, dict)
        and set(entry) == {"field", "reason"}
        and all(isinstance(value, str) and value for value in entry.values())
    )
