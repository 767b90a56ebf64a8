"""The gRPC layer reads a Sâm round record from its wire form for speed (``cardrules.api.sam._round_record_fast``,
with a cache of decoded actions). It must give exactly what the careful, field-by-field path gives for every
record it accepts, and give up (None) on everything else: here random complete rounds, the same rounds broken
in the ways clients break them, and random byte-level corruptions, each read with a cold and a warm cache."""

from __future__ import annotations

import random
from typing import Any

from google.protobuf.message import DecodeError

from cardrules.api import sam as api
from cardrules.core import sam
from cardrules.core.errors import InvalidInput
from cardrules.v1 import sam_loc_pb2
from tests.support.sam_records import proto_cards, random_round


def broken(rng: random.Random, message: sam_loc_pb2.SamRoundRecord) -> sam_loc_pb2.SamRoundRecord:
    """The round with one thing wrong (or odd but valid) in the ways a client gets a record wrong."""
    out = sam_loc_pb2.SamRoundRecord()
    out.CopyFrom(message)
    plays = [a for a in out.actions if a.WhichOneof("action") == "play"]
    hand = rng.choice(out.hands)
    kind = rng.randrange(16)
    if kind == 0:
        rng.choice(hand.cards).rank = rng.choice([0, 14, 200])  # type: ignore[assignment]
    elif kind == 1:
        rng.choice(hand.cards).suit = rng.choice([0, 5, 130])  # type: ignore[assignment]
    elif kind == 2 and plays:
        play = rng.choice(plays).play
        play.cards.append(play.cards[0])  # a card twice in one play
    elif kind == 3 and plays:
        rng.choice(plays).play.ClearField("cards")  # an empty play
    elif kind == 4 and out.actions:
        rng.choice(out.actions).ClearField("play")
        rng.choice(out.actions).ClearField("pass")  # maybe no action at all
    elif kind == 5 and out.actions:
        rng.choice(out.actions).seat = rng.choice([-1, 4, 5, 16, 127, 128, 300])
    elif kind == 6:
        out.leader = rng.choice([-1, 1, 4, 5, 127, 128, 2**31 - 1])
    elif kind == 7:
        out.declarations.append(rng.choice([-1, 0, 3, 5, 15, 16, 40, 50, 127, 128]))
    elif kind == 8:
        if rng.random() < 0.5:
            del hand.cards[rng.randrange(len(hand.cards))]
        else:
            hand.cards.add(rank=1, suit=1)
    elif kind == 9:
        out.stake = rng.choice([0, -5, 1, 127, 128, 2**63 - 1])
    elif kind == 10:
        other = rng.choice(out.hands)
        hand.cards[0].CopyFrom(other.cards[-1])  # a card dealt twice (or the same place: no change)
    elif kind == 11:
        del out.hands[rng.randrange(len(out.hands))]
    elif kind == 12 and out.actions:
        del out.actions[rng.randrange(len(out.actions))]  # the replay objects later, not the conversion
    elif kind == 13 and plays:
        card = rng.choice(rng.choice(plays).play.cards)
        card.rank, card.suit = rng.randint(1, 13), rng.randint(1, 4)  # type: ignore[assignment]
    elif kind == 14:
        out.house_rules.chop_penalty = rng.choice([0, 5, 2**40])
    else:
        out.hands.add()  # an empty hand
    return out


def corrupted(rng: random.Random, message: sam_loc_pb2.SamRoundRecord) -> sam_loc_pb2.SamRoundRecord | None:
    """The round's bytes with one to three bytes changed, inserted or removed, if protobuf still parses them."""
    data = bytearray(message.SerializeToString())
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data))
        what = rng.randrange(3)
        if what == 0:
            data[at] = rng.randrange(256)
        elif what == 1:
            data.insert(at, rng.randrange(256))
        else:
            del data[at]
    if rng.random() < 0.2:  # an unknown field at the end, which protobuf keeps and serializes again
        data += bytes((rng.choice([7 << 3, 99 << 3 & 0x7F | 0x80, 7 << 3 | 2]), 1, 1))
    try:
        return sam_loc_pb2.SamRoundRecord.FromString(bytes(data))
    except DecodeError:
        return None


def careful(message: sam_loc_pb2.SamRoundRecord, rules: sam.HouseRules) -> object:
    try:
        return api._round_record_careful(message, rules, "round")
    except InvalidInput as error:
        return error.violations


def check_same(message: sam_loc_pb2.SamRoundRecord, must_be_fast: bool = False, cold: bool = True) -> None:
    try:
        rules = api.rules_of(message, "round.house_rules")
    except InvalidInput:
        return
    expected = careful(message, rules)
    for warm in (False, True):
        if cold and not warm:
            api._ACTIONS.clear()
        fast = api._round_record_fast(message, rules)
        if isinstance(expected, sam.RoundRecord):
            assert fast == expected or (fast is None and not must_be_fast), (fast, expected)
        else:
            assert fast is None, (fast, expected)
        try:
            converted: object = api.round_record(message)
        except InvalidInput as error:
            converted = error.violations
        assert converted == expected


