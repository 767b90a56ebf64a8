"""docs/rules/sam-loc.md §9.6: ValidatePlay classifies the offered cards for every play, legal or not, whoever's turn
it is and after the hand ended; only a pass has no classification. Checked on the core and through the contract's
messages."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.api import sam as api
from cardrules.client.cards import cards as proto_cards
from cardrules.core.sam import HouseRules, Pass, Play, TableState, apply, classify
from cardrules.v1 import sam_loc_pb2
from tests.support.sam_rounds import play_randomly, rules_strategy
from tests.support.samkit import table
from tests.support.servicers import sam_servicer

SERVICE = sam_servicer()


def check_every_offer_is_classified(state: TableState, rng: random.Random) -> None:
    for seat, view in enumerate(state.seats):
        hand = view.hand
        assert hand is not None
        offers = [tuple(rng.sample(hand, rng.randint(1, min(4, len(hand))))) for _ in range(3)] if hand else []
        for offered in offers:
            result = apply(state, Play(seat, offered))
            assert result.combination == classify(offered, state.house_rules), (seat, offered, result)
        assert apply(state, Pass(seat)).combination is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=rules_strategy, seats=st.integers(2, 5))
def test_every_play_is_classified_whoever_offers_it(seed: int, rules: HouseRules, seats: int) -> None:
    rng = random.Random(seed)
    _, _, _, visited, _ = play_randomly(rng, rules, seats, False)
    for state in [*rng.sample(visited[:-1], min(3, len(visited) - 1)), visited[-1]]:
        check_every_offer_is_classified(state, rng)


def _validate(request: sam_loc_pb2.SamLocServiceValidatePlayRequest) -> sam_loc_pb2.SamLocServiceValidatePlayResponse:
    return api.SamLocService.ValidatePlay.__wrapped__(SERVICE, request)  # type: ignore[attr-defined,no-any-return]


def test_out_of_turn_play_is_classified_through_the_api() -> None:
    state = table(["3S 4D 9H", "5C 6C 7C", 7], turn="A")
    request = sam_loc_pb2.SamLocServiceValidatePlayRequest(state=api.state_to_proto(state))
    request.action.seat = 1
    straight, invalid = sam_loc_pb2.SAM_COMBINATION_KIND_STRAIGHT, sam_loc_pb2.SAM_COMBINATION_KIND_INVALID
    for text, kind in (("5C 6C 7C", straight), ("5C 7C", invalid)):
        request.action.play.ClearField("cards")
        request.action.play.cards.extend(proto_cards(text))
        answer = _validate(request)
        assert answer.reason == sam_loc_pb2.SAM_REASON_NOT_YOUR_TURN
        assert answer.HasField("combination") and answer.combination.kind == kind, text
    getattr(request.action, "pass").SetInParent()
    answer = _validate(request)
    assert answer.reason == sam_loc_pb2.SAM_REASON_NOT_YOUR_TURN and not answer.HasField("combination")
