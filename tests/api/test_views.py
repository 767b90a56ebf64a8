"""Per-viewer views, proven over whole random hands: no view names a card its viewer may not see, and a seat decides
the same from its own view as from the full state.

Each test walks random hands step by step through the real servicer methods (in process), asking every answer for
the views of every seat, a spectator and the audit view (in a random order), and checks each view with the
independent checker of tests/support/view_checks.py. At every step the seat to act also asks LegalMoves and
ValidatePlay with the state of its own view, and another seat tries a play of its own from its view: the answers
must be the same as from the full state. Each test counts the views it checked and must reach its target.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.api.lieng import LiengService
from cardrules.api.sam import SamLocService, state_to_proto
from cardrules.core import lieng, sam
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2
from tests.support import samkit
from tests.support.lieng_rounds import rounds
from tests.support.sam_rounds import deal
from tests.support.view_checks import (
    SPECTATOR,
    Viewer,
    deal_check_views,
    every_viewer,
    keys,
    lieng_check_views,
    sam_allowed,
    sam_check_views,
    sam_skeleton,
    without_views,
)

SAM = SamLocService()  # type: ignore[abstract]  # see tests/support/servicers.py
LIENG = LiengService()  # type: ignore[abstract]
VIEWS_PER_GAME = 100_000  # views checked per game by the walks below


def call(service: Any, method: str, request: Message) -> Any:
    """The servicer method's conversion itself (what the gRPC method runs), without the event loop."""
    return getattr(type(service), method).__wrapped__(service, request)


def proto_card(card: int) -> cards_pb2.Card:
    """A core card int (rank index in Sâm strength order 3…A 2, times 4, plus the suit S C D H) as a message."""
    faces = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
    return cards_pb2.Card(rank=faces[card >> 2], suit=(card & 3) + 1)  # type: ignore[arg-type]


def asked(rng: random.Random, seats: int) -> list[Viewer]:
    viewers = every_viewer(seats)
    rng.shuffle(viewers)
    return viewers


# --- Sâm -------------------------------------------------------------------------------------------------------


def sam_rules(rng: random.Random) -> sam_loc_pb2.SamHouseRules:
    rules = sam_loc_pb2.SamHouseRules(
        straight_low_ace=rng.random() < 0.5,
        quad_beats_pair_of_twos=rng.random() < 0.5,
        chop_after_pass=rng.random() < 0.5,
        bao_mot=rng.choice([1, 2]),  # type: ignore[arg-type]
        finish_with_two=rng.choice([1, 2]),  # type: ignore[arg-type]
        thoi_two=rng.choice([1, 2]),  # type: ignore[arg-type]
    )
    if rng.random() < 0.9:  # instant wins off in most hands, so most hands are played
        rules.instant_wins.SetInParent()
    return rules


def sam_action(seat: int, cards: list[cards_pb2.Card] | None) -> sam_loc_pb2.SamAction:
    action = sam_loc_pb2.SamAction(seat=seat)
    if cards is None:
        getattr(action, "pass").SetInParent()
    else:
        action.play.cards.extend(cards)
    return action


def view_of(answer: Any, viewer: Viewer) -> Any:
    return next(v.answer for v in answer.views if v.viewer == viewer.proto())


def state_seen(answer: Any, seat: int) -> sam_loc_pb2.SamTableState:
    """The state a seat's client was sent: in its view of a StartHand or ValidatePlay answer."""
    mine = view_of(answer, Viewer(seat=seat))
    return mine.state if isinstance(mine, sam_loc_pb2.SamLocServiceStartHandResponse) else mine.next_state


def same_decision(mine: sam_loc_pb2.SamLocServiceValidatePlayResponse, full: Any) -> None:
    """A ValidatePlay answer from a seat's view against the one from the full state: the same verdict, reason,
    message, classification and events; the same next state, but for the hands the view could not know."""
    assert (mine.legal, mine.reason, mine.message, mine.combination, list(mine.events)) == (
        full.legal,
        full.reason,
        full.message,
        full.combination,
        list(full.events),
    )
    assert sam_skeleton(mine) == sam_skeleton(without_views(full))


