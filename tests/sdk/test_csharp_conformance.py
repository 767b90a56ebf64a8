"""The C# (Unity) SDK's tests under Debian's Mono: its unit-test harness (including the retries on a single-threaded
SynchronizationContext, as on Unity's main thread), then every shared vector in tests/vectors replayed through the SDK
over HTTP/JSON through the local front a user starts with ``bash deploy/local/up.sh`` (two real replicas behind a real
Envoy from the deployment's own template, gRPC-JSON transcoder included). Then the same through an Envoy that
requires players' JWTs (as in prod) in front of a replica with bearer-token auth on: with a locally minted player
token every vector passes; without one, or with an expired or garbage one, a call is the SDK's typed
UNAUTHENTICATED error. clients/csharp/build.sh installs Mono with apt-get when mcs is missing.
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
CSHARP = REPO_ROOT / "clients" / "csharp"
BUILD = CSHARP / "build"
VECTORS = REPO_ROOT / "tests" / "vectors"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$")

# tests/sdk is not a package, so pytest does not put the repository root on sys.path for it.
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))
local = importlib.import_module("tests.deploy.local")
running_local_front = importlib.import_module("tests.support.local_front").running_local_front
_auth = importlib.import_module("tests.support.auth")
write_tokens, new_token = _auth.write_tokens, _auth.new_token


def mono(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["mono", *args], capture_output=True, text=True, timeout=timeout, check=False, cwd=REPO_ROOT)


def summary(done: subprocess.CompletedProcess[str]) -> tuple[int, int]:
    lines = done.stdout.splitlines()
    match = SUMMARY.match(lines[-1]) if lines else None
    assert match is not None, f"no summary line:\n{done.stdout}\n{done.stderr}"
    return int(match.group(1)), int(match.group(2))


@pytest.fixture(scope="module")
def built() -> Path:
    # Up to ~5 minutes the first time (apt-get install of Mono); a few seconds afterwards.
    done = subprocess.run(
        ["bash", str(CSHARP / "build.sh")], capture_output=True, text=True, timeout=600, check=False, cwd=REPO_ROOT
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return BUILD


@pytest.fixture(scope="module")
def front_url() -> Iterator[str]:
    """The HTTP/JSON URL of ``bash deploy/local/up.sh 2``."""
    with running_local_front(replicas=2) as front:
        yield front.json_url


@dataclass(frozen=True)
class GuardedFront:
    url: str
    token: str  # a valid player JWT
    expired_token: str


@pytest.fixture(scope="module")
def guarded_front(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GuardedFront]:
    """Envoy requiring players' JWTs and calling, with its own token, a replica that requires bearer tokens."""
    envoy_token = new_token()
    tokens = write_tokens(tmp_path_factory.mktemp("auth") / "tokens", ("envoy", envoy_token))
    with (
        local.replicas(1, args=("--auth-tokens", str(tokens))) as servers,
        local.running_envoy(servers, values={"jwt_requirement": "required"}, upstream_token=envoy_token) as envoy,
    ):
        players = envoy.players
        yield GuardedFront(envoy.url, players.mint("csharp-player"), players.mint("csharp-player", 60, issued_ago=600))


def test_unit_tests_and_live_typed_calls_pass(built: Path, front_url: str) -> None:
    done = mono(str(built / "UnitTests.exe"), "--base-url", front_url, timeout=120)
    passed, failed = summary(done)
    assert (failed, done.returncode) == (0, 0), done.stdout + done.stderr
    assert passed > 0
    assert "ok   LiveTests.TestDuplicateCardIsInvalidArgumentWithItsField" in done.stdout  # the live tests ran


def vector_cases() -> int:
    return sum(len(json.loads(path.read_text(encoding="utf-8"))["cases"]) for path in VECTORS.rglob("*.json"))


