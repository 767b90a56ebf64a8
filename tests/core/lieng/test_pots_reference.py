"""The shipped, tuned ``settle_pots`` against the plain statement of the same rules
(``tests/support/pots_reference.py``): every field of the settlement must be equal, on random input where equal
commitments, tied hands, folds, fold-outs, REFUND and fees are common."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.core.lieng import Excess, Pot, Settlement, Transfer, settle_pots
from tests.support.pots_reference import settle_pots_reference

Inputs = tuple[list[int], list[bool], list[int | None], int, Excess, int]


@st.composite
def pot_inputs(draw: st.DrawFn) -> Inputs:
    n = draw(st.integers(2, 9))
    # Few distinct amounts and keys, so equal levels and tied hands are common.
    committed = [draw(st.sampled_from([0, 1, 7, 10, 50, 51, 150, 400])) for _ in range(n)]
    folded = [draw(st.booleans()) for _ in range(n)]
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    top = max(c for c, f in zip(committed, folded, strict=True) if not f)
    committed = [min(c, top) if f else c for c, f in zip(committed, folded, strict=True)]
    live = [i for i in range(n) if not folded[i]]
    keys: list[int | None] = [
        None if f or (len(live) == 1 and draw(st.booleans())) else draw(st.integers(0, 4)) for f in folded
    ]
    return (
        committed,
        folded,
        keys,
        draw(st.integers(0, n - 1)),
        draw(st.sampled_from(Excess)),
        draw(st.sampled_from([0, 0, 1, 250, 3333, 10000])),
    )


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pot_inputs())
def test_settle_pots_matches_the_reference(data: Inputs) -> None:
    committed, folded, keys, first, excess, fee_bps = data
    expected = settle_pots_reference(committed, folded, keys, first, excess, fee_bps)
    got = settle_pots(committed, folded, keys, first, excess, fee_bps)
    assert got == expected
    # Same types and kinds too (NamedTuple equality is tuple equality, and a PotKind is not its string).
    assert type(got) is Settlement and all(type(p) is Pot for p in got.pots)
    assert all(type(t) is Transfer for t in got.transfers)
    assert [p.kind for p in got.pots] == [p.kind for p in expected.pots]
    assert [t.reason for t in got.transfers] == [t.reason for t in expected.transfers]
    # Tuples as inputs give the same result as lists.
    assert settle_pots(tuple(committed), tuple(folded), tuple(keys), first, excess, fee_bps) == expected
