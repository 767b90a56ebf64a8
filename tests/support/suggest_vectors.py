"""The Suggest conformance vectors (tests/vectors/sam_loc/suggest.json, tests/vectors/lieng/suggest.json,
tests/vectors/errors/suggest_bad_input.json).

    .venv/bin/python -m tests.support.suggest_vectors        # rewrites the three files

Each case is a position whose answer a person can check against the rules and docs/bots.md: BASIC is the TIMEOUT
rule (docs/rules/sam-loc.md §9.8, docs/rules/lieng.md §6.9), STANDARD a rule of thumb named in the case, STRONG a
position with one clearly best move, searched with a small budget. The answers are the service's own, for fixed
seeds; tests/api/test_suggest.py checks that the files are what this module writes (so a change in a bot's play
shows up as a stale vector, to be looked at again) and that every suggested action validates.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

from cardrules.v1 import lieng_pb2, sam_loc_pb2
from tests.support.servicers import lieng_servicer, sam_servicer

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
SAM, LIENG = "cardrules.v1.SamLocService", "cardrules.v1.LiengService"
REQUESTS: dict[str, type[Message]] = {
    SAM: sam_loc_pb2.SamLocServiceSuggestRequest,
    LIENG: lieng_pb2.LiengServiceSuggestRequest,
}

_RANKS = dict(zip("A23456789TJQK", ("ACE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN",
                                     "JACK", "QUEEN", "KING"), strict=True))  # fmt: skip
_SUITS = {"S": "SPADES", "C": "CLUBS", "D": "DIAMONDS", "H": "HEARTS"}


def cards(text: str) -> dict[str, Any]:
    """A ``Cards`` message in proto3 JSON from ``"9S 4S TC"``."""
    return {"cards": [{"rank": f"RANK_{_RANKS[c[0]]}", "suit": f"SUIT_{_SUITS[c[1]]}"} for c in text.split()]}


def seats(*holdings: str | int) -> list[dict[str, Any]]:
    """Sâm seats: a hand's text, or a card count."""
    return [{"cardCount": h} if isinstance(h, int) else {"hand": cards(h)} for h in holdings]


def play(seat: int, text: str) -> dict[str, Any]:
    return {"seat": seat, "play": cards(text)}


def passing(seat: int) -> dict[str, Any]:
    return {"seat": seat, "pass": {}}


def bet(seat: int, kind: str, amount: int = 0) -> dict[str, Any]:
    return {"seat": seat, "kind": f"LIENG_ACTION_KIND_{kind}"} | ({"amount": str(amount)} if amount else {})


def answer(service: str, request: dict[str, Any]) -> Message:
    """The service's answer to ``request`` (Suggest), called as the server calls it."""
    message = json_format.ParseDict(request, REQUESTS[service]())
    servicer: Any = sam_servicer() if service == SAM else lieng_servicer()
    response: Message = type(servicer).Suggest.__wrapped__(servicer, message)
    return response


def good_case(service: str, name: str, description: str, request: dict[str, Any]) -> dict[str, Any]:
    response = json_format.MessageToDict(answer(service, request), always_print_fields_with_no_presence=True)
    return {
        "name": name,
        "description": description,
        "service": service,
        "method": "Suggest",
        "request": request,
        "expect": {"response": response},
    }


def bad_case(
    service: str, name: str, description: str, request: dict[str, Any], violations: list[tuple[str, str]]
) -> dict[str, Any]:
    return {
        "name": name,
        "description": description,
        "service": service,
        "method": "Suggest",
        "request": request,
        "expect": {
            "error": {
                "code": "INVALID_ARGUMENT",
                "fieldViolations": [{"field": field, "reason": reason} for field, reason in violations],
            }
        },
    }


def sam_request(
    level: str, state: dict[str, Any], history: list[dict[str, Any]] | None = None, **more: Any
) -> dict[str, Any]:
    return (
        {"level": f"BOT_LEVEL_{level}", "seed": "7", "state": state} | ({"history": history} if history else {}) | more
    )


def sam_declaration(level: str, hand: str, count: int, **more: Any) -> dict[str, Any]:
    return {"level": f"BOT_LEVEL_{level}", "seed": "7", "declaration": {"hand": cards(hand), "seatCount": count}} | more


