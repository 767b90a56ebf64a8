"""The conformance vectors (tests/vectors/**.json): every case with a readable name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from cardrules.api.games import registered_games

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
SERVICES = {game.name: game.service for game in registered_games()}


def vector_cases() -> list[tuple[str, dict[str, Any]]]:
    """(``"<file>: <case name>"``, case) for every case of every vector file, in file order."""
    cases = []
    for path in sorted(VECTORS.rglob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            cases.append((f"{path.relative_to(VECTORS)}: {case['name']}", case))
    return cases


def request_class(service: str, method: str) -> type[Message]:
    return GetMessageClass(SERVICES[service].methods_by_name[method].input_type)


def response_class(service: str, method: str) -> type[Message]:
    return GetMessageClass(SERVICES[service].methods_by_name[method].output_type)
