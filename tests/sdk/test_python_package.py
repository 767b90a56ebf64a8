"""The Python SDK's package manifest: licence, commands, and dependency floors that load its generated code."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from tests.support.server_process import REPO_ROOT

SDK = REPO_ROOT / "clients" / "python"
GENERATED = SDK / "src" / "cardrules" / "v1"


def _project() -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads((SDK / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project


def _floor(requirement_name: str) -> tuple[int, ...]:
    for requirement in _project()["dependencies"]:
        match = re.fullmatch(rf"{re.escape(requirement_name)}>=([\d.]+),<\d+", requirement)
        if match:
            return tuple(int(part) for part in match[1].split("."))
    raise AssertionError(f"no {requirement_name}>=X,<Y dependency in clients/python/pyproject.toml")


def _generated_version(pattern: str, path: Path) -> tuple[int, ...]:
    match = re.search(pattern, path.read_text(encoding="utf-8"))
    assert match, f"{path} does not say which version generated it"
    return tuple(int(part) for part in match[1].split("."))


def test_the_licence_is_the_repositorys() -> None:
    assert _project()["license"] == "Apache-2.0"
    assert (SDK / "LICENSE").read_bytes() == (REPO_ROOT / "LICENSE").read_bytes()


def test_every_console_script_names_a_callable() -> None:
    scripts = _project()["scripts"]
    assert set(scripts) == {"cardrules", "cardrules-conformance", "cardrules-demo"}
    for target in scripts.values():
        module, _, name = target.partition(":")
        assert callable(getattr(importlib.import_module(module), name)), target


def test_dependency_floors_load_the_generated_code() -> None:
    # protobuf and grpcio refuse generated code newer than themselves, so the floors follow the generator.
    for file in GENERATED.glob("*_pb2.py"):
        assert _floor("protobuf") >= _generated_version(r"# Protobuf Python Version: ([\d.]+)", file), file
    for file in GENERATED.glob("*_pb2_grpc.py"):
        assert _floor("grpcio") >= _generated_version(r"GRPC_GENERATED_VERSION = '([\d.]+)'", file), file
        assert _floor("grpcio-status") >= _floor("grpcio")


def test_the_runtime_imports_no_tool() -> None:
    # The conformance runner and the demo live in cardrules.client.tools; an application importing the SDK (sync,
    # asyncio or the command line) must not load them.
    probe = (
        "import sys, cardrules.client, cardrules.client.aio, cardrules.client.cli; "
        "print(sorted(m for m in sys.modules if m.startswith('cardrules.client.tools')))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.strip() == "[]"
