"""Money as it leaves the service: int64 in every answer."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.core.errors import ErrorReason, InvalidInput

INT64_MAX = 2**63 - 1


def check_int64(values: Sequence[int], field: str, what: str) -> None:
    """Money leaves the service as int64: a result beyond it is the request's fault (a stake or stacks too big)."""
    if any(not -INT64_MAX <= v <= INT64_MAX for v in values):
        raise InvalidInput.one(field, ErrorReason.OUT_OF_RANGE, f"{what} would not fit in int64; use a smaller unit")
