"""Every conformance vector's request answered in process by the servicers (request → core → answer, without the
transport), as JSON-ready values: what tests/api/test_compiled_differential.py compares between the compiled and
the interpreted core. Run as a script it prints them, with the file of the core module that answered:

    python -m tests.support.vector_answers
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from google.protobuf import json_format, message_factory

from cardrules.api.games import registered_games
from cardrules.core.errors import InvalidInput

VECTORS = Path(__file__).resolve().parents[1] / "vectors"


def answers() -> dict[str, Any]:
    """``file: case`` → the answer as proto3 JSON, or the refusal as its violations."""
    services = {game.name: (game.servicer(), game.service) for game in registered_games()}
    out: dict[str, Any] = {}
    for path in sorted(VECTORS.rglob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8") or "{}").get("cases", []):
            if case.get("service") not in services:
                continue
            servicer, descriptor = services[case["service"]]
            method = descriptor.methods_by_name[case["method"]]
            request = json_format.ParseDict(case["request"], message_factory.GetMessageClass(method.input_type)())
            key = f"{path.relative_to(VECTORS)}: {case['name']}"
            try:
                answer = getattr(type(servicer), case["method"]).__wrapped__(servicer, request)
            except InvalidInput as error:
                out[key] = {"refused": [[v.field, str(v.reason), v.description] for v in error.violations]}
                continue
            out[key] = json_format.MessageToDict(answer, preserving_proto_field_name=True)
    return out


def main() -> None:
    from cardrules.core.sam import state

    json.dump({"core": state.__file__, "answers": answers()}, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main()
