"""What asking for views costs (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_views.py

Each RPC that can return views is called in-process twice, side by side in one Python process: once without
views, once asking for the views of 4 seats and a spectator (the target of issue #23: at most 25 % more server CPU
per call). A call here is what a server worker does for it apart from the transport: parse the request from its
bytes, run the servicer's conversion (``__wrapped__``: bounds, conversion, rules, answer, views), serialize the
answer. The transport's own cost (HTTP/2 and grpc.aio, ~250–430 µs of server CPU per call in ``bench_rpc.py``) is
the same with and without views and is left out, so the ratios here are upper bounds of the ratios of whole calls.

``--grpc`` measures whole calls instead: a real server (one worker) under h2load (``-c 8 -m 4``, 0.5 s warm-up, 2 s
measured per run, the two variants of each RPC alternated for ``--rounds`` rounds), each variant's server CPU (user +
system of the server process, from /proc) per call, as ``bench_rpc.py`` measures it; needs ``h2load``.

Requests come from a fixed-seed 4-seat Sâm hand (a legal play in mid-hand), a 4-seat Liêng round and a 4-seat
Deal of each game, built and checked before timing. Printed: µs of CPU per call (``time.process_time``: time
waiting for a core is not counted), best and median of ``--repeat`` runs of ``--number`` calls, the two variants of
each RPC interleaved run by run so outside load hits both alike; the ratio with/without of the bests and of the
medians; the load average.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from google.protobuf.message import Message

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))

from cardrules.api.sam import state_to_proto  # noqa: E402
from cardrules.core import sam  # noqa: E402
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2  # noqa: E402
from tests.benchmarks.bench_rpc import Case as RpcCase  # noqa: E402
from tests.benchmarks.bench_rpc import Load, measure, verify  # noqa: E402
from tests.support.sam_rounds import deal  # noqa: E402
from tests.support.server_process import free_port, running_server  # noqa: E402
from tests.support.servicers import lieng_servicer, sam_servicer  # noqa: E402

SEED = 20261201
SEATS = 4
VIEWERS = [cards_pb2.Viewer(seat=i) for i in range(SEATS)] + [cards_pb2.Viewer(spectator=cards_pb2.Spectator())]


@dataclass(frozen=True)
class Case:
    name: str
    method: Any  # an rpc_method servicer method; its conversion is method.__wrapped__
    service: Any
    request: Message


def conversion(service: Any, method: str) -> Any:
    """The servicer method's conversion itself (``rpc_method`` keeps it as ``__wrapped__``)."""
    return getattr(type(service), method).__wrapped__


def proto_card(card: int) -> cards_pb2.Card:
    faces = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
    return cards_pb2.Card(rank=faces[card >> 2], suit=(card & 3) + 1)  # type: ignore[arg-type]


def sam_cases(rng: random.Random) -> list[Case]:
    service = sam_servicer()
    rules = sam.HouseRules(instant_wins=frozenset())
    hands = deal(rng, SEATS)
    state = sam.start_hand(hands, 0, (), rules)
    assert isinstance(state, sam.TableState)
    for _ in range(6):  # into the hand: a table to beat, hands of different sizes
        moves = sam.legal_moves(state, all_card_sets=True).actions()
        plays = [m for m in moves if isinstance(m, sam.Play)] or moves
        result = sam.apply(state, rng.choice(plays))
        assert isinstance(result, sam.Applied) and result.state.ended is None
        state = result.state
    rules_msg = sam_loc_pb2.SamHouseRules(instant_wins=sam_loc_pb2.SamInstantWinSet())
    state_msg = state_to_proto(state)
    play = next(m for m in sam.legal_moves(state).actions() if isinstance(m, sam.Play))
    action = sam_loc_pb2.SamAction(seat=state.turn, play=cards_pb2.Cards(cards=[proto_card(c) for c in play.cards]))
    dealt = [cards_pb2.Cards(cards=[proto_card(c) for c in hand]) for hand in hands]
    record = sam_loc_pb2.SamRoundRecord(stake=1000, house_rules=rules_msg, hands=dealt, leader=0)
    replay_state = sam.start_hand(hands, 0, (), rules)
    assert isinstance(replay_state, sam.TableState)
    while replay_state.ended is None:  # a whole hand to settle
        moves = sam.legal_moves(replay_state, all_card_sets=True).actions()
        chosen = rng.choice(moves)
        result = sam.apply(replay_state, chosen)
        assert isinstance(result, sam.Applied)
        replay_state = result.state
        added = record.actions.add(seat=chosen.seat)
        if isinstance(chosen, sam.Play):
            added.play.cards.extend(proto_card(c) for c in chosen.cards)
        else:
            getattr(added, "pass").SetInParent()  # "pass" is a keyword
    return [
        Case(
            "Sâm StartHand",
            type(service).StartHand,
            service,
            sam_loc_pb2.SamLocServiceStartHandRequest(house_rules=rules_msg, hands=dealt, leader=0),
        ),
        Case(
            "Sâm ValidatePlay",
            type(service).ValidatePlay,
            service,
            sam_loc_pb2.SamLocServiceValidatePlayRequest(house_rules=rules_msg, state=state_msg, action=action),
        ),
        Case(
            "Sâm LegalMoves",
            type(service).LegalMoves,
            service,
            sam_loc_pb2.SamLocServiceLegalMovesRequest(house_rules=rules_msg, state=state_msg),
        ),
        Case(
            "Sâm SettleRound",
            type(service).SettleRound,
            service,
            sam_loc_pb2.SamLocServiceSettleRoundRequest(round=record),
        ),
    ]


