"""The Deal conformance vectors (tests/vectors/deal/*.json), written from the server's core.

    .venv/bin/python -m tests.support.deal_vectors        # rewrites tests/vectors/deal/*.json

Each case is a request and the whole expected response (every hand, the undealt cards, the commitment), so an
SDK's conformance runner can also recompute it locally with its own ``deal_from`` (tests/vectors/README.md). The
inputs cover every seat count of both games, an empty, a 256-byte and a non-ASCII client seed, nonces 0 and
2^63 − 1, 32- and 256-byte server seeds, and every bad input the call refuses; ``views.json`` asks deals for views,
each written here from the rule of docs/fair-deal.md ("Handing out the deal"), not from the service's redaction.
tests/core/test_fair_deal.py checks that the files are what this module writes.
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path
from typing import Any

from cardrules.core import fair_deal
from cardrules.core.cards import FACE_VALUES, Card

FOLDER = Path(__file__).resolve().parents[1] / "vectors" / "deal"
SAM, LIENG = "cardrules.v1.SamLocService", "cardrules.v1.LiengService"
GAMES = {SAM: fair_deal.SAM_LOC, LIENG: fair_deal.LIENG}
TITLES = {SAM: "Sâm", LIENG: "Liêng"}
MAX_NONCE = 2**63 - 1

SEED_0_31 = bytes(range(32))
SEED_HASHED = hashlib.sha256(b"cardrules deal vector seed").digest()
SEED_256 = b"".join(hashlib.sha256(b"cardrules 256-byte seed %d" % i).digest() for i in range(8))
ASCII_256 = "0123456789abcdef" * 16
VIETNAMESE = "Sâm Lốc ♠♥ người chơi 🂡"
MULTIBYTE_256 = "ắ" * 85 + "x"  # 85 × 3 bytes + 1 = 256 bytes in UTF-8
PLAYERS = hashlib.sha256(b"anh:5f2c|binh:9a1e|chi:33d0").hexdigest()  # contributions hashed together

_RANKS = {face: name for face, name in enumerate(
    ["", "ACE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "JACK", "QUEEN", "KING"]
)}  # fmt: skip
_SUITS = ("SPADES", "CLUBS", "DIAMONDS", "HEARTS")

# (service, seat count, server seed, client seed, nonce, algorithm, what the case shows)
GOOD: list[tuple[str, int, bytes, str, int, str, str]] = [
    (SAM, 2, SEED_0_31, "", 0, "", "the smallest table, an empty client seed, nonce 0"),
    (SAM, 3, SEED_HASHED, "table-42:hand-7", 1, "", "a short ASCII client seed"),
    (SAM, 4, SEED_256, ASCII_256, MAX_NONCE, "", "a 256-byte server seed, a 256-byte client seed, nonce 2^63 - 1"),
    (SAM, 5, SEED_0_31, VIETNAMESE, 7, fair_deal.ALGORITHM, "a non-ASCII client seed, the algorithm named"),
    (SAM, 4, SEED_0_31, "", 0, "", "the first case's seeds at 4 seats: the seat count changes the whole deal"),
    (SAM, 5, SEED_256, MULTIBYTE_256, 0, "", "a client seed of 256 UTF-8 bytes in 86 characters"),
    (SAM, 2, SEED_HASHED, PLAYERS, 123456789012, "", "the players' contributions hashed together as client seed"),
    (LIENG, 2, SEED_0_31, "", 0, "", "the smallest table, an empty client seed, nonce 0 (not the Sâm deal)"),
    (LIENG, 3, SEED_HASHED, PLAYERS, 42, "", "the players' contributions hashed together as client seed"),
    (LIENG, 4, SEED_256, ASCII_256, MAX_NONCE, "", "a 256-byte server seed, a 256-byte client seed, nonce 2^63 - 1"),
    (LIENG, 5, SEED_HASHED, VIETNAMESE, 1, fair_deal.ALGORITHM, "a non-ASCII client seed, the algorithm named"),
    (LIENG, 6, SEED_0_31, MULTIBYTE_256, MAX_NONCE, "", "the largest table, a client seed of 256 UTF-8 bytes"),
    (LIENG, 6, SEED_0_31, "", 0, "", "the largest table, an empty client seed, nonce 0"),
]

_UNKNOWN = ("algorithm", "UNKNOWN_ALGORITHM")

# (service, what is wrong, request changes from a good request, the violations)
BAD: list[tuple[str, str, dict[str, Any], list[tuple[str, str]]]] = [
    (SAM, "one seat", {"seat_count": 1}, [("seat_count", "WRONG_SEAT_COUNT")]),
    (SAM, "no seat count", {"seat_count": 0}, [("seat_count", "WRONG_SEAT_COUNT")]),
    (SAM, "6 seats (50 cards deal 5 hands of 10)", {"seat_count": 6}, [("seat_count", "WRONG_SEAT_COUNT")]),
    (SAM, "a negative seat count", {"seat_count": -2}, [("seat_count", "WRONG_SEAT_COUNT")]),
    (LIENG, "one seat", {"seat_count": 1}, [("seat_count", "WRONG_SEAT_COUNT")]),
    (LIENG, "7 seats", {"seat_count": 7}, [("seat_count", "WRONG_SEAT_COUNT")]),
    (SAM, "no server seed", {"server_seed": b""}, [("server_seed", "WRONG_LENGTH")]),
    (SAM, "a 31-byte server seed", {"server_seed": SEED_0_31[:31]}, [("server_seed", "WRONG_LENGTH")]),
    (LIENG, "a 31-byte server seed", {"server_seed": SEED_0_31[:31]}, [("server_seed", "WRONG_LENGTH")]),
    (LIENG, "a 257-byte server seed", {"server_seed": SEED_256 + b"\x00"}, [("server_seed", "WRONG_LENGTH")]),
    (SAM, "a client seed of 257 ASCII bytes", {"client_seed": ASCII_256 + "x"}, [("client_seed", "WRONG_LENGTH")]),
    (
        LIENG,
        "a client seed of 86 characters but 257 UTF-8 bytes",
        {"client_seed": MULTIBYTE_256 + "y"},
        [("client_seed", "WRONG_LENGTH")],
    ),
    (SAM, "nonce -1", {"nonce": -1}, [("nonce", "OUT_OF_RANGE")]),
    (LIENG, "the most negative nonce", {"nonce": -(2**63)}, [("nonce", "OUT_OF_RANGE")]),
    (SAM, "an algorithm this server does not know", {"algorithm": "cardrules-deal-v2"}, [_UNKNOWN]),
    (LIENG, "the algorithm's name in capitals", {"algorithm": "CARDRULES-DEAL-V1"}, [_UNKNOWN]),
    (
        LIENG,
        "every field wrong: each is named",
        {"seat_count": 9, "server_seed": b"short", "client_seed": ASCII_256 * 2, "nonce": -5, "algorithm": "v1"},
        [
            ("seat_count", "WRONG_SEAT_COUNT"),
            ("server_seed", "WRONG_LENGTH"),
            ("client_seed", "WRONG_LENGTH"),
            ("nonce", "OUT_OF_RANGE"),
            ("algorithm", "UNKNOWN_ALGORITHM"),
        ],
    ),
]  # fmt: skip


def card_json(card: Card) -> dict[str, str]:
    return {"rank": f"RANK_{_RANKS[FACE_VALUES[card >> 2]]}", "suit": f"SUIT_{_SUITS[card & 3]}"}


def request_json(seat_count: int, server_seed: bytes, client_seed: str, nonce: int, algorithm: str) -> dict[str, Any]:
    """The request in the proto3 JSON mapping (int64 as a decimal string, bytes as base64), every field given."""
    return {
        "seatCount": seat_count,
        "serverSeed": base64.b64encode(server_seed).decode("ascii"),
        "clientSeed": client_seed,
        "nonce": str(nonce),
        "algorithm": algorithm,
    }


def response_json(dealt: fair_deal.Deal) -> dict[str, Any]:
    return {
        "hands": [{"cards": [card_json(card) for card in hand]} for hand in dealt.hands],
        "undealt": {"cards": [card_json(card) for card in dealt.undealt]},
        "commitment": base64.b64encode(dealt.commitment).decode("ascii"),
        "algorithm": dealt.algorithm,
    }


def _inputs(server_seed: bytes, client_seed: str, nonce: int) -> str:
    client = client_seed.encode("utf-8")
    shown = client_seed if len(client_seed) <= 40 else client_seed[:24] + "…"
    seed = server_seed.hex() if len(server_seed) <= 32 else server_seed[:16].hex() + "…"
    return (
        f"server_seed ({len(server_seed)} bytes) {seed}, client_seed {shown!r} ({len(client)} UTF-8 bytes), "
        f"nonce {nonce}"
    )


def good_case(
    service: str, seats: int, server: bytes, client: str, nonce: int, algorithm: str, shows: str
) -> dict[str, Any]:
    game = GAMES[service]
    dealt = fair_deal.deal(game, seats, server, client, nonce, algorithm)
    return {
        "name": f"{TITLES[service]} Deal: {seats} seats, {shows}",
        "description": (
            f"docs/fair-deal.md, {game.name}, {seats} seats of {game.hand_size}: {_inputs(server, client, nonce)}."
        ),
        "service": service,
        "method": "Deal",
        "request": request_json(seats, server, client, nonce, algorithm),
        "expect": {"response": response_json(dealt)},
    }


def bad_case(service: str, wrong: str, changes: dict[str, Any], violations: list[tuple[str, str]]) -> dict[str, Any]:
    inputs: dict[str, Any] = {"seat_count": 3, "server_seed": SEED_0_31, "client_seed": "", "nonce": 0, "algorithm": ""}
    inputs.update(changes)
    return {
        "name": f"{TITLES[service]} Deal: {wrong}",
        "description": "docs/fair-deal.md, docs/errors.md: INVALID_ARGUMENT naming "
        + ", ".join(f"{field} ({reason})" for field, reason in violations)
        + ".",
        "service": service,
        "method": "Deal",
        "request": request_json(**inputs),
        "expect": {
            "error": {
                "code": "INVALID_ARGUMENT",
                "fieldViolations": [{"field": field, "reason": reason} for field, reason in violations],
            }
        },
    }


# (service, seat count, server seed, client seed, nonce, the viewers asked in order, what the case shows)
VIEWED: list[tuple[str, int, bytes, str, int, list[int | str], str]] = [
    (SAM, 3, SEED_HASHED, "table-42:hand-7", 1, [1, "spectator", "audit"], "a seat, a spectator and the audit view"),
    (SAM, 2, SEED_0_31, "", 0, [0, 1], "both seats of a 2-seat table: neither sees the undealt cards"),
    (LIENG, 4, SEED_HASHED, PLAYERS, 3, ["audit", 3, 0, "spectator"], "the views in the order asked"),
    (LIENG, 6, SEED_256, VIETNAMESE, MAX_NONCE, [5, "spectator"], "the last seat of the largest table"),
]


def viewer_json(viewer: int | str) -> dict[str, Any]:
    return {"seat": viewer} if isinstance(viewer, int) else {viewer: {}}


def view_json(full: dict[str, Any], viewer: int | str) -> dict[str, Any]:
    """``viewer``'s copy of the answer ``full``, by the documented rule: the audit view the whole answer; a seat its
    own hand and every other entry empty, a spectator every entry empty, neither the undealt cards (left out of the
    expectation: a subset cannot say a field is absent; tests/api/test_views.py checks that)."""
    if viewer == "audit":
        return {**full, "views": []}
    hands = [hand if seat == viewer else {"cards": []} for seat, hand in enumerate(full["hands"])]
    return {"hands": hands, "commitment": full["commitment"], "algorithm": full["algorithm"], "views": []}


def viewed_case(
    service: str, seats: int, server: bytes, client: str, nonce: int, viewers: list[int | str], shows: str
) -> dict[str, Any]:
    case = good_case(service, seats, server, client, nonce, "", shows)
    case["name"] = f"{TITLES[service]} Deal views: {seats} seats, {shows}"
    asked = ", ".join(f"seat {v}" if isinstance(v, int) else f"the {v} view" for v in viewers)
    case["description"] = (
        f'docs/fair-deal.md, "Handing out the deal": views for {asked}. A seat sees its own hand only (the other '
        "entries empty), a spectator no hand, only the audit view the undealt cards; commitment and algorithm in "
        "every view."
    )
    case["request"]["views"] = [viewer_json(v) for v in viewers]
    full = case["expect"]["response"]
    full["views"] = [{"viewer": viewer_json(v), "answer": view_json(full, v)} for v in viewers]
    return case


def files() -> dict[str, str]:
    """File name → text of every Deal vector file."""
    documents = {
        "sam_loc.json": (
            "Sâm Lốc (cardrules.v1.SamLocService) Deal known answers: docs/fair-deal.md, every seat count 2 to 5.",
            [good_case(*case) for case in GOOD if case[0] == SAM],
        ),
        "lieng.json": (
            "Liêng (cardrules.v1.LiengService) Deal known answers: docs/fair-deal.md, every seat count 2 to 6.",
            [good_case(*case) for case in GOOD if case[0] == LIENG],
        ),
        "bad_input.json": (
            "Deal requests out of range, both games: each fails with INVALID_ARGUMENT naming every offending field.",
            [bad_case(*case) for case in BAD],
        ),
        "views.json": (
            "Deal answers of both games asked for views: one redacted copy per viewer, in the order asked "
            '(docs/fair-deal.md, "Handing out the deal").',
            [viewed_case(*case) for case in VIEWED],
        ),
    }
    return {
        name: json.dumps({"description": text, "cases": cases}, ensure_ascii=False, indent=2) + "\n"
        for name, (text, cases) in documents.items()
    }


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for name, text in files().items():
        (FOLDER / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
