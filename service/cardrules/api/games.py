"""The games this server hosts: each is one :class:`Game`, registered once by its own package.

A game's package ``cardrules.api.<name>`` holds a module ``game`` that calls :func:`register_game` when imported;
:func:`registered_games` imports every such module it finds, so a new game is found without being listed anywhere.
Everything that depends on the games is derived from these registrations: the services the server hosts, their
``Stream`` routes and the calls the JSON gateway carries (:mod:`cardrules.api.registry`), the request bounds
(:data:`cardrules.api.limits.BOUNDS`), health and reflection, and the tests that cover every game.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import grpc
from google.protobuf.descriptor import ServiceDescriptor
from google.protobuf.message import Message

from cardrules.api.limits import Bound

__all__ = ["Game", "register_game", "registered_games", "request_bounds"]


@dataclass(frozen=True)
class Game:
    """One game's gRPC service and what the server needs to host it.

    - ``service``: the service's descriptor (``sam_loc_pb2.DESCRIPTOR.services_by_name["SamLocService"]``);
    - ``servicer``: builds the servicer (the class itself, typically), once per server;
    - ``add_servicer``: the generated ``add_<Service>Servicer_to_server``;
    - ``bounds``: every unary request type of the service → the bounds of its repeated fields (``()`` for none);
    - ``vectors``: the folder of the game's conformance vectors under ``tests/vectors``.
    """

    service: ServiceDescriptor
    servicer: Callable[[], Any]
    add_servicer: Callable[[Any, grpc.aio.Server], None]
    bounds: Mapping[type[Message], tuple[Bound, ...]]
    vectors: str

    @property
    def name(self) -> str:
        """The service's full name (``cardrules.v1.SamLocService``): what health checks and reflection report."""
        return str(self.service.full_name)


_GAMES: dict[str, Game] = {}
_BOUNDS: dict[type[Message], tuple[Bound, ...]] = {}


def register_game(game: Game) -> Game:
    """Add ``game`` to the games this server hosts; returns it.

    Refuses (``ValueError``) a second game of the same service, and a game whose bounds do not name every unary
    request of its service exactly (a request without bounds would reach the core unchecked)."""
    if game.name in _GAMES:
        raise ValueError(f"{game.name} is registered already")
    requests = {m.input_type.full_name for m in game.service.methods if not m.client_streaming}
    bounded = {kind.DESCRIPTOR.full_name for kind in game.bounds}
    if bounded != requests:
        missing, extra = sorted(requests - bounded), sorted(bounded - requests)
        raise ValueError(f"{game.name}: bounds must name each unary request; missing {missing}, not requests {extra}")
    _GAMES[game.name] = game
    _BOUNDS.update(game.bounds)
    return game


def registered_games() -> tuple[Game, ...]:
    """Every registered game, by service name (the games' own packages are imported first)."""
    _import_games()
    return tuple(game for _, game in sorted(_GAMES.items()))


def request_bounds() -> Mapping[type[Message], tuple[Bound, ...]]:
    """The bounds of every request of every registered game (the games' own packages are imported first)."""
    _import_games()
    return MappingProxyType(_BOUNDS)


@functools.cache
def _import_games() -> None:
    """Import ``cardrules.api.<name>.game`` for every package of this layer that has one: each registers itself."""
    package = importlib.import_module("cardrules.api")
    for module in pkgutil.iter_modules(package.__path__):
        name = f"cardrules.api.{module.name}.game"
        if module.ispkg and importlib.util.find_spec(name) is not None:
            importlib.import_module(name)
