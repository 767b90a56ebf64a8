"""Conversion-layer benchmark (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_convert.py

Each servicer method called in-process, side by side in one Python process: no network, no event loop (the
``async`` method is driven with ``coroutine.send(None)``; it never awaits on success), a tiny fake context.
Every request is built once, before timing, from realistic states played through the core with a fixed seed,
and every response is checked once (the play is legal, the settlement is zero-sum, …) before timing.

Printed: µs per call — CPU time of this process (``time.process_time``: time spent waiting for a core while
other jobs run is not counted, so it is much steadier on a shared machine) and wall-clock time — best and median
of ``--repeat`` runs of ``--number`` calls each (runs of the different methods are interleaved, so a burst of
outside load hits them all alike). For reference the in-process
``grpc.health.v1.Health/Check`` (the empty call of ``bench_rpc.py``) is timed the same way; the transport's own
per-call cost (HTTP/2, the grpc.aio machinery: ~250–430 µs of server CPU per empty call in ``bench_rpc.py``) is
not measurable in-process and is not included anywhere here.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import cycle, islice
from pathlib import Path
from typing import Any, NoReturn

from google.protobuf.message import Message
from grpc_health.v1 import health_pb2

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))

from cardrules.api.sam import state_to_proto  # noqa: E402
from cardrules.core import lieng, sam  # noqa: E402
from cardrules.core.cards import CARDS, rank_of  # noqa: E402
from cardrules.server.health import HealthServicer  # noqa: E402
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2  # noqa: E402
from tests.support.servicers import lieng_servicer, sam_servicer  # noqa: E402

SEED = 20240611
N_LEADS = 2000


class Aborted(Exception):
    """What the fake context raises where grpc.aio's abort would end the call."""


class FakeContext:
    """The two methods the servicers call on a context, on error only."""

    async def abort(self, code: object, details: str = "") -> NoReturn:
        raise Aborted(code, details)

    async def abort_with_status(self, status: object) -> NoReturn:
        raise Aborted(status)


Method = Callable[[Any, Any], Any]  # an async servicer method (typed Awaitable by rpc_method)


def call(method: Method, request: Message, context: FakeContext) -> Any:
    """Run one servicer call to completion without an event loop (it does not await unless it aborts)."""
    coroutine = method(request, context)
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("the servicer method awaited")


@dataclass(frozen=True)
class Case:
    name: str
    method: Method
    request: Message
    check: Callable[[Any], bool]
    more: tuple[Message, ...] = ()  # further requests: the timed loop cycles through request and these


# --- requests ------------------------------------------------------------------------------------------------------


def proto_cards(values: Sequence[int]) -> list[cards_pb2.Card]:
    ranks: list[Any] = [rank_of(CARDS[c]).face_value for c in values]  # proto Rank numbers = face values
    return [cards_pb2.Card(rank=r, suit=c % 4 + 1) for r, c in zip(ranks, values, strict=True)]  # type: ignore[arg-type]


def sam_action(action: sam.Action) -> sam_loc_pb2.SamAction:
    if isinstance(action, sam.Play):
        return sam_loc_pb2.SamAction(seat=action.seat, play=cards_pb2.Cards(cards=proto_cards(action.cards)))
    out = sam_loc_pb2.SamAction(seat=action.seat)
    getattr(out, "pass").SetInParent()  # "pass" is a Python keyword
    return out


def hide_others(state: sam_loc_pb2.SamTableState) -> sam_loc_pb2.SamTableState:
    """The state as a client sees it: its own hand (the seat to act), only card counts for the others."""
    out = sam_loc_pb2.SamTableState()
    out.CopyFrom(state)
    for i, seat in enumerate(out.seats):
        if i != out.turn:
            seat.card_count = len(seat.hand.cards)  # clears the hand (one of the holding oneof)
    return out


@dataclass(frozen=True)
class SamHand:
    hands: tuple[tuple[int, ...], ...]
    first: sam.TableState
    mid: sam.TableState
    mid_play: sam.Play
    actions: tuple[sam.Action, ...]


