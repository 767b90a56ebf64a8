"""ReplayRound's largest answer and its cost (a script, not a pytest test):

    .venv/bin/python tests/benchmarks/bench_replay.py [--runs 40]

The longest constructed Sâm hand at 5 seats (tests/support/sam_rounds.py: every trick answered by passes, the
longest record the bounds let through is 242 actions) is replayed in process through the servicer's own conversion
(request → core → answer, as the server runs it, without the transport) for each kind of viewer, next to SettleRound
of the same record. Reported per call: the process CPU time (median of ``--runs`` calls, after 3 warm-up calls), and
the answer's size as protobuf bytes and as the JSON the gateway prints (compact proto3 JSON, defaults left out).
The same for the longest Liêng record the bounds accept (6 seats, 50 orbits of raises). The per-request target of the
worst cases (docs/limits.md, tests/benchmarks/README.md) is 20 ms of server CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))  # for tests.* when run as a script from anywhere

from cardrules.core import lieng as lieng_core  # noqa: E402
from cardrules.core.lieng.limits import UNCAPPED_RAISE_ORBITS  # noqa: E402
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2  # noqa: E402
from tests.benchmarks.bench_worst_case import proto_cards, sam_record_request  # noqa: E402
from tests.support.lieng_rounds import raising_round  # noqa: E402
from tests.support.sam_rounds import longest_constructed  # noqa: E402
from tests.support.servicers import lieng_servicer, sam_servicer  # noqa: E402

VIEWERS = {
    "audit (unset)": None,
    "seat 0": cards_pb2.Viewer(seat=0),
    "spectator": cards_pb2.Viewer(spectator={}),
}


def cpu_ms(call: Callable[[], Any], runs: int) -> float:
    for _ in range(3):
        call()
    times = []
    for _ in range(runs):
        start = time.process_time()
        call()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def measure(servicer: Any, settle: Any, replay_type: Any, runs: int) -> list[dict[str, Any]]:
    rows = []
    settle_call = type(servicer).SettleRound.__wrapped__
    replay_call = type(servicer).ReplayRound.__wrapped__
    actions = len(settle.round.actions)
    rows.append(
        {
            "call": f"SettleRound ({actions} actions)",
            "cpu_ms": round(cpu_ms(lambda: settle_call(servicer, settle), runs), 2),
            "bytes": settle_call(servicer, settle).ByteSize(),
        }
    )
    for name, viewer in VIEWERS.items():
        request: Message = replay_type(round=settle.round, viewer=viewer)
        answer = replay_call(servicer, request)
        text = json.dumps(json_format.MessageToDict(answer), separators=(",", ":"), ensure_ascii=False)
        rows.append(
            {
                "call": f"ReplayRound for {name}",
                "cpu_ms": round(cpu_ms(partial(replay_call, servicer, request), runs), 2),
                "bytes": answer.ByteSize(),
                "json_bytes": len(text.encode()),
            }
        )
    return rows


def longest_lieng() -> lieng_pb2.LiengServiceSettleRoundRequest:
    """The longest Liêng record the bounds accept (6 seats, 50 orbits of raises), as bench_worst_case.py builds it."""
    longest = raising_round(6, None, UNCAPPED_RAISE_ORBITS)
    settle = lieng_pb2.LiengServiceSettleRoundRequest()
    record = settle.round
    record.stacks.extend(longest.stacks)
    record.ante = 1
    record.hands.extend([proto_cards([3 * s, 3 * s + 1, 3 * s + 2]) for s in range(6)])
    kinds = {kind: lieng_pb2.LiengActionKind.Value(f"LIENG_ACTION_KIND_{kind.name}") for kind in lieng_core.ActionKind}
    for action in longest.actions:
        record.actions.add(seat=action.seat, kind=kinds[action.kind], amount=action.amount)
    return settle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    hands, actions = longest_constructed(5)
    sam = sam_loc_pb2.SamLocServiceSettleRoundRequest.FromString(sam_record_request(hands, actions))
    lieng = longest_lieng()
    print(f"load average {os.getloadavg()[0]:.2f}, {args.runs} runs per figure (median)")
    for title, rows in (
        ("Sâm Lốc, 5 seats", measure(sam_servicer(), sam, sam_loc_pb2.SamLocServiceReplayRoundRequest, args.runs)),
        ("Liêng, 6 seats", measure(lieng_servicer(), lieng, lieng_pb2.LiengServiceReplayRoundRequest, args.runs)),
    ):
        print(title)
        for row in rows:
            size = f"{row['bytes']:>8,} B protobuf"
            if "json_bytes" in row:
                size += f", {row['json_bytes']:>8,} B JSON"
            print(f"  {row['call']:<32} {row['cpu_ms']:>7.2f} ms CPU  {size}")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
