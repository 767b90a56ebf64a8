"""The public Envoy front does not carry the multiplexed Stream (issue #14), with the repository's config and the real
Envoy.

Envoy's rate limits and JWT check act once per HTTP request: the calls a Stream carries would pass them uncounted,
and a player's token expiring mid-stream would go unnoticed. So the front answers ``/cardrules.v1.*/Stream`` at
once, for every caller and content type, and never sends it upstream: gRPC callers get UNIMPLEMENTED saying where
streams go (backends open them to the replicas directly), gRPC-Web callers the same status with HTTP 404, JSON
callers 404. An SDK in stream mode pointed at the front fails its first call at once with that status instead of
retrying, and unary calls through the same front keep working.
"""

from __future__ import annotations

import re
from typing import Any

import grpc
import pytest
import yaml

from cardrules.api.games import registered_games
from cardrules.api.registry import stream_name
from cardrules.client import LiengClient
from cardrules.client.errors import RulesError
from tests.deploy.local import post, replicas, running_envoy, total_calls
from tests.deploy.support import OVERLAYS, rendered_envoy_config
from tests.support.calls import raw_stream

STREAMS = tuple(stream_name(game.service) for game in registered_games() if "Stream" in game.service.methods_by_name)
UNARY = ("/cardrules.v1.LiengService/ScoreLieng", "/cardrules.v1.SamLocService/ValidatePlay")
WHERE_STREAMS_GO = "backends open streams to the replicas directly"
UNIMPLEMENTED = "12"


def routes(config: dict[str, Any]) -> list[dict[str, Any]]:
    (listener,) = [item for item in config["static_resources"]["listeners"] if item["name"] == "public"]
    (host,) = listener["filter_chains"][0]["filters"][0]["typed_config"]["route_config"]["virtual_hosts"]
    found: list[dict[str, Any]] = host["routes"]
    return found


def could_match(route: dict[str, Any], path: str) -> bool:
    """Whether the route's path condition admits ``path`` (whatever its header conditions)."""
    match = route["match"]
    if "prefix" in match:
        return path.startswith(match["prefix"])
    if "path" in match:
        return bool(path == match["path"])
    return bool(re.fullmatch(match["safe_regex"]["regex"], path))


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_front_answers_stream_itself_before_any_route_to_the_replicas(overlay: str) -> None:
    config = yaml.safe_load(rendered_envoy_config(overlay).read_text())
    all_routes = routes(config)
    for path in STREAMS:
        first = next(route for route in all_routes if could_match(route, path))
        # Whatever the content type: no header condition, so no later route (gRPC, gRPC-Web, JSON) can be reached.
        assert "headers" not in first["match"], first["match"]
        assert first["direct_response"]["status"] == 404
        assert WHERE_STREAMS_GO in first["direct_response"]["body"]["inline_string"]
        # Answered before a token is needed or a body read.
        for name in ("jwt_authn", "buffer", "grpc_json_transcoder"):
            assert first["typed_per_filter_config"][f"envoy.filters.http.{name}"]["disabled"] is True, name
        assert not any(could_match(first, unary) for unary in UNARY)


def test_every_caller_of_stream_is_refused_at_once_and_unary_calls_still_pass() -> None:
    with replicas(1, args=("--log-level", "warning")) as servers, running_envoy(servers) as envoy:
        (server,) = servers
        for path in STREAMS:
            with grpc.insecure_channel(envoy.target) as channel:
                answers = raw_stream(channel, path)(iter([b""]), timeout=10)
                with pytest.raises(grpc.RpcError) as refused:
                    list(answers)
            assert refused.value.code() == grpc.StatusCode.UNIMPLEMENTED
            assert WHERE_STREAMS_GO in (refused.value.details() or "")
            for content_type in ("application/grpc-web+proto", "application/grpc-web-text"):
                status, headers, _ = post(envoy, path, b"\0\0\0\0\0", {"content-type": content_type, "x-grpc-web": "1"})
                assert (status, headers["grpc-status"]) == (404, UNIMPLEMENTED), headers
                assert WHERE_STREAMS_GO in headers["grpc-message"]
            status, _headers, body = post(envoy, path, b"{}", {"content-type": "application/json"})
            assert status == 404 and WHERE_STREAMS_GO in body.decode()

        # The SDK's stream mode pointed at the front: its first call fails at once, not after retries.
        with LiengClient.connect(envoy.target, streams=2, timeout=10) as streamed, pytest.raises(RulesError) as failed:
            streamed.score_lieng(hands=["AC AD AH"])
        assert failed.value.code == grpc.StatusCode.UNIMPLEMENTED and WHERE_STREAMS_GO in str(failed.value)
        assert total_calls(server) == 0, "nothing reached the replica"

        with LiengClient.connect(envoy.target, timeout=10) as unary:
            assert len(unary.score_lieng(hands=["AC AD AH"]).scores) == 1
        assert total_calls(server) == 1
