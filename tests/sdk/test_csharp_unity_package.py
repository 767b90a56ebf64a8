"""The C# SDK as a Unity package (clients/csharp/src, ``com.cardrules.client``): a manifest Unity accepts, one
runtime assembly, runtime code only, and a committed ``.meta`` with a fixed GUID beside every file and folder, which
Unity needs for a package added by git URL (it cannot write into an immutable package). The README's git-URL and
local-path manifest lines point at this folder. Unity itself is not run here (it is not installable from the
package registries); clients/csharp/unity_meta.py writes the metas in the format Unity writes.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

from tests.support.readme import readme_block
from tests.support.server_process import REPO_ROOT

CSHARP = REPO_ROOT / "clients" / "csharp"
PACKAGE = CSHARP / "src"
README = CSHARP / "README.md"


def _unity_meta() -> ModuleType:
    spec = importlib.util.spec_from_file_location("unity_meta", CSHARP / "unity_meta.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["unity_meta"] = module
    spec.loader.exec_module(module)
    return module


unity_meta = _unity_meta()


def test_every_file_and_folder_of_the_package_has_its_meta() -> None:
    problems = unity_meta.problems(PACKAGE)
    assert not problems, "run 'python clients/csharp/unity_meta.py':\n" + "\n".join(problems)
    assets = unity_meta.assets(PACKAGE)
    assert {PACKAGE / "package.json", PACKAGE / "Cardrules.Client.asmdef", PACKAGE / "Generated"} <= set(assets)


def test_guids_are_unique_and_in_unitys_form() -> None:
    guids = [re.search(r"^guid: (\S+)$", meta.read_text(encoding="utf-8"), re.M) for meta in PACKAGE.rglob("*.meta")]
    values = [match.group(1) for match in guids if match is not None]
    assert len(values) == len(guids) == len(unity_meta.assets(PACKAGE))
    assert all(re.fullmatch(r"[0-9a-f]{32}", value) for value in values)
    assert len(set(values)) == len(values)


def test_the_check_finds_a_missing_a_stale_and_an_orphaned_meta(tmp_path: Path) -> None:
    copy = tmp_path / "src"
    shutil.copytree(PACKAGE, copy)
    (copy / "Client" / "CardText.cs.meta").unlink()
    (copy / "Json" / "Json.cs.meta").write_text("fileFormatVersion: 2\nguid: 0\n", encoding="utf-8")
    (copy / "Gone.cs.meta").write_text("", encoding="utf-8")
    (copy / "New.cs").write_text("", encoding="utf-8")
    problems = unity_meta.problems(copy)
    assert sorted(line.split(":")[0] + ":" + Path(line.split(": ", 1)[1]).name for line in problems) == [
        "missing:CardText.cs.meta",
        "missing:New.cs.meta",
        "orphaned:Gone.cs.meta",
        "stale:Json.cs.meta",
    ]
    unity_meta.write_all(copy)
    assert unity_meta.problems(copy) == []


def test_the_manifest_names_the_package_its_licence_and_unity_version() -> None:
    manifest = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "com.cardrules.client"
    assert re.fullmatch(r"\d+\.\d+\.\d+", manifest["version"])
    assert re.fullmatch(r"20\d\d\.\d", manifest["unity"])
    assert manifest["license"] == "Apache-2.0"
    assert (REPO_ROOT / "LICENSE").is_file()
    assert manifest["displayName"] and manifest["description"] and manifest["author"]["name"]
    assert manifest["repository"]["directory"] == PACKAGE.relative_to(REPO_ROOT).as_posix()
    # UnityWebRequestTransport needs the built-in module, which a project may have disabled.
    assert "com.unity.modules.unitywebrequest" in manifest["dependencies"]


def test_one_runtime_assembly_with_runtime_code_only() -> None:
    asmdef = json.loads((PACKAGE / "Cardrules.Client.asmdef").read_text(encoding="utf-8"))
    assert asmdef["name"] == "Cardrules.Client"  # the assembly clients/csharp/build.sh builds too
    assert asmdef["references"] == [] and asmdef["precompiledReferences"] == []
    assert asmdef["includePlatforms"] == [] and not asmdef["noEngineReferences"]  # every platform; UnityEngine
    sources = sorted(PACKAGE.rglob("*.cs"))
    assert {path.parent.name for path in sources} == {"Client", "Json", "Generated"}
    for source in sources:
        text = source.read_text(encoding="utf-8")
        assert "static int Main(" not in text and "static void Main(" not in text, source
        assert "Cardrules.Tests" not in text and "Cardrules.Conformance" not in text, source
    assert {path.name for path in PACKAGE.iterdir() if path.is_dir()} == {"Client", "Json", "Generated"}


def test_the_readme_manifest_lines_point_at_the_package() -> None:
    by_git = json.loads(readme_block(README, "unity-manifest-git"))["dependencies"]["com.cardrules.client"]
    match = re.fullmatch(r"https://github\.com/cardrules/cardrules\.git\?path=/(?P<path>[\w/]+)", by_git)
    assert match is not None, by_git
    assert REPO_ROOT / match["path"] == PACKAGE
    by_path = json.loads(readme_block(README, "unity-manifest-local"))["dependencies"]["com.cardrules.client"]
    assert by_path.startswith("file:") and by_path.endswith("/" + PACKAGE.relative_to(REPO_ROOT).as_posix())
