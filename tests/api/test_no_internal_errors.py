"""No input may crash the service: mutated requests get an answer or INVALID_ARGUMENT, never INTERNAL.

Requests are taken from the shared vectors (so every RPC and most state shapes are covered) and mutated at
random through protobuf reflection (tests/support/mutations.py: numbers set to edge values, enums to unknown
numbers, list elements dropped, duplicated or added, oneofs switched or cleared, nested messages and optional fields
cleared, unknown fields added). Each mutant goes through the real servicer method in-process; the only acceptable
outcomes are a response or ``INVALID_ARGUMENT`` with at least one field violation.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2

from cardrules.api.games import registered_games
from tests.support.mutations import mutate, vector_requests
from tests.support.servicers import Aborted, CapturingContext

SERVICERS: dict[str, Any] = {game.name: game.servicer() for game in registered_games()}


REQUESTS = vector_requests()


@pytest.mark.parametrize("seed", [20261129, 7, 2024, 31337])
def test_mutated_requests_never_produce_internal_errors(seed: int) -> None:
    assert REQUESTS, "no vectors to mutate in tests/vectors"
    rng = random.Random(seed)
    context = CapturingContext()
    seen: dict[str, int] = {}

    async def run() -> None:
        for round_ in range(10000):
            vector = REQUESTS[round_ % len(REQUESTS)]
            service_name, method_name = vector.rpc.service, vector.rpc.method
            request = vector.rpc.request_type()
            request.CopyFrom(vector.request)
            for _ in range(rng.randint(1, 4)):
                mutate(request, rng)
            try:
                await getattr(SERVICERS[service_name], method_name)(request, context)
                outcome = "OK"
            except Aborted as aborted:
                outcome = aborted.code.name
                assert aborted.code is grpc.StatusCode.INVALID_ARGUMENT, (
                    f"{service_name}/{method_name} answered {aborted.code.name} to {json_format.MessageToJson(request)}"
                )
                bad_requests = [d for d in aborted.details if d.Is(error_details_pb2.BadRequest.DESCRIPTOR)]
                assert bad_requests, "INVALID_ARGUMENT must carry BadRequest field violations"
                violations = error_details_pb2.BadRequest()
                bad_requests[0].Unpack(violations)
                assert violations.field_violations and all(v.field for v in violations.field_violations)
            seen[outcome] = seen.get(outcome, 0) + 1

    asyncio.run(run())
    assert seen.get("INVALID_ARGUMENT", 0) > 100 and seen.get("OK", 0) > 100, seen
