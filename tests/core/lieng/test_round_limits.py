"""Liêng rounds stay within ``max_round_actions`` (cardrules.core.lieng.limits), which the service uses to bound
round records: a round that raises in every orbit up to the cap, and random rounds, whose length never passes
seats × (orbits with a raise + 1)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.core.lieng import Action, ActionKind, HouseRules, apply, legal_actions, start_betting
from cardrules.core.lieng.limits import MAX_ROUND_ACTIONS, UNCAPPED_RAISE_ORBITS, max_round_actions
from cardrules.core.lieng.replay import replay
from tests.support.lieng_rounds import raising_round


def test_raising_in_every_allowed_orbit_reaches_the_bound_less_one() -> None:
    for seats in range(2, 7):
        for rounds in (1, 2, 5):
            record = raising_round(seats, rounds, rounds)
            replay(record)
            assert len(record.actions) == seats * rounds + seats - 1 == max_round_actions(seats, rounds) - 1
    uncapped = raising_round(6, None, UNCAPPED_RAISE_ORBITS)
    assert replay(uncapped).final_state.raise_orbits == UNCAPPED_RAISE_ORBITS
    assert len(uncapped.actions) == MAX_ROUND_ACTIONS - 1 == 305


@st.composite
def random_round(draw: st.DrawFn) -> tuple[int, int | None, int, int]:
    """Seats, max_raise_rounds, raise orbits used and action count of a random round."""
    seats = draw(st.integers(2, 6))
    rounds = draw(st.one_of(st.none(), st.integers(1, 4)))
    state = start_betting(
        [draw(st.integers(1, 40)) * 5 for _ in range(seats)], 5, 0, HouseRules(max_raise_rounds=rounds)
    )
    count = 0
    while not state.closed:
        legal = legal_actions(state)
        assert legal.seat is not None
        # Folds end rounds early: rarely chosen, so rounds run long.
        kinds: list[ActionKind] = [k for k in legal.kinds if k not in (ActionKind.FOLD, ActionKind.TIMEOUT)]
        kinds = kinds or list(legal.kinds)
        kind = draw(st.sampled_from(kinds))
        amount = legal.min_raise_to if kind is ActionKind.RAISE else 0
        result = apply(state, Action(legal.seat, kind, amount))
        assert result.state is not None
        state = result.state
        count += 1
    return seats, rounds, state.raise_orbits, count


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_round())
def test_random_rounds_stay_within_seats_times_raise_orbits_plus_one(data: tuple[int, int | None, int, int]) -> None:
    seats, rounds, raise_orbits, count = data
    assert count <= seats * (raise_orbits + 1)
    assert count <= max_round_actions(seats, rounds)
