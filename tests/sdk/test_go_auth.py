"""The Go SDK against a real server with authentication on: its conformance runner (cardrules.NewClient with
WithToken / WithInsecureToken and WithTLS) passes every shared vector with the right credentials, and a call
without them fails with the typed UNAUTHENTICATED error (the runner names it only when errors.Is matches
cardrules.ErrUnauthenticated) or, without a client certificate, at the mutual-TLS handshake.

One build of the runner serves every check, and two servers: bearer tokens over plaintext, then mutual TLS
with tokens (a caller then needs both).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.auth import mutual_tls_args, new_token, write_tokens
from tests.support.pki import ClientCertificate, Pki, make_pki
from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

SDK = REPO_ROOT / "clients" / "go"
VECTORS = REPO_ROOT / "tests" / "vectors"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.MULTILINE)
REFUSED = "the server refused the credentials of 1 call(s) (UNAUTHENTICATED)"
TOKEN = new_token()
# The first build compiles grpc: minutes on a cold cache, seconds after.
BUILD_TIMEOUT_SECONDS = 600
RUN_TIMEOUT_SECONDS = 180

# One case that passes with accepted credentials and fails on any refusal.
ONE_CASE = {
    "name": "empty ScoreLieng",
    "service": "cardrules.v1.LiengService",
    "method": "ScoreLieng",
    "request": {},
    "expect": {
        "error": {"code": "INVALID_ARGUMENT", "fieldViolations": [{"field": "hands", "reason": "WRONG_HAND_COUNT"}]}
    },
}


@pytest.fixture(scope="module")
def runner(tmp_path_factory: pytest.TempPathFactory) -> Path:
    go = shutil.which("go")
    assert go is not None, "go is not on PATH: the Go SDK needs Go >= 1.23"
    binary = tmp_path_factory.mktemp("go-runner") / "conformance"
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    build = subprocess.run(
        [go, "build", "-o", str(binary), "./cmd/conformance"],
        cwd=SDK, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT_SECONDS, check=False,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    return binary


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The callers file (one token) and a vectors folder with ONE_CASE."""
    folder = tmp_path_factory.mktemp("auth")
    callers = write_tokens(folder / "callers", ("go-sdk", TOKEN))
    one = folder / "one"
    one.mkdir()
    (one / "one.json").write_text(json.dumps({"cases": [ONE_CASE]}))
    return callers, one


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> tuple[Pki, ClientCertificate]:
    authority = make_pki(tmp_path_factory.mktemp("pki"))
    return authority, authority.client("go-sdk")


