"""The one speed path of :func:`~cardrules.core.sam.moves.legal_moves`: straights built as combinations in C.

A ``NamedTuple``'s constructor is a Python function (the ``__new__`` the namedtuple machinery generates), so
``Combination(kind, key, length, cards)`` runs a Python frame for every play. A legal-moves list holds a
combination per straight it lists (the hand with the most card sets lists 104 straights among its 118 leads), and
that frame cost as much as the rest of the play: building the same value with ``tuple.__new__`` (what the
namedtuple's own ``_make`` does, without its length check) cut the instructions of that lead by a quarter and of
an average lead (one play per rank pattern) by a tenth, interpreted and compiled alike (``tuple.__new__`` is C in
both). Same-rank plays need neither: they are the shared :data:`~cardrules.core.sam.combination.SAME_RANK`
values. ``tests/core/sam/test_fast_build.py`` checks that this builds what the plain constructor builds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

from cardrules.core.cards import Card
from cardrules.core.sam.combination import Combination, Kind

straight_combination: Final[Callable[[tuple[Kind, int, int, tuple[Card, ...]]], Combination]] = partial(
    tuple.__new__, Combination
)
"""``straight_combination((Kind.STRAIGHT, top, length, cards))`` = ``Combination(Kind.STRAIGHT, top, length, cards)``,
for ``cards`` one card of each of the straight's ranks, sorted (the fields in :class:`Combination`'s order)."""
