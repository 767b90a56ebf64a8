"""The real API end to end: a server subprocess on free ports, called through the Python SDK."""

from __future__ import annotations

import json
import signal
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from cardrules.api.games import registered_games
from cardrules.client import (
    InvalidArgumentError,
    LiengClient,
    SamLocClient,
    cards_message,
    hands,
    lieng_action,
    sam_pass,
    sam_play,
)
from cardrules.v1 import lieng_pb2, sam_loc_pb2
from tests.support.server_process import health_status, new_channel, running_server

SERVICES = tuple(game.name for game in registered_games())
VECTORS = Path(__file__).resolve().parents[1] / "vectors"


@pytest.fixture(scope="module")
def server() -> Iterator[object]:
    with running_server() as handle:
        yield handle


def test_health_overall_and_per_service(server: object) -> None:
    target = server.target  # type: ignore[attr-defined]
    for name in ("", *SERVICES):
        assert health_status(target, name) == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_every_game(server: object) -> None:
    with new_channel(server.target) as channel:  # type: ignore[attr-defined]
        stub: Any = reflection_pb2_grpc.ServerReflectionStub(channel)  # its type stubs do not declare its methods
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        (reply,) = list(stub.ServerReflectionInfo(iter([request]), timeout=5))
    names = {s.name for s in reply.list_services_response.service}
    assert set(SERVICES) <= names and "grpc.health.v1.Health" in names


def _sam_hands() -> list[str]:
    return [
        "3S 4S 5S 6S 7S 8S 9S TS JS QS",  # 3 to Q: ten consecutive ranks, a DRAGON instant win
        "3C 4C 5C 6C 7C 8C 9C TC JC KD",
    ]


def test_every_sam_rpc(server: object) -> None:
    with new_channel(server.target) as channel:  # type: ignore[attr-defined]
        sam = SamLocClient(channel)
        dragon = sam.start_hand(hands=hands(_sam_hands()), leader=1)
        assert dragon.instant_win == sam_loc_pb2.SAM_INSTANT_WIN_KIND_DRAGON and dragon.instant_winner == 0
        dealt = ["3S 3H 4D 5C 5H 9S 2D 6C 7C 8C", "4C 4H 5D 6D 7D 8D 9D TD JS QS"]
        started = sam.start_hand(hands=hands(dealt), leader=0)
        state = started.state
        moves = sam.legal_moves(state=state)
        assert moves.seat == 0 and len(moves.moves) > 10 and not any(m.HasField("pass") for m in moves.moves)
        answer = sam.validate_play(state=state, action=sam_play(0, "3S"))
        assert answer.legal and answer.next_state.turn == 1
        answer = sam.validate_play(state=answer.next_state, action=sam_pass(1))
        assert answer.legal and answer.next_state.turn == 0  # the trick ends; seat 0 leads again
        record = sam_loc_pb2.SamRoundRecord(stake=1000, hands=hands(dealt), leader=0, actions=[sam_play(0, "3S")])
        with pytest.raises(InvalidArgumentError) as caught:
            sam.settle_round(round=record)  # the hand is not over after one action
        assert [v.field for v in caught.value.field_violations] == ["round.actions"]


def test_every_lieng_rpc(server: object) -> None:
    with new_channel(server.target) as channel:  # type: ignore[attr-defined]
        lieng = LiengClient(channel)
        scores = lieng.score_lieng(hands=["AC AD AH", "QC KD AS", "JS JH QD", "AS 8D KH"]).scores
        assert [s.label.en for s in scores] == ["Trips A", "Straight Q-K-A", "Three faces", "9 points"]
        ranking = lieng.compare_hands(hands=["4S 5H 6D", "4C 5D 6H", "2S 2H 2D"])
        assert [list(g.hands) for g in ranking.ranking] == [[2], [0, 1]]
        state = lieng.start_betting(stacks=[500, 500, 500], ante=10, first_actor=0).state
        assert [s.committed for s in state.seats] == [10, 10, 10] and state.to_act == 0
        legal = lieng.legal_moves(state=state)
        kinds = {a.kind for a in legal.actions}
        assert lieng_pb2.LIENG_ACTION_KIND_CHECK in kinds and lieng_pb2.LIENG_ACTION_KIND_RAISE in kinds
        answer = lieng.validate_play(state=state, action=lieng_action(0, "raise", 50))
        assert answer.legal and answer.next_state.current_bet == 50
        record = lieng_pb2.LiengRoundRecord(
            stacks=[500, 500, 500],
            ante=10,
            first_actor=0,
            actions=[lieng_action(0, "raise", 50), lieng_action(1, "fold"), lieng_action(2, "fold")],
        )
        settled = lieng.settle_round(round=record)  # docs/rules/lieng.md §5 example 8: A takes 70 (+20), shows nothing
        assert list(settled.nets) == [20, -10, -10] and settled.fold_out_winner == 0


def test_malformed_requests_name_their_field(server: object) -> None:
    with new_channel(server.target) as channel:  # type: ignore[attr-defined]
        sam = SamLocClient(channel)
        state = sam_loc_pb2.SamTableState(
            turn=0,
            seats=[sam_loc_pb2.SamSeat(hand=cards_message("3S 4S")), sam_loc_pb2.SamSeat(card_count=3)],
        )
        with pytest.raises(InvalidArgumentError) as caught:
            sam.validate_play(state=state, action=sam_play(0, "5S"))
        assert [v.field for v in caught.value.field_violations] == ["action.play.cards[0]"]


def test_the_vectors_hold_at_least_twenty_distinct_malformed_requests() -> None:
    fields: set[tuple[str, str, tuple[tuple[str, str], ...]]] = set()
    for path in VECTORS.rglob("*.json"):
        for case in json.loads(path.read_text())["cases"]:
            error = case["expect"].get("error")
            if error and error["code"] == "INVALID_ARGUMENT":
                assert error.get("fieldViolations"), f"{path.name}: {case['name']} names no field"
                violations = sorted((v["field"], v["reason"]) for v in error["fieldViolations"])
                fields.add((case["service"], case["method"], tuple(violations)))
    assert len(fields) >= 20, f"only {len(fields)} distinct malformed-request cases"


def test_two_workers_share_one_port_and_drain_on_sigterm() -> None:
    with running_server(["--workers", "2"]) as server:
        pids: set[int] = set()
        errors: list[BaseException] = []

        def call() -> None:
            try:
                with new_channel(server.target) as channel:
                    LiengClient(channel).score_lieng(hands=["AC AD AH"])
            except BaseException as error:
                errors.append(error)

        deadline = time.monotonic() + 30  # the second worker may still be starting when the first answers health
        while time.monotonic() < deadline:
            threads = [threading.Thread(target=call) for _ in range(8)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=30)
            pids = {line["pid"] for line in server.logs() if line.get("event") == "rpc"}
            if len(pids) >= 2:
                break
        assert not errors, errors
        assert len(pids) == 2, f"calls answered by {pids}"
        text = urllib.request.urlopen(server.metrics_url, timeout=5).read().decode()
        method = "/cardrules.v1.LiengService/ScoreLieng"
        assert f'cardrules_rpc_calls_total{{caller="anonymous",code="OK",method="{method}",transport="unary"}}' in text
        assert server.terminate(signal.SIGTERM) == 0