def test_fast_record_reader_equals_the_careful_path() -> None:
    rng = random.Random(20240607)
    for _ in range(300):
        message = random_round(rng)
        check_same(message, must_be_fast=True)
        for _ in range(6):
            check_same(broken(rng, message))
        for _ in range(6):
            mangled = corrupted(rng, message)
            if mangled is not None:
                check_same(mangled)


def test_cached_actions_are_shared_only_between_equal_elements() -> None:
    rng = random.Random(7)
    messages = [random_round(rng) for _ in range(40)]
    api._ACTIONS.clear()
    for message in messages + messages[::-1]:  # later rounds hit what earlier ones cached
        check_same(message, must_be_fast=True, cold=False)
    assert api._ACTIONS
    for element, action in api._ACTIONS.items():
        parsed = sam_loc_pb2.SamRoundRecord.FromString(b"\x32" + element)  # keys are elements after their tag
        assert len(parsed.actions) == 1
        assert api.action(parsed.actions[0]) == action


def test_the_action_cache_stays_bounded(monkeypatch: Any) -> None:
    monkeypatch.setattr(api, "_ACTION_CACHE_SIZE", 5)
    api._ACTIONS.clear()
    rng = random.Random(3)
    for _ in range(5):
        check_same(random_round(rng), must_be_fast=True, cold=False)
        assert len(api._ACTIONS) <= 5
    api._ACTIONS.clear()


def with_bytes(message: sam_loc_pb2.SamRoundRecord, index: int, extra: bytes, inside_play: bool) -> object:
    """The round with ``extra`` appended to the wire form of action ``index`` (or of its played cards), as a
    client built from another contract version could send it."""
    out = sam_loc_pb2.SamRoundRecord()
    out.CopyFrom(message)
    item = out.actions[index]
    target = item.play if inside_play else item
    target.MergeFromString(extra)  # unknown fields (or a card) that protobuf keeps and serializes again
    return out


def test_lengths_that_disagree_with_what_the_patterns_read_are_given_up() -> None:
    """Unknown fields that look like more actions, or like more cards, must not be read as such: protobuf
    parses them as part of the element their length covers."""
    rng = random.Random(5)
    checked = 0
    while checked < 40:
        message = random_round(rng)
        plays = [i for i, a in enumerate(message.actions) if a.WhichOneof("action") == "play"]
        if not plays:
            continue
        i = rng.choice(plays)
        seat = message.actions[i].seat
        pass_element = b"\x32\x04\x08" + bytes((seat,)) + b"\x1a\x00" if seat else b"\x32\x02\x1a\x00"
        card = message.actions[i].play.cards[0].SerializeToString()
        for mangled in (
            with_bytes(message, i, pass_element, inside_play=False),  # SamAction field 6: "a pass"
            with_bytes(message, i, pass_element, inside_play=True),  # Cards field 6 inside the play
            with_bytes(message, i, b"\x0a" + bytes((len(card),)) + card, inside_play=True),  # one more card
            with_bytes(message, i, b"\x0a\x04\x08\x02\x10\x01", inside_play=False),  # SamAction field 1 as LEN
        ):
            assert isinstance(mangled, sam_loc_pb2.SamRoundRecord)
            check_same(mangled)
        checked += 1


def test_declarations_that_look_like_a_leader_are_given_up() -> None:
    """A declaration seat of 40 is the leader's tag byte: the packed length says it is still a declaration."""
    rng = random.Random(9)
    for _ in range(20):
        message = random_round(rng)
        seats = len(message.hands)
        for declared in ([1, 40, 2], [40, 1], [0, 40, seats - 1], [50, 2, 0]):
            out = sam_loc_pb2.SamRoundRecord()
            out.CopyFrom(message)
            del out.declarations[:]
            out.declarations.extend(declared)
            out.leader = 0
            check_same(out)


def test_an_eight_card_play_by_seat_0_is_read_by_the_pattern() -> None:
    """Its length byte is 0x32, the tag the fast split cuts at: the elements are then found by their pattern."""
    message = sam_loc_pb2.SamRoundRecord()
    message.actions.add(seat=0).play.CopyFrom(proto_cards(range(0, 32, 4)))  # 3 4 5 6 7 8 9 T
    getattr(message.actions.add(seat=1), "pass").SetInParent()
    message.actions.add(seat=2).play.CopyFrom(proto_cards(range(1, 33, 4)))
    data = message.SerializeToString()
    assert data[:2] == b"\x32\x32"
    expected = [api.action(a) for a in message.actions]
    api._ACTIONS.clear()
    assert api._actions(data) == expected  # cold
    assert api._actions(data) == expected  # warm
    assert api._actions(data[:-1]) is None  # cut short
