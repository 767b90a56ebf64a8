"""The TypeScript SDK's stream mode against real server processes: under steady load, streams ended by their
connection's maximum age, and one replica killed (SIGKILL) and another drained (SIGTERM), lose no call.

A Node client has one target, so the three replicas share one port (SO_REUSEPORT): the kernel spreads the client's
connections over them as a Kubernetes Service spreads connections over pods. The client keeps four streams, each
on its own HTTP/2 connection. Each time, the replica going down is the live one that has answered
the most stream messages, so it has streams open and calls in flight on them; those calls are sent again on new
connections, which only the replicas still listening accept, and every caller gets its answer.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import threading
from datetime import UTC, datetime
from typing import Any

from tests.deploy.local import shared_port_replicas
from tests.support.calls import metric_samples
from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

SDK = REPO_ROOT / "clients" / "typescript"
CALLS = 100  # answered before a replica goes down, and again after
WAIT_SECONDS = 60.0

# Back-to-back ScoreLieng calls from 8 concurrent callers on one stream-mode client, each answer checked against the
# first; a line {"ok": n, "failed": m} every 100 ms, and when stdin closes the callers stop and the last line
# carries the failures themselves.
LOAD = """
import { createLiengClient, parseHand } from "@cardrules/client/node";
const lieng = createLiengClient(process.env.TARGET, { streams: 4, timeoutMs: 10000 });
const request = { hands: ["AC AD AH", "KS AD 2H", "2S 3H 4D"].map(parseHand) };
const answer = (response) => JSON.stringify(response.scores.map((s) => [s.tier, s.points, s.strength]));
const expected = answer(await lieng.scoreLieng(request));
let ok = 0;
let stopping = false;
const failures = [];
async function caller() {
  while (!stopping) {
    try {
      if (answer(await lieng.scoreLieng(request)) === expected) ok++;
      else failures.push("wrong answer");
    } catch (error) {
      failures.push(String(error));
    }
  }
}
const report = setInterval(() => console.log(JSON.stringify({ ok, failed: failures.length })), 100);
process.stdin.on("end", () => { stopping = true; });
process.stdin.resume();
await Promise.all(Array.from({ length: 8 }, caller));
clearInterval(report);
await lieng.close();
console.log(JSON.stringify({ ok, failed: failures.length, failures: failures.slice(0, 10), done: true }));
"""


class NodeLoad:
    """The Node load above, its progress read from its output as it comes."""

    def __init__(self, target: str) -> None:
        node = shutil.which("node")
        assert node is not None, "node is not on PATH: the TypeScript SDK needs Node 20"
        self.process = subprocess.Popen(
            [node, "--input-type=module", "-e", LOAD],
            cwd=SDK,  # so the script imports the built package by its name
            env={**os.environ, "TARGET": f"http://{target}"},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.latest: dict[str, Any] = {"ok": 0, "failed": 0}
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self._changed:
                self.latest = json.loads(line)
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def wait_for(self, calls: int) -> None:
        """Until `calls` more calls have been answered."""
        target = int(self.latest["ok"]) + calls
        with self._changed:
            reached = self._changed.wait_for(
                lambda: self.latest["ok"] >= target or self.process.poll() is not None, timeout=WAIT_SECONDS
            )
        assert reached and self.process.poll() is None, self._describe(f"{calls} calls not answered")

    def finish(self) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=WAIT_SECONDS)
        self._reader.join(timeout=WAIT_SECONDS)
        assert self.process.returncode == 0 and self.latest.get("done"), self._describe("the load did not finish")
        return self.latest

    def stop(self) -> None:
        """Kill the load if it is still running (a test that failed midway)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def _describe(self, problem: str) -> str:
        stderr = self.process.stderr.read() if self.process.poll() is not None and self.process.stderr else ""
        return f"{problem}; last report {self.latest}\n{stderr[-4000:]}"


def stream_messages(server: ServerHandle) -> float:
    """Messages the replica answered on streams, from its own metrics."""
    return sum(
        value
        for (name, labels), value in metric_samples(server).items()
        if name == "cardrules_rpc_calls_total" and ("transport", "stream") in labels
    )


def busiest(servers: list[ServerHandle]) -> ServerHandle:
    served = [stream_messages(server) for server in servers]
    assert max(served) > 0, f"no message went over a stream: {served}"
    return servers[served.index(max(served))]


def test_streams_ended_by_the_connection_age_lose_no_call() -> None:
    # Connections past 1 s (±10 %) get a GOAWAY, and their streams end once the 1 s grace runs out, whatever is in
    # flight: those calls go again on new connections.
    with running_server(["--max-connection-age", "1", "--max-connection-age-grace", "1"]) as server:
        load = NodeLoad(server.target)
        try:
            for _ in range(2):
                since = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
                server.wait_for_log(lambda record, since=since: stream_ended(record, since), timeout=WAIT_SECONDS)
                load.wait_for(CALLS)
            summary = load.finish()
        finally:
            load.stop()
    assert summary["failures"] == [] and summary["failed"] == 0, summary


def stream_ended(record: dict[str, Any], since: str) -> bool:
    """Whether the log line is a stream's last (its 'stream' line without 'open'), logged after `since`."""
    return record.get("event") == "stream" and "open" not in record and str(record.get("timestamp")) > since


def test_replicas_killed_and_drained_under_load_lose_no_call() -> None:
    with shared_port_replicas(3) as servers:
        load = NodeLoad(servers[0].target)
        try:
            live = list(servers)
            for sig in (signal.SIGKILL, signal.SIGTERM):
                load.wait_for(CALLS)
                victim = busiest(live)
                victim.terminate(sig)
                live.remove(victim)
            load.wait_for(CALLS)
            summary = load.finish()
        finally:
            load.stop()
    assert summary["failures"] == [] and summary["failed"] == 0, summary
    assert summary["ok"] >= 3 * CALLS
