"""The core that is imported is the build that was asked for, and a stale compiled module is always named.

``bash tests/run.sh`` compiles the core and sets ``CARDRULES_EXPECT_COMPILED=1``: then every core module must be
imported from its compiled extension, none from the plain-Python fallback. ``CARDRULES_EXPECT_COMPILED=0`` asks
for the plain package (``CARDRULES_COMPILE=0``). Unset, the imported modules must match what is on disk.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import os
from pathlib import Path

from cardrules.server.compiled_core import MANIFEST, compiled_modules, core_dir, source_modules, stale_modules

SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
SUFFIX = SUFFIXES[0]


def _imported_compiled() -> dict[str, bool]:
    """Every core module (by its source) → whether the module imported is a compiled extension."""
    return {name: str(importlib.import_module(name).__file__).endswith(SUFFIXES) for name in source_modules()}


def test_the_core_imported_is_the_build_asked_for() -> None:
    imported = _imported_compiled()
    expected = os.environ.get("CARDRULES_EXPECT_COMPILED")
    plain = [name for name, compiled in imported.items() if not compiled]
    if expected == "1":
        manifest = json.loads((core_dir() / MANIFEST).read_text(encoding="utf-8"))
        assert sorted(plain) == sorted(manifest["plain"]), f"interpreted, not compiled: {plain}"
        assert "cardrules.core.sam.apply" not in plain and "cardrules.core.cards" not in plain
    elif expected == "0":
        assert not [name for name, compiled in imported.items() if compiled]
    else:
        assert imported == {name: name in compiled_modules() for name in source_modules()}


def _core(tmp: Path, manifest: dict[str, object] | None) -> Path:
    root = tmp / "core"
    (root / "sam").mkdir(parents=True)
    for name in ("__init__.py", "cards.py", "edited.py", "new.py", "sam/__init__.py"):
        (root / name).write_text(f"# {name}\n", encoding="utf-8")
    for name in ("__init__", "cards", "edited", "gone", "sam/__init__"):
        (root / f"{name}{SUFFIX}").write_bytes(b"")
    if manifest is not None:
        (root / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return root


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_every_stale_module_is_named_with_why(tmp_path: Path) -> None:
    recorded = {
        "cardrules.core": _hash("# __init__.py\n"),
        "cardrules.core.cards": _hash("# cards.py\n"),
        "cardrules.core.edited": _hash("# the source as it was compiled\n"),
        "cardrules.core.gone": _hash("# gone.py\n"),
        "cardrules.core.sam": _hash("# sam/__init__.py\n"),
    }
    root = _core(tmp_path, {"sources": recorded, "plain": []})
    assert stale_modules(root) == [
        "cardrules.core.edited: edited.py changed since it was compiled",
        "cardrules.core.gone: compiled, but its source is gone",
        "cardrules.core.new: new since the build, not compiled",
    ]
    (root / "new.py").unlink()
    (root / "edited.py").write_text("# the source as it was compiled\n", encoding="utf-8")
    (root / f"gone{SUFFIX}").unlink()
    assert stale_modules(root) == []


def test_without_a_manifest_every_compiled_module_is_stale(tmp_path: Path) -> None:
    root = _core(tmp_path, None)
    assert "cardrules.core.cards: compiled, but the build recorded no source for it" in stale_modules(root)


def test_a_plain_core_is_never_stale(tmp_path: Path) -> None:
    root = tmp_path / "core"
    root.mkdir()
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "cards.py").write_text("", encoding="utf-8")
    assert stale_modules(root) == []
