"""The Envoy front's defences, each proven with the real Envoy running the repository's template rendered with the
local values (deploy/envoy/values/local.yaml; only the tested setting overridden): players' JWTs, Envoy calling
the servers as itself, per-client rate limits, the body-size limit, the content-type allow-list, CORS origins,
unknown methods and paths, and a start-up free of Envoy's warnings about missing limits.
"""

from __future__ import annotations

import base64
import http.client
import json
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from grpc_health.v1 import health_pb2, health_pb2_grpc

from cardrules.client.cards import hands as parse_hands
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc
from tests.deploy.local import EnvoyHandle, post, replicas, running_envoy, total_calls, write_upstream_token
from tests.support.auth import new_token, tokens_line, write_tokens
from tests.support.calls import raw_unary
from tests.support.counting import settled
from tests.support.server_process import ServerHandle

SCORE = "/cardrules.v1.LiengService/ScoreLieng"
HANDS = ["AC AD AH", "KS AD 2H"]
BODY = json_format.MessageToDict(lieng_pb2.ScoreLiengRequest(hands=parse_hands(HANDS)))
ALLOWED_ORIGIN = "https://play.example.com"  # in deploy/envoy/values/local.yaml
ENVOY_CALLER = "envoy"
BUCKET = 3  # calls per client before the small test buckets are empty
SMALL_BUCKET = {"max_tokens": BUCKET, "tokens_per_fill": BUCKET, "fill_interval": "60s"}


def post_json(envoy: EnvoyHandle, body: Any, token: str | None = None, path: str = SCORE) -> tuple[int, bytes]:
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    status, _headers, payload = post(envoy, path, json.dumps(body), headers)
    return status, payload


def grpc_web(envoy: EnvoyHandle, token: str) -> int:
    """One gRPC-Web ScoreLieng call: the HTTP status (200 when Envoy let it through)."""
    message = lieng_pb2.ScoreLiengRequest(hands=parse_hands(HANDS)).SerializeToString()
    body = b"\x00" + struct.pack(">I", len(message)) + message
    headers = {"content-type": "application/grpc-web+proto", "x-grpc-web": "1", "authorization": f"Bearer {token}"}
    status, _headers, _payload = post(envoy, SCORE, body, headers)
    return status


def grpc_score(envoy: EnvoyHandle, token: str | None, request: lieng_pb2.ScoreLiengRequest | None = None) -> Any:
    """One gRPC ScoreLieng call through Envoy; returns the response or the grpc.RpcError."""
    with grpc.insecure_channel(envoy.target) as channel:
        stub = lieng_pb2_grpc.LiengServiceStub(channel)
        metadata = (("authorization", f"Bearer {token}"),) if token is not None else ()
        try:
            return stub.ScoreLieng(
                request or lieng_pb2.ScoreLiengRequest(hands=parse_hands(HANDS)), timeout=10, metadata=metadata
            )
        except grpc.RpcError as error:
            return error


def tokens_file(directory: Path, token: str) -> Path:
    return write_tokens(directory / "tokens", (ENVOY_CALLER, token))


@pytest.fixture(scope="module")
def upstream_token() -> str:
    return new_token()


@pytest.fixture(scope="module")
def guarded_server(tmp_path_factory: pytest.TempPathFactory, upstream_token: str) -> Iterator[ServerHandle]:
    """A replica with bearer-token auth on: only Envoy's own token gets in."""
    path = tokens_file(tmp_path_factory.mktemp("auth"), upstream_token)
    with replicas(1, args=("--auth-tokens", str(path))) as (server,):
        yield server


@pytest.fixture(scope="module")
def prod_like(guarded_server: ServerHandle, upstream_token: str) -> Iterator[EnvoyHandle]:
    """As in prod: a player's JWT required, Envoy's own token injected towards the replica."""
    with running_envoy([guarded_server], values={"jwt_requirement": "required"}, upstream_token=upstream_token) as e:
        yield e


@pytest.fixture(scope="module")
def small_buckets() -> Iterator[EnvoyHandle]:
    """As in dev (JWT optional), with buckets of a few calls per player and per address."""
    values = {"player_bucket": SMALL_BUCKET, "address_bucket": SMALL_BUCKET}
    with replicas(1) as servers, running_envoy(servers, values=values) as envoy:
        yield envoy


# --- players' JWTs and Envoy's own token -------------------------------------------------------------------------


