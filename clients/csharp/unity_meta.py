"""The ``.meta`` files of the Unity package ``com.cardrules.client`` (the folder ``clients/csharp/src``).

Unity needs a ``.meta`` beside every file and folder of a package, and cannot write them into a package added by
git URL (such packages are immutable), so they are committed. Each GUID is derived from the file's path inside the
package, so every clone, and every regeneration, gives the same GUIDs; renaming a file gives it a new one (fine
here: nothing in a game references the package's scripts by GUID, only its assembly by name).

    python clients/csharp/unity_meta.py           # write missing or stale .meta files, delete orphaned ones
    python clients/csharp/unity_meta.py --check   # list what is missing, stale or orphaned; exit 1 if anything

``generate_messages.py`` writes the metas of the generated files itself, so ``protos/generate.sh`` keeps them
current.
"""

from __future__ import annotations

import sys
import uuid
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent / "src"
# Any fixed namespace works; this one names the package, so other packages' derived GUIDs cannot collide with it.
_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://github.com/cardrules/cardrules/clients/csharp/src")

_IMPORTER_BY_SUFFIX = {
    ".cs": "MonoImporter",
    ".asmdef": "AssemblyDefinitionImporter",
    ".md": "TextScriptImporter",
    ".txt": "TextScriptImporter",
    ".json": "TextScriptImporter",
}
_IMPORTER_BODY = {
    "MonoImporter": (
        "  externalObjects: {}\n"
        "  serializedVersion: 2\n"
        "  defaultReferences: []\n"
        "  executionOrder: 0\n"
        "  icon: {instanceID: 0}\n"
    ),
}


def guid(relative: str) -> str:
    """The GUID of the package's file or folder at ``relative`` (POSIX path inside the package)."""
    return uuid.uuid5(_NAMESPACE, relative).hex


def meta_text(relative: str, folder: bool) -> str:
    """What Unity itself writes for such an asset, with the derived GUID."""
    name = relative.rsplit("/", 1)[-1]
    if folder:
        importer = "DefaultImporter"
    elif name == "package.json":
        importer = "PackageManifestImporter"
    else:
        importer = _IMPORTER_BY_SUFFIX.get(Path(name).suffix, "DefaultImporter")
    body = _IMPORTER_BODY.get(importer, "  externalObjects: {}\n")
    return (
        "fileFormatVersion: 2\n"
        f"guid: {guid(relative)}\n"
        + ("folderAsset: yes\n" if folder else "")
        + f"{importer}:\n{body}"
        "  userData: \n"
        "  assetBundleName: \n"
        "  assetBundleVariant: \n"
    )


def write_meta(path: Path, relative: str) -> None:
    """Write the .meta of the file or folder ``path``, whose path inside the package is ``relative``."""
    Path(f"{path}.meta").write_text(meta_text(relative, path.is_dir()), encoding="utf-8")


def _ignored(path: Path) -> bool:
    # Unity skips hidden names and names ending in "~" (e.g. "Samples~"); they get no .meta.
    return path.name.startswith(".") or path.name.endswith("~")


def assets(package: Path = PACKAGE) -> list[Path]:
    """Every file and folder Unity imports from the package, the package folder itself excluded."""
    found: list[Path] = []
    for path in sorted(package.iterdir()):
        if _ignored(path) or path.suffix == ".meta":
            continue
        found.append(path)
        if path.is_dir():
            found += assets(path)
    return found


def problems(package: Path = PACKAGE) -> list[str]:
    """Missing, stale and orphaned .meta files of the package, one line each."""
    found: list[str] = []
    for path in assets(package):
        meta = Path(f"{path}.meta")
        relative = path.relative_to(package).as_posix()
        if not meta.is_file():
            found.append(f"missing: {meta}")
        elif meta.read_text(encoding="utf-8") != meta_text(relative, path.is_dir()):
            found.append(f"stale: {meta}")
    for meta in sorted(package.rglob("*.meta")):
        if not Path(str(meta)[: -len(".meta")]).exists():
            found.append(f"orphaned: {meta}")
    return found


def write_all(package: Path = PACKAGE) -> None:
    for path in assets(package):
        write_meta(path, path.relative_to(package).as_posix())
    for meta in package.rglob("*.meta"):
        if not Path(str(meta)[: -len(".meta")]).exists():
            meta.unlink()


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        found = problems()
        print("\n".join(found) if found else "every file and folder of the package has its .meta")
        return 1 if found else 0
    if argv[1:]:
        print("usage: unity_meta.py [--check]", file=sys.stderr)
        return 2
    write_all()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
