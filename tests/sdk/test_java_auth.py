"""The Java SDK against a real server with authentication on: its conformance runner (a channel from
ChannelOptions with token / insecureToken, caCertificates and clientCertificate) passes every shared vector with
the right credentials, and a call without them fails with the typed UnauthenticatedException (the runner names it
only for that exception) or, without a client certificate, at the mutual-TLS handshake.

One Maven run compiles the SDK and writes its class path; every check then runs the runner with plain `java`
from a copy of the compiled classes, against two servers: bearer tokens over plaintext, then mutual TLS with
tokens (a caller then needs both).
"""

from __future__ import annotations

import contextlib
import fcntl
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

SDK = REPO_ROOT / "clients" / "java"
VECTORS = REPO_ROOT / "tests" / "vectors"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.MULTILINE)
REFUSED = "the server refused the credentials of 1 call(s) (UNAUTHENTICATED)"
TOKEN = new_token()
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


@contextlib.contextmanager
def _maven_lock() -> Iterator[None]:
    """Holds the lock that test_java_conformance.py also takes: pytest-xdist may run both modules at once, and
    two Maven builds in one project folder would overwrite each other's classes."""
    with (SDK / "pom.xml").open("rb") as pom:
        fcntl.flock(pom, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(pom, fcntl.LOCK_UN)


def _env(token: str | None = None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    if token is not None:
        env["CARDRULES_TOKEN"] = token
    return env


@pytest.fixture(scope="module")
def runner(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The command that starts the runner: java with the compiled SDK and its dependencies."""
    mvn, java = shutil.which("mvn"), shutil.which("java")
    assert mvn is not None and java is not None, "mvn and java must be on PATH: the Java SDK needs Maven and Java 17"
    folder = tmp_path_factory.mktemp("java-runner")
    classpath_file, classes = folder / "classpath", folder / "classes"
    with _maven_lock():
        build = subprocess.run(
            [mvn, "-q", "-B", "compile", "dependency:build-classpath", "-Dmdep.includeScope=runtime",
             f"-Dmdep.outputFile={classpath_file}"],
            cwd=SDK, env=_env(), capture_output=True, text=True, timeout=540, check=False,
        )  # fmt: skip
        assert build.returncode == 0, f"{build.stdout[-6000:]}\n{build.stderr[-4000:]}"
        # A copy: a later build (another test module) may rewrite target/classes while the runner loads them.
        shutil.copytree(SDK / "target" / "classes", classes)
    classpath = os.pathsep.join([str(classes), classpath_file.read_text().strip()])
    return [java, "-cp", classpath, "io.cardrules.client.Conformance"]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The callers file (one token) and a vectors folder with ONE_CASE."""
    folder = tmp_path_factory.mktemp("auth")
    callers = write_tokens(folder / "callers", ("java-sdk", TOKEN))
    one = folder / "one"
    one.mkdir()
    (one / "one.json").write_text(json.dumps({"cases": [ONE_CASE]}))
    return callers, one


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> tuple[Pki, ClientCertificate, Path]:
    """A CA, a client certificate, and its key in PKCS#8 (what grpc-java reads; pki.py writes SEC 1)."""
    authority = make_pki(tmp_path_factory.mktemp("pki"))
    client = authority.client("java-sdk")
    pkcs8 = client.key.with_suffix(".pk8")
    subprocess.run(
        ["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", str(client.key), "-out", str(pkcs8)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return authority, client, pkcs8


def _run(runner: list[str], *args: str, token_env: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*runner, *args], env=_env(token_env), capture_output=True, text=True, timeout=RUN_TIMEOUT_SECONDS,
        check=False,
    )  # fmt: skip


def _report(result: subprocess.CompletedProcess[str]) -> str:
    return f"\n--- stdout ---\n{result.stdout[-8000:]}\n--- stderr ---\n{result.stderr[-4000:]}"


def _passes_everything(result: subprocess.CompletedProcess[str]) -> None:
    summary = SUMMARY.findall(result.stdout)
    assert result.returncode == 0 and summary, _report(result)
    passed, failed = map(int, summary[-1])
    assert (failed, passed > 0) == (0, True), _report(result)


def _refused(result: subprocess.CompletedProcess[str], code: str) -> None:
    """Checks that the one case failed on a call refused with ``code``."""
    assert result.returncode == 1, _report(result)
    lines = result.stdout.splitlines()
    assert lines[-1] == "0 passed, 1 failed", _report(result)
    assert lines[0].startswith("FAIL one.json: empty ScoreLieng: ") and code in lines[0], _report(result)


@pytest.fixture(scope="module")
def token_server(files: tuple[Path, Path]) -> Iterator[ServerHandle]:
    with running_server(["--auth-tokens", str(files[0])]) as server:
        yield server


def test_the_right_token_passes_every_vector(runner: list[str], token_server: ServerHandle) -> None:
    _passes_everything(_run(runner, str(VECTORS), "--target", token_server.target, "--token", TOKEN))


def test_the_token_can_come_from_the_environment(
    runner: list[str], token_server: ServerHandle, files: tuple[Path, Path]
) -> None:
    result = _run(runner, str(files[1]), "--target", token_server.target, token_env=TOKEN)
    assert (result.returncode, result.stdout) == (0, "1 passed, 0 failed\n"), _report(result)


@pytest.mark.parametrize("token", [None, "wrong"], ids=["none", "unknown"])
def test_missing_or_wrong_token_is_the_typed_unauthenticated_error(
    runner: list[str], token_server: ServerHandle, files: tuple[Path, Path], token: str | None
) -> None:
    args = ["--target", token_server.target] + (["--token", token] if token is not None else [])
    result = _run(runner, str(files[1]), *args)
    _refused(result, "UNAUTHENTICATED")
    assert REFUSED in result.stderr, _report(result)


def test_stream_mode_sends_the_token_as_each_stream_opens(
    runner: list[str], token_server: ServerHandle, files: tuple[Path, Path]
) -> None:
    result = _run(runner, str(files[1]), "--target", token_server.target, "--token", TOKEN, "--stream")
    assert (result.returncode, result.stdout) == (0, "1 passed, 0 failed\n"), _report(result)
    # A refused stream fails its calls with the refusal, typed, as a refused unary call does (never retried).
    refused = _run(runner, str(files[1]), "--target", token_server.target, "--token", "wrong", "--stream")
    _refused(refused, "UNAUTHENTICATED")
    assert REFUSED in refused.stderr, _report(refused)


def test_a_bad_token_or_key_is_refused_before_any_call(
    runner: list[str], files: tuple[Path, Path], pki: tuple[Pki, ClientCertificate, Path]
) -> None:
    _, client, _ = pki
    # Nothing listens on port 1: these fail while the channel is built (exit 2 = bad usage).
    bad_token = _run(runner, str(files[1]), "--target", "127.0.0.1:1", "--token", "two words")
    assert bad_token.returncode == 2 and "token" in bad_token.stderr, _report(bad_token)
    sec1_key = _run(runner, str(files[1]), "--target", "127.0.0.1:1", "--cert", str(client.cert), "--key",
                    str(client.key))  # fmt: skip
    assert sec1_key.returncode == 2 and "openssl pkcs8 -topk8 -nocrypt" in sec1_key.stderr, _report(sec1_key)


def test_mutual_tls_with_a_token(
    runner: list[str], files: tuple[Path, Path], pki: tuple[Pki, ClientCertificate, Path]
) -> None:
    authority, client, pkcs8 = pki
    args = [*mutual_tls_args(authority), "--auth-tokens", str(files[0])]
    tls = ["--ca", str(authority.ca_cert)]
    certificate = ["--cert", str(client.cert), "--key", str(pkcs8)]
    with running_server(
        args, root_certificates=authority.ca_pem, client_certificate=(client.cert_pem, client.key_pem)
    ) as server:
        target = ["--target", server.target]
        # One case is enough here: every vector already passed over the same runner with a token.
        both = _run(runner, str(files[1]), *target, *tls, *certificate, "--token", TOKEN)
        no_token = _run(runner, str(files[1]), *target, *tls, *certificate)
        no_certificate = _run(runner, str(files[1]), *target, *tls, "--token", TOKEN)
    assert (both.returncode, both.stdout) == (0, "1 passed, 0 failed\n"), _report(both)
    _refused(no_token, "UNAUTHENTICATED")
    assert REFUSED in no_token.stderr, _report(no_token)
    # Refused at the handshake: UNAVAILABLE, which is not a credentials refusal the runner can name.
    _refused(no_certificate, "UNAVAILABLE")
    assert REFUSED not in no_certificate.stderr, _report(no_certificate)
