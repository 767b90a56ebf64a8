"""An independent check of per-viewer views: which cards a view names, against the cards its viewer may see.

Written from the rules text (docs/rules/sam-loc.md and docs/rules/lieng.md, "Who sees what"; docs/fair-deal.md,
"Handing out the deal"), not from the service's redaction code: a view is read the way a client gets it
(serialized, parsed back), every ``Card`` message in it at any depth and every card written as text in any of its
strings (messages, labels, reasons) is collected, and each must be in the allowed set, computed here from the
request and the full answer. A second reading checks that a view differs from the full answer only where cards are
hidden (its skeleton is the same).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from cardrules.v1 import cards_pb2, sam_loc_pb2

CardKey = tuple[int, int]  # (contract rank number, contract suit number)

_RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "10": 10}
_RANKS.update({"J": 11, "Q": 12, "K": 13})
_SUITS = {"S": 1, "C": 2, "D": 3, "H": 4, "♠": 1, "♣": 2, "♦": 3, "♥": 4}
# A card as text: a rank (10 or one of 2-9 T J Q K A) and a suit letter or symbol, not inside a longer word.
CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([SCDH♠♣♦♥])(?![0-9A-Za-z])")
_CARD = cards_pb2.Card.DESCRIPTOR


@dataclass(frozen=True)
class Viewer:
    """A viewer as the checker knows it: ``seat`` for a player, else ``role`` ``spectator`` or ``audit``."""

    seat: int | None = None
    role: str = "seat"

    def proto(self) -> cards_pb2.Viewer:
        if self.seat is not None:
            return cards_pb2.Viewer(seat=self.seat)
        return cards_pb2.Viewer(spectator={}) if self.role == "spectator" else cards_pb2.Viewer(audit={})


SPECTATOR = Viewer(role="spectator")
AUDIT = Viewer(role="audit")


def every_viewer(seats: int) -> list[Viewer]:
    return [Viewer(seat=i) for i in range(seats)] + [SPECTATOR, AUDIT]


def keys(cards: Iterable[cards_pb2.Card]) -> set[CardKey]:
    return {(card.rank, card.suit) for card in cards}


def named_cards(message: Message) -> set[CardKey]:
    """Every card ``message`` names, read as a client reads it: from its serialized bytes, every ``Card`` at any
    depth and every card text in any string."""
    parsed = type(message).FromString(message.SerializeToString())
    found: set[CardKey] = set()
    for value in _values(parsed):
        if isinstance(value, Message):
            found.add((value.rank, value.suit))  # type: ignore[attr-defined]  # only Cards are yielded
        else:
            found.update((_RANKS[rank], _SUITS[suit]) for rank, suit in CARD_TEXT.findall(value))
    return found


def _values(message: Message) -> Iterator[Any]:
    """Every Card message and every string in ``message``, at any depth."""
    if message.DESCRIPTOR is _CARD:
        yield message
        return
    for field, value in message.ListFields():
        values = value if field.is_repeated else [value]
        if field.message_type is not None:
            for item in values:
                yield from _values(item)
        elif field.type == FieldDescriptor.TYPE_STRING:
            yield from values


def without_views(answer: Message) -> Message:
    copy = type(answer)()
    copy.CopyFrom(answer)
    copy.ClearField("views")
    return copy


# --- Sâm -------------------------------------------------------------------------------------------------------


def sam_hands(state: sam_loc_pb2.SamTableState) -> dict[int, set[CardKey]]:
    """The known hands of ``state`` by seat."""
    return {i: keys(seat.hand.cards) for i, seat in enumerate(state.seats) if seat.HasField("hand")}


def sam_public(state: sam_loc_pb2.SamTableState) -> set[CardKey]:
    """What every viewer sees in a state: the table, and every hand once the hand has ended."""
    public = keys(state.current.cards)
    if state.ended:
        for hand in sam_hands(state).values():
            public |= hand
    return public


def sam_allowed(
    viewer: Viewer,
    states: Iterable[sam_loc_pb2.SamTableState],
    played: Iterable[cards_pb2.Card] = (),
    offered: tuple[int, Iterable[cards_pb2.Card]] | None = None,
) -> set[CardKey]:
    """The cards ``viewer`` may see in an answer about ``states`` (the request's state and the next one): the
    table and, once ended, every hand; a legal play's cards (``played``); a seat also its own hand and the cards it
    offered itself (``offered``: the acting seat and its cards)."""
    allowed = keys(played)
    for state in states:
        allowed |= sam_public(state)
        if viewer.seat is not None:
            allowed |= sam_hands(state).get(viewer.seat, set())
    if offered is not None and viewer.seat == offered[0]:
        allowed |= keys(offered[1])
    return allowed


def sam_skeleton(answer: Message) -> bytes:
    """The answer without its cards: every known hand as its count, no combination, no moves, no views. A view's
    skeleton equals its answer's: it hides cards and nothing else."""
    copy = type(answer)()
    copy.CopyFrom(answer)
    copy.ClearField("views")
    for name in ("combination", "moves"):
        if name in copy.DESCRIPTOR.fields_by_name:
            copy.ClearField(name)
    for name in ("state", "next_state"):
        if name in copy.DESCRIPTOR.fields_by_name and copy.HasField(name):
            for seat in getattr(copy, name).seats:
                if seat.HasField("hand"):
                    seat.card_count = len(seat.hand.cards)
    return copy.SerializeToString(deterministic=True)


def sam_check_views(
    answer: Message,
    viewers: list[Viewer],
    allowed: dict[Viewer, set[CardKey]],
) -> int:
    """Check every view of ``answer`` (one per viewer, in order) and return how many were checked.

    Each view names only cards in ``allowed[viewer]``; its skeleton is the answer's; the audit view is the whole
    answer; a seat's view keeps the seat's own seat as the full answer has it, and every hand once the hand has
    ended; the seat to act sees its own moves."""
    views = list(answer.views)  # type: ignore[attr-defined]
    assert [v.viewer for v in views] == [v.proto() for v in viewers], "one view per viewer, in the order asked"
    full: Any = without_views(answer)
    skeleton = sam_skeleton(full)
    for viewer, view in zip(viewers, views, strict=True):
        shown = view.answer
        assert not shown.views, "a view's own views are empty"
        if viewer == AUDIT:
            assert shown == full, "the audit view is the whole answer"
            continue
        leaked = named_cards(shown) - allowed[viewer]
        assert not leaked, f"{viewer} sees cards it may not: {sorted(leaked)}"
        assert sam_skeleton(shown) == skeleton, f"{viewer}: the view differs from the answer beyond hidden cards"
        for name in ("state", "next_state"):
            if name in full.DESCRIPTOR.fields_by_name and full.HasField(name):
                mine, theirs = getattr(shown, name), getattr(full, name)
                if viewer.seat is not None:
                    assert mine.seats[viewer.seat] == theirs.seats[viewer.seat], f"{viewer} keeps its own seat"
                if theirs.ended:
                    assert mine == theirs, "once the hand has ended every hand is shown to all"
        if "moves" in full.DESCRIPTOR.fields_by_name and viewer.seat is not None and viewer.seat == full.seat:
            assert list(shown.moves) == list(full.moves), "the seat to act sees its own moves"
    return len(views)


# --- Liêng -----------------------------------------------------------------------------------------------------


def lieng_skeleton(answer: Message) -> bytes:
    """The answer without the hands it shows and without views."""
    copy = type(answer)()
    copy.CopyFrom(answer)
    copy.ClearField("views")
    if "shown" in copy.DESCRIPTOR.fields_by_name:
        copy.ClearField("shown")
    return copy.SerializeToString(deterministic=True)


def lieng_check_views(
    answer: Message, viewers: list[Viewer], allowed: dict[Viewer, set[CardKey]], showdown: set[int]
) -> int:
    """Check every view of a Liêng ``answer``: only cards in ``allowed[viewer]``; the shown hands exactly those of
    the ``showdown`` seats (empty after a fold-out and in every betting answer), the same for every viewer; the rest
    as in the answer; the audit view the whole answer. Returns how many views were checked."""
    views = list(answer.views)  # type: ignore[attr-defined]
    assert [v.viewer for v in views] == [v.proto() for v in viewers], "one view per viewer, in the order asked"
    full = without_views(answer)
    skeleton = lieng_skeleton(full)
    for viewer, view in zip(viewers, views, strict=True):
        shown = view.answer
        assert not shown.views, "a view's own views are empty"
        if viewer == AUDIT:
            assert shown == full, "the audit view is the whole answer"
            continue
        leaked = named_cards(shown) - allowed[viewer]
        assert not leaked, f"{viewer} sees cards it may not: {sorted(leaked)}"
        assert lieng_skeleton(shown) == skeleton, f"{viewer}: the view differs from the answer beyond shown hands"
        seats = {hand.seat for hand in getattr(shown, "shown", ())}
        assert seats == (showdown if "shown" in full.DESCRIPTOR.fields_by_name else set()), f"{viewer}: {seats}"
    return len(views)


# --- Deal (both games) -----------------------------------------------------------------------------------------


def deal_skeleton(answer: Message) -> bytes:
    """A Deal answer without the cards any viewer may be denied: every hand emptied, no undealt cards, no views. A
    view's skeleton equals its answer's: it hides cards and nothing else."""
    copy: Any = type(answer)()
    copy.CopyFrom(answer)
    copy.ClearField("views")
    copy.ClearField("undealt")
    for hand in copy.hands:
        hand.ClearField("cards")
    data: bytes = copy.SerializeToString(deterministic=True)
    return data


def deal_check_views(answer: Message, viewers: list[Viewer]) -> int:
    """Check every view of a Deal ``answer`` (docs/fair-deal.md, "Handing out the deal"): a seat's view names only
    its own hand's cards and holds that hand as dealt, every other seat's entry present and empty; a spectator's
    names no card; neither has the undealt cards; the commitment and the algorithm are the answer's; the audit view
    is the whole answer. Returns how many views were checked."""
    views = list(answer.views)  # type: ignore[attr-defined]
    assert [v.viewer for v in views] == [v.proto() for v in viewers], "one view per viewer, in the order asked"
    full: Any = without_views(answer)
    skeleton = deal_skeleton(full)
    for viewer, view in zip(viewers, views, strict=True):
        shown = view.answer
        assert not shown.views, "a view's own views are empty"
        if viewer == AUDIT:
            assert shown == full, "the audit view is the whole answer"
            continue
        own = keys(full.hands[viewer.seat].cards) if viewer.seat is not None else set()
        leaked = named_cards(shown) - own
        assert not leaked, f"{viewer} sees cards it may not: {sorted(leaked)}"
        assert deal_skeleton(shown) == skeleton, f"{viewer}: the view differs from the answer beyond hidden cards"
        assert len(shown.hands) == len(full.hands), f"{viewer}: every seat's entry is present"
        for seat, hand in enumerate(shown.hands):
            if seat == viewer.seat:
                assert hand == full.hands[seat], f"{viewer} sees its own hand as dealt"
            else:
                assert not hand.cards, f"{viewer} sees seat {seat}'s hand"
        assert not shown.HasField("undealt"), f"{viewer} sees the undealt cards"
        assert (shown.commitment, shown.algorithm) == (full.commitment, full.algorithm), "both are public"
    return len(views)
