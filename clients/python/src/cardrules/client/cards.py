"""Card text ↔ ``cardrules.v1`` messages: ``"TD"`` ↔ ``Card(rank=RANK_TEN, suit=SUIT_DIAMONDS)``.

A card is a rank (``A 2-9 T J Q K``, or ``10`` for ``T``) then a suit (``S C D H`` or ``♠ ♣ ♦ ♥``), in any case:
``"TD"``, ``"10d"``, ``"Q♦"``. Cards in a hand are separated by spaces or commas, or written run together
(``"3S4D5C"``). Printing is always canonical: rank letter, suit letter (``"TD"``, ``"AS"``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardrules.v1 import cards_pb2
from cardrules.v1.cards_pb2 import Card, Cards

__all__ = [
    "CARD_FORMAT",
    "CardLike",
    "CardTextError",
    "CardsLike",
    "card",
    "card_text",
    "cards",
    "cards_message",
    "cards_text",
    "hands",
]

# The proto numbers ranks by face value (ACE = 1, TWO = 2 … KING = 13), so the map is spelled out rather than
# derived from an index into "3456789TJQKA2".
_RANKS: dict[str, cards_pb2.Rank] = {
    "A": cards_pb2.RANK_ACE,
    "2": cards_pb2.RANK_TWO,
    "3": cards_pb2.RANK_THREE,
    "4": cards_pb2.RANK_FOUR,
    "5": cards_pb2.RANK_FIVE,
    "6": cards_pb2.RANK_SIX,
    "7": cards_pb2.RANK_SEVEN,
    "8": cards_pb2.RANK_EIGHT,
    "9": cards_pb2.RANK_NINE,
    "T": cards_pb2.RANK_TEN,
    "J": cards_pb2.RANK_JACK,
    "Q": cards_pb2.RANK_QUEEN,
    "K": cards_pb2.RANK_KING,
}
_SUIT_LETTERS: dict[str, cards_pb2.Suit] = {
    "S": cards_pb2.SUIT_SPADES,
    "C": cards_pb2.SUIT_CLUBS,
    "D": cards_pb2.SUIT_DIAMONDS,
    "H": cards_pb2.SUIT_HEARTS,
}
_SUIT_SYMBOLS: dict[str, cards_pb2.Suit] = {
    "♠": cards_pb2.SUIT_SPADES,
    "♣": cards_pb2.SUIT_CLUBS,
    "♦": cards_pb2.SUIT_DIAMONDS,
    "♥": cards_pb2.SUIT_HEARTS,
}
_SUITS = {**_SUIT_LETTERS, **_SUIT_SYMBOLS}
_RANK_TEXT = {value: letter for letter, value in _RANKS.items()}
_SUIT_TEXT = {value: letter for letter, value in _SUIT_LETTERS.items()}

CARD_FORMAT = 'a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), like "AS", "10H" or "Q♦"'

# Phones and some fonts send a suit symbol followed by the emoji presentation selector (U+FE0F): "♥️".
_CARD = re.compile(r"(10|[2-9TJQKA])([SCDH♠♣♦♥])\ufe0f?", re.IGNORECASE)
# A run-together list is a sequence of cards and separators, nothing else.
_SEPARATOR = re.compile(r"[\s,]+")

CardLike = Card | str
CardsLike = str | Cards | Iterable[CardLike]


class CardTextError(ValueError):
    """Text that is not a card; the message shows the card format. ``text`` is the offending piece."""

    def __init__(self, text: str, where: str = "") -> None:
        super().__init__(f'bad card "{text}"{where}: {CARD_FORMAT}')
        self.text = text


def card(text: CardLike) -> Card:
    """Parse one card: ``card("TD")``, ``card("10d")``, ``card("T♦")``. A ``Card`` is returned as a copy."""
    if isinstance(text, Card):
        copy = Card()
        copy.CopyFrom(text)
        return copy
    if not isinstance(text, str):
        raise TypeError(f"a card is a str like 'TD' or a Card message, not {type(text).__name__}")
    match = _CARD.fullmatch(text.strip())
    if match is None:
        raise CardTextError(text.strip())
    rank, suit = match.groups()
    return Card(rank=_RANKS["T" if rank == "10" else rank.upper()], suit=_SUITS[suit.upper()])


def cards(value: CardsLike) -> list[Card]:
    """Parse many cards: ``"3S 4D 5C"``, ``"3S,4D,5C"``, ``"3♠ 4♦ 5♣"``, ``"3S4D5C"``, ``["3S", "4D"]``, or a
    ``Cards``."""
    if isinstance(value, Cards):
        return [card(c) for c in value.cards]
    if isinstance(value, str):
        return _parse_run(value)
    return [card(item) for item in value]


def _parse_run(text: str) -> list[Card]:
    parsed: list[Card] = []
    position = 0
    while position < len(text):
        gap = _SEPARATOR.match(text, position)
        if gap is not None:
            position = gap.end()
            continue
        match = _CARD.match(text, position)
        if match is None:
            bad = _SEPARATOR.split(text[position:], maxsplit=1)[0]
            raise CardTextError(bad, "" if bad == text.strip() else f' (at position {position} of "{text}")')
        parsed.append(card(match.group(0)))
        position = match.end()
    return parsed


def cards_message(value: CardsLike) -> Cards:
    """A ``Cards`` message (the wrapper used for hands and plays): ``cards_message("3S 4D 5C")``."""
    return Cards(cards=cards(value))


def hands(values: Iterable[CardsLike]) -> list[Cards]:
    """Many hands at once: ``hands(["AC AD AH", "2S 3H 4D"])``."""
    if isinstance(values, str):
        # A str is iterable, but its items are characters, not hands: "AC AD AH" is one hand, not nine.
        raise TypeError(f'hands is a list of hands, like ["{values}"], not one str')
    return [cards_message(value) for value in values]


def card_text(value: Card) -> str:
    """``Card(rank=RANK_TEN, suit=SUIT_DIAMONDS)`` → ``"TD"``. Raises ValueError on an unset rank or suit."""
    try:
        return _RANK_TEXT[value.rank] + _SUIT_TEXT[value.suit]
    except KeyError:
        raise ValueError(f"card has no valid rank and suit: rank={value.rank} suit={value.suit}") from None


def cards_text(value: Cards | Iterable[Card], separator: str = " ") -> str:
    """Many cards back to text, space-separated by default: ``"3S 4D 5C"``."""
    items = value.cards if isinstance(value, Cards) else value
    return separator.join(card_text(c) for c in items)
