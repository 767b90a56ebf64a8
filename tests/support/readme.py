"""Code blocks taken from the READMEs themselves, so a docs test runs exactly what a user reads.

A README marks a block for the docs tests with an HTML comment on the line before its fence, which renders as
nothing on GitHub or npm:

    <!-- docs-test: python-example -->
    ```python
    ...
    ```
"""

from __future__ import annotations

import re
from pathlib import Path

_MARK = re.compile(
    r"<!--\s*docs-test:\s*(?P<name>[\w.-]+)\s*-->\s*\n(?P<fence>`{3,})[^\n]*\n(?P<body>.*?)\n(?P=fence)", re.S
)


def readme_blocks(readme: Path) -> dict[str, str]:
    """Every marked block of ``readme`` by name; a name used twice is an error."""
    blocks: dict[str, str] = {}
    for match in _MARK.finditer(readme.read_text(encoding="utf-8")):
        name = match["name"]
        if name in blocks:
            raise ValueError(f"{readme}: docs-test block {name!r} appears twice")
        blocks[name] = match["body"] + "\n"
    return blocks


def readme_block(readme: Path, name: str) -> str:
    """The marked block ``name`` of ``readme``; fails loudly when the README lost it."""
    blocks = readme_blocks(readme)
    if name not in blocks:
        raise AssertionError(f"{readme} has no block marked <!-- docs-test: {name} --> (has {sorted(blocks)})")
    return blocks[name]


def shell_lines(block: str) -> list[str]:
    """The commands of a shell block: one per line, comments and blank lines dropped, `\\` continuations joined."""
    commands: list[str] = []
    pending = ""
    for raw in block.splitlines():
        line = raw.rstrip()
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        commands.append((pending + line).strip())
        pending = ""
    if pending:
        commands.append(pending.strip())
    return commands


README_TARGET = "localhost:50051"  # the address every README example calls: where `bash service/serve.sh` listens


def at_address(code: str, address: str, readme_target: str = README_TARGET) -> str:
    """``code`` calling ``address`` instead of the README's ``readme_target``: tests run in parallel, each with its
    own server on a free port, so they cannot all use the README's fixed port. Nothing else is changed."""
    if readme_target not in code:
        raise AssertionError(f"the README example no longer calls {readme_target!r}; update the docs test")
    return code.replace(readme_target, address)
