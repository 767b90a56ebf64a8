"""A Liêng round record: everything needed to replay and settle one round.

``RoundRecord`` is validated in ``__post_init__`` (field paths ``stacks[i]``, ``actions[i]``, ``hands[i][j]``, under
the record's ``path`` in its ``naming``, which its replay names its faults by too);
:meth:`RoundRecord.of` builds one from loose values (card strings, action tuples, a house-rule mapping).
Whether the actions are *legal* is the replay's job (:mod:`.replay`), not the record's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardrules.core.cards import Card, card_text, check_distinct, parse_cards
from cardrules.core.errors import OWN_NAMING, ErrorReason, FieldViolation, InvalidInput, Naming, join
from cardrules.core.lieng.betting import Action
from cardrules.core.lieng.house_rules import DEFAULT_RULES, HouseRules

__all__ = ["HandInput", "RoundRecord"]

HandInput = str | Iterable[int] | Iterable[str] | None
"""A hand as callers give it: ``"QCKDAS"``, ``["QC", "KD", "AS"]``, card ints, or ``None``/empty (not shown)."""


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round: the seats' ``stacks`` before the ante (play order), the ``ante`` (``None``: ``house_rules.ante``),
    the ``first_actor``, every action in order, the dealt ``hands`` and the ``house_rules``.

    ``hands`` is empty (no cards given) or one entry per seat: three cards, or ``None`` for a seat whose cards
    are not needed (it folded, or it won by fold-out). Cards must be distinct across all hands (one deal).
    """

    stacks: tuple[int, ...]
    ante: int | None
    first_actor: int
    actions: tuple[Action, ...]
    hands: tuple[tuple[Card, ...] | None, ...] = ()
    house_rules: HouseRules = DEFAULT_RULES
    path: str = field(default="", compare=False, repr=False)
    naming: Naming = field(default=OWN_NAMING, compare=False, repr=False)

    def __post_init__(self) -> None:
        path, naming = self.path, self.naming
        problems: list[FieldViolation] = []
        if not isinstance(self.house_rules, HouseRules):
            problems.append(
                FieldViolation(join(path, "house_rules"), ErrorReason.INVALID_VALUE, "house_rules must be a HouseRules")
            )
        if not isinstance(self.stacks, tuple):
            problems.append(
                FieldViolation(join(path, "stacks"), ErrorReason.INVALID_VALUE, "stacks must be a tuple of integers")
            )
        if not isinstance(self.actions, tuple):
            problems.append(
                FieldViolation(join(path, "actions"), ErrorReason.INVALID_VALUE, "actions must be a tuple of Action")
            )
        else:
            for i, action in enumerate(self.actions):
                if not isinstance(action, Action):
                    problems.append(
                        FieldViolation(
                            join(path, f"actions[{i}]"), ErrorReason.INVALID_VALUE, f"not an Action: {action!r}"
                        )
                    )
        if not isinstance(self.hands, tuple):
            problems.append(FieldViolation(join(path, "hands"), ErrorReason.INVALID_VALUE, "hands must be a tuple"))
        elif self.hands and isinstance(self.stacks, tuple) and len(self.hands) != len(self.stacks):
            problems.append(
                FieldViolation(
                    join(path, "hands"),
                    ErrorReason.WRONG_HAND_COUNT,
                    f"give no hands or one per seat ({len(self.stacks)}), got {len(self.hands)}",
                )
            )
        else:
            seen: dict[int, str] = {}
            for i, hand in enumerate(self.hands):
                if hand is None:
                    continue
                at = join(path, f"hands[{i}]")
                try:
                    cards = check_distinct(hand, naming.card_list(at))
                except InvalidInput as error:
                    problems.extend(error.violations)
                    continue
                if len(cards) != 3:
                    problems.append(
                        FieldViolation(at, ErrorReason.WRONG_CARD_COUNT, f"a Liêng hand is 3 cards, got {len(cards)}")
                    )
                for j, card in enumerate(cards):
                    if card in seen:
                        problems.append(
                            FieldViolation(
                                naming.card(at, j),
                                ErrorReason.DUPLICATE_CARD,
                                f"card {card_text(card)} was also dealt at {seen[card]}",
                            )
                        )
                    seen[card] = naming.card(at, j)
        if problems:
            raise InvalidInput(*problems)

    @classmethod
    def of(
        cls,
        stacks: Sequence[int],
        ante: int | None,
        first_actor: int,
        actions: Iterable[Action | Sequence[Any]],
        hands: Sequence[HandInput] = (),
        house_rules: HouseRules | Mapping[str, Any] | None = None,
    ) -> RoundRecord:
        """Build from loose values: actions as ``Action`` or ``(seat, kind[, amount])`` with kind an
        :class:`ActionKind` or its name; hands as strings, card lists or ``None``/``""``; house rules as a
        :class:`HouseRules` or a mapping for :meth:`HouseRules.from_mapping`."""
        rules = house_rules if isinstance(house_rules, HouseRules) else HouseRules.from_mapping(house_rules)
        problems: list[FieldViolation] = []
        parsed_actions: list[Action] = []
        for i, item in enumerate(actions):
            try:
                if isinstance(item, Action):
                    parsed_actions.append(item)
                else:
                    seat, kind, *rest = item
                    if len(rest) > 1:
                        raise TypeError("an action is (seat, kind[, amount])")
                    amount = rest[0] if rest else 0
                    parsed_actions.append(Action.of(seat, kind, amount, f"actions[{i}]"))
            except InvalidInput as error:
                problems.extend(error.violations)
            except (TypeError, ValueError):
                problems.append(
                    FieldViolation(f"actions[{i}]", ErrorReason.INVALID_VALUE, "an action is (seat, kind[, amount])")
                )
        parsed_hands: list[tuple[Card, ...] | None] = []
        for i, hand in enumerate(hands):
            if hand is None or (isinstance(hand, str) and not hand.strip()):
                parsed_hands.append(None)
                continue
            try:
                if isinstance(hand, str):
                    parsed_hands.append(parse_cards(hand, f"hands[{i}]"))
                else:
                    items = list(hand)
                    if not items:
                        parsed_hands.append(None)
                    elif all(isinstance(x, str) for x in items):
                        parsed_hands.append(parse_cards([str(x) for x in items], f"hands[{i}]"))
                    else:
                        parsed_hands.append(check_distinct(items, f"hands[{i}]"))
            except InvalidInput as error:
                problems.extend(error.violations)
        if problems:
            raise InvalidInput(*problems)
        return cls(tuple(stacks), ante, first_actor, tuple(parsed_actions), tuple(parsed_hands), rules)