def play_sam_hand(rng: random.Random) -> SamHand:
    """Deal 4 seats until no instant win, then play random legal moves (plays preferred 2:1 over passing)."""
    while True:
        deck = list(range(52))
        rng.shuffle(deck)
        dealt = tuple(tuple(CARDS[c] for c in deck[i * 10 : i * 10 + 10]) for i in range(4))
        first = sam.start_hand(dealt, 0, ())
        if isinstance(first, sam.TableState):
            break
    state, actions = first, []
    mids: list[tuple[sam.TableState, sam.Play]] = []
    while state.ended is None:
        moves = sam.legal_moves(state)
        action: sam.Action = rng.choice(moves.actions())
        if moves.can_pass and moves.plays and rng.random() < 0.67:
            action = sam.Play(state.turn, rng.choice(moves.plays))
        if isinstance(action, sam.Play) and state.current:
            mids.append((state, action))
        result = sam.apply(state, action)
        assert isinstance(result, sam.Applied), result
        actions.append(action)
        state = result.state
    mid, mid_play = mids[len(mids) // 2]
    return SamHand(dealt, first, mid, mid_play, tuple(actions))


def sam_cases(rng: random.Random) -> list[Case]:
    service = sam_servicer()
    hand = play_sam_hand(rng)
    mid = state_to_proto(hand.mid)
    first = state_to_proto(hand.first)
    record = sam_loc_pb2.SamRoundRecord(
        stake=1000,
        hands=[cards_pb2.Cards(cards=proto_cards(h)) for h in hand.hands],
        leader=0,
        actions=[sam_action(a) for a in hand.actions],
    )
    # Different opening hands: LegalMoves answers keep per-play entries, so one repeated request flatters it.
    leads = [
        sam_loc_pb2.SamLocServiceLegalMovesRequest(state=hide_others(state_to_proto(play_sam_hand(rng).first)))
        for _ in range(N_LEADS)
    ]
    legal = lambda r: r.legal and r.HasField("next_state")  # noqa: E731
    many = lambda r: len(r.moves) > 5  # noqa: E731
    return [
        Case(
            "Sâm ValidatePlay (actor's hand, others' counts)",
            service.ValidatePlay,
            sam_loc_pb2.SamLocServiceValidatePlayRequest(state=hide_others(mid), action=sam_action(hand.mid_play)),
            legal,
        ),
        Case(
            "Sâm ValidatePlay (all 4 hands, as bench_rpc)",
            service.ValidatePlay,
            sam_loc_pb2.SamLocServiceValidatePlayRequest(state=mid, action=sam_action(hand.mid_play)),
            legal,
        ),
        Case(
            "Sâm LegalMoves (10-card lead, actor's hand)",
            service.LegalMoves,
            sam_loc_pb2.SamLocServiceLegalMovesRequest(state=hide_others(first)),
            many,
        ),
        Case(
            "Sâm LegalMoves (10-card lead, all 4 hands)",
            service.LegalMoves,
            sam_loc_pb2.SamLocServiceLegalMovesRequest(state=first),
            many,
        ),
        Case(
            f"Sâm LegalMoves ({len(leads)} different 10-card leads, actor's)",
            service.LegalMoves,
            leads[0],
            many,
            tuple(leads[1:]),
        ),
        Case(
            f"Sâm SettleRound (4 seats, {len(hand.actions)} actions)",
            service.SettleRound,
            sam_loc_pb2.SamLocServiceSettleRoundRequest(round=record),
            lambda r: len(r.transfers) > 0 and sum(r.nets) + r.fee == 0,
        ),
    ]


def lieng_cases(rng: random.Random) -> list[Case]:
    service = lieng_servicer()
    deck = list(range(52))
    rng.shuffle(deck)
    dealt = [deck[i * 3 : i * 3 + 3] for i in range(6)]

    def hands(groups: Sequence[Sequence[int]]) -> list[cards_pb2.Cards]:
        return [cards_pb2.Cards(cards=proto_cards(g)) for g in groups]

    stacks = [100, 200, 300, 400, 500, 600]
    record = lieng_pb2.LiengRoundRecord(
        stacks=stacks,
        ante=10,
        first_actor=0,
        hands=hands(dealt),
        actions=[lieng_pb2.LiengAction(seat=s, kind=lieng_pb2.LIENG_ACTION_KIND_ALL_IN) for s in range(len(stacks))],
    )
    # A 6-seat betting state after the ante and one raise; seat 2 to act answers with a call.
    state = lieng.start_betting(tuple(1000 for _ in range(6)), 10, 0)
    for act in (lieng.Action(0, lieng.ActionKind.RAISE, 40), lieng.Action(1, lieng.ActionKind.CALL, 0)):
        result = lieng.apply(state, act)
        assert result.state is not None, result
        state = result.state
    from cardrules.api.lieng import state_to_proto as lieng_state_to_proto

    return [
        Case(
            "Liêng ScoreLieng (4 hands)",
            service.ScoreLieng,
            lieng_pb2.ScoreLiengRequest(hands=hands(dealt[:4])),
            lambda r: len(r.scores) == 4,
        ),
        Case(
            "Liêng CompareHands (6 hands)",
            service.CompareHands,
            lieng_pb2.CompareHandsRequest(hands=hands(dealt)),
            lambda r: len(r.places) == 6,
        ),
        Case(
            "Liêng ValidatePlay (6 seats, a call)",
            service.ValidatePlay,
            lieng_pb2.LiengServiceValidatePlayRequest(
                state=lieng_state_to_proto(state),
                action=lieng_pb2.LiengAction(seat=state.to_act, kind=lieng_pb2.LIENG_ACTION_KIND_CALL),
            ),
            lambda r: r.legal and r.HasField("next_state"),
        ),
        Case(
            "Liêng SettleRound (6 seats, all-in)",
            service.SettleRound,
            lieng_pb2.LiengServiceSettleRoundRequest(round=record),
            lambda r: len(r.pots) >= 5 and sum(r.nets) + r.fee == 0,
        ),
    ]


def health_case() -> Case:
    health = HealthServicer(["cardrules.v1.SamLocService"])
    health.set_all_serving()
    return Case(
        "Health/Check (in-process, no transport)",
        health.Check,
        health_pb2.HealthCheckRequest(),
        lambda r: r.status == health_pb2.HealthCheckResponse.SERVING,
    )


# --- timing ----------------------------------------------------------------------------------------------------------


def time_once(case: Case, number: int, context: FakeContext) -> tuple[float, float]:
    """(CPU µs, wall-clock µs) per call over ``number`` calls."""
    method = case.method
    requests = islice(cycle((case.request, *case.more)), number)
    cpu, wall = time.process_time(), time.perf_counter()
    for request in requests:
        coroutine = method(request, context)
        try:  # noqa: SIM105  (contextlib.suppress would add its own cost to every timed call)
            coroutine.send(None)
        except StopIteration:
            pass
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return cpu / number * 1e6, wall / number * 1e6


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per method (best and median shown)")
    parser.add_argument("--number", type=int, default=0, help="calls per run (default: ~0.2 s worth per method)")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    cases = [health_case(), *sam_cases(rng), *lieng_cases(rng)]
    context = FakeContext()
    for case in cases:
        for request in (case.request, *case.more):
            response = call(case.method, request, context)
            if not case.check(response):
                raise AssertionError(f"{case.name}: unexpected response {response}")
    numbers = {}
    for case in cases:  # warm-up, and the number of calls that takes ~0.2 s
        per_call = time_once(case, 50, context)[0]
        numbers[case.name] = args.number or max(50, int(0.2e6 / max(per_call, 0.1)))
    results: dict[str, list[tuple[float, float]]] = {case.name: [] for case in cases}
    for _ in range(args.repeat):
        for case in cases:
            results[case.name].append(time_once(case, numbers[case.name], context))

    print(f"Python {platform.python_version()} on {platform.machine()} ({platform.system()}); seed {args.seed}")
    print(f"µs per call (CPU time of this process, and wall clock): best and median of {args.repeat} runs")
    header = f"{'servicer method, in-process':<56} {'CPU best':>9} {'CPU med':>8} {'wall best':>10} {'wall med':>9}"
    print(f"{header} {'calls/run':>10}")
    for case in cases:
        cpu = [c for c, _ in results[case.name]]
        wall = [w for _, w in results[case.name]]
        print(
            f"{case.name:<56} {min(cpu):>9.1f} {statistics.median(cpu):>8.1f} {min(wall):>10.1f}"
            f" {statistics.median(wall):>9.1f} {numbers[case.name]:>10,}"
        )


if __name__ == "__main__":
    main()
