"""The immutable table state the apply function works on."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import InitVar, dataclass, field
from typing import Any, Final, Protocol

from mypy_extensions import mypyc_attr

from cardrules.core.cards import Card, card_text, check_distinct, format_cards
from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput, Naming, join
from cardrules.core.sam.combination import Combination, Kind, classify_sorted, is_choppable
from cardrules.core.sam.events import Chop, HandEnd
from cardrules.core.sam.house_rules import DEFAULT_RULES, HouseRules
from cardrules.core.sam.naming import SAM_NAMING, SamNaming
from cardrules.core.sam.rankindex import groups_of, index_of
from cardrules.core.trusted import blank, slot_setter

HAND_SIZE = 10
Profile = tuple[tuple[tuple[Card, ...], ...], int]
RankIndex = tuple[bytes, int]


class _Bad(Protocol):
    """Records one fault of a state being checked (an impossible state unless ``reason`` says otherwise) at the
    path ``name`` inside the state."""

    def __call__(self, name: str, description: str, reason: ErrorReason = ErrorReason.IMPOSSIBLE_STATE) -> None: ...


class _Faults:
    """The faults a state's checks find, each at its path under ``path`` (where the caller holds the state): a
    :class:`_Bad` that keeps them in ``found``."""

    __slots__ = ("found", "path")

    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[FieldViolation] = []

    def __call__(self, name: str, description: str, reason: ErrorReason = ErrorReason.IMPOSSIBLE_STATE) -> None:
        self.found.append(FieldViolation(join(self.path, name), reason, description))


def _check_seat(bad: _Bad, n: int, name: str, value: object, required: bool) -> None:
    """``value`` (the field ``name``) is a seat 0..n-1, or absent when not ``required``."""
    if value is None and not required:
        return
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        bad(name, f"{name} must be a seat 0..{n - 1}, got {value!r}", ErrorReason.SEAT_OUT_OF_RANGE)


def _distinct(cards: Iterable[int], field: str, name: str, naming: Naming) -> tuple[Card, ...]:
    """:func:`check_distinct` of the card list ``name`` under ``field``, its path built only when there is a fault
    to name (states are built on every request, nearly always well formed): the check runs again to name it."""
    try:
        return check_distinct(cards)
    except InvalidInput:
        return check_distinct(cards, naming.card_list(join(field, name)))  # raises: the same cards fail again


def _checked_hand(hand: object, field: str, naming: Naming) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A known hand as given and as a seat stores it (sorted), or :class:`InvalidInput` at the hand's cards or at
    the hand (``field``: the seat's path)."""
    if isinstance(hand, str | bytes):
        raise InvalidInput.one(
            join(field, "hand"), ErrorReason.MALFORMED_CARD, "hand must be a sequence of cards, not a string"
        )
    given = _distinct(hand, field, "hand", naming)  # type: ignore[arg-type]  # a non-card list fails there
    if len(given) > HAND_SIZE:
        raise InvalidInput.one(
            join(field, "hand"), ErrorReason.WRONG_CARD_COUNT, f"a hand holds at most 10 cards, got {len(given)}"
        )
    return given, tuple(sorted(given))


def _check_count(count: object, field: str, naming: SamNaming) -> int:
    """``count`` (a seat's card count, the field under ``field``), checked."""
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= HAND_SIZE:
        raise InvalidInput.one(
            join(field, naming.count),
            ErrorReason.OUT_OF_RANGE,
            f"{naming.count} must be 0..10 when hand is absent, got {count!r}",
        )
    return count


def _check_passed(passed: object, field: str) -> bool:
    """``passed`` (a seat's pass mark, the field under ``field``), checked."""
    if passed is not True and passed is not False:
        raise InvalidInput.one(
            join(field, "passed"), ErrorReason.INVALID_VALUE, f"passed must be a bool, got {passed!r}"
        )
    return passed is True


# AS GIVEN: compiled (setup.py), a read of ``self.<field>`` in a method first checks that the value is of the
# field's declared type and raises TypeError if not, before the checks below could name the field in an
# InvalidInput. So the checks read what the caller gave through an untyped alias of ``self`` (``as_given``), and
# ``self.<field>`` only once that field has passed.


