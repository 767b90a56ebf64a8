"""The TypeScript SDK: its node unit tests, and its conformance runner replaying the shared vectors.

``bash tests/run.sh`` installs and builds the SDK (``npm ci``, ``npm run build``) before pytest runs; these tests
fail, not skip, when that has not happened, because a missing SDK is a broken suite.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

import grpc
import pytest
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from cardrules.v1 import lieng_pb2
from tests.support.server_process import REPO_ROOT, running_server

SDK = REPO_ROOT / "clients" / "typescript"
RUNNER = SDK / "dist" / "conformance.js"
VECTORS = REPO_ROOT / "tests" / "vectors"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$")


def _node() -> str:
    node = shutil.which("node")
    assert node is not None, "node is not on PATH: the TypeScript SDK needs Node 20"
    assert RUNNER.is_file(), f"{RUNNER} missing: run `npm ci --prefix clients/typescript && npm run build --prefix ...`"
    return node


def _run_vectors(vectors: Path, target: str, *flags: str) -> tuple[subprocess.CompletedProcess[str], int, int]:
    """Run the TypeScript runner; returns the process and the (passed, failed) of its last line."""
    command = [_node(), str(RUNNER), str(vectors), "--target", f"http://{target}", *flags]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    lines = result.stdout.strip().splitlines()
    summary = SUMMARY.match(lines[-1]) if lines else None
    assert summary is not None, f"no summary line\n--- stdout ---\n{result.stdout}\n--- stderr ---\n{result.stderr}"
    return result, int(summary[1]), int(summary[2])


@pytest.mark.parametrize("flags", [(), ("--stream",)], ids=["unary", "stream"])
def test_shared_vectors_pass_against_the_real_server(flags: tuple[str, ...]) -> None:
    with running_server() as server:
        result, passed, failed = _run_vectors(VECTORS, server.target, *flags)
    report = f"\n--- stdout ---\n{result.stdout}\n--- stderr ---\n{result.stderr}"
    assert failed == 0, report
    assert passed > 0, report
    assert result.returncode == 0, report


def test_node_unit_tests_pass() -> None:
    npm = shutil.which("npm")
    assert npm is not None, "npm is not on PATH: the TypeScript SDK needs Node 20 and npm"
    result = subprocess.run(
        [npm, "test", "--prefix", str(SDK)], capture_output=True, text=True, timeout=600, check=False
    )
    assert result.returncode == 0, f"{result.stdout[-8000:]}\n{result.stderr[-4000:]}"


# The node plumbing tests use a Connect server; this one checks the runner against grpcio, the server the SDK
# really talks to, whose rich status (grpc-status-details-bin) comes from grpcio-status.


def _score(request: lieng_pb2.ScoreLiengRequest, context: grpc.ServicerContext) -> lieng_pb2.ScoreLiengResponse:
    if not request.hands:
        detail = any_pb2.Any()
        detail.Pack(
            error_details_pb2.BadRequest(
                field_violations=[
                    error_details_pb2.BadRequest.FieldViolation(
                        field="hands", description="give 1 to 1000 hands", reason="WRONG_HAND_COUNT"
                    ),
                    error_details_pb2.BadRequest.FieldViolation(
                        field="house_rules.fee_bps", description="0-10000", reason="OUT_OF_RANGE"
                    ),
                ]
            )
        )
        status = status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message="bad request", details=[detail])
        context.abort_with_status(rpc_status.to_status(status))
    score = lieng_pb2.LiengScore(tier=lieng_pb2.LIENG_TIER_SAP, key=12, strength=1_234_567)
    return lieng_pb2.ScoreLiengResponse(scores=[score for _ in request.hands])


@pytest.fixture
def grpcio_target() -> Iterator[str]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    handler = grpc.unary_unary_rpc_method_handler(
        _score,
        request_deserializer=lieng_pb2.ScoreLiengRequest.FromString,
        response_serializer=lieng_pb2.ScoreLiengResponse.SerializeToString,
    )
    server.add_generic_rpc_handlers(
        [grpc.method_handlers_generic_handler("cardrules.v1.LiengService", {"ScoreLieng": handler})]
    )
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.stop(grace=None)


HANDS = {"field": "hands", "reason": "WRONG_HAND_COUNT"}
FEE = {"field": "house_rules.fee_bps", "reason": "OUT_OF_RANGE"}


def test_runner_decodes_grpcio_responses_and_bad_request_details(grpcio_target: str, tmp_path: Path) -> None:
    hand = {"cards": [{"rank": "RANK_ACE", "suit": "SUIT_SPADES"}] * 3}
    cases = [
        {
            "name": "response with defaults",
            "service": "cardrules.v1.LiengService",
            "method": "ScoreLieng",
            "request": {"hands": [hand, hand]},
            "expect": {"response": {"scores": [{"tier": "LIENG_TIER_SAP", "points": 0, "strength": 1_234_567}] * 2}},
        },
        {
            "name": "bad request fields",
            "service": "cardrules.v1.LiengService",
            "method": "ScoreLieng",
            "request": {},
            "expect": {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": [FEE, HANDS]}},
        },
        {
            "name": "wrong violation set is caught",
            "service": "cardrules.v1.LiengService",
            "method": "ScoreLieng",
            "request": {},
            "expect": {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": [HANDS]}},
        },
    ]
    (tmp_path / "plumbing.json").write_text(json.dumps({"cases": cases}))
    result, passed, failed = _run_vectors(tmp_path, grpcio_target)
    assert (passed, failed, result.returncode) == (2, 1, 1), result.stdout + result.stderr
    assert result.stdout.splitlines()[0].startswith(
        "FAIL plumbing.json :: wrong violation set is caught: error fieldViolations: missing [], "
        'unexpected ["house_rules.fee_bps OUT_OF_RANGE"]'
    ), result.stdout
