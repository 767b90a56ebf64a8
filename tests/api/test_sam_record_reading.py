"""Reading a Sâm round record: a well-formed record is read without naming paths, and a faulty one is read again to
name every faulty action at its index (api/sam/requests.round_record)."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules.api.sam.requests import action, round_record
from cardrules.core import sam
from cardrules.core.cards import Card
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.v1 import cards_pb2, sam_loc_pb2
from tests.support.sam_records import proto_cards


def _play(seat: int, cards: cards_pb2.Cards) -> sam_loc_pb2.SamAction:
    return sam_loc_pb2.SamAction(seat=seat, play=cards)


# A card message with an undefined suit number.
_BAD_CARD = cards_pb2.Cards(cards=[cards_pb2.Card(rank=1, suit=9)])  # type: ignore[arg-type]


def _pass(seat: int) -> sam_loc_pb2.SamAction:
    fields: dict[str, Any] = {"seat": seat, "pass": {}}  # "pass" is a Python keyword
    return sam_loc_pb2.SamAction(**fields)


def _record(actions: list[sam_loc_pb2.SamAction]) -> sam_loc_pb2.SamRoundRecord:
    deck = [Card(i) for i in range(20)]
    return sam_loc_pb2.SamRoundRecord(
        stake=10,
        leader=0,
        hands=[proto_cards(deck[:10]), proto_cards(deck[10:])],
        actions=actions,
    )


def test_a_faulty_record_names_every_faulty_action_at_its_index() -> None:
    good = _play(0, proto_cards([Card(0)]))
    record = _record(
        [
            good,
            sam_loc_pb2.SamAction(seat=1),  # neither play nor pass
            _play(-1, proto_cards([Card(1)])),
            good,
            _play(0, _BAD_CARD),
            _pass(-2),
            _play(1, cards_pb2.Cards()),
        ]
    )
    with pytest.raises(InvalidInput) as raised:
        round_record(record)
    assert [(v.field, v.reason) for v in raised.value.violations] == [
        ("round.actions[1]", ErrorReason.MISSING_VALUE),
        ("round.actions[2].seat", ErrorReason.SEAT_OUT_OF_RANGE),
        ("round.actions[4].play.cards[0]", ErrorReason.MALFORMED_CARD),
        ("round.actions[5].seat", ErrorReason.SEAT_OUT_OF_RANGE),
        ("round.actions[6].play.cards", ErrorReason.WRONG_CARD_COUNT),
    ]


def test_a_single_action_is_named_at_its_own_field() -> None:
    with pytest.raises(InvalidInput) as raised:
        action(_play(0, _BAD_CARD))
    assert [v.field for v in raised.value.violations] == ["action.play.cards[0]"]


@pytest.mark.parametrize("seat", [0, 1, 4, 5, 7, 2**31 - 1])
def test_a_pass_reads_as_the_pass_of_its_seat(seat: int) -> None:
    read = action(_pass(seat))
    assert read == sam.Pass(seat)
    assert type(read) is sam.Pass


def test_a_pass_with_a_seat_past_the_table_is_named_by_the_record() -> None:
    with pytest.raises(InvalidInput) as raised:
        round_record(_record([_play(0, proto_cards([Card(0)])), _pass(2)]))
    assert [(v.field, v.reason) for v in raised.value.violations] == [
        ("round.actions[1].seat", ErrorReason.SEAT_OUT_OF_RANGE)
    ]


def test_plays_keep_their_cards_in_the_given_order() -> None:
    cards = [Card(7), Card(2), Card(5)]
    record = round_record(_record([_play(0, proto_cards(cards)), _pass(1)]))
    assert record.actions == (sam.Play(0, tuple(cards)), sam.Pass(1))
