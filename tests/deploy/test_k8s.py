"""deploy/k8s: both overlays render, validate strictly against every claimed Kubernetes version, and keep the
invariants that make probes, shutdown, scaling and security work. Offline: kustomize and JSON schemas only."""

from __future__ import annotations

import base64
import json
import math
from typing import Any, cast

import kubernetes_validate
import pytest
import yaml

from cardrules.server.workers import EXIT_MARGIN_SECONDS
from cardrules.version import __version__
from tests.deploy.support import (
    DEPLOY,
    DESCRIPTOR,
    KUBERNETES_VERSIONS,
    OVERLAYS,
    find,
    one,
    render,
    render_text,
    rendered_envoy_config,
)

DEFAULT_PORT, DEFAULT_METRICS_PORT, DEFAULT_GRACE = 50051, 9464, 10.0


def settings(resources: list[dict[str, Any]]) -> dict[str, str]:
    """The CARDRULES_* settings the server container gets from its ConfigMap (the name carries a content hash)."""
    container = server_container(resources)
    names = [source["configMapRef"]["name"] for source in container.get("envFrom", []) if "configMapRef" in source]
    assert len(names) == 1, "the server's settings come from one ConfigMap"
    data: dict[str, str] = one(resources, "ConfigMap", names[0])["data"]
    return data


def server_pod(resources: list[dict[str, Any]]) -> dict[str, Any]:
    spec: dict[str, Any] = one(resources, "Deployment", "cardrules")["spec"]["template"]["spec"]
    return spec


def server_container(resources: list[dict[str, Any]]) -> dict[str, Any]:
    (container,) = [c for c in server_pod(resources)["containers"] if c["name"] == "cardrules"]
    return cast(dict[str, Any], container)


