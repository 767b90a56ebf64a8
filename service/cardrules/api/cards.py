"""Cards between the contract (rank and suit enums, ranks numbered by face value) and the core (ints 0..51)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import cardrules.v1.cards_pb2 as cards_pb2
from cardrules.core.cards import CARDS, FACE_VALUES, Card
from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput, violation

# Proto rank number (face value: A = 1 … K = 13) → core rank index (Sâm strength: 3 → 0 … A → 11, 2 → 12).
_RANK_FROM_PROTO = {face: index for index, face in enumerate(FACE_VALUES)}
_RANK_TO_PROTO: tuple[Any, ...] = FACE_VALUES  # typed Any: the stubs want Rank values
_SUIT_TO_PROTO: tuple[Any, ...] = (1, 2, 3, 4)  # S C D H; typed Any: the stubs want Suit values
_PROTO_CARDS: tuple[cards_pb2.Card, ...] = tuple(
    cards_pb2.Card(rank=_RANK_TO_PROTO[c >> 2], suit=_SUIT_TO_PROTO[c & 3]) for c in CARDS
)


# The fast path. A well-formed card inside a ``Cards`` message serializes to exactly 6 bytes: the element's tag and
# length (0x0A 0x04), then rank (0x08 r) and suit (0x10 s), each value a one-byte varint. Serializing the
# ``Cards`` message (one C call) and splitting the bytes into 6-byte chunks therefore reads a whole card list
# without a Python object per card; a chunk that is not one of the 52 known ones (an unset, unknown or
# multi-byte value, an unknown field, anything else) makes the caller take the careful per-card path, which
# names the offending field.
_CARD_BYTES: tuple[bytes, ...] = tuple(b"\x0a\x04" + card.SerializeToString() for card in _PROTO_CARDS)
_CARD_BY_BYTES: dict[bytes, Card] = {data: CARDS[i] for i, data in enumerate(_CARD_BYTES)}
assert all(len(data) == 6 for data in _CARD_BYTES)
_chunks = re.compile(b"......", re.DOTALL).findall
_card_by_bytes = _CARD_BY_BYTES.get
_card_bytes = _CARD_BYTES.__getitem__


def fast_cards(message: cards_pb2.Cards) -> tuple[Card, ...] | None:
    """The cards of a ``Cards`` message, in order, when every one is a well-formed card; else None (take the
    careful path: :func:`cards_from_proto`). Repeats are not checked here."""
    data = message.SerializeToString()
    if len(data) != 6 * len(message.cards):  # unknown fields or wider values: never split megabytes into chunks
        return None
    chunks = _chunks(data)
    cards = tuple(map(_card_by_bytes, chunks))
    if None in cards:
        return None
    return cards  # type: ignore[return-value]  # no None left


# One well-formed card element inside a ``Cards`` message (see above), as a regular-expression pattern.
CARD_PATTERN = rb"\x0a\x04\x08[\x01-\x0d]\x10[\x01-\x04]"


def _translations() -> tuple[bytes, bytes]:
    """``bytes.translate`` tables: a card element's rank byte → core rank · 4, its suit byte → core suit."""
    ranks, suits = bytearray(256), bytearray(256)
    for card, data in enumerate(_CARD_BYTES):
        ranks[data[3]] = card & ~3
        suits[data[5]] = card & 3
    return bytes(ranks), bytes(suits)


_RANK_TIMES_4, _SUIT_INDEX = _translations()


def card_indices(elements: bytes) -> bytes:
    """The core card ints (0..51, one byte each) of consecutive card elements that :data:`CARD_PATTERN` accepted,
    with no Python step per card: the rank bytes (every 6th from 3) and suit bytes (every 6th from 5) translate
    to rank·4 and suit, whose bytewise sums (< 52: no carry) are the cards' ints."""
    size = len(elements) // 6
    ranks = int.from_bytes(elements[3::6].translate(_RANK_TIMES_4), "little")
    suits = int.from_bytes(elements[5::6].translate(_SUIT_INDEX), "little")
    return (ranks + suits).to_bytes(size, "little")


def card_bytes_table(field_number: int) -> tuple[bytes, ...]:
    """Each card's wire form as one element of a ``repeated Card`` field numbered ``field_number`` (< 16)."""
    return tuple(bytes((field_number << 3 | 2, 4)) + card.SerializeToString() for card in _PROTO_CARDS)


def cards_bytes(cards: Iterable[int]) -> bytes:
    """The serialized ``Cards`` message holding ``cards`` (for ``MergeFromString`` into an empty one)."""
    return b"".join(map(_card_bytes, cards))


def card_from_proto(message: cards_pb2.Card, field: str) -> Card:
    """One card; an unset or unknown rank or suit is bad input at ``field``."""
    rank = _RANK_FROM_PROTO.get(message.rank)
    suit = message.suit - 1
    if rank is None or not 0 <= suit <= 3:
        raise InvalidInput(_malformed(message, field))
    card: Card = CARDS[rank * 4 + suit]
    return card


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
    out: list[Card] = []
    seen: dict[int, int] = {}
    problems: list[FieldViolation] = []
    for i, message in enumerate(messages):
        rank = _RANK_FROM_PROTO.get(message.rank)
        suit = message.suit - 1
        if rank is None or not 0 <= suit <= 3:  # inline, not card_from_proto: no exception per malformed card
            problems.append(_malformed(message, f"{field}[{i}]"))
            continue
        card = CARDS[rank * 4 + suit]
        if card in seen:
            problems.append(
                FieldViolation(
                    f"{field}[{i}]", ErrorReason.DUPLICATE_CARD, f"card {card} appears twice (also at [{seen[card]}])"
                )
            )
        seen[card] = i
        out.append(card)
    if problems:
        raise InvalidInput(*problems)
    return tuple(out)
