"""The API layer's speed paths, checked from the contract's descriptors so that a field added to a message cannot
be silently dropped:

- card lists are read from their wire form (``cardrules.api.cards.cards_of``): a ``Card`` or ``Cards`` with any
  field set, through the descriptors, reads the same as the careful field-by-field reader (or fails the same way);
- Sâm LegalMoves answers are joined from cached serialized moves (``cardrules.api.sam.wire``): the fields it
  caches and the fields it writes are every field of the response, and its answers equal the plain builder's.
"""

from __future__ import annotations

import itertools
import random

import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from cardrules.api.cards import cards_from_proto, cards_of
from cardrules.api.sam import responses, wire
from cardrules.core.errors import InvalidInput
from cardrules.core.sam import HouseRules, legal_moves
from cardrules.v1 import cards_pb2, sam_loc_pb2
from tests.support.sam_rounds import play_randomly


def sample_values(field: FieldDescriptor) -> list[object]:
    """A few values of a scalar field's type: zero, small, large, and (for enums) each defined number and one past
    them."""
    if field.enum_type is not None:
        numbers = [v.number for v in field.enum_type.values]
        return [*numbers, max(numbers) + 1, 300]
    if field.type == FieldDescriptor.TYPE_BOOL:
        return [False, True]
    if field.type in (FieldDescriptor.TYPE_STRING,):
        return ["", "x"]
    if field.type == FieldDescriptor.TYPE_BYTES:
        return [b"", b"x"]
    if field.cpp_type in (FieldDescriptor.CPPTYPE_FLOAT, FieldDescriptor.CPPTYPE_DOUBLE):
        return [0.0, 1.5]
    return [0, 1, 2, 13, 127, 128, 300]


def variants(descriptor: Descriptor) -> list[dict[str, object]]:
    """Field values for every combination of a few values of each scalar field of a message type (its every field,
    read from the descriptor)."""
    fields = descriptor.fields
    assert all(f.type != FieldDescriptor.TYPE_MESSAGE for f in fields), "extend variants() for nested messages"
    choices = [sample_values(f) for f in fields]
    return [dict(zip([f.name for f in fields], values, strict=True)) for values in itertools.product(*choices)]


def read(message: cards_pb2.Cards, careful: bool) -> tuple[object, ...] | list[tuple[str, str, str]]:
    try:
        return cards_from_proto(message.cards, "cards") if careful else cards_of(message, "cards")
    except InvalidInput as error:
        return [(v.field, v.reason, v.description) for v in error.violations]


def test_cards_hold_only_a_repeated_card() -> None:
    """cards_of reads the ``cards`` elements only; a field added to ``Cards`` needs reading there too."""
    fields = cards_pb2.Cards.DESCRIPTOR.fields
    assert [(f.name, f.number, f.is_repeated) for f in fields] == [("cards", 1, True)]
    assert fields[0].message_type is cards_pb2.Card.DESCRIPTOR


def test_a_card_with_any_fields_set_reads_as_the_careful_reader_reads_it() -> None:
    cards = [cards_pb2.Card(**values) for values in variants(cards_pb2.Card.DESCRIPTOR)]  # type: ignore[arg-type]
    assert len(cards) > 52
    for card in cards:
        message = cards_pb2.Cards(cards=[card])
        assert read(message, careful=False) == read(message, careful=True), card
    rng = random.Random(1)
    for _ in range(2000):
        message = cards_pb2.Cards(cards=rng.sample(cards, rng.randint(0, 12)))
        if rng.random() < 0.1:
            message.cards.append(message.cards[0] if message.cards else cards[0])
        assert read(message, careful=False) == read(message, careful=True), message


def test_unknown_fields_are_left_to_the_careful_reader() -> None:
    card = cards_pb2.Card(rank=1, suit=1)  # type: ignore[arg-type]
    for extra in (b"\x18\x01", b"\xa2\x06\x01x"):  # a varint field 3, a length-delimited field 100
        odd = cards_pb2.Card.FromString(card.SerializeToString() + extra)
        message = cards_pb2.Cards(cards=[odd, cards_pb2.Card(rank=2, suit=1)])  # type: ignore[arg-type]
        assert read(message, careful=False) == read(message, careful=True)
        wrapped = cards_pb2.Cards.FromString(cards_pb2.Cards(cards=[card]).SerializeToString() + extra)
        assert read(wrapped, careful=False) == read(wrapped, careful=True)


def test_the_legal_moves_answer_writes_every_field_of_the_response() -> None:
    response = sam_loc_pb2.SamLocServiceLegalMovesResponse.DESCRIPTOR
    # `views` is added to the built answer afterwards, by cardrules.api.sam.views.
    assert {wire.CACHED, *wire.WRITTEN, "views"} == {f.name for f in response.fields}


@pytest.mark.parametrize("low_ace", [False, True])
def test_cached_legal_moves_answers_equal_the_plain_builder(low_ace: bool) -> None:
    rng = random.Random(int(low_ace))
    rules = HouseRules(straight_low_ace=low_ace, instant_wins=frozenset())
    compared = 0
    for _ in range(20):
        _, _, _, states, _ = play_randomly(rng, rules, rng.randint(2, 5), sam=False)
        for state in states:
            for all_card_sets in (False, True):
                moves = legal_moves(state, all_card_sets)
                plain: Message = responses.moves_to_proto(moves)
                cached = wire.legal_moves_response(moves)
                assert cached == plain
                assert cached.SerializeToString() == plain.SerializeToString()
                compared += 1
    assert compared > 500
