"""Card text in JSON bodies: what the SDKs and the CLI take, read by the JSON gateway as the contract's cards.

Wherever a request holds a ``Cards`` message, its JSON may be the canonical object
(``{"cards": [{"rank": "RANK_ACE", "suit": "SUIT_CLUBS"}, …]}``), card text (``"AC AD AH"``, ``"10♥ 9♥,5♣"``,
``"ACADAH"``) or a list of cards; wherever it holds a ``Card`` (an element of those lists), the card's text
(``"AC"``) or its object. The text is the core's (``cardrules.core.cards``: a rank A 2-9 T/10 J Q K and a suit
S C D H or ♠ ♣ ♦ ♥, any case, separated by spaces or commas); what it becomes is the card's canonical object, so
everything after the reading (bounds, conversion, the rules) sees the same message either way. Text that is not a
card is refused by the reading, as an unknown enum name is, at the card's proto path (``hands[0].cards[1]``);
a repeated card is the conversion's to name, as in any other form.
"""

from __future__ import annotations

from typing import Any

from cardrules.api.cards import cards_to_proto
from cardrules.core.cards import parse_card, split_card_text

CARDS = "cardrules.v1.Cards"
CARD = "cardrules.v1.Card"

# A card's text → its canonical fields, remembered on first sight from parse_card for texts of at most 4 characters
# (``10♥`` and an emoji selector): only the few hundred spellings of the 52 cards that short get in.
_FIELDS: dict[str, dict[str, int]] = {}
_REMEMBERED = 4


def card_fields(text: str) -> dict[str, int] | None:
    """The canonical fields (``{"rank": 1, "suit": 2}``) of one card's text, or None when it is not a card."""
    fields = _FIELDS.get(text)
    if fields is None:
        try:
            card = parse_card(text)
        except ValueError:
            return None
        fields = cards_to_proto([card])[0]
        if len(text) <= _REMEMBERED:
            _FIELDS[text] = fields
    return fields


def cards_fields(text: str) -> list[dict[str, int]] | None:
    """The canonical fields of every card of a card text, or None when any of it is not a card."""
    out = [card_fields(item) for item in split_card_text(text)]
    return None if None in out else out  # type: ignore[return-value]  # no None left


def count_cards(text: str) -> int:
    """How many cards a card text holds (what its bound counts), read or not."""
    return len(split_card_text(text))


def card_problem(text: str) -> str | None:
    """What is wrong with one card's text (the message shows the card format), or None when it is a card."""
    if card_fields(text) is not None:
        return None
    try:
        text.encode()
    except UnicodeEncodeError:  # a lone surrogate, which no protobuf string (the error's details) may hold
        text = text.encode(errors="backslashreplace").decode()
    try:
        parse_card(text)
    except ValueError as error:
        return str(error)
    return None


def bad_pieces(text: str) -> list[tuple[int, str]]:
    """(index, piece) for each piece of a card text that is not a card (:func:`card_problem` says what is wrong)."""
    return [(i, piece) for i, piece in enumerate(split_card_text(text)) if card_fields(piece) is None]


def canonical_card(value: Any) -> Any:
    """A card's JSON with its text replaced by its object (a readable text: the reading has refused any other)."""
    return card_fields(value) if type(value) is str else value
