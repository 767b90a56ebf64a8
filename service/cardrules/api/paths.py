"""Field paths: the core names fields after its own values; the contract wraps card lists in ``Cards``.

The core reports ``seats[2].hand[3]`` or ``actions[4].cards[0]``; the request's field is
``state.seats[2].hand.cards[3]`` or ``round.actions[4].play.cards[0]``. One table of rewrites per request kind
keeps every other path as the core wrote it, so the contract's field names mirror the core's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput

Rewrite = tuple[re.Pattern[str], str]


def rewrites(*pairs: tuple[str, str]) -> tuple[Rewrite, ...]:
    return tuple((re.compile(pattern), replacement) for pattern, replacement in pairs)


def translate(error: InvalidInput, prefix: str, table: Sequence[Rewrite]) -> InvalidInput:
    """The same error with each path put under ``prefix`` (if any), then rewritten by ``table``."""
    out: list[FieldViolation] = []
    for violation in error.violations:
        path = violation.field
        if prefix:
            path = f"{prefix}.{path}" if path else prefix
        for pattern, replacement in table:
            path = pattern.sub(replacement, path)
        out.append(FieldViolation(path, violation.reason, violation.description))
    return InvalidInput(*out)


INT64_MAX = 2**63 - 1


def check_int64(values: Sequence[int], field: str, what: str) -> None:
    """Money leaves the service as int64: a result beyond it is the request's fault (a stake or stacks too big)."""
    if any(not -INT64_MAX <= v <= INT64_MAX for v in values):
        raise InvalidInput.one(field, ErrorReason.OUT_OF_RANGE, f"{what} would not fit in int64; use a smaller unit")
