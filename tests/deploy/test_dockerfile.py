"""deploy/Dockerfile, checked statically: no container engine runs here, so the image is never built in CI. Its
dependency lock (deploy/requirements.lock) is checked against its own pyproject files offline, and against PyPI:
uv resolves the same lock again, and every locked wheel downloads with the locked hash."""

from __future__ import annotations

import fnmatch
import json
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from cardrules.server.config import Config, env_name
from cardrules.version import __version__
from tests.deploy.support import DEPLOY, ROOT, one, render
from tests.deploy.uv import uv

DOCKERFILE = DEPLOY / "Dockerfile"
IGNORE_FILE = DEPLOY / "Dockerfile.dockerignore"  # BuildKit's per-Dockerfile ignore file
LOCK = DEPLOY / "requirements.lock"
LOCAL_PACKAGES = {"cardrules", "cardrules-client"}  # built from this repository, never locked
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
            stage = parts[2] if len(parts) == 3 and parts[1].upper() == "AS" else None
            stages.append(Stage(image, stage))
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
        if "@" in stage.image:  # a digest pin must be a real one, never a placeholder
            assert re.fullmatch(r"[^@]+:[^@:]+@sha256:[0-9a-f]{64}", stage.image), stage.image
    assert "latest" not in DOCKERFILE.read_text()
    # How to pin and bump by digest is documented beside the ARG and in deploy/README.md.
    assert "imagetools inspect" in DOCKERFILE.read_text()
    assert "Pinning and bumping the images" in (DEPLOY / "README.md").read_text()


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
    # Everything pip needs to build the two distributions is in those copies: setup.py is the build that compiles
    # the rules core (without it the wheel is the plain-Python one, and the image's --expect-compiled check fails).
    copied = {source.rstrip("/") for source in sources}
    needed = {"pyproject.toml", "setup.py", "README.md", "service", "clients/python", "deploy/requirements.lock"}
    assert needed <= copied, needed - copied


def test_a_local_compiled_build_stays_out_of_the_build_context() -> None:
    # The image compiles the core itself: an in-place build's extensions and record (tests/run.sh) are not copied.
    for local in (
        "service/cardrules/core/sam/moves.cpython-311-x86_64-linux-gnu.so",
        "service/cardrules/core/compiled.json",
    ):
        assert ignored(local), f"{local} would be copied into the image build"


def test_no_pip_in_the_runtime_image() -> None:
    _args, stages = parse()
    build, runtime = stages[0], stages[-1]
    # The venv loses its pip in the build stage; the base image's own pip goes in the runtime stage.
    assert any("pip uninstall -y pip setuptools" in run for run in build.all("RUN"))
    removal = [run for run in runtime.all("RUN") if "pip uninstall" in run]
    assert removal and all(word in removal[0] for word in ("pip", "setuptools", "wheel", "rm -f /usr/local/bin/pip"))


def test_working_directory_is_not_on_the_module_path() -> None:
    _args, stages = parse()
    runtime = stages[-1]
    assert runtime.all("WORKDIR")[-1] == "/", "a read-only, non-writable working directory"
    env = dict(pair.split("=", 1) for line in runtime.all("ENV") for pair in shlex.split(line) if "=" in pair)
    assert env.get("PYTHONSAFEPATH") == "1", "the working directory never goes first on sys.path"


def test_standard_image_labels() -> None:
    _args, stages = parse()
    runtime = stages[-1]
    labels = dict(pair.split("=", 1) for line in runtime.all("LABEL") for pair in shlex.split(line))
    assert labels["org.opencontainers.image.title"] == "cardrules"
    assert (
        labels["org.opencontainers.image.licenses"]
        == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"]
    )
    assert labels["org.opencontainers.image.version"] == "${VERSION}"
    version_args = [a for a in runtime.all("ARG") if a.startswith("VERSION=")]
    assert version_args == [f"VERSION={__version__}"], "the default VERSION is the package's version"
    for overlay in ("dev", "prod"):
        deployment = one(render(overlay), "Deployment", "cardrules")
        image = deployment["spec"]["template"]["spec"]["containers"][0]["image"]
        assert image.endswith(f":{__version__}"), f"{overlay}: {image}"
        assert deployment["spec"]["template"]["metadata"]["labels"]["app.kubernetes.io/version"] == __version__


