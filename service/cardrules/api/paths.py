"""Field paths: the core names fields after its own values; the contract wraps card lists in ``Cards``.

The core reports ``seats[2].hand[3]`` or ``actions[4].cards[0]``; the request's field is
``state.seats[2].hand.cards[3]`` or ``round.actions[4].play.cards[0]``. One table of rewrites per request kind
keeps every other path as the core wrote it, so the contract's field names mirror the core's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from cardrules.core.errors import ErrorReason, InvalidInput

Rewrite = tuple[re.Pattern[str], str]


def rewrites(*pairs: tuple[str, str]) -> tuple[Rewrite, ...]:
    return tuple((re.compile(pattern), replacement) for pattern, replacement in pairs)


def translate(error: InvalidInput, prefix: str, table: Sequence[Rewrite]) -> InvalidInput:
    """The same error with each path put under ``prefix`` (if any), then rewritten by ``table``. An error holds
    the violations it lists and counts the rest (cardrules.core.errors.Faults), so this is a few dozen at most."""
    to = request_path(prefix, table)
    return InvalidInput(*(v.at(to(v.field)) for v in error.violations), unlisted=error.unlisted)


def request_path(prefix: str, table: Sequence[Rewrite]) -> Callable[[str], str]:
    """A core path → the request's: put under ``prefix`` (if any), then rewritten by ``table``; for
    :meth:`Faults.extend <cardrules.core.errors.Faults.extend>`, which calls it only for the violations it keeps."""

    def to(path: str) -> str:
        if prefix:
            path = f"{prefix}.{path}" if path else prefix
        for pattern, replacement in table:
            path = pattern.sub(replacement, path)
        return path

    return to


INT64_MAX = 2**63 - 1


def check_int64(values: Sequence[int], field: str, what: str) -> None:
    """Money leaves the service as int64: a result beyond it is the request's fault (a stake or stacks too big)."""
    if any(not -INT64_MAX <= v <= INT64_MAX for v in values):
        raise InvalidInput.one(field, ErrorReason.OUT_OF_RANGE, f"{what} would not fit in int64; use a smaller unit")
