"""Request builders shared by the sync and async clients, plus small helpers for actions.

Each client method takes either a ready request message or keyword arguments, never both: mixing them would
make it unclear which value wins. A field of type ``Cards`` (or a list of them) takes card text as well.
"""

from __future__ import annotations

from typing import Any, TypeVar

from google.protobuf.message import Message

from cardrules.client.calls import Call, Metadata
from cardrules.client.cards import CardsLike, cards_message, hands
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2

__all__ = ["build", "lieng_action", "prepare", "sam_action_from_move", "sam_pass", "sam_play"]

M = TypeVar("M", bound=Message)


def prepare(
    request_type: type[M], request: M | None, timeout: float | None, metadata: Metadata | None, **fields: Any
) -> Call[M]:
    """The call a client method makes (``cardrules.client.generated.rpcs``): ``request``, or one built from the
    keyword fields, with the per-call ``timeout`` and ``metadata``."""
    for name, value in fields.items():
        if value is not None:
            fields[name] = _card_text(request_type, name, value)
    return Call(build(request, request_type, **fields), timeout, metadata)


def _card_text(request_type: type[Message], name: str, value: Any) -> Any:
    """``value`` as the field takes it: card text becomes ``Cards`` messages; anything else is left as given."""
    field = request_type.DESCRIPTOR.fields_by_name.get(name)
    if field is None:
        raise TypeError(f"{request_type.__name__} has no field {name!r}")
    if field.message_type is None or field.message_type.full_name != cards_pb2.Cards.DESCRIPTOR.full_name:
        return value
    if field.is_repeated:
        return hands(value)
    return cards_message(value)


def build(request: M | None, request_type: type[M], **fields: Any) -> M:
    """``request`` as given, or a new ``request_type`` from the keyword fields that are not None."""
    given = {name: value for name, value in fields.items() if value is not None}
    if request is not None:
        if given:
            raise TypeError(f"pass either a {request_type.__name__} or keyword arguments, not both: {sorted(given)}")
        if not isinstance(request, request_type):
            raise TypeError(
                f"expected a {request_type.__name__} or keyword arguments, got {type(request).__name__}"
                + ("" if isinstance(request, Message) else f" (name the field, e.g. {_first_field(request_type)}=…)")
            )
        return request
    built: M = request_type(**given)
    return built


def _first_field(request_type: type[Message]) -> str:
    # The field a caller most likely meant: the first one that is not house_rules (hands, state, round …).
    names = [f.name for f in request_type.DESCRIPTOR.fields if f.name != "house_rules"]
    return names[0] if names else "house_rules"


def sam_play(seat: int, played: CardsLike) -> sam_loc_pb2.SamAction:
    """A Sâm action playing cards: ``sam_play(0, "3S 4S 5S")``."""
    return sam_loc_pb2.SamAction(seat=seat, play=cards_message(played))


def sam_pass(seat: int) -> sam_loc_pb2.SamAction:
    """A Sâm pass (bỏ lượt)."""
    action = sam_loc_pb2.SamAction(seat=seat)
    # `pass` is a Python keyword, so the oneof member is reached by name; SetInParent selects the empty message.
    getattr(action, "pass").SetInParent()
    return action


def sam_action_from_move(seat: int, move: sam_loc_pb2.SamMove) -> sam_loc_pb2.SamAction:
    """The action that makes a legal move: ``sam_action_from_move(moves.seat, moves.moves[0])``.

    LegalMoves answers ``SamMove``s (a classified ``SamCombination`` or a pass); ValidatePlay and round records
    take ``SamAction``s (the seat and the plain cards), so a chosen move is converted before it is sent.
    """
    if not isinstance(move, sam_loc_pb2.SamMove):
        raise TypeError(f"expected a SamMove, got {type(move).__name__}")
    chosen = move.WhichOneof("move")
    if chosen == "play":
        return sam_loc_pb2.SamAction(seat=seat, play=cards_pb2.Cards(cards=move.play.cards))
    if chosen == "pass":
        return sam_pass(seat)
    raise ValueError("the SamMove is empty: it neither plays nor passes")


def lieng_action(seat: int, kind: str | int, amount: int = 0) -> lieng_pb2.LiengAction:
    """A Liêng betting action: ``lieng_action(1, "RAISE", 400)``; ``kind`` is a name (with or without the
    ``LIENG_ACTION_KIND_`` prefix, any case) or a ``LiengActionKind`` value."""
    if isinstance(kind, str):
        name = kind.upper()
        if not name.startswith("LIENG_ACTION_KIND_"):
            name = "LIENG_ACTION_KIND_" + name
    else:
        name = _kind_name(kind)
    if name not in lieng_pb2.LiengActionKind.DESCRIPTOR.values_by_name:
        raise ValueError(f"not a Liêng action kind: {kind!r}")
    return lieng_pb2.LiengAction(seat=seat, kind=name, amount=amount)


def _kind_name(value: int) -> str:
    try:
        return str(lieng_pb2.LiengActionKind.Name(value))
    except ValueError:
        raise ValueError(f"not a Liêng action kind: {value!r}") from None
