"""The ReplayRound conformance vectors (tests/vectors/sam_loc/replay.json, tests/vectors/lieng/replay.json).

    .venv/bin/python -m tests.support.replay_vectors        # rewrites both files

Each case replays a round record of another vector file (named in its description: a hand with chops, one with
TIMEOUTs, side pots, a fold-out, an instant win) or one made from such a record (an illegal action put in, the last
action left out), for the viewers a support agent asks for, and expects the whole answer. The answers are the
service's own; tests/api/test_replay_round.py checks each of them against the calls a client would make instead
(StartHand, ValidatePlay step by step, SettleRound, each with the same views), and an independent reading of which
cards each viewer may see, and that the files are what this module writes.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

from cardrules.v1 import lieng_pb2, sam_loc_pb2
from tests.support.servicers import lieng_servicer, sam_servicer

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
SAM, LIENG = "cardrules.v1.SamLocService", "cardrules.v1.LiengService"
FOLDERS = {SAM: "sam_loc", LIENG: "lieng"}
REQUESTS: dict[str, type[Message]] = {
    SAM: sam_loc_pb2.SamLocServiceReplayRoundRequest,
    LIENG: lieng_pb2.LiengServiceReplayRoundRequest,
}
Viewer = int | str  # a seat, "spectator", "audit", or "" (unset: the audit view)


def record_of(service: str, file: str, case: str) -> dict[str, Any]:
    """The round record of the SettleRound case named ``case`` in ``file`` of ``service``'s vectors."""
    cases = json.loads((VECTORS / FOLDERS[service] / file).read_text(encoding="utf-8"))["cases"]
    (found,) = [c for c in cases if c["name"] == case and c["method"] == "SettleRound"]
    return copy.deepcopy(found["request"]["round"])


def viewer_json(viewer: Viewer) -> dict[str, Any]:
    return {"seat": viewer} if isinstance(viewer, int) else {viewer: {}}


