"""The TypeScript SDK end to end against the real server with authentication on: the conformance runner with a
token (plaintext) and with mutual TLS plus a token over https, the typed UnauthenticatedError, health open to
probes, and clients without a certificate from our CA refused. Auth off is covered by
test_typescript_conformance.py. Needs the built SDK (``npm run build --prefix clients/typescript``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from grpc_health.v1 import health_pb2

from tests.support.auth import mutual_tls_args, new_token, write_tokens
from tests.support.pki import Pki, make_pki
from tests.support.server_process import REPO_ROOT, ServerHandle, health_status, running_server

SDK = REPO_ROOT / "clients" / "typescript"
RUNNER = SDK / "dist" / "conformance.js"
INDEX = SDK / "dist" / "node.js"
VECTORS = REPO_ROOT / "tests" / "vectors"
TOKEN = new_token()
WRONG_TOKEN = new_token()

# One call through the SDK's client (unary, or in stream mode), reporting what it got as one JSON line: the answer,
# or the typed error.
CALL = """
import { readFileSync } from "node:fs";
import { createLiengClient, parseHand } from "%(index)s";
const { target, token, ca, cert, key, streams } = JSON.parse(process.argv[2]);
const options = {
  retry: false,
  timeoutMs: 10000,
  ...(streams === undefined ? {} : { streams }),
  ...(token === undefined ? {} : { token }),
  ...(ca === undefined ? {} : { ca: readFileSync(ca) }),
  ...(cert === undefined ? {} : { cert: readFileSync(cert), key: readFileSync(key) }),
};
const client = createLiengClient(target, options);
try {
  const response = await client.scoreLieng({ hands: [parseHand("AC AD AH")] });
  console.log(JSON.stringify({ label: response.scores[0].label.en }));
} catch (error) {
  console.log(JSON.stringify({ error: error.constructor.name, code: error.codeName, message: error.rawMessage }));
} finally {
  await client.close();
}
"""


def _node() -> str:
    node = shutil.which("node")
    assert node is not None, "node is not on PATH: the TypeScript SDK needs Node 20"
    assert RUNNER.is_file(), f"{RUNNER} missing: run `npm ci --prefix clients/typescript && npm run build --prefix ...`"
    return node


def _env(token: str | None = None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "CARDRULES_TOKEN"}
    if token is not None:
        env["CARDRULES_TOKEN"] = token
    return env


def _run_vectors(target: str, *flags: str, env_token: str | None = None) -> subprocess.CompletedProcess[str]:
    command = [_node(), str(RUNNER), str(VECTORS), "--target", target, *flags]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, check=False, env=_env(env_token))


def _assert_all_pass(done: subprocess.CompletedProcess[str]) -> None:
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    assert done.returncode == 0 and last.endswith(" passed, 0 failed"), done.stdout[-4000:] + done.stderr
    assert int(last.split()[0]) > 0


def _call(tmp_path: Path, **options: str | int) -> dict[str, Any]:
    script = tmp_path / "call.mjs"
    script.write_text(CALL % {"index": INDEX.as_uri()})
    done = subprocess.run(
        [_node(), str(script), json.dumps(options)], capture_output=True, text=True, timeout=60, check=False, env=_env()
    )
    assert done.returncode == 0, done.stdout + done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _tokens_file(directory: Path) -> Path:
    return write_tokens(directory / "callers", ("node-backend", TOKEN))


@pytest.fixture(scope="module")
def token_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerHandle]:
    with running_server(["--auth-tokens", str(_tokens_file(tmp_path_factory.mktemp("tokens")))]) as server:
        yield server


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture(scope="module")
def mutual_tls_server(pki: Pki, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerHandle]:
    args = [*mutual_tls_args(pki), "--auth-tokens", str(_tokens_file(tmp_path_factory.mktemp("mtls-tokens")))]
    prober = pki.client("prober")
    with running_server(
        args, root_certificates=pki.ca_pem, client_certificate=(prober.cert_pem, prober.key_pem)
    ) as server:
        yield server


def test_runner_with_the_token_passes_every_vector(token_server: ServerHandle) -> None:
    _assert_all_pass(_run_vectors(f"http://{token_server.target}", "--token", TOKEN))


def test_without_or_with_a_wrong_token_a_call_is_unauthenticated(token_server: ServerHandle, tmp_path: Path) -> None:
    target = f"http://{token_server.target}"
    assert _call(tmp_path, target=target, token=TOKEN) == {"label": "Trips A"}
    refused = {"error": "UnauthenticatedError", "code": "UNAUTHENTICATED", "message": "missing or invalid credentials"}
    assert _call(tmp_path, target=target) == refused
    assert _call(tmp_path, target=target, token=WRONG_TOKEN) == refused
    # In stream mode the token goes when the stream opens, and a refused stream fails its call the same way.
    assert _call(tmp_path, target=target, token=TOKEN, streams=2) == {"label": "Trips A"}
    assert _call(tmp_path, target=target, token=WRONG_TOKEN, streams=2) == refused
    logged = token_server.wait_for_log(lambda r: r.get("event") == "rpc" and r.get("code") == "UNAUTHENTICATED")
    assert logged["caller"] == "unauthenticated"
    output = token_server.stdout() + token_server.stderr()
    assert TOKEN not in output and WRONG_TOKEN not in output


def test_health_answers_without_a_token(token_server: ServerHandle) -> None:
    assert health_status(token_server.target) == health_pb2.HealthCheckResponse.SERVING


@pytest.mark.parametrize("mode", [[], ["--stream"]], ids=["unary", "stream"])
def test_mutual_tls_and_token_pass_every_vector(mutual_tls_server: ServerHandle, pki: Pki, mode: list[str]) -> None:
    alice = pki.client("alice")
    flags = ["--ca", str(pki.ca_cert), "--cert", str(alice.cert), "--key", str(alice.key), *mode]
    _assert_all_pass(_run_vectors(f"https://{mutual_tls_server.target}", *flags, env_token=TOKEN))


def test_mutual_tls_refuses_clients_without_a_certificate_from_our_ca(
    mutual_tls_server: ServerHandle, pki: Pki, tmp_path: Path
) -> None:
    alice = pki.client("alice")
    stranger = make_pki(tmp_path / "other").client("alice")  # same name, another CA
    target, ca = f"https://{mutual_tls_server.target}", str(pki.ca_cert)
    assert _call(tmp_path, target=target, ca=ca, cert=str(alice.cert), key=str(alice.key), token=TOKEN) == {
        "label": "Trips A"
    }
    # A bare host:port with TLS options means https.
    assert _call(
        tmp_path, target=mutual_tls_server.target, ca=ca, cert=str(alice.cert), key=str(alice.key), token=TOKEN
    ) == {"label": "Trips A"}
    # Refused by the server right after the handshake. Under TLS 1.3 Node has already finished its side of the
    # handshake and sent the call, so it sees the connection close under the call: Connect reports CANCELLED
    # where grpc-based SDKs report UNAVAILABLE.
    for refused in (
        _call(tmp_path, target=target, ca=ca, token=TOKEN),
        _call(tmp_path, target=target, ca=ca, cert=str(stranger.cert), key=str(stranger.key), token=TOKEN),
    ):
        assert refused["error"] == "RulesError" and refused["code"] in {"CANCELLED", "UNAVAILABLE"}, refused
    # The certificate does not replace the token when the server asks for both.
    assert _call(tmp_path, target=target, ca=ca, cert=str(alice.cert), key=str(alice.key))["error"] == (
        "UnauthenticatedError"
    )
