"""Sâm round records as a client sends them (``SamRoundRecord`` messages) from random complete rounds."""

from __future__ import annotations

import random
from typing import Any

from cardrules.api import sam as api
from cardrules.core import sam
from cardrules.core.cards import FACE_VALUES
from cardrules.v1 import cards_pb2, sam_loc_pb2
from tests.support.sam_rounds import deal

RANK_TO_PROTO = FACE_VALUES  # core rank index → proto Rank number


def proto_cards(cards: Any) -> cards_pb2.Cards:
    return cards_pb2.Cards(
        cards=[cards_pb2.Card(rank=RANK_TO_PROTO[c >> 2], suit=(c & 3) + 1) for c in cards]  # type: ignore[arg-type]
    )


def random_rules(rng: random.Random) -> sam_loc_pb2.SamHouseRules | None:
    if rng.random() < 0.4:
        return None
    out = sam_loc_pb2.SamHouseRules()
    if rng.random() < 0.5:
        out.straight_low_ace = rng.random() < 0.5
    if rng.random() < 0.5:
        out.chop_after_pass = rng.random() < 0.5
    if rng.random() < 0.5:
        out.quad_beats_pair_of_twos = True
    if rng.random() < 0.5:
        out.chop_penalty = rng.choice([0, 1, 20, 300])
    if rng.random() < 0.3:
        out.max_players = 5
    if rng.random() < 0.3:
        out.instant_wins.SetInParent()  # an empty set: no instant win, so every deal is played
    if rng.random() < 0.2:
        out.fee_bps = rng.choice([0, 500, 10000])
    return out


def random_round(rng: random.Random) -> sam_loc_pb2.SamRoundRecord:
    """A complete round played with random legal moves (or decided at the deal), as a client sends it."""
    rules_message = random_rules(rng)
    message = sam_loc_pb2.SamRoundRecord(stake=rng.choice([1, 7, 1000, 2**40]))
    if rules_message is not None:
        message.house_rules.CopyFrom(rules_message)
    rules = api.rules_of(message, "round.house_rules")
    seats = rng.randint(2, 5)
    hands = deal(rng, seats)
    leader = rng.randrange(seats)
    declarations = tuple(rng.randrange(seats) for _ in range(rng.choice([0, 0, 0, 1, 2])))
    state = sam.start_hand(hands, leader, declarations, rules)
    actions: list[sam.Action] = []
    while isinstance(state, sam.TableState) and state.ended is None:
        moves = sam.legal_moves(state, all_card_sets=True)
        chosen: sam.Action = rng.choice(moves.actions())
        if isinstance(chosen, sam.Play) and rng.random() < 0.5:  # the order a client lists the cards in
            chosen = sam.Play(chosen.seat, tuple(rng.sample(chosen.cards, len(chosen.cards))))
        result = sam.apply(state, chosen)
        assert isinstance(result, sam.Applied)
        actions.append(chosen)
        state = result.state
    message.hands.extend(proto_cards(rng.sample(h, len(h))) for h in hands)
    message.leader = leader
    message.declarations.extend(declarations)
    for action in actions:
        item = message.actions.add(seat=action.seat)
        if isinstance(action, sam.Play):
            item.play.CopyFrom(proto_cards(action.cards))
        else:
            getattr(item, "pass").SetInParent()  # "pass" is a Python keyword
    return message
