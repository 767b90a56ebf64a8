"""The Go SDK (clients/go): `go vet`, its `go test` suite (unit tests plus the shared vectors against a live
server), and the standalone runner `go run ./cmd/conformance` replaying tests/vectors.

Go fetches the SDK's pinned modules itself on first use (go.sum is committed), so a fresh machine needs only
Go on PATH; these tests fail, not skip, without it, because a missing SDK toolchain is a broken suite.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from tests.support.calls import metric_samples
from tests.support.counting import settled
from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

SDK = REPO_ROOT / "clients" / "go"
VECTORS = REPO_ROOT / "tests" / "vectors"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.MULTILINE)
# The first build downloads and compiles grpc and protobuf: minutes on a cold cache, seconds after.
TIMEOUT_SECONDS = 600


def _go(*args: str, target: str | None = None) -> subprocess.CompletedProcess[str]:
    go = shutil.which("go")
    assert go is not None, "go is not on PATH: the Go SDK needs Go >= 1.23"
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    if target is not None:
        env["CARDRULES_TARGET"] = target
    return subprocess.run(
        [go, *args], cwd=SDK, env=env, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False
    )


def _report(result: subprocess.CompletedProcess[str]) -> str:
    return f"\n--- stdout ---\n{result.stdout[-12000:]}\n--- stderr ---\n{result.stderr[-6000:]}"


def _summary(result: subprocess.CompletedProcess[str]) -> tuple[int, int]:
    found = SUMMARY.findall(result.stdout)
    assert found, "no 'N passed, M failed' line" + _report(result)
    passed, failed = found[-1]
    return int(passed), int(failed)


def test_go_vet_is_clean() -> None:
    result = _go("vet", "./...")
    assert result.returncode == 0, _report(result)


def test_gofmt_is_clean() -> None:
    gofmt = shutil.which("gofmt")
    assert gofmt is not None, "gofmt is not on PATH"
    result = subprocess.run([gofmt, "-l", "."], cwd=SDK, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0 and result.stdout == "", _report(result)


def test_go_test_passes_with_the_shared_vectors_against_the_real_server() -> None:
    with running_server() as server:
        # -v: the conformance test prints its summary line, which `go test` shows only in verbose mode.
        result = _go("test", "-count=1", "-v", "./...", target=server.target)
    assert result.returncode == 0, _report(result)
    # The live tests skip only without CARDRULES_TARGET; here it is set, so a skip is a bug in the gate.
    assert "--- SKIP" not in result.stdout, _report(result)
    assert "--- PASS: TestEveryLegalSamMoveValidates" in result.stdout, _report(result)
    passed, failed = _summary(result)
    assert failed == 0, _report(result)
    assert passed > 0, _report(result)
    # The vectors ran twice, as unary calls and as messages on streams (stream mode), with the same result.
    assert SUMMARY.findall(result.stdout) == [(str(passed), "0")] * 2, _report(result)
    # The examples with an Output comment ran (against in-process servers) and matched it.
    assert "--- PASS: ExampleError" in result.stdout, _report(result)


def test_go_test_passes_without_a_server_skipping_only_the_live_tests() -> None:
    # What a user of the module sees: `go test ./...` with no server named passes; only the live tests skip.
    result = _go("test", "-count=1", "-v", "./...")
    assert result.returncode == 0, _report(result)
    skipped = set(re.findall(r"--- SKIP: (\w+)", result.stdout))
    assert skipped == {
        "TestSharedVectorsPass",
        "TestSharedVectorsPassOnStreams",
        "TestClientScoresCardTextAndReportsFieldViolations",
        "TestRunnerCountsFailuresAndMalformedVectors",
        "TestEveryLegalSamMoveValidates",
    }, _report(result)


def _calls_by_transport(server: ServerHandle) -> Counter[str]:
    """The rules calls the server counted (its own health probe left out), by transport."""
    counts: Counter[str] = Counter()
    for (name, labels), value in metric_samples(server).items():
        label = dict(labels)
        if name == "cardrules_rpc_calls_total" and label["method"].startswith("/cardrules.v1."):
            counts[label["transport"]] += int(value)
    return counts


@pytest.mark.parametrize("flags", [(), ("--stream",)], ids=["unary", "stream"])
def test_standalone_runner_replays_the_shared_vectors(flags: tuple[str, ...]) -> None:
    with running_server() as server:
        result = _go("run", "./cmd/conformance", "-target", server.target, *flags, str(VECTORS))
        transports = settled(lambda: _calls_by_transport(server))
    assert result.returncode == 0, _report(result)
    passed, failed = _summary(result)
    assert (failed, passed > 0) == (0, True), _report(result)
    assert result.stdout.strip().splitlines()[-1] == f"{passed} passed, 0 failed", _report(result)
    # Every case reached the server the way asked: as a stream message with --stream, else as a unary call.
    assert set(transports) == {"stream" if flags else "unary"}, transports


def test_standalone_runner_fails_on_a_mismatch_and_on_no_cases(tmp_path: Path) -> None:
    case = {
        "name": "wrong violation set",
        "service": "cardrules.v1.LiengService",
        "method": "ScoreLieng",
        "request": {},
        "expect": {
            "error": {
                "code": "INVALID_ARGUMENT",
                "fieldViolations": [{"field": "house_rules.fee_bps", "reason": "OUT_OF_RANGE"}],
            }
        },
    }
    (tmp_path / "mine.json").write_text(json.dumps({"cases": [case]}))
    empty = tmp_path / "empty"
    empty.mkdir()
    with running_server() as server:
        failing = _go("run", "./cmd/conformance", "-target", server.target, str(tmp_path))
        nothing = _go("run", "./cmd/conformance", "-target", server.target, str(empty))
        usage = _go("run", "./cmd/conformance", "-target", server.target)
    assert failing.returncode == 1, _report(failing)
    assert failing.stdout.splitlines() == [
        'FAIL mine.json :: wrong violation set: error.fieldViolations: missing ["house_rules.fee_bps OUT_OF_RANGE"], '
        'unexpected ["hands WRONG_HAND_COUNT"] (got ["hands WRONG_HAND_COUNT"])',
        "0 passed, 1 failed",
    ], _report(failing)
    assert (nothing.returncode, nothing.stdout) == (1, "0 passed, 0 failed\n"), _report(nothing)
    # `go run` reports the program's own exit status 2 (bad usage) as exit status 1 plus a note on stderr.
    assert usage.returncode != 0 and "usage: conformance" in usage.stderr, _report(usage)
