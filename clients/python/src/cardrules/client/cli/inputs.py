"""What the command line's arguments mean as messages: hands, a Sâm table, a round record, house rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from cardrules.client.cards import CardTextError, cards, cards_message
from cardrules.client.cli.messages import BadInput, parse_message, read_json
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2

__all__ = ["HAND_HISTORY_FORMAT", "Round", "hands", "house_rules", "round_record", "sam_state", "viewer"]

Round = sam_loc_pb2.SamRoundRecord | lieng_pb2.LiengRoundRecord

HouseRules = TypeVar("HouseRules", sam_loc_pb2.SamHouseRules, lieng_pb2.LiengHouseRules)

MAX_CARDS_HELD = 10  # a Sâm hand is dealt 10 cards

HAND_HISTORY_FORMAT = "cardrules-hand-history-v1"
"""The ``format`` of a hand-history file (docs/hand-history.md)."""
_HISTORY_GAMES = {"sam_loc": "sam", "lieng": "lieng"}


def hands(positional: Sequence[str], extra: Sequence[str]) -> list[cards_pb2.Cards]:
    """``AC AD AH`` (one card per argument) is one hand; ``"AC AD AH" "KS QS JS"`` are two; ``--hand`` adds one."""
    try:
        groups = [cards(text) for text in positional]
        if groups and all(len(group) == 1 for group in groups):
            found = [cards_pb2.Cards(cards=[group[0] for group in groups])]
        else:
            found = [cards_pb2.Cards(cards=group) for group in groups]
        found += [cards_message(text) for text in extra]
    except CardTextError as error:
        raise BadInput(str(error)) from None
    if not found:
        raise BadInput('no hand given: list its cards (AC AD AH) or quote hands ("AC AD AH" "KS QS JS")')
    return found


def house_rules(source: str | None, rules_type: type[HouseRules]) -> HouseRules | None:
    if source is None:
        return None
    return parse_message(read_json(source), rules_type, "--house-rules")


def _seats(text: str, option: str) -> list[int]:
    try:
        return [int(item) for item in text.replace(",", " ").split()]
    except ValueError:
        raise BadInput(f"{option} takes seat numbers or counts separated by commas, like 1,2 (got {text!r})") from None


def sam_state(
    *,
    hand: str | None,
    facing: str | None,
    others: str,
    owner: int | None,
    passed: str,
    declarer: int | None,
    state: str | None,
) -> sam_loc_pb2.SamTableState:
    """The table as the seat to act (seat 0) sees it, from the ``legal`` command's options or a whole state."""
    if state is not None:
        if hand is not None or facing is not None or owner is not None or passed or declarer is not None:
            raise BadInput("--state describes the whole table: give it without --hand, --facing, --owner, …")
        return parse_message(read_json(state), sam_loc_pb2.SamTableState, "--state")
    if hand is None:
        raise BadInput("give your cards with --hand (or a whole SamTableState with --state)")
    counts = _seats(others, "--others")
    if not counts:
        raise BadInput("--others needs at least one seat's card count: Sâm is played by 2 to 5 seats")
    if any(count < 0 or count > MAX_CARDS_HELD for count in counts):
        raise BadInput(f"--others: a seat holds 0 to {MAX_CARDS_HELD} cards (got {others})")
    try:
        seats = [sam_loc_pb2.SamSeat(hand=cards_message(hand))]
        seats += [sam_loc_pb2.SamSeat(card_count=count) for count in counts]
        table = sam_loc_pb2.SamTableState(seats=seats, turn=0)
        if facing is not None:
            table.current.CopyFrom(cards_message(facing))
            table.current_owner = len(seats) - 1 if owner is None else _seat(owner, len(seats), "--owner")
        elif owner is not None:
            raise BadInput("--owner names who played --facing: give --facing too")
    except CardTextError as error:
        raise BadInput(str(error)) from None
    for seat in _seats(passed, "--passed"):
        table.seats[_seat(seat, len(seats), "--passed")].passed = True
    if declarer is not None:
        table.declarer = _seat(declarer, len(seats), "--declarer")
    return table


def _seat(seat: int, count: int, option: str) -> int:
    if not 0 <= seat < count:
        raise BadInput(f"{option} {seat}: the table has seats 0 to {count - 1} (you are 0; --others adds the rest)")
    return seat


def round_record(source: str, game: str | None) -> Round:
    """A Sâm or Liêng round record from JSON: a hand-history file (docs/hand-history.md), the plain record, or a
    SettleRound request (``{"round": …}``).

    Without ``game`` the record's own fields decide: it must parse as exactly one game's record.
    """
    data: Any = read_json(source)
    where = "standard input" if source == "-" else source
    if isinstance(data, dict) and "format" in data:
        data, game = _hand_history(data, where, game)
    elif isinstance(data, dict) and set(data) == {"round"}:
        data = data["round"]
    if game == "sam":
        return parse_message(data, sam_loc_pb2.SamRoundRecord, where)
    if game == "lieng":
        return parse_message(data, lieng_pb2.LiengRoundRecord, where)
    found: list[Round] = []
    problems: list[str] = []
    try:
        found.append(parse_message(data, sam_loc_pb2.SamRoundRecord, where))
    except BadInput as error:
        problems.append(str(error))
    try:
        found.append(parse_message(data, lieng_pb2.LiengRoundRecord, where))
    except BadInput as error:
        problems.append(str(error))
    if len(found) == 1:
        return found[0]
    if found:
        raise BadInput(f"{where} reads as a Sâm Lốc and as a Liêng round record: name the game with --game")
    if problems[0] == problems[1]:  # e.g. a bad card: wrong for either game
        raise BadInput(problems[0])
    raise BadInput(f"{where} is neither game's round record:\n  " + "\n  ".join(problems))


def _hand_history(data: dict[str, Any], where: str, game: str | None) -> tuple[Any, str]:
    """The record and game of a hand-history file: exactly ``format``, ``game`` and ``round``."""
    if data.get("format") != HAND_HISTORY_FORMAT:
        raise BadInput(f"{where}: format {data.get('format')!r} is not {HAND_HISTORY_FORMAT!r} (a newer file?)")
    if set(data) != {"format", "game", "round"}:
        extra = ", ".join(sorted(set(data) - {"format", "game", "round"})) or "none"
        raise BadInput(f"{where}: a hand history holds exactly format, game and round (unknown: {extra})")
    named = _HISTORY_GAMES.get(data["game"]) if isinstance(data["game"], str) else None
    if named is None:
        raise BadInput(f"{where}: game {data['game']!r} is not one of {', '.join(_HISTORY_GAMES)}")
    if game is not None and game != named:
        raise BadInput(f"{where} is a {data['game']} hand history, not --game {game}")
    return data["round"], named


def viewer(text: str) -> cards_pb2.Viewer:
    """``seat:N``, ``spectator`` or ``audit`` as a Viewer."""
    if text == "audit":
        return cards_pb2.Viewer(audit=cards_pb2.Audit())
    if text == "spectator":
        return cards_pb2.Viewer(spectator=cards_pb2.Spectator())
    seat = text.removeprefix("seat:")
    if seat != text and seat.isascii() and seat.isdigit():
        return cards_pb2.Viewer(seat=int(seat))
    raise BadInput(f"--viewer takes seat:N (seat:0 is the first seat), spectator or audit, not {text!r}")
