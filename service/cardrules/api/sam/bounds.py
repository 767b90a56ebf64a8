"""The bound of every repeated field of every Sâm Lốc request (checked by :func:`cardrules.api.limits.check_bounds`).

Each limit comes from the rules (``cardrules.core.sam.limits``, each constant with its reason); each bound's ``why``
is what the caller reads in the error. docs/limits.md lists the same table for users. A new request, or a new
repeated field in one, needs its entry here: tests/contract/test_every_repeated_field_is_bounded.py fails otherwise.
"""

from __future__ import annotations

from google.protobuf.message import Message

from cardrules.api.limits import Bound
from cardrules.api.viewers import viewers_bound
from cardrules.core.errors import ErrorReason
from cardrules.core.sam import limits
from cardrules.v1 import sam_loc_pb2

__all__ = ["BOUNDS"]


def _seats(count: int) -> int:
    """The seat count a Sâm limit is computed for: the request's, or the largest table when that count is wrong
    (the count itself is then reported on its own)."""
    return count if 2 <= count <= limits.MAX_SEATS else limits.MAX_SEATS


def _round_actions(
    request: sam_loc_pb2.SamLocServiceSettleRoundRequest | sam_loc_pb2.SamLocServiceReplayRoundRequest,
) -> int:
    return limits.max_round_actions(_seats(len(request.round.hands)))


def _rules(prefix: str) -> tuple[Bound, ...]:
    return (
        Bound(
            f"{prefix}house_rules.instant_wins.kinds",
            limits.MAX_INSTANT_WIN_KINDS,
            "each of the five instant-win kinds at most once",
            "kinds",
            distinct=True,
        ),
    )


def _state(prefix: str) -> tuple[Bound, ...]:
    return (
        Bound(
            f"{prefix}seats",
            limits.MAX_SEATS,
            "a Sâm table seats 2 to 5",
            "seats",
            code=ErrorReason.WRONG_SEAT_COUNT,
        ),
        Bound(
            f"{prefix}seats[].hand.cards",
            limits.HAND_SIZE,
            "a Sâm hand holds at most 10 cards",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
            at_owner=True,
        ),
        Bound(
            f"{prefix}current.cards",
            limits.HAND_SIZE,
            "a play is cards from one hand of 10",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
        ),
        Bound(
            f"{prefix}chop_chain",
            limits.MAX_CHOP_CHAIN,
            "each chop of a trick is a different four of a kind: 12 fit the 50 dealt cards",
            "chops",
        ),
    )


_DEAL = (
    Bound("hands", limits.MAX_SEATS, "a Sâm table seats 2 to 5", "hands", code=ErrorReason.WRONG_SEAT_COUNT),
    Bound(
        "hands[].cards",
        limits.HAND_SIZE,
        "a Sâm hand is dealt 10 cards",
        "cards",
        code=ErrorReason.WRONG_CARD_COUNT,
        at_owner=True,
    ),
    Bound("declarations", limits.MAX_DECLARATIONS, "each seat declares Sâm at most once", "declarations"),
)


_VIEWS = viewers_bound(limits.MAX_SEATS)


def _history_actions(request: sam_loc_pb2.SamLocServiceSuggestRequest) -> int:
    return limits.max_round_actions(_seats(len(request.state.seats)))


# A round record, as SettleRound and ReplayRound take it.
_ROUND = (
    *_rules("round."),
    *(Bound(f"round.{b.path}", b.limit, b.why, b.noun, b.code, b.at_owner) for b in _DEAL),
    Bound(
        "round.actions",
        limits.MAX_ROUND_ACTIONS,
        "the longest legal Sâm hand: 41, 91, 161, 242 actions at 2, 3, 4, 5 seats",
        "actions",
        limit_of=_round_actions,
    ),
    Bound(
        "round.actions[].play.cards",
        limits.HAND_SIZE,
        "a play is cards from one hand of 10",
        "cards",
        code=ErrorReason.WRONG_CARD_COUNT,
    ),
)

BOUNDS: dict[type[Message], tuple[Bound, ...]] = {
    # The seeds' lengths are the core's checks (docs/limits.md).
    sam_loc_pb2.SamLocServiceDealRequest: (_VIEWS,),
    sam_loc_pb2.SamLocServiceStartHandRequest: (*_rules(""), *_DEAL, _VIEWS),
    sam_loc_pb2.SamLocServiceValidatePlayRequest: (
        *_rules(""),
        *_state("state."),
        Bound(
            "action.play.cards",
            limits.HAND_SIZE,
            "a play is cards from one hand of 10",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
        ),
        _VIEWS,
    ),
    sam_loc_pb2.SamLocServiceLegalMovesRequest: (*_rules(""), *_state("state."), _VIEWS),
    sam_loc_pb2.SamLocServiceSettleRoundRequest: (*_ROUND, _VIEWS),
    # The viewer is one message, checked by the replay's conversion.
    sam_loc_pb2.SamLocServiceReplayRoundRequest: _ROUND,
    sam_loc_pb2.SamLocServiceSuggestRequest: (
        *_rules(""),
        *_state("state."),
        Bound(
            "history",
            limits.MAX_ROUND_ACTIONS,
            "the hand so far: at most the longest legal Sâm hand, 41, 91, 161, 242 actions at 2, 3, 4, 5 seats",
            "actions",
            limit_of=_history_actions,
        ),
        Bound(
            "history[].play.cards",
            limits.HAND_SIZE,
            "a play is cards from one hand of 10",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
        ),
        Bound(
            "declaration.hand.cards",
            limits.HAND_SIZE,
            "a Sâm hand is dealt 10 cards",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
            at_owner=True,
        ),
    ),
}
