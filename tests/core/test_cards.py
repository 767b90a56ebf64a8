"""Cards parse, format and reject bad input naming the offending index."""

import pytest

from cardrules.core.cards import CARDS, Card, Rank, Suit, check_distinct, format_cards, parse_cards
from cardrules.core.errors import InvalidInput, join


def test_all_52_cards_round_trip() -> None:
    assert len({str(c) for c in CARDS}) == 52
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert Card.of(card.rank, card.suit) is card


def test_strength_order_and_ten_alias() -> None:
    assert Card.parse("3S") < Card.parse("KH") < Card.parse("AS") < Card.parse("2S")
    assert Card.parse("10h") is Card.parse("TH")
    assert Card.parse("TD").rank is Rank.TEN and Card.parse("TD").suit is Suit.DIAMONDS
    assert Card(7) is CARDS[7]


def test_parse_forms() -> None:
    assert format_cards(parse_cards("3S4D10C")) == "3S4DTC"
    assert format_cards(parse_cards("3S, 4D 5c"), " ") == "3S 4D 5C"
    assert parse_cards(["AS", "2H"]) == (Card.parse("AS"), Card.parse("2H"))


def test_suit_symbols_and_ten() -> None:
    assert Card.parse("A♠") is Card.parse("as") and Card.parse("10♥") is Card.parse("TH")
    assert Card.parse("q♦\ufe0f") is Card.parse("QD")  # the emoji form of the symbol
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