@mypyc_attr(native_class=False)  # validated input: see cardrules.core.trusted ("COMPILED")
@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat: its hand when known (else only ``count``) and whether it passed in the current trick.

    Give ``hand`` (then ``count`` is derived, or must match) or only ``count`` (a seat whose cards the caller
    does not know). Cards played so far = ``played`` = 10 − ``count`` (cards only leave a hand by being played).
    Validation errors name ``hand[i]`` / ``count``; :meth:`holding` and :meth:`counting` name them under the
    seat's path in the caller's naming. The hand is kept sorted; a card that :class:`TableState` finds in two
    places is named at its index in the hand as given.
    """

    hand: tuple[Card, ...] | None = None
    count: int = -1
    passed: bool = False
    _profile: Profile | None = field(default=None, init=False, repr=False, compare=False)
    _index: RankIndex | None = field(default=None, init=False, repr=False, compare=False)
    _given: tuple[Card, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        naming = SAM_NAMING
        as_given: Any = self  # see AS GIVEN above
        if as_given.hand is not None:
            given, hand = _checked_hand(as_given.hand, "", naming)
            if as_given.count not in (-1, len(hand)):
                raise InvalidInput.one(
                    "count",
                    ErrorReason.CONFLICTING_VALUES,
                    f"count {as_given.count!r} does not match the {len(hand)} cards of hand",
                )
            object.__setattr__(self, "hand", hand)
            object.__setattr__(self, "count", len(hand))
            object.__setattr__(self, "_given", given)
        else:
            _check_count(as_given.count, "", naming)
        _check_passed(as_given.passed, "")

    @classmethod
    def holding(
        cls, hand: Iterable[Card], passed: object = False, field: str = "", naming: SamNaming = SAM_NAMING
    ) -> SeatState:
        """The same value as ``SeatState(hand=hand, passed=passed)``, after the same checks, its errors named
        under ``field`` (the seat's path) in ``naming``, built without the frozen dataclass's per-field stores
        (callers that build a state per request, like the gRPC converter, make four of these per call)."""
        given, checked = _checked_hand(hand, field, naming)
        return _stored_seat(checked, len(checked), _check_passed(passed, field), None, None, given)

    @classmethod
    def counting(
        cls, count: object, passed: object = False, field: str = "", naming: SamNaming = SAM_NAMING
    ) -> SeatState:
        """The same value as ``SeatState(count=count, passed=passed)`` (see :meth:`holding`)."""
        return unknown_seat(_check_count(count, field, naming), _check_passed(passed, field))

    @property
    def played(self) -> int:
        """Cards this seat has played this hand."""
        return HAND_SIZE - self.count

    def by_rank(self) -> tuple[tuple[Card, ...], ...]:
        """The known hand grouped by rank: 13 tuples (3 … 2), empty where the rank is not held."""
        groups: list[tuple[Card, ...]] = [()] * 13
        for group in self.profile()[0]:
            groups[group[0] >> 2] = group
        return tuple(groups)

    def profile(self) -> Profile:
        """(the known hand's per-rank groups in rank order, 13-bit mask of the ranks held), computed once and
        cached on this frozen value."""
        profile = self._profile
        if profile is None:
            chunks, mask = self.rank_index()
            profile = (groups_of(chunks), mask)
            object.__setattr__(self, "_profile", profile)
        return profile

    def rank_index(self) -> RankIndex:
        """(the 7 bytes of the known hand's card mask, 13-bit mask of the ranks held), computed once and cached
        on this frozen value; the byte tables of :mod:`.rankindex` answer per-rank questions from it."""
        index = self._index
        if index is None:
            hand = self.hand
            if hand is None:
                raise ValueError("the hand of this seat is not known")
            index = index_of(hand)
            object.__setattr__(self, "_index", index)
        return index


@mypyc_attr(native_class=False)  # validated input: see cardrules.core.trusted ("COMPILED")
@dataclass(frozen=True, slots=True)
class TableState:
    """Everything the rules need to judge the next action of a Sâm hand (seats in play order).

    - ``seats``: each seat's hand (or count) and pass mark; the acting seat's hand must be known to act.
    - ``turn``: the seat to act.
    - ``current`` / ``current_owner``: the combination to beat and who played it; empty / None when leading.
    - ``chop_chain``: the chops (chặt) of the current trick, in order (empty if none).
    - ``declarer``: the seat that declared Sâm (báo Sâm), if any.
    - ``bao_mot_violator``: the seat whose single broke the báo-1 duty (PENALTY mode) and is on the table now.
    - ``lead_passes``: consecutive lead passes by stuck leaders (``finish_with_two = FORBIDDEN``); when it
      reaches the seat count every seat is stuck and the leader may go out on its 2 (see the package docstring).
    - ``ended`` / ``winner``: how the hand ended and who won (the blocker for SAM_BLOCKED; None for
      SAM_FAILED_STUCK); None while the hand is running.
    - ``house_rules``: the switches in force.

    Bad input raises :class:`InvalidInput` naming each field under ``path`` (where the caller holds the state:
    ``state`` in a request; empty: the state itself) in the caller's ``naming``: ``turn``, ``seats[2].count``, a
    card seen twice at its index as given (``seats[1].hand[3]``, ``current[0]``).
    """

    seats: tuple[SeatState, ...]
    turn: int
    current: tuple[Card, ...] = ()
    current_owner: int | None = None
    chop_chain: tuple[Chop, ...] = ()
    declarer: int | None = None
    bao_mot_violator: int | None = None
    lead_passes: int = 0
    ended: HandEnd | None = None
    winner: int | None = None
    house_rules: HouseRules = DEFAULT_RULES
    _combination: Combination | None = field(default=None, init=False, repr=False, compare=False)
    path: InitVar[str] = ""
    naming: InitVar[SamNaming] = SAM_NAMING

    def __post_init__(self, path: str, naming: SamNaming) -> None:
        as_given: Any = self  # see AS GIVEN above
        bad = _Faults(path)
        problems = bad.found
        if not isinstance(as_given.house_rules, HouseRules):
            raise InvalidInput.one(
                join(path, "house_rules"), ErrorReason.INVALID_VALUE, "house_rules must be a HouseRules"
            )
        seats = tuple(as_given.seats)
        object.__setattr__(self, "seats", seats)
        n = len(seats)
        if not all(isinstance(s, SeatState) for s in seats):
            raise InvalidInput.one(join(path, "seats"), ErrorReason.INVALID_VALUE, "seats must be SeatState values")
        if not 2 <= n <= as_given.house_rules.max_players:
            raise InvalidInput.one(
                join(path, "seats"),
                ErrorReason.WRONG_SEAT_COUNT,
                f"a Sâm table has 2..{as_given.house_rules.max_players} seats, got {n}",
            )

        _check_seat(bad, n, "turn", as_given.turn, True)
        _check_seat(bad, n, "current_owner", as_given.current_owner, False)
        _check_seat(bad, n, "declarer", as_given.declarer, False)
        _check_seat(bad, n, "bao_mot_violator", as_given.bao_mot_violator, False)
        _check_seat(bad, n, "winner", as_given.winner, False)
        if problems:
            raise InvalidInput(*problems)

        given_current = _distinct(as_given.current, path, "current", naming)
        current = tuple(sorted(given_current))
        object.__setattr__(self, "current", current)
        # One deck: each hand and the table are distinct already, so one set over all of them finds any repeat;
        # only then is the loop that names each repeat run.
        deck = [*current]
        for seat in seats:
            if seat.hand is not None:
                deck += seat.hand
        if len(set(deck)) != len(deck):
            self._name_repeats(given_current, path, naming, bad)
        combination: Combination | None = None
        if current:
            combination = classify_sorted(current, as_given.house_rules.straight_low_ace)
            if combination.kind is Kind.INVALID:
                bad("current", f"{format_cards(current, ' ')} is not a combination")
            if as_given.current_owner is None:
                bad("current_owner", "current_owner is required when there is a combination to beat")
        elif as_given.current_owner is not None:
            bad("current_owner", "current_owner must be absent when leading (no current combination)")
        object.__setattr__(self, "_combination", combination)
        if not isinstance(as_given.lead_passes, int) or isinstance(as_given.lead_passes, bool):
            bad("lead_passes", "lead_passes must be an integer", ErrorReason.INVALID_VALUE)
        elif not 0 <= as_given.lead_passes <= n or (as_given.lead_passes and current):
            bad("lead_passes", f"lead_passes must be 0..{n} and 0 while a combination is on the table")
        if as_given.ended is not None and not isinstance(as_given.ended, HandEnd):
            bad("ended", f"ended must be a HandEnd, got {as_given.ended!r}", ErrorReason.INVALID_VALUE)
        if problems:
            raise InvalidInput(*problems)
        self._check_chain(combination, bad)
        if self.ended is None:
            self._check_running(combination, bad, naming)
        else:
            self._check_ended(bad, naming)
        if problems:
            raise InvalidInput(*problems)

    def _name_repeats(self, current: tuple[Card, ...], path: str, naming: SamNaming, bad: _Bad) -> None:
        """Name each card seen a second time (seats in order, then the table) at its index as given."""
        seen: dict[int, str] = {}
        for i, seat in enumerate(self.seats):
            for j, card in enumerate(seat._given or seat.hand or ()):
                name = naming.card(f"seats[{i}].hand", j)
                if card in seen:
                    bad(name, f"card {card_text(card)} is also at {join(path, seen[card])}", ErrorReason.DUPLICATE_CARD)
                seen[card] = name
        for j, card in enumerate(current):
            if card in seen:
                bad(
                    naming.card("current", j),
                    f"card {card_text(card)} is on the table and also at {join(path, seen[card])}",
                    ErrorReason.DUPLICATE_CARD,
                )

    def _check_chain(self, combination: Combination | None, bad: _Bad) -> None:
        as_given: Any = self  # see AS GIVEN above: the chain's items are checked below
        chain = tuple(as_given.chop_chain)
        object.__setattr__(self, "chop_chain", chain)
        if not chain:
            return
        n = len(self.seats)
        for k, chop in enumerate(as_given.chop_chain):
            if (
                not isinstance(chop, Chop)
                or chop.position != k + 1
                or not 0 <= chop.chopper < n
                or not 0 <= chop.chopped < n
                or chop.chopper == chop.chopped
                or (k and chain[k - 1].chopper != chop.chopped)
            ):
                bad(f"chop_chain[{k}]", "a chop chain lists chops 1..k, each chopping the previous chopper")
                return
        if combination is None or combination.kind is not Kind.QUAD or chain[-1].chopper != self.current_owner:
            bad("chop_chain", "a chop chain needs the last chopper's four of a kind on the table")

    def _check_running(self, combination: Combination | None, bad: _Bad, naming: SamNaming) -> None:
        seats = self.seats
        if self.winner is not None:
            bad("winner", "winner is set only when the hand has ended")
        for i, seat in enumerate(seats):
            if seat.count == 0:
                bad(f"seats[{i}].{naming.count}", "a running hand has no empty seat (the hand ends when one empties)")
        if combination is None:
            for i, seat in enumerate(seats):
                if seat.passed:
                    bad(f"seats[{i}].passed", "no seat can have passed while the trick is being led")
        else:
            owner = self.current_owner
            if owner == self.turn:
                bad("turn", "the owner of the current combination cannot be to act (the trick would have ended)")
            if owner is not None and seats[owner].passed:
                bad(f"seats[{owner}].passed", "the owner of the current combination cannot have passed")
            if seats[self.turn].passed and not (
                self.house_rules.chop_after_pass and is_choppable(combination, self.house_rules)
            ):
                bad("turn", "a seat that passed is skipped until the trick ends")
        if self.declarer is not None:
            holder = self.current_owner if combination is not None else self.turn
            if holder != self.declarer:
                bad("declarer", "while a Sâm runs, only the declarer leads and owns the combination on the table")
        violator = self.bao_mot_violator
        if violator is not None and (
            combination is None
            or combination.kind is not Kind.SINGLE
            or violator != self.current_owner
            or seats[self.turn].count != 1
        ):
            bad("bao_mot_violator", "a báo-1 violator's single must be on the table with a one-card seat to act")

    def _check_ended(self, bad: _Bad, naming: SamNaming) -> None:
        ended = self.ended
        if ended is HandEnd.SAM_FAILED_STUCK:
            if self.winner is not None:
                bad("winner", "a Sâm failed by a stuck declarer has no winner")
            if self.declarer is None:
                bad("declarer", "a failed Sâm needs a declarer")
            return
        if self.winner is None:
            bad("winner", "an ended hand needs its winner")
            return
        if ended in (HandEnd.SAM_WON, HandEnd.SAM_BLOCKED) and self.declarer is None:
            bad("declarer", f"{ended.name} needs a declarer")
        if ended is HandEnd.SAM_WON and self.winner != self.declarer:
            bad("winner", "SAM_WON is won by the declarer")
        if ended is HandEnd.SAM_BLOCKED and self.winner == self.declarer:
            bad("winner", "the blocker of a Sâm is not the declarer")
        if ended is not HandEnd.SAM_BLOCKED and self.seats[self.winner].count != 0:
            bad(f"seats[{self.winner}].{naming.count}", "the winner has emptied the hand")
        if ended is HandEnd.BAO_MOT_PENALTY and self.bao_mot_violator is None:
            bad("bao_mot_violator", "BAO_MOT_PENALTY needs the violator")

    @property
    def combination(self) -> Combination | None:
        """The classified ``current`` combination, or None when leading."""
        return self._combination

    @property
    def is_over(self) -> bool:
        return self.ended is not None

    @property
    def leading(self) -> bool:
        """Whether the seat to act leads a new trick."""
        return not self.current


# --- Trusted construction: states derived by apply from an already validated state ---------------------------
#
# ``__post_init__`` above is the gate for every state that comes from outside. apply, deal and replay derive
# states only from states that passed it and keep the same invariants (a hand is the old sorted hand minus the
# played cards, ``current`` is the sorted, classified play, seats, turn and chain follow the rules), so they build
# them with the trusted constructors below (see cardrules.core.trusted for why that is safe and how it is
# tested). Nothing else may call them.


# The slots' own stores (see cardrules.core.trusted.slot_setter), looked up once.
_seat_hand: Final = slot_setter(SeatState, "hand")
_seat_count: Final = slot_setter(SeatState, "count")
_seat_passed: Final = slot_setter(SeatState, "passed")
_seat_profile: Final = slot_setter(SeatState, "_profile")
_seat_index: Final = slot_setter(SeatState, "_index")
_seat_given: Final = slot_setter(SeatState, "_given")
_table_seats: Final = slot_setter(TableState, "seats")
_table_turn: Final = slot_setter(TableState, "turn")
_table_current: Final = slot_setter(TableState, "current")
_table_current_owner: Final = slot_setter(TableState, "current_owner")
_table_chop_chain: Final = slot_setter(TableState, "chop_chain")
_table_declarer: Final = slot_setter(TableState, "declarer")
_table_bao_mot_violator: Final = slot_setter(TableState, "bao_mot_violator")
_table_lead_passes: Final = slot_setter(TableState, "lead_passes")
_table_ended: Final = slot_setter(TableState, "ended")
_table_winner: Final = slot_setter(TableState, "winner")
_table_house_rules: Final = slot_setter(TableState, "house_rules")
_table_combination: Final = slot_setter(TableState, "_combination")


def _stored_seat(
    hand: tuple[Card, ...] | None,
    count: int,
    passed: bool,
    profile: Profile | None,
    index: RankIndex | None,
    given: tuple[Card, ...] | None,
) -> SeatState:
    seat = blank(SeatState)
    _seat_hand(seat, hand)
    _seat_count(seat, count)
    _seat_passed(seat, passed)
    _seat_profile(seat, profile)
    _seat_index(seat, index)
    _seat_given(seat, given)
    return seat


def trusted_seat(hand: tuple[Card, ...], passed: bool) -> SeatState:
    """A known-hand seat, unvalidated: ``hand`` must be a sorted tuple of distinct cards, at most 10 (apply passes
    the acting seat's validated hand minus the played cards)."""
    return _stored_seat(hand, len(hand), passed, None, None, None)


def unknown_seat(count: int, passed: bool) -> SeatState:
    """A seat known only by its card count, unvalidated (``count`` must be 0..10)."""
    return _stored_seat(None, count, passed, None, None, None)


def with_passed(seat: SeatState, passed: bool) -> SeatState:
    """``seat`` (validated) with another pass mark, unvalidated; the hand is unchanged, so the cached per-rank
    index and grouping stay valid and are shared."""
    return _stored_seat(seat.hand, seat.count, passed, seat._profile, seat._index, None)


def trusted_table(
    *,
    seats: tuple[SeatState, ...],
    turn: int,
    current: tuple[Card, ...] = (),
    current_owner: int | None = None,
    chop_chain: tuple[Chop, ...] = (),
    declarer: int | None = None,
    bao_mot_violator: int | None = None,
    lead_passes: int = 0,
    ended: HandEnd | None = None,
    winner: int | None = None,
    house_rules: HouseRules = DEFAULT_RULES,
    _combination: Combination | None = None,
) -> TableState:
    """``TableState(seats=…, turn=…, …)``, unvalidated: every argument must already be what
    ``TableState.__post_init__`` would accept and store — ``current`` sorted, ``_combination`` its classification
    under ``house_rules`` (None when leading), tuples for ``seats`` and ``chop_chain``. The defaults are the
    dataclass's (tests/core/test_trusted.py compares them)."""
    state = blank(TableState)
    _table_seats(state, seats)
    _table_turn(state, turn)
    _table_current(state, current)
    _table_current_owner(state, current_owner)
    _table_chop_chain(state, chop_chain)
    _table_declarer(state, declarer)
    _table_bao_mot_violator(state, bao_mot_violator)
    _table_lead_passes(state, lead_passes)
    _table_ended(state, ended)
    _table_winner(state, winner)
    _table_house_rules(state, house_rules)
    _table_combination(state, _combination)
    return state
