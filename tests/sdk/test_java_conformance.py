"""The Java/Kotlin SDK: its JUnit 5 suite (cards, matcher, errors, channel config, stream mode, and every shared
vector replayed against a live server both as unary calls and in stream mode, plus the Kotlin example) run by Maven
against the real server.

Without a server the live tests skip (so `mvn install` works from a clone); here the server's address is passed as
-Dcardrules.target and any skipped test fails this one.

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
from xml.etree import ElementTree

from tests.support.server_process import REPO_ROOT, running_server

SDK = REPO_ROOT / "clients" / "java"
SUMMARY = re.compile(r"^conformance: (\d+) passed, (\d+) failed$", re.MULTILINE)
STREAM_SUMMARY = re.compile(r"^conformance \(stream\): (\d+) passed, (\d+) failed$", re.MULTILINE)


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
        shutil.rmtree(SDK / "target" / "surefire-reports", ignore_errors=True)  # count this run's reports only
        env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
        result = subprocess.run(
            [mvn, "-q", "-B", "test", f"-Dcardrules.target={server.target}"],
            cwd=SDK, env=env, capture_output=True, text=True, timeout=540, check=False,
        )  # fmt: skip
        reports = _surefire_counts()
    report = f"\n--- stdout ---\n{result.stdout[-8000:]}\n--- stderr ---\n{result.stderr[-4000:]}"
    assert result.returncode == 0, report
    summary = SUMMARY.search(result.stdout)
    assert summary is not None, "no conformance summary line" + report
    assert int(summary[2]) == 0, report
    assert int(summary[1]) > 0, report
    # The same vectors replayed in stream mode (each call a message on the service's Stream RPC): same count.
    streamed = STREAM_SUMMARY.search(result.stdout)
    assert streamed is not None, "no stream-mode conformance summary line" + report
    assert (int(streamed[1]), int(streamed[2])) == (int(summary[1]), 0), report
    assert "io.cardrules.client.ConformanceTest" in reports, f"no ConformanceTest report: {sorted(reports)}"
    skipped = {name: counts for name, counts in reports.items() if counts[1] > 0}
    assert not skipped, f"tests skipped against a live server (class: (tests, skipped)): {skipped}" + report


def _surefire_counts() -> dict[str, tuple[int, int]]:
    """(tests, skipped) per test class, from the reports of the run that just ended (Maven's -q hides them)."""
    counts: dict[str, tuple[int, int]] = {}
    for path in (SDK / "target" / "surefire-reports").glob("TEST-*.xml"):
        suite = ElementTree.parse(path).getroot()
        counts[suite.get("name", path.stem)] = (int(suite.get("tests", "0")), int(suite.get("skipped", "0")))
    return counts
