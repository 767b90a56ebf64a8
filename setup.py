"""Builds the rules core (``cardrules.core``) as C extensions with mypyc, from the same Python source.

``pip install .`` compiles every module under ``service/cardrules/core`` when a C compiler is found, and installs
the plain Python package otherwise, or when ``CARDRULES_COMPILE=0``: both behave the same, the compiled one faster.
In a checkout, ``python setup.py build_ext --inplace`` puts the extensions beside the sources (``bash tests/run.sh``
does it); the build records each compiled source's SHA-256 in ``cardrules/core/compiled.json`` so that a source
edited since is found (cardrules/server/compiled_core.py) instead of its old compiled code running.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from setuptools import Distribution, Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SERVICE = ROOT / "service"
CORE = SERVICE / "cardrules" / "core"
_TYPED_FIELDS = (
    "validated input: compiled as native classes, their typed fields refuse a mistyped value with a TypeError (or"
    " read True as 1) before __post_init__ names it (tests/core/sam/test_seat_constructors.py, test_fast_checks.py"
    " and lieng/test_replay.py fail); as non-native classes with untyped reads in the checks (what"
    " cardrules.core.sam.state and cardrules.core.lieng.betting do) not tried yet"
)
PLAIN: dict[str, str] = {
    "cardrules.core.errors": "tests/api/test_refusal_cost.py counts the violations built by their Python frames",
    "cardrules.core.sam.actions": _TYPED_FIELDS,
    "cardrules.core.sam.record": _TYPED_FIELDS,
    "cardrules.core.lieng.house_rules": _TYPED_FIELDS,
    "cardrules.core.sam.house_rules": _TYPED_FIELDS,
    "cardrules.core.lieng.record": _TYPED_FIELDS,
    "cardrules.core.lieng.bots.suggest": "the bots' entry checks its arguments itself: compiled, a level that is not"
    " a Level is a TypeError at the call (tests/core/lieng/test_bots.py fails compiled)",
}
"""Core modules left interpreted, each with the measured reason (the compiled ones call them as Python)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(SERVICE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def core_sources() -> list[Path]:
    """Every core module, found by globbing, so a new one (the bots' packages…) is compiled too."""
    return sorted(path for path in CORE.rglob("*.py") if module_name(path) not in PLAIN)


def compiling() -> bool:
    if os.environ.get("CARDRULES_COMPILE", "1") == "0":
        return False
    compiler = os.environ.get("CC", "cc").split()[0]
    if shutil.which(compiler) is None:
        print(f"cardrules: no C compiler ({compiler}): installing the plain Python core", file=sys.stderr)
        return False
    return True


def extensions() -> list[Extension]:
    from mypyc.build import mypycify

    os.environ["MYPYPATH"] = str(SERVICE)  # cardrules is a namespace package: name modules from service/
    sources = [path.relative_to(ROOT).as_posix() for path in core_sources()]
    # --config-file= : the project's [tool.mypy] (whole-repo packages, tests) is for `mypy`, not for this build.
    flags = ["--config-file=", "--explicit-package-bases", "--cache-dir=build/mypyc-cache"]
    return list(mypycify([*flags, *sources], opt_level="3", group_name="cardrules_core"))


class CoreDistribution(Distribution):
    """A platform-specific distribution exactly when the core is compiled."""

    def has_ext_modules(self) -> bool:
        return compiling()


BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}
"""The commands that build the extensions (pip runs bdist_wheel or editable_wheel)."""


class BuildCore(build_ext):
    """build_ext that runs mypyc only when it builds (not to read the metadata), then writes the manifest of what
    it compiled beside the extensions."""

    def finalize_options(self) -> None:
        # Only for a build: reading the metadata (egg_info, dist_info, sdist) finalizes this command too.
        building = set(self.distribution.commands) & BUILDS
        if building and compiling() and not self.distribution.ext_modules:
            self.distribution.ext_modules = extensions()
        super().finalize_options()

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        target = CORE if self.inplace else Path(self.build_lib, "cardrules", "core")
        target.mkdir(parents=True, exist_ok=True)
        manifest = {
            "sources": {module_name(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in core_sources()},
            "plain": sorted(PLAIN),
        }
        (target / "compiled.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")


setup(distclass=CoreDistribution, cmdclass={"build_ext": BuildCore})
