"""Shared helpers of the deployment tests: rendering the kustomize overlays, and the Envoy config run locally."""

from __future__ import annotations

import copy
import functools
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
OVERLAYS = ("dev", "prod")
ENVOY_TEMPLATE = DEPLOY / "envoy" / "envoy.template.yaml"
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


def envoy_render() -> ModuleType:
    """deploy/envoy/render.py, the one script that fills the Envoy template (deploy/ is not a Python package)."""
    spec = importlib.util.spec_from_file_location("cardrules_envoy_render", DEPLOY / "envoy" / "render.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rendered_envoy_config(overlay: str) -> Path:
    """The committed, rendered Envoy config of an overlay (what its ConfigMap carries)."""
    return K8S / "overlays" / overlay / "envoy.yaml"


def local_envoy_config(
    replica_ports: list[int],
    listener_port: int,
    health_port: int,
    admin_port: int,
    values: Mapping[str, Any] | None = None,
    replica_health_ports: list[int] | None = None,
) -> dict[str, Any]:
    """The Envoy template rendered with deploy/envoy/values/local.yaml (plus ``values``, e.g. the paths of the
    JWKS and token files a test wrote, or a smaller bucket) by render.py's local_config, the one deploy/local/up.sh
    runs: the same filters, routes, limits, retries and health checks as every overlay. Only the addresses and
    ports change (replicas on loopback instead of the headless Service's DNS name) and the descriptor is read from
    the repository."""
    config: dict[str, Any] = envoy_render().local_config(
        replica_ports, listener_port, health_port, admin_port, values, replica_health_ports=replica_health_ports
    )
    return config
