"""Which build of the rules core is running: compiled (mypyc C extensions) or plain Python, and whether a compiled
module is stale.

A compiled module is a ``.so`` beside its ``.py``, and Python imports the ``.so`` first: after an edit of the
``.py`` without a rebuild, the old code would run without a word. The build (``setup.py``) records the SHA-256 of
each source it compiled in ``cardrules/core/compiled.json``; :func:`stale_modules` names every compiled module
whose source changed, vanished or was never recorded. The server warns at start (``__main__``) and the test suite
refuses to run (``tests/conftest.py``) while any is stale.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import sys
from pathlib import Path

MANIFEST = "compiled.json"
"""The build's record, beside the core's ``__init__``: ``{"sources": {module: sha256 of its .py}, "plain": [module,
…]}`` (the compiled modules, and those the build left interpreted on purpose)."""
REBUILD = "bash tests/run.sh (or: .venv/bin/python setup.py build_ext --inplace; CARDRULES_COMPILE=0 for none)"
"""How to rebuild, for the messages."""
_EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def core_dir() -> Path:
    """The installed ``cardrules.core`` package's folder (found without importing it)."""
    spec = importlib.util.find_spec("cardrules.core")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("cardrules.core is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def _module(root: Path, path: Path, suffix: str) -> str:
    relative = path.relative_to(root).as_posix()[: -len(suffix)]
    parts = ["cardrules", "core", *relative.split("/")]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_modules(root: Path | None = None) -> dict[str, Path]:
    """Every core module that has a compiled extension beside (or instead of) its source: name → extension."""
    root = core_dir() if root is None else root
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*")):
        suffix = next((s for s in _EXTENSIONS if path.name.endswith(s)), None)
        if suffix is not None and "__mypyc" not in path.name:
            found[_module(root, path, suffix)] = path
    return found


def source_modules(root: Path | None = None) -> dict[str, Path]:
    """Every core module's source: name → ``.py``."""
    root = core_dir() if root is None else root
    return {_module(root, path, ".py"): path for path in sorted(root.rglob("*.py"))}


def _manifest(root: Path) -> tuple[dict[str, str], set[str]]:
    """The build's record: compiled module → source hash, and the modules left plain; empty when unreadable."""
    try:
        manifest = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
        return dict(manifest["sources"]), set(manifest["plain"])
    except (OSError, ValueError, KeyError, TypeError):
        return {}, set()


def stale_modules(root: Path | None = None) -> list[str]:
    """The compiled modules that are not the build of their source as it is now, each with why; empty when the
    core is plain Python or every extension matches its source."""
    root = core_dir() if root is None else root
    compiled = compiled_modules(root)
    if not compiled:
        return []
    sources = source_modules(root)
    recorded, plain = _manifest(root)
    stale = []
    for name in sorted(compiled):
        source = sources.get(name)
        if source is None:
            stale.append(f"{name}: compiled, but its source is gone")
        elif name not in recorded:
            stale.append(f"{name}: compiled, but the build recorded no source for it")
        elif recorded[name] != source_hash(source):
            stale.append(f"{name}: {source.name} changed since it was compiled")
    stale += [f"{name}: new since the build, not compiled" for name in sorted(set(sources) - set(compiled) - plain)]
    return stale


def stale_message(stale: list[str]) -> str:
    return (
        "the compiled rules core does not match its source, so the old code would run:\n  "
        + "\n  ".join(stale)
        + f"\nrebuild: {REBUILD}"
    )


def interpreted_modules(root: Path | None = None) -> list[str]:
    """The core modules that run as plain Python: those the build left so on purpose, and any it did not compile."""
    root = core_dir() if root is None else root
    return sorted(set(source_modules(root)) - set(compiled_modules(root)))


def main(argv: list[str] | None = None) -> int:
    """``python -m cardrules.server.compiled_core [--expect-compiled]``: which build of the core is installed;
    with ``--expect-compiled``, exit 1 unless every module is compiled and none is stale (the image's check)."""
    args = sys.argv[1:] if argv is None else argv
    stale = stale_modules()
    compiled = compiled_modules()
    print(f"cardrules.core: {len(compiled)} compiled modules, {len(interpreted_modules())} interpreted ({core_dir()})")
    if stale:
        print(stale_message(stale), file=sys.stderr)
        return 1
    unexpected = sorted(set(interpreted_modules()) - _manifest(core_dir())[1])
    if "--expect-compiled" in args and unexpected:
        print(f"interpreted, expected compiled: {', '.join(unexpected)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
