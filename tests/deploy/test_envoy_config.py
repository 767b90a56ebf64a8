"""The shipped Envoy config is accepted by the Envoy release the manifests deploy."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import yaml

from tests.deploy.local import ENVOY
from tests.deploy.support import DESCRIPTOR, ENVOY_CONFIG, http_filters, one, render


def envoy_version() -> str:
    result = subprocess.run([str(ENVOY), "--version"], capture_output=True, text=True, timeout=60)
    match = re.search(r"/(\d+\.\d+\.\d+)/", result.stdout)
    assert match, result.stdout + result.stderr
    return match.group(1)


def test_shipped_config_validates(tmp_path: Path) -> None:
    config = yaml.safe_load(ENVOY_CONFIG.read_text())
    # Only the descriptor's location differs in the pod (a ConfigMap mounted at /etc/envoy).
    for item in http_filters(config):
        if item["name"] == "envoy.filters.http.grpc_json_transcoder":
            assert item["typed_config"]["proto_descriptor"] == "/etc/envoy/cardrules.pb"
            item["typed_config"]["proto_descriptor"] = str(DESCRIPTOR)
    path = tmp_path / "envoy.yaml"
    path.write_text(yaml.safe_dump(config))
    result = subprocess.run(
        [str(ENVOY), "--mode", "validate", "--config-path", str(path), "--disable-hot-restart"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Deprecated field" not in result.stdout + result.stderr, "the config uses deprecated Envoy fields"


def test_manifests_deploy_the_tested_envoy_release() -> None:
    version = envoy_version()
    for overlay in ("dev", "prod"):
        (container,) = one(render(overlay), "Deployment", "envoy")["spec"]["template"]["spec"]["containers"]
        assert container["image"] == f"envoyproxy/envoy:v{version}"


def test_per_call_balancing_grpc_web_cors_and_transcoding_are_configured() -> None:
    config = yaml.safe_load(ENVOY_CONFIG.read_text())
    names = [item["name"] for item in http_filters(config)]
    assert names == [
        "envoy.filters.http.cors",
        "envoy.filters.http.grpc_web",
        "envoy.filters.http.grpc_json_transcoder",
        "envoy.filters.http.router",
    ]
    (cluster,) = config["static_resources"]["clusters"]
    assert cluster["lb_policy"] == "ROUND_ROBIN"
    options = cluster["typed_extension_protocol_options"]["envoy.extensions.upstreams.http.v3.HttpProtocolOptions"]
    assert "http2_protocol_options" in options["explicit_http_config"]
    assert cluster["health_checks"][0]["grpc_health_check"]["service_name"] == ""
    (transcoder,) = [item for item in http_filters(config) if item["name"].endswith("grpc_json_transcoder")]
    assert transcoder["typed_config"]["auto_mapping"] is True
    assert set(transcoder["typed_config"]["services"]) == {"cardrules.v1.SamLocService", "cardrules.v1.LiengService"}