def test_a_valid_player_token_gets_through_and_envoy_calls_the_server_as_itself(
    prod_like: EnvoyHandle, guarded_server: ServerHandle
) -> None:
    status, payload = post_json(prod_like, BODY, prod_like.players.mint("alice"))
    assert status == 200, payload
    assert json.loads(payload)["scores"][0]["label"]["en"] == "Trips A"
    answer = grpc_score(prod_like, prod_like.players.mint("alice"))
    assert isinstance(answer, lieng_pb2.ScoreLiengResponse), answer
    # The server saw Envoy's token (the player's JWT was removed), and named the caller by it.
    callers = {r.get("caller") for r in guarded_server.logs() if r.get("event") == "rpc" and r.get("method") == SCORE}
    assert callers == {ENVOY_CALLER}, callers
    # The server really refuses anyone else: the same call straight to it, with the player's token, is refused.
    with grpc.insecure_channel(guarded_server.target) as channel:
        stub = lieng_pb2_grpc.LiengServiceStub(channel)
        with pytest.raises(grpc.RpcError) as refused:
            stub.ScoreLieng(
                lieng_pb2.ScoreLiengRequest(hands=parse_hands(HANDS)),
                timeout=10,
                metadata=(("authorization", f"Bearer {prod_like.players.mint('alice')}"),),
            )
    assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
    # Envoy's access log names the verified player of each call.
    deadline = time.monotonic() + 10
    while not any(line.get("player") == "alice" for line in prod_like.access_log()):
        assert time.monotonic() < deadline, prod_like.access_log()[-3:]
        time.sleep(0.2)


@pytest.mark.parametrize(
    "case",
    ["missing", "garbage", "expired", "too long-lived", "other issuer", "other audience", "other key", "no expiry"],
)
def test_a_call_without_a_valid_player_token_is_unauthenticated(prod_like: EnvoyHandle, case: str) -> None:
    players = prod_like.players
    token = {
        "missing": None,
        "garbage": "not.a.jwt",
        "expired": players.mint("alice", lifetime=60, issued_ago=300),
        "too long-lived": players.mint("alice", lifetime=2 * 24 * 3600),
        "other issuer": players.mint("alice", iss="https://someone-else.test"),
        "other audience": players.mint("alice", aud="another-service"),
        "other key": type(players)().mint("alice"),  # same claims, signed by a key not in the JWKS
        "no expiry": players.mint("alice", exp=None),
    }[case]
    # A genuine token meant for another service is forbidden rather than unauthenticated (jwt_authn's choice).
    status_wanted, code_wanted = (
        (403, grpc.StatusCode.PERMISSION_DENIED) if case == "other audience" else (401, grpc.StatusCode.UNAUTHENTICATED)
    )
    status, payload = post_json(prod_like, BODY, token)
    assert status == status_wanted, (status, payload)
    answer = grpc_score(prod_like, token)
    assert isinstance(answer, grpc.RpcError) and answer.code() == code_wanted, answer


NO_PLAYER = "the player's token names no player: it needs a non-empty string claim sub"


@pytest.mark.parametrize("claims", [{"sub": None}, {"sub": ""}], ids=["no sub", "empty sub"])
def test_a_genuine_token_that_names_no_player_is_refused(
    prod_like: EnvoyHandle, guarded_server: ServerHandle, claims: dict[str, Any]
) -> None:
    """jwt_authn checks signature, issuer, audience and lifetime only; without a player the call would be limited
    per address (a shared bucket) instead of per player."""
    token = prod_like.players.mint("ignored", **claims)
    before = settled(lambda: total_calls(guarded_server))
    status, payload = post_json(prod_like, BODY, token)
    assert (status, payload.decode()) == (403, NO_PLAYER + "\n")
    answer = grpc_score(prod_like, token)
    assert isinstance(answer, grpc.RpcError), answer
    assert (answer.code(), answer.details()) == (grpc.StatusCode.PERMISSION_DENIED, NO_PLAYER)
    assert grpc_web(prod_like, token) == 403
    assert settled(lambda: total_calls(guarded_server)) == before, "a token without a player reached a replica"


def test_a_subject_that_is_not_a_string_is_unauthenticated(prod_like: EnvoyHandle) -> None:
    status, payload = post_json(prod_like, BODY, prod_like.players.mint("ignored", sub=42))
    assert status == 401, payload  # jwt_authn's own check (claim_to_headers needs a string)


