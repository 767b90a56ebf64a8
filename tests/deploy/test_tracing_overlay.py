"""The prod overlay's commented tracing values (deploy/k8s/overlays/prod/kustomization.yaml, between the
``tracing-begin`` and ``tracing-end`` markers), uncommented as its comment says, render: the servers get tracing
on with an OTLP endpoint and a sampler the server accepts, and the network policy lets them reach the collector's
port and nothing else. And the dashboard's latency panels link to the slow calls' traces."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import parse_qs

import yaml

from cardrules.server.config import parse_config
from tests.deploy.support import DEPLOY, K8S, find, one, render_text

PROD = K8S / "overlays" / "prod"
BLOCK = re.compile(r"^(\s*)# tracing-begin\n(.*?)^\s*# tracing-end\n", re.M | re.S)


def uncommented(text: str) -> str:
    def uncomment(block: re.Match[str]) -> str:
        indent = block.group(1)
        return "".join(line.replace(f"{indent}# ", indent, 1) + "\n" for line in block.group(2).splitlines())

    result, count = BLOCK.subn(uncomment, text)
    assert count == 2, "the overlay's two tracing blocks (settings and network policy)"
    return result


def test_the_prod_overlays_tracing_values_render_and_open_only_the_collectors_port(tmp_path: Path) -> None:
    shutil.copytree(DEPLOY, tmp_path / "deploy")  # the overlay refers to the base, the base to deploy/envoy
    copy = tmp_path / "deploy" / "k8s" / "overlays" / "prod"
    (copy / "kustomization.yaml").write_text(uncommented((PROD / "kustomization.yaml").read_text()))
    resources = [doc for doc in yaml.safe_load_all(render_text(str(copy))) if doc]
    [config] = [r for r in find(resources, "ConfigMap") if r["metadata"]["name"].startswith("cardrules-config")]
    settings = config["data"]
    assert settings["CARDRULES_TRACING"] == "true" and settings["OTEL_EXPORTER_OTLP_ENDPOINT"].endswith(":4317")
    assert parse_config([], {k: v for k, v in settings.items() if k != "CARDRULES_AUTH_TOKENS"}).tracing
    policy = one(resources, "NetworkPolicy", "cardrules")
    assert policy["spec"]["egress"] == [
        {
            "to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "observability"}}}],
            "ports": [{"protocol": "TCP", "port": 4317}],
        }
    ]


def test_the_dashboards_latency_panels_link_to_the_slow_calls_traces() -> None:
    dashboard = json.loads((K8S / "monitoring" / "dashboard.json").read_text())
    [traces] = [v for v in dashboard["templating"]["list"] if v["name"] == "traces"]
    assert (traces["type"], traces["query"]) == ("datasource", "tempo")
    linked = [panel for panel in dashboard["panels"] if panel.get("links")]
    assert {panel["title"].split(" ")[0] for panel in linked} == {"Calls", "Latency"}
    for panel in linked:
        [link] = panel["links"]
        path, _, query = link["url"].partition("?")
        assert path == "/explore"
        [panes] = parse_qs(query)["panes"]
        filled = panes.replace("${traces}", "tempo-uid").replace("${__from}", "1").replace("${__to}", "2")
        [pane] = json.loads(filled).values()
        assert pane["datasource"] == "tempo-uid" and pane["range"] == {"from": "1", "to": "2"}
        [search] = pane["queries"]
        assert search["queryType"] == "traceql" and search["datasource"] == {"type": "tempo", "uid": "tempo-uid"}
        assert 'resource.service.name="cardrules"' in search["query"] and "duration>50ms" in search["query"]
