"""The C# SDK's project for .NET backends (clients/csharp/Cardrules.Client.csproj, SDK-style, netstandard2.1).

No .NET SDK is installable here from the package registries the suite uses, Debian has no ``msbuild`` package, and
Debian's ``xbuild`` (mono-xbuild) cannot read SDK-style projects (it refuses a ``<Project Sdk=...>`` without the 2003
namespace), so ``dotnet build`` itself does not run in the suite. Instead the project is validated: it needs no
package restore (no PackageReference, ProjectReference, Reference or Import; netstandard2.1's reference assemblies
ship with the .NET SDK), it names the package (id, version equal to the Unity package's, licence, repository), its
compile items are exactly the library's sources (the Unity package's ``src/**/*.cs``, as build.sh compiles them),
and those items, evaluated from the project, compile with Mono's mcs with the project's language version, warnings
as errors, into the project's assembly name.
"""

from __future__ import annotations

import json
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from tests.support.server_process import REPO_ROOT

CSHARP = REPO_ROOT / "clients" / "csharp"
PROJECT = CSHARP / "Cardrules.Client.csproj"


def _project() -> ElementTree.Element:
    return ElementTree.parse(PROJECT).getroot()


def _properties() -> dict[str, str]:
    return {prop.tag: (prop.text or "") for group in _project().iter("PropertyGroup") for prop in group}


def _compile_items() -> list[Path]:
    """The Compile items, globs expanded as MSBuild does (``**`` any depth; the project disables default items)."""
    found: list[Path] = []
    for item in _project().iter("Compile"):
        assert set(item.attrib) == {"Include"}, item.attrib  # no Exclude/Remove/Condition to evaluate
        found += sorted(CSHARP.glob(item.attrib["Include"]))
    return found


def test_an_sdk_style_netstandard21_project_that_restores_nothing() -> None:
    project = _project()
    assert project.tag == "Project" and project.attrib == {"Sdk": "Microsoft.NET.Sdk"}
    properties = _properties()
    assert properties["TargetFramework"] == "netstandard2.1"  # 2.0 would need the NETStandard.Library package
    assert properties["EnableDefaultItems"] == "false"  # src/ holds Unity's .meta files too
    for needs_restore_or_files in ("PackageReference", "ProjectReference", "Reference", "Import", "Using"):
        assert not list(project.iter(needs_restore_or_files)), needs_restore_or_files
    assert {child.tag for child in project} == {"PropertyGroup", "ItemGroup"}
    assert {item.tag for group in project.iter("ItemGroup") for item in group} == {"Compile", "None"}
    assert [item.attrib["Include"] for item in project.iter("None")] == ["README.md"]
    assert (CSHARP / "README.md").is_file()


def test_the_package_metadata_matches_the_unity_package() -> None:
    properties = _properties()
    unity = json.loads((CSHARP / "src" / "package.json").read_text(encoding="utf-8"))
    assert properties["Version"] == unity["version"]
    assert properties["PackageLicenseExpression"] == unity["license"] == "Apache-2.0"
    assert properties["Authors"] == unity["author"]["name"]
    assert properties["RepositoryUrl"] == unity["repository"]["url"]
    assert properties["AssemblyName"] == properties["PackageId"] == "Cardrules.Client"
    asmdef = json.loads((CSHARP / "src" / "Cardrules.Client.asmdef").read_text(encoding="utf-8"))
    assert asmdef["name"] == properties["AssemblyName"]  # one assembly name in Unity and .NET


def test_the_compile_items_are_the_librarys_sources_and_agree_with_build_sh() -> None:
    items = _compile_items()
    assert items == sorted((CSHARP / "src").rglob("*.cs"))
    assert {path.parent.name for path in items} == {"Client", "Json", "Generated"}
    build = (CSHARP / "build.sh").read_text(encoding="utf-8")
    assert f"-langversion:{_properties()['LangVersion']}" in build
    assert "-recurse:'src/*.cs'" in build


def test_the_projects_items_compile_with_its_settings(tmp_path: Path) -> None:
    built = subprocess.run(["bash", str(CSHARP / "build.sh")], capture_output=True, text=True, timeout=600, check=False)
    assert built.returncode == 0, built.stdout + built.stderr  # installs Mono when mcs is missing
    properties = _properties()
    out = tmp_path / f"{properties['AssemblyName']}.dll"
    command = [
        "mcs",
        f"-langversion:{properties['LangVersion']}",
        "-warn:4",
        "-warnaserror",
        "-nologo",
        "-target:library",
        f"-out:{out}",
        # Separate assemblies in Mono's profile; part of netstandard.dll in .NET Standard 2.1.
        "-r:System.Net.Http",
        "-r:System.Runtime.Serialization",
        *(str(path.relative_to(CSHARP)) for path in _compile_items()),
    ]
    done = subprocess.run(command, cwd=CSHARP, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert out.stat().st_size > 0
