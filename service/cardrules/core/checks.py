"""Small checks shared by the core's validating constructors."""

from __future__ import annotations


def is_int(value: object) -> bool:
    """Whether ``value`` is an integer, not a bool (``True`` is an ``int`` in Python, never a valid count here)."""
    return isinstance(value, int) and not isinstance(value, bool)
