"""Cards: ranks, suits, and the 52 interned :class:`Card` values with their string form (``TD``, ``2H``).

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, where :class:`Rank` is numbered in Sâm Lốc strength
order (3 lowest, 2 highest) and :class:`Suit` is ♠ ♣ ♦ ♥. Sorting cards therefore sorts them by Sâm strength,
and hot paths may use ``card >> 2`` (rank) and ``card & 3`` (suit) directly. Liêng uses the same cards with its
own orders (see ``cardrules.core.lieng``).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import NewType, cast

from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput


@enum.unique
class Suit(enum.IntEnum):
    """A suit. Suits never rank cards in Sâm; they matter only for SAME_COLOR and Liêng's suit tie-break."""

    SPADES = 0  #: ♠ bích
    CLUBS = 1  #: ♣ tép (chuồn)
    DIAMONDS = 2  #: ♦ rô
    HEARTS = 3  #: ♥ cơ

    @property
    def letter(self) -> str:
        return "SCDH"[self]


@enum.unique
class Rank(enum.IntEnum):
    """A rank, numbered by Sâm Lốc strength: 3 → 0, 4 → 1, …, K → 10, A → 11, 2 → 12."""

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12

    @property
    def letter(self) -> str:
        return RANK_LETTERS[self]

    @property
    def face_value(self) -> int:
        """The printed value: A = 1, 2–10 as printed, J = 11, Q = 12, K = 13."""
        return FACE_VALUES[self]


RANK_LETTERS = "3456789TJQKA2"
SUIT_LETTERS = "SCDH"
FACE_VALUES = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
"""The one rank table: rank index (3 → 0 … A → 11, 2 → 12) → face value (A = 1, 2–10, J = 11, Q = 12, K = 13),
which is also the contract's ``Rank`` number."""


Card = NewType("Card", int)
"""One of the 52 cards: a plain ``int`` 0..51 (``rank * 4 + suit``), what compiled code handles fastest; its text is
:func:`card_text`, read back by :func:`parse_card`. Only :data:`CARDS`, :func:`card_of`, :func:`parse_card` and the
checks below make one."""


def card_of(rank: Rank, suit: Suit) -> Card:
    return CARDS[rank * 4 + suit]


def rank_of(card: Card) -> Rank:
    return Rank(card >> 2)


def suit_of(card: Card) -> Suit:
    return Suit(card & 3)


def card_text(card: int) -> str:
    """``TD``, ``2H``: the card's rank letter and suit letter (a ten is ``T``)."""
    return _TEXTS[card]


def parse_card(text: str) -> Card:
    """Parse ``TD``, ``10d``, ``2H``, ``A♠``, ``10♥`` … (letters in any case, the suit as a letter or a symbol);
    :class:`ValueError` names the bad text and shows the format."""
    card = _BY_TEXT.get(text.strip().replace(_EMOJI, "").upper()) if isinstance(text, str) else None
    if card is None:
        raise ValueError(f"bad card {_quoted(text)}: {CARD_FORMAT}")
    return card


SUIT_SYMBOLS = "♠♣♦♥"
CARD_FORMAT = 'a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), like "AS", "10H" or "Q♦"'
"""How card text is written, for error messages (the same words in every SDK)."""
_EMOJI = "\ufe0f"  # the emoji presentation selector some keyboards put after a suit symbol ("♠️")

_TEXTS = tuple(r + s for r in RANK_LETTERS for s in SUIT_LETTERS)
CARDS: tuple[Card, ...] = tuple([Card(i) for i in range(52)])
_BY_TEXT: dict[str, Card] = {
    rank_text + suit_text: CARDS[rank * 4 + suit]
    for rank, rank_letter in enumerate(RANK_LETTERS)
    for rank_text in ((rank_letter, "10") if rank_letter == "T" else (rank_letter,))
    for suit, suits in enumerate(zip(SUIT_LETTERS, SUIT_SYMBOLS, strict=True))
    for suit_text in suits
}


def _quoted(text: object) -> str:
    return '"' + text + '"' if isinstance(text, str) else repr(text)


DECK: tuple[Card, ...] = CARDS


def parse_cards(texts: str | Iterable[str], field: str = "cards") -> tuple[Card, ...]:
    """Parse a card list (``"3S 4D 5C"``, ``"3S4D5C"`` or ``["3S", "4D"]``), rejecting bad and duplicate cards.

    Raises :class:`InvalidInput` with one violation per offending card, at ``field[i]``.
    """
    items = split_card_text(texts) if isinstance(texts, str) else list(texts)
    cards: list[Card] = []
    seen: dict[int, int] = {}
    problems: list[FieldViolation] = []
    for i, text in enumerate(items):
        try:
            card = parse_card(text)
        except ValueError as error:
            problems.append(FieldViolation(f"{field}[{i}]", ErrorReason.MALFORMED_CARD, str(error)))
            continue
        if card in seen:
            problems.append(
                FieldViolation(
                    f"{field}[{i}]",
                    ErrorReason.DUPLICATE_CARD,
                    f"card {_TEXTS[card]} appears twice (also at [{seen[card]}])",
                )
            )
        seen[card] = i
        cards.append(card)
    if problems:
        raise InvalidInput(*problems)
    return tuple(cards)


def check_distinct(cards: Iterable[object], field: str = "cards") -> tuple[Card, ...]:
    """Validate already-typed cards: each in 0..51 and none repeated; :class:`InvalidInput` names the index."""
    values = tuple(cards)
    if are_distinct_cards(values):
        return cast("tuple[Card, ...]", values)
    out: list[Card] = []
    seen: dict[int, int] = {}
    problems: list[FieldViolation] = []
    for i, value in enumerate(values):
        if not isinstance(value, int) or not 0 <= value < 52:
            problems.append(FieldViolation(f"{field}[{i}]", ErrorReason.MALFORMED_CARD, f"not a card: {value!r}"))
            continue
        if value in seen:
            problems.append(
                FieldViolation(
                    f"{field}[{i}]",
                    ErrorReason.DUPLICATE_CARD,
                    f"card {CARDS[value]} appears twice (also at [{seen[value]}])",
                )
            )
        seen[value] = i
        out.append(CARDS[value])
    if problems:
        raise InvalidInput(*problems)
    return tuple(out)


def are_distinct_cards(values: tuple[object, ...]) -> bool:
    """Whether every value is a card (an ``int`` 0..51, not a bool) and none repeats: the common case, one pass
    over a 52-bit mask of the cards seen; :func:`check_distinct` names the faults otherwise."""
    seen = 0
    for value in values:
        if type(value) is not int or not 0 <= value < 52 or seen >> value & 1:
            return False
        seen |= 1 << value
    return True


def format_cards(cards: Iterable[int], sep: str = "") -> str:
    """``"3S4D5C"`` (or with ``sep``)."""
    return sep.join(_TEXTS[c] for c in cards)


def split_card_text(text: str) -> list[str]:
    """The card texts of ``"3S 4D"``, ``"3S,4D"``, ``"3S4D10C"`` or ``"A♠10♥"``, unparsed: separated by spaces or
    commas, else run together (a ``10`` then one character, or two characters, at a time)."""
    text = text.replace(_EMOJI, "")
    if " " in text or "," in text:
        return text.replace(",", " ").split()
    return _RUN_TOGETHER(text)


_RUN_TOGETHER = re.compile(r"10.|..?", re.DOTALL).findall
