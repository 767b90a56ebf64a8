"""The TypeScript SDK's browser entry replays every shared vector from inside a real browser: the example's
conformance page (clients/typescript/examples/browser/conformance.html, bundled with esbuild from the SDK's
``@cardrules/client/web``) runs in Debian's headless chromium, driven by playwright-core, and sends each case over
gRPC-Web through the local front (``deploy/local/up.sh``: a real Envoy from the deployment's own template) to two
replicas. Every case must pass.

``bash tests/run.sh`` installs chromium (apt) and the example's packages (``npm ci``). The page is bundled into a
temporary directory, so this test never touches the example's own dist/ (the docs test builds that one).
"""

from __future__ import annotations

import importlib
import json
import sys
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
VECTORS = REPO_ROOT / "tests" / "vectors"

# tests/sdk is not a package, so pytest does not put the repository root on sys.path for it.
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))
running_local_front = importlib.import_module("tests.support.local_front").running_local_front
browser_pages = importlib.import_module("tests.support.browser_pages")
bundled_page, run_in_chromium = browser_pages.bundled_page, browser_pages.run_in_chromium


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """conformance.html and its bundle in a temporary directory, served on a free loopback port."""
    with bundled_page(tmp_path_factory.mktemp("browser-conformance"), "conformance.html", "src/conformance.ts") as base:
        yield f"{base}conformance.html"


@pytest.fixture(scope="module")
def grpc_web_url() -> Iterator[str]:
    with running_local_front(replicas=2) as front:
        yield front.grpc_web_url


def _case_count() -> int:
    return sum(len(json.loads(path.read_text(encoding="utf-8"))["cases"]) for path in VECTORS.rglob("*.json"))


def test_every_vector_passes_in_chromium_over_grpc_web(page_url: str, grpc_web_url: str) -> None:
    url = f"{page_url}?{urllib.parse.urlencode({'front': grpc_web_url})}"
    result = run_in_chromium("test/run-vectors.mjs", url, str(VECTORS))
    report = "\n".join(result["failures"][:30])
    assert result["problems"] == [], result["problems"]
    assert result["failed"] == 0, f"{result['status']}\n{report}"
    assert result["passed"] == _case_count(), result["status"]
