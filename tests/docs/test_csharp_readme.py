"""The C# SDK's README, followed as a user would.

- Outside Unity: in a new folder outside the repository, the README's install lines run verbatim (with
  ``$CARDRULES`` pointing at this clone), its example is compiled and run with Mono, as the README says, against
  the local front the README names (``bash deploy/local/up.sh``: a replica behind Envoy, over HTTP/JSON), and its
  output is checked.
- In Unity: the README's sample MonoBehaviour is compiled against the SDK built as inside Unity
  (``UNITY_2021_1_OR_NEWER`` defined, so ``UnityWebRequestTransport`` is compiled too). Unity's own assemblies
  cannot be installed from any package registry and there is no better way to compile against them here, so the
  few UnityEngine types the two use come from minimal compile-time stand-ins with Unity's signatures
  (``clients/csharp/tests/unity/UnityEngine.cs``). This proves the sample matches the SDK's API (names, types,
  namespaces); it does not prove it against Unity's API beyond those stand-ins, and nothing of it runs.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.local_front import running_local_front
from tests.support.readme import at_address, readme_block, shell_lines
from tests.support.server_process import REPO_ROOT

CSHARP = REPO_ROOT / "clients" / "csharp"
README = CSHARP / "README.md"
README_FRONT = "http://localhost:8080"  # the front URL the README's example calls (up.sh's default)
# build.sh apt-installs Mono the first time (minutes); a few seconds afterwards.
TIMEOUT_SECONDS = 600
MCS_FLAGS = ["-langversion:7.2", "-warn:4", "-warnaserror", "-nologo"]  # as clients/csharp/build.sh


def _run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def front_url() -> Iterator[str]:
    with running_local_front(replicas=1) as front:
        yield front.json_url


def test_the_dotnet_install_and_example_work_in_a_new_folder(tmp_path: Path, front_url: str) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    env["CARDRULES"] = str(REPO_ROOT)  # the README's name for the user's clone
    project = tmp_path / "hello"
    project.mkdir()
    for line in shell_lines(readme_block(README, "dotnet-install")):
        _run(["bash", "-c", line], project, env)
    example = readme_block(README, "dotnet-example")
    (project / "Program.cs").write_text(at_address(example, front_url, README_FRONT), encoding="utf-8")
    outputs = [_run(["bash", "-c", line], project, env) for line in shell_lines(readme_block(README, "dotnet-run"))]
    assert outputs[-1].splitlines() == [
        "Trips A (Sap)",
        "Straight 2-3-4 (Lieng)",
        "3 moves; first is legal: True",
        "INVALID_ARGUMENT hands[0].cards[2] DUPLICATE_CARD",  # the field violation, and ErrorInfo's reason
    ]


def _library(out: Path, sources: list[str], references: list[Path | str], cwd: Path) -> Path:
    """Compile ``sources`` into the library ``out`` as Unity would: its define set, C# 7.2, warnings as errors."""
    flags = [*MCS_FLAGS, "-define:UNITY_2021_1_OR_NEWER", "-target:library", f"-out:{out}"]
    _run(["mcs", *flags, *(f"-r:{reference}" for reference in references), *sources], cwd)
    return out


def test_the_unity_sample_compiles_against_the_package(tmp_path: Path) -> None:
    _run(["bash", str(CSHARP / "build.sh")], REPO_ROOT)  # installs Mono when mcs is missing
    engine = _library(tmp_path / "UnityEngine.dll", ["tests/unity/UnityEngine.cs"], [], CSHARP)
    sdk_references: list[Path | str] = [engine, "System.Net.Http", "System.Runtime.Serialization"]
    sdk = _library(tmp_path / "Cardrules.Client.dll", ["-recurse:src/*.cs"], sdk_references, CSHARP)
    (tmp_path / "RulesSample.cs").write_text(readme_block(README, "unity-sample"), encoding="utf-8")
    # The sample constructs UnityWebRequestTransport, so this also fails if the define did not reach the SDK.
    _library(tmp_path / "Sample.dll", ["RulesSample.cs"], [engine, sdk], tmp_path)


def _comparison_table_column(language: str) -> list[str]:
    """The cells of one language's column in the top README's table comparing the SDKs."""
    lines = (REPO_ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("| | Python | TypeScript |"))
    column = [cell.strip() for cell in lines[header].strip("|").split("|")].index(language)
    rows = []
    for line in lines[header + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split(" | ")][column])
    return rows


def test_the_top_readmes_comparison_names_only_csharp_api_that_exists() -> None:
    cells = _comparison_table_column("C#")
    assert len(cells) >= 8
    sources = "\n".join(path.read_text(encoding="utf-8") for path in (CSHARP / "src").rglob("*.cs"))
    names = {
        name
        for cell in cells
        for code in re.findall(r"`([^`]+)`", cell)
        for name in re.findall(r"\b[A-Z][A-Za-z]+\b", code)
    }
    assert {"CardrulesClient", "ErrorInfo", "CallOptions", "FieldViolations", "Token"} <= names
    missing = sorted(name for name in names if not re.search(rf"\b(class|enum|[A-Za-z<>?\[\]]+) {name}\b", sources))
    assert not missing, f"the README's C# column names what the SDK does not declare: {missing}"
