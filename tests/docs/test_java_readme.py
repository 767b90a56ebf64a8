"""The Java/Kotlin SDK's README, followed as a user would: its install lines run verbatim in the clone (installing
io.cardrules:cardrules-client into the default local Maven repository, ~/.m2, as the README says), then a new Maven
project outside the repository that depends on it with the README's dependency block compiles and runs the README's
Java example against a live server. The Kotlin blocks are the example files the SDK's build compiles and its tests
run (tests/sdk/test_java_conformance.py), so they are checked to be those files, verbatim.

Warm (dependencies in ~/.m2): the SDK install (~12 s), one Maven run to compile the new project and write its class
path, and the example on plain `java`; 45-60 s in all on a 2-core machine under heavy load (load average 13-19).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.readme import at_address, readme_block, shell_lines
from tests.support.server_process import REPO_ROOT, running_server

SDK = REPO_ROOT / "clients" / "java"
README = SDK / "README.md"
# A cold ~/.m2 downloads grpc, protobuf and Maven's plugins: minutes; seconds after.
TIMEOUT_SECONDS = 600
DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.11.0:build-classpath"

# The user's project: only the README's dependency block is the SDK's; plugin versions as the SDK's build pins them,
# so a warm ~/.m2 already holds them.
POM = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>tablegame</artifactId>
  <version>1.0</version>
  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>17</maven.compiler.release>
  </properties>
  <dependencies>
{dependency}
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-resources-plugin</artifactId>
        <version>3.3.1</version>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
    </plugins>
  </build>
</project>
"""


@contextlib.contextmanager
def _maven_lock() -> Iterator[None]:
    """The lock test_java_conformance.py and test_java_auth.py take: one Maven build at a time in clients/java."""
    with (SDK / "pom.xml").open("rb") as pom:
        fcntl.flock(pom, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(pom, fcntl.LOCK_UN)


def _env() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False
    )


def _report(done: subprocess.CompletedProcess[str]) -> str:
    return f"{done.args} exited {done.returncode}:\n{done.stdout[-6000:]}\n{done.stderr[-4000:]}"


def _file_after_header(path: Path) -> str:
    """An example file without its first line (the comment saying it is the README's)."""
    return path.read_text(encoding="utf-8").split("\n", 1)[1]


@pytest.fixture(scope="module")
def installed() -> None:
    """The README's install lines, run in the clone as one shell (the block starts with `cd clients/java`)."""
    assert shutil.which("mvn") and shutil.which("java"), "the Java SDK needs Maven and Java 17 on PATH"
    with _maven_lock():
        done = _run(["bash", "-ec", " && ".join(shell_lines(readme_block(README, "java-install")))], REPO_ROOT)
    assert done.returncode == 0, _report(done)


def test_the_readme_example_runs_in_a_new_maven_project(installed: None, tmp_path: Path) -> None:
    project = tmp_path / "tablegame"
    sources = project / "src" / "main" / "java"
    sources.mkdir(parents=True)
    dependency = readme_block(README, "java-maven-dependency")
    (project / "pom.xml").write_text(POM.format(dependency=dependency.rstrip("\n")), encoding="utf-8")
    example = readme_block(README, "java-example")
    with running_server(["--workers", "1"]) as server:
        (sources / "Example.java").write_text(at_address(example, server.target), encoding="utf-8")
        build = ["mvn", "-q", "-B", "compile", DEPENDENCY_PLUGIN, "-Dmdep.outputFile=classpath"]
        built = _run([*build[:1], "-o", *build[1:]], project)  # offline: everything is in ~/.m2 after a first run
        if built.returncode != 0 and "offline" in built.stdout:
            built = _run(build, project)  # a first run: fetch what is missing
        assert built.returncode == 0, _report(built)
        # Its own JVM, not exec:java inside Maven's (busy compiling Maven's code): the example's first call has the
        # SDK's 2 s default deadline.
        classpath = os.pathsep.join(["target/classes", (project / "classpath").read_text(encoding="utf-8").strip()])
        done = _run(["java", "-cp", classpath, "Example"], project)
    assert done.returncode == 0, _report(done)
    assert done.stdout.splitlines() == [
        "Trips A 3",
        "Straight 2-3-4 9",
        "INVALID_ARGUMENT hands[0]",
        "8 moves; first is legal: true",
    ], _report(done)


@pytest.mark.parametrize(
    ("block", "source"),
    [
        ("kotlin-example", "src/examples/kotlin/io/cardrules/examples/Example.kt"),
        ("kotlin-auth-example", "src/examples/kotlin/io/cardrules/examples/Authenticated.kt"),
        ("kotlin-coroutines-example", "src/examples/kotlin/io/cardrules/examples/Coroutines.kt"),
        ("java-auth-example", "src/test/java/io/cardrules/examples/AuthenticatedExample.java"),
        ("java-streams-example", "src/test/java/io/cardrules/examples/StreamsExample.java"),
    ],
)
def test_the_other_readme_examples_are_the_files_the_build_compiles(block: str, source: str) -> None:
    # The build compiles these files; ConformanceTest runs Example.kt and StreamsExample.java against a live server,
    # InProcessTest runs Coroutines.kt against an in-process one.
    assert readme_block(README, block) == _file_after_header(SDK / source)