def play_sam_hand(rng: random.Random) -> int:
    """One random hand through StartHand, ValidatePlay, LegalMoves and SettleRound; returns the views checked."""
    seats = rng.randint(2, 5)
    rules = sam_rules(rng)
    hands = [cards_pb2.Cards(cards=[proto_card(c) for c in hand]) for hand in deal(rng, seats)]
    leader = rng.randrange(seats)
    declarations = [rng.randrange(seats)] if rng.random() < 0.2 else []
    viewers = asked(rng, seats)
    request = sam_loc_pb2.SamLocServiceStartHandRequest(
        house_rules=rules, hands=hands, leader=leader, declarations=declarations, views=[v.proto() for v in viewers]
    )
    start = call(SAM, "StartHand", request)
    dealt = {i: keys(hand.cards) for i, hand in enumerate(hands)}
    everything = set().union(*dealt.values())
    checked = sam_check_views(start, viewers, {v: dealt[v.seat] if v.seat is not None else set() for v in viewers})
    actions: list[sam_loc_pb2.SamAction] = []
    if start.HasField("state"):
        state, answer = start.state, start
        while not state.ended:
            count, answer = sam_step(rng, rules, state, answer, actions)
            checked += count
            state = answer.next_state
    viewers = asked(rng, seats)
    record = sam_loc_pb2.SamRoundRecord(
        stake=rng.randint(1, 1000), house_rules=rules, hands=hands, declarations=declarations, leader=leader
    )
    record.actions.extend(actions)
    settled = call(
        SAM,
        "SettleRound",
        sam_loc_pb2.SamLocServiceSettleRoundRequest(round=record, views=[v.proto() for v in viewers]),
    )
    # At the hand's end every remaining hand is shown and every played card was on the table: all may be named.
    checked += sam_check_views(settled, viewers, {v: everything for v in viewers})
    return checked


def sam_step(
    rng: random.Random,
    rules: sam_loc_pb2.SamHouseRules,
    state: sam_loc_pb2.SamTableState,
    previous: Any,
    actions: list[sam_loc_pb2.SamAction],
) -> tuple[int, Any]:
    """Check one state of a running hand (``previous``: the answer that led to it, with every view): LegalMoves
    and ValidatePlay with every view, the decisions from the seat's own view, and one other seat's try. Appends the
    action chosen to ``actions``; returns the views checked and the chosen action's answer."""
    seats = len(state.seats)
    turn = state.turn
    checked = 0
    viewers = asked(rng, seats)
    all_sets = rng.random() < 0.5
    moves = call(
        SAM,
        "LegalMoves",
        sam_loc_pb2.SamLocServiceLegalMovesRequest(
            house_rules=rules, state=state, all_card_sets=all_sets, views=[v.proto() for v in viewers]
        ),
    )
    allowed = {v: sam_allowed(v, [state]) for v in viewers}
    checked += sam_check_views(moves, viewers, allowed)
    # The seat to act decides from its own view (the state its client was sent) as from the full state.
    own_state = state_seen(previous, turn)
    own_moves = call(
        SAM,
        "LegalMoves",
        sam_loc_pb2.SamLocServiceLegalMovesRequest(house_rules=rules, state=own_state, all_card_sets=all_sets),
    )
    assert list(own_moves.moves) == list(moves.moves) and own_moves.seat == moves.seat
    move = rng.choice(list(moves.moves))
    chosen = sam_action(turn, list(move.play.cards) if move.HasField("play") else None)
    tries = [chosen]  # first: its answer leads to the next state
    hand = list(state.seats[turn].hand.cards)
    tries.append(sam_action(turn, rng.sample(hand, rng.randint(1, min(4, len(hand))))))  # often illegal
    other = rng.choice([i for i in range(seats) if i != turn])
    if state.seats[other].HasField("hand"):
        theirs = list(state.seats[other].hand.cards)
        tries.append(sam_action(other, rng.sample(theirs, 1)))  # not its turn
    answers = []
    for action in tries:
        viewers = asked(rng, seats)
        answer = call(
            SAM,
            "ValidatePlay",
            sam_loc_pb2.SamLocServiceValidatePlayRequest(
                house_rules=rules, state=state, action=action, views=[v.proto() for v in viewers]
            ),
        )
        played = action.play.cards if answer.legal else []
        after = [state, answer.next_state] if answer.HasField("next_state") else [state]
        offered = (action.seat, list(action.play.cards))
        allowed = {v: sam_allowed(v, after, played, offered) for v in viewers}
        checked += sam_check_views(answer, viewers, allowed)
        answers.append(answer)
        own = state_seen(previous, action.seat)
        same_decision(
            call(
                SAM,
                "ValidatePlay",
                sam_loc_pb2.SamLocServiceValidatePlayRequest(house_rules=rules, state=own, action=action),
            ),
            answer,
        )
    actions.append(chosen)
    assert answers[0].legal
    return checked, answers[0]


