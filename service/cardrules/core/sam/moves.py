"""Legal moves for the seat to act, derived from per-rank counts.

The default list holds one play per distinct rank pattern, with the canonical (lowest-suit) cards; with
``all_card_sets=True`` every concrete card set is listed. Each play comes classified (its :class:`Combination`,
whose cards are interned and sorted by strength): the list is built by kind, so nothing needs classifying again
(the same-rank plays come classified off the byte tables of :mod:`.rankindex`, the straights are built by
:mod:`.fast_build`). Plays and ``apply`` share one beat rule (:func:`beat_floor`, under :func:`beats`) and one
duty check (:mod:`.duties`); the test suite also checks that this list agrees with
:func:`cardrules.core.sam.apply.apply` both ways.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from operator import itemgetter
from typing import Final, NamedTuple

from cardrules.core.cards import Card
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.sam.actions import Pass, Play
from cardrules.core.sam.combination import Combination, Kind, beat_floor, chop_floor
from cardrules.core.sam.duties import broken_duty, duties_can_forbid, is_stuck_leader
from cardrules.core.sam.fast_build import straight_combination
from cardrules.core.sam.rankindex import lead_plays_of, lowest_of, lowest_sets_of, sets_of
from cardrules.core.sam.state import TableState

Cards = tuple[Card, ...]


class Straight(NamedTuple):
    """One straight available in a rank mask: its length, top key, ranks and a getter picking one card per rank."""

    length: int
    top: int
    ranks: tuple[int, ...]
    pick: Callable[[Sequence[Card]], Cards]


class LegalMoves(NamedTuple):
    """The legal moves of ``seat`` (None once the hand is over): the plays, classified, and whether passing is
    allowed."""

    seat: int | None
    can_pass: bool
    combinations: tuple[Combination, ...]

    @property
    def plays(self) -> tuple[Cards, ...]:
        """The cards of each play."""
        return tuple([c.cards for c in self.combinations])

    def actions(self) -> tuple[Play | Pass, ...]:
        """The same moves as :class:`Play` / :class:`Pass` actions (pass last)."""
        if self.seat is None:
            return ()
        seat = self.seat
        moves: list[Play | Pass] = [Play(seat, p) for p in self.plays]
        if self.can_pass:
            moves.append(Pass(seat))
        return tuple(moves)


_DEFAULT_ORDER = tuple(range(12))  # 3 4 … K A
_LOW_ACE_ORDER = (11, 12, *range(11), 11)  # A 2 3 … K A


def _straights(mask: int, order: tuple[int, ...]) -> tuple[Straight, ...]:
    found: list[Straight] = []
    size = len(order)
    for start in range(size):
        end = start
        while end < size and mask >> order[end] & 1 and end - start < 10:
            end += 1
            length = end - start
            if length >= 3:
                ranks = tuple(sorted(order[start:end]))
                if len(set(ranks)) == length:
                    pick = itemgetter(*ranks)
                    found.append(Straight(length, order[end - 1], ranks, pick))
    found.sort(key=lambda s: (s.length, s.top))
    return tuple(found)


_DEFAULT_STRAIGHTS: Final[tuple[tuple[Straight, ...], ...]] = tuple(_straights(m, _DEFAULT_ORDER) for m in range(4096))
_LOW_ACE_STRAIGHTS: Final[dict[int, tuple[Straight, ...]]] = {}
_NONE: Final = LegalMoves(None, False, ())
# Read once: an attribute of an enum class takes EnumType's generic ``__getattr__`` hook in CPython 3.11.
_STRAIGHT: Final = Kind.STRAIGHT
_QUAD: Final = Kind.QUAD


def straights_in(mask: int, low_ace: bool) -> tuple[Straight, ...]:
    """Every straight of the rank mask (bit r = rank r held), sorted by (length, top)."""
    if not low_ace:
        return _DEFAULT_STRAIGHTS[mask & 0xFFF]
    found = _LOW_ACE_STRAIGHTS.get(mask)
    if found is None:
        found = _LOW_ACE_STRAIGHTS[mask] = _straights(mask, _LOW_ACE_ORDER)
    return found


def legal_moves(state: TableState, all_card_sets: bool = False) -> LegalMoves:
    """The legal moves of the seat to act.

    Default: one play per distinct rank pattern, with the lowest suits (leading: rank by rank, single
    before pair before triple before four of a kind, then the straights by length and top).
    ``all_card_sets``: every concrete card set. ``can_pass`` is True exactly when :func:`apply` accepts a
    pass. The acting hand must be known
    (:class:`InvalidInput` at ``state.seats[i].hand`` otherwise).
    """
    if state.ended is not None:
        return _NONE
    seat = state.turn
    me = state.seats[seat]
    if me.hand is None:
        raise InvalidInput.one(
            f"state.seats[{seat}].hand", ErrorReason.HAND_REQUIRED, "the hand of the seat to act must be known"
        )
    rules = state.house_rules
    low_ace = rules.straight_low_ace
    # The per-rank index (card-mask bytes, rank mask) is cached on the frozen seat; the same-rank plays, already
    # classified, are read off the byte tables of .rankindex: seven table lookups for the whole hand.
    chunks, mask = me.rank_index()
    current = state.combination
    moves: list[Combination]
    if current is None:
        can_pass = is_stuck_leader(state, me)
        # Leading: any combination goes, so each play's kind is known from how it is built.
        if all_card_sets:
            moves = sets_of(chunks, 1)
            for size in (2, 3, 4):
                moves += sets_of(chunks, size)
        else:
            moves = lead_plays_of(chunks)
        straights = straights_in(mask, low_ace)
        if straights:
            if all_card_sets:
                groups = me.by_rank()
                for s in straights:
                    moves += _every_card_set(s, groups)
            else:
                low = lowest_of(chunks)
                moves += [straight_combination((_STRAIGHT, s.top, s.length, s.pick(low))) for s in straights]
    else:
        # Following: list the plays of the current combination's shape (and the fours of a kind), whatever their
        # rank, and keep those above the key floor the one beat rule of .combination sets for that shape (it
        # judges a play by its shape and key alone), so this list and apply agree by construction. A seat that
        # passed may come back only to chop (chop_after_pass).
        can_pass = True
        if me.passed:
            floor = chop_floor(current, rules)
            moves = [q for q in sets_of(chunks, 4) if q.key > floor]
        else:
            kind = current.kind
            length = current.length
            floor = beat_floor(kind, length, current, rules)
            if kind is _STRAIGHT:
                moves = []
                beating = [s for s in straights_in(mask, low_ace) if s.length == length and s.top > floor]
                if beating and all_card_sets:
                    groups = me.by_rank()
                    for s in beating:
                        moves += _every_card_set(s, groups)
                elif beating:
                    low = lowest_of(chunks)
                    moves = [straight_combination((_STRAIGHT, s.top, length, s.pick(low))) for s in beating]
            elif kind is _QUAD:
                moves = []
            else:
                shaped = sets_of(chunks, length) if all_card_sets else lowest_sets_of(chunks, length)
                moves = [c for c in shaped if c.key > floor]
            floor = beat_floor(_QUAD, 4, current, rules)
            moves += [q for q in sets_of(chunks, 4) if q.key > floor]
    if duties_can_forbid(state):
        moves = [c for c in moves if broken_duty(state, seat, me, c) is None]
    return LegalMoves(seat, can_pass, tuple(moves))


def _every_card_set(straight: Straight, groups: tuple[Cards, ...]) -> list[Combination]:
    """Every card set of the straight (one card of each of its ranks, ``groups`` the hand's cards by rank),
    classified."""
    top, length = straight.top, straight.length
    return [straight_combination((_STRAIGHT, top, length, p)) for p in product(*(groups[r] for r in straight.ranks))]
