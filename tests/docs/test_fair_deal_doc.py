"""docs/fair-deal.md's curl example, run verbatim against the local front (deploy/local/up.sh): a Deal over HTTP/JSON
answers the page's worked example (tests/core/test_fair_deal.py checks the example itself), with base64 bytes, and
is the deal the Python SDK's deal_from computes locally; malformed base64 is refused naming the field. And the Python
SDK README's fair-deal example, run against a server."""

from __future__ import annotations

import base64
import http.client
import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from cardrules.client import deal_from, verify_deal
from tests.core.test_fair_deal import doc_example
from tests.support.local_front import LocalFront, running_local_front
from tests.support.readme import at_address, readme_block
from tests.support.server_process import REPO_ROOT, running_server

DOC = REPO_ROOT / "docs" / "fair-deal.md"
DOC_FRONT = "localhost:8080"


@pytest.fixture(scope="module")
def front() -> Iterator[LocalFront]:
    with running_local_front(replicas=1) as started:
        yield started


def _address(front: LocalFront) -> str:
    return urlsplit(front.json_url).netloc


def test_the_pages_curl_deals_the_worked_example(front: LocalFront) -> None:
    script = at_address(readme_block(DOC, "fair-deal-curl"), _address(front), DOC_FRONT)
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, f"{script}\n{done.stdout}\n{done.stderr}"
    answer = json.loads(done.stdout)
    example = doc_example()
    seed = bytes.fromhex(example["server_seed"])
    local = deal_from("lieng", seed, example["client_seed"], int(example["nonce"]), int(example["seat_count"]))
    assert base64.b64decode(answer["commitment"]).hex() == example["commitment"]
    assert answer["algorithm"] == "cardrules-deal-v1"
    assert " | ".join(" ".join(hand) for hand in local.hands) == example["hands"]
    texts = [_card_texts(hand["cards"]) for hand in answer["hands"]]
    assert texts == [list(hand) for hand in local.hands]
    assert _card_texts(answer["undealt"]["cards"]) == list(local.undealt)
    assert verify_deal("lieng", seed, example["client_seed"], int(example["nonce"]), texts, commitment=local.commitment)


def test_a_server_seed_that_is_not_base64_is_400_naming_it(front: LocalFront) -> None:
    status, body = _post(front, "/cardrules.v1.SamLocService/Deal", {"seatCount": 2, "serverSeed": "not base64!"})
    assert status == 400, body
    assert [(v["field"], v["reason"]) for v in _violations(body)] == [("server_seed", "INVALID_VALUE")]


def test_a_short_seed_and_a_negative_nonce_are_400_naming_both(front: LocalFront) -> None:
    body = {"seatCount": 3, "serverSeed": base64.b64encode(bytes(31)).decode(), "nonce": "-1"}
    status, answer = _post(front, "/cardrules.v1.LiengService/Deal", body)
    assert status == 400, answer
    assert {(v["field"], v["reason"]) for v in _violations(answer)} == {
        ("server_seed", "WRONG_LENGTH"),
        ("nonce", "OUT_OF_RANGE"),
    }


_RANK_LETTERS = {"ACE": "A", "TEN": "T", "JACK": "J", "QUEEN": "Q", "KING": "K"}
_NUMBERS = {"TWO": "2", "THREE": "3", "FOUR": "4", "FIVE": "5", "SIX": "6", "SEVEN": "7", "EIGHT": "8", "NINE": "9"}


def _card_texts(cards: list[dict[str, str]]) -> list[str]:
    letters = {**_RANK_LETTERS, **_NUMBERS}
    return [letters[card["rank"].removeprefix("RANK_")] + card["suit"].removeprefix("SUIT_")[0] for card in cards]


def _post(front: LocalFront, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    connection = http.client.HTTPConnection(_address(front), timeout=10)
    try:
        connection.request("POST", path, json.dumps(body), {"content-type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()


def _violations(answer: Any) -> list[dict[str, str]]:
    for detail in answer.get("details", []):
        if detail.get("@type", "").endswith("google.rpc.BadRequest"):
            return list(detail["fieldViolations"])
    raise AssertionError(f"no BadRequest in {answer}")


def test_the_python_readmes_fair_deal_example_runs_and_verifies() -> None:
    code = readme_block(REPO_ROOT / "clients" / "python" / "README.md", "python-fair-deal")
    with running_server() as server:
        done = subprocess.run(
            [sys.executable, "-c", at_address(code, server.target)], capture_output=True, text=True, timeout=60
        )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "True\n"
