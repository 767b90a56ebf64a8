"""Hands of the rules document's worked examples that more than one test module plays (seats A, B, C, D)."""

from __future__ import annotations

from cardrules.core.sam import HandEnd, HouseRules, SeatState, TableState
from tests.support.samkit import cards, seat

CHAIN_HANDS = [
    "2C 3S 4D 5C 8H 9S TD JC AH 3H",  # A
    "6S 6C 6D 6H 4S 5D 8C 9H TC AS",  # B
    "KS KC KD KH 7S 8D 9C TH JS QD",  # C
]


CHAIN_ACTIONS = ["A 2C", "B 6S6C6D6H", "C KSKCKDKH", "A pass", "B pass", "C 7S8D9CTHJSQD"]


def final_state(losers: dict[str, str | int], winner: str = "A", rules: HouseRules | None = None) -> TableState:
    seats = []
    for letter in "ABCD"[: len(losers) + 1]:
        if letter == winner:
            seats.append(SeatState(hand=()))
        else:
            held = losers[letter]
            seats.append(SeatState(count=held) if isinstance(held, int) else SeatState(hand=cards(held)))
    return TableState(
        seats=tuple(seats),
        turn=seat(winner),
        ended=HandEnd.FINISHED,
        winner=seat(winner),
        house_rules=rules or HouseRules(),
    )


SAM_HANDS = [
    "3S 4D 5C 9S 9D 6H 7H QC KC AD",
    "3C 4C 5D 6C 7C 8C TC QD KD 2S",
    "JS JD 3D 4S 5S 6S 7D 8D TD 2H",
    "3H 4H 5H 6D 7S 8H 9H TH JH 2D",
]


SAM_ACTIONS = ["A 3S4D5C", "B pass", "C pass", "D pass", "A 9S9D", "B pass", "C JSJD"]
