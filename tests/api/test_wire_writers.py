"""The gRPC layer writes Sâm states and combinations straight into their wire form for speed
(``cardrules.api.sam._state_bytes``). Here a plain field-by-field reference writer must produce equal messages
for every state of random hands, so a contract change the fast writer misses fails at once."""

from __future__ import annotations

import random

from cardrules.api.sam import combination_to_proto, state_to_proto
from cardrules.core import sam
from cardrules.core.cards import CARDS, FACE_VALUES
from cardrules.v1 import cards_pb2, sam_loc_pb2

RANK_TO_PROTO = FACE_VALUES  # core rank index → proto Rank number


def reference_card(card: int) -> cards_pb2.Card:
    return cards_pb2.Card(rank=RANK_TO_PROTO[card >> 2], suit=(card & 3) + 1)  # type: ignore[arg-type]


def reference_state(state: sam.TableState) -> sam_loc_pb2.SamTableState:
    out = sam_loc_pb2.SamTableState(turn=state.turn, lead_passes=state.lead_passes)
    for seat in state.seats:
        item = out.seats.add(passed=seat.passed)
        if seat.hand is not None:
            item.hand.SetInParent()
            item.hand.cards.extend(reference_card(c) for c in seat.hand)
        else:
            item.card_count = seat.count
    if state.current:
        out.current.cards.extend(reference_card(c) for c in state.current)
    for chop in state.chop_chain:
        out.chop_chain.add(chopper=chop.chopper, chopped=chop.chopped, position=chop.position)
    for name in ("current_owner", "declarer", "bao_mot_violator", "winner"):
        if getattr(state, name) is not None:
            setattr(out, name, getattr(state, name))
    if state.ended is not None:
        out.ended = sam_loc_pb2.SamHandEnd.Value("SAM_HAND_END_" + state.ended.name)  # type: ignore[assignment]
    return out


def reference_combination(combination: sam.Combination) -> sam_loc_pb2.SamCombination:
    out = sam_loc_pb2.SamCombination(
        kind=sam_loc_pb2.SamCombinationKind.Value("SAM_COMBINATION_KIND_" + combination.kind.name),  # type: ignore[arg-type]
        cards=[reference_card(c) for c in combination.cards],
        length=combination.length,
    )
    if combination.key >= 0:
        out.top = RANK_TO_PROTO[combination.key]  # type: ignore[assignment]
    return out


def hidden(state: sam.TableState) -> sam.TableState:
    """The acting seat's view: other seats give only their card count."""
    seats = tuple(
        s if i == state.turn else sam.SeatState(count=s.count, passed=s.passed) for i, s in enumerate(state.seats)
    )
    return sam.TableState(
        seats=seats,
        turn=state.turn,
        current=state.current,
        current_owner=state.current_owner,
        chop_chain=state.chop_chain,
        declarer=state.declarer,
        bao_mot_violator=state.bao_mot_violator,
        lead_passes=state.lead_passes,
        ended=state.ended,
        winner=state.winner,
        house_rules=state.house_rules,
    )


def test_fast_state_and_combination_writers_match_a_plain_reference() -> None:
    rng = random.Random(11)
    checked = 0
    for hand_number in range(60):
        seats = rng.randint(2, 5)
        deck = list(CARDS)
        rng.shuffle(deck)
        rules = sam.HouseRules(
            straight_low_ace=rng.random() < 0.5,
            chop_after_pass=rng.random() < 0.5,
            finish_with_two=rng.choice(list(sam.FinishWithTwo)),
            instant_wins=frozenset(),
        )
        declarations = (rng.randrange(seats),) if hand_number % 5 == 0 else ()
        hands = [deck[10 * i : 10 * i + 10] for i in range(seats)]
        state = sam.start_hand(hands, rng.randrange(seats), declarations, rules)
        assert isinstance(state, sam.TableState)
        while True:
            for view in (state, hidden(state)) if not state.is_over else (state,):
                assert state_to_proto(view) == reference_state(view)
                checked += 1
            if state.is_over:
                break
            moves = sam.legal_moves(state, all_card_sets=rng.random() < 0.3)
            for play in moves.plays:
                combination = sam.classify(play, rules)
                assert combination_to_proto(combination) == reference_combination(combination)
            result = sam.apply(state, rng.choice(moves.actions()))
            assert isinstance(result, sam.Applied)
            state = result.state
    assert checked > 500
