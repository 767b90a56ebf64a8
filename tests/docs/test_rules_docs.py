"""The rules documents (docs/rules/) stay the one reference the code, protos, vectors and READMEs cite.

- every §-reference anywhere in the repository names a heading that exists in docs/rules/sam-loc.md or lieng.md;
- nobody cites a rules document by its bare name (``lieng.md``) instead of its path (``docs/rules/lieng.md``);
- every house-rule field of the protos, with every value of its enum, is documented;
- every transfer reason and every reason code the service can emit is documented;
- every vector a rules document names exists, and every worked example names at least one;
- every relative link in the user docs points at a file (and heading) that exists;
- every Vietnamese word in the protos' comments is explained in the glossary.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from google.protobuf.descriptor import Descriptor, EnumDescriptor

from cardrules.core.lieng.pots import TransferReason as LiengTransferReason
from cardrules.core.sam.settlement import TransferReason as SamTransferReason
from cardrules.v1 import lieng_pb2, sam_loc_pb2

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "docs" / "rules"
SAM_DOC = RULES / "sam-loc.md"
LIENG_DOC = RULES / "lieng.md"
DOCS = {"sam-loc.md": SAM_DOC, "lieng.md": LIENG_DOC}

# Where §-references may live: everything a person or a tool reads, minus generated code (it repeats the protos'
# comments) and dependencies or build output.
SCANNED_SUFFIXES = {".py", ".proto", ".json", ".md", ".ts", ".go", ".java", ".kt", ".cs", ".sh", ".yaml", ".yml"}
SKIPPED_DIRS = {
    ".git", ".venv", "node_modules", ".mypy_cache", ".ruff_cache", ".pytest_cache", "__pycache__", "dist", "build",
    "target", "obj", "bin", ".bin", "gen", "generated", "Generated", "baseline", "google", "cardrules.egg-info",
}  # fmt: skip
GENERATED_SUFFIXES = ("_pb2.py", "_pb2.pyi", "_pb2_grpc.py", "_pb.ts", ".pb.go")

SECTION_REF = re.compile(r"§\s?(\d+)(?:\.(\d+)|-([A-Z])\b)?")
DOC_MENTION = re.compile(r"(?<![\w-])(sam-loc|lieng)\.md")
# A line that quotes a vector case by name (a name cites a section of its game's rules) names the game
# by its vectors folder (`sam_loc/worked_examples.json`) or the tests' service constant (`SAM`, `LIENG`).
GAME_MENTION = re.compile(r"(?<![\w-])(sam_loc|lieng)/|\b(SAM|LIENG)\b")
GAME_DOCS = {"sam_loc": "sam-loc.md", "SAM": "sam-loc.md", "lieng": "lieng.md", "LIENG": "lieng.md"}
BARE_DOC = re.compile(r"(?<![\w/.-])(sam-loc|lieng)\.md")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*$")
RULE_HEADING = re.compile(r"^#{2,3} (\d+)(?:\.(\d+)|-([A-Z]))?[.\s]")


@cache
def scanned_files() -> tuple[Path, ...]:
    found = []
    for folder, dirs, files in os.walk(REPO):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)  # pruned: .venv and node_modules are never read
        found += [
            Path(folder) / name
            for name in sorted(files)
            if Path(name).suffix in SCANNED_SUFFIXES and not name.endswith(GENERATED_SUFFIXES)
        ]
    return tuple(found)


@cache
def rule_sections(doc: Path) -> frozenset[str]:
    """The citable sections of a rules document: ``4``, ``4.6``, ``6-F`` for headings ``## 4.``, ``### 4.6``…"""
    found = set()
    for line in doc.read_text(encoding="utf-8").splitlines():
        match = RULE_HEADING.match(line)
        if match:
            section, item, letter = match.groups()
            found.add(section + (f".{item}" if item else f"-{letter}" if letter else ""))
    return frozenset(found)


def default_doc(path: Path) -> str | None:
    """The rules document a file's bare §-references mean, from its path (core/sam, vectors/lieng, …)."""
    if path.parent == RULES and path.name in DOCS:
        return path.name
    text = str(path.relative_to(REPO)).lower()
    sam, lieng = "sam" in text, "lieng" in text
    if sam != lieng:
        return "sam-loc.md" if sam else "lieng.md"
    return None


