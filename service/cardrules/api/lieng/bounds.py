"""The bound of every repeated field of every Liêng request (checked by :func:`cardrules.api.limits.check_bounds`).

Each limit comes from the rules (``cardrules.core.lieng.limits``, each constant with its reason); each bound's
``why`` is what the caller reads in the error. docs/limits.md lists the same table for users. A new request, or a new
repeated field in one, needs its entry here: tests/contract/test_every_repeated_field_is_bounded.py fails otherwise.
"""

from __future__ import annotations

from google.protobuf.message import Message

from cardrules.api.limits import Bound
from cardrules.api.viewers import viewers_bound
from cardrules.core.errors import ErrorReason
from cardrules.core.lieng import limits
from cardrules.v1 import lieng_pb2

__all__ = ["BOUNDS"]

_SEATS = "a Liêng table seats 2 to 6"


def _hands(prefix: str, limit: int, why: str) -> tuple[Bound, ...]:
    return (
        Bound(f"{prefix}hands", limit, why, "hands", code=ErrorReason.WRONG_HAND_COUNT),
        Bound(
            f"{prefix}hands[].cards",
            limits.HAND_SIZE,
            "a Liêng hand is 3 cards",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
            at_owner=True,
        ),
    )


def _seats(count: int) -> int:
    return count if 2 <= count <= limits.MAX_SEATS else limits.MAX_SEATS


def _round_actions(
    request: lieng_pb2.LiengServiceSettleRoundRequest | lieng_pb2.LiengServiceReplayRoundRequest,
) -> int:
    record = request.round
    rules = record.house_rules
    rounds = rules.max_raise_rounds if rules.HasField("max_raise_rounds") and rules.max_raise_rounds >= 1 else None
    return limits.max_round_actions(_seats(len(record.stacks)), rounds)


def _state(prefix: str) -> tuple[Bound, ...]:
    return (Bound(f"{prefix}seats", limits.MAX_SEATS, _SEATS, "seats", code=ErrorReason.WRONG_SEAT_COUNT),)


_VIEWS = viewers_bound(limits.MAX_SEATS)


def _history_actions(request: lieng_pb2.LiengServiceSuggestRequest) -> int:
    rules = request.house_rules
    rounds = rules.max_raise_rounds if rules.HasField("max_raise_rounds") and rules.max_raise_rounds >= 1 else None
    return limits.max_round_actions(_seats(len(request.state.seats)), rounds)


# A round record, as SettleRound and ReplayRound take it.
_ROUND = (
    Bound("round.stacks", limits.MAX_SEATS, _SEATS, "stacks", code=ErrorReason.WRONG_SEAT_COUNT),
    *_hands("round.", limits.MAX_SEATS, "one hand per seat"),
    Bound(
        "round.actions",
        limits.MAX_ROUND_ACTIONS,
        "seats × (orbits with a raise + 1), orbits with a raise capped by max_raise_rounds, and at 50",
        "actions",
        limit_of=_round_actions,
    ),
)

BOUNDS: dict[type[Message], tuple[Bound, ...]] = {
    # The seeds' lengths are the core's checks (docs/limits.md).
    lieng_pb2.LiengServiceDealRequest: (_VIEWS,),
    lieng_pb2.ScoreLiengRequest: _hands("", limits.MAX_SCORED_HANDS, "score 1 to 1000 hands"),
    lieng_pb2.CompareHandsRequest: _hands(
        "", limits.MAX_COMPARED_HANDS, "compare 2 to 17 hands: every hand of one deck"
    ),
    lieng_pb2.StartBettingRequest: (
        Bound("stacks", limits.MAX_SEATS, _SEATS, "stacks", code=ErrorReason.WRONG_SEAT_COUNT),
        _VIEWS,
    ),
    lieng_pb2.LiengServiceValidatePlayRequest: (*_state("state."), _VIEWS),
    lieng_pb2.LiengServiceLegalMovesRequest: (*_state("state."), _VIEWS),
    lieng_pb2.LiengServiceSettleRoundRequest: (*_ROUND, _VIEWS),
    # The viewer is one message, checked by the replay's conversion.
    lieng_pb2.LiengServiceReplayRoundRequest: _ROUND,
    lieng_pb2.LiengServiceSuggestRequest: (
        *_state("state."),
        Bound(
            "hand.cards",
            limits.HAND_SIZE,
            "a Liêng hand is 3 cards",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
            at_owner=True,
        ),
        Bound(
            "history",
            limits.MAX_ROUND_ACTIONS,
            "the round so far: at most a whole round's seats × (orbits with a raise + 1), and at 50",
            "actions",
            limit_of=_history_actions,
        ),
    ),
}
