"""Our rules core against two public TypeScript peers (a script, not a pytest test), side by side in one run.

    .venv/bin/python tests/benchmarks/bench_peers.py            # --rounds 7 --number 5000 --sam-peer --lieng-peer
    npm ci --prefix clients/typescript/examples/browser          # once: its node_modules has the esbuild used here

The peers, read from git snapshots (a bare clone or a clone's ``.git``, given by ``--sam-peer`` / ``--lieng-peer``):

- DongPv2/sam-loc: ``findAllValidCombinations(hand, null)`` (``src/ai/aiEngine.ts``), the plays a leading hand can
  make, one per rank pattern; its bot calls it for its options. Its game engine only validates one chosen play
  (``isValidCombination`` + ``canBeat``, ``src/core/validator.ts``) and lists no legal moves.
- sonnh58/lieng.wtf: ``evaluateHand(cards)`` and ``compareHands(a, b)`` (``packages/shared/src/utils/
  hand-evaluator.ts``), what its server's showdown calls.

Method. Each snapshot is exported (``git archive``) to a temporary folder and its TypeScript bundled with esbuild
(ESM, node 20); a driver of ours (``tests/benchmarks/peers/*.mjs``) imports the bundle. The inputs are the seeded
ones of ``bench_compiled.py``'s ``workloads`` (the same hands our core is timed on: our child rebuilds them from the
seed and checks they are the ones written out), written as JSON card ints; each driver converts them to the peer's
card objects before timing. Per round, our core runs in one Python process and the two drivers in one node
process each (the order ours/peers swapped every round, so outside load hits both alike). Every side, in its own
process: warm-up passes first (``--warm-up``; V8 needs them to tier up), then the timed passes, CPU time only
(``time.process_time`` / ``process.cpuUsage``) around the calls alone. Legal moves lead from fresh states (the
first call on a state builds its rank index), so that workload warms on its own batches and times each of
``--fresh`` later batches once; the others repeat their one batch until ``--min-seconds`` of CPU. Medians of the
rounds are printed, with the load average, and the answers of both sides on the same items are compared (the
rules differ a little; the agreement rates are printed, never a failure).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))  # for tests.benchmarks.* when run as a script from anywhere

from tests.benchmarks.bench_compiled import (  # noqa: E402  (after the sys.path line above)
    SEED,
    compiled_modules,
    environment,
    run,
    settle_memory,
    workloads,
)

PEERS = Path(__file__).resolve().parent / "peers"
ESBUILD = REPO_ROOT / "clients" / "typescript" / "examples" / "browser" / "node_modules" / ".bin" / "esbuild"


@dataclass(frozen=True)
class Peer:
    name: str  # owner/name on GitHub
    entry: str  # the module bundled, inside the snapshot
    driver: str  # ours, in tests/benchmarks/peers
    measured: str  # what the driver times


SAM_PEER = Peer("DongPv2/sam-loc", "src/ai/index.ts", "sam_loc_dongpv2.mjs", "findAllValidCombinations(hand, null)")
LIENG_PEER = Peer("sonnh58/lieng.wtf", "packages/shared/src/index.ts", "lieng_wtf.mjs", "evaluateHand / compareHands")


@dataclass(frozen=True)
class Row:
    label: str  # the table's
    ours: str  # the workload's name in bench_compiled.workloads
    scenario: str  # the peer scenario it is held against
    peer_call: str


LEAD = "Sâm legal moves, one per rank pattern, leading"
CHECKED_LEAD = "Sâm legal moves, one per rank pattern, leading, the state checked in the call"
SCORE = "Liêng score one hand"
KEY = "Liêng one hand's comparison key (no checks: hand_sort_key)"
COMPARE = "Liêng score two hands and compare"
KEYS = "Liêng two hands' comparison keys compared (hand_sort_key)"
ROWS = (
    Row(LEAD + " (fresh TableState)", LEAD, "sam_lead", "findAllValidCombinations(hand, null)"),
    Row(LEAD + ", state checked in the call", CHECKED_LEAD, "sam_lead_checked", "findAllValidCombinations(hand, null)"),
    Row(SCORE + " (score_hand, checked)", SCORE, "lieng_one", "evaluateHand(hand)"),
    Row("Liêng one hand's key (hand_sort_key, unchecked)", KEY, "lieng_one", "evaluateHand(hand)"),
    Row(COMPARE + " (compare_two, checked)", COMPARE, "lieng_two", "compareHands(evaluateHand(a), evaluateHand(b))"),
    Row("Liêng two hands' keys compared (hand_sort_key)", KEYS, "lieng_two", "compareHands(evaluateHand(a), …(b))"),
)
SCENARIOS = {"sam_lead": LEAD, "sam_lead_checked": CHECKED_LEAD, "lieng_one": SCORE, "lieng_two": COMPARE}


# --- inputs: bench_compiled's workloads as JSON card ints ---------------------------------------------------------


def raw(scenario: str, item: Any) -> Any:
    """An input item as plain card ints: a 10-card hand, a 3-card hand or a pair of them."""
    if scenario == "sam_lead":
        return list(item.seats[0].hand)  # a fresh TableState: the hand of seat 0, which leads
    if scenario == "lieng_two":
        return [list(item[0]), list(item[1])]
    return list(item)


def found_workloads(number: int, batches: int) -> dict[str, tuple[Callable[[Any], object], list[list[Any]]]]:
    return {name: (call, found) for name, call, found in workloads(number, batches)}


def inputs_of(found: dict[str, tuple[Callable[[Any], object], list[list[Any]]]]) -> dict[str, Any]:
    scenarios = {}
    for scenario, name in SCENARIOS.items():
        batches = found[name][1]
        scenarios[scenario] = {"fresh": len(batches) > 1, "batches": [[raw(scenario, i) for i in b] for b in batches]}
    return scenarios


# --- the child: our core, timed in its own process --------------------------------------------------------------


def measure(call: Callable[[Any], object], batches: list[list[Any]], warm_up: int, min_seconds: float) -> float:
    """Calls/s; the same rule as the drivers' (peers/common.mjs): a fresh-state workload warms on its first
    ``warm_up`` batches and times each later one once; another warms on its one batch and repeats it until
    ``min_seconds`` of CPU."""
    fresh = len(batches) > 1
    warm = batches[:warm_up] if fresh else [batches[0]] * warm_up
    timed = batches[warm_up:] if fresh else [batches[0]]
    for items in warm:
        run(call, items)
    calls, spent, i = 0, 0.0, 0
    while True:
        items = timed[i % len(timed)]
        spent += run(call, items)
        calls += len(items)
        i += 1
        if (fresh and i == len(timed)) or (not fresh and spent >= min_seconds):
            return calls / spent


def pattern(kind: str, cards: Sequence[int]) -> str:
    """A Sâm play in the terms both sides can be compared in: kind and sorted rank indexes (3 → 0 … 2 → 12)."""
    return " ".join([kind, *(str(r) for r in sorted(c >> 2 for c in cards))])


def our_answers(found: dict[str, tuple[Callable[[Any], object], list[list[Any]]]], warm_up: int) -> dict[str, Any]:
    """Our answers on each scenario's first timed batch (the items the drivers answer on)."""
    from cardrules.core import lieng, sam

    def first(name: str) -> tuple[Callable[[Any], Any], list[Any]]:
        call, batches = found[name]  # the workload's own call: it returns LegalMoves, HandScore, compare_two's int
        return call, batches[warm_up] if len(batches) > 1 else batches[0]

    answers: dict[str, Any] = {}
    for scenario in ("sam_lead", "sam_lead_checked"):
        call, items = first(SCENARIOS[scenario])
        answers[scenario] = [sorted(pattern(c.kind.value, c.cards) for c in call(i).combinations) for i in items]
    low_ace = sam.HouseRules(straight_low_ace=True)
    _, hands = first(CHECKED_LEAD)
    answers["sam_lead_closest"] = [
        sorted(pattern(c.kind.value, c.cards) for c in sam.legal_moves(table).combinations)
        for table in (
            sam.TableState(seats=(sam.SeatState(hand=h), sam.SeatState(count=10)), turn=0, house_rules=low_ace)
            for h in hands
        )
    ]
    call, items = first(SCORE)
    scores = [call(i) for i in items]
    answers["lieng_one"] = [f"POINTS {s.points}" if s.tier.name == "POINTS" else s.tier.name for s in scores]
    call, items = first(COMPARE)
    answers["lieng_two"] = [call(i) for i in items]
    closest = lieng.HouseRules(a23=lieng.A23.ACE_HIGH, suit_tie_break=lieng.SuitTieBreak.DHCS)
    answers["lieng_two_closest"] = [lieng.compare_two(a, b, closest) for a, b in items]
    return answers


