"""The conformance runner's plumbing end to end against a tiny in-test server that implements ONE method.

It checks serialization, the generic call by full method name, response-to-JSON conversion and the decoding of
BadRequest details: not the rules (test_python_conformance.py runs the real vectors against the real server).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from cardrules.client.tools.conformance import main
from cardrules.v1 import cards_pb2, lieng_pb2


def _score(request: lieng_pb2.ScoreLiengRequest, context: grpc.ServicerContext) -> lieng_pb2.ScoreLiengResponse:
    bad = [i for i, hand in enumerate(request.hands) if len(hand.cards) != 3]
    if not request.hands or bad:
        violations = [
            error_details_pb2.BadRequest.FieldViolation(
                field=f"hands[{i}]", description="a hand has 3 cards", reason="WRONG_CARD_COUNT"
            )
            for i in bad
        ] or [
            error_details_pb2.BadRequest.FieldViolation(
                field="hands", description="give 1 to 1000 hands", reason="WRONG_HAND_COUNT"
            )
        ]
        detail = any_pb2.Any()
        detail.Pack(error_details_pb2.BadRequest(field_violations=violations))
        status = status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message="bad hands", details=[detail])
        context.abort_with_status(rpc_status.to_status(status))
    # A fixed answer per hand: what matters is that every kind of field survives the round trip.
    score = lieng_pb2.LiengScore(
        tier=lieng_pb2.LIENG_TIER_SAP
        if request.hands[0].cards[0].rank == cards_pb2.RANK_ACE
        else lieng_pb2.LIENG_TIER_POINTS,
        key=11,
        points=3,
        strength=60,
    )
    score.label.en = "Trips A"
    return lieng_pb2.ScoreLiengResponse(scores=[score for _ in request.hands])


def _start_betting(
    request: lieng_pb2.StartBettingRequest, context: grpc.ServicerContext
) -> lieng_pb2.StartBettingResponse:
    # Echoes int64 money, which proto3 JSON writes as a decimal string: the runner must match either spelling.
    seats = [lieng_pb2.LiengSeat(stack=stack - request.ante, committed=request.ante) for stack in request.stacks]
    return lieng_pb2.StartBettingResponse(state=lieng_pb2.LiengBettingState(seats=seats, ante=request.ante))


@pytest.fixture(scope="module")
def target() -> Iterator[str]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    score = grpc.unary_unary_rpc_method_handler(
        _score,
        request_deserializer=lieng_pb2.ScoreLiengRequest.FromString,
        response_serializer=lieng_pb2.ScoreLiengResponse.SerializeToString,
    )
    start_betting = grpc.unary_unary_rpc_method_handler(
        _start_betting,
        request_deserializer=lieng_pb2.StartBettingRequest.FromString,
        response_serializer=lieng_pb2.StartBettingResponse.SerializeToString,
    )
    handlers: dict[str, grpc.RpcMethodHandler[Any, Any]] = {"ScoreLieng": score, "StartBetting": start_betting}
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler("cardrules.v1.LiengService", handlers)])
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    yield f"127.0.0.1:{port}"
    server.stop(grace=None)


TRIPS = {"hands": [{"cards": [{"rank": "RANK_ACE", "suit": "SUIT_CLUBS"}] * 3}]}
SHORT = {"hands": [{"cards": [{"rank": "RANK_ACE", "suit": "SUIT_CLUBS"}] * 3}, {"cards": []}]}
SHORT_HAND = {"field": "hands[1]", "reason": "WRONG_CARD_COUNT"}  # what the server above says of SHORT


def case(name: str, request: Any, expect: Any, method: str = "ScoreLieng") -> dict[str, Any]:
    return {
        "name": name,
        "service": "cardrules.v1.LiengService",
        "method": method,
        "request": request,
        "expect": expect,
    }


def write(directory: Path, relative: str, cases: list[dict[str, Any]]) -> None:
    path = directory / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"description": "test", "cases": cases}), encoding="utf-8")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = main(list(args))
    return code, capsys.readouterr().out.splitlines()


PASSING = [
    case(
        "score fields round-trip, defaults emitted",
        TRIPS,
        {
            "response": {
                "scores": [{"tier": "LIENG_TIER_SAP", "key": 11, "strength": 60, "label": {"en": "Trips A", "vi": ""}}]
            }
        },
    ),
    case(
        "int64 as a number or a string",
        {"stacks": [9_000_000_100, "9000000100"], "ante": 100},
        {"response": {"state": {"ante": 100, "seats": [{"stack": 9_000_000_000}, {"stack": "9000000000"}]}}},
        method="StartBetting",
    ),
    case("bad input names its fields", SHORT, {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": [SHORT_HAND]}}),
    case(
        "no hands",
        {},
        {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": [{"field": "hands", "reason": "WRONG_HAND_COUNT"}]}},
    ),
]


def test_passing_vectors_in_nested_folders(target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "a.json", PASSING[:2])
    write(tmp_path, "deeper/errors/b.json", PASSING[2:])
    code, lines = run(capsys, str(tmp_path), "--target", target, "--verbose")
    assert lines[-1] == "4 passed, 0 failed"
    assert code == 0
    assert sum(line.startswith("ok ") for line in lines) == 4


def test_each_kind_of_failure_is_one_line_naming_file_case_and_difference(
    target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    failing = [
        case("wrong tier", TRIPS, {"response": {"scores": [{"tier": "LIENG_TIER_POINTS"}]}}),
        case("expected error but succeeded", TRIPS, {"error": {"code": "INVALID_ARGUMENT"}}),
        case("expected response but failed", SHORT, {"response": {}}),
        case(
            "wrong violation set",
            SHORT,
            {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": [{**SHORT_HAND, "field": "hands[0]"}]}},
        ),
        case(
            "wrong reason",
            SHORT,
            {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": [{**SHORT_HAND, "reason": "MALFORMED_CARD"}]}},
        ),
        case(
            "a violation as a bare field",
            SHORT,
            {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": ["hands[1]"]}},
        ),
        case("unknown field in request", {"hand": []}, {"response": {}}),
        case("unknown method", TRIPS, {"response": {}}, method="ScoreEverything"),
        case("unimplemented on this server", {}, {"response": {}}, method="CompareHands"),
        {"name": "malformed case", "service": "cardrules.v1.LiengService"},
    ]
    write(tmp_path, "f.json", [*PASSING[:1], *failing])
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    code, lines = run(capsys, str(tmp_path), "--target", target)
    assert code == 1
    assert lines[-1] == "1 passed, 11 failed"
    failures = lines[:-1]
    assert len(failures) == 11 and all(line.startswith("FAIL ") for line in failures)
    assert any("broken.json" in line and "not valid JSON" in line for line in failures)
    by_case = {name: next(line for line in failures if f": {name}: " in line) for name in [c["name"] for c in failing]}
    assert all(str(tmp_path / "f.json") in line for line in by_case.values())
    assert 'response.scores[0].tier: expected "LIENG_TIER_POINTS", got "LIENG_TIER_SAP"' in by_case["wrong tier"]
    assert "but the call succeeded" in by_case["expected error but succeeded"]
    assert "failed with INVALID_ARGUMENT: bad hands" in by_case["expected response but failed"]
    assert (
        "missing [hands[0] WRONG_CARD_COUNT], unexpected [hands[1] WRONG_CARD_COUNT]" in by_case["wrong violation set"]
    )
    assert "missing [hands[1] MALFORMED_CARD]" in by_case["wrong reason"]
    assert '{"field": path, "reason": REASON}' in by_case["a violation as a bare field"]
    assert "does not parse" in by_case["unknown field in request"]
    assert "unknown method 'ScoreEverything'" in by_case["unknown method"]
    assert "UNIMPLEMENTED" in by_case["unimplemented on this server"]
    assert "malformed vector" in by_case["malformed case"]


def test_empty_folder_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, str(tmp_path), "--target", "127.0.0.1:1")
    assert (code, lines[-1]) == (1, "0 passed, 0 failed")


def test_missing_folder_and_bad_usage_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nope")]) == 2
    with pytest.raises(SystemExit) as exited:
        main([])
    assert exited.value.code == 2
    assert main([str(tmp_path), "--timeout", "0"]) == 2
    assert main([str(tmp_path), "--root-certificates", str(tmp_path / "missing.pem")]) == 2


def test_module_entry_point(target: str, tmp_path: Path) -> None:
    write(tmp_path, "a.json", PASSING)
    done = subprocess.run(
        [sys.executable, "-m", "cardrules.client.tools.conformance", str(tmp_path), "--target", target],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "4 passed, 0 failed"
    assert "RuntimeWarning" not in done.stderr


def test_stream_mode_sends_each_case_on_its_service_stream(
    target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # This server has no Stream method: a case sent on the stream fails UNIMPLEMENTED, though its unary call passes.
    write(tmp_path, "a.json", PASSING[:1])
    assert run(capsys, str(tmp_path), "--target", target)[0] == 0
    code, lines = run(capsys, str(tmp_path), "--target", target, "--stream")
    assert (code, lines[-1]) == (1, "0 passed, 1 failed")
    assert "failed with UNIMPLEMENTED" in lines[0]