def test_where_tokens_are_optional_a_token_without_a_player_is_still_refused(small_buckets: EnvoyHandle) -> None:
    """Dev: a call without a token is limited per address, but a token without a player does not fall back to
    that bucket: it is refused, like any bad token."""
    token = small_buckets.players.mint("ignored", sub=None)
    assert [post_json(small_buckets, BODY, token)[0] for _ in range(2)] == [403, 403]
    assert post_json(small_buckets, BODY, small_buckets.players.mint("optional-player"))[0] == 200


def test_health_needs_no_token(prod_like: EnvoyHandle) -> None:
    with grpc.insecure_channel(prod_like.target) as channel:
        stub: Any = health_pb2_grpc.HealthStub(channel)  # the stub's type stubs do not declare its methods
        answer = stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=10)
    assert answer.status == health_pb2.HealthCheckResponse.SERVING


def test_envoy_picks_up_a_rotated_upstream_token(tmp_path: Path) -> None:
    """The documented rotation: the server accepts old and new, Envoy's Secret changes, the old token goes."""
    old, new = new_token(), new_token()
    server_tokens = tokens_file(tmp_path, old)
    with (
        replicas(1, args=("--auth-tokens", str(server_tokens))) as servers,
        running_envoy(servers, upstream_token=old) as envoy,
    ):
        token = envoy.players.mint("rotation")
        assert post_json(envoy, BODY, token)[0] == 200
        server_tokens.write_text(server_tokens.read_text() + tokens_line(ENVOY_CALLER, new) + "\n")  # 1. add the new
        sds = envoy.output_dir / "upstream-token" / "sds.yaml"
        staged = write_upstream_token(tmp_path / "staged", new)  # 2. swap Envoy's file, as the kubelet does
        staged.replace(sds)
        write_tokens(server_tokens, (ENVOY_CALLER, new))  # 3. drop the old
        deadline = time.monotonic() + 30  # the server re-reads its file within a few seconds
        while direct_call(servers[0], old) != grpc.StatusCode.UNAUTHENTICATED:
            assert time.monotonic() < deadline, "the server never dropped the old token"
            time.sleep(0.5)
        assert post_json(envoy, BODY, token)[0] == 200, "Envoy still sends the old token"


def direct_call(server: ServerHandle, token: str) -> grpc.StatusCode:
    with grpc.insecure_channel(server.target) as channel:
        stub = lieng_pb2_grpc.LiengServiceStub(channel)
        try:
            stub.ScoreLieng(
                lieng_pb2.ScoreLiengRequest(hands=parse_hands(HANDS)),
                timeout=10,
                metadata=(("authorization", f"Bearer {token}"),),
            )
        except grpc.RpcError as error:
            code: grpc.StatusCode = error.code()
            return code
    return grpc.StatusCode.OK


# --- rate limits ---------------------------------------------------------------------------------------------------


def test_each_player_has_a_bucket_json_429(small_buckets: EnvoyHandle) -> None:
    players = small_buckets.players
    statuses = [post_json(small_buckets, BODY, players.mint("json-player"))[0] for _ in range(BUCKET + 1)]
    assert statuses == [200] * BUCKET + [429], statuses
    # Another player, from the same address, is not affected.
    assert post_json(small_buckets, BODY, players.mint("json-other-player"))[0] == 200


def test_grpc_gets_resource_exhausted_and_grpc_web_429(small_buckets: EnvoyHandle) -> None:
    token = small_buckets.players.mint("grpc-player")
    answers = [grpc_score(small_buckets, token) for _ in range(BUCKET + 1)]
    assert all(isinstance(answer, lieng_pb2.ScoreLiengResponse) for answer in answers[:BUCKET]), answers
    assert isinstance(answers[-1], grpc.RpcError), answers[-1]
    assert answers[-1].code() == grpc.StatusCode.RESOURCE_EXHAUSTED  # not UNAVAILABLE: clients must not retry

    web_token = small_buckets.players.mint("grpc-web-player")
    statuses = [grpc_web(small_buckets, web_token) for _ in range(BUCKET + 1)]
    assert statuses == [200] * BUCKET + [429], statuses


def test_calls_without_a_player_share_their_address_bucket_and_cannot_claim_a_player(
    small_buckets: EnvoyHandle,
) -> None:
    statuses = [post_json(small_buckets, BODY)[0] for _ in range(BUCKET + 1)]
    assert statuses == [200] * BUCKET + [429], statuses
    # The player header is Envoy's to set (from a verified JWT): a client sending it is still limited by address.
    spoofed = {"content-type": "application/json", "x-cardrules-player": "someone-with-tokens-left"}
    assert post(small_buckets, SCORE, json.dumps(BODY), spoofed)[0] == 429
    # A verified player is still served from the same address.
    assert post_json(small_buckets, BODY, small_buckets.players.mint("address-test-player"))[0] == 200