def test_sam_views_over_random_hands() -> None:
    rng = random.Random(20261201)
    checked = hands = 0
    while checked < VIEWS_PER_GAME:
        checked += play_sam_hand(rng)
        hands += 1
    assert hands >= 100


# --- Liêng -----------------------------------------------------------------------------------------------------


def lieng_rules(rng: random.Random) -> lieng_pb2.LiengHouseRules:
    rules = lieng_pb2.LiengHouseRules(
        a23=rng.choice([1, 2]),  # type: ignore[arg-type]
        suit_tie_break=rng.choice([1, 2, 3]),  # type: ignore[arg-type]
        excess=rng.choice([1, 2]),  # type: ignore[arg-type]
        fee_bps=rng.choice([0, 250]),
    )
    if rng.random() < 0.5:
        rules.min_raise = rng.randint(1, 30)
    if rng.random() < 0.3:
        rules.max_raise = rng.randint(1, 120)
    if rng.random() < 0.3:
        rules.max_raise_rounds = rng.randint(1, 3)
    return rules


def play_lieng_round(rng: random.Random) -> int:
    """One random round through StartBetting, LegalMoves, ValidatePlay and SettleRound; returns the views checked."""
    seats = rng.randint(2, 6)
    rules = lieng_rules(rng)
    ante = rng.randint(1, 20)
    stacks = [rng.randint(ante, ante + 300) for _ in range(seats)]
    first = rng.randrange(seats)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [cards_pb2.Cards(cards=[proto_card(c) for c in deck[3 * i : 3 * i + 3]]) for i in range(seats)]
    own = {Viewer(seat=i): keys(hand.cards) for i, hand in enumerate(hands)} | {SPECTATOR: set()}
    viewers = asked(rng, seats)
    start = call(
        LIENG,
        "StartBetting",
        lieng_pb2.StartBettingRequest(
            house_rules=rules, stacks=stacks, ante=ante, first_actor=first, views=[v.proto() for v in viewers]
        ),
    )
    checked = lieng_check_views(start, viewers, own, set())
    state, previous = start.state, start
    actions: list[lieng_pb2.LiengAction] = []
    while state.HasField("to_act"):
        viewers = asked(rng, seats)
        request = lieng_pb2.LiengServiceLegalMovesRequest(
            house_rules=rules, state=state, views=[v.proto() for v in viewers]
        )
        legal = call(LIENG, "LegalMoves", request)
        checked += lieng_check_views(legal, viewers, own, set())
        seen = view_of(previous, Viewer(seat=state.to_act))
        own_state = seen.state if isinstance(seen, lieng_pb2.StartBettingResponse) else seen.next_state
        mine = call(LIENG, "LegalMoves", lieng_pb2.LiengServiceLegalMovesRequest(house_rules=rules, state=own_state))
        assert mine == without_views(legal), "the seat to act decides the same from its own view"
        option = rng.choice(list(legal.actions))
        amount = (
            rng.randint(option.min_total, option.max_total) if option.kind == lieng_pb2.LIENG_ACTION_KIND_RAISE else 0
        )
        chosen = lieng_pb2.LiengAction(seat=state.to_act, kind=option.kind, amount=amount)
        # Another try, often illegal: any seat, any kind, a raise to any total up to every chip on the table.
        kind = rng.randint(1, 6)
        top = sum(stacks)
        amount = rng.randint(1, top) if kind == lieng_pb2.LIENG_ACTION_KIND_RAISE else 0
        other = lieng_pb2.LiengAction(seat=rng.randrange(seats), kind=kind, amount=amount)  # type: ignore[arg-type]
        answers = []
        for action in (chosen, other):
            viewers = asked(rng, seats)
            answer = call(
                LIENG,
                "ValidatePlay",
                lieng_pb2.LiengServiceValidatePlayRequest(
                    house_rules=rules, state=state, action=action, views=[v.proto() for v in viewers]
                ),
            )
            checked += lieng_check_views(answer, viewers, own, set())
            answers.append(answer)
        assert answers[0].legal
        actions.append(chosen)
        state, previous = answers[0].next_state, answers[0]
    unfolded = {i for i, seat in enumerate(state.seats) if not seat.folded}
    showdown = unfolded if len(unfolded) > 1 else set()  # a fold-out shows nothing
    shown_cards = set().union(set(), *(keys(hands[i].cards) for i in showdown))
    viewers = asked(rng, seats)
    record = lieng_pb2.LiengRoundRecord(house_rules=rules, stacks=stacks, ante=ante, first_actor=first, hands=hands)
    record.actions.extend(actions)
    settled = call(
        LIENG, "SettleRound", lieng_pb2.LiengServiceSettleRoundRequest(round=record, views=[v.proto() for v in viewers])
    )
    allowed = {v: own.get(v, set()) | shown_cards for v in viewers}
    checked += lieng_check_views(settled, viewers, allowed, showdown)
    return checked