def port_number(container: dict[str, Any], port: int | str) -> int:
    if isinstance(port, int):
        return port
    (number,) = [p["containerPort"] for p in container["ports"] if p["name"] == port]
    return int(number)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_overlay_renders(overlay: str) -> None:
    resources = render(overlay)
    kinds = {r["kind"] for r in resources}
    assert {
        "Namespace",
        "ServiceAccount",
        "ConfigMap",
        "Deployment",
        "Service",
        "HorizontalPodAutoscaler",
        "PodDisruptionBudget",
        "NetworkPolicy",
    } <= kinds
    (namespace,) = find(resources, "Namespace")
    name = namespace["metadata"]["name"]
    assert namespace["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted"
    assert {r["metadata"].get("namespace") for r in resources if r["kind"] != "Namespace"} == {name}


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("overlay", OVERLAYS)
def test_overlay_validates_strictly(overlay: str, version: str) -> None:
    problems = []
    for resource in render(overlay):
        name = f"{resource['kind']}/{resource['metadata']['name']}"
        try:
            validated = kubernetes_validate.validate(resource, version, strict=True)
        except kubernetes_validate.ValidationError as error:
            path = ".".join(str(part) for part in error.path)
            problems.append(f"{name}: {path}: {error.message}")
            continue
        except kubernetes_validate.SchemaNotFoundError as error:  # an unknown kind/apiVersion is a failure too
            problems.append(f"{name}: {error.message}")
            continue
        assert validated == version, f"validated against {validated}, not {version}"
    assert not problems, "\n".join(problems)


def test_validation_is_strict() -> None:
    """The check above would catch a misspelt field (strict schemas reject unknown properties)."""
    deployment = one(render("prod"), "Deployment", "cardrules")
    deployment["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["grpcc"] = {"port": 50051}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSIONS[0], strict=True)


def cpu_cores(quantity: str) -> float:
    return int(quantity.removesuffix("m")) / 1000 if quantity.endswith("m") else float(quantity)


def test_the_readme_claims_the_validated_versions() -> None:
    readme = (DEPLOY / "README.md").read_text()
    assert f"{KUBERNETES_VERSIONS[0]}–{KUBERNETES_VERSIONS[-1]}" in readme


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_probes_and_ports_match_the_server(overlay: str) -> None:
    resources = render(overlay)
    config = settings(resources)
    grpc_port = int(config.get("CARDRULES_PORT", DEFAULT_PORT))
    metrics_port = int(config.get("CARDRULES_METRICS_PORT", DEFAULT_METRICS_PORT))
    container = server_container(resources)
    assert port_number(container, "grpc") == grpc_port
    assert port_number(container, "metrics") == metrics_port
    # Probes ask the plaintext health port: answered while the worker is busy, and with TLS on the gRPC port.
    health_port = int(config["CARDRULES_HEALTH_PORT"])
    assert port_number(container, "health") == health_port and health_port not in (grpc_port, metrics_port)
    for probe_name in ("startupProbe", "readinessProbe", "livenessProbe"):
        probe = container[probe_name]
        assert "grpc" in probe, f"{probe_name}: native gRPC probe"
        assert probe["grpc"]["port"] == health_port, f"{probe_name} probes {probe['grpc']['port']}"
    assert container["startupProbe"]["grpc"].get("service", "") == ""
    # Readiness tolerates a busy moment: 2-3 misses in a row before the pod leaves the endpoints.
    readiness = container["readinessProbe"]
    assert readiness["grpc"].get("service", "") == "" and 2 <= readiness["failureThreshold"] <= 3
    # Liveness asks the name that stays SERVING while the pod drains (and it outlasts a drain all the same).
    liveness = container["livenessProbe"]
    assert liveness["grpc"]["service"] == "liveness"
    grace = float(config.get("CARDRULES_SHUTDOWN_GRACE", DEFAULT_GRACE))
    assert liveness["periodSeconds"] * liveness["failureThreshold"] >= grace
    # Every Service port reaches a named container port that exists.
    for service in find(resources, "Service"):
        if service["spec"]["selector"] != {"app.kubernetes.io/name": "cardrules"}:
            continue
        for port in service["spec"]["ports"]:
            port_number(container, port["targetPort"])
    # Prometheus annotations point at the metrics port.
    annotations = one(resources, "Deployment", "cardrules")["spec"]["template"]["metadata"]["annotations"]
    assert int(annotations["prometheus.io/port"]) == metrics_port


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_termination_grace_outlasts_prestop_and_server_grace(overlay: str) -> None:
    resources = render(overlay)
    pod = server_pod(resources)
    container = server_container(resources)
    pre_stop = container["lifecycle"]["preStop"]["sleep"]["seconds"]
    grace = float(settings(resources).get("CARDRULES_SHUTDOWN_GRACE", DEFAULT_GRACE))
    assert pre_stop > 0
    # With several workers the supervisor waits the grace plus its own exit margin before killing a worker.
    assert pod["terminationGracePeriodSeconds"] > pre_stop + grace + EXIT_MARGIN_SECONDS


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_hardened_non_root_pods_with_resources(overlay: str) -> None:
    resources = render(overlay)
    for deployment in find(resources, "Deployment"):
        pod = deployment["spec"]["template"]["spec"]
        name = deployment["metadata"]["name"]
        assert pod["securityContext"]["runAsNonRoot"] is True, name
        assert pod["securityContext"]["runAsUser"] > 0, name
        assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault", name
        assert pod.get("automountServiceAccountToken") is False, name
        assert pod["topologySpreadConstraints"], name
        for container in pod["containers"] + pod.get("initContainers", []):
            security = container["securityContext"]
            assert security["allowPrivilegeEscalation"] is False, name
            assert security["readOnlyRootFilesystem"] is True, name
            assert security["runAsNonRoot"] is True, name
            assert security.get("privileged", False) is False, name
            assert security["capabilities"]["drop"] == ["ALL"], name
            assert not security["capabilities"].get("add"), name
            assert security["seccompProfile"]["type"] == "RuntimeDefault", name
            requests = container["resources"]["requests"]
            assert requests.get("cpu") and requests.get("memory"), f"{name}: resource requests"
            assert container["resources"]["limits"].get("memory"), f"{name}: memory limit"
            image = container["image"]
            assert ":" in image.rsplit("/", 1)[-1] and not image.endswith(":latest"), f"{name}: pinned image"
    assert ":latest" not in render_text(f"deploy/k8s/overlays/{overlay}")
    # The workers' multiprocess metrics directory lives under /tmp: it must be writable despite the read-only root.
    mounts = {m["mountPath"] for m in server_container(resources)["volumeMounts"]}
    assert "/tmp" in mounts


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_services_hpa_pdb_and_network_policy_select_the_pods(overlay: str) -> None:
    resources = render(overlay)
    deployment = one(resources, "Deployment", "cardrules")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert "replicas" not in deployment["spec"], "the HPA owns the replica count"

    def selects(selector: dict[str, str]) -> bool:
        return bool(selector) and all(labels.get(key) == value for key, value in selector.items())

    headless = one(resources, "Service", "cardrules-headless")["spec"]
    assert headless["clusterIP"] == "None" and selects(headless["selector"])
    assert not headless.get("publishNotReadyAddresses", False), "draining pods must leave DNS"
    cluster_ip = one(resources, "Service", "cardrules")["spec"]
    assert cluster_ip.get("type", "ClusterIP") == "ClusterIP" and selects(cluster_ip["selector"])
    for spec in (headless, cluster_ip):
        (grpc_port,) = [p for p in spec["ports"] if p["name"] == "grpc"]
        assert grpc_port["appProtocol"] == "kubernetes.io/h2c"

    hpa = one(resources, "HorizontalPodAutoscaler", "cardrules")
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "cardrules"}
    assert [m["resource"]["name"] for m in hpa["spec"]["metrics"]] == ["cpu"]
    assert 1 <= hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"]

    pdb = one(resources, "PodDisruptionBudget", "cardrules")
    assert selects(pdb["spec"]["selector"]["matchLabels"])
    if "minAvailable" in pdb["spec"]:
        assert pdb["spec"]["minAvailable"] < hpa["spec"]["minReplicas"], "a PDB that blocks every drain"

    policy = one(resources, "NetworkPolicy", "cardrules")
    assert selects(policy["spec"]["podSelector"]["matchLabels"])
    assert set(policy["spec"]["policyTypes"]) == {"Ingress", "Egress"}
    allowed_ports = {port["port"] for rule in policy["spec"]["ingress"] for port in rule["ports"]}
    assert "grpc" in allowed_ports and "metrics" in allowed_ports

    for constraint in server_pod(resources)["topologySpreadConstraints"]:
        assert selects(constraint["labelSelector"]["matchLabels"])


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_envoy_gets_the_repository_config_and_reaches_the_headless_service(overlay: str) -> None:
    resources = render(overlay)
    envoy = one(resources, "Deployment", "envoy")["spec"]["template"]["spec"]
    (volume,) = [v for v in envoy["volumes"] if v["name"] == "config"]
    config_map = one(resources, "ConfigMap", volume["configMap"]["name"])
    assert config_map["data"]["envoy.yaml"] == rendered_envoy_config(overlay).read_text()

    assert base64.b64decode(config_map["binaryData"]["cardrules.pb"]) == DESCRIPTOR.read_bytes()
    (container,) = envoy["containers"]
    (mount,) = [m for m in container["volumeMounts"] if m["name"] == "config"]
    args = container["args"]
    config_path = args[args.index("--config-path") + 1]
    assert config_path == f"{mount['mountPath']}/envoy.yaml"
    config = yaml.safe_load(config_map["data"]["envoy.yaml"])
    transcoder = [
        f
        for listener in config["static_resources"]["listeners"]
        for f in listener["filter_chains"][0]["filters"][0]["typed_config"]["http_filters"]
        if f["name"] == "envoy.filters.http.grpc_json_transcoder"
    ]
    assert transcoder[0]["typed_config"]["proto_descriptor"] == f"{mount['mountPath']}/cardrules.pb"
    (cluster,) = [c for c in config["static_resources"]["clusters"] if c["name"] == "cardrules"]
    (endpoint,) = cluster["load_assignment"]["endpoints"][0]["lb_endpoints"]
    address = endpoint["endpoint"]["address"]["socket_address"]
    headless = one(resources, "Service", "cardrules-headless")
    assert address["address"] == headless["metadata"]["name"]
    assert address["port_value"] == headless["spec"]["ports"][0]["port"]
    # Active health checks go to the servers' health port, which their network policy opens to Envoy.
    assert endpoint["endpoint"]["health_check_config"]["port_value"] == int(
        settings(resources)["CARDRULES_HEALTH_PORT"]
    )
    # One worker thread per CPU of the container's limit.
    assert int(args[args.index("--concurrency") + 1]) == math.ceil(cpu_cores(container["resources"]["limits"]["cpu"]))
    # Prometheus scrapes the stats listener through the port named "stats", not the loopback admin interface.
    (stats_listener,) = [x for x in config["static_resources"]["listeners"] if x["name"] == "stats"]
    assert port_number(container, "stats") == stats_listener["address"]["socket_address"]["port_value"]
    assert cluster["cluster_type"]["name"] == "envoy.cluster.dns", "one endpoint per pod IP, re-resolved"
    # Probes reach the health listener's port.
    (health_listener,) = [x for x in config["static_resources"]["listeners"] if x["name"] == "health"]
    health_port = health_listener["address"]["socket_address"]["port_value"]
    assert port_number(container, container["readinessProbe"]["httpGet"]["port"]) == health_port
    (public,) = [x for x in config["static_resources"]["listeners"] if x["name"] == "public"]
    assert port_number(container, "http") == public["address"]["socket_address"]["port_value"]
    # The overload manager sheds load before the container's memory limit kills Envoy.
    (heap,) = [m for m in config["overload_manager"]["resource_monitors"] if m["name"].endswith("fixed_heap")]
    limit = container["resources"]["limits"]["memory"]
    assert limit.endswith("Mi")
    assert heap["typed_config"]["max_heap_size_bytes"] < int(limit.removesuffix("Mi")) * 1024 * 1024
    # Every file the config reads is mounted where it looks: the players' JWKS, and (prod) Envoy's own token.
    filters = public["filter_chains"][0]["filters"][0]["typed_config"]["http_filters"]
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    volumes = {v["name"]: v for v in envoy["volumes"]}
    (jwt,) = [f["typed_config"] for f in filters if f["name"] == "envoy.filters.http.jwt_authn"]
    jwks = jwt["providers"]["game_backend"]["local_jwks"]["filename"]
    assert jwks == f"{mounts['player-jwks']}/jwks.json"
    jwks_map = one(resources, "ConfigMap", volumes["player-jwks"]["configMap"]["name"])
    assert "keys" in json.loads(jwks_map["data"]["jwks.json"])
    injectors = [f["typed_config"] for f in filters if f["name"] == "envoy.filters.http.credential_injector"]
    if overlay == "prod":
        (injector,) = injectors
        source = injector["credential"]["typed_config"]["credential"]["sds_config"]["path_config_source"]
        assert source["path"] == f"{mounts['upstream-token']}/sds.yaml"
        assert source["watched_directory"]["path"] == mounts["upstream-token"]
        assert volumes["upstream-token"]["secret"]["secretName"] == "envoy-upstream-token"
    else:
        assert not injectors and "upstream-token" not in mounts


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_server_auth_is_on_in_prod_from_a_mounted_secret(overlay: str) -> None:
    resources = render(overlay)
    tokens = settings(resources).get("CARDRULES_AUTH_TOKENS")
    if overlay != "prod":
        assert tokens is None, "dev runs without server auth"
        return
    assert tokens is not None
    mounts = {m["mountPath"]: m["name"] for m in server_container(resources)["volumeMounts"]}
    directory, _, _name = tokens.rpartition("/")
    volume = {v["name"]: v for v in server_pod(resources)["volumes"]}[mounts[directory]]
    assert volume["secret"]["secretName"] == "cardrules-auth-tokens"


STANDARD_LABELS = ("app.kubernetes.io/name", "app.kubernetes.io/component", "app.kubernetes.io/part-of")


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_pods_carry_the_standard_labels_and_selectors_stay_minimal(overlay: str) -> None:
    resources = render(overlay)
    for deployment in find(resources, "Deployment"):
        name = deployment["metadata"]["name"]
        labels = deployment["spec"]["template"]["metadata"]["labels"]
        for key in (*STANDARD_LABELS, "app.kubernetes.io/instance", "app.kubernetes.io/managed-by"):
            assert labels.get(key), f"{overlay}: {name} pods lack {key}"
        assert labels["app.kubernetes.io/instance"] == f"cardrules-{overlay}"
        # Selectors are immutable: they keep the one label that never changes.
        assert deployment["spec"]["selector"] == {"matchLabels": {"app.kubernetes.io/name": name}}
    server = one(resources, "Deployment", "cardrules")["spec"]["template"]["metadata"]["labels"]
    assert server["app.kubernetes.io/version"] == __version__
    assert server_container(resources)["image"].endswith(f":{__version__}"), "the version label names the image tag"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_rollouts_wait_for_new_pods_to_stay_ready(overlay: str) -> None:
    for deployment in find(render(overlay), "Deployment"):
        spec = deployment["spec"]
        assert spec["minReadySeconds"] >= 10, deployment["metadata"]["name"]
        assert spec["strategy"]["rollingUpdate"]["maxUnavailable"] == 0, deployment["metadata"]["name"]
        assert spec["revisionHistoryLimit"] >= 3, deployment["metadata"]["name"]


def spread(deployment: dict[str, Any]) -> dict[str, dict[str, Any]]:
    constraints = deployment["spec"]["template"]["spec"]["topologySpreadConstraints"]
    return {constraint["topologyKey"]: constraint for constraint in constraints}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_replicas_and_envoys_spread_over_zones_then_nodes(overlay: str) -> None:
    resources = render(overlay)
    for name in ("cardrules", "envoy"):
        deployment = one(resources, "Deployment", name)
        by_key = spread(deployment)
        assert set(by_key) == {"topology.kubernetes.io/zone", "kubernetes.io/hostname"}, name
        zone, node = by_key["topology.kubernetes.io/zone"], by_key["kubernetes.io/hostname"]
        for constraint in (zone, node):
            assert constraint["maxSkew"] == 1
            # Nodes the pods cannot run on (tainted, cordoned, unreachable) are no domain to balance against.
            assert constraint["nodeTaintsPolicy"] == "Honor", f"{overlay}: {name}"
            assert constraint["labelSelector"]["matchLabels"] == {"app.kubernetes.io/name": name}
        # A node spread stays soft: a hard one leaves replicas Pending once a zone has fewer nodes than replicas.
        assert node["whenUnsatisfiable"] == "ScheduleAnyway", f"{overlay}: {name}"
        if overlay == "prod":
            # Zones hard, so a zone loss takes a bounded share; minDomains 2 spreads even when only one zone has
            # nodes, and still lets replicas schedule while one zone of three is down.
            assert zone["whenUnsatisfiable"] == "DoNotSchedule", name
            assert zone["minDomains"] == 2, name
        else:
            assert zone["whenUnsatisfiable"] == "ScheduleAnyway", "dev runs on single-zone clusters too"
            assert "minDomains" not in zone


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_envoy_may_reach_any_cluster_dns(overlay: str) -> None:
    """Envoy's DNS egress is port 53 to any address, not only pods labelled k8s-app=kube-dns: NodeLocal DNSCache
    and other distributions' resolvers are elsewhere, and without DNS Envoy loses every replica."""
    egress = one(render(overlay), "NetworkPolicy", "envoy")["spec"]["egress"]
    dns = [rule for rule in egress if {(p["port"], p["protocol"]) for p in rule["ports"]} == {(53, "UDP"), (53, "TCP")}]
    assert len(dns) == 1 and "to" not in dns[0], dns
