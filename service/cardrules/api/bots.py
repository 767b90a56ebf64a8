"""What both games' ``Suggest`` requests and answers share: the bot's level and playout budget read from the request,
the search's summary and its explanation in the player's words (docs/bots.md).

A budget is a bound on a request's work, like the lengths of :mod:`cardrules.api.limits`: it is checked here, against
the cap of the game's bots, before the core runs, and named ``playouts`` with the cap in its description.
"""

from __future__ import annotations

from cardrules.api.house_rules import enum_name
from cardrules.core.bots import Level, SearchSummary
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.v1 import cards_pb2

__all__ = ["budget", "explanation_of", "level_of", "search_of"]

_LEVEL = cards_pb2.BotLevel.DESCRIPTOR


def level_of(number: int, field: str = "level") -> Level:
    """The core level of a request's ``BotLevel``: unset is ``MISSING_VALUE`` (a bot is never picked silently), an
    undefined number ``UNKNOWN_ENUM_VALUE``."""
    return Level[enum_name(_LEVEL, number, field)]


def budget(playouts: int, maximum: int, field: str = "playouts") -> int | None:
    """The search's playouts: None (the game's default) for 0, else 1 to ``maximum``; anything else is
    ``OUT_OF_RANGE`` naming ``field`` and the cap."""
    if playouts == 0:
        return None
    if not 1 <= playouts <= maximum:
        raise InvalidInput.one(
            field, ErrorReason.OUT_OF_RANGE, f"playouts must be 0 (the default) or 1 to {maximum}, got {playouts}"
        )
    return playouts


def search_of(search: SearchSummary | None) -> cards_pb2.BotSearch | None:
    if search is None:
        return None
    return cards_pb2.BotSearch(playouts=search.playouts, win_chance_bps=_bps(search.win_chance))


def _bps(chance: float) -> int:
    """A chance 0.0–1.0 in basis points, rounded half up: the same integer for the same float everywhere."""
    return min(10_000, max(0, int(chance * 10_000 + 0.5)))


def explanation_of(search: SearchSummary | None) -> cards_pb2.LocalizedMessage | None:
    """The search's choice in one sentence per language; nothing for a level that did not search."""
    if search is None:
        return None
    percent = f"{_bps(search.win_chance) / 100:g}"
    if search.playouts == 0:  # the search saw the outcome without playing (e.g. a hand that wins at the deal)
        return cards_pb2.LocalizedMessage(
            en=f"Decided without playouts: a {percent} % chance to win the hand.",
            vi=f"Quyết định không cần chơi thử: {percent.replace('.', ',')} % khả năng thắng ván.",
        )
    playouts = "1 playout" if search.playouts == 1 else f"{search.playouts} playouts"
    return cards_pb2.LocalizedMessage(
        en=f"Chosen by a search of {playouts}: an estimated {percent} % chance to win the hand.",
        vi=f"Chọn sau {search.playouts} ván chơi thử: ước tính {percent.replace('.', ',')} % khả năng thắng ván.",
    )
