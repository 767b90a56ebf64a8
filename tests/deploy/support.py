"""Shared helpers of the deployment tests: rendering the kustomize overlays, and the Envoy config run locally."""

from __future__ import annotations

import copy
import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
OVERLAYS = ("dev", "prod")
ENVOY_CONFIG = DEPLOY / "envoy" / "envoy.yaml"
DESCRIPTOR = DEPLOY / "envoy" / "descriptors" / "cardrules.pb"
VENV_BIN = Path(sys.executable).parent

# Every Kubernetes minor version deploy/README.md claims. 1.30 is the first where every field the manifests use
# is on by default (preStop `sleep` action: beta 1.30; native gRPC probes: GA 1.27; matchLabelKeys in topology
# spread and PDB unhealthyPodEvictionPolicy: beta 1.27). 1.37 is the newest schema kubernetes-validate ships.
KUBERNETES_VERSIONS = tuple(f"1.{minor}" for minor in range(30, 38))


def kustomize_command() -> list[str]:
    """``kubectl kustomize``, or ``kustomize build`` (tests/run.sh installs it when kubectl is absent)."""
    for candidate in (shutil.which("kubectl"), str(VENV_BIN / "kubectl")):
        if candidate and os.access(candidate, os.X_OK):
            return [candidate, "kustomize"]
    for candidate in (shutil.which("kustomize"), str(VENV_BIN / "kustomize")):
        if candidate and os.access(candidate, os.X_OK):
            return [candidate, "build"]
    pytest.fail("neither kubectl nor kustomize found: bash tests/run.sh installs kustomize into .venv/bin")


@functools.cache
def render_text(path: str) -> str:
    result = subprocess.run(
        [*kustomize_command(), str(ROOT / path)], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert result.returncode == 0, f"kustomize failed for {path}:\n{result.stderr}"
    return result.stdout


def render(overlay: str) -> list[dict[str, Any]]:
    """The rendered resources of ``deploy/k8s/overlays/<overlay>`` (fresh copies: tests may modify them)."""
    text = render_text(f"deploy/k8s/overlays/{overlay}")
    return [copy.deepcopy(doc) for doc in yaml.safe_load_all(text) if doc]


def find(resources: list[dict[str, Any]], kind: str, name: str | None = None) -> list[dict[str, Any]]:
    return [r for r in resources if r["kind"] == kind and (name is None or r["metadata"]["name"] == name)]


def one(resources: list[dict[str, Any]], kind: str, name: str) -> dict[str, Any]:
    found = find(resources, kind, name)
    assert len(found) == 1, f"expected one {kind}/{name}, found {len(found)}"
    return found[0]


def http_filters(config: dict[str, Any], listener: str = "public") -> list[dict[str, Any]]:
    for candidate in config["static_resources"]["listeners"]:
        if candidate["name"] == listener:
            manager = candidate["filter_chains"][0]["filters"][0]["typed_config"]
            filters: list[dict[str, Any]] = manager["http_filters"]
            return filters
    raise KeyError(listener)


def local_envoy_config(
    replica_ports: list[int], listener_port: int, health_port: int, admin_port: int
) -> dict[str, Any]:
    """deploy/envoy/envoy.yaml for one machine: the same filters, routes, retries and health checks; only the
    addresses and ports change (replicas on loopback instead of the headless Service's DNS name) and the
    descriptor is read from the repository instead of the ConfigMap mount."""
    config: dict[str, Any] = yaml.safe_load(ENVOY_CONFIG.read_text())
    config["admin"]["address"]["socket_address"] = {"address": "127.0.0.1", "port_value": admin_port}
    ports = {"public": listener_port, "health": health_port}
    for listener in config["static_resources"]["listeners"]:
        listener["address"]["socket_address"] = {"address": "127.0.0.1", "port_value": ports[listener["name"]]}
    for item in http_filters(config):
        if item["name"] == "envoy.filters.http.grpc_json_transcoder":
            item["typed_config"]["proto_descriptor"] = str(DESCRIPTOR)
    (cluster,) = config["static_resources"]["clusters"]
    del cluster["cluster_type"]  # DNS discovery of the headless Service -> a static list of local replicas
    cluster["type"] = "STATIC"
    cluster["load_assignment"]["endpoints"] = [
        {
            "lb_endpoints": [
                {"endpoint": {"address": {"socket_address": {"address": "127.0.0.1", "port_value": port}}}}
                for port in replica_ports
            ]
        }
    ]
    return config