def lieng_cases(rng: random.Random) -> list[Case]:
    service = lieng_servicer()
    stacks = [500] * SEATS
    start = conversion(service, "StartBetting")(service, lieng_pb2.StartBettingRequest(stacks=stacks, ante=10))
    # Build the states through the service itself, so the requests are exactly what a backend sends.
    states = [start.state]
    sent: list[lieng_pb2.LiengAction] = []
    legal = conversion(service, "LegalMoves")
    validate = conversion(service, "ValidatePlay")
    while states[-1].HasField("to_act"):  # the first seat raises, everyone else calls: a showdown
        last = states[-1]
        kinds = {o.kind: o for o in legal(service, lieng_pb2.LiengServiceLegalMovesRequest(state=last)).actions}
        if sent:
            action_msg = lieng_pb2.LiengAction(seat=last.to_act, kind=lieng_pb2.LIENG_ACTION_KIND_CALL)
        else:
            raise_to = kinds[lieng_pb2.LIENG_ACTION_KIND_RAISE].min_total
            action_msg = lieng_pb2.LiengAction(
                seat=last.to_act, kind=lieng_pb2.LIENG_ACTION_KIND_RAISE, amount=raise_to
            )
        answer = validate(service, lieng_pb2.LiengServiceValidatePlayRequest(state=last, action=action_msg))
        assert answer.legal
        sent.append(action_msg)
        states.append(answer.next_state)
    mid = states[1]
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [cards_pb2.Cards(cards=[proto_card(c) for c in deck[3 * i : 3 * i + 3]]) for i in range(SEATS)]
    record = lieng_pb2.LiengRoundRecord(stacks=stacks, ante=10, first_actor=0, hands=hands, actions=sent)
    mid_action = lieng_pb2.LiengAction(seat=mid.to_act, kind=lieng_pb2.LIENG_ACTION_KIND_CALL)
    return [
        Case(
            "Liêng StartBetting",
            type(service).StartBetting,
            service,
            lieng_pb2.StartBettingRequest(stacks=stacks, ante=10),
        ),
        Case(
            "Liêng ValidatePlay",
            type(service).ValidatePlay,
            service,
            lieng_pb2.LiengServiceValidatePlayRequest(state=mid, action=mid_action),
        ),
        Case("Liêng LegalMoves", type(service).LegalMoves, service, lieng_pb2.LiengServiceLegalMovesRequest(state=mid)),
        Case(
            "Liêng SettleRound",
            type(service).SettleRound,
            service,
            lieng_pb2.LiengServiceSettleRoundRequest(round=record),
        ),
    ]


def deal_cases() -> list[Case]:
    """A 4-seat Deal of each game (a fixed 32-byte seed, a 64-digit client seed as the players' hashes give)."""
    inputs: dict[str, Any] = {
        "seat_count": SEATS,
        "server_seed": bytes(range(32)),
        "client_seed": "ab" * 32,
        "nonce": 7,
    }
    sam_service, lieng_service = sam_servicer(), lieng_servicer()
    return [
        Case("Sâm Deal", type(sam_service).Deal, sam_service, sam_loc_pb2.SamLocServiceDealRequest(**inputs)),
        Case("Liêng Deal", type(lieng_service).Deal, lieng_service, lieng_pb2.LiengServiceDealRequest(**inputs)),
    ]