def _run(runner: Path, *args: str, token_env: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    if token_env is not None:
        env["CARDRULES_TOKEN"] = token_env
    return subprocess.run(
        [str(runner), *args], env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_SECONDS, check=False
    )


def _report(result: subprocess.CompletedProcess[str]) -> str:
    return f"\n--- stdout ---\n{result.stdout[-8000:]}\n--- stderr ---\n{result.stderr[-4000:]}"


def _passes_everything(result: subprocess.CompletedProcess[str]) -> None:
    summary = SUMMARY.findall(result.stdout)
    assert result.returncode == 0 and summary, _report(result)
    passed, failed = map(int, summary[-1])
    assert (failed, passed > 0) == (0, True), _report(result)


def _refused(result: subprocess.CompletedProcess[str], code: str) -> str:
    """The one case's FAIL line, after checking it failed on a call refused with ``code``."""
    assert result.returncode == 1, _report(result)
    assert result.stdout.splitlines()[-1] == "0 passed, 1 failed", _report(result)
    line = result.stdout.splitlines()[0]
    assert line.startswith("FAIL one.json :: empty ScoreLieng: error.code:") and code in line, _report(result)
    return line


@pytest.fixture(scope="module")
def token_server(files: tuple[Path, Path]) -> Iterator[ServerHandle]:
    with running_server(["--auth-tokens", str(files[0])]) as server:
        yield server


@pytest.mark.parametrize("flags", [(), ("--stream",)], ids=["unary", "stream"])
def test_the_right_token_passes_every_vector(runner: Path, token_server: ServerHandle, flags: tuple[str, ...]) -> None:
    _passes_everything(_run(runner, "-target", token_server.target, "-token", TOKEN, *flags, str(VECTORS)))


def test_the_token_can_come_from_the_environment(
    runner: Path, token_server: ServerHandle, files: tuple[Path, Path]
) -> None:
    result = _run(runner, "-target", token_server.target, str(files[1]), token_env=TOKEN)
    assert (result.returncode, result.stdout) == (0, "1 passed, 0 failed\n"), _report(result)
    # The flag wins over the environment.
    wrong_flag = _run(runner, "-target", token_server.target, "-token", "wrong", str(files[1]), token_env=TOKEN)
    _refused(wrong_flag, "UNAUTHENTICATED")


@pytest.mark.parametrize("token", [None, "wrong", TOKEN + "x"], ids=["none", "unknown", "altered"])
def test_missing_or_wrong_token_is_the_typed_unauthenticated_error(
    runner: Path, token_server: ServerHandle, files: tuple[Path, Path], token: str | None
) -> None:
    args = ["-target", token_server.target] + (["-token", token] if token is not None else [])
    result = _run(runner, *args, str(files[1]))
    _refused(result, "UNAUTHENTICATED")
    assert REFUSED in result.stderr, _report(result)


def test_a_stream_opened_with_a_wrong_token_fails_its_calls_with_the_typed_error(
    runner: Path, token_server: ServerHandle, files: tuple[Path, Path]
) -> None:
    result = _run(runner, "-target", token_server.target, "-token", "wrong", "--stream", str(files[1]))
    _refused(result, "UNAUTHENTICATED")
    assert REFUSED in result.stderr, _report(result)


def test_a_bad_token_or_certificate_is_refused_before_any_call(runner: Path, files: tuple[Path, Path]) -> None:
    # Nothing listens on port 1: these fail in NewClient, before connecting (exit 2 = bad usage).
    bad_token = _run(runner, "-target", "127.0.0.1:1", "-token", "two words", str(files[1]))
    assert bad_token.returncode == 2 and "token" in bad_token.stderr, _report(bad_token)
    lone_cert = _run(runner, "-target", "127.0.0.1:1", "-cert", str(files[0]), str(files[1]))
    assert lone_cert.returncode == 2 and "CertFile and KeyFile" in lone_cert.stderr, _report(lone_cert)


def test_mutual_tls_with_a_token(runner: Path, files: tuple[Path, Path], pki: tuple[Pki, ClientCertificate]) -> None:
    authority, client = pki
    args = [*mutual_tls_args(authority), "--auth-tokens", str(files[0])]
    tls = ["-ca", str(authority.ca_cert)]
    certificate = ["-cert", str(client.cert), "-key", str(client.key)]
    with running_server(
        args, root_certificates=authority.ca_pem, client_certificate=(client.cert_pem, client.key_pem)
    ) as server:
        target = ["-target", server.target]
        both = _run(runner, *target, *tls, *certificate, "-token", TOKEN, str(VECTORS))
        both_on_streams = _run(runner, *target, *tls, *certificate, "-token", TOKEN, "--stream", str(VECTORS))
        no_token = _run(runner, *target, *tls, *certificate, str(files[1]))
        no_certificate = _run(runner, *target, *tls, "-token", TOKEN, str(files[1]))
    _passes_everything(both)
    _passes_everything(both_on_streams)
    _refused(no_token, "UNAUTHENTICATED")
    assert REFUSED in no_token.stderr, _report(no_token)
    # Refused at the handshake: UNAVAILABLE, which is not a credentials refusal the runner can name.
    _refused(no_certificate, "UNAVAILABLE")
    assert REFUSED not in no_certificate.stderr, _report(no_certificate)
