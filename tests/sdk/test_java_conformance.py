"""The Java/Kotlin SDK: its JUnit 5 suite (cards, matcher, errors, channel config, and every shared vector
replayed against a live server, plus the Kotlin example) run by Maven against the real server.

Needs Java 17 and Maven 3.8 on PATH. The first run downloads ~110 MB of dependencies from Maven Central: `mvn clean
test` took 33 s from an empty local repository here, 20 s warm. A missing toolchain fails rather than skips: a
missing SDK is a broken suite.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import subprocess
from collections.abc import Iterator

from tests.support.server_process import REPO_ROOT, running_server

SDK = REPO_ROOT / "clients" / "java"
SUMMARY = re.compile(r"^conformance: (\d+) passed, (\d+) failed$", re.MULTILINE)


@contextlib.contextmanager
def _maven_lock() -> Iterator[None]:
    """Holds the lock that test_java_auth.py also takes: pytest-xdist may run both modules at once, and two
    Maven builds in one project folder would overwrite each other's classes."""
    with (SDK / "pom.xml").open("rb") as pom:
        fcntl.flock(pom, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(pom, fcntl.LOCK_UN)


def test_junit_suite_and_shared_vectors_pass_against_the_real_server() -> None:
    mvn = shutil.which("mvn")
    assert mvn is not None, "mvn is not on PATH: the Java SDK needs Maven 3.8+ and Java 17"
    with _maven_lock(), running_server() as server:
        env = {**os.environ, "CARDRULES_TARGET": server.target}
        result = subprocess.run(
            [mvn, "-q", "-B", "test"], cwd=SDK, env=env, capture_output=True, text=True, timeout=540, check=False
        )
    report = f"\n--- stdout ---\n{result.stdout[-8000:]}\n--- stderr ---\n{result.stderr[-4000:]}"
    assert result.returncode == 0, report
    summary = SUMMARY.search(result.stdout)
    assert summary is not None, "no conformance summary line" + report
    assert int(summary[2]) == 0, report
    assert int(summary[1]) > 0, report
