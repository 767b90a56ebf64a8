"""Cards parse, format and reject bad input naming the offending index."""

import pytest

from cardrules.core.cards import (
    CARDS,
    Rank,
    Suit,
    card_of,
    card_text,
    check_distinct,
    format_cards,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from cardrules.core.errors import InvalidInput, join


def test_all_52_cards_round_trip() -> None:
    assert len({card_text(c) for c in CARDS}) == 52
    for card in CARDS:
        assert parse_card(card_text(card)) == card
        assert card_of(rank_of(card), suit_of(card)) == card


def test_strength_order_and_ten_alias() -> None:
    assert parse_card("3S") < parse_card("KH") < parse_card("AS") < parse_card("2S")
    assert parse_card("10h") == parse_card("TH")
    assert rank_of(parse_card("TD")) is Rank.TEN and suit_of(parse_card("TD")) is Suit.DIAMONDS
    assert card_text(CARDS[7]) == "4H" and type(CARDS[7]) is int


def test_parse_forms() -> None:
    assert format_cards(parse_cards("3S4D10C")) == "3S4DTC"
    assert format_cards(parse_cards("3S, 4D 5c"), " ") == "3S 4D 5C"
    assert parse_cards(["AS", "2H"]) == (parse_card("AS"), parse_card("2H"))


def test_suit_symbols_and_ten() -> None:
    assert parse_card("A♠") == parse_card("as") and parse_card("10♥") == parse_card("TH")
    assert parse_card("q♦\ufe0f") == parse_card("QD")  # the emoji form of the symbol
    assert format_cards(parse_cards("A♠10♥K♣"), " ") == "AS TH KC"
    assert format_cards(parse_cards("2♦, 3♣"), " ") == "2D 3C"


def test_a_bad_card_shows_the_format() -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_cards("3S 1X")
    (violation,) = caught.value.violations
    assert violation.description == (
        'bad card "1X": a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), like "AS", "10H" or "Q♦"'
    )


@pytest.mark.parametrize("bad", ["1S", "XS", "3X", "", "3SS", "11H"])
def test_malformed_card_names_index(bad: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_cards(["3S", bad], field="hand")
    (violation,) = caught.value.violations
    assert violation.field == "hand[1]" and violation.reason == "MALFORMED_CARD"


def test_duplicates_named() -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_cards("3S 4D 3S")
    assert [(v.field, v.reason) for v in caught.value.violations] == [("cards[2]", "DUPLICATE_CARD")]
    with pytest.raises(InvalidInput) as caught:
        check_distinct([1, 52, 1], field="x")
    assert [(v.field, v.reason) for v in caught.value.violations] == [
        ("x[1]", "MALFORMED_CARD"),
        ("x[2]", "DUPLICATE_CARD"),
    ]
    assert join("state", "seats[1]") == "state.seats[1]"
    assert join("hands", "[2]") == "hands[2]"
    assert join("", "turn") == "turn"
    assert join("state", "") == "state"
