"""Liêng bots (docs/bots.md): :func:`suggest_action` answers "what should this seat do now?" from the seat's view.

One module per job: :mod:`.view` checks the request and builds the seat's view; :mod:`.basic` (the timeout
default), :mod:`.standard` (hand strength against opponents and pot odds) and :mod:`.strong` (Monte Carlo over
the deals consistent with the view) decide; :mod:`.strength` estimates a hand's equity from the hand ranks.
"""

from cardrules.core.lieng.bots.suggest import (
    DEFAULT_PLAYOUTS,
    MAX_PLAYOUTS,
    MAX_SEED,
    LiengSuggestion,
    suggest_action,
)

__all__ = ["DEFAULT_PLAYOUTS", "MAX_PLAYOUTS", "MAX_SEED", "LiengSuggestion", "suggest_action"]