def child(inputs_path: Path, answers_path: Path | None) -> None:
    inputs = json.loads(inputs_path.read_text())
    found = found_workloads(inputs["number"], inputs["warm_up"] + inputs["fresh"])
    if inputs_of(found) != inputs["scenarios"]:
        raise SystemExit("the inputs rebuilt from the seed are not the ones written for the peers")
    import cardrules.core.sam.moves as moves

    settle_memory()
    rates = {}
    for row in ROWS:
        call, batches = found[row.ours]
        rates[row.ours] = measure(call, batches, inputs["warm_up"], inputs["min_seconds"])
    if answers_path is not None:
        answers_path.write_text(json.dumps(our_answers(found, inputs["warm_up"])))
    import cardrules.core.lieng.hand_score as hand_score

    built = {m.__file__: os.stat(m.__file__).st_mtime for m in (moves, hand_score) if m.__file__}
    print(json.dumps({"modules": built, "rates": rates}))


# --- the parent ---------------------------------------------------------------------------------------------------


def git(git_dir: Path, *args: str) -> str:
    done = subprocess.run(["git", f"--git-dir={git_dir}", *args], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def bundle(peer: Peer, git_dir: Path, tmp: Path) -> Path:
    """Export the snapshot's HEAD into ``tmp`` and bundle its module with esbuild; the bundle's path."""
    tree = tmp / peer.name.replace("/", "+")
    tree.mkdir()
    archive = subprocess.run(["git", f"--git-dir={git_dir}", "archive", "HEAD"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    out = tmp / (tree.name + ".mjs")
    command = [str(ESBUILD), str(tree / peer.entry), "--bundle", "--format=esm", "--platform=node", "--target=node20"]
    subprocess.run([*command, f"--outfile={out}", "--log-level=error"], check=True)
    return out


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def run_ours(inputs: Path, answers: Path | None) -> tuple[dict[str, float], dict[str, float]]:
    """Our rates and the core modules the child imported (path → mtime: a rebuild mid-run shows)."""
    command = [sys.executable, __file__, "--child", str(inputs)]
    if answers is not None:
        command += ["--answers", str(answers)]
    out = subprocess.run(command, env=environment(REPO_ROOT), capture_output=True, text=True, check=True)
    found = json.loads(out.stdout.splitlines()[-1])
    return found["rates"], found["modules"]


def run_peer(node: str, peer: Peer, built: Path, inputs: Path, answers: Path | None) -> dict[str, float]:
    command = [node, "--expose-gc", str(PEERS / peer.driver), str(built), str(inputs)]
    if answers is not None:
        command.append(str(answers))
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    rates: dict[str, float] = json.loads(out.stdout.splitlines()[-1])["rates"]
    return rates


def sam_agreement(ours: list[list[str]], theirs: list[list[str]]) -> str:
    same = sum(a == b for a, b in zip(ours, theirs, strict=True))
    extra: Counter[str] = Counter()
    missing: Counter[str] = Counter()
    for a, b in zip(ours, theirs, strict=True):
        for play in set(a) - set(b):
            through_two = play.startswith("STRAIGHT") and "12" in play.split()
            missing["straights through the 2" if through_two else "other"] += 1
        for play in set(b) - set(a):
            kind, *ranks = play.split()
            if kind == "STRAIGHT" and len(ranks) == 6 and len(set(ranks)) == 3:
                extra["three consecutive pairs"] += 1
            elif kind == "STRAIGHT" and "12" in ranks:
                extra["straights through the 2 (A-2-3, 2-3-4)"] += 1
            else:
                extra["other"] += 1
    plays = sum(len(a) for a in ours)
    listed = ", ".join(f"{k} {v}" for k, v in sorted(extra.items())) or "none"
    lacking = ", ".join(f"{k} {v}" for k, v in sorted(missing.items())) or "none"
    return (
        f"same list of plays on {same}/{len(ours)} hands ({same / len(ours):.1%}); of our {plays} plays, not in "
        f"the peer's list: {lacking}; the peer's plays not in ours: {listed}"
    )


def lieng_agreement(ours: list[int], theirs: list[int]) -> str:
    pairs = list(zip(ours, theirs, strict=True))
    same = sum(a == b for a, b in pairs)
    decided = [(a, b) for a, b in pairs if a != 0 and b != 0]
    agree = sum(a == b for a, b in decided)
    return (
        f"same answer {same}/{len(pairs)} ({same / len(pairs):.1%}); where both name a winner "
        f"{agree}/{len(decided)} ({agree / max(1, len(decided)):.1%}); ties: ours {ours.count(0)}, "
        f"peer {theirs.count(0)}"
    )


def agreement(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    print("\nanswers on the same items (each scenario's first timed batch):")
    for scenario in ("sam_lead", "sam_lead_checked"):
        print(f"  {scenario}: {sam_agreement(ours[scenario], theirs[scenario])}")
    closest = sam_agreement(ours["sam_lead_closest"], theirs["sam_lead_checked"])
    print(f"  sam_lead_checked, our closest house rules (straight_low_ace): {closest}")
    one = sum(a == b for a, b in zip(ours["lieng_one"], theirs["lieng_one"], strict=True))
    print(f"  lieng_one (tier, and points below Đĩ): {one}/{len(ours['lieng_one'])} agree")
    print(f"  lieng_two, our default rules (what is timed): {lieng_agreement(ours['lieng_two'], theirs['lieng_two'])}")
    closest = lieng_agreement(ours["lieng_two_closest"], theirs["lieng_two"])
    print(f"  lieng_two, our closest house rules (a23 ACE_HIGH, suit_tie_break DHCS): {closest}")
    print("  (closest house rules: answered, never timed)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sam-peer", type=Path, metavar="GITDIR", help="a git directory of DongPv2/sam-loc")
    parser.add_argument("--lieng-peer", type=Path, metavar="GITDIR", help="a git directory of sonnh58/lieng.wtf")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--number", type=int, default=5000, help="items per batch (default 5000)")
    parser.add_argument("--warm-up", type=int, default=3, help="warm-up passes per workload (default 3)")
    parser.add_argument("--fresh", type=int, default=12, help="timed batches of fresh Sâm states (default 12)")
    parser.add_argument("--min-seconds", type=float, default=0.3, help="CPU per repeated workload (default 0.3)")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--answers", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        return child(args.child, args.answers)
    if args.sam_peer is None or args.lieng_peer is None:
        parser.error("--sam-peer and --lieng-peer are both needed")
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node (20 or later) is needed")
    if not ESBUILD.exists():
        raise SystemExit("esbuild is needed: npm ci --prefix clients/typescript/examples/browser")
    peers = {SAM_PEER: args.sam_peer.resolve(), LIENG_PEER: args.lieng_peer.resolve()}
    node_version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    print(f"Python {platform.python_version()}, node {node_version}, on {platform.machine()}; seed {SEED}")
    print(f"ours: {compiled_modules(REPO_ROOT)}")
    for peer, git_dir in peers.items():
        commit = git(git_dir, "log", "-1", "--format=%H (%cs)")
        print(f"{peer.name}: {git_dir} at {commit}, timing {peer.measured}")
    print(f"load average at the start: {load()}")
    with tempfile.TemporaryDirectory(prefix="bench-peers-") as tmp_name:
        tmp = Path(tmp_name)
        built = {peer: bundle(peer, git_dir, tmp) for peer, git_dir in peers.items()}
        inputs = tmp / "inputs.json"
        found = found_workloads(args.number, args.warm_up + args.fresh)
        inputs.write_text(
            json.dumps(
                {
                    "number": args.number,
                    "warm_up": args.warm_up,
                    "fresh": args.fresh,
                    "min_seconds": args.min_seconds,
                    "scenarios": inputs_of(found),
                }
            )
        )
        del found
        ours: list[dict[str, float]] = []
        seen: dict[str, float] = {}
        theirs: list[dict[str, float]] = []
        for round_ in range(args.rounds):
            answers = round_ == 0  # answers once, after the first round's timing
            sides = ["ours", "peers"] if round_ % 2 == 0 else ["peers", "ours"]
            for side in sides:
                if side == "ours":
                    our_rates, modules = run_ours(inputs, tmp / "ours.json" if answers else None)
                    if ours and modules != seen:
                        print(f"WARNING: the core's modules changed during the run: {seen} → {modules}")
                    ours.append(our_rates)
                    seen = modules
                    continue
                rates: dict[str, float] = {}
                for peer in peers:
                    rates |= run_peer(node, peer, built[peer], inputs, tmp / f"{peer.driver}.json" if answers else None)
                theirs.append(rates)
            print(f"round {round_ + 1}/{args.rounds} done ({' then '.join(sides)}), load average {load()}")
        our_found = json.loads((tmp / "ours.json").read_text())
        their_found: dict[str, Any] = {}
        for peer in peers:
            their_found |= json.loads((tmp / f"{peer.driver}.json").read_text())
    print(f"\ncalls/s, median of {args.rounds} alternating rounds (CPU time of each process)")
    width = max(len(row.label) for row in ROWS)
    print(f"{'scenario':<{width}} {'ours':>11} {'peer':>11} {'ours ÷ peer':>11} {'per round':>11}  peer function")
    for row in ROWS:
        a = statistics.median(r[row.ours] for r in ours)
        b = statistics.median(r[row.scenario] for r in theirs)
        each = [o[row.ours] / t[row.scenario] for o, t in zip(ours, theirs, strict=True)]
        spread = f"{min(each):.2f}–{max(each):.2f}"
        print(f"{row.label:<{width}} {a:>11,.0f} {b:>11,.0f} {a / b:>11.2f} {spread:>11}  {row.peer_call}")
    agreement(our_found, their_found)
    print(f"\nload average at the end: {load()}")


if __name__ == "__main__":
    main()
