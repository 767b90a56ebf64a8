"""The C# SDK's UnityWebRequestTransport, compiled as inside Unity (``UNITY_2021_1_OR_NEWER`` defined) against the
UnityEngine stand-ins of clients/csharp/tests/unity/UnityEngine.cs, and run against their UnityWebRequest test
double: the request it sends (URL, POST, JSON body, Content-Type, the bearer token, extra headers, the timeout in
whole seconds), the response it hands back (status, body, every header), typed errors with ErrorInfo, and Unity's
failures mapped to UNAVAILABLE (retried), DEADLINE_EXCEEDED and cancellation. Unity's own assemblies are not
installable from any package registry, so this proves the transport against Unity's documented behaviour as the
double models it, not against a Unity player. No server is needed.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.support.server_process import REPO_ROOT

CSHARP = REPO_ROOT / "clients" / "csharp"
MCS_FLAGS = ["-langversion:7.2", "-warn:4", "-warnaserror", "-nologo"]  # as clients/csharp/build.sh
TIMEOUT_SECONDS = 600  # build.sh apt-installs Mono the first time


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=CSHARP, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False)


def _compile(*args: str) -> None:
    done = _run(["mcs", *MCS_FLAGS, *args])
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_unity_transport_against_the_unitywebrequest_double(tmp_path: Path) -> None:
    built = _run(["bash", str(CSHARP / "build.sh")])  # installs Mono when mcs is missing
    assert built.returncode == 0, built.stdout + built.stderr
    engine, sdk, tests = tmp_path / "UnityEngine.dll", tmp_path / "Cardrules.Client.dll", tmp_path / "UnityTests.exe"
    _compile("-target:library", f"-out:{engine}", "tests/unity/UnityEngine.cs")
    _compile(
        "-define:UNITY_2021_1_OR_NEWER",
        "-target:library",
        f"-out:{sdk}",
        f"-r:{engine}",
        "-r:System.Net.Http",
        "-r:System.Runtime.Serialization",
        "-recurse:src/*.cs",
    )
    _compile("-target:exe", f"-out:{tests}", f"-r:{engine}", f"-r:{sdk}", "tests/unity/UnityTransportTests.cs")
    done = _run(["mono", str(tests)])
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "6 passed, 0 failed", done.stdout
