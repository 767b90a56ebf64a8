"""Who sees what in a Deal answer (cardrules.core.deal_views, docs/fair-deal.md "Handing out the deal")."""

from __future__ import annotations

import pytest

from cardrules.core.deal_views import seen_hands, sees_undealt
from cardrules.core.viewers import AUDIT, SPECTATOR


@pytest.mark.parametrize("seats", range(2, 7))
def test_a_seat_sees_its_own_hand_a_spectator_none_the_audit_view_all(seats: int) -> None:
    assert [list(seen_hands(seats, seat)) for seat in range(seats)] == [[seat] for seat in range(seats)]
    assert list(seen_hands(seats, SPECTATOR)) == []
    assert list(seen_hands(seats, AUDIT)) == list(range(seats))


def test_only_the_audit_view_sees_the_undealt_cards() -> None:
    assert [sees_undealt(viewer) for viewer in (0, 4, SPECTATOR, AUDIT)] == [False, False, False, True]
