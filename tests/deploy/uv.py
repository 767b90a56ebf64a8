"""uv (PyPI), the resolver that writes deploy/requirements.lock: installed on first use into a cache directory of
its own, at the version the lock's header names, so the check needs nothing installed by hand."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

UV_VERSION = "0.13.8"


@functools.cache
def uv() -> Path:
    home = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "cardrules" / f"uv-{UV_VERSION}"
    binary = home / "bin" / "uv"
    if not binary.exists():
        result = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--target", str(home), f"uv=={UV_VERSION}"],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert result.returncode == 0, f"pip install uv=={UV_VERSION} failed:\n{result.stderr[-3000:]}"
    assert binary.exists(), f"uv {UV_VERSION} installed, but {binary} is missing"
    return binary
