"""How a caller spells Sâm's values in its field paths (see :mod:`cardrules.core.errors`)."""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from cardrules.core.errors import Naming

__all__ = ["SAM_NAMING", "SamNaming"]


@mypyc_attr(native_class=False)  # its base class stays interpreted (setup.py's PLAIN)
@dataclass(frozen=True, slots=True)
class SamNaming(Naming):
    """:class:`~cardrules.core.errors.Naming` with the words of Sâm's values: ``count``, a seat's number of cards
    (the contract's ``card_count``), and ``play_cards``, the card list of a play (``action.cards[0]``; the
    contract's ``play``, a ``Cards`` message: ``action.play.cards[0]``)."""

    count: str = "count"
    play_cards: str = "cards"


SAM_NAMING = SamNaming()
"""The core's own spelling: ``hand[3]``, ``count``, ``action.cards[0]``."""
