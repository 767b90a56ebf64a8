"""Card text ↔ cardrules.v1 messages in the Python SDK."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.client import (
    CARD_FORMAT,
    CardTextError,
    card,
    card_text,
    cards,
    cards_message,
    cards_text,
    hands,
    lieng_action,
    sam_action_from_move,
    sam_pass,
    sam_play,
)
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2
from cardrules.v1.cards_pb2 import Card, Cards

ALL_TEXT = [rank + suit for rank in "3456789TJQKA2" for suit in "SCDH"]
SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
# Built from the enums, not from text, so the round trip below checks the parser against the contract.
ALL_CARDS = [
    Card(rank=rank.name, suit=suit.name)
    for rank in cards_pb2.Rank.DESCRIPTOR.values
    if rank.number != cards_pb2.RANK_UNSPECIFIED
    for suit in cards_pb2.Suit.DESCRIPTOR.values
    if suit.number != cards_pb2.SUIT_UNSPECIFIED
]


def test_ten_of_diamonds_in_every_spelling() -> None:
    expected = Card(rank=cards_pb2.RANK_TEN, suit=cards_pb2.SUIT_DIAMONDS)
    for text in ("TD", "td", "10D", "10d", " tD "):
        assert card(text) == expected


def test_ranks_use_face_values_not_strength_order() -> None:
    # The proto numbers ranks by face value (ACE = 1, TWO = 2 … KING = 13).
    assert card("AS").rank == cards_pb2.RANK_ACE == 1
    assert card("2H").rank == cards_pb2.RANK_TWO == 2
    assert card("KC").rank == cards_pb2.RANK_KING == 13
    assert [card(f"{r}S").suit for r in "3"] == [cards_pb2.SUIT_SPADES]
    assert [card(f"3{s}").suit for s in "SCDH"] == [
        cards_pb2.SUIT_SPADES,
        cards_pb2.SUIT_CLUBS,
        cards_pb2.SUIT_DIAMONDS,
        cards_pb2.SUIT_HEARTS,
    ]


def test_every_card_round_trips_and_is_distinct() -> None:
    parsed = [card(text) for text in ALL_TEXT]
    assert [card_text(c) for c in parsed] == ALL_TEXT
    assert len({(c.rank, c.suit) for c in parsed}) == 52


@pytest.mark.parametrize("text", ["3S 4D 5C", "3S4D5C", "3s,4d, 5c", "  3S\t4D\n5C  ", "3S 4D5C"])
def test_card_lists_in_every_layout(text: str) -> None:
    assert cards_text(cards(text)) == "3S 4D 5C"


def test_card_lists_from_sequences_and_messages() -> None:
    parsed = cards(["3S", "10D", card("AH")])
    assert cards_text(parsed) == "3S TD AH"
    assert cards(Cards(cards=parsed)) == parsed
    assert cards("") == []
    assert cards_text(parsed, separator="") == "3STDAH"
    assert cards_text(Cards(cards=parsed)) == "3S TD AH"


def test_cards_message_and_hands() -> None:
    assert cards_message("AC AD AH") == Cards(cards=cards("AC AD AH"))
    built = hands(["AC AD AH", ["2S", "3H", "4D"]])
    assert [cards_text(h) for h in built] == ["AC AD AH", "2S 3H 4D"]


def test_card_returns_a_copy_of_a_message() -> None:
    original = card("TD")
    copy = card(original)
    copy.rank = cards_pb2.RANK_JACK
    assert card_text(original) == "TD"


@pytest.mark.parametrize("text", ["", "1D", "11D", "TX", "T", "D", "ZZ", "TDD", "0S", "1S", "♠A", "A♤", "10 S"])
def test_bad_card_text_names_the_text_and_shows_the_format(text: str) -> None:
    with pytest.raises(CardTextError) as raised:
        card(text)
    assert str(raised.value) == f'bad card "{text}": {CARD_FORMAT}'
    assert raised.value.text == text
    assert isinstance(raised.value, ValueError)  # callers catching ValueError keep working


def test_the_format_in_an_error_reads_as_documented() -> None:
    with pytest.raises(ValueError) as raised:
        card("1X")
    assert str(raised.value) == (
        'bad card "1X": a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), like "AS", "10H" or "Q♦"'
    )


@pytest.mark.parametrize(("text", "bad"), [("3S 4X 5C", "4X"), ("3S4D1C", "1C"), ("3S, ??", "??"), ("A♠ 1♥", "1♥")])
def test_bad_card_in_a_list_names_it(text: str, bad: str) -> None:
    with pytest.raises(CardTextError, match=re.escape(f'bad card "{bad}" (at position')) as raised:
        cards(text)
    assert raised.value.text == bad and CARD_FORMAT in str(raised.value)


def test_symbols_ten_and_lower_case() -> None:
    assert cards_text(cards("A♠ 10♥ q♦ 2♣")) == "AS TH QD 2C"
    assert cards_text(cards("A♠,10♥,Q♦")) == "AS TH QD"
    assert cards_text(cards("A♠10♥Q♦")) == "AS TH QD"
    assert card("10\u2665\ufe0f") == card("TH")  # a phone's emoji heart: the symbol plus U+FE0F


@given(st.sampled_from(ALL_CARDS))
def test_every_card_text_round_trips(value: Card) -> None:
    assert len(ALL_CARDS) == 52
    text = card_text(value)
    assert card(text) == value
    assert re.fullmatch(r"[2-9TJQKA][SCDH]", text)  # printing is canonical


@st.composite
def spellings(draw: st.DrawFn) -> tuple[str, str]:
    """A canonical card and one of its accepted spellings: 10 or T, a letter or a symbol, any case, padding."""
    canonical = draw(st.sampled_from(ALL_TEXT))
    rank, suit = canonical[0], canonical[1]
    rank = draw(st.sampled_from(["10", "T", "t"] if rank == "T" else [rank, rank.lower()]))
    suit = draw(st.sampled_from([suit, suit.lower(), SYMBOLS[suit], SYMBOLS[suit] + "\ufe0f"]))
    pad = st.sampled_from(["", " ", "\t", "  "])
    return canonical, draw(pad) + rank + suit + draw(pad)


@given(spellings())
def test_every_accepted_spelling_parses_to_the_same_card(spelling: tuple[str, str]) -> None:
    canonical, text = spelling
    assert card(text) == card(canonical)
    assert card_text(card(text)) == canonical


@given(st.lists(spellings(), min_size=1, max_size=10), st.data())
def test_every_accepted_hand_layout_parses_to_the_same_cards(items: list[tuple[str, str]], data: st.DataObject) -> None:
    text = items[0][1]
    for _, spelling in items[1:]:
        text += data.draw(st.sampled_from([" ", ",", ", ", " , ", "\n"])) + spelling
    assert cards_text(cards(text)) == " ".join(canonical for canonical, _ in items)


def test_hands_refuses_one_str() -> None:
    with pytest.raises(TypeError, match="list of hands"):
        hands("AC AD AH")


def test_non_text_card_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        card(10)  # type: ignore[arg-type]


def test_card_without_rank_or_suit_has_no_text() -> None:
    with pytest.raises(ValueError, match="no valid rank and suit"):
        card_text(Card(rank=cards_pb2.RANK_TEN))
    with pytest.raises(ValueError):
        card_text(Card())


def test_sam_action_from_a_legal_move() -> None:
    play = sam_loc_pb2.SamMove(
        play=sam_loc_pb2.SamCombination(kind=sam_loc_pb2.SAM_COMBINATION_KIND_PAIR, cards=cards("3S 3H"), length=2)
    )
    action = sam_action_from_move(2, play)
    assert action == sam_play(2, "3S 3H")
    passing = sam_loc_pb2.SamMove()
    getattr(passing, "pass").SetInParent()
    assert sam_action_from_move(1, passing) == sam_pass(1)
    with pytest.raises(ValueError, match="empty"):
        sam_action_from_move(0, sam_loc_pb2.SamMove())
    with pytest.raises(TypeError, match="SamMove"):
        sam_action_from_move(0, sam_play(0, "3S"))  # type: ignore[arg-type]


def test_action_helpers() -> None:
    assert cards_text(sam_play(0, "3S 4S 5S").play) == "3S 4S 5S"
    assert sam_pass(2).WhichOneof("action") == "pass"
    raise_ = lieng_action(1, "raise", 400)
    assert (raise_.seat, raise_.kind, raise_.amount) == (1, lieng_pb2.LIENG_ACTION_KIND_RAISE, 400)
    assert lieng_action(0, "LIENG_ACTION_KIND_FOLD").kind == lieng_pb2.LIENG_ACTION_KIND_FOLD
    assert lieng_action(0, lieng_pb2.LIENG_ACTION_KIND_CALL).kind == lieng_pb2.LIENG_ACTION_KIND_CALL
    with pytest.raises(ValueError, match="not a Liêng action kind"):
        lieng_action(0, "bluff")
    with pytest.raises(ValueError, match="not a Liêng action kind"):
        lieng_action(0, 99)
