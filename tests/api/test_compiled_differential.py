"""The interpreted source answers every conformance vector as the core under test does (the compiled one when
``bash tests/run.sh`` built it): the vectors are replayed in process, and again in a subprocess on a copy of the
sources without any compiled extension, and the answers compared one by one."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.support.vector_answers import answers

REPO = Path(__file__).resolve().parents[2]


def test_the_interpreted_core_answers_every_vector_alike(tmp_path: Path) -> None:
    shutil.copytree(
        REPO / "service" / "cardrules",
        tmp_path / "cardrules",
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "compiled.json"),
    )
    path = [str(tmp_path), str(REPO / "clients" / "python" / "src"), str(REPO)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    done = subprocess.run(
        [sys.executable, "-m", "tests.support.vector_answers"], cwd=REPO, env=env, capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr.decode()
    interpreted = json.loads(done.stdout)
    assert interpreted["core"] == str(tmp_path / "cardrules" / "core" / "sam" / "state.py")
    here = answers()
    assert len(here) > 300 and here.keys() == interpreted["answers"].keys()
    differing = [name for name, answer in here.items() if interpreted["answers"][name] != answer]
    assert not differing, differing[:20]
