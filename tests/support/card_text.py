"""A JSON request with its cards written as card text, the way the JSON front also takes them (api/json_cards.py).

    from tests.support.card_text import FORMS, with_card_text

    with_card_text(case["request"], request_class(service, method), "text")   # every hand as "AC AD AH"

Forms: ``"text"`` (each ``Cards`` as one string, ``"AC 10D q♥"`` in a mix of spellings), ``"list"`` (each ``Cards``
as a list of card strings), ``"inside"`` (the canonical ``{"cards": [...]}`` object holding card strings). A card
that is not one of the 52 (an unset rank, say) stays an object, so a ``Cards`` holding one is a list mixing strings
and objects (in the "text" form too); everything else in the request is left as it was.
"""

from __future__ import annotations

from typing import Any, cast

from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message

FORMS = ("text", "list", "inside")
_RANKS = {"RANK_ACE": "A", "RANK_TEN": "T", "RANK_JACK": "J", "RANK_QUEEN": "Q", "RANK_KING": "K"}
_RANKS |= {
    f"RANK_{name}": str(n)
    for n, name in enumerate(("TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"), 2)
}
_RANK_NUMBERS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"} | {n: str(n) for n in range(2, 10)}
_SUITS = {"SUIT_SPADES": "S", "SUIT_CLUBS": "C", "SUIT_DIAMONDS": "D", "SUIT_HEARTS": "H"}
_SUIT_NUMBERS = {1: "S", 2: "C", 3: "D", 4: "H"}
_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def card_text(card: Any, spelling: int = 0) -> str | None:
    """A card object's text, or None when it is not one of the 52 cards; ``spelling`` picks one of the
    accepted spellings (``AS``, ``as``, ``A♠``, ``10S`` for a ten)."""
    if not isinstance(card, dict) or set(card) - {"rank", "suit"}:
        return None
    rank = _RANKS.get(card.get("rank")) or _RANK_NUMBERS.get(card.get("rank"))  # type: ignore[arg-type]
    suit = _SUITS.get(card.get("suit")) or _SUIT_NUMBERS.get(card.get("suit"))  # type: ignore[arg-type]
    if rank is None or suit is None:
        return None
    if spelling % 4 == 1:
        return (rank + suit).lower()
    if spelling % 4 == 2:
        return rank + _SYMBOLS[suit]
    if spelling % 4 == 3 and rank == "T":
        return "10" + suit
    return rank + suit


def with_card_text(request: dict[str, Any], message_class: type[Message], form: str) -> dict[str, Any]:
    """``request`` (proto3 JSON) with its cards written in ``form`` (see the module's docstring)."""
    assert form in FORMS, form
    converted: dict[str, Any] = _convert(request, cast(Descriptor, message_class.DESCRIPTOR), form)
    return converted


def _convert(js: Any, descriptor: Descriptor, form: str) -> Any:
    if descriptor.full_name == "cardrules.v1.Cards" and isinstance(js, dict) and set(js) <= {"cards"}:
        cards = js.get("cards", [])
        texts = [card_text(card, i) for i, card in enumerate(cards)]
        if form == "text" and None not in texts:
            return " ".join(texts)  # type: ignore[arg-type]  # no None left
        mixed = [card if text is None else text for card, text in zip(cards, texts, strict=True)]
        return {"cards": mixed} if form == "inside" else mixed
    if not isinstance(js, dict):
        return js
    out = {}
    for key, value in js.items():
        field = descriptor.fields_by_camelcase_name.get(key) or descriptor.fields_by_name.get(key)
        if field is None or field.message_type is None or value is None:
            out[key] = value
        elif field.is_repeated and isinstance(value, list):
            out[key] = [_convert(item, field.message_type, form) for item in value]
        else:
            out[key] = _convert(value, field.message_type, form)
    return out