def test_lieng_views_over_random_rounds() -> None:
    rng = random.Random(20261202)
    checked = rounds = 0
    while checked < VIEWS_PER_GAME:
        checked += play_lieng_round(rng)
        rounds += 1
    assert rounds >= 100


# --- generated rounds, and the cases a card scan cannot see -----------------------------------------------------


def lieng_record_proto(record: lieng.RoundRecord) -> lieng_pb2.LiengRoundRecord:
    rules = record.house_rules
    message = lieng_pb2.LiengRoundRecord(
        stacks=record.stacks,
        ante=record.ante or 0,
        first_actor=record.first_actor,
        hands=[cards_pb2.Cards(cards=[proto_card(c) for c in hand or ()]) for hand in record.hands],
        house_rules=lieng_pb2.LiengHouseRules(
            min_raise=rules.min_raise,
            max_raise=rules.max_raise,
            max_raise_rounds=rules.max_raise_rounds,
            a23=f"LIENG_A23_{rules.a23.name}",
            suit_tie_break=f"LIENG_SUIT_TIE_BREAK_{rules.suit_tie_break.name}",
            excess=f"LIENG_EXCESS_{rules.excess.name}",
            fee_bps=rules.fee_bps,
        ),
    )
    for action in record.actions:
        message.actions.add(seat=action.seat, kind=f"LIENG_ACTION_KIND_{action.kind.name}", amount=action.amount)
    return message


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(rounds(), st.randoms(use_true_random=False))
def test_lieng_views_of_generated_rounds(drawn: tuple[lieng.RoundRecord, list[lieng.BettingState]], rng: Any) -> None:
    """tests/support/lieng_rounds.py's rounds, settled with every viewer: each sees exactly the showdown's hands."""
    record, states = drawn
    final = states[-1]
    unfolded = {i for i, seat in enumerate(final.seats) if not seat.folded}
    showdown = unfolded if len(unfolded) > 1 else set()
    message = lieng_record_proto(record)
    shown = set().union(set(), *(keys(message.hands[i].cards) for i in showdown))
    viewers = asked(rng, len(record.stacks))
    settled = call(
        LIENG,
        "SettleRound",
        lieng_pb2.LiengServiceSettleRoundRequest(round=message, views=[v.proto() for v in viewers]),
    )
    own = {Viewer(seat=i): keys(hand.cards) for i, hand in enumerate(message.hands)}
    lieng_check_views(settled, viewers, {v: own.get(v, set()) | shown for v in viewers}, showdown)