def test_a_flood_of_refused_tokens_is_limited_per_address(guarded_server: ServerHandle) -> None:
    """The flood guard counts every call of an address before any token is checked: 401s are not free."""
    values = {"jwt_requirement": "required", "flood_bucket": SMALL_BUCKET}
    with running_envoy([guarded_server], values=values) as envoy:
        statuses = [post_json(envoy, BODY, "not.a.jwt")[0] for _ in range(BUCKET + 1)]
        assert statuses == [401] * BUCKET + [429], statuses
        answer = grpc_score(envoy, envoy.players.mint("flooded-player"))  # a good token, from the same address
        assert isinstance(answer, grpc.RpcError) and answer.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, answer


# --- bodies, content types, methods, paths --------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_before_transcoding(
    prod_like: EnvoyHandle, guarded_server: ServerHandle
) -> None:
    token = prod_like.players.mint("big-body")
    before = settled(lambda: total_calls(guarded_server))
    padding = " " * (600 * 1024)  # valid JSON, just too long
    status, _headers, _payload = post(
        prod_like,
        SCORE,
        json.dumps(BODY) + padding,
        {"content-type": "application/json", "authorization": f"Bearer {token}"},
    )
    assert status == 413
    # The largest legitimate request (1000 hands) fits as JSON indented by one space (~226 KB): JSON bodies reach
    # the server as sent, within its 256 KiB receive limit. Indented by two (~290 KB) it is refused by Envoy.
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "SHDC"]
    thousand = lieng_pb2.ScoreLiengRequest(hands=parse_hands(" ".join(deck[i % 49 : i % 49 + 3]) for i in range(1000)))
    indented = json_format.MessageToJson(thousand, indent=1)
    assert len(indented) > 220_000
    status, _headers, payload = post(
        prod_like, SCORE, indented, {"content-type": "application/json", "authorization": f"Bearer {token}"}
    )
    assert status == 200, payload[:300]
    assert len(json.loads(payload)["scores"]) == 1000
    status, _headers, _payload = post(
        prod_like,
        SCORE,
        json_format.MessageToJson(thousand, indent=2),
        {"content-type": "application/json", "authorization": f"Bearer {token}"},
    )
    assert status == 413
    # gRPC: RESOURCE_EXHAUSTED, not UNKNOWN.
    huge = lieng_pb2.ScoreLiengRequest(hands=parse_hands(" ".join(deck[:3]) for _ in range(40_000)))
    answer = grpc_score(prod_like, token, huge)
    assert isinstance(answer, grpc.RpcError) and answer.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, answer
    assert settled(lambda: total_calls(guarded_server)) - before == 1, "only the legitimate call reached the server"


LIMIT = 261_120  # deploy/envoy/values/*.yaml max_request_bytes: the HTTP request body, as sent
TOO_LARGE = "request body too large"


def json_of_length(length: int) -> str:
    """The two-hand request as JSON padded with spaces to exactly ``length`` bytes."""
    text = json.dumps(BODY)
    return text + " " * (length - len(text))


def test_the_body_limit_is_exact_for_json(prod_like: EnvoyHandle) -> None:
    headers = {"content-type": "application/json", "authorization": f"Bearer {prod_like.players.mint('edge')}"}
    status, _headers, payload = post(prod_like, SCORE, json_of_length(LIMIT), headers)
    assert status == 200, payload[:200]  # not refused for the gateway's envelope the transcoder adds
    status, _headers, payload = post(prod_like, SCORE, json_of_length(LIMIT + 1), headers)
    assert (status, payload.decode()) == (413, TOO_LARGE + "\n")
    # A body without a Content-Length (chunked) is counted as it arrives: the same figure.
    status, payload = chunked_post(prod_like, headers, [json_of_length(LIMIT + 1).encode()])
    assert (status, payload.decode()) == (413, TOO_LARGE + "\n")


