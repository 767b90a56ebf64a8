"""The shipped Envoy configs (rendered per overlay from one template) are accepted by the Envoy release the
manifests deploy, are up to date with the template and values, and keep the invariants each overlay promises."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any, cast

import pytest
import yaml
from google.protobuf import descriptor_pb2

from cardrules.api.games import registered_games
from cardrules.api.registry import hosted_calls
from tests.deploy.local import ENVOY, write_upstream_token
from tests.deploy.players import PlayerTokens
from tests.deploy.support import (
    DESCRIPTOR,
    OVERLAYS,
    envoy_render,
    http_filters,
    one,
    render,
    rendered_envoy_config,
)


def envoy_version() -> str:
    result = subprocess.run([str(ENVOY), "--version"], capture_output=True, text=True, timeout=60)
    match = re.search(r"/(\d+\.\d+\.\d+)/", result.stdout)
    assert match, result.stdout + result.stderr
    return match.group(1)


def shipped(overlay: str) -> dict[str, Any]:
    config: dict[str, Any] = yaml.safe_load(rendered_envoy_config(overlay).read_text())
    return config


def the_filter(config: dict[str, Any], suffix: str) -> dict[str, Any]:
    (found,) = [item["typed_config"] for item in http_filters(config) if item["name"].endswith(suffix)]
    return cast(dict[str, Any], found)


def cors_origins(config: dict[str, Any]) -> list[dict[str, Any]]:
    public = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]["typed_config"]
    (host,) = public["route_config"]["virtual_hosts"]
    origins: list[dict[str, Any]] = host["typed_per_filter_config"]["envoy.filters.http.cors"][
        "allow_origin_string_match"
    ]
    return origins


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_shipped_config_validates(overlay: str, tmp_path: Path) -> None:
    """Envoy --mode validate on the committed file; only the mounted files' locations differ from the pod."""
    text = rendered_envoy_config(overlay).read_text()
    config = shipped(overlay)
    jwks = the_filter(config, "jwt_authn")["providers"]["game_backend"]["local_jwks"]["filename"]
    mounted = {
        "/etc/envoy/cardrules.pb": str(DESCRIPTOR),
        jwks: str(PlayerTokens().write_jwks(tmp_path / "jwks.json")),
    }
    injector = [f for f in http_filters(config) if f["name"].endswith("credential_injector")]
    if injector:
        source = injector[0]["typed_config"]["credential"]["typed_config"]["credential"]["sds_config"]
        sds = write_upstream_token(tmp_path / "token", "a-token")
        mounted[source["path_config_source"]["path"]] = str(sds)
        mounted[source["path_config_source"]["watched_directory"]["path"]] = str(sds.parent)
    for pod_path, local_path in sorted(mounted.items(), key=lambda item: -len(item[0])):
        assert pod_path in text, pod_path
        text = text.replace(pod_path, local_path)
    path = tmp_path / "envoy.yaml"
    path.write_text(text)
    result = subprocess.run(
        [str(ENVOY), "--mode", "validate", "--config-path", str(path), "--disable-hot-restart"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Deprecated field" not in result.stdout + result.stderr, "the config uses deprecated Envoy fields"


def test_rendered_configs_are_up_to_date() -> None:
    render = envoy_render()
    for overlay in OVERLAYS:
        assert rendered_envoy_config(overlay).read_text() == render.render_text(overlay), (
            f"deploy/k8s/overlays/{overlay}/envoy.yaml is stale: run python deploy/envoy/render.py"
        )
    result = subprocess.run([str(ENVOY.parent / "python"), str(render.__file__), "--check"], capture_output=True)
    assert result.returncode == 0, result.stderr


def test_render_refuses_unknown_and_missing_values() -> None:
    render = envoy_render()
    with pytest.raises(render.TemplateError, match="not used by the template"):
        render.render_config(render.load_values("dev", {"cors_origin": []}))  # misspelt
    values = render.load_values("dev")
    del values["cors_origins"]
    with pytest.raises(render.TemplateError, match="no value for"):
        render.render_config(values)
    with pytest.raises(render.TemplateError, match="jwt_requirement"):
        render.load_values("dev", {"jwt_requirement": "maybe"})


def test_prod_requires_player_tokens_names_its_origins_and_calls_the_servers_as_itself() -> None:
    config = shipped("prod")
    requirement = the_filter(config, "jwt_authn")["requirement_map"]["players"]
    assert requirement == {"provider_name": "game_backend"}, requirement
    origins = cors_origins(config)
    assert origins and all(set(origin) == {"exact"} for origin in origins), origins
    assert all(origin["exact"].startswith("https://") and "*" not in origin["exact"] for origin in origins)
    assert the_filter(config, "credential_injector")["overwrite"] is True


def test_dev_makes_player_tokens_optional_and_allows_only_local_origins() -> None:
    config = shipped("dev")
    requirement = the_filter(config, "jwt_authn")["requirement_map"]["players"]
    assert {"allow_missing": {}} in requirement["requires_any"]["requirements"]
    (origin,) = cors_origins(config)
    regex = re.compile(origin["safe_regex"]["regex"])
    assert regex.fullmatch("http://localhost:5173") and regex.fullmatch("https://127.0.0.1")
    assert not regex.fullmatch("https://localhost.evil.example") and not regex.fullmatch("https://example.com")
    assert not [f for f in http_filters(config) if f["name"].endswith("credential_injector")]


def test_manifests_deploy_the_tested_envoy_release() -> None:
    version = envoy_version()
    for overlay in OVERLAYS:
        (container,) = one(render(overlay), "Deployment", "envoy")["spec"]["template"]["spec"]["containers"]
        assert container["image"] == f"envoyproxy/envoy:v{version}"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_per_call_balancing_grpc_web_cors_and_transcoding_are_configured(overlay: str) -> None:
    config = shipped(overlay)
    names = [item["name"].removeprefix("envoy.filters.http.") for item in http_filters(config)]
    expected = ["header_mutation", "cors", "rbac", "flood_guard", "declared_body_limit", "jwt_authn"]
    expected += ["players_need_a_subject"]
    expected += ["local_ratelimit", "buffer", "grpc_web", "grpc_json_transcoder"]
    expected += [*(["credential_injector"] if overlay == "prod" else []), "router"]
    assert names == expected
    cluster = rules_cluster(config)
    assert cluster["lb_policy"] == "ROUND_ROBIN"
    options = cluster["typed_extension_protocol_options"]["envoy.extensions.upstreams.http.v3.HttpProtocolOptions"]
    assert "http2_protocol_options" in options["explicit_http_config"]
    assert cluster["health_checks"][0]["grpc_health_check"]["service_name"] == ""
    transcoder = the_filter(config, "grpc_json_transcoder")
    # JSON goes through the server's strict JSON gateway, never transcoded field by field (unknown fields dropped).
    assert transcoder["services"] == ["cardrules.gateway.v1.JsonGatewayService"]
    assert "auto_mapping" not in transcoder
    assert transcoder["match_incoming_request_route"] is True
    assert transcoder["request_validation_options"]["reject_unknown_method"] is True
    # The JWKS placeholder of the overlay is a JWKS Envoy can load.
    jwks = json.loads((rendered_envoy_config(overlay).parent / "player-jwks.json").read_text())
    assert jwks["keys"] and all(key["kty"] == "RSA" and key["kid"] for key in jwks["keys"])


def rules_cluster(config: dict[str, Any]) -> dict[str, Any]:
    (cluster,) = [c for c in config["static_resources"]["clusters"] if c["name"] == "cardrules"]
    return cast(dict[str, Any], cluster)


def rules_routes(config: dict[str, Any]) -> list[dict[str, Any]]:
    public = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]["typed_config"]
    (host,) = public["route_config"]["virtual_hosts"]
    return [
        r["route"]
        for r in host["routes"]
        if r.get("route", {}).get("cluster") == "cardrules" and "retry_policy" in r["route"]
    ]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_health_checks_outlier_detection_retries_and_timeouts_survive_load(overlay: str) -> None:
    cluster = rules_cluster(shipped(overlay))
    (check,) = cluster["health_checks"]
    # Busy replicas are not dropped on one slow answer: 3 misses in a row, with jitter, on the server's health port.
    assert check["unhealthy_threshold"] >= 3 and check["interval_jitter"] and check["healthy_threshold"] >= 2
    (endpoint,) = cluster["load_assignment"]["endpoints"][0]["lb_endpoints"]
    assert endpoint["endpoint"]["health_check_config"]["port_value"] == 50052
    assert endpoint["endpoint"]["address"]["socket_address"]["port_value"] == 50051
    # Outlier detection really ejects (Envoy's default enforcement for gateway failures is 0 %).
    outlier = cluster["outlier_detection"]
    assert outlier["enforcing_consecutive_gateway_failure"] == 100 and outlier["enforcing_consecutive_5xx"] == 100
    # At most half the replicas out, and with 2 replicas still one (Envoy caps the first ejection too).
    assert outlier["max_ejection_percent"] == 50
    routes = rules_routes(shipped(overlay))
    assert routes
    for route in routes:
        # One retry layer with a stated budget: 3 attempts here × 4 in an SDK = 12 (deploy/README.md).
        assert route["retry_policy"]["num_retries"] == 2
        # The client's grpc-timeout is honoured, capped at the route's timeout.
        assert route["max_stream_duration"]["grpc_timeout_header_max"] == route["timeout"] == "10s"
        assert route["max_stream_duration"]["grpc_timeout_header_offset"] == "0.1s"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_stats_listener_serves_only_prometheus_text_from_the_admin_interface(overlay: str) -> None:
    config = shipped(overlay)
    listeners = {listener["name"]: listener for listener in config["static_resources"]["listeners"]}
    assert config["admin"]["address"]["socket_address"]["address"] == "127.0.0.1"
    stats = listeners["stats"]
    assert stats["address"]["socket_address"] == {"address": "0.0.0.0", "port_value": 9902}
    manager = stats["filter_chains"][0]["filters"][0]["typed_config"]
    (host,) = manager["route_config"]["virtual_hosts"]
    forwarded = [route for route in host["routes"] if "route" in route]
    assert [route["match"]["path"] for route in forwarded] == ["/stats/prometheus"]
    (admin,) = [c for c in config["static_resources"]["clusters"] if c["name"] == "envoy_admin"]
    address = admin["load_assignment"]["endpoints"][0]["lb_endpoints"][0]["endpoint"]["address"]["socket_address"]
    assert address == config["admin"]["address"]["socket_address"]


def rules_methods() -> set[str]:
    """Every method of the contract's rules services, as its HTTP path, from the descriptor Envoy loads."""
    files = descriptor_pb2.FileDescriptorSet.FromString(DESCRIPTOR.read_bytes()).file
    return {
        f"/{file.package}.{service.name}/{method.name}"
        for file in files
        if file.package == "cardrules.v1"
        for service in file.service
        for method in service.method
    }


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_json_routes_admit_exactly_the_contracts_methods(overlay: str) -> None:
    public = shipped(overlay)["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]["typed_config"]
    (host,) = public["route_config"]["virtual_hosts"]
    # Each JSON route to the servers matches one exact path (or, should one ever be written so, a regex).
    patterns = [
        re.compile(re.escape(match["path"]) if "path" in match else match["safe_regex"]["regex"])
        for route in host["routes"]
        for match in [route["match"]]
        if ("path" in match or "safe_regex" in match)
        and route.get("route", {}).get("cluster") == "cardrules"
        and "application/json" in json.dumps(match.get("headers"))
    ]
    methods = {path for path in rules_methods() if not path.endswith("/Stream")}  # bidirectional: never JSON
    assert methods == hosted_calls(registered_games())  # every unary method of every registered game, no other
    for path in methods:
        assert sum(bool(p.fullmatch(path)) for p in patterns) == 1, path
    for path in (
        "/cardrules.v1.SamLocService/Stream",
        "/cardrules.v1.LiengService/Stream",
        "/cardrules.v1.SamLocService/ScoreLieng",
        "/cardrules.v1.LiengService/StartHand",
        "/cardrules.gateway.v1.JsonGatewayService/Call",
        "/cardrules.v1.LiengService/ScoreLiengX",
    ):
        assert not any(p.fullmatch(path) for p in patterns), path


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_body_limits_are_one_figure(overlay: str) -> None:
    """The body limit is max_request_bytes everywhere a body is counted: a declared Content-Length is refused from
    one byte more (and that refusal is answered 413), the buffer filter holds exactly that many, and the
    transcoder's limit (on the gRPC message it builds) leaves room for the gateway's envelope within the servers'
    256 KiB receive limit."""
    config = shipped(overlay)
    limit = the_filter(config, "buffer")["max_request_bytes"]
    assert limit == 261_120
    (policy,) = the_filter(config, "declared_body_limit")["rules"]["policies"].values()
    (permission,) = policy["permissions"]
    assert permission["header"] == {
        "name": "content-length",
        "range_match": {"start": limit + 1, "end": 2**63 - 1},
    }
    public = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]["typed_config"]
    declared = [m for m in public["local_reply_config"]["mappers"] if permission["header"] in _header_filters(m)]
    assert [m["status_code"] for m in declared] == [413, 413]
    transcoder = the_filter(config, "grpc_json_transcoder")
    assert limit < transcoder["max_request_body_size"] <= 256 * 1024


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_a_verified_token_must_name_its_player(overlay: str) -> None:
    config = shipped(overlay)
    provider = the_filter(config, "jwt_authn")["providers"]["game_backend"]
    assert provider["payload_in_metadata"] == "jwt_payload"
    assert provider["claim_to_headers"] == [{"header_name": "x-cardrules-player", "claim_name": "sub"}]
    rules = the_filter(config, "players_need_a_subject")["rules"]
    assert rules["action"] == "ALLOW"
    (policy,) = rules["policies"].values()
    subject = policy["principals"][1]["sourced_metadata"]["metadata_matcher"]
    assert [step["key"] for step in subject["path"]] == ["jwt_payload", "sub"]


def _header_filters(mapper: dict[str, Any]) -> list[dict[str, Any]]:
    filters = mapper["filter"].get("and_filter", {"filters": [mapper["filter"]]})["filters"]
    return [f["header_filter"]["header"] for f in filters if "header_filter" in f]
