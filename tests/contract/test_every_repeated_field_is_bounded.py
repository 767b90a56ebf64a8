"""Every repeated field of every request, at any depth, has a bound: a new field cannot slip in unbounded.

The request types come from the descriptors of every registered game (so a new RPC or game is covered too); the
bounds from ``cardrules.api.limits.BOUNDS``, each game's from its own package (``cardrules.api.<game>.bounds``);
the user-facing table (docs/limits.md) must list each bounded field. A message on a service's ``Stream`` carries
one unary request, answered by that RPC's handler, so it is bounded by that request's bounds and holds nothing
repeated of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from google.protobuf.message import Message

from cardrules.api.games import registered_games
from cardrules.api.limits import BOUNDS

SERVICES = tuple(game.service for game in registered_games())
LIMITS_DOC = Path(__file__).resolve().parents[2] / "docs" / "limits.md"


def repeated_paths(descriptor: Any, prefix: str = "", seen: tuple[str, ...] = ()) -> Iterator[str]:
    """Each repeated field under ``descriptor`` as a bound path (``round.actions[].play.cards``)."""
    assert descriptor.full_name not in seen, f"recursive message {descriptor.full_name}: bound its depth first"
    for field in descriptor.fields:
        path = f"{prefix}{field.name}"
        if field.is_repeated:
            yield path
        if field.message_type is not None:
            inner = f"{path}[]." if field.is_repeated else f"{path}."
            yield from repeated_paths(field.message_type, inner, (*seen, descriptor.full_name))


def request_types() -> dict[str, type[Message]]:
    classes = {cls.DESCRIPTOR.full_name: cls for cls in BOUNDS}
    out: dict[str, type[Message]] = {}
    for service in SERVICES:
        for method in service.methods:
            if method.client_streaming:
                continue  # a Stream: see the test of its messages below
            name = method.input_type.full_name
            assert name in classes, f"{service.name}.{method.name}: {name} has no entry in BOUNDS"
            out[f"{service.name}.{method.name}"] = classes[name]
    return out


def test_every_request_of_every_rpc_has_bounds() -> None:
    unary = [f"{s.name}.{m.name}" for s in SERVICES for m in s.methods if not m.client_streaming]
    assert SERVICES and sorted(request_types()) == sorted(unary)


def test_a_stream_message_holds_one_bounded_request_and_nothing_repeated_of_its_own() -> None:
    bounded = {cls.DESCRIPTOR.full_name for cls in BOUNDS}
    streams = [(s, m.input_type) for s in SERVICES for m in s.methods if m.client_streaming]
    assert [message.name for _, message in streams] == [f"{service.name}StreamRequest" for service, _ in streams]
    for service, message in streams:
        calls = message.oneofs_by_name["call"].fields
        assert {field.name for field in message.fields} == {"id", *(field.name for field in calls)}
        # One member per unary RPC of the service, each a request with its bounds.
        unary = {m.input_type.full_name for m in service.methods if not m.client_streaming}
        assert {field.message_type.full_name for field in calls if field.message_type is not None} == unary
        assert unary <= bounded


def test_every_repeated_field_at_any_depth_is_bounded() -> None:
    for rpc, cls in request_types().items():
        bounded = {bound.path for bound in BOUNDS[cls]}
        for path in repeated_paths(cls.DESCRIPTOR):
            assert path in bounded, f"{rpc}: repeated field {path} has no bound in its game's bounds.py"


def test_every_bound_names_a_real_repeated_field_and_comes_after_its_outer_lists() -> None:
    for cls, bounds in BOUNDS.items():
        paths = list(repeated_paths(cls.DESCRIPTOR))
        checked: list[str] = []
        for bound in bounds:
            assert bound.path in paths, f"{cls.__name__}: {bound.path} is not a repeated field"
            assert bound.limit >= 1 and bound.why and bound.noun
            assert bound.path.count("[]") <= 1, f"{bound.path}: check_bounds walks one level of elements"
            # A list inside elements is walked only after the list holding them was found within its bound.
            outer = bound.path.rsplit("[]", 1)[0] if "[]" in bound.path else None
            assert outer is None or outer in checked, f"{cls.__name__}: {bound.path} checked before {outer}"
            checked.append(bound.path)


def test_the_limits_doc_lists_every_bounded_field() -> None:
    text = LIMITS_DOC.read_text(encoding="utf-8")
    for bounds in BOUNDS.values():
        for bound in bounds:
            assert f"`{bound.path}`" in text, f"docs/limits.md does not list {bound.path}"