def request_json(record: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
    return {"round": record} | ({"viewer": viewer_json(viewer)} if viewer != "" else {})


def answer(service: str, request: dict[str, Any]) -> Message:
    """The service's answer to ``request`` (ReplayRound), called as the server calls it."""
    message = json_format.ParseDict(request, REQUESTS[service]())
    servicer: Any = sam_servicer() if service == SAM else lieng_servicer()
    response: Message = type(servicer).ReplayRound.__wrapped__(servicer, message)
    return response


def _who(viewer: Viewer) -> str:
    if viewer == "":
        return "the audit view (viewer unset)"
    if isinstance(viewer, int):
        return f"seat {viewer}"
    return "a spectator" if viewer == "spectator" else "the audit view"


def good_case(service: str, title: str, source: str, record: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
    request = request_json(record, viewer)
    response = json_format.MessageToDict(answer(service, request))
    game = "Sâm" if service == SAM else "Liêng"
    return {
        "name": f"{game} ReplayRound: {title}, for {_who(viewer)}",
        "description": f"ReplayRound of {source}: the start, every step and the settlement (or the stop) as "
        f"{_who(viewer)} may see them (docs/hand-history.md).",
        "service": service,
        "method": "ReplayRound",
        "request": request,
        "expect": {"response": response},
    }


def bad_case(
    service: str, title: str, record: dict[str, Any], viewer: dict[str, Any], violations: list[tuple[str, str]]
) -> dict[str, Any]:
    game = "Sâm" if service == SAM else "Liêng"
    return {
        "name": f"{game} ReplayRound: {title}",
        "description": "A malformed ReplayRound request fails as SettleRound does: INVALID_ARGUMENT naming the field.",
        "service": service,
        "method": "ReplayRound",
        "request": {"round": record, "viewer": viewer},
        "expect": {
            "error": {
                "code": "INVALID_ARGUMENT",
                "fieldViolations": [{"field": field, "reason": reason} for field, reason in violations],
            }
        },
    }


def sam_cases() -> list[dict[str, Any]]:
    chops = record_of(SAM, "worked_examples.json", "§8.7 chain EACH: A→B 20000, B→C 20000")
    timeouts = record_of(SAM, "timeout.json", "SettleRound replays TIMEOUTs as ValidatePlay resolved them")
    illegal = record_of(SAM, "bad_input.json", "illegal action later in a round record")
    not_held = record_of(SAM, "bad_input.json", "card not in hand in a round record")
    unfinished = record_of(SAM, "bad_input.json", "incomplete round")
    instant = record_of(SAM, "instant_wins.json", "settle DRAGON, 3 seats: 20000 from each")
    flow = record_of(SAM, "flow.json", "hand settled: B never played (cóng)")
    duplicate = copy.deepcopy(flow)
    duplicate["hands"][1]["cards"][0] = duplicate["hands"][0]["cards"][0]
    cases = [
        *(
            good_case(SAM, "a chop chain (chặt chồng)", "worked_examples.json §8.7", chops, v)
            for v in ("", 0, "spectator")
        ),
        *(good_case(SAM, "TIMEOUTs", "timeout.json's SettleRound record", timeouts, v) for v in ("", 1)),
        *(good_case(SAM, "cóng (a seat never played)", "flow.json", flow, v) for v in ("audit", 1)),
        *(
            good_case(SAM, "stops on an illegal action", "bad_input.json 'illegal action later'", illegal, v)
            for v in ("", 0, 1)
        ),
        *(
            good_case(SAM, "stops on a card not in hand", "bad_input.json 'card not in hand'", not_held, v)
            for v in ("", 0, 1)
        ),
        good_case(SAM, "stops: the hand is not over", "bad_input.json 'incomplete round'", unfinished, "spectator"),
        good_case(SAM, "an instant win (tới trắng)", "instant_wins.json DRAGON", instant, 1),
        bad_case(SAM, "a viewer seat off the table", flow, {"seat": 7}, [("viewer.seat", "SEAT_OUT_OF_RANGE")]),
        bad_case(SAM, "a viewer with nothing set", flow, {}, [("viewer", "MISSING_VALUE")]),
        bad_case(
            SAM, "a malformed record stays bad input", duplicate, {"audit": {}},
            [("round.hands[1].cards[0]", "DUPLICATE_CARD")],
        ),
    ]  # fmt: skip
    return cases


def lieng_cases() -> list[dict[str, Any]]:
    side = record_of(LIENG, "worked_examples.json", "§5.10 side pots: A Sáp takes band 150, C Liêng takes band 200")
    timeouts = record_of(LIENG, "timeout.json", "SettleRound replays a TIMEOUT under timeout_checks as a CHECK")
    folded = record_of(LIENG, "views.json", "SettleRound: after a fold-out no hand is shown")
    simple = record_of(LIENG, "worked_examples.json", "§5.7 check, raise to 30, call, call: Sáp 3 wins 90")
    illegal = copy.deepcopy(simple)
    illegal["actions"][2] = {"seat": illegal["actions"][2]["seat"], "kind": "LIENG_ACTION_KIND_CHECK"}
    unfinished = copy.deepcopy(simple)
    del unfinished["actions"][-1]
    cases = [
        *(good_case(LIENG, "side pots", "worked_examples.json §5.10", side, v) for v in ("", 0, "spectator")),
        *(good_case(LIENG, "a TIMEOUT (timeout_checks)", "timeout.json", timeouts, v) for v in ("", 1)),
        *(good_case(LIENG, "a fold-out", "views.json's fold-out record", folded, v) for v in ("audit", 0, "spectator")),
        *(
            good_case(LIENG, "stops on an illegal CHECK", "worked_examples.json §5.7, a CALL made a CHECK", illegal, v)
            for v in ("", 2)
        ),
        good_case(LIENG, "stops: betting still open", "worked_examples.json §5.7 less its last action", unfinished, ""),
        bad_case(LIENG, "a viewer seat off the table", simple, {"seat": 3}, [("viewer.seat", "SEAT_OUT_OF_RANGE")]),
        bad_case(LIENG, "a viewer with nothing set", simple, {}, [("viewer", "MISSING_VALUE")]),
    ]  # fmt: skip
    return cases


def files() -> dict[Path, str]:
    """Path → text of both ReplayRound vector files."""
    documents = {
        VECTORS / "sam_loc" / "replay.json": (
            "Sâm Lốc ReplayRound (docs/hand-history.md): records with chops, TIMEOUTs, cóng, an instant win, records "
            "that stop (an illegal action, a card not in hand, a hand not over), per viewer; and malformed requests.",
            sam_cases(),
        ),
        VECTORS / "lieng" / "replay.json": (
            "Liêng ReplayRound (docs/hand-history.md): records with side pots, a TIMEOUT, a fold-out, records that "
            "stop (an illegal action, betting still open), per viewer; and malformed requests.",
            lieng_cases(),
        ),
    }
    return {
        path: json.dumps({"description": text, "cases": cases}, ensure_ascii=False, indent=2) + "\n"
        for path, (text, cases) in documents.items()
    }


def main() -> None:
    for path, text in files().items():
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
