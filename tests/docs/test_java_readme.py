"""The Java/Kotlin SDK's README, followed as a reader follows it (tests/support/readme_steps.py): its install lines
run as written, the clone's path being the one thing put in (``/path/to/cardrules``), installing
io.cardrules:cardrules-client into the default local Maven repository (~/.m2) as the README says; then, in an empty
folder outside the repository, every command of its example and whole-hand sections runs as written and every file
is saved under the name the README gives it, the programs calling a live server (its address for the README's
``localhost:50051``, as tests run in parallel). The reader's project is built twice: with the Maven on PATH (3.8.7,
Debian's, whose default compiler plugin cannot build for Java 17 without the README's pins) and with Maven 3.9 from
Maven Central.

The example must print what the README shows; the whole hand's printed settlement must be what the service's
SettleRound gives for the printed deal and actions (tests/support/printed_hand.py), and its whole output the
README's. The Gradle build the README gives next to the Maven one is not run here (no Gradle on this machine). The
Kotlin blocks are the example files the SDK's build compiles and its tests run (tests/sdk/test_java_conformance.py),
so they are checked to be those files, verbatim.

Warm (everything in ~/.m2): the SDK install ~20 s, each `mvn -q compile exec:java` of the reader's project 10-25 s on
a loaded 2-core machine; cold, Maven Central downloads add minutes.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import subprocess
import tarfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.printed_hand import check_printed_hands
from tests.support.readme import README_TARGET, readme_block
from tests.support.readme_steps import CLONE_PLACEHOLDER, follow
from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

SDK = REPO_ROOT / "clients" / "java"
README = SDK / "README.md"
# A cold ~/.m2 downloads grpc, protobuf and Maven's plugins: minutes; seconds after.
TIMEOUT_SECONDS = 600
MAVEN_39 = "3.9.11"
COPY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.11.0:copy"  # the version the SDK's build pins
# Debian's Maven 3.8.7 ends its output with a colour reset (ESC[0m) even with -q and -B: a terminal shows nothing
# for it, so what the reader sees is the output without such codes.
_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


@contextlib.contextmanager
def _maven_lock() -> Iterator[None]:
    """The lock test_java_conformance.py and test_java_auth.py take: one Maven build at a time in clients/java."""
    with (SDK / "pom.xml").open("rb") as pom:
        fcntl.flock(pom, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(pom, fcntl.LOCK_UN)


def _env(path_first: Path | None = None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    if path_first is not None:
        env["PATH"] = f"{path_first}{os.pathsep}{env['PATH']}"
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The README's install lines, from a folder of their own (the block itself goes into the clone)."""
    assert shutil.which("mvn") and shutil.which("java"), "the Java SDK needs Maven and Java 17 on PATH"
    with _maven_lock():
        follow(README, ["java-install"], tmp_path_factory.mktemp("install"), {CLONE_PLACEHOLDER: str(REPO_ROOT)},
               _env(), TIMEOUT_SECONDS)  # fmt: skip


@pytest.fixture(scope="module")
def maven_39(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Maven 3.9's bin folder: its distribution (org.apache.maven:apache-maven:bin, kept in ~/.m2 like any
    artifact) unpacked."""
    folder = tmp_path_factory.mktemp("maven-3.9")
    artifact = f"org.apache.maven:apache-maven:{MAVEN_39}:tar.gz:bin"
    copy = ["mvn", "-q", "-B", COPY_PLUGIN, f"-Dartifact={artifact}", f"-DoutputDirectory={folder}"]
    done = subprocess.run(copy, cwd=folder, env=_env(), capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    assert done.returncode == 0, f"{copy} exited {done.returncode}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    with tarfile.open(folder / f"apache-maven-{MAVEN_39}-bin.tar.gz") as archive:
        archive.extractall(folder, filter="data")
    return folder / f"apache-maven-{MAVEN_39}" / "bin"


@pytest.fixture(params=["maven-on-path", f"maven-{MAVEN_39}"])
def maven(request: pytest.FixtureRequest) -> Path | None:
    """The folder to put first on PATH for the reader's Maven: none (the machine's) or Maven 3.9's."""
    if request.param == "maven-on-path":
        return None
    bin_folder: Path = request.getfixturevalue("maven_39")
    return bin_folder


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server(["--workers", "1"]) as handle:
        yield handle


def _follow(names: list[str], folder: Path, server: ServerHandle, maven: Path | None) -> str:
    """The reader's project steps ``names`` in ``folder``; the last command's output as a terminal shows it."""
    outputs = follow(README, names, folder, {README_TARGET: server.target}, _env(maven), TIMEOUT_SECONDS)
    return _COLOUR.sub("", outputs[-1])


def _maven_version(maven: Path | None) -> str:
    done = subprocess.run(["mvn", "-v"], env=_env(maven), capture_output=True, text=True, timeout=120, check=True)
    return _COLOUR.sub("", done.stdout).splitlines()[0]


def test_the_example_runs_in_an_empty_folder(
    installed: None, maven: Path | None, tmp_path: Path, server: ServerHandle
) -> None:
    output = _follow(["java-project", "java-pom", "java-example", "java-run"], tmp_path, server, maven)
    assert output == readme_block(README, "java-example-output"), f"{_maven_version(maven)} printed:\n{output}"


def test_the_whole_hand_prints_the_settlement_the_service_gives(
    installed: None, maven: Path | None, tmp_path: Path, server: ServerHandle
) -> None:
    # From the install straight to the whole hand, as a reader who skips the example would.
    output = _follow(["java-project", "java-pom", "java-hand", "java-hand-run"], tmp_path, server, maven)
    with server.channel() as channel:
        check_printed_hands(output, channel)
    assert output == readme_block(README, "java-hand-output"), f"the README shows another output than:\n{output}"


def test_the_maven_versions_are_the_ones_named(maven: Path | None) -> None:
    # The project is built with the machine's Maven 3.8 and with 3.9: a machine whose Maven moved on would
    # silently stop covering 3.8.
    expected = "Apache Maven 3.8." if maven is None else f"Apache Maven {MAVEN_39} "
    assert _maven_version(maven).startswith(expected), _maven_version(maven)


def _file_after_header(path: Path) -> str:
    """An example file without its first line (the comment saying it is the README's)."""
    return path.read_text(encoding="utf-8").split("\n", 1)[1]


@pytest.mark.parametrize(
    ("block", "source"),
    [
        ("kotlin-example", "src/examples/kotlin/io/cardrules/examples/Example.kt"),
        ("kotlin-auth-example", "src/examples/kotlin/io/cardrules/examples/Authenticated.kt"),
        ("kotlin-coroutines-example", "src/examples/kotlin/io/cardrules/examples/Coroutines.kt"),
        ("java-auth-example", "src/test/java/io/cardrules/examples/AuthenticatedExample.java"),
        ("java-streams-example", "src/test/java/io/cardrules/examples/StreamsExample.java"),
        ("java-fair-deal-example", "src/test/java/io/cardrules/examples/FairDealExample.java"),
    ],
)
def test_the_other_readme_examples_are_the_files_the_build_compiles(block: str, source: str) -> None:
    # The build compiles these files; ConformanceTest runs Example.kt, StreamsExample.java and FairDealExample.java
    # against a live server, InProcessTest runs Coroutines.kt against an in-process one.
    assert readme_block(README, block) == _file_after_header(SDK / source)
