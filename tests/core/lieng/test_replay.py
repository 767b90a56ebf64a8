"""Round records, replay and house-rule parsing: illegal actions name their index, bad records name their field."""

from __future__ import annotations

import pytest

from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.lieng import (
    A23,
    Action,
    ActionKind,
    Excess,
    HouseRules,
    Reason,
    RoundRecord,
    SuitTieBreak,
    replay,
    settle_round,
)


def record(actions: list[tuple[object, ...]], hands: list[str | None] | None = None, **kw: object) -> RoundRecord:
    return RoundRecord.of(
        kw.pop("stacks", [500, 500, 500]),  # type: ignore[arg-type]
        kw.pop("ante", 10),  # type: ignore[arg-type]
        kw.pop("first_actor", 0),  # type: ignore[arg-type]
        actions,
        hands if hands is not None else ["5S6H7D", "3S3H3D", "4C5CKC"],
        kw.pop("house_rules", None),  # type: ignore[arg-type]
    )


def test_replay_keeps_every_state() -> None:
    played = replay(record([(0, "CHECK"), (1, "RAISE", 30), (2, "CALL"), (0, "CALL")]))
    assert len(played.states) == 5 and len(played.results) == 4
    assert played.final_state.closed and played.final_state.pot == 90


def test_illegal_action_names_its_index_and_reason() -> None:
    with pytest.raises(InvalidInput) as error:
        settle_round(record([(0, "CHECK"), (1, "RAISE", 15), (2, "CALL")]))
    (violation,) = error.value.violations
    assert violation.field == "actions[1]" and violation.reason is ErrorReason.ILLEGAL_ACTION
    assert violation.description.startswith(f"{Reason.RAISE_BELOW_MINIMUM.code}: ")
    with pytest.raises(InvalidInput) as error:
        settle_round(record([(0, "CHECK"), (2, "CHECK")]))
    (violation,) = error.value.violations
    assert (violation.field, violation.reason) == ("actions[1]", ErrorReason.ILLEGAL_ACTION)
    assert violation.description.startswith("NOT_YOUR_TURN: ")


def test_action_after_close_is_betting_closed() -> None:
    with pytest.raises(InvalidInput) as error:
        settle_round(record([(0, "CHECK"), (1, "CHECK"), (2, "CHECK"), (0, "CHECK")]))
    (violation,) = error.value.violations
    assert (violation.field, violation.reason) == ("actions[3]", ErrorReason.ILLEGAL_ACTION)
    assert violation.description.startswith("BETTING_CLOSED: ")


def test_open_betting_is_rejected() -> None:
    with pytest.raises(InvalidInput) as error:
        settle_round(record([(0, "CHECK"), (1, "RAISE", 30)]))
    assert (error.value.violations[0].field, error.value.violations[0].reason) == (
        "actions",
        ErrorReason.ROUND_NOT_OVER,
    )


def test_malformed_actions_name_their_field() -> None:
    with pytest.raises(InvalidInput) as error:
        record([(0, "CHECK"), (1, "SHOVE"), (2, "RAISE"), (-1, "CALL")])
    fields = [v.field for v in error.value.violations]
    assert fields == ["actions[1].kind", "actions[2].amount", "actions[3].seat"]
    with pytest.raises(InvalidInput) as error:
        settle_round(record([(7, "CHECK")]))
    assert error.value.violations[0].field == "actions[0].seat"


def test_hands_required_for_showdown_only() -> None:
    with pytest.raises(InvalidInput) as error:
        settle_round(record([(0, "CHECK"), (1, "CHECK"), (2, "FOLD")], ["5S6H7D", None, None]))
    assert (error.value.violations[0].field, error.value.violations[0].reason) == (
        "hands[1]",
        ErrorReason.HAND_REQUIRED,
    )
    folded_out = settle_round(record([(0, "RAISE", 20), (1, "FOLD"), (2, "FOLD")], []))
    assert folded_out.fold_out_winner == 0


