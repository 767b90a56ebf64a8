"""The deal: dealt hands, instant wins (tới trắng = instant win), Sâm declarations (báo Sâm), the first state."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any, NamedTuple, cast

from cardrules.core.cards import Card, are_distinct_cards, card_text, check_distinct
from cardrules.core.errors import OWN_NAMING, ErrorReason, FieldViolation, InvalidInput, Naming, join
from cardrules.core.sam.combination import TWO, Kind, classify_sorted
from cardrules.core.sam.house_rules import DEFAULT_RULES, HouseRules, InstantWinKind
from cardrules.core.sam.state import HAND_SIZE, TableState, trusted_seat, trusted_table


class InstantWin(NamedTuple):
    """A hand decided at the deal: ``winner`` holds the best instant win ``kind``.

    ``qualifiers`` lists every seat that had an enabled instant win, with its best kind, in seat order.
    """

    winner: int
    kind: InstantWinKind
    qualifiers: tuple[tuple[int, InstantWinKind], ...]
    seat_count: int
    house_rules: HouseRules = DEFAULT_RULES


_HAND_SIZES = frozenset((HAND_SIZE,))


def check_hands(
    hands: Iterable[Iterable[int]],
    rules: HouseRules = DEFAULT_RULES,
    field: str = "hands",
    naming: Naming = OWN_NAMING,
) -> tuple[tuple[Card, ...], ...]:
    """Validate dealt hands: 2..max_players seats, 10 distinct cards each, no card in two hands.

    Each hand comes back sorted by strength. :class:`InvalidInput` names ``hands``, ``hands[i]`` or a card of a
    hand (``hands[i][j]``, ``j`` its index as given), with ``field`` for ``hands`` in the caller's ``naming``.
    """
    if isinstance(hands, str | bytes):
        raise InvalidInput.one(field, ErrorReason.INVALID_VALUE, "hands must be a list of hands")
    raw = [tuple(h) for h in hands]
    if not 2 <= len(raw) <= rules.max_players:
        raise InvalidInput.one(
            field, ErrorReason.WRONG_SEAT_COUNT, f"a Sâm table has 2..{rules.max_players} seats, got {len(raw)}"
        )
    # The common case: every hand has 10 cards, all cards, none in two places. Anything else takes the loop below,
    # which names each problem.
    deck = tuple(chain.from_iterable(raw))
    if _HAND_SIZES.issuperset(map(len, raw)) and are_distinct_cards(deck):
        return tuple([tuple(sorted(cast("tuple[Card, ...]", h))) for h in raw])
    problems: list[FieldViolation] = []
    out: list[tuple[Card, ...]] = []
    seen: dict[int, str] = {}
    for i, cards in enumerate(raw):
        try:
            hand = check_distinct(cards, naming.card_list(f"{field}[{i}]"))
        except InvalidInput as error:
            problems.extend(error.violations)
            continue
        if len(hand) != HAND_SIZE:
            problems.append(
                FieldViolation(
                    f"{field}[{i}]", ErrorReason.WRONG_CARD_COUNT, f"a dealt hand has 10 cards, got {len(hand)}"
                )
            )
        for j, card in enumerate(hand):
            path = naming.card(f"{field}[{i}]", j)
            if card in seen:
                problems.append(
                    FieldViolation(
                        path, ErrorReason.DUPLICATE_CARD, f"card {card_text(card)} is also dealt at {seen[card]}"
                    )
                )
            seen[card] = path
        out.append(tuple(sorted(hand)))
    if problems:
        raise InvalidInput(*problems)
    return tuple(out)


def instant_win_kind(hand: Sequence[int], rules: HouseRules = DEFAULT_RULES) -> InstantWinKind | None:
    """The best enabled instant win of a dealt 10-card hand, or None."""
    return _instant_win_kind(tuple(sorted(check_distinct(hand, "hand"))), rules)


def _instant_win_kind(cards: tuple[Card, ...], rules: HouseRules) -> InstantWinKind | None:
    """The instant-win rule (rules §5) of distinct cards sorted by strength, strongest kind first."""
    enabled = rules.instant_wins
    if len(cards) != HAND_SIZE or not enabled:
        return None
    counts = [0] * 13
    for card in cards:
        counts[card >> 2] += 1
    if InstantWinKind.DRAGON in enabled and classify_sorted(cards, rules.straight_low_ace).kind is Kind.STRAIGHT:
        return InstantWinKind.DRAGON
    if InstantWinKind.FOUR_TWOS in enabled and counts[TWO] == 4:
        return InstantWinKind.FOUR_TWOS
    if InstantWinKind.SAME_COLOR in enabled and sum(1 for c in cards if c & 3 >= 2) in (0, HAND_SIZE):
        return InstantWinKind.SAME_COLOR
    if InstantWinKind.THREE_TRIPLES in enabled and sum(1 for n in counts if n >= 3) >= 3:
        return InstantWinKind.THREE_TRIPLES
    if InstantWinKind.FIVE_PAIRS in enabled and all(n in (0, 2, 4) for n in counts):
        return InstantWinKind.FIVE_PAIRS
    return None


def find_instant_win(
    hands: Sequence[Sequence[int]], leader: int, rules: HouseRules = DEFAULT_RULES
) -> InstantWin | None:
    """The instant win of the deal, if any: the strongest kind; a tie goes to the first such seat in play order
    starting from ``leader`` (the seat that would lead)."""
    return _find_instant_win(tuple(tuple(sorted(check_distinct(h, "hand"))) for h in hands), leader, rules)


def _find_instant_win(hands: Sequence[tuple[Card, ...]], leader: int, rules: HouseRules) -> InstantWin | None:
    """:func:`find_instant_win` of hands already checked and sorted by :func:`check_hands`."""
    if not rules.instant_wins:
        return None
    n = len(hands)
    qualifiers = tuple((seat, kind) for seat in range(n) if (kind := _instant_win_kind(hands[seat], rules)) is not None)
    if not qualifiers:
        return None
    winner, kind = min(qualifiers, key=lambda q: (q[1].priority, (q[0] - leader) % n))
    return InstantWin(winner, kind, qualifiers, n, rules)


def start_hand(
    hands: Iterable[Iterable[int]],
    leader: Any,
    declarations: Iterable[Any] = (),
    rules: HouseRules = DEFAULT_RULES,
    field: str = "",
    naming: Naming = OWN_NAMING,
) -> TableState | InstantWin:
    """Start a hand from the dealt hands (seats in play order).

    Instant wins are checked first (rules §4.1; ties broken from ``leader``). Otherwise the first Sâm
    declaration counts and the declarer leads; without one ``leader`` (chosen by the caller: the previous
    winner, or a random seat) leads. :class:`InvalidInput` names ``hands…``, ``leader`` or ``declarations[k]``
    (under ``field``, where the caller holds these arguments, in its ``naming``). ``leader`` and the declarations
    are typed ``Any`` because they are checked here (compiled, an ``int`` parameter would refuse a string with a
    TypeError and take ``True`` as 1 first).
    """
    dealt = check_hands(hands, rules, join(field, "hands"), naming)
    n = len(dealt)
    if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < n:
        raise InvalidInput.one(
            join(field, "leader"), ErrorReason.SEAT_OUT_OF_RANGE, f"leader must be a seat 0..{n - 1}, got {leader!r}"
        )
    declared = tuple(declarations)
    for k, seat in enumerate(declared):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise InvalidInput.one(
                join(field, f"declarations[{k}]"),
                ErrorReason.SEAT_OUT_OF_RANGE,
                f"a declaration names a seat 0..{n - 1}, got {seat!r}",
            )
    return start_checked(dealt, leader, declared, rules)


def start_checked(
    dealt: tuple[tuple[Card, ...], ...], leader: int, declared: tuple[int, ...], rules: HouseRules
) -> TableState | InstantWin:
    """:func:`start_hand` of inputs already validated: hands by :func:`check_hands` (sorted, interned,
    distinct across seats, 10 each), ``leader`` and ``declared`` seats of the table (as :class:`RoundRecord`
    and :func:`start_hand` check them).

    The first state is built with the trusted constructors: 2..max_players seats of 10 distinct cards each,
    nothing on the table, nobody passed, the turn and the declarer (who leads) valid seats — exactly what
    ``TableState.__post_init__`` would check again.
    """
    instant = _find_instant_win(dealt, leader, rules)
    if instant is not None:
        return instant
    declarer = declared[0] if declared else None
    first = declarer if declarer is not None else leader
    seats = tuple([trusted_seat(h, False) for h in dealt])
    return trusted_table(seats=seats, turn=first, declarer=declarer, house_rules=rules)