def chunked_post(envoy: EnvoyHandle, headers: dict[str, str], chunks: list[bytes]) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", envoy.port, timeout=10)
    try:
        connection.request("POST", SCORE, body=iter(chunks), headers=headers, encode_chunked=True)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_the_body_limit_counts_grpc_framing(prod_like: EnvoyHandle) -> None:
    """gRPC's body is the message plus a 5-byte frame header: the largest message through is LIMIT - 5 bytes."""
    token = prod_like.players.mint("edge-grpc")

    def padded(length: int) -> bytes:  # a message of exactly ``length`` bytes: unknown field 15, bytes
        payload = length - 4  # tag (1 byte) and a 3-byte length
        return bytes([0x7A, 0x80 | payload & 0x7F, 0x80 | payload >> 7 & 0x7F, payload >> 14]) + b"\0" * payload

    with grpc.insecure_channel(prod_like.target) as channel:
        metadata = (("authorization", f"Bearer {token}"),)
        with pytest.raises(grpc.RpcError) as served:  # reached the server, which wants hands
            raw_unary(channel, SCORE)(padded(LIMIT - 5), timeout=10, metadata=metadata)
        assert served.value.code() == grpc.StatusCode.INVALID_ARGUMENT, served.value
        with pytest.raises(grpc.RpcError) as refused:
            raw_unary(channel, SCORE)(padded(LIMIT - 4), timeout=10, metadata=metadata)
        assert (refused.value.code(), refused.value.details()) == (grpc.StatusCode.RESOURCE_EXHAUSTED, TOO_LARGE)
        with pytest.raises(grpc.RpcError) as huge:  # 5 MiB over HTTP/2: the same answer, no reset
            raw_unary(channel, SCORE)(b"\0" * (5 << 20), timeout=10, metadata=metadata)
        assert (huge.value.code(), huge.value.details()) == (grpc.StatusCode.RESOURCE_EXHAUSTED, TOO_LARGE)


def test_grpc_web_bodies_over_the_limit_get_resource_exhausted(prod_like: EnvoyHandle) -> None:
    headers = {
        "content-type": "application/grpc-web+proto",
        "x-grpc-web": "1",
        "authorization": f"Bearer {prod_like.players.mint('edge-web')}",
    }
    frame = b"\x00" + struct.pack(">I", LIMIT) + b"\0" * LIMIT
    status, response_headers, payload = post(prod_like, SCORE, frame, headers)  # refused by its Content-Length
    assert (status, response_headers.get("grpc-status"), response_headers.get("grpc-message")) == (413, "8", TOO_LARGE)
    assert payload == b""
    status, payload = chunked_post(prod_like, headers, [frame])  # refused by the buffer filter
    assert status == 413 and payload == b""


