"""The contract stays lint-clean, formatted, backwards compatible, in sync with generated code and the cores."""

from __future__ import annotations

import enum
import filecmp
import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from google.protobuf.descriptor import EnumDescriptor

from cardrules.api.house_rules import enum_prefix
from cardrules.core import lieng, sam
from cardrules.v1 import lieng_pb2, sam_loc_pb2

ROOT = Path(__file__).resolve().parents[2]
BUF = str(Path(sys.executable).with_name("buf"))


def _buf(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([BUF, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_buf_lint_standard_is_clean() -> None:
    result = _buf("lint", "protos")
    assert result.returncode == 0, result.stdout + result.stderr


def test_buf_format_is_clean() -> None:
    result = _buf("format", "-d", "--exit-code", "protos")
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_breaking_change_against_the_released_baseline() -> None:
    result = _buf("breaking", "protos", "--against", "protos/baseline/cardrules-v1.json")
    assert result.returncode == 0, result.stdout + result.stderr


def _differences(left: Path, right: Path) -> list[str]:
    comparison = filecmp.dircmp(left, right)
    out = [f"only in repo: {left / n}" for n in comparison.left_only]
    out += [f"only regenerated: {right / n}" for n in comparison.right_only]
    out += [f"differs: {left / n}" for n in comparison.diff_files]
    for name in comparison.common_dirs:
        out += _differences(left / name, right / name)
    return out


GENERATED = [
    "clients/python/src/cardrules/v1",
    "clients/python/src/cardrules/client/generated",
    "clients/typescript/src/gen",
    "deploy/envoy/descriptors",
    "docs/openapi",
    "service/cardrules/gateway/v1",
    "service/cardrules/server/descriptors",
    "protos/google/api",
    "clients/go/gen",
    "clients/csharp/src/Generated",
    "clients/java/src/main/generated",
    "clients/java/src/main/generated-clients",
]
# Generated files in a folder of hand-written ones.
GENERATED_FILES = ["clients/go/cardrules/services.gen.go"]


def test_committed_generated_code_matches_the_protos(tmp_path: Path) -> None:
    if not (ROOT / "clients/typescript/node_modules/.bin/protoc-gen-es").exists():
        pytest.fail("clients/typescript/node_modules is missing: run 'npm ci --prefix clients/typescript'")
    result = subprocess.run(
        ["bash", "protos/generate.sh", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        # Minutes more when the OpenAPI inputs changed and its generator is not built yet (a cold Go build).
        timeout=1500,
        env={**os.environ, "PYTHON": sys.executable},
    )
    assert result.returncode == 0, result.stderr
    problems: list[str] = []
    for folder in GENERATED:
        committed, fresh = ROOT / folder, tmp_path / folder
        for cache in list(committed.rglob("__pycache__")):
            shutil.rmtree(cache, ignore_errors=True)
        problems += _differences(committed, fresh)
    for file in GENERATED_FILES:
        if not (tmp_path / file).exists() or (ROOT / file).read_bytes() != (tmp_path / file).read_bytes():
            problems.append(f"differs: {file}")
    assert not problems, "generated code drifted; run 'bash protos/generate.sh':\n" + "\n".join(problems)


OPENAPI_DOC = ROOT / "docs/openapi/cardrules.openapi.yaml"
OPENAPI_STAMP = ROOT / "docs/openapi/cardrules.openapi.sha256"


def _stamp() -> dict[str, str]:
    return dict(line.split(" ", 1) for line in OPENAPI_STAMP.read_text().splitlines())


def _openapi_inputs_hash(protos: Path) -> str:
    """What protos/generate.sh records as the OpenAPI document's inputs, for the protos under ``protos``."""
    options = re.search(r'^openapi_opts="([^"]+)"$', (ROOT / "protos/generate.sh").read_text(), re.M)
    assert options is not None, "protos/generate.sh names the generator's options in openapi_opts"
    result = subprocess.run(
        ["bash", str(ROOT / "protos/openapi/inputs_hash.sh"), str(protos), sys.executable, options.group(1)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return result.stdout.strip()


def test_openapi_document_is_the_one_its_stamp_records() -> None:
    # The drift test reuses the committed document while the stamp matches: a hand edit must not pass for generated.
    assert hashlib.sha256(OPENAPI_DOC.read_bytes()).hexdigest() == _stamp()["document"], (
        "docs/openapi/cardrules.openapi.yaml differs from what protos/generate.sh wrote; run it again"
    )


def test_openapi_stamp_follows_every_input(tmp_path: Path) -> None:
    assert _openapi_inputs_hash(ROOT / "protos") == _stamp()["inputs"], "the contract changed: run protos/generate.sh"
    copy = tmp_path / "protos"
    shutil.copytree(ROOT / "protos", copy, ignore=shutil.ignore_patterns(".bin"))
    seen = {_openapi_inputs_hash(copy)}
    for changed in ["cardrules/v1/cards.proto", "openapi/base.yaml", "openapi/errors.yaml", "openapi/go.mod"]:
        with (copy / changed).open("a") as file:
            file.write("\n# changed\n")
        seen.add(_openapi_inputs_hash(copy))
    assert len(seen) == 5, "every input changes the recorded hash, so the generator runs again"


# Every core enum that crosses the wire, and the contract enum it maps to by name.
PAIRS: list[tuple[type[enum.Enum], EnumDescriptor, set[str]]] = [
    (sam.Reason, sam_loc_pb2.SamReason.DESCRIPTOR, set()),
    (sam.EventKind, sam_loc_pb2.SamEventKind.DESCRIPTOR, set()),
    (sam.HandEnd, sam_loc_pb2.SamHandEnd.DESCRIPTOR, set()),
    (sam.Outcome, sam_loc_pb2.SamOutcome.DESCRIPTOR, set()),
    (sam.Kind, sam_loc_pb2.SamCombinationKind.DESCRIPTOR, set()),
    (sam.InstantWinKind, sam_loc_pb2.SamInstantWinKind.DESCRIPTOR, set()),
    (sam.ChopChain, sam_loc_pb2.SamChopChain.DESCRIPTOR, set()),
    (sam.SamFailPayTo, sam_loc_pb2.SamFailPayTo.DESCRIPTOR, set()),
    (sam.BaoMot, sam_loc_pb2.SamBaoMot.DESCRIPTOR, set()),
    (sam.FinishWithTwo, sam_loc_pb2.SamFinishWithTwo.DESCRIPTOR, set()),
    (sam.ThoiTwo, sam_loc_pb2.SamThoiTwo.DESCRIPTOR, set()),
    (lieng.Reason, lieng_pb2.LiengReason.DESCRIPTOR, {"OK"}),  # OK is the zero value: legal
    (lieng.EventKind, lieng_pb2.LiengEventKind.DESCRIPTOR, set()),
    (lieng.ActionKind, lieng_pb2.LiengActionKind.DESCRIPTOR, set()),
    (lieng.Tier, lieng_pb2.LiengTier.DESCRIPTOR, set()),
    (lieng.PotKind, lieng_pb2.LiengPotKind.DESCRIPTOR, set()),
    (lieng.A23, lieng_pb2.LiengA23.DESCRIPTOR, set()),
    (lieng.SuitTieBreak, lieng_pb2.LiengSuitTieBreak.DESCRIPTOR, set()),
    (lieng.Excess, lieng_pb2.LiengExcess.DESCRIPTOR, set()),
]


@pytest.mark.parametrize(("core", "contract", "zero"), PAIRS, ids=[p[1].name for p in PAIRS])
def test_core_and_contract_enums_match(core: type[enum.Enum], contract: EnumDescriptor, zero: set[str]) -> None:
    prefix = enum_prefix(contract)
    wire = {v.name.removeprefix(prefix) for v in contract.values if v.number != 0}
    assert {m.name for m in core} - zero == wire
