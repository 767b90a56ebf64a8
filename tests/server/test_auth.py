"""Authentication end to end: bearer tokens from a file of hashes, mutual TLS, both, and what stays open."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from tests.support.auth import mutual_tls_args, new_token, tokens_line, write_tokens
from tests.support.calls import CALL_TIMEOUT, calls_counted, metric_samples, probe, status_details
from tests.support.pki import Pki, make_pki
from tests.support.server_process import FAKE_ENTRY, ServerHandle, health_status, new_channel, running_server


def _bearer(token: str) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {token}")]


def _pid(channel: grpc.Channel, metadata: list[tuple[str, str]] | None = None) -> bytes:
    response: bytes = probe(channel, "Pid")(b"", metadata=tuple(metadata or ()), timeout=CALL_TIMEOUT)
    return response


def _refused(channel: grpc.Channel, metadata: list[tuple[str, str]] | None = None) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        _pid(channel, metadata)
    return caught.value


def _reflection_list(channel: grpc.Channel, metadata: list[tuple[str, str]] | None = None) -> list[str]:
    stub: Any = reflection_pb2_grpc.ServerReflectionStub(channel)  # its type stubs do not declare its methods
    request = reflection_pb2.ServerReflectionRequest(list_services="")
    responses = stub.ServerReflectionInfo(iter([request]), metadata=metadata, timeout=CALL_TIMEOUT)
    return [service.name for response in responses for service in response.list_services_response.service]


TOKEN = new_token()
OTHER_TOKEN = new_token()


@pytest.fixture(scope="module")
def token_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerHandle]:
    tokens = tmp_path_factory.mktemp("tokens") / "callers"
    tokens.write_text(f"# who may call\n{tokens_line('game-backend', TOKEN)}\n\n{tokens_line('ops', OTHER_TOKEN)}\n")
    with running_server(["--auth-tokens", str(tokens)], entry=FAKE_ENTRY) as handle:
        yield handle


def test_a_known_token_is_answered_and_named_in_logs_and_metrics(token_server: ServerHandle) -> None:
    with token_server.channel() as channel:
        assert int(_pid(channel, _bearer(TOKEN))) == token_server.process.pid
        assert int(_pid(channel, [("authorization", f"bearer {OTHER_TOKEN}")])) == token_server.process.pid
    line = token_server.wait_for_log(lambda r: r.get("event") == "rpc" and r.get("caller") == "game-backend")
    assert line["code"] == "OK"
    assert calls_counted(token_server, "Pid", "OK", caller="game-backend") >= 1
    assert calls_counted(token_server, "Pid", "OK", caller="ops") >= 1


@pytest.mark.parametrize(
    "metadata",
    [
        None,
        _bearer("not-a-token"),
        [("authorization", TOKEN)],  # no scheme
        [("authorization", f"Basic {TOKEN}")],
        _bearer(TOKEN + "x"),
        _bearer("x" * 4000),
    ],
    ids=["none", "unknown", "no-scheme", "basic", "altered", "huge"],
)
def test_calls_without_a_valid_token_are_refused_without_detail(
    token_server: ServerHandle, metadata: list[tuple[str, str]] | None
) -> None:
    with token_server.channel() as channel:
        error = _refused(channel, metadata)
    assert error.code() == grpc.StatusCode.UNAUTHENTICATED
    assert error.details() == "missing or invalid credentials"
    assert status_details(error) is None


def test_refusals_are_logged_and_counted_without_the_token(token_server: ServerHandle) -> None:
    with token_server.channel() as channel:
        _refused(channel, _bearer("leaked-secret-value"))
    line = token_server.wait_for_log(lambda r: r.get("code") == "UNAUTHENTICATED")
    assert (line["level"], line["caller"]) == ("warning", "unauthenticated")
    assert "leaked-secret-value" not in token_server.stdout() + token_server.stderr()
    assert calls_counted(token_server, "Pid", "UNAUTHENTICATED", caller="unauthenticated") >= 1


def test_health_stays_open_and_reflection_needs_a_token(token_server: ServerHandle) -> None:
    assert health_status(token_server.target) == health_pb2.HealthCheckResponse.SERVING
    with token_server.channel() as channel:
        with pytest.raises(grpc.RpcError) as error:
            _reflection_list(channel)
        assert error.value.code() == grpc.StatusCode.UNAUTHENTICATED
        assert "cardrules.test.Probe" in _reflection_list(channel, _bearer(TOKEN))


def test_a_rotated_tokens_file_is_picked_up_without_a_restart(tmp_path: Path) -> None:
    old, new = new_token(), new_token()
    tokens = write_tokens(tmp_path / "callers", ("backend", old), ("backend", new))  # both valid while rotating
    with running_server(["--auth-tokens", str(tokens)], entry=FAKE_ENTRY) as server, server.channel() as channel:
        _pid(channel, _bearer(old))
        _pid(channel, _bearer(new))
        # The rotation ends: the old line goes. Written as a Secret volume does it: a new file moved into place.
        replacement = tmp_path / "callers.new"
        replacement.write_text(f"{tokens_line('backend', new)}\n")
        replacement.replace(tokens)
        deadline = time.monotonic() + 30  # reloads are checked every few seconds
        while True:
            try:
                _pid(channel, _bearer(old))
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.UNAUTHENTICATED
                break
            assert time.monotonic() < deadline, "the old token still works after the file changed"
            time.sleep(0.2)
        _pid(channel, _bearer(new))


def _token_gauges(server: ServerHandle, path: Path) -> tuple[float, float]:
    """(callers, bad lines) of the tokens file, as the server's metrics report them."""
    samples = metric_samples(server)
    labels = frozenset({("file", str(path))})
    return samples[("cardrules_auth_token_callers", labels)], samples[("cardrules_auth_token_file_bad_lines", labels)]


