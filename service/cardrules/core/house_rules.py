"""The one house-rules parser both games use: a plain mapping (as the API layer or a caller gives it) → the
keyword arguments of a game's ``HouseRules``, which then checks each value's range."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any

from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput


def switches_from_mapping(
    values: Mapping[str, Any] | None,
    known: tuple[str, ...],
    enums: Mapping[str, type[enum.Enum]],
    enum_sets: Mapping[str, type[enum.Enum]],
    game: str,
    field: str = "house_rules",
) -> dict[str, Any]:
    """``{name: value}`` for the switches ``values`` sets; absent or ``None`` values mean the default.

    ``known``: every switch name; ``enums``: the switches whose value is one member (the member itself or its
    name, any case); ``enum_sets``: the switches whose value is a set of members (a list of those). An unknown
    switch is UNKNOWN_FIELD and an unknown member UNKNOWN_ENUM_VALUE, each at ``<field>.<name>`` (``field``: where
    the caller holds the switches), all named at once.
    """
    problems: list[FieldViolation] = []
    kwargs: dict[str, Any] = {}
    for name, value in (values or {}).items():
        path = f"{field}.{name}"
        if name not in known:
            problems.append(
                FieldViolation(
                    path, ErrorReason.UNKNOWN_FIELD, f"unknown {game} house rule {name!r}; known: {', '.join(known)}"
                )
            )
            continue
        if value is None:
            continue
        kind = enums.get(name)
        set_kind = enum_sets.get(name)
        if kind is not None:
            member = _member(kind, value)
            if member is None:
                problems.append(
                    FieldViolation(
                        path, ErrorReason.UNKNOWN_ENUM_VALUE, f"{name} must be one of {_names(kind)}, got {value!r}"
                    )
                )
                continue
            value = member
        elif set_kind is not None:
            members = (
                None
                if isinstance(value, str | bytes) or not isinstance(value, Iterable)
                else [_member(set_kind, v) for v in value]
            )
            if members is None or None in members:
                problems.append(
                    FieldViolation(
                        path,
                        ErrorReason.UNKNOWN_ENUM_VALUE,
                        f"{name} must list names of {_names(set_kind)}, got {value!r}",
                    )
                )
                continue
            value = frozenset(members)
        kwargs[name] = value
    if problems:
        raise InvalidInput(*problems)
    return kwargs


def _member(kind: type[enum.Enum], value: object) -> enum.Enum | None:
    """``value`` as a member of ``kind``: the member itself, or its name in any case; else None."""
    if isinstance(value, kind):
        return value
    return kind.__members__.get(value.upper()) if isinstance(value, str) else None


def _names(kind: type[enum.Enum]) -> str:
    return ", ".join(kind.__members__)
