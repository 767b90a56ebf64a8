"""Card text ↔ cardrules.v1 messages in the Python SDK."""

from __future__ import annotations

import pytest

from cardrules.client import card, card_text, cards, cards_message, cards_text, hands, lieng_action, sam_pass, sam_play
from cardrules.v1 import cards_pb2, lieng_pb2
from cardrules.v1.cards_pb2 import Card, Cards

ALL_TEXT = [rank + suit for rank in "3456789TJQKA2" for suit in "SCDH"]


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


@pytest.mark.parametrize("text", ["", "1D", "11D", "TX", "T", "D", "ZZ", "TDD", "0S", "1S"])
def test_bad_card_text_names_the_text(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        card(text)


@pytest.mark.parametrize(("text", "bad"), [("3S 4X 5C", "4X"), ("3S4D1C", "1C"), ("3S, ??", "??")])
def test_bad_card_in_a_list_names_it(text: str, bad: str) -> None:
    with pytest.raises(ValueError, match=repr(bad).replace("?", r"\?")):
        cards(text)


def test_non_text_card_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        card(10)  # type: ignore[arg-type]


def test_card_without_rank_or_suit_has_no_text() -> None:
    with pytest.raises(ValueError, match="no valid rank and suit"):
        card_text(Card(rank=cards_pb2.RANK_TEN))
    with pytest.raises(ValueError):
        card_text(Card())


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