def _until_refused(channel: grpc.Channel, token: str, what: str) -> None:
    deadline = time.monotonic() + 30  # the file is looked at every 5 s while calls arrive
    while True:
        try:
            _pid(channel, _bearer(token))
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.UNAUTHENTICATED
            return
        assert time.monotonic() < deadline, f"the token still works {what}"
        time.sleep(0.2)


def _until_answered(channel: grpc.Channel, token: str, what: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            _pid(channel, _bearer(token))
            return
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.UNAUTHENTICATED
        assert time.monotonic() < deadline, f"the token is still refused {what}"
        time.sleep(0.2)


def test_revocation_fails_closed_for_every_row_of_the_table(tmp_path: Path) -> None:
    """docs/security.md, "What a reload does": each change to a running server's tokens file, in turn."""
    backend, ops = new_token(), new_token()
    tokens = write_tokens(tmp_path / "callers", ("backend", backend), ("ops", ops))
    staged = tmp_path / "staged"

    def swap(text: str) -> None:  # as a Secret volume update does: a new file moved into place
        staged.write_text(text)
        staged.replace(tokens)

    with running_server(["--auth-tokens", str(tokens)], entry=FAKE_ENTRY) as server, server.channel() as channel:
        _pid(channel, _bearer(backend))
        assert _token_gauges(server, tokens) == (2, 0)
        # 1. backend's line removed while another line is broken: backend is revoked, ops still gets in, and the
        # bad line is reported by number and skipped.
        swap(f"# callers\n{tokens_line('ops', ops)}\nops sha256:not-hex\n")
        _until_refused(channel, backend, "after its line was removed beside a broken line")
        _pid(channel, _bearer(ops))
        skipped = server.wait_for_log(lambda r: r.get("event") == "tokens file line skipped")
        assert (skipped["level"], skipped["line"], skipped["file"]) == ("error", 3, str(tokens))
        assert skipped["error"] == "expected 'NAME sha256:<64 hex digits>'"
        assert _token_gauges(server, tokens) == (1, 1)
        # 2. The file emptied: no caller at all.
        swap("")
        _until_refused(channel, ops, "after the file was emptied")
        line = server.wait_for_log(lambda r: r.get("event") == "tokens file names no caller: no caller is accepted")
        assert line["level"] == "error"
        assert _token_gauges(server, tokens) == (0, 0)
        # 3. A good file again, then deleted: no caller, until it returns.
        swap(f"{tokens_line('ops', ops)}\n")
        _until_answered(channel, ops, "after a good file returned")
        tokens.unlink()
        _until_refused(channel, ops, "after the file was deleted")
        line = server.wait_for_log(lambda r: r.get("event") == "tokens file unreadable: no caller is accepted")
        assert line["level"] == "error" and "cannot read" in line["error"]
        assert _token_gauges(server, tokens) == (0, 0)
        swap(f"{tokens_line('ops', ops)}\n")
        _until_answered(channel, ops, "after the deleted file returned")
        assert _token_gauges(server, tokens) == (1, 0)
        # Health stays open whatever the file says.
        assert health_status(server.target) == health_pb2.HealthCheckResponse.SERVING
        assert backend not in server.stdout() and ops not in server.stdout()


def test_a_server_without_a_tokens_file_exports_no_token_metrics() -> None:
    with running_server(entry=FAKE_ENTRY) as server:
        names = {name for name, _labels in metric_samples(server)}
    assert not names & {"cardrules_auth_token_callers", "cardrules_auth_token_file_bad_lines"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("backend sha256:abc\n", ":1: expected 'NAME sha256:<64 hex digits>'"),
        ("# nobody\n", "no callers"),
        ("", "no callers"),
        (f"bad/name sha256:{'0' * 64}\n", ":1: a name is"),
        (f"ok sha256:{'0' * 64}\nbroken\n", ":2: expected"),  # one bad line beside good ones: refused too
    ],
)
def test_an_unusable_tokens_file_stops_start_up(tmp_path: Path, text: str, message: str) -> None:
    tokens = tmp_path / "callers"
    tokens.write_text(text)
    with running_server(["--auth-tokens", str(tokens)], entry=FAKE_ENTRY, wait=False) as server:
        assert server.process.wait(timeout=30) == 2
        assert message in server.stderr()


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