def with_views(request: Message) -> Message:
    asked = type(request)()
    asked.CopyFrom(request)
    asked.views.extend(VIEWERS)  # type: ignore[attr-defined]
    return asked


def timer(case: Case, request: Message) -> Callable[[int], float]:
    """µs of process CPU per call over ``number`` calls: parse the bytes, run the conversion, serialize."""
    data = request.SerializeToString()
    parse = type(request).FromString
    handler = case.method.__wrapped__  # rpc_method keeps the conversion
    service = case.service

    def run(number: int) -> float:
        start = time.process_time()
        for _ in range(number):
            handler(service, parse(data)).SerializeToString()
        return (time.process_time() - start) / number * 1e6

    return run


def over_grpc(cases: list[Case], rounds: int) -> None:
    """Each case with and without views against one server, alternated, server CPU per call."""
    load = Load(seconds=2.0, warm_up=0.5, clients=8, streams=4, rounds=rounds)
    port, metrics_port = free_port(), free_port()
    args = ["--port", str(port), "--workers", "1", "--metrics-port", str(metrics_port), "--log-level", "warning"]
    metrics_url = f"http://127.0.0.1:{metrics_port}/metrics"
    with tempfile.TemporaryDirectory() as folder, running_server(args) as server:
        work = Path(folder)
        print(f"{'RPC':20} {'no views µs/call':>17} {'4 seats + spectator':>20} {'ratio':>7}   (median of {rounds})")
        for case in cases:
            service = "cardrules.v1.SamLocService" if case.name.startswith("Sâm") else "cardrules.v1.LiengService"
            path = f"/{service}/{case.method.__name__}"
            runs: dict[str, list[float]] = {"plain": [], "views": []}
            variants = {"plain": case.request, "views": with_views(case.request)}
            bodies = {}
            for variant, request in variants.items():
                response_type = type(case.method.__wrapped__(case.service, request))
                rpc = RpcCase(case.name, path, request, response_type, lambda r: None)
                bodies[variant] = work / f"{variant}.bin"
                bodies[variant].write_bytes(rpc.body())
                verify(rpc, server.target, bodies[variant])
            for _ in range(rounds):
                for variant in variants:
                    url = f"http://{server.target}{path}"
                    result = measure(url, bodies[variant], load, server.process.pid, work, metrics_url)
                    runs[variant].append(result.cpu_us)
            plain, views = statistics.median(runs["plain"]), statistics.median(runs["views"])
            print(f"{case.name:20} {plain:17.0f} {views:20.0f} {views / plain - 1:+7.0%}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=2000)
    parser.add_argument("--grpc", action="store_true", help="whole calls against a real server (needs h2load)")
    parser.add_argument("--rounds", type=int, default=3, help="with --grpc: runs of each variant")
    args = parser.parse_args()
    rng = random.Random(SEED)
    cases = sam_cases(rng) + lieng_cases(rng) + deal_cases()
    for case in cases:  # checked once before timing: an answer, with one view per viewer
        plain = case.method.__wrapped__(case.service, case.request)
        viewed = case.method.__wrapped__(case.service, with_views(case.request))
        assert not plain.views and len(viewed.views) == len(VIEWERS), case.name
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.grpc:
        over_grpc(cases, args.rounds)
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return
    header = ("RPC", "no views best/median µs", "4 seats + spectator", "ratio best", "ratio median")
    print(f"{header[0]:20} {header[1]:>24} {header[2]:>22} {header[3]:>11} {header[4]:>13}")
    for case in cases:
        runs: dict[str, list[float]] = {"plain": [], "views": []}
        timers = {"plain": timer(case, case.request), "views": timer(case, with_views(case.request))}
        for run in timers.values():
            run(max(1, args.number // 10))  # warm caches
        for _ in range(args.repeat):
            for variant, run in timers.items():
                runs[variant].append(run(args.number))
        plain, views = runs["plain"], runs["views"]
        print(
            f"{case.name:20} {min(plain):11.1f} / {statistics.median(plain):8.1f}"
            f" {min(views):11.1f} / {statistics.median(views):8.1f}"
            f" {min(views) / min(plain) - 1:+10.0%} {statistics.median(views) / statistics.median(plain) - 1:+12.0%}"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
