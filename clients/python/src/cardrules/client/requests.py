"""Request builders shared by the sync and async clients, plus small helpers for actions.

Each client method takes either a ready request message or keyword arguments, never both: mixing them would
make it unclear which value wins.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from google.protobuf.message import Message

from cardrules.client.cards import CardsLike, cards_message, hands
from cardrules.v1 import lieng_pb2, sam_loc_pb2

__all__ = ["build", "lieng_action", "lieng_hands_request", "sam_pass", "sam_play"]

M = TypeVar("M", bound=Message)


def build(request: M | None, request_type: type[M], **fields: Any) -> M:
    """``request`` as given, or a new ``request_type`` from the keyword fields that are not None."""
    given = {name: value for name, value in fields.items() if value is not None}
    if request is not None:
        if given:
            raise TypeError(f"pass either a {request_type.__name__} or keyword arguments, not both: {sorted(given)}")
        if not isinstance(request, request_type):
            raise TypeError(f"expected a {request_type.__name__}, got {type(request).__name__}")
        return request
    built: M = request_type(**given)
    return built


def lieng_hands_request(
    value: M | Iterable[CardsLike], request_type: type[M], house_rules: lieng_pb2.LiengHouseRules | None
) -> M:
    """ScoreLieng and CompareHands both take ``hands`` (+ house rules): build either from card texts."""
    if isinstance(value, Message):
        return build(value, request_type, house_rules=house_rules)
    built: M = request_type(hands=hands(value), house_rules=house_rules)
    return built


def sam_play(seat: int, played: CardsLike) -> sam_loc_pb2.SamAction:
    """A Sâm action playing cards: ``sam_play(0, "3S 4S 5S")``."""
    return sam_loc_pb2.SamAction(seat=seat, play=cards_message(played))


def sam_pass(seat: int) -> sam_loc_pb2.SamAction:
    """A Sâm pass (bỏ lượt)."""
    action = sam_loc_pb2.SamAction(seat=seat)
    # `pass` is a Python keyword, so the oneof member is reached by name; SetInParent selects the empty message.
    getattr(action, "pass").SetInParent()
    return action


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
