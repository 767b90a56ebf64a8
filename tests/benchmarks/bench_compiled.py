"""Compiled core against interpreted core (a script, not a pytest test), side by side in one run.

    .venv/bin/python tests/benchmarks/bench_compiled.py --compiled DIR --interpreted DIR      # calls/s, alternating
    .venv/bin/python tests/benchmarks/bench_compiled.py --compiled DIR --interpreted DIR --callgrind

DIR is a checkout (or a copy of one) whose ``service/`` is put first on ``PYTHONPATH``: the compiled one after
``python setup.py build_ext --inplace`` there, the interpreted one without extension modules. Each figure runs the
same seeded workloads in a fresh subprocess per tree (the trees' own code builds the inputs, before timing):

- the core: Sâm legal moves (one play per rank pattern, leading; the same, beating a 3-card straight; every card
  set of the worst-case 10-card lead) on fresh states (the per-hand rank index is built in the call), and leading
  from a state checked in the call (``TableState`` built from the cards); Sâm replay + settlement of 4-seat rounds;
  Liêng scoring of one hand and of two hands compared, checked (``score_hand``, ``compare_two``) and unchecked
  (``hand_sort_key``);
- the validating API in-process: the request parsed from its bytes, the servicer method (conversion, checks,
  rules, response), the answer serialized; no transport (``bench_rpc.py`` measures whole calls).

calls/s: ``--rounds`` rounds, each running both trees one after the other (the order swapped every round, so outside
load hits both alike); a round times every workload once (CPU time of the process, ``time.process_time``) and the
medians of the rounds are printed with their ratio. ``--callgrind``: instructions per call under
``valgrind --tool=callgrind`` (``PYTHONHASHSEED=0``; ``os.getppid()`` between workloads marks where callgrind
dumps its counts, ``--dump-before=getppid``), the same on a loaded machine as on an idle one. In both modes the
objects that exist before timing (modules, tables, inputs) are collected and frozen (``gc.freeze``) first, so a
full collection of them does not land inside one workload.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
SEED = 20261202
Workload = tuple[str, Callable[[Any], object], list[Any]]


# --- the child: workloads built and run with the code first on sys.path ------------------------------------------


def sam_state(rng: random.Random, facing: str) -> Any:
    from cardrules.core.cards import CARDS
    from cardrules.core.sam import SeatState, TableState

    if facing == "worst":  # 3 4-4 5-5 6-6 7-7 8: the 10-card hand with the most card sets (118 leads)
        hand = [rank * 4 + suit for rank, count in enumerate((1, 2, 2, 2, 2, 1)) for suit in range(count)]
        rest = [c for c in range(52) if c not in hand]
    else:
        deck = list(range(52))
        rng.shuffle(deck)
        hand, rest = deck[:10], deck[10:]
    current: list[int] = []
    if facing == "straight":
        outside = {c >> 2: c for c in rest}
        top = rng.choice([t for t in range(2, 12) if all(r in outside for r in (t - 2, t - 1, t))])
        current = [outside[r] for r in (top - 2, top - 1, top)]
    return TableState(
        seats=(SeatState(hand=tuple(CARDS[c] for c in hand)), SeatState(count=10)),
        turn=0,
        current=tuple(CARDS[c] for c in current),
        current_owner=1 if current else None,
    )


def sam_rounds(rng: random.Random, n: int) -> list[Any]:
    from cardrules.core.cards import CARDS
    from cardrules.core.sam import Applied, HouseRules, RoundRecord, TableState, apply, legal_moves, start_hand

    rules = HouseRules(instant_wins=frozenset())
    rounds: list[Any] = []
    while len(rounds) < n:
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [tuple(CARDS[c] for c in deck[i * 10 : i * 10 + 10]) for i in range(4)]
        state = start_hand(hands, 0, (), rules)
        assert isinstance(state, TableState)
        actions = []
        while state.ended is None:
            action = rng.choice(legal_moves(state).actions())
            result = apply(state, action)
            assert isinstance(result, Applied)
            actions.append(action)
            state = result.state
        rounds.append(RoundRecord(hands=tuple(hands), stake=1000, leader=0, actions=tuple(actions), house_rules=rules))
    return rounds


def lieng_hands(rng: random.Random, n: int, per: int) -> list[Any]:
    from cardrules.core.cards import CARDS

    found = []
    for _ in range(n):
        cards = rng.sample(range(52), 3 * per)
        found.append(tuple(tuple(CARDS[c] for c in cards[i * 3 : i * 3 + 3]) for i in range(per)))
    return found


def api_call(method: Callable[[Any, Any], Any], parse: Callable[[bytes], Any]) -> Callable[[bytes], object]:
    """A servicer call as a worker makes it, minus the transport: parse, the method, serialize."""
    context = object()  # the servicers touch the context only to refuse a call; these calls all succeed

    def call(body: bytes) -> object:
        coroutine = method(parse(body), context)
        try:
            coroutine.send(None)
        except StopIteration as done:
            return done.value.SerializeToString()
        raise AssertionError("the servicer method awaited")

    return call


def workloads(n: int, fresh_passes: int) -> list[tuple[str, Callable[[Any], object], list[list[Any]]]]:
    """Each workload: (name, the function called once per item, batches of items). Legal-move batches hold fresh
    states (one batch per timed pass: the first call on a state builds its rank index); the others repeat one."""
    from cardrules.api.lieng import LiengService
    from cardrules.api.sam import SamLocService, state_to_proto
    from cardrules.core import lieng
    from cardrules.core.cards import CARDS, Card, rank_of
    from cardrules.core.sam import Play, legal_moves, settle_round
    from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2

    rng = random.Random(SEED)
    found: list[tuple[str, Callable[[Any], object], list[list[Any]]]] = []
    for name, facing, every in (
        ("Sâm legal moves, one per rank pattern, leading", "lead", False),
        ("Sâm legal moves, one per rank pattern, beating a 3-card straight", "straight", False),
        ("Sâm legal moves, every card set, worst-case 10-card lead", "worst", True),
    ):
        batches = [[sam_state(rng, facing) for _ in range(n)] for _ in range(fresh_passes)]
        call: Callable[[Any], object] = (lambda s: legal_moves(s, all_card_sets=True)) if every else legal_moves
        found.append((name, call, batches))
    from cardrules.core.sam import SeatState, TableState

    def checked_lead(hand: tuple[Card, ...]) -> object:
        return legal_moves(TableState(seats=(SeatState(hand=hand), SeatState(count=10)), turn=0))

    hands = [tuple(CARDS[c] for c in rng.sample(range(52), 10)) for _ in range(n)]
    found.append(
        ("Sâm legal moves, one per rank pattern, leading, the state checked in the call", checked_lead, [hands])
    )
    rounds = sam_rounds(rng, max(10, n // 50))
    found.append(("Sâm replay + settlement, 4-seat round", settle_round, [rounds]))
    ones = [h[0] for h in lieng_hands(rng, n, 1)]
    found.append(("Liêng score one hand", lieng.score_hand, [ones]))
    found.append(("Liêng one hand's comparison key (no checks: hand_sort_key)", lieng.hand_sort_key, [ones]))
    pairs = lieng_hands(rng, n, 2)
    found.append(("Liêng score two hands and compare", lambda p: lieng.compare_two(p[0], p[1]), [pairs]))
    key = lieng.hand_sort_key
    found.append(
        ("Liêng two hands' comparison keys compared (hand_sort_key)", lambda p: key(p[0]) > key(p[1]), [pairs])
    )

    def cards(values: Sequence[int]) -> cards_pb2.Cards:
        # proto Rank numbers are face values, Suit numbers suit + 1 (typed as the enums, passed as their numbers)
        faces: list[Any] = [rank_of(CARDS[c]).face_value for c in values]
        suits: list[Any] = [c % 4 + 1 for c in values]
        return cards_pb2.Cards(cards=[cards_pb2.Card(rank=r, suit=s) for r, s in zip(faces, suits, strict=True)])

    sam_service = SamLocService()  # type: ignore[abstract]
    lieng_service = LiengService()  # type: ignore[abstract]
    leads = []
    for _ in range(max(50, n // 10)):
        state = state_to_proto(sam_state(rng, "lead"))
        leads.append(sam_loc_pb2.SamLocServiceLegalMovesRequest(state=state).SerializeToString())
    found.append(
        (
            "API Sâm LegalMoves, one per rank pattern, leading",
            api_call(sam_service.LegalMoves, sam_loc_pb2.SamLocServiceLegalMovesRequest.FromString),
            [leads],
        )
    )
    settle = []
    for record in rounds[:20]:
        actions = []
        for action in record.actions:
            out = sam_loc_pb2.SamAction(seat=action.seat)
            if isinstance(action, Play):
                out.play.CopyFrom(cards(action.cards))
            else:
                getattr(out, "pass").SetInParent()
            actions.append(out)
        message = sam_loc_pb2.SamRoundRecord(
            stake=1000, hands=[cards(h) for h in record.hands], leader=0, actions=actions
        )
        message.house_rules.instant_wins.SetInParent()
        settle.append(sam_loc_pb2.SamLocServiceSettleRoundRequest(round=message).SerializeToString())
    found.append(
        (
            "API Sâm SettleRound, 4-seat round",
            api_call(sam_service.SettleRound, sam_loc_pb2.SamLocServiceSettleRoundRequest.FromString),
            [settle],
        )
    )
    score = [lieng_pb2.ScoreLiengRequest(hands=[cards(h)]).SerializeToString() for h in ones[: max(50, n // 10)]]
    found.append(
        (
            "API Liêng ScoreLieng, one hand",
            api_call(lieng_service.ScoreLieng, lieng_pb2.ScoreLiengRequest.FromString),
            [score],
        )
    )
    compare = [
        lieng_pb2.CompareHandsRequest(hands=[cards(a), cards(b)]).SerializeToString()
        for a, b in pairs[: max(50, n // 10)]
    ]
    found.append(
        (
            "API Liêng CompareHands, two hands",
            api_call(lieng_service.CompareHands, lieng_pb2.CompareHandsRequest.FromString),
            [compare],
        )
    )
    return found


def settle_memory() -> None:
    """Collect, then keep what exists (modules, tables, the inputs) out of later collections: a full collection
    of the start-up's objects landing inside one workload would be counted as that workload's cost."""
    gc.collect()
    gc.freeze()


def run(call: Callable[[Any], object], items: list[Any]) -> float:
    start = time.process_time()
    for item in items:
        call(item)
    return time.process_time() - start


def child_rates(n: int) -> None:
    import cardrules.core.sam.moves as moves

    found = workloads(n, 1)
    for _, call, batches in found:  # every call checked to answer before timing (and the caches warmed)
        for item in batches[0][:5]:
            call(item)
    found = workloads(n, 2)  # fresh states again: the calls above cached rank indexes on the first ones
    settle_memory()
    rates = {}
    for name, call, batches in found:
        items = batches[-1]
        rates[name] = len(items) / run(call, items)
    print(json.dumps({"module": moves.__file__, "rates": rates}))


def child_count(n: int) -> None:
    found = workloads(n, 1)
    for name, call, batches in found:
        if not name.startswith("Sâm legal"):  # warm what a server has warm (tables, caches of repeated answers)
            for item in batches[0][:3]:
                call(item)
    settle_memory()
    for _, call, batches in found:
        items = batches[0]
        os.getppid()  # callgrind dumps its counts here (--dump-before=getppid)
        for item in items:
            call(item)
    os.getppid()
    print(json.dumps({name: len(batches[0]) for name, _, batches in found}))


# --- the parent ------------------------------------------------------------------------------------------------


def environment(tree: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    env["PYTHONPATH"] = os.pathsep.join(
        [str(tree / "service"), str(tree / "clients" / "python" / "src"), str(REPO_ROOT)]
    )
    return env


def compiled_modules(tree: Path) -> str:
    code = "import cardrules.core.sam.moves as m, cardrules.core.lieng.hand_score as h; print(m.__file__, h.__file__)"
    out = subprocess.run(
        [sys.executable, "-c", code], env=environment(tree), capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def rates(trees: dict[str, Path], rounds: int, n: int) -> None:
    found: dict[str, list[dict[str, float]]] = {label: [] for label in trees}
    order = list(trees)
    for round_ in range(rounds):
        for label in order if round_ % 2 == 0 else order[::-1]:
            out = subprocess.run(
                [sys.executable, __file__, "--child", "rates", "--number", str(n)],
                env=environment(trees[label]),
                capture_output=True,
                text=True,
                check=True,
            )
            found[label].append(json.loads(out.stdout.splitlines()[-1])["rates"])
    first, second = order
    names = list(found[first][0])
    print(f"calls/s, median of {rounds} rounds (CPU time), {first} vs {second} alternating")
    width = max(len(name) for name in names)
    print(f"{'workload':<{width}} {first:>12} {second:>12} {first + ' ÷ ' + second:>12}")
    for name in names:
        a = statistics.median(r[name] for r in found[first])
        b = statistics.median(r[name] for r in found[second])
        print(f"{name:<{width}} {a:>12,.0f} {b:>12,.0f} {a / b:>12.2f}")


def instructions(trees: dict[str, Path], n: int) -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed for --callgrind (apt-get install -y valgrind)")
    counts: dict[str, dict[str, float]] = {}
    for label, tree in trees.items():
        with tempfile.TemporaryDirectory() as tmp:
            out_file = Path(tmp, "cg.out")
            command = [
                "valgrind",
                "--tool=callgrind",
                "--dump-before=getppid",
                f"--callgrind-out-file={out_file}",
                sys.executable,
                __file__,
                "--child",
                "count",
                "--number",
                str(n),
            ]
            done = subprocess.run(command, env=environment(tree), capture_output=True, text=True, check=True)
            calls = json.loads(done.stdout.splitlines()[-1])
            # part 1 is the start-up up to the first getppid; parts 2… are the workloads, in order
            totals = {}
            for part, name in enumerate(calls, start=2):
                text = Path(f"{out_file}.{part}").read_text()
                total = next(int(line.split()[1]) for line in text.splitlines() if line.startswith("totals:"))
                totals[name] = total / calls[name]
            counts[label] = totals
    first, second = list(trees)
    print(f"instructions per call (callgrind), {second} ÷ {first}")
    width = max(len(name) for name in counts[first])
    print(f"{'workload':<{width}} {first:>12} {second:>12} {second + ' ÷ ' + first:>12}")
    for name in counts[first]:
        a, b = counts[first][name], counts[second][name]
        print(f"{name:<{width}} {a / 1000:>11,.1f}k {b / 1000:>11,.1f}k {b / a:>12.2f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--compiled", type=Path, help="a checkout with the compiled core built in place")
    parser.add_argument("--interpreted", type=Path, help="a checkout (or copy) without extension modules")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--number", type=int, default=0, help="calls per workload (default 5000; 300 with --callgrind)")
    parser.add_argument("--callgrind", action="store_true", help="instruction counts instead of calls/s")
    parser.add_argument("--child", choices=["rates", "count"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child == "rates":
        return child_rates(args.number)
    if args.child == "count":
        return child_count(args.number)
    if args.compiled is None or args.interpreted is None:
        parser.error("--compiled and --interpreted are both needed")
    trees = {"compiled": args.compiled.resolve(), "interpreted": args.interpreted.resolve()}
    print(f"Python {platform.python_version()} on {platform.machine()} ({platform.system()}); seed {SEED}")
    for label, tree in trees.items():
        print(f"{label}: {compiled_modules(tree)}")
    if args.callgrind:
        instructions({"interpreted": trees["interpreted"], "compiled": trees["compiled"]}, args.number or 300)
    else:
        rates(trees, args.rounds, args.number or 5000)


if __name__ == "__main__":
    main()