@pytest.mark.parametrize(
    ("hands", "field", "code"),
    [
        (["5S6H7D", "5S3H3D", "4C5CKC"], "hands[1][0]", ErrorReason.DUPLICATE_CARD),
        (["5S6H7D", "3S3H", "4C5CKC"], "hands[1]", ErrorReason.WRONG_CARD_COUNT),
        (["5S6H7D", "3S3H3X", "4C5CKC"], "hands[1][2]", ErrorReason.MALFORMED_CARD),
        (["5S6H7D", "3S3H3D"], "hands", ErrorReason.WRONG_HAND_COUNT),
    ],
)
def test_bad_hands_in_record(hands: list[str | None], field: str, code: ErrorReason) -> None:
    with pytest.raises(InvalidInput) as error:
        record([(0, "CHECK"), (1, "CHECK"), (2, "CHECK")], hands)
    assert (error.value.violations[0].field, error.value.violations[0].reason) == (field, code)


def test_bad_stacks_and_seat_count() -> None:
    with pytest.raises(InvalidInput) as error:
        settle_round(record([], stacks=[500, -5, 500]))
    assert error.value.violations[0].field == "stacks[1]"
    with pytest.raises(InvalidInput) as error:
        settle_round(record([], stacks=[500], hands=[]))
    assert error.value.violations[0].reason is ErrorReason.WRONG_SEAT_COUNT


def test_record_accepts_actions_and_rules_objects() -> None:
    rules = HouseRules(fee_bps=100)
    rec = RoundRecord.of(
        [500, 500], 10, 0, [Action(0, ActionKind.CHECK), (1, ActionKind.CHECK)], ["2S2H2D", "3S4S6D"], rules
    )
    assert settle_round(rec).nets == (10, -10)


# --- house rules ------------------------------------------------------------------------------------------------
def test_house_rules_defaults() -> None:
    rules = HouseRules()
    assert (rules.max_players, rules.ante, rules.min_raise, rules.max_raise, rules.max_raise_rounds) == (
        6,
        None,
        None,
        None,
        None,
    )
    assert (rules.a23, rules.suit_tie_break, rules.excess, rules.fee_bps) == (
        A23.LOWEST,
        SuitTieBreak.NONE,
        Excess.SIDE_POTS,
        0,
    )
    assert rules.min_raise_for(25) == 25 and HouseRules(min_raise=7).min_raise_for(25) == 7


def test_house_rules_from_mapping() -> None:
    rules = HouseRules.from_mapping(
        {"a23": "ace_high", "suit_tie_break": "HDCS", "excess": Excess.REFUND, "fee_bps": 250, "max_raise": None}
    )
    assert (rules.a23, rules.suit_tie_break, rules.excess, rules.fee_bps) == (
        A23.ACE_HIGH,
        SuitTieBreak.HDCS,
        Excess.REFUND,
        250,
    )
    assert HouseRules.from_mapping(None) == HouseRules() == HouseRules.from_mapping({})


@pytest.mark.parametrize(
    ("mapping", "field", "code"),
    [
        ({"jokers": True}, "house_rules.jokers", ErrorReason.UNKNOWN_FIELD),
        ({"max_players": 7}, "house_rules.max_players", ErrorReason.OUT_OF_RANGE),
        ({"max_players": 1}, "house_rules.max_players", ErrorReason.OUT_OF_RANGE),
        ({"ante": 0}, "house_rules.ante", ErrorReason.OUT_OF_RANGE),
        ({"min_raise": -5}, "house_rules.min_raise", ErrorReason.OUT_OF_RANGE),
        ({"max_raise": 0}, "house_rules.max_raise", ErrorReason.OUT_OF_RANGE),
        ({"max_raise_rounds": 0}, "house_rules.max_raise_rounds", ErrorReason.OUT_OF_RANGE),
        ({"a23": "HIGHEST"}, "house_rules.a23", ErrorReason.UNKNOWN_ENUM_VALUE),
        ({"suit_tie_break": "SHDC"}, "house_rules.suit_tie_break", ErrorReason.UNKNOWN_ENUM_VALUE),
        ({"excess": 3}, "house_rules.excess", ErrorReason.UNKNOWN_ENUM_VALUE),
        ({"fee_bps": 10001}, "house_rules.fee_bps", ErrorReason.OUT_OF_RANGE),
        ({"fee_bps": True}, "house_rules.fee_bps", ErrorReason.OUT_OF_RANGE),
    ],
)
def test_house_rules_rejects(mapping: dict[str, object], field: str, code: ErrorReason) -> None:
    with pytest.raises(InvalidInput) as error:
        HouseRules.from_mapping(mapping)
    assert (error.value.violations[0].field, error.value.violations[0].reason) == (field, code)
