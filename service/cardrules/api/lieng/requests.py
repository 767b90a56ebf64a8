"""Liêng request messages → core values. Bad input raises :class:`InvalidInput` naming the request's field:
what the core checks, the core names, told where each value sits in the request and the contract's words
(:data:`NAMING`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.api.cards import read_cards
from cardrules.api.house_rules import RulesReader, enum_name, enum_numbers
from cardrules.core import lieng
from cardrules.core.cards import Card
from cardrules.core.errors import ErrorReason, Faults, FieldViolation, InvalidInput, Naming
from cardrules.v1 import cards_pb2, lieng_pb2

_INT32_MAX = 2**31 - 1

NAMING = Naming(cards=".cards")
"""The contract's words for the core's values: a card list is a ``Cards`` message (``hands[1].cards[2]``)."""

_KIND = lieng_pb2.LiengActionKind.DESCRIPTOR
_KIND_BY_NUMBER = {number: member for member, number in enum_numbers(_KIND, lieng.ActionKind).items()}

_RULES = RulesReader(lieng_pb2.LiengHouseRules, lieng.HouseRules.from_mapping)
rules_of = _RULES.of
house_rules = _RULES.parse


def hands_of(
    messages: Sequence[cards_pb2.Cards], field: str, allow_empty: bool = False
) -> list[tuple[Card, ...] | None]:
    """Each hand's distinct cards (None for an empty hand when ``allow_empty``); every bad card is named (as many
    as an error lists)."""
    faults = Faults()
    hands = [read_cards(hand, f"{field}[{i}].cards", faults) for i, hand in enumerate(messages)]
    faults.check()  # so every hand was read
    return [cards or None for cards in hands] if allow_empty else hands


def betting_state(
    message: lieng_pb2.LiengBettingState, rules: lieng.HouseRules, field: str = "state"
) -> lieng.BettingState:
    seats: list[lieng.SeatState] = []
    faults = Faults()
    for name in ("orbit", "raise_orbits", "last_raise_orbit"):
        # Counters go up by one per action and leave as int32: a state at the limit cannot come from real play.
        if getattr(message, name) >= _INT32_MAX and faults.building():
            faults.add(FieldViolation(f"{field}.{name}", ErrorReason.IMPOSSIBLE_STATE, f"{name} is implausibly large"))
    for i, s in enumerate(message.seats):
        try:
            seats.append(lieng.SeatState(s.stack, s.committed, s.folded, s.all_in, s.acted, f"{field}.seats[{i}]"))
        except InvalidInput as error:
            faults.extend(error)
    faults.check()
    return lieng.BettingState(
        seats=tuple(seats),
        ante=message.ante,
        first_actor=message.first_actor,
        to_act=message.to_act if message.HasField("to_act") else None,
        current_bet=message.current_bet,
        last_full_raise=message.last_full_raise,
        orbit=message.orbit,
        raise_orbits=message.raise_orbits,
        last_raise_orbit=message.last_raise_orbit if message.HasField("last_raise_orbit") else -1,
        rules=rules,
        path=field,
    )


def action(message: lieng_pb2.LiengAction, field: str = "action") -> lieng.Action:
    """The core action of a request's action; bad input is named at its field under ``field``."""
    faults = Faults()
    read = _action(message, field, faults)
    if read is None:
        raise InvalidInput(*faults.listed, unlisted=faults.unlisted)
    return read


def _action(message: lieng_pb2.LiengAction, field: str, faults: Faults) -> lieng.Action | None:
    """The action, or None once its faults are reported into ``faults`` at ``field``."""
    kind = _KIND_BY_NUMBER.get(message.kind)
    if kind is None:  # unset or unknown: enum_name names the field
        try:
            kind = lieng.ActionKind[enum_name(_KIND, message.kind, f"{field}.kind")]
        except InvalidInput as error:
            faults.extend(error)
            return None
    try:
        return lieng.Action(message.seat, kind, message.amount, field)
    except InvalidInput as error:
        faults.extend(error)
        return None


def history_of(messages: Sequence[lieng_pb2.LiengAction], field: str = "history") -> tuple[lieng.Action, ...]:
    """A Suggest request's public history: each action read as ValidatePlay reads one, named at ``history[i]``
    (as many as an error lists); whether they lead to the state is the bots' check."""
    faults = Faults()
    actions = [_action(item, f"{field}[{i}]", faults) for i, item in enumerate(messages)]
    faults.check()  # so every action was read
    return tuple(a for a in actions if a is not None)


def round_record(message: lieng_pb2.LiengRoundRecord, field: str = "round") -> lieng.RoundRecord:
    rules = rules_of(message, f"{field}.house_rules")
    hands = hands_of(message.hands, f"{field}.hands", allow_empty=True)
    faults = Faults()
    actions = [_action(item, f"{field}.actions[{i}]", faults) for i, item in enumerate(message.actions)]
    faults.check()  # so every action was read
    return lieng.RoundRecord(
        stacks=tuple(message.stacks),
        ante=message.ante or None,
        first_actor=message.first_actor,
        actions=tuple(a for a in actions if a is not None),
        hands=tuple(hands),
        house_rules=rules,
        path=field,
        naming=NAMING,
    )
