"""docs/versioning.md names real files and states each component's real version (its links are checked with every
user doc's by tests/docs/test_rules_docs.py); the README links it."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "versioning.md"


def versions() -> dict[str, str]:
    """Each component's version, read from its package file, by the file the doc's table names."""
    pom = (REPO / "clients/java/pom.xml").read_text(encoding="utf-8")
    csproj = (REPO / "clients/csharp/Cardrules.Client.csproj").read_text(encoding="utf-8")
    server = (REPO / "service/cardrules/version.py").read_text(encoding="utf-8")
    python = tomllib.loads((REPO / "clients/python/pyproject.toml").read_text(encoding="utf-8"))
    typescript = json.loads((REPO / "clients/typescript/package.json").read_text(encoding="utf-8"))
    unity = json.loads((REPO / "clients/csharp/src/package.json").read_text(encoding="utf-8"))
    assert unity["version"] == re.findall(r"<Version>(.*?)</Version>", csproj)[0]  # the two C# packages agree
    server_version = re.findall(r'__version__ = "(.*?)"', server)[0]
    return {
        "service/cardrules/version.py": server_version,
        "clients/python/pyproject.toml": python["project"]["version"],
        "clients/typescript/package.json": typescript["version"],
        "clients/java/pom.xml": re.findall(r"<artifactId>cardrules-client</artifactId>\s*<version>(.*?)<", pom)[0],
        "clients/csharp/Cardrules.Client.csproj": unity["version"],
        # A Go module's version is its release tag, not a file: the repository's components are released together.
        "clients/go/go.mod": server_version,
    }


def test_every_file_the_doc_names_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    files = r"`([\w./-]+/[\w.-]+\.(?:py|md|json|toml|xml|csproj|mod|yaml))`"  # a repository path in code quotes
    named = {path for path in re.findall(files, text) if not path.startswith("github.com")}
    assert len(named) >= 8
    missing = sorted(path for path in named if not (REPO / path).exists())
    assert not missing, f"docs/versioning.md names files that do not exist: {missing}"


def test_the_version_table_states_each_package_files_version() -> None:
    rows = re.findall(r"^\| [^|]+ \| [^|]+ \| (\S+)[^|]* \| `([^`]+)` \|$", DOC.read_text(encoding="utf-8"), re.M)
    stated = dict((path, version) for version, path in rows)
    assert stated == versions()


def test_the_readme_links_it() -> None:
    assert "](docs/versioning.md)" in (REPO / "README.md").read_text(encoding="utf-8")