def test_a_stuck_leaders_pass_is_seen_by_itself_only() -> None:
    """A move list that is a pass alone tells that the leader holds a single 2 (docs/rules/sam-loc.md §9.1): only the
    leader and the audit view see it. The card scan cannot catch this one, so it is checked by name."""
    rules = sam.HouseRules(finish_with_two=sam.FinishWithTwo.FORBIDDEN, instant_wins=frozenset())
    state = samkit.table(["2H", "3S 4S"], turn="A", rules=rules)
    viewers = every_viewer(2)
    request = sam_loc_pb2.SamLocServiceLegalMovesRequest(
        house_rules=sam_loc_pb2.SamHouseRules(finish_with_two="SAM_FINISH_WITH_TWO_FORBIDDEN", instant_wins={}),
        state=state_to_proto(state),
        views=[v.proto() for v in viewers],
    )
    answer = call(SAM, "LegalMoves", request)
    assert [move.WhichOneof("move") for move in answer.moves] == ["pass"]
    seen = {view.viewer.WhichOneof("viewer") + str(view.viewer.seat): len(view.answer.moves) for view in answer.views}
    assert seen == {"seat0": 1, "seat1": 0, "spectator0": 0, "audit0": 1}
    assert all(view.answer.seat == 0 for view in answer.views)


def test_an_illegal_plays_cards_are_the_actors_alone() -> None:
    """B offers its 2S out of turn: only B and the audit view see which card it offered."""
    state = samkit.table(["3S 4S", "2S 5C", "6D 7D"], turn="A", rules=sam.HouseRules(instant_wins=frozenset()))
    viewers = every_viewer(3)
    request = sam_loc_pb2.SamLocServiceValidatePlayRequest(
        house_rules=sam_loc_pb2.SamHouseRules(instant_wins={}),
        state=state_to_proto(state),
        action=sam_loc_pb2.SamAction(seat=1, play=cards_pb2.Cards(cards=[proto_card(samkit.cards("2S")[0])])),
        views=[v.proto() for v in viewers],
    )
    answer = call(SAM, "ValidatePlay", request)
    assert not answer.legal and answer.reason == sam_loc_pb2.SAM_REASON_NOT_YOUR_TURN
    has = {
        view.viewer.WhichOneof("viewer") + str(view.viewer.seat): view.answer.HasField("combination")
        for view in answer.views
    }
    assert has == {"seat0": False, "seat1": True, "seat2": False, "spectator0": False, "audit0": True}
    assert {view.answer.reason for view in answer.views} == {sam_loc_pb2.SAM_REASON_NOT_YOUR_TURN}


# --- Deal (both games) -----------------------------------------------------------------------------------------

DEAL_REQUESTS = {
    "sam_loc": (SAM, sam_loc_pb2.SamLocServiceDealRequest),
    "lieng": (LIENG, lieng_pb2.LiengServiceDealRequest),
}
DEAL_SEATS = {"sam_loc": range(2, 6), "lieng": range(2, 7)}
DEALS_PER_SEAT_COUNT = 150
SEED_TEXT = "abcxyz019 +:|âốệư♠♥🂡"


@pytest.mark.parametrize("game", sorted(DEAL_REQUESTS))
def test_deal_views_over_random_seeds(game: str) -> None:
    """Random deals at every seat count, each asked for every viewer in a random order: each view holds only its
    viewer's own hand (docs/fair-deal.md, "Handing out the deal"), and asking for views leaves the answer alone."""
    service, request_type = DEAL_REQUESTS[game]
    rng = random.Random(f"deal views {game}")
    checked = 0
    for seats in DEAL_SEATS[game]:
        for _ in range(DEALS_PER_SEAT_COUNT):
            inputs: dict[str, Any] = {
                "seat_count": seats,
                "server_seed": rng.randbytes(rng.randint(32, 256)),
                "client_seed": "".join(rng.choice(SEED_TEXT) for _ in range(rng.randint(0, 40))),
                "nonce": rng.choice([0, 2**63 - 1, rng.randrange(2**63)]),
            }
            viewers = asked(rng, seats)
            answer = call(service, "Deal", request_type(**inputs, views=[v.proto() for v in viewers]))
            checked += deal_check_views(answer, viewers)
            assert without_views(answer) == call(service, "Deal", request_type(**inputs))
    assert checked >= DEALS_PER_SEAT_COUNT * sum(seats + 2 for seats in DEAL_SEATS[game])


