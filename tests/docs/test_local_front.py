"""deploy/README.md's local front, followed as a user would: `bash deploy/local/up.sh` started as the README says
(tests/support/local_front.py, on free ports), the README's curl examples run verbatim against it (card text too),
its gRPC URL called with the Python SDK, its gRPC-Web URL with a gRPC-Web request, CORS preflights from the printed
origins, and Ctrl-C (or SIGTERM) leaving no process behind."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import struct
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from cardrules.client import LiengClient, connect
from cardrules.core.cards import CARD_FORMAT
from cardrules.v1 import lieng_pb2
from tests.deploy.players import PlayerTokens
from tests.support.local_front import UP_SH, LocalFront, running_local_front
from tests.support.readme import at_address, readme_block, shell_lines
from tests.support.server_process import REPO_ROOT

README = REPO_ROOT / "deploy" / "README.md"
README_FRONT = "localhost:8080"  # what the README's examples call: up.sh's default port
SUITS = ("SUIT_CLUBS", "SUIT_DIAMONDS", "SUIT_HEARTS")


@pytest.fixture(scope="module")
def front() -> Iterator[LocalFront]:
    with running_local_front(replicas=2) as started:
        yield started


def _address(front: LocalFront) -> str:
    return urlsplit(front.json_url).netloc


def _run_readme_curl(name: str, front: LocalFront, readme: Path = README) -> Any:
    """The README's block as one shell script (its JSON body spans lines inside quotes), at the test's front."""
    script = at_address(readme_block(readme, name), _address(front), README_FRONT)
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, f"{script}\n{done.stdout}\n{done.stderr}"
    return json.loads(done.stdout)


def test_the_readme_starts_the_front_with_up_sh() -> None:
    (command,) = shell_lines(readme_block(README, "local-front-up"))
    assert command.split("#")[0].split() == ["bash", str(UP_SH.relative_to(REPO_ROOT))]


def test_the_front_prints_its_urls_and_origins(front: LocalFront) -> None:
    assert front.grpc_target == _address(front)
    assert front.grpc_web_url == front.json_url == f"http://{front.grpc_target}"
    assert len(front.replica_targets) == 2
    assert any(origin.startswith("regex ") and "localhost" in origin for origin in front.cors_origins)
    assert front.jwt.startswith("off")


def test_the_readme_score_lieng_curl(front: LocalFront) -> None:
    answer = _run_readme_curl("local-front-curl-score-lieng", front)
    labels = [score["label"]["en"] for score in answer["scores"]]
    assert labels == ["Trips A", "Straight 2-3-4"]
    assert answer["scores"][0]["tier"] == "LIENG_TIER_SAP"


def test_the_readme_sam_validate_play_curl(front: LocalFront) -> None:
    answer = _run_readme_curl("local-front-curl-sam-validate-play", front)
    assert answer["legal"] is False
    assert answer["reason"] == "SAM_REASON_DOES_NOT_BEAT"
    assert answer["message"]["en"]


def test_the_readme_card_text_curl_answers_as_the_objects_do(front: LocalFront) -> None:
    assert _run_readme_curl("local-front-curl-card-text", front) == _run_readme_curl(
        "local-front-curl-score-lieng", front
    )


def test_the_top_readme_card_text_curl(front: LocalFront) -> None:
    answer = _run_readme_curl("http-json-card-text", front, REPO_ROOT / "README.md")
    assert [score["label"]["en"] for score in answer["scores"]] == ["Trips A", "4 points"]


def _post_json(front: LocalFront, path: str, body: Any) -> tuple[int, Any]:
    connection = http.client.HTTPConnection(_address(front), timeout=10)
    data = json.dumps(body, ensure_ascii=False).encode()
    connection.request("POST", path, data, {"content-type": "application/json"})
    response = connection.getresponse()
    return response.status, json.loads(response.read())


@pytest.mark.parametrize(
    "play",
    [
        "TC",  # one string
        ["10♣"],  # a list of strings
        {"cards": ["tc"]},  # strings inside the canonical object
        {"cards": [{"rank": "RANK_TEN", "suit": "SUIT_CLUBS"}]},  # the canonical object itself
    ],
)
def test_card_text_in_every_form_through_the_front_and_answers_in_objects(front: LocalFront, play: Any) -> None:
    """The README's Sâm example with its cards as text (mixed with objects), playing the legal 10♣: the answer's
    next state writes every card as an object."""
    state = {
        "seats": [{"hand": ["9S", "10C", {"rank": "RANK_TWO", "suit": "SUIT_DIAMONDS"}]}, {"cardCount": 7}],
        "turn": 0,
        "current": "9♥",
        "currentOwner": 1,
    }
    status, answer = _post_json(
        front, "/cardrules.v1.SamLocService/ValidatePlay", {"state": state, "action": {"seat": 0, "play": play}}
    )
    assert status == 200 and answer["legal"] is True, answer
    assert answer["nextState"]["seats"][0]["hand"] == {
        "cards": [{"rank": "RANK_NINE", "suit": "SUIT_SPADES"}, {"rank": "RANK_TWO", "suit": "SUIT_DIAMONDS"}]
    }
    assert answer["nextState"]["current"] == {"cards": [{"rank": "RANK_TEN", "suit": "SUIT_CLUBS"}]}


@pytest.mark.parametrize(
    ("hands", "field", "bad"),
    [
        (["AC AD AH", "KS QS 1S"], "hands[1].cards[2]", "1S"),  # the README's example
        (["AC AD AH", ["KS", "QS", "JX"]], "hands[1].cards[2]", "JX"),
        ([{"cards": ["AC", "AD", "A"]}], "hands[0].cards[2]", "A"),
    ],
)
def test_malformed_card_text_is_400_naming_the_card_with_the_card_format(
    front: LocalFront, hands: list[Any], field: str, bad: str
) -> None:
    status, error = _post_json(front, "/cardrules.v1.LiengService/ScoreLieng", {"hands": hands})
    assert status == 400 and error["code"] == 3
    (bad_request,) = [d for d in error["details"] if d["@type"].endswith("google.rpc.BadRequest")]
    (violation,) = bad_request["fieldViolations"]
    assert (violation["field"], violation["reason"]) == (field, "MALFORMED_CARD")
    assert violation["description"] == f'bad card "{bad}": {CARD_FORMAT}'
    readme = README.read_text(encoding="utf-8")
    assert "hands[1].cards[2]" in readme and "MALFORMED_CARD" in readme


def test_a_malformed_json_call_names_the_field(front: LocalFront) -> None:
    body = json.dumps({"hands": [{"cards": [{"rank": "RANK_ACE", "suit": "SUIT_CLUBS"}]}]})
    connection = http.client.HTTPConnection(_address(front), timeout=10)
    connection.request("POST", "/cardrules.v1.LiengService/ScoreLieng", body, {"content-type": "application/json"})
    response = connection.getresponse()
    status = json.loads(response.read())
    assert response.status == 400 and status["code"] == 3
    (bad_request,) = [d for d in status["details"] if d["@type"].endswith("google.rpc.BadRequest")]
    assert [violation["field"] for violation in bad_request["fieldViolations"]] == ["hands[0]"]


def test_the_grpc_url_with_the_python_sdk(front: LocalFront) -> None:
    channel = connect(front.grpc_target)
    try:
        scores = LiengClient(channel, timeout=5).score_lieng(hands=["AC AD AH", "KS QS JS"]).scores
    finally:
        channel.close()
    assert [score.label.en for score in scores] == ["Trips A", "Straight J-Q-K"]


def _grpc_web_frames(body: bytes) -> list[tuple[int, bytes]]:
    frames = []
    while body:
        flag, length = struct.unpack(">BI", body[:5])
        frames.append((flag, body[5 : 5 + length]))
        body = body[5 + length :]
    return frames


def test_the_grpc_web_url_from_an_allowed_origin(front: LocalFront) -> None:
    request = lieng_pb2.ScoreLiengRequest()
    request.hands.add().cards.add(rank=1, suit=2)  # a 1-card hand: INVALID_ARGUMENT, in the trailers
    good = lieng_pb2.ScoreLiengRequest()
    hand = good.hands.add()
    for suit in (2, 3, 4):
        hand.cards.add(rank=1, suit=suit)  # AC AD AH
    headers = {
        "content-type": "application/grpc-web+proto",
        "x-grpc-web": "1",
        "origin": "http://localhost:5173",
    }
    answers = []
    for message in (good, request):
        payload = message.SerializeToString()
        connection = http.client.HTTPConnection(urlsplit(front.grpc_web_url).netloc, timeout=10)
        framed = struct.pack(">BI", 0, len(payload)) + payload
        connection.request("POST", "/cardrules.v1.LiengService/ScoreLieng", framed, headers)
        response = connection.getresponse()
        assert response.status == 200
        assert response.getheader("access-control-allow-origin") == "http://localhost:5173"
        answers.append((dict(response.getheaders()), _grpc_web_frames(response.read())))
    _, (data, trailers) = answers[0]
    assert data[0] == 0 and lieng_pb2.ScoreLiengResponse.FromString(data[1]).scores[0].label.en == "Trips A"
    assert trailers[0] == 0x80 and b"grpc-status:0" in trailers[1]
    error_headers, error_frames = answers[1]
    assert error_frames == [] and error_headers["grpc-status"] == "3"  # trailers-only: the status in the headers
    assert "grpc-status-details-bin" in error_headers


def _preflight(address: str, origin: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection(address, timeout=10)
    preflight = {
        "origin": origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-grpc-web",
    }
    connection.request("OPTIONS", "/cardrules.v1.SamLocService/ValidatePlay", headers=preflight)
    response = connection.getresponse()
    response.read()
    return response


@pytest.mark.parametrize(("origin", "allowed"), [("http://127.0.0.1:3000", True), ("https://evil.example", False)])
def test_cors_preflight_follows_the_printed_origins(front: LocalFront, origin: str, allowed: bool) -> None:
    response = _preflight(_address(front), origin)
    assert (response.getheader("access-control-allow-origin") == origin) is allowed
    assert (response.status == 200) is allowed
    if allowed:
        # The headers gRPC-Web pages send, and the one clients generated from the OpenAPI spec (Connect) add.
        allowed_headers = {h.strip() for h in (response.getheader("access-control-allow-headers") or "").split(",")}
        assert {"content-type", "x-grpc-web", "authorization", "connect-protocol-version"} <= allowed_headers


def _refused(address: str) -> bool:
    host, port = address.rsplit(":", 1)
    try:
        socket.create_connection((host, int(port)), timeout=2).close()
    except OSError:
        return True
    return False


def _score_status(address: str, token: str | None) -> int:
    body = json.dumps({"hands": [{"cards": [{"rank": "RANK_ACE", "suit": suit} for suit in SUITS]}]})
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    connection = http.client.HTTPConnection(address, timeout=10)
    connection.request("POST", "/cardrules.v1.LiengService/ScoreLieng", body, headers)
    response = connection.getresponse()
    response.read()
    return response.status


def test_your_jwks_require_jwt_and_cors_origin_then_sigterm_stops_everything(tmp_path: Path) -> None:
    """The README's options: a game backend's tokens (--jwks, --require-jwt) and one more page origin (--cors-origin);
    SIGTERM stops it like Ctrl-C (what the module's front ends with; its teardown asserts the same)."""
    backend = PlayerTokens()  # a stand-in game backend: its key pair, JWKS and tokens
    jwks = backend.write_jwks(tmp_path / "backend-jwks.json")
    lan_page = "http://192.168.1.20:5173"
    args = ["--jwks", str(jwks), "--jwt-issuer", backend.issuer, "--require-jwt", "--cors-origin", lan_page]
    with running_local_front(replicas=1, args=args, stop_signal=signal.SIGTERM) as started:
        assert started.jwt.startswith("required")
        assert f"exact {lan_page}" in started.cors_origins
        address = urlsplit(started.json_url).netloc
        assert _preflight(address, lan_page).getheader("access-control-allow-origin") == lan_page
        assert _score_status(address, None) == 401
        assert _score_status(address, PlayerTokens().mint("alice")) == 401  # signed by someone else
        assert _score_status(address, backend.mint("alice")) == 200
        addresses = [started.grpc_target, *started.replica_targets]
        assert not any(_refused(address) for address in addresses)
    assert all(_refused(address) for address in addresses)