def test_a_declared_body_over_the_limit_is_answered_before_it_is_sent(prod_like: EnvoyHandle) -> None:
    """A 5 MiB body is refused on its Content-Length alone: the readable 413 (with CORS headers for an allowed page)
    arrives before the client has sent a byte of it, and the connection is then closed."""
    with socket.create_connection(("127.0.0.1", prod_like.port), timeout=10) as connection:
        connection.sendall(
            f"POST {SCORE} HTTP/1.1\r\nhost: cardrules\r\ncontent-type: application/json\r\n"
            f"origin: {ALLOWED_ORIGIN}\r\ncontent-length: {5 << 20}\r\n\r\n".encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.endswith(b"\n"):
            chunk = connection.recv(65536)
            assert chunk, answer
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode().lower().split("\r\n")
    assert lines[0] == "http/1.1 413 payload too large", lines
    assert f"access-control-allow-origin: {ALLOWED_ORIGIN}" in lines and "connection: close" in lines, lines
    assert body.decode() == TOO_LARGE + "\n"


def grpc_web_text(envoy: EnvoyHandle, body: bytes, token: str) -> tuple[int, dict[str, str], bytes]:
    headers = {
        "content-type": "application/grpc-web-text",
        "accept": "application/grpc-web-text",
        "x-grpc-web": "1",
        "authorization": f"Bearer {token}",
    }
    return post(envoy, SCORE, body, headers)


def test_grpc_web_text_that_is_not_base64_is_invalid_argument(prod_like: EnvoyHandle) -> None:
    token = prod_like.players.mint("web-text")
    message = lieng_pb2.ScoreLiengRequest(hands=parse_hands(HANDS)).SerializeToString()
    status, headers, payload = grpc_web_text(
        prod_like, base64.b64encode(b"\x00" + struct.pack(">I", len(message)) + message), token
    )
    assert status == 200, (status, headers)
    frames = base64.b64decode(payload)
    assert lieng_pb2.ScoreLiengResponse.FromString(frames[5 : 5 + struct.unpack(">I", frames[1:5])[0]]).scores
    # The limit counts the base64 text: 3/4 of it is frames, so the largest message is LIMIT * 3 / 4 - 5 bytes.
    for length, wanted in ((LIMIT * 3 // 4 - 5, 200), (LIMIT * 3 // 4 - 4, 413)):
        text = base64.b64encode(b"\x00" + struct.pack(">I", length) + b"\0" * length)
        status, headers, _payload = grpc_web_text(prod_like, text, token)
        assert status == wanted, (length, len(text), headers)
    for body in (b"!!!!", b"AAA", b"not base64 at all"):  # bad characters; a length that is not a multiple of 4
        status, headers, payload = grpc_web_text(prod_like, body, token)
        assert (status, headers.get("grpc-status"), headers.get("grpc-message")) == (
            400,
            "3",
            "the gRPC-Web-text request body is not valid base64",
        ), (body, headers)
        assert payload == b""


@pytest.mark.parametrize(
    "content_type", ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x", None]
)
def test_other_content_types_are_refused_at_once(prod_like: EnvoyHandle, content_type: str | None) -> None:
    headers = {"authorization": f"Bearer {prod_like.players.mint('alice')}"}
    if content_type is not None:
        headers["content-type"] = content_type
    status, _headers, payload = post(prod_like, SCORE, json.dumps(BODY), headers)
    assert status == 415, (status, payload)


def test_accepted_content_types_include_parameters(prod_like: EnvoyHandle) -> None:
    headers = {
        "content-type": "Application/JSON; charset=utf-8",
        "authorization": f"Bearer {prod_like.players.mint('alice')}",
    }
    status, _headers, payload = post(prod_like, SCORE, json.dumps(BODY), headers)
    assert status == 200, payload


def test_unknown_methods_and_paths_are_refused_at_once_without_retries(
    prod_like: EnvoyHandle, guarded_server: ServerHandle
) -> None:
    token = prod_like.players.mint("alice")
    before = settled(lambda: total_calls(guarded_server))
    status, payload = post_json(prod_like, {}, token, path="/cardrules.v1.LiengService/NoSuchMethod")
    assert status == 404, payload
    status, payload = post_json(prod_like, {}, token, path="/no.such.Service/Method")
    assert status == 404, payload
    with grpc.insecure_channel(prod_like.target) as channel:
        for path in ("/no.such.Service/Method", "/cardrules.v1.LiengService/NoSuchMethod"):
            with pytest.raises(grpc.RpcError) as refused:
                raw_unary(channel, path)(b"", timeout=10, metadata=(("authorization", f"Bearer {token}"),))
            assert refused.value.code() == grpc.StatusCode.UNIMPLEMENTED, path
    assert settled(lambda: total_calls(guarded_server)) == before, "an unknown method was computed by a replica"
    # A gRPC call to an unknown method of a known service is the server's to refuse (it knows its methods): once.
    deadline = time.monotonic() + 10
    while not (
        lines := [x for x in prod_like.access_log() if x.get("path") == "/cardrules.v1.LiengService/NoSuchMethod"]
    ):
        assert time.monotonic() < deadline, "no access-log line"
        time.sleep(0.2)
    assert [int(line["attempts"]) for line in lines if line["content_type"] == "application/grpc"] == [1], lines


# --- CORS ----------------------------------------------------------------------------------------------------------


def preflight(envoy: EnvoyHandle, origin: str) -> tuple[int, dict[str, str]]:
    headers = {
        "origin": origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,authorization",
    }
    status, response_headers, _payload = post(envoy, SCORE, None, headers, method="OPTIONS")
    return status, response_headers


def test_cors_allows_only_the_configured_origins(prod_like: EnvoyHandle) -> None:
    status, headers = preflight(prod_like, ALLOWED_ORIGIN)
    assert status == 200 and headers["access-control-allow-origin"] == ALLOWED_ORIGIN, (status, headers)
    assert "authorization" in headers["access-control-allow-headers"]
    status, headers = preflight(prod_like, "http://localhost:5173")  # the dev/local pattern
    assert status == 200 and headers["access-control-allow-origin"] == "http://localhost:5173"
    status, headers = preflight(prod_like, "https://evil.example.net")
    assert status == 403 and "access-control-allow-origin" not in headers, (status, headers)


# --- start-up ------------------------------------------------------------------------------------------------------


def test_envoy_starts_without_warnings(prod_like: EnvoyHandle) -> None:
    """No "no configured limit" (overload manager, global_downstream_max_connections) or deprecation warnings."""
    warnings = [line for line in prod_like.describe().splitlines() if "][warning][" in line or "][error][" in line]
    assert warnings == [], "\n".join(warnings)
