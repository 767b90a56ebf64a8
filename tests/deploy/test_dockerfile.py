"""deploy/Dockerfile, checked statically: no container engine runs here, so the image is never built in CI."""

from __future__ import annotations

import fnmatch
import json
import re
import shlex
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from pathlib import Path

import pytest

from cardrules.server.config import Config, env_name
from tests.deploy.support import DEPLOY, ROOT, one, render

DOCKERFILE = DEPLOY / "Dockerfile"
IGNORE_FILE = DEPLOY / "Dockerfile.dockerignore"  # BuildKit's per-Dockerfile ignore file
ENTRY = ["python", "-m", "cardrules.server"]
COMPILERS = ("gcc", "g++", "clang", "build-essential", "make", "cc ")


@dataclass
class Stage:
    image: str
    name: str | None
    instructions: list[tuple[str, str]] = field(default_factory=list)

    def all(self, keyword: str) -> list[str]:
        return [args for key, args in self.instructions if key == keyword]


def instructions(text: str) -> list[tuple[str, str]]:
    """(KEYWORD, arguments) per instruction, continuation lines joined, comments and parser directives dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.startswith("#"):  # a comment inside a continued instruction
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        full = (pending + line).strip()
        pending = ""
        keyword, _, args = full.partition(" ")
        out.append((keyword.upper(), args.strip()))
    assert not pending, "the Dockerfile ends inside a continued line"
    return out


def parse() -> tuple[dict[str, str], list[Stage]]:
    args: dict[str, str] = {}
    stages: list[Stage] = []
    for keyword, rest in instructions(DOCKERFILE.read_text()):
        if keyword == "ARG" and not stages:
            name, _, default = rest.partition("=")
            args[name] = default
        elif keyword == "FROM":
            parts = rest.split()
            image = re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: args[m.group(1) or m.group(2)], parts[0])
            name = parts[2] if len(parts) == 3 and parts[1].upper() == "AS" else None
            stages.append(Stage(image, name))
        else:
            assert stages, f"{keyword} before the first FROM"
            stages[-1].instructions.append((keyword, rest))
    return args, stages


def copy_sources(args: str) -> list[str]:
    words = shlex.split(args)
    if any(word.startswith("--from") for word in words):
        return []
    words = [word for word in words if not word.startswith("--")]
    return words[:-1]


def ignored(path: str) -> bool:
    """Whether the .dockerignore rules (last match wins, ``!`` re-includes) keep ``path`` out of the context."""
    result = False
    for raw in IGNORE_FILE.read_text().splitlines():
        rule = raw.strip()
        if not rule or rule.startswith("#"):
            continue
        negate = rule.startswith("!")
        pattern = rule.lstrip("!").rstrip("/")
        if pattern == "**" or fnmatch.fnmatch(path, pattern) or path == pattern or path.startswith(pattern + "/"):
            result = not negate
    return result


def test_multi_stage_with_pinned_base_images() -> None:
    _args, stages = parse()
    assert len(stages) >= 2, "build and runtime stages"
    names = {stage.name for stage in stages}
    for stage in stages:
        if stage.image in names:
            continue
        repository, _, tag = stage.image.rpartition(":") if "@" not in stage.image else (stage.image, "", "digest")
        assert repository and tag, f"{stage.image}: base images need an explicit tag or digest"
        assert tag != "latest", f"{stage.image}: no latest tags"
    assert "latest" not in DOCKERFILE.read_text()


def test_runtime_stage_is_slim_and_compiler_free() -> None:
    _args, stages = parse()
    runtime = stages[-1]
    assert "slim" in runtime.image or "distroless" in runtime.image, runtime.image
    for run in runtime.all("RUN"):
        assert not any(word in run for word in COMPILERS), f"compiler tooling in the runtime stage: {run}"
        assert "pip install" not in run, "the runtime stage installs nothing; the build stage does"
    # The runtime stage takes only the built venv: no sources, no build context.
    for copy in runtime.all("COPY"):
        assert copy.startswith("--from="), f"runtime COPY from the build context: {copy}"


def test_every_copied_file_exists_and_is_in_the_build_context() -> None:
    _args, stages = parse()
    sources = [source for stage in stages for copy in stage.all("COPY") for source in copy_sources(copy)]
    assert sources, "the build stage copies the project"
    for source in sources:
        path = ROOT / source
        assert path.exists(), f"COPY {source}: no such file in the repository (the build context is its root)"
        assert not ignored(source.rstrip("/")), f"COPY {source}: excluded by {IGNORE_FILE.name}"
    # Everything pip needs to build the two distributions is in those copies.
    copied = {source.rstrip("/") for source in sources}
    assert {"pyproject.toml", "README.md", "service", "clients/python"} <= copied


def test_fixed_non_root_user_matches_the_kubernetes_manifests() -> None:
    _args, stages = parse()
    users = stages[-1].all("USER")
    assert users, "the runtime stage sets USER"
    uid, _, gid = users[-1].partition(":")
    assert uid.isdigit() and int(uid) > 0, "a numeric non-root UID (Kubernetes runAsNonRoot can check it)"
    assert gid.isdigit() and int(gid) > 0
    for overlay in ("dev", "prod"):
        pod = one(render(overlay), "Deployment", "cardrules")["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsUser"] == int(uid)
        assert pod["securityContext"]["runAsGroup"] == int(gid)


def test_server_is_pid_1_with_the_documented_command() -> None:
    _args, stages = parse()
    runtime = stages[-1]
    (entrypoint,) = runtime.all("ENTRYPOINT")
    assert json.loads(entrypoint) == ENTRY, "exec form, so the server itself is PID 1 and receives SIGTERM"
    assert not runtime.all("CMD"), "no CMD: a shell-form CMD would put a shell in front of the server"
    for stop in runtime.all("STOPSIGNAL"):
        assert stop == "SIGTERM"
    command = " ".join(ENTRY)
    assert f"exec .venv/bin/{command}" in (ROOT / "service/serve.sh").read_text(), "README's serve.sh runs it"
    assert command in (DEPLOY / "README.md").read_text()
    # `python` is the venv's interpreter.
    env = " ".join(runtime.all("ENV"))
    assert "PATH=/opt/cardrules/bin:" in env


def test_configuration_by_environment_uses_real_settings() -> None:
    _args, stages = parse()
    runtime = stages[-1]
    env = dict(pair.split("=", 1) for line in runtime.all("ENV") for pair in shlex.split(line) if "=" in pair)
    known = {env_name(f.name) for f in dataclass_fields(Config)}
    settings = {key: value for key, value in env.items() if key.startswith("CARDRULES_")}
    assert settings, "the image sets its defaults through CARDRULES_* variables"
    assert set(settings) <= known, f"unknown settings: {set(settings) - known}"
    exposed = {int(port) for line in runtime.all("EXPOSE") for port in line.split()}
    assert exposed == {int(settings["CARDRULES_PORT"]), int(settings["CARDRULES_METRICS_PORT"])}
    assert settings["CARDRULES_HOST"] == "0.0.0.0"


@pytest.mark.parametrize("path", ["deploy/Dockerfile", "deploy/Dockerfile.dockerignore"])
def test_files_exist(path: str) -> None:
    assert Path(ROOT / path).is_file()