def sam_cases() -> list[dict[str, Any]]:
    leading = {"seats": seats("3H 3C 7S", 5, 6), "turn": 0}
    facing = {"seats": seats(5, "3C 5H KS 2D", 6), "turn": 1, "current": cards("9D"), "currentOwner": 0}
    bao_mot = {"seats": seats("4S 9C JD", 1, 6), "turn": 0}
    finish = {"seats": seats("8S 8H", 4, 6, 7), "turn": 0}
    cheap = {"seats": seats(6, "4C 6D 9C KH", 5), "turn": 1, "current": cards("5S"), "currentOwner": 0}
    history = [play(0, "3S"), play(1, "6S"), passing(2), play(0, "9S"), play(1, "AS"), passing(2), passing(0)]
    led_after = {"seats": seats(3, "8S 8H 4D 5C", 8), "turn": 1}
    return [
        good_case(
            SAM,
            "Sâm Suggest BASIC: a leader leads its lowest single",
            "BASIC is the TIMEOUT rule (docs/rules/sam-loc.md §9.8): leading with 3H 3C 7S under the default "
            "timeout_lead LOWEST_SINGLE, the lowest card, 3C (clubs before hearts).",
            sam_request("BASIC", leading),
        ),
        good_case(
            SAM,
            "Sâm Suggest BASIC: LOWEST_SET leads the pair",
            "BASIC under timeout_lead LOWEST_SET (docs/rules/sam-loc.md §9.8): every card of the lowest rank, the "
            "pair 3C 3H.",
            sam_request("BASIC", leading, houseRules={"timeoutLead": "SAM_TIMEOUT_LEAD_LOWEST_SET"}),
        ),
        good_case(
            SAM,
            "Sâm Suggest BASIC: a follower passes",
            "BASIC facing 9D with 3C 5H KS 2D passes, although KS and 2D would beat (docs/rules/sam-loc.md §9.8).",
            sam_request("BASIC", facing),
        ),
        good_case(
            SAM,
            "Sâm Suggest BASIC: báo 1 makes the lowest single the highest",
            "BASIC leading 4S 9C JD while the next seat holds one card (báo 1, docs/rules/sam-loc.md §5): the "
            "highest single, JD.",
            sam_request("BASIC", bao_mot),
        ),
        good_case(
            SAM,
            "Sâm Suggest STANDARD: goes out when one play empties the hand",
            "STANDARD leading with 8S 8H plays the pair and wins the hand (docs/bots.md: play to finish).",
            sam_request("STANDARD", finish),
        ),
        good_case(
            SAM,
            "Sâm Suggest STANDARD: beats a single cheaply",
            "STANDARD facing 5S with 4C 6D 9C KH beats with its lowest higher single, 6D (docs/bots.md: beat cheaply).",
            sam_request("STANDARD", cheap),
        ),
        good_case(
            SAM,
            "Sâm Suggest STANDARD: keeps the pair together when leading",
            "STANDARD leading 3H 3C 7S leads the pair 3C 3H, low and without breaking it (docs/bots.md: keep "
            "combinations together, lead low).",
            sam_request("STANDARD", leading),
        ),
        good_case(
            SAM,
            "Sâm Suggest STANDARD: a history of public plays",
            "STANDARD to lead after the last seven public actions of the hand (3S, 6S, pass, 9S, AS, pass, pass; a "
            "history may be partial): holding 8S 8H 4D 5C it leads its lowest card, 4D, keeping the pair.",
            sam_request("STANDARD", led_after, history),
        ),
        good_case(
            SAM,
            "Sâm Suggest STRONG: a search finds the winning play",
            "STRONG with 4 playouts leading 8S 8H: the pair goes out at once, every playout wins (winChanceBps "
            "10000); the answer carries the search and its explanation in English and Vietnamese.",
            sam_request("STRONG", finish, playouts=4),
        ),
        good_case(
            SAM,
            "Sâm Suggest BASIC: never declares Sâm",
            "BASIC at the deal does not declare (docs/bots.md).",
            sam_declaration("BASIC", "3S 3H 3D 3C 4S 4H 4D 4C 5S 6S", 4),
        ),
        good_case(
            SAM,
            "Sâm Suggest STANDARD: a weak hand does not declare",
            "STANDARD at the deal with 3S 5H 7D 8C 9S JH QD KC AS 2H, mostly loose singles, does not declare Sâm "
            "(docs/rules/sam-loc.md §4.2: a declarer must win every trick).",
            sam_declaration("STANDARD", "3S 5H 7D 8C 9S JH QD KC AS 2H", 4),
        ),
    ]


