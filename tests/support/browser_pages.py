"""One page of the browser example bundled into a temporary directory and served on a free loopback port, and the
example's Chromium scripts (``test/*.mjs``) run against it.

Each browser test bundles its own copy, so none touches the example's own ``dist/`` (the browser example's docs test
builds that one with its README's lines): two tests on two pytest workers never write the same files while a
browser reads them.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = REPO_ROOT / "clients" / "typescript" / "examples" / "browser"
CHROMIUM = Path("/usr/bin/chromium")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def bundled_page(root: Path, page: str, entry: str) -> Iterator[str]:
    """``page`` (an HTML file of the example), the example's style sheet and ``entry`` (a ``src/*.ts`` file) bundled
    into ``root/dist``, served from ``root``; yields the base URL (ending in ``/``). Whatever the caller put in
    ``root`` beforehand (records the page links to) is served too."""
    assert CHROMIUM.exists(), f"{CHROMIUM} missing: bash tests/run.sh installs Debian's chromium"
    esbuild = EXAMPLE / "node_modules" / ".bin" / "esbuild"
    assert esbuild.exists(), f"{esbuild} missing: bash tests/run.sh runs npm ci for the example"
    for name in (page, "style.css"):
        shutil.copy(EXAMPLE / name, root / name)
    command = [str(esbuild), entry, "--bundle", "--format=esm", "--target=es2022", f"--outdir={root / 'dist'}"]
    done = subprocess.run(command, cwd=EXAMPLE, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def run_in_chromium(script: str, *args: str, timeout: float = 600) -> Any:
    """Run one of the example's Chromium scripts (``test/*.mjs``, by its path in the example) with ``args``; what
    it printed last, read as JSON (each script ends with one line that sums up what the pages showed)."""
    node = shutil.which("node")
    assert node is not None, "node is not on PATH"
    done = subprocess.run(
        [node, script, *args], cwd=EXAMPLE, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"the browser run failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])
