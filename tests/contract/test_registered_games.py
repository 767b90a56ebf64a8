"""Each rules service of the contract is one registered game (cardrules.api.games), and each game's registration
holds what the rest is derived from: its conformance vectors folder, cases naming its service only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2

from cardrules.api.games import Game, register_game, registered_games
from cardrules.server.reflection import CONTRACT

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
GAMES = registered_games()


def contract_services() -> set[str]:
    files = descriptor_pb2.FileDescriptorSet.FromString(CONTRACT.read_bytes()).file
    return {
        f"{file.package}.{service.name}" for file in files if file.package == "cardrules.v1" for service in file.service
    }


def test_every_rules_service_of_the_contract_is_a_registered_game() -> None:
    assert GAMES
    assert {game.name for game in GAMES} == contract_services()


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_a_games_vectors_folder_holds_cases_of_its_service_only(game: Game) -> None:
    files = sorted((VECTORS / game.vectors).rglob("*.json"))
    assert files, f"{game.name}: no vectors in tests/vectors/{game.vectors}"
    for path in files:
        services = {case["service"] for case in json.loads(path.read_text(encoding="utf-8"))["cases"]}
        assert services == {game.name}, path


def test_every_vector_names_a_registered_games_service() -> None:
    names = {game.name for game in GAMES}
    for path in VECTORS.rglob("*.json"):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            assert case["service"] in names, f"{path}: {case['name']}"


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_a_game_registers_once(game: Game) -> None:
    with pytest.raises(ValueError, match="registered already"):
        register_game(game)
