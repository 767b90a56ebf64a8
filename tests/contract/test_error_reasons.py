"""The violation reasons are one vocabulary: the contract's ``cardrules.v1.ErrorReason``, the core's ``ErrorReason``
and docs/errors.md name the same set, and the service builds no violation with any other word."""

from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

import pytest

from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput, violation
from cardrules.v1 import errors_pb2

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service" / "cardrules"
PREFIX = "ERROR_REASON_"
CONTRACT = errors_pb2.DESCRIPTOR.enum_types_by_name["ErrorReason"]


def contract_reasons() -> list[str]:
    """The wire strings the contract defines: each value name without the prefix, UNSPECIFIED left out."""
    return [value.name.removeprefix(PREFIX) for value in CONTRACT.values if value.number != 0]


def test_core_and_contract_define_the_same_reasons_in_the_same_order() -> None:
    assert all(value.name.startswith(PREFIX) for value in CONTRACT.values)
    assert [member.value for member in ErrorReason] == contract_reasons()
    assert all(member.name == member.value for member in ErrorReason)  # the member is its wire string


def test_every_contract_reason_is_documented_in_the_proto() -> None:
    """Each value carries a comment (what fault, which fields, an example) right above it."""
    text = (ROOT / "protos" / "cardrules" / "v1" / "errors.proto").read_text(encoding="utf-8")
    for name in [PREFIX + "UNSPECIFIED", *(PREFIX + reason for reason in contract_reasons())]:
        match = re.search(rf"((?:^\s*//.*\n)+)\s*{name} = \d+;", text, re.M)
        assert match, f"{name} has no comment in errors.proto"


def test_docs_list_every_reason_once() -> None:
    """docs/errors.md has one table row per reason, in the contract's order."""
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([A-Z_]+)` \|", text, re.M)
    assert rows == contract_reasons()


def test_the_types_admit_only_error_reasons() -> None:
    """FieldViolation.reason and the two builders are typed ErrorReason, so mypy (strict, on the service) refuses a
    string literal anywhere a violation is built."""
    assert typing.get_type_hints(FieldViolation)["reason"] is ErrorReason
    assert typing.get_type_hints(violation)["reason"] is ErrorReason
    assert typing.get_type_hints(InvalidInput.one)["reason"] is ErrorReason


BUILDERS = {"FieldViolation": 1, "violation": 1, "one": 1}  # the reason's position in each builder's arguments


def literal_reasons(source: str, label: str) -> list[str]:
    """Where ``source`` passes a string literal as a violation's reason (positionally or as ``reason=``, or as a
    bound's ``code=``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        arguments = [k.value for k in node.keywords if k.arg in ("reason", "code")]
        if name in BUILDERS and len(node.args) > BUILDERS[name]:
            arguments.append(node.args[BUILDERS[name]])
        if name not in BUILDERS and name != "Bound":
            continue
        found += [
            f"{label}:{node.lineno}: {a.value!r}"
            for a in arguments
            if isinstance(a, ast.Constant) and isinstance(a.value, str)
        ]
    return found


HAND_WRITTEN = sorted(p for p in SERVICE.rglob("*.py") if not p.name.endswith(("_pb2.py", "_pb2_grpc.py")))


@pytest.mark.parametrize("path", HAND_WRITTEN, ids=lambda p: str(p.relative_to(SERVICE)))
def test_no_violation_is_built_with_a_string_literal(path: Path) -> None:
    assert literal_reasons(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))) == []


def test_the_literal_scan_finds_a_literal() -> None:
    """The scan above can fail: it sees each way a reason is passed."""
    sample = (
        'FieldViolation("a", "WORD", "x")\nInvalidInput.one("a", reason="WORD", description="x")\n'
        'violation("a", ErrorReason.OUT_OF_RANGE, "x")\nBound("p", 1, "why", "things", code="WORD")\n'
    )
    assert literal_reasons(sample, "sample") == ["sample:1: 'WORD'", "sample:2: 'WORD'", "sample:4: 'WORD'"]