def sam_bad_cases() -> list[dict[str, Any]]:
    leading = {"seats": seats("3H 3C 7S", 5, 6), "turn": 0}
    return [
        bad_case(
            SAM,
            "Sâm Suggest: no level",
            "A Suggest must name its level: unset is MISSING_VALUE, never a default.",
            {"seed": "1", "state": leading},
            [("level", "MISSING_VALUE")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: an unknown level",
            "A level number the contract does not define.",
            {"level": 9, "seed": "1", "state": leading},
            [("level", "UNKNOWN_ENUM_VALUE")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: playouts above the cap",
            "STRONG's budget is capped (docs/limits.md): 1000 is refused.",
            sam_request("STRONG", leading, playouts=1000),
            [("playouts", "OUT_OF_RANGE")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: negative playouts",
            "A budget is 0 (the default) or positive.",
            sam_request("STRONG", leading, playouts=-1),
            [("playouts", "OUT_OF_RANGE")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: neither a state nor a declaration",
            "A Suggest asks about a state or a declaration.",
            {"level": "BOT_LEVEL_BASIC"},
            [("state", "MISSING_VALUE")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: the hand is over",
            "An ended hand has nothing to decide.",
            sam_request(
                "BASIC", {"seats": seats("3H 3C", 0), "turn": 0, "ended": "SAM_HAND_END_FINISHED", "winner": 1}
            ),
            [("state.ended", "UNEXPECTED_VALUE")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: the seat to act hides its hand",
            "The bot needs the hand of the seat to act.",
            sam_request("BASIC", {"seats": seats(3, 5), "turn": 0}),
            [("state.seats[0].hand", "HAND_REQUIRED")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: history shows a card the seat holds",
            "A card of the seat's own hand cannot have been played.",
            sam_request("BASIC", leading, [play(1, "3H")]),
            [("history[0].play.cards[0]", "CONFLICTING_VALUES")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: a TIMEOUT in the history",
            "The history holds what a TIMEOUT resolved to, never the TIMEOUT.",
            sam_request("BASIC", leading, [{"seat": 1, "timeout": {}}]),
            [("history[0]", "INVALID_VALUE")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: a declaration hand of nine cards",
            "A dealt Sâm hand is 10 cards.",
            sam_declaration("BASIC", "3S 3H 3D 3C 4S 4H 4D 4C 5S", 4),
            [("declaration.hand", "WRONG_CARD_COUNT")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: a declaration at a table of six",
            "A Sâm table seats 2 to 5.",
            sam_declaration("BASIC", "3S 3H 3D 3C 4S 4H 4D 4C 5S 6S", 6),
            [("declaration.seat_count", "WRONG_SEAT_COUNT")],
        ),
        bad_case(
            SAM,
            "Sâm Suggest: a declaration with a history",
            "A declaration is made at the deal, before any play.",
            sam_declaration("BASIC", "3S 3H 3D 3C 4S 4H 4D 4C 5S 6S", 4, history=[play(1, "9D")]),
            [("history", "UNEXPECTED_VALUE")],
        ),
    ]


def lieng_state(committed: list[int], to_act: int, bet_now: int, **more: Any) -> dict[str, Any]:
    return {
        "seats": [{"stack": str(100 - c), "committed": str(c)} for c in committed],
        "ante": "10",
        "firstActor": 0,
        "toAct": to_act,
        "currentBet": str(bet_now),
    } | more


def lieng_request(level: str, state: dict[str, Any], hand: str, history: list[dict[str, Any]] | None = None,
                  **more: Any) -> dict[str, Any]:  # fmt: skip
    return (
        {"level": f"BOT_LEVEL_{level}", "seed": "7", "state": state, "hand": cards(hand)}
        | ({"history": history} if history else {})
        | more
    )


def lieng_cases() -> list[dict[str, Any]]:
    opening = lieng_state([10, 10, 10], 0, 10)
    raised_to_40 = lieng_state([10, 40, 10], 2, 40, lastFullRaise="30", raiseOrbits=1, lastRaiseOrbit=0,
                               seats=[{"stack": "90", "committed": "10"},
                                      {"stack": "60", "committed": "40", "acted": True},
                                      {"stack": "90", "committed": "10"}])  # fmt: skip
    raise_history = [bet(0, "CHECK"), bet(1, "RAISE", 40)]
    return [
        good_case(
            LIENG,
            "Liêng Suggest BASIC: folds when it could check",
            "BASIC is the TIMEOUT rule (docs/rules/lieng.md §6.9): without timeout_checks a TIMEOUT folds, even when "
            "the seat owes nothing.",
            lieng_request("BASIC", opening, "AS AH AC"),
        ),
        good_case(
            LIENG,
            "Liêng Suggest BASIC: checks under timeout_checks",
            "BASIC under timeout_checks owes nothing, so it checks (docs/rules/lieng.md §6.9).",
            lieng_request("BASIC", opening, "4S 6D KC", houseRules={"timeoutChecks": True}),
        ),
        good_case(
            LIENG,
            "Liêng Suggest BASIC: folds facing a raise",
            "BASIC facing a raise to 40 folds, whatever it holds (docs/rules/lieng.md §6.9).",
            lieng_request("BASIC", raised_to_40, "AS AH AC", raise_history, houseRules={"timeoutChecks": True}),
        ),
        good_case(
            LIENG,
            "Liêng Suggest STANDARD: raises with the best hand",
            "STANDARD opening with Sáp A (three aces, the best hand, docs/rules/lieng.md §1) raises.",
            lieng_request("STANDARD", opening, "AS AH AC"),
        ),
        good_case(
            LIENG,
            "Liêng Suggest STANDARD: folds a worthless hand facing a raise",
            "STANDARD facing a raise to 40 into a pot of 60 with 4S 6D KC (0 points, the lowest of the points "
            "tier) folds: its chance against two opponents is below the pot odds.",
            lieng_request("STANDARD", raised_to_40, "4S 6D KC", raise_history),
        ),
        good_case(
            LIENG,
            "Liêng Suggest STANDARD: checks a weak hand when free",
            "STANDARD opening with 4S 6D KC (0 points, docs/rules/lieng.md §1) owes nothing and checks rather than "
            "fold or raise.",
            lieng_request("STANDARD", opening, "4S 6D KC"),
        ),
        good_case(
            LIENG,
            "Liêng Suggest STRONG: raises the best hand",
            "STRONG with 16 playouts opening with Sáp A: no hand beats it, so every playout wins (winChanceBps "
            "10000) and the search raises; the answer carries the search and its explanation.",
            lieng_request("STRONG", opening, "AS AH AC", playouts=16),
        ),
    ]


def lieng_bad_cases() -> list[dict[str, Any]]:
    opening = lieng_state([10, 10, 10], 0, 10)
    closed = {
        "seats": [{"stack": "90", "committed": "10", "acted": True}, {"stack": "90", "committed": "10",
                                                                        "folded": True}],
        "ante": "10",
        "firstActor": 0,
        "currentBet": "10",
    }  # fmt: skip
    return [
        bad_case(
            LIENG,
            "Liêng Suggest: no level",
            "A Suggest must name its level: unset is MISSING_VALUE, never a default.",
            {"state": opening, "hand": cards("AS AH AC")},
            [("level", "MISSING_VALUE")],
        ),
        bad_case(
            LIENG,
            "Liêng Suggest: playouts above the cap",
            "STRONG's budget is capped (docs/limits.md).",
            lieng_request("STRONG", opening, "AS AH AC", playouts=1000),
            [("playouts", "OUT_OF_RANGE")],
        ),
        bad_case(
            LIENG,
            "Liêng Suggest: betting is closed",
            "Closed betting has no seat to act and nothing to decide.",
            lieng_request("BASIC", closed, "AS AH AC"),
            [("state.to_act", "MISSING_VALUE")],
        ),
        bad_case(
            LIENG,
            "Liêng Suggest: a hand of two cards",
            "A Liêng hand is 3 cards.",
            lieng_request("BASIC", opening, "AS AH"),
            [("hand", "WRONG_CARD_COUNT")],
        ),
        bad_case(
            LIENG,
            "Liêng Suggest: a hand of four cards",
            "A Liêng hand is 3 cards: a longer list is refused first.",
            lieng_request("BASIC", opening, "AS AH AC AD"),
            [("hand", "WRONG_CARD_COUNT")],
        ),
        bad_case(
            LIENG,
            "Liêng Suggest: a card twice in the hand",
            "The same card twice.",
            lieng_request("BASIC", opening, "AS AH AS"),
            [("hand.cards[2]", "DUPLICATE_CARD")],
        ),
        bad_case(
            LIENG,
            "Liêng Suggest: history out of turn",
            "The history is replayed from the ante: seat 2 cannot act first.",
            lieng_request("BASIC", opening, "AS AH AC", [bet(2, "CALL")]),
            [("history[0]", "ILLEGAL_ACTION")],
        ),
        bad_case(
            LIENG,
            "Liêng Suggest: history that does not lead to the state",
            "Seat 0 checked, so seat 0 is no longer to act: the history ends elsewhere than the state.",
            lieng_request("BASIC", opening, "AS AH AC", [bet(0, "CHECK")]),
            [("history", "CONFLICTING_VALUES")],
        ),
    ]


def files() -> dict[Path, str]:
    """Path → text of the three Suggest vector files."""
    documents = {
        VECTORS / "sam_loc" / "suggest.json": (
            "Sâm Lốc Suggest (docs/bots.md): BASIC as the TIMEOUT rule (docs/rules/sam-loc.md §9.8), STANDARD's rules "
            "of thumb, STRONG with a small budget on a position with one best play, declarations at the deal.",
            sam_cases(),
        ),
        VECTORS / "lieng" / "suggest.json": (
            "Liêng Suggest (docs/bots.md): BASIC as the TIMEOUT rule (docs/rules/lieng.md §6.9), STANDARD by hand "
            "strength and pot odds, STRONG with a small budget.",
            lieng_cases(),
        ),
        VECTORS / "errors" / "suggest_bad_input.json": (
            "Malformed Suggest requests of both games (docs/bots.md): each names its field and reason.",
            sam_bad_cases() + lieng_bad_cases(),
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
