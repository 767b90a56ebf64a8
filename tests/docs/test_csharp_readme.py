"""The C# SDK's README, followed as a user would.

- Outside Unity: in an empty folder outside the repository, every command of the README's install, example and
  whole-hand steps runs as written and every file is saved under the name it gives (tests/support/readme_steps.py),
  the clone's path being the one thing put in (``/path/to/cardrules``); the programs are compiled and run with Mono
  against the local front the README names (``bash deploy/local/up.sh``: a replica behind Envoy, over HTTP/JSON;
  its URL for the README's ``http://localhost:8080``, as tests run in parallel). The example's output is checked;
  the whole hand's printed settlement is checked against what SettleRound gives for the printed deal and actions
  (tests/support/printed_hand.py), and its end against the output the README shows.
- In Unity: the README's sample MonoBehaviour is compiled against the SDK built as inside Unity
  (``UNITY_2021_1_OR_NEWER`` defined, so ``UnityWebRequestTransport`` is compiled too). Unity's own assemblies
  cannot be installed from any package registry and there is no better way to compile against them here, so the
  few UnityEngine types the two use come from minimal compile-time stand-ins with Unity's signatures
  (``clients/csharp/tests/unity/UnityEngine.cs``). This proves the sample matches the SDK's API (names, types,
  namespaces); it does not prove it against Unity's API beyond those stand-ins, and nothing of it runs.
- The fair-deal and views lines (fragments of a backend) are compiled against the SDK, each as the body of a method
  taking the names it uses; nothing of them runs (the SDK's unit harness runs FairDeal and Views themselves).
"""

from __future__ import annotations

import os
import re
import subprocess
import textwrap
from collections.abc import Iterator
from pathlib import Path
from string import Template

import grpc
import pytest

from tests.support.local_front import LocalFront, running_local_front
from tests.support.printed_hand import check_printed_hands
from tests.support.readme import readme_block
from tests.support.readme_steps import CLONE_PLACEHOLDER, follow
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
def front() -> Iterator[LocalFront]:
    with running_local_front(replicas=1) as running:
        yield running


def _follow(names: list[str], folder: Path, front: LocalFront) -> list[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    replace = {CLONE_PLACEHOLDER: str(REPO_ROOT), README_FRONT: front.json_url}
    return follow(README, names, folder, replace, env, TIMEOUT_SECONDS)


def test_the_dotnet_install_and_example_work_in_an_empty_folder(tmp_path: Path, front: LocalFront) -> None:
    outputs = _follow(["dotnet-install", "dotnet-example", "dotnet-run"], tmp_path, front)
    assert outputs[-1].splitlines() == [
        "Trips A (Sap)",
        "Straight 2-3-4 (Lieng)",
        "3 moves; first is legal: True",
        "INVALID_ARGUMENT hands[0].cards[2] DUPLICATE_CARD",  # the field violation, and ErrorInfo's reason
    ]


def test_the_whole_hand_prints_the_settlement_the_service_gives(tmp_path: Path, front: LocalFront) -> None:
    # From the install straight to the whole hand, as a reader who skips the example would.
    outputs = _follow(["dotnet-install", "dotnet-hand", "dotnet-hand-run"], tmp_path, front)
    with grpc.insecure_channel(front.grpc_target) as channel:  # the same front, over gRPC
        check_printed_hands(outputs[-1], channel)
    shown = readme_block(README, "dotnet-hand-output")
    assert outputs[-1].endswith(shown), f"the README shows an end the program does not print:\n{outputs[-1]}"


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


# The README's fair-deal and views lines are fragments of a backend: each is compiled as the body of a method whose
# parameters are the names it uses without declaring them, typed as the README's prose says they are.
_FRAGMENTS = Template("""using System.Collections.Generic;
using System.Threading.Tasks;
using Cardrules.Client;
using Cardrules.V1;

public static class ReadmeFragments
{
    public static void FairDealLines(byte[] serverSeed, IList<Cards> handsPlayed, byte[] publishedCommitment)
    {
$fair_deal
    }

    public static async Task ViewsLines(CardrulesClient client, SamLocServiceValidatePlayRequest request)
    {
$views
    }
}
""")


def test_the_fair_deal_and_views_lines_compile_against_the_sdk(tmp_path: Path) -> None:
    _run(["bash", str(CSHARP / "build.sh")], REPO_ROOT)  # installs Mono when mcs is missing
    blocks = {name: textwrap.indent(readme_block(README, f"csharp-{name.replace('_', '-')}"), " " * 8)
              for name in ("fair_deal", "views")}  # fmt: skip
    (tmp_path / "ReadmeFragments.cs").write_text(_FRAGMENTS.substitute(blocks), encoding="utf-8")
    sdk = CSHARP / "build" / "Cardrules.Client.dll"
    # Every warning stays an error but CS0219 (a variable never read): the reader's own code goes on to use them.
    flags = [*MCS_FLAGS, "-nowarn:219", "-target:library", "-out:Fragments.dll", f"-r:{sdk}"]
    _run(["mcs", *flags, "ReadmeFragments.cs"], tmp_path)


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