def references(path: Path) -> Iterator[tuple[int, str, str | None]]:
    """(line number, "§N.M", document) for every §-reference; the document is the last one named before it on the
    same line, else the one the file's path implies (None when neither tells)."""
    fallback = default_doc(path)
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
        if "§" not in line:
            continue
        mentions = [(m.start(), m.group(1) + ".md") for m in DOC_MENTION.finditer(line)]
        mentions += [(m.start(), GAME_DOCS[m.group(1) or m.group(2)]) for m in GAME_MENTION.finditer(line)]
        mentions.sort()
        for match in SECTION_REF.finditer(line):
            before = [doc for start, doc in mentions if start < match.start()]
            # A Markdown link's text cites the document its target names: [§4.1](sam-loc.md#41-instant-win).
            linked = [
                doc
                for start, doc in mentions
                if start > match.end() and "](" in line[match.end() : start] and "§" not in line[match.end() : start]
            ]
            section, item, letter = match.groups()
            ref = section + (f".{item}" if item else f"-{letter}" if letter else "")
            yield number, ref, linked[0] if linked else before[-1] if before else fallback


def test_the_rules_documents_have_their_sections() -> None:
    sam, lieng = rule_sections(SAM_DOC), rule_sections(LIENG_DOC)
    assert {str(n) for n in range(10)} <= sam
    assert {f"8.{n}" for n in range(1, 18)} | {f"9.{n}" for n in range(1, 8)} <= sam
    assert {f"6-{letter}" for letter in "ABCDEF"} | {"4.6", "3.3"} <= sam
    assert {str(n) for n in range(7)} <= lieng
    assert {f"5.{n}" for n in range(1, 15)} | {f"6.{n}" for n in range(1, 9)} <= lieng


def test_every_section_reference_names_an_existing_heading() -> None:
    problems = []
    count = 0
    for path in scanned_files():
        for number, ref, doc in references(path):
            count += 1
            where = f"{path.relative_to(REPO)}:{number}: §{ref}"
            if doc is None:
                problems.append(f"{where} does not say which rules document (write docs/rules/sam-loc.md §{ref})")
            elif ref not in rule_sections(DOCS[doc]):
                problems.append(f"{where} is not a heading of docs/rules/{doc}")
    assert not problems, "\n".join(problems)
    assert count > 300  # the vectors alone cite hundreds: a scan that finds few has lost its files


def test_rules_documents_are_cited_by_their_path() -> None:
    problems = []
    for path in scanned_files():
        if path.parent == RULES or path == Path(__file__).resolve():
            continue  # the rules documents link to each other relatively; this test names them
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            for match in BARE_DOC.finditer(line):
                name = match.group(0)
                problems.append(f"{path.relative_to(REPO)}:{number}: {name} (write docs/rules/{name})")
    assert not problems, "\n".join(problems)


def backticked(doc: Path) -> frozenset[str]:
    return frozenset(re.findall(r"`([^`\n]+)`", doc.read_text(encoding="utf-8")))


def switch_names(message: Descriptor) -> Iterator[str]:
    """Each house-rule field, and each value of the enums it takes (UNSPECIFIED means the default)."""
    for field in message.fields:
        yield field.name
        enum: EnumDescriptor | None = field.enum_type
        inner: Descriptor | None = field.message_type
        if enum is None and inner is not None:  # SamInstantWinSet: a set of one enum
            yield inner.name
            enum = next((f.enum_type for f in inner.fields if f.enum_type is not None), None)
        if enum is not None:
            yield enum.name
            yield from (value.name for value in enum.values if value.number != 0)


@pytest.mark.parametrize(
    ("doc", "message"),
    [(SAM_DOC, sam_loc_pb2.SamHouseRules.DESCRIPTOR), (LIENG_DOC, lieng_pb2.LiengHouseRules.DESCRIPTOR)],
    ids=["sam-loc", "lieng"],
)
def test_every_house_rule_switch_is_documented(doc: Path, message: Descriptor) -> None:
    missing = sorted(set(switch_names(message)) - backticked(doc))
    assert not missing, f"{doc.name} does not document (in backticks): {missing}"


def test_every_transfer_reason_is_documented() -> None:
    sam = {reason.value for reason in SamTransferReason}
    lieng = {value for name, value in vars(LiengTransferReason).items() if name.isupper()}
    assert len(sam) >= 11 and len(lieng) >= 2
    assert not sam - backticked(SAM_DOC), f"sam-loc.md misses {sorted(sam - backticked(SAM_DOC))}"
    assert not lieng - backticked(LIENG_DOC), f"lieng.md misses {sorted(lieng - backticked(LIENG_DOC))}"


