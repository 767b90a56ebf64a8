"""The pure rules core: every rule lives here once, as immutable values and pure functions.

Nothing in this package imports gRPC or protobuf or performs I/O.

One style for its values, in both games:
- what a caller hands in and the core validates (cards, actions, states, round records, house rules) is a frozen,
  slotted dataclass whose ``__post_init__`` checks it; states the engines derive are built unchecked through
  :mod:`cardrules.core.trusted`;
- what the core answers (``Applied``, ``Illegal``, ``Combination``, events, ``LegalMoves``, scores, rankings, pots,
  transfers, settlements, replays) is a ``NamedTuple``: nothing to check, and the cheapest immutable value CPython
  builds — a settlement returns about twenty of them, and frozen dataclasses made ``settle_pots`` markedly slower
  (tests/benchmarks/README.md);
- the codes a result reports (reasons, event kinds, transfer reasons) are ``StrEnum``s whose values are their names.
"""
