"""Every message the API sends prints a card as text (``AS``, ``TD``), never as numbers (``rank=1 suit=0``), and a
malformed card says in words what is wrong with it; field paths and reasons stay as they are.

Replays every request of the conformance vectors through the servicers in process (no server needed) and reads
every answer's message and every field violation's description.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format, message_factory

from cardrules.api.games import registered_games
from cardrules.core.errors import InvalidInput
from cardrules.v1 import cards_pb2, lieng_pb2

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
SERVICES: dict[str, tuple[Any, Any]] = {game.name: (game.servicer(), game.service) for game in registered_games()}
# A card as numbers: "rank=1", "suit 0" next to a rank, "card 12" (an index), "Card(" (a Python repr).
NUMERIC_CARD = re.compile(r"rank=|suit=|\bcard \d+(?![0-9A-Z])|Card\(|\bcards?: \(?\d+(?![0-9A-Z])")


def _call(service: str, method: str, request: Any) -> list[str]:
    """The texts of one answer: its messages when it answers, its violations' descriptions when it refuses."""
    servicer, descriptor = SERVICES[service]
    request_class = message_factory.GetMessageClass(descriptor.methods_by_name[method].input_type)
    message = json_format.Parse(json.dumps(request), request_class())
    try:
        answer = getattr(type(servicer), method).__wrapped__(servicer, message)
    except InvalidInput as error:
        return [v.description for v in error.violations]
    texts = []
    if answer.DESCRIPTOR.fields_by_name.get("message") is not None:
        texts += [answer.message.en, answer.message.vi]
    return texts


def _vector_cases() -> Iterator[tuple[str, str, str, Any]]:
    for path in sorted(VECTORS.rglob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8") or "{}").get("cases", []):
            if case.get("service") in SERVICES:
                yield f"{path.name}: {case['name']}", case["service"], case["method"], case["request"]


def test_no_vector_answer_prints_a_card_as_numbers() -> None:
    seen = 0
    numeric = []
    for name, service, method, request in _vector_cases():
        for text in _call(service, method, request):
            seen += 1
            if NUMERIC_CARD.search(text):
                numeric.append(f"{name}: {text}")
    assert seen > 300  # the vectors hold a few hundred answers with a message
    assert not numeric, "\n".join(numeric[:20])


def _card(rank: int, suit: int) -> dict[str, Any]:
    return {
        "cards": [{"rank": rank, "suit": suit}, {"rank": "RANK_KING", "suit": "SUIT_HEARTS"}, {"rank": 3, "suit": 2}]
    }


@pytest.mark.parametrize(
    ("rank", "suit", "text"),
    [
        (1, 0, "suit 0 is not a suit (SUIT_SPADES..SUIT_HEARTS)"),
        (0, 1, "rank 0 is not a rank (RANK_ACE..RANK_KING)"),
        (14, 9, "rank 14 is not a rank (RANK_ACE..RANK_KING); suit 9 is not a suit (SUIT_SPADES..SUIT_HEARTS)"),
    ],
)
def test_a_malformed_card_says_what_is_wrong_in_words(rank: int, suit: int, text: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        SERVICES["cardrules.v1.LiengService"][0].ScoreLieng.__wrapped__(
            SERVICES["cardrules.v1.LiengService"][0],
            json_format.ParseDict({"hands": [_card(rank, suit)]}, lieng_pb2.ScoreLiengRequest()),
        )
    (violation,) = caught.value.violations
    assert (violation.field, violation.reason, violation.description) == ("hands[0].cards[0]", "MALFORMED_CARD", text)


def test_a_repeated_card_is_named_as_text() -> None:
    ace = cards_pb2.Card(rank=cards_pb2.RANK_ACE, suit=cards_pb2.SUIT_SPADES)
    request = lieng_pb2.ScoreLiengRequest(hands=[cards_pb2.Cards(cards=[ace, ace, ace])])
    servicer = SERVICES["cardrules.v1.LiengService"][0]
    with pytest.raises(InvalidInput) as caught:
        type(servicer).ScoreLieng.__wrapped__(servicer, request)
    descriptions = [v.description for v in caught.value.violations]
    assert descriptions and all(d.startswith("card AS ") for d in descriptions), descriptions