def locked() -> dict[str, tuple[str, list[str]]]:
    """name -> (pinned version, hashes) of deploy/requirements.lock."""
    entries: dict[str, tuple[str, list[str]]] = {}
    for entry in re.split(r"\n(?=[A-Za-z0-9])", LOCK.read_text()):
        requirement, *rest = [part.strip() for part in entry.split("\\\n")]
        if requirement.startswith("#") or not requirement:
            continue
        name, _, version = requirement.partition("==")
        assert version and ";" not in version, f"{requirement}: pinned with == and no marker"
        hashes = [h.removeprefix("--hash=sha256:") for line in rest for h in line.split() if h.startswith("--hash=")]
        entries[canonicalize_name(name)] = (version.strip(), hashes)
    return entries


def test_dependencies_are_installed_from_the_hashed_lock() -> None:
    _args, stages = parse()
    runs = stages[0].all("RUN")
    assert any("--require-hashes" in run and "-r deploy/requirements.lock" in run for run in runs)
    local = [run for run in runs if "./clients/python ." in run]
    assert local and "--no-deps" in local[0] and "--no-build-isolation" in local[0] and "pip check" in local[0]
    entries = locked()
    for name, (version, hashes) in entries.items():
        assert hashes and all(re.fullmatch(r"[0-9a-f]{64}", h) for h in hashes), f"{name}=={version}: hashes"
    assert not LOCAL_PACKAGES & set(entries), "the repository's own packages are built, not locked"
    # Every dependency of the two packages (and their build backend) is locked at a version they accept.
    wanted: list[str] = []
    for pyproject in (ROOT / "pyproject.toml", ROOT / "clients/python/pyproject.toml"):
        data = tomllib.loads(pyproject.read_text())
        wanted += data["project"]["dependencies"] + data["build-system"]["requires"]
        wanted += data["project"].get("optional-dependencies", {}).get("tracing", [])  # the image can trace
    for text in wanted:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        if name in LOCAL_PACKAGES:
            continue
        assert name in entries, f"{text}: not in {LOCK.name}"
        assert requirement.specifier.contains(entries[name][0]), f"{text}: locked at {entries[name][0]}"


def lock_command() -> list[str]:
    """The command the lock's header records (uv writes it there); deploy/README.md gives the same."""
    header = LOCK.read_text().splitlines()[1]
    command = header.removeprefix("#").strip()
    assert command.startswith("uv pip compile deploy/requirements.in") and "--generate-hashes" in command
    assert command in (DEPLOY / "README.md").read_text(), "deploy/README.md documents the lock command"
    assert "--exclude-newer" in command, "resolution as of a fixed date, so it can be repeated"
    return shlex.split(command)


def test_the_lock_is_what_uv_resolves(tmp_path: Path) -> None:
    """Network (PyPI): the recorded command, run again, writes the same lock (``--exclude-newer`` fixes the date)."""
    command = lock_command()
    output = command.index("-o") + 1
    command[output] = str(tmp_path / "requirements.lock")
    result = subprocess.run([str(uv()), *command[1:]], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-3000:]
    fresh = (tmp_path / "requirements.lock").read_text()
    assert fresh.splitlines()[2:] == LOCK.read_text().splitlines()[2:], "deploy/requirements.lock is stale"


def test_every_locked_wheel_downloads_with_its_hash(tmp_path: Path) -> None:
    """Network (PyPI): the image's installs succeed with binary wheels only (no compiler, no unpinned build
    backend) and the hashes match, for linux/x86_64 CPython 3.11 like the base image."""
    platforms = ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64"]
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:", "--no-deps"]
    command += ["--require-hashes", "-r", str(LOCK), "-d", str(tmp_path)]
    command += [arg for platform in platforms for arg in ("--platform", platform)]
    command += ["--python-version", "3.11", "--implementation", "cp", "--abi", "cp311", "--abi", "abi3"]
    command += ["--abi", "none"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert len(list(tmp_path.glob("*.whl"))) == len(locked())


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
    ports = ("CARDRULES_PORT", "CARDRULES_METRICS_PORT", "CARDRULES_HEALTH_PORT")  # gRPC, metrics, probes
    assert exposed == {int(settings[name]) for name in ports}
    assert settings["CARDRULES_HOST"] == "0.0.0.0"


@pytest.mark.parametrize("path", ["deploy/Dockerfile", "deploy/Dockerfile.dockerignore"])
def test_files_exist(path: str) -> None:
    assert Path(ROOT / path).is_file()