def test_the_deal_check_catches_a_seat_that_sees_another_hand() -> None:
    """The checker can fail: a seat's view given its neighbour's hand, or the undealt cards, is caught."""
    viewers = [Viewer(seat=0), SPECTATOR]
    request = lieng_pb2.LiengServiceDealRequest(
        seat_count=3, server_seed=bytes(range(32)), views=[v.proto() for v in viewers]
    )
    for leak in ("hand", "undealt"):
        answer = call(LIENG, "Deal", request)
        seat_view = answer.views[0].answer
        if leak == "hand":
            seat_view.hands[1].CopyFrom(answer.hands[1])
        else:
            seat_view.undealt.CopyFrom(answer.undealt)
        with pytest.raises(AssertionError, match="sees"):
            deal_check_views(answer, viewers)


# --- bad viewers ------------------------------------------------------------------------------------------------


def violations(service: Any, method: str, request: Message) -> list[tuple[str, str]]:
    with pytest.raises(InvalidInput) as caught:
        call(service, method, request)
    return [(v.field, str(v.reason)) for v in caught.value.violations]


def test_a_repeated_viewer_a_seat_off_the_table_and_an_empty_viewer_are_named() -> None:
    request = sam_loc_pb2.SamLocServiceStartHandRequest(
        hands=[cards_pb2.Cards(cards=[proto_card(c) for c in range(10 * i, 10 * i + 10)]) for i in range(3)],
        views=[
            cards_pb2.Viewer(seat=1),
            cards_pb2.Viewer(seat=3),
            cards_pb2.Viewer(spectator={}),
            cards_pb2.Viewer(),
            cards_pb2.Viewer(seat=1),
            cards_pb2.Viewer(spectator={}),
        ],
    )
    assert violations(SAM, "StartHand", request) == [
        ("views[1].seat", ErrorReason.SEAT_OUT_OF_RANGE),
        ("views[3]", ErrorReason.MISSING_VALUE),
        ("views[4]", ErrorReason.DUPLICATE_VALUE),
        ("views[5]", ErrorReason.DUPLICATE_VALUE),
    ]
    betting = lieng_pb2.StartBettingRequest(stacks=[100, 100], ante=10, views=[cards_pb2.Viewer(seat=-1)])
    assert violations(LIENG, "StartBetting", betting) == [("views[0].seat", ErrorReason.SEAT_OUT_OF_RANGE)]


def test_more_viewers_than_a_table_can_have_are_refused_by_the_bound() -> None:
    request = sam_loc_pb2.SamLocServiceStartHandRequest(views=[cards_pb2.Viewer(seat=i) for i in range(8)])
    assert violations(SAM, "StartHand", request) == [("views", ErrorReason.TOO_MANY)]


def test_no_views_asked_no_views_given() -> None:
    request = lieng_pb2.StartBettingRequest(stacks=[100, 100], ante=10)
    assert not call(LIENG, "StartBetting", request).views


def test_a_deals_viewers_are_checked_against_its_seat_count() -> None:
    """Deal's viewers are named as on every other RPC, seats below ``seat_count``; a wrong seat count is named
    alone (the viewers are checked against a table that exists)."""
    seed = bytes(range(32))
    request = sam_loc_pb2.SamLocServiceDealRequest(
        seat_count=3,
        server_seed=seed,
        views=[cards_pb2.Viewer(seat=3), cards_pb2.Viewer(), cards_pb2.Viewer(audit={}), cards_pb2.Viewer(audit={})],
    )
    assert violations(SAM, "Deal", request) == [
        ("views[0].seat", ErrorReason.SEAT_OUT_OF_RANGE),
        ("views[1]", ErrorReason.MISSING_VALUE),
        ("views[3]", ErrorReason.DUPLICATE_VALUE),
    ]
    wrong_table = lieng_pb2.LiengServiceDealRequest(seat_count=7, server_seed=seed, views=[cards_pb2.Viewer(seat=6)])
    assert violations(LIENG, "Deal", wrong_table) == [("seat_count", ErrorReason.WRONG_SEAT_COUNT)]
    too_many = lieng_pb2.LiengServiceDealRequest(
        seat_count=6, server_seed=seed, views=[cards_pb2.Viewer(seat=i % 6) for i in range(9)]
    )
    assert violations(LIENG, "Deal", too_many) == [("views", ErrorReason.TOO_MANY)]
