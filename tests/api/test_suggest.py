"""Suggest through the contract's messages (docs/bots.md), both games, in process.

Hands played out at random stop at many positions; at each, the suggestion of every level is asked for twice —
with the whole table state (every seat's hand, as a backend holds it) and with the seat's own view (the others as
card counts, as its client holds it) — and must be the same answer, an action ValidatePlay accepts in that state.
Then: the request's level and budget are read as documented (errors naming `level` and `playouts` with its cap),
the search and its explanation come with STRONG only, a Suggest on the Stream is answered as the unary call, and
the vectors are what tests/support/suggest_vectors.py writes.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from google.protobuf import json_format

from cardrules.api.lieng.game import LIENG
from cardrules.api.lieng.responses import state_to_proto as lieng_state_to_proto
from cardrules.api.sam.game import SAM_LOC
from cardrules.api.sam.responses import state_to_proto
from cardrules.api.streams import StreamCalls
from cardrules.core import lieng
from cardrules.core.lieng.bots import DEFAULT_PLAYOUTS as LIENG_DEFAULT_PLAYOUTS
from cardrules.core.lieng.bots import MAX_PLAYOUTS as LIENG_MAX_PLAYOUTS
from cardrules.core.sam import Pass, Play, TableState
from cardrules.core.sam.bots import DEFAULT_PLAYOUTS
from cardrules.core.sam.bots import MAX_PLAYOUTS as SAM_MAX_PLAYOUTS
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2
from tests.support import suggest_vectors
from tests.support.sam_records import proto_cards
from tests.support.sam_rounds import NO_INSTANT_WINS, hidden_view, play_randomly
from tests.support.servicers import Aborted, CapturingContext, lieng_servicer, sam_servicer

SAM = sam_servicer()
LIENG_SERVICER = lieng_servicer()
LEVELS = (cards_pb2.BOT_LEVEL_BASIC, cards_pb2.BOT_LEVEL_STANDARD, cards_pb2.BOT_LEVEL_STRONG)
SamSuggest = sam_loc_pb2.SamLocServiceSuggestRequest
LiengSuggest = lieng_pb2.LiengServiceSuggestRequest
NO_INSTANT_WINS_PROTO = sam_loc_pb2.SamHouseRules(instant_wins=sam_loc_pb2.SamInstantWinSet())


def sam_suggest(request: SamSuggest) -> sam_loc_pb2.SamLocServiceSuggestResponse:
    return type(SAM).Suggest.__wrapped__(SAM, request)  # type: ignore[attr-defined,no-any-return]


def lieng_suggest(request: LiengSuggest) -> lieng_pb2.LiengServiceSuggestResponse:
    return type(LIENG_SERVICER).Suggest.__wrapped__(LIENG_SERVICER, request)  # type: ignore[attr-defined,no-any-return]


def violations(call: Any, request: Any) -> list[tuple[str, str, str]]:
    """The field violations a servicer method (decorated, as the server calls it) fails ``request`` with."""
    with pytest.raises(Aborted) as failed:
        asyncio.run(call(request, CapturingContext()))
    return [(v.field, v.reason, v.description) for v in failed.value.violations]


def sam_action(move: Play | Pass) -> sam_loc_pb2.SamAction:
    if isinstance(move, Pass):
        passing = sam_loc_pb2.SamAction(seat=move.seat)
        getattr(passing, "pass").SetInParent()  # "pass" is a Python keyword
        return passing
    return sam_loc_pb2.SamAction(seat=move.seat, play=proto_cards(move.cards))


def sam_positions(seed: int) -> list[tuple[TableState, list[Play | Pass]]]:
    """Some positions of a random hand: the state (every hand known) and the actions before it."""
    rng = random.Random(seed)
    _, _, _, states, actions = play_randomly(rng, NO_INSTANT_WINS, rng.randint(2, 5), sam=False)
    picked = sorted(rng.sample(range(len(actions)), min(4, len(actions))))
    return [(states[i], actions[:i]) for i in picked]


@pytest.mark.parametrize("seed", range(12))
def test_a_sam_suggestion_uses_the_seats_view_only_and_validates(seed: int) -> None:
    for state, before in sam_positions(seed):
        history = [sam_action(a) for a in before]
        seen = state_to_proto(hidden_view(state))
        for level in LEVELS:
            asked: dict[str, Any] = {
                "level": level,
                "seed": seed,
                "playouts": 2,
                "history": history,
                "house_rules": NO_INSTANT_WINS_PROTO,
            }
            whole = sam_suggest(SamSuggest(state=state_to_proto(state), **asked))
            own = sam_suggest(SamSuggest(state=seen, **asked))
            assert whole == own
            assert whole.action.seat == state.turn and whole.action.WhichOneof("action") in ("play", "pass")
            assert not whole.declare_sam
            check = sam_loc_pb2.SamLocServiceValidatePlayRequest(
                house_rules=NO_INSTANT_WINS_PROTO, state=seen, action=whole.action
            )
            assert type(SAM).ValidatePlay.__wrapped__(SAM, check).legal  # type: ignore[attr-defined]
            assert whole.HasField("search") == (level == cards_pb2.BOT_LEVEL_STRONG)
            assert whole.HasField("explanation") == whole.HasField("search")


def lieng_positions(seed: int) -> list[tuple[lieng.BettingState, list[lieng.Action]]]:
    """Some positions of a random betting round (default house rules, ante 10)."""
    rng = random.Random(seed)
    count = rng.randint(2, 6)
    state = lieng.start_betting(tuple(rng.randint(10, 200) for _ in range(count)), 10, rng.randrange(count))
    positions: list[tuple[lieng.BettingState, list[lieng.Action]]] = []
    actions: list[lieng.Action] = []
    while not state.closed:
        positions.append((state, list(actions)))
        legal = lieng.legal_actions(state)
        assert legal.seat is not None
        kind = rng.choice([k for k in legal.kinds if k is not lieng.ActionKind.TIMEOUT])
        amount = rng.randint(legal.min_raise_to, legal.max_raise_to) if kind is lieng.ActionKind.RAISE else 0
        action = lieng.Action(legal.seat, kind, amount)
        result = lieng.apply(state, action)
        assert result.state is not None
        actions.append(action)
        state = result.state
    return rng.sample(positions, min(3, len(positions)))


def lieng_action(action: lieng.Action) -> lieng_pb2.LiengAction:
    return lieng_pb2.LiengAction(
        seat=action.seat, kind=f"LIENG_ACTION_KIND_{action.kind.name}",
        amount=action.amount,
    )  # fmt: skip


@pytest.mark.parametrize("seed", range(12))
def test_a_lieng_suggestion_validates(seed: int) -> None:
    deck = random.Random(seed).sample(range(52), 3)
    hand = proto_cards(deck)
    for state, before in lieng_positions(seed):
        for level in LEVELS:
            request = LiengSuggest(
                state=lieng_state_to_proto(state), hand=hand, history=[lieng_action(a) for a in before],
                level=level, seed=seed, playouts=4,
            )  # fmt: skip
            answer = lieng_suggest(request)
            assert answer == lieng_suggest(request)  # the same seed, the same answer
            assert answer.action.seat == state.to_act
            assert answer.action.kind != lieng_pb2.LIENG_ACTION_KIND_TIMEOUT
            check = lieng_pb2.LiengServiceValidatePlayRequest(state=request.state, action=answer.action)
            assert type(LIENG_SERVICER).ValidatePlay.__wrapped__(LIENG_SERVICER, check).legal  # type: ignore[attr-defined]
            assert answer.HasField("search") == (level == cards_pb2.BOT_LEVEL_STRONG)
            if answer.HasField("search"):
                assert 0 <= answer.search.win_chance_bps <= 10_000
                assert 1 <= answer.search.playouts <= 4
                assert f"{answer.search.playouts} " in answer.explanation.en
                assert f"{answer.search.playouts} " in answer.explanation.vi


SAM_LEADING = {"seats": [{"hand": {"cards": [{"rank": "RANK_THREE", "suit": "SUIT_HEARTS"}]}}, {"cardCount": 4}]}


def test_a_missing_level_is_never_a_default() -> None:
    request = json_format.ParseDict({"state": SAM_LEADING}, SamSuggest())
    ((field, reason, text),) = violations(SAM.Suggest, request)
    assert (field, reason) == ("level", "MISSING_VALUE") and "BOT_LEVEL_BASIC" in text


@pytest.mark.parametrize("playouts", [-1, SAM_MAX_PLAYOUTS + 1, 2**31 - 1])
def test_a_sam_budget_out_of_range_names_playouts_and_the_cap(playouts: int) -> None:
    request = json_format.ParseDict({"level": "BOT_LEVEL_STRONG", "state": SAM_LEADING}, SamSuggest())
    request.playouts = playouts
    ((field, reason, text),) = violations(SAM.Suggest, request)
    assert (field, reason) == ("playouts", "OUT_OF_RANGE") and f"1 to {SAM_MAX_PLAYOUTS}" in text


def test_a_lieng_budget_above_the_cap_names_playouts_and_the_cap() -> None:
    request = LiengSuggest(
        state=lieng_state_to_proto(lieng.start_betting((50, 50), 10, 0)), hand=proto_cards([0, 5, 9]),
        level=cards_pb2.BOT_LEVEL_STRONG, playouts=LIENG_MAX_PLAYOUTS + 1,
    )  # fmt: skip
    ((field, reason, text),) = violations(LIENG_SERVICER.Suggest, request)
    assert (field, reason) == ("playouts", "OUT_OF_RANGE") and f"1 to {LIENG_MAX_PLAYOUTS}" in text


def test_a_budget_of_zero_is_the_default_and_the_search_says_so() -> None:
    request = json_format.ParseDict({"level": "BOT_LEVEL_STRONG", "seed": "3", "state": SAM_LEADING}, SamSuggest())
    answer = sam_suggest(request)
    assert answer.search.playouts <= DEFAULT_PLAYOUTS
    request.playouts = DEFAULT_PLAYOUTS
    assert sam_suggest(request) == answer


def test_the_largest_seed_is_a_seed() -> None:
    request = json_format.ParseDict(
        {"level": "BOT_LEVEL_STRONG", "seed": str(2**64 - 1), "playouts": 2, "state": SAM_LEADING}, SamSuggest()
    )
    assert sam_suggest(request).action.play.cards[0].rank == cards_pb2.RANK_THREE


def test_a_declaration_answers_declare_sam_and_no_action() -> None:
    hand = suggest_vectors.cards("3S 5H 7D 8C 9S JH QD KC AS 2H")
    for level in LEVELS:
        request = json_format.ParseDict(
            {"level": level, "seed": "1", "playouts": 2, "declaration": {"hand": hand, "seatCount": 3}}, SamSuggest()
        )
        answer = sam_suggest(request)
        assert not answer.HasField("action")
        assert answer.HasField("search") == (level == cards_pb2.BOT_LEVEL_STRONG)


def test_a_suggest_on_the_stream_is_answered_as_the_unary_call() -> None:
    sam_request = json_format.ParseDict({"level": "BOT_LEVEL_STANDARD", "state": SAM_LEADING}, SamSuggest())
    calls = StreamCalls(SAM_LOC.service, SAM)
    message = sam_loc_pb2.SamLocServiceStreamRequest(id=5, suggest=sam_request)
    answer = sam_loc_pb2.SamLocServiceStreamResponse.FromString(calls.read(message.SerializeToString()).answer().data)
    assert answer.id == 5 and answer.suggest == sam_suggest(sam_request)
    lieng_request = LiengSuggest(
        state=lieng_state_to_proto(lieng.start_betting((50, 50), 10, 0)), hand=proto_cards([0, 5, 9]),
        level=cards_pb2.BOT_LEVEL_BASIC,
    )  # fmt: skip
    lieng_calls = StreamCalls(LIENG.service, LIENG_SERVICER)
    lieng_message = lieng_pb2.LiengServiceStreamRequest(id=6, suggest=lieng_request)
    lieng_answer = lieng_pb2.LiengServiceStreamResponse.FromString(
        lieng_calls.read(lieng_message.SerializeToString()).answer().data
    )
    assert lieng_answer.id == 6 and lieng_answer.suggest == lieng_suggest(lieng_request)


def test_the_vectors_are_the_services_answers() -> None:
    for path, text in suggest_vectors.files().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is stale: run .venv/bin/python -m tests.support.suggest_vectors and review the changes"
        )


def test_each_bad_input_vector_fails_as_it_says() -> None:
    for case in suggest_vectors.sam_bad_cases() + suggest_vectors.lieng_bad_cases():
        request = json_format.ParseDict(case["request"], suggest_vectors.REQUESTS[case["service"]]())
        servicer = SAM if case["service"] == suggest_vectors.SAM else LIENG_SERVICER
        got = {(field, reason) for field, reason, _ in violations(servicer.Suggest, request)}
        want = {(v["field"], v["reason"]) for v in case["expect"]["error"]["fieldViolations"]}
        assert got == want, case["name"]


def test_the_docs_give_the_budgets_the_bots_have() -> None:
    docs = suggest_vectors.VECTORS.parents[1] / "docs"
    limits = (docs / "limits.md").read_text(encoding="utf-8")
    bots = (docs / "bots.md").read_text(encoding="utf-8")
    for default, cap in ((DEFAULT_PLAYOUTS, SAM_MAX_PLAYOUTS), (LIENG_DEFAULT_PLAYOUTS, LIENG_MAX_PLAYOUTS)):
        assert f"0 (the default, {default}) or 1 to {cap}" in limits
        assert f"| {default} playouts | {cap} |" in bots
