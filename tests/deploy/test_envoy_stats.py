"""Envoy's metrics can be scraped (issue #15.2): the "stats" listener serves GET /stats/prometheus from the admin
interface and nothing else, so Prometheus never needs the admin port (which can stop Envoy)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.deploy.local import EnvoyHandle, replicas, running_envoy


def stats_port(envoy: EnvoyHandle) -> int:
    """Where the "stats" listener is bound (locally on a port Envoy picks; 9902 in Kubernetes)."""
    listeners = json.loads(envoy.admin("/listeners?format=json"))["listener_statuses"]
    (stats,) = [listener for listener in listeners if listener["name"] == "stats"]
    port: int = stats["local_address"]["socket_address"]["port_value"]
    return port


def fetch(url: str, method: str = "GET") -> tuple[int, str]:
    request = urllib.request.Request(url, method=method, data=b"" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.slow
def test_the_stats_listener_serves_prometheus_text_and_nothing_else() -> None:
    with replicas(1) as servers, running_envoy(servers) as envoy:
        base = f"http://127.0.0.1:{stats_port(envoy)}"
        status, text = fetch(base + "/stats/prometheus")
        assert status == 200
        healthy = {
            sample.labels.get("envoy_cluster_name"): sample.value
            for family in text_string_to_metric_families(text)
            for sample in family.samples
            if sample.name == "envoy_cluster_membership_healthy"
        }
        assert healthy["cardrules"] == 1
        # Nothing else of the admin interface is reachable through it.
        for path, method in (
            ("/stats", "GET"),
            ("/clusters", "GET"),
            ("/quitquitquit", "POST"),
            ("/healthcheck/fail", "POST"),
        ):
            assert fetch(base + path, method)[0] == 404, path
        assert fetch(base + "/stats/prometheus", "POST")[0] == 404
        assert envoy.process.poll() is None and fetch(f"http://127.0.0.1:{envoy.health_port}/healthz")[0] == 200