def test_every_shared_vector_passes_over_json(built: Path, front_url: str) -> None:
    done = mono(str(built / "Conformance.exe"), str(VECTORS), "--base-url", front_url)
    passed, failed = summary(done)
    print(done.stdout.splitlines()[-1])
    assert (failed, done.returncode) == (0, 0), done.stdout + done.stderr
    assert passed == vector_cases()


def test_a_player_token_is_sent_and_a_refused_one_is_a_typed_unauthenticated_error(
    built: Path, guarded_front: GuardedFront
) -> None:
    args = [
        "--base-url",
        guarded_front.url,
        "--token",
        guarded_front.token,
        "--expired-token",
        guarded_front.expired_token,
    ]
    done = mono(str(built / "UnitTests.exe"), *args, timeout=120)
    _passed, failed = summary(done)
    assert (failed, done.returncode) == (0, 0), done.stdout + done.stderr
    for test in (
        "LiveAuthTests.TestAValidTokenIsAccepted",
        "LiveAuthTests.TestNoTokenIsUnauthenticated",
        "LiveAuthTests.TestAnExpiredTokenIsUnauthenticated",
        "LiveAuthTests.TestAGarbageTokenIsUnauthenticated",
        "LiveTests.TestDuplicateCardIsInvalidArgumentWithItsField",  # the live tests ran with the token
    ):
        assert f"ok   {test}" in done.stdout, done.stdout


def test_every_shared_vector_passes_with_a_player_token(built: Path, guarded_front: GuardedFront) -> None:
    done = mono(
        str(built / "Conformance.exe"), str(VECTORS), "--base-url", guarded_front.url, "--token", guarded_front.token
    )
    passed, failed = summary(done)
    print(done.stdout.splitlines()[-1])
    assert (failed, done.returncode) == (0, 0), done.stdout + done.stderr
    assert passed > 0


def test_the_runner_without_a_token_is_refused_by_the_guarded_front(built: Path, guarded_front: GuardedFront) -> None:
    done = mono(str(built / "Conformance.exe"), str(VECTORS / "lieng"), "--base-url", guarded_front.url)
    passed, failed = summary(done)
    assert done.returncode == 1 and passed == 0 and failed > 0
    assert "UNAUTHENTICATED" in done.stdout


def test_a_vector_that_cannot_match_fails(built: Path, front_url: str, tmp_path: Path) -> None:
    impossible = {
        "name": "a trips scores as points (it cannot)",
        "service": "cardrules.v1.LiengService",
        "method": "ScoreLieng",
        "request": {"hands": [{"cards": [{"rank": "RANK_ACE", "suit": s} for s in ("SUIT_CLUBS", "SUIT_HEARTS")]}]},
        "expect": {"response": {"scores": [{"tier": "LIENG_TIER_POINTS", "label": {"en": "no such label"}}]}},
    }
    misspelt = {**impossible, "name": "misspelt expect key", "expect": {"error": {"code": "INTERNAL"}, "unorderd": []}}
    bare = {
        **impossible,
        "name": "a bare field",
        "expect": {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": ["hands[0]"]}},
    }
    cases = [impossible, misspelt, bare]
    (tmp_path / "impossible.json").write_text(json.dumps({"description": "fails", "cases": cases}))
    done = mono(str(built / "Conformance.exe"), str(tmp_path), "--base-url", front_url)
    assert done.returncode == 1, done.stdout + done.stderr
    assert summary(done) == (0, 3)
    assert "impossible.json: a trips scores as points (it cannot): " in done.stdout
    assert "misspelt expect key: malformed vector" in done.stdout
    assert 'a bare field: malformed vector: "expect.error.fieldViolations" must be a list of {"field"' in done.stdout


def test_an_empty_folder_fails(built: Path, tmp_path: Path) -> None:
    done = mono(str(built / "Conformance.exe"), str(tmp_path), "--base-url", "http://127.0.0.1:1")
    assert done.returncode == 1
    assert summary(done) == (0, 0)
    assert "no vector cases found" in done.stderr
