"""A README's steps followed as a reader follows them, in an empty folder: its marked shell blocks run as typed,
its marked file blocks saved under the name the README gives them.

    replace = {CLONE_PLACEHOLDER: str(REPO_ROOT)}
    outputs = follow(README, ["go-install", "go-example", "go-run"], folder, replace, os.environ, timeout=600)

A file block names its file in the sentence that leads into it, ending with the name in backticks and a colon:

    Save this as `main.go`:

    <!-- docs-test: go-example -->
    ```go
    ...
    ```

A block whose fence says ``sh``/``bash``/``shell`` is a list of commands: the whole block runs in ``folder`` with
``bash -euo pipefail`` (the first failing command fails the step, as it would stop a reader). Every other block
is a file. The one thing a reader substitutes, the clone's path, is written :data:`CLONE_PLACEHOLDER` in the
READMEs; ``replace`` swaps it (and anything else a test must point elsewhere, like a server's address) in every
block, and each of its keys must occur in at least one block, so a README that drops one fails loudly.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from tests.support.readme import readme_block

CLONE_PLACEHOLDER = "/path/to/cardrules"  # the READMEs' name for the reader's clone of this repository
SHELL_FENCES = {"sh", "bash", "shell"}


def _fence_info(readme_text: str, name: str) -> str:
    match = re.search(rf"<!--\s*docs-test:\s*{re.escape(name)}\s*-->\s*\n`{{3,}}(?P<info>[^\n]*)\n", readme_text)
    if match is None:
        raise AssertionError(f"no block marked <!-- docs-test: {name} --> followed by a fence")
    return match["info"].strip()


def saved_file_name(readme_text: str, name: str) -> str:
    """The file the README tells the reader to save block ``name`` as: the backticked name ending the text just
    before its marker (``… save this as `hand/main.go`:``)."""
    match = re.search(rf"`(?P<file>[^`\s]+)`:\s*\n\s*<!--\s*docs-test:\s*{re.escape(name)}\s*-->", readme_text)
    if match is None:
        raise AssertionError(f"the text before block {name!r} does not name its file (… as `FILE`:)")
    return match["file"]


def follow(
    readme: Path, names: Sequence[str], folder: Path, replace: Mapping[str, str], env: Mapping[str, str],
    timeout: float,
) -> list[str]:  # fmt: skip
    """Do what the README's blocks ``names`` say, in order, in ``folder``; returns each shell block's stdout."""
    text = readme.read_text(encoding="utf-8")
    blocks = [(name, readme_block(readme, name)) for name in names]
    for key in replace:
        if not any(key in body for _, body in blocks):
            raise AssertionError(f"none of {readme}'s blocks {list(names)} contains {key!r}: update the docs test")
    outputs: list[str] = []
    for name, body in blocks:
        for key, value in replace.items():
            body = body.replace(key, value)
        if _fence_info(text, name) in SHELL_FENCES:
            done = subprocess.run(
                ["bash", "-euo", "pipefail", "-c", body], cwd=folder, env=dict(env), capture_output=True, text=True,
                timeout=timeout,
            )  # fmt: skip
            assert done.returncode == 0, f"{name}: {body}failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
            outputs.append(done.stdout)
        else:
            path = folder / saved_file_name(text, name)
            # No folder is made here: a file in a folder the README never has the reader make is a missing step.
            saved = path.relative_to(folder)
            assert path.parent.is_dir(), f"{name}: the README saves {saved} in a folder it never has the reader make"
            path.write_text(body, encoding="utf-8")
    return outputs
