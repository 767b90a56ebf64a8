"""Small helpers so Sâm tests read like the rules document: seats are letters A, B, C … in play order."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.core.cards import Card, parse_cards
from cardrules.core.sam import (
    DEFAULT_RULES,
    Action,
    Applied,
    HouseRules,
    Illegal,
    Pass,
    Play,
    RoundRecord,
    SeatState,
    TableState,
    apply,
)

SEATS = "ABCDE"


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.replace(" ", "")) if text else ()


def seat(letter: str) -> int:
    return SEATS.index(letter)


def action(text: str) -> Action:
    """``"B 2D"``, ``"B 5S5C5D5H"``, ``"C pass"``."""
    who, _, what = text.partition(" ")
    if what.strip().lower() == "pass":
        return Pass(seat(who))
    return Play(seat(who), cards(what))


def table(
    hands: Sequence[str | int],
    turn: str,
    current: str = "",
    owner: str | None = None,
    passed: str = "",
    declarer: str | None = None,
    rules: HouseRules = DEFAULT_RULES,
    **extra: object,
) -> TableState:
    """A table from hands (card text, or an int = a hidden hand of that many cards)."""
    seats = tuple(
        SeatState(count=h, passed=SEATS[i] in passed)
        if isinstance(h, int)
        else SeatState(hand=cards(h), passed=SEATS[i] in passed)
        for i, h in enumerate(hands)
    )
    return TableState(
        seats=seats,
        turn=seat(turn),
        current=cards(current),
        current_owner=None if owner is None else seat(owner),
        declarer=None if declarer is None else seat(declarer),
        house_rules=rules,
        **extra,  # type: ignore[arg-type]
    )


def play(state: TableState, *texts: str) -> Applied:
    """Apply each action in turn; every one must be legal. Returns the last :class:`Applied`."""
    result: Applied | None = None
    for text in texts:
        outcome = apply(state, action(text))
        assert not isinstance(outcome, Illegal), f"{text}: {outcome.reason.name}"
        result = outcome
        state = outcome.state
    assert result is not None
    return result


def refused(state: TableState, text: str) -> str:
    outcome = apply(state, action(text))
    assert isinstance(outcome, Illegal), f"{text} was accepted"
    return outcome.reason.name


def record(
    hands: Sequence[str],
    leader: str,
    actions: Sequence[str] = (),
    declarations: str = "",
    stake: int = 1000,
    rules: HouseRules = DEFAULT_RULES,
) -> RoundRecord:
    return RoundRecord(
        hands=tuple(cards(h) for h in hands),
        stake=stake,
        leader=seat(leader),
        declarations=tuple(seat(d) for d in declarations),
        actions=tuple(action(a) for a in actions),
        house_rules=rules,
    )


def paid(settlement: object) -> set[tuple[str, str, int, str]]:
    """Transfers as {(from letter, to letter, amount, reason)}."""
    return {
        (SEATS[t.from_seat], SEATS[t.to_seat], t.amount, str(t.reason))
        for t in settlement.transfers  # type: ignore[attr-defined]
    }