def test_mutual_tls_names_the_caller_by_its_certificate_and_refuses_others(pki: Pki, tmp_path: Path) -> None:
    alice = pki.client("alice")
    stranger = make_pki(tmp_path / "other").client("mallory")
    certificate = (alice.cert_pem, alice.key_pem)
    with running_server(
        mutual_tls_args(pki), entry=FAKE_ENTRY, root_certificates=pki.ca_pem, client_certificate=certificate
    ) as server:
        with server.channel() as channel:
            assert int(_pid(channel)) == server.process.pid
        assert (
            server.wait_for_log(lambda r: r.get("event") == "rpc" and r.get("method", "").endswith("/Pid"))["caller"]
            == "alice"
        )
        for offered in (None, (stranger.cert_pem, stranger.key_pem)):
            with new_channel(server.target, pki.ca_pem, offered) as channel:
                assert _refused(channel).code() == grpc.StatusCode.UNAVAILABLE  # the handshake fails


def test_mutual_tls_and_tokens_together_need_both(pki: Pki, tmp_path: Path) -> None:
    alice = pki.client("alice")
    tokens = tmp_path / "callers"
    tokens.write_text(tokens_line("game-backend", TOKEN) + "\n")
    args = [*mutual_tls_args(pki), "--auth-tokens", str(tokens)]
    certificate = (alice.cert_pem, alice.key_pem)
    with (
        running_server(args, entry=FAKE_ENTRY, root_certificates=pki.ca_pem, client_certificate=certificate) as server,
        server.channel() as channel,
    ):
        assert _refused(channel).code() == grpc.StatusCode.UNAUTHENTICATED
        assert int(_pid(channel, _bearer(TOKEN))) == server.process.pid
        line = server.wait_for_log(lambda r: r.get("code") == "OK" and r.get("method", "").endswith("/Pid"))
        assert line["caller"] == "game-backend"


def test_reflection_can_be_turned_off() -> None:
    with running_server(["--reflection", "false"], entry=FAKE_ENTRY) as server, server.channel() as channel:
        with pytest.raises(grpc.RpcError) as error:
            _reflection_list(channel)
        assert error.value.code() == grpc.StatusCode.UNIMPLEMENTED
        assert next(r for r in server.logs() if r["event"] == "server started")["reflection"] is False
