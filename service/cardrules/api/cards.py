"""Cards between the contract (rank and suit enums, ranks numbered by face value) and the core (ints 0..51)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import cardrules.v1.cards_pb2 as cards_pb2
from cardrules.core.cards import CARDS, FACE_VALUES, Card, card_text
from cardrules.core.errors import ErrorReason, Faults, FieldViolation, InvalidInput, violation

# Proto rank number (face value: A = 1 … K = 13) → core rank index (Sâm strength: 3 → 0 … A → 11, 2 → 12).
_RANK_FROM_PROTO = {face: index for index, face in enumerate(FACE_VALUES)}
_RANK_TO_PROTO: tuple[Any, ...] = FACE_VALUES  # typed Any: the stubs want Rank values
_SUIT_TO_PROTO: tuple[Any, ...] = (1, 2, 3, 4)  # S C D H; typed Any: the stubs want Suit values
_PROTO_CARDS: tuple[cards_pb2.Card, ...] = tuple(
    cards_pb2.Card(rank=_RANK_TO_PROTO[c >> 2], suit=_SUIT_TO_PROTO[c & 3]) for c in CARDS
)


def cards_of(message: cards_pb2.Cards, field: str) -> tuple[Card, ...]:
    """The distinct cards of a ``Cards`` message, in order; every malformed or repeated card is named at
    ``field[i]`` (``field`` names the message's ``cards`` list)."""
    cards = well_formed(message)
    return cards if cards is not None else cards_from_proto(message.cards, field)


def read_cards(message: cards_pb2.Cards, field: str, faults: Faults) -> tuple[Card, ...] | None:
    """:func:`cards_of` for one of many lists: the cards, or None once every malformed or repeated card is
    reported into ``faults`` (which builds only the violations an error lists)."""
    cards = well_formed(message)
    return cards if cards is not None else _careful(message.cards, field, faults)


# The one speed path of card lists, as they come in every request: reading them from their wire form. Reading a
# card message field by field costs a Python object per card; a ``Cards`` message is serialized in one C call
# instead, and a well-formed card inside it is always the same 6 bytes (its element's tag and length 0x0A 0x04,
# then rank 0x08 r and suit 0x10 s, each a one-byte varint), so the bytes split into 6-byte chunks looked up in a
# table of the 52 cards. Anything else (an unset, unknown or wider value, an unknown field) is not a known chunk,
# and the careful path reads the message and names the fault. tests/api/test_wire.py derives from the descriptors
# that these bytes are the whole of the messages.
_CARD_BY_BYTES: dict[bytes, Card] = {
    cards_pb2.Cards(cards=[card]).SerializeToString(): CARDS[i] for i, card in enumerate(_PROTO_CARDS)
}
_card_by_bytes = _CARD_BY_BYTES.get
_CHUNK = 6
_chunks = re.compile(b"." * _CHUNK, re.DOTALL).findall
assert {len(data) for data in _CARD_BY_BYTES} == {_CHUNK}


def well_formed(message: cards_pb2.Cards) -> tuple[Card, ...] | None:
    """The cards when every one is a well-formed card, none repeats and nothing else is in the message, read
    without naming anything; else None."""
    data = message.SerializeToString()
    if len(data) != _CHUNK * len(message.cards):  # something besides cards: never split megabytes into chunks
        return None
    cards = tuple(map(_card_by_bytes, _chunks(data)))
    if None in cards or len(set(cards)) != len(cards):
        return None
    return cards  # type: ignore[return-value]  # no None left


def cards_to_proto(cards: Iterable[Card]) -> list[Any]:
    """The contract's cards as field dicts, for a message constructor (which builds them in C, faster than building
    ``Card`` messages and copying them in). Typed Any: the stubs want ``Card`` messages."""
    return [_CARD_FIELDS[c] for c in cards]


_CARD_FIELDS: tuple[dict[str, int], ...] = tuple({"rank": card.rank, "suit": card.suit} for card in _PROTO_CARDS)


def _malformed(message: cards_pb2.Card, field: str) -> FieldViolation:
    rank, suit = message.rank, message.suit
    text = _MALFORMED_TEXT.get((rank, suit)) or _malformed_text(rank, suit)
    return violation(field, ErrorReason.MALFORMED_CARD, text)


def _malformed_text(rank: int, suit: int) -> str:
    """What is wrong with a card, in words: which of its rank and suit is not one, and what they may be. Short: an
    error lists up to 20 of them within the trailers a default client accepts."""
    problems = []
    if rank not in _RANK_FROM_PROTO:
        problems.append(f"rank {rank} is not a rank (RANK_ACE..RANK_KING)")
    if not 1 <= suit <= 4:
        problems.append(f"suit {suit} is not a suit (SUIT_SPADES..SUIT_HEARTS)")
    return "; ".join(problems)


# The texts of the malformed cards clients actually send (unset or slightly out-of-range values), made once.
_MALFORMED_TEXT = {(rank, suit): _malformed_text(rank, suit) for rank in range(16) for suit in range(16)}


def cards_from_proto(messages: Sequence[cards_pb2.Card], field: str) -> tuple[Card, ...]:
    """A list of distinct cards; every malformed or repeated card is named at ``field[i]``."""
    faults = Faults()
    cards = _careful(messages, field, faults)
    if cards is None:
        raise InvalidInput(*faults.listed, unlisted=faults.unlisted)
    return cards


def _careful(messages: Sequence[cards_pb2.Card], field: str, faults: Faults) -> tuple[Card, ...] | None:
    """The cards read one by one, or None once each malformed or repeated one is reported into ``faults``."""
    out: list[Card] = []
    seen: dict[int, int] = {}
    faulty = False
    for i, message in enumerate(messages):
        rank = _RANK_FROM_PROTO.get(message.rank)
        suit = message.suit - 1
        if rank is None or not 0 <= suit <= 3:
            faulty = True
            if faults.building():
                faults.add(_malformed(message, f"{field}[{i}]"))
            continue
        card = CARDS[rank * 4 + suit]
        if card in seen:
            faulty = True
            if faults.building():
                faults.add(
                    violation(
                        f"{field}[{i}]",
                        ErrorReason.DUPLICATE_CARD,
                        f"card {card_text(card)} appears twice (also at [{seen[card]}])",
                    )
                )
        seen[card] = i
        out.append(card)
    return None if faulty else tuple(out)