@pytest.mark.parametrize(
    ("doc", "enum"),
    [(SAM_DOC, sam_loc_pb2.SamReason.DESCRIPTOR), (LIENG_DOC, lieng_pb2.LiengReason.DESCRIPTOR)],
    ids=["sam-loc", "lieng"],
)
def test_every_reason_code_is_documented(doc: Path, enum: EnumDescriptor) -> None:
    codes = {value.name for value in enum.values if value.number != 0}
    assert not codes - backticked(doc), f"{doc.name} misses reason codes {sorted(codes - backticked(doc))}"


@cache
def case_names(vector_file: str) -> frozenset[str]:
    data = json.loads((REPO / vector_file).read_text(encoding="utf-8"))
    return frozenset(case["name"] for case in data["cases"])


def vector_paragraphs(doc: Path) -> Iterator[tuple[str, str]]:
    """(heading, text) of every "Vectors: …" paragraph, joined across its lines."""
    heading = ""
    paragraph: list[str] = []
    for line in [*doc.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith("#"):
            heading = line.lstrip("# ")
        if paragraph and not line.strip():
            yield heading, " ".join(paragraph)
            paragraph = []
        elif paragraph or line.startswith("Vectors:"):
            paragraph.append(line)


@pytest.mark.parametrize(
    ("doc", "default_file"),
    [(SAM_DOC, "tests/vectors/sam_loc/worked_examples.json"), (LIENG_DOC, "tests/vectors/lieng/worked_examples.json")],
    ids=["sam-loc", "lieng"],
)
def test_every_vector_a_rules_document_names_exists(doc: Path, default_file: str) -> None:
    problems = []
    named = 0
    for heading, text in vector_paragraphs(doc):
        current = default_file
        for match in re.finditer(r"`(tests/vectors/[^`]+\.json)`|\"([^\"]+)\"", text):
            if match.group(1):
                current = match.group(1)
                if not (REPO / current).is_file():
                    problems.append(f"{heading}: no file {current}")
            elif match.group(2) not in case_names(current):
                problems.append(f"{heading}: no case {match.group(2)!r} in {current}")
            else:
                named += 1
    assert not problems, "\n".join(problems)
    assert named > 30


@pytest.mark.parametrize(("doc", "section"), [(SAM_DOC, "8"), (LIENG_DOC, "5")], ids=["sam-loc", "lieng"])
def test_every_worked_example_names_its_vectors(doc: Path, section: str) -> None:
    with_vectors = {heading.split()[0] for heading, text in vector_paragraphs(doc) if '"' in text}
    examples = {ref for ref in rule_sections(doc) if ref.startswith(section + ".")}
    assert examples and not examples - with_vectors, f"examples without vectors: {sorted(examples - with_vectors)}"


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (not ``_``), spaces to hyphens."""
    text = re.sub(r"[`*]", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@cache
def anchors(doc: Path) -> frozenset[str]:
    found = set()
    in_fence = False
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
        match = None if in_fence else HEADING.match(line)
        if match:
            found.add(slug(match.group(2)))
    return frozenset(found)


def user_docs() -> list[Path]:
    others = ["protos/README.md", "deploy/README.md", "tests/vectors/README.md", "tests/benchmarks/README.md"]
    return [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md")), *(REPO / path for path in others)]


@pytest.mark.parametrize("doc", user_docs(), ids=lambda path: str(path.relative_to(REPO)))
def test_every_relative_link_resolves(doc: Path) -> None:
    problems = []
    text = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        file_part, _, anchor = target.partition("#")
        linked = (doc.parent / file_part).resolve() if file_part else doc
        if not linked.exists():
            problems.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            problems.append(f"{target}: no heading #{anchor} in {linked.relative_to(REPO)}")
    assert not problems, "\n".join(problems)


def test_every_vietnamese_word_of_the_protos_is_in_the_glossary() -> None:
    glossary = (RULES / "glossary.md").read_text(encoding="utf-8").lower()
    words = set()
    for proto in (REPO / "protos" / "cardrules").rglob("*.proto"):
        for line in proto.read_text(encoding="utf-8").splitlines():
            comment = line.partition("//")[2]
            words |= {word for word in re.findall(r"[^\W\d_]+", comment) if not word.isascii()}
    assert len(words) > 20
    missing = sorted(word for word in words if word.lower() not in glossary)
    assert not missing, f"docs/rules/glossary.md does not explain {missing}"
