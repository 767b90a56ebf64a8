"""Each house-rule default of the core (``HouseRules()`` of each game) is the one the contract's comments and the
rules documents state: the field's comment in the .proto, its enum's ``*_UNSPECIFIED`` comment, and the default
column of the switch table (docs/rules/sam-loc.md §7, docs/rules/lieng.md §4). Every switch is in all three."""

from __future__ import annotations

import dataclasses
import enum
import re
from pathlib import Path

import pytest

from cardrules.core import lieng, sam
from cardrules.core.sam.house_rules import ALL_INSTANT_WINS

ROOT = Path(__file__).resolve().parents[2]
PROTOS = ROOT / "protos/cardrules/v1"

# The switches whose default is not a value but a meaning: the words each place uses for it.
UNSET_MEANS: dict[tuple[str, str], dict[str, str | None]] = {
    ("lieng", "ante"): {"proto": None, "doc": "the ante given with the request (StartBetting.ante, round.ante)"},
    ("lieng", "min_raise"): {"proto": "the ante", "doc": "the ante"},
    ("lieng", "max_raise"): {"proto": "no cap", "doc": "no cap"},
    ("lieng", "max_raise_rounds"): {"proto": "no limit", "doc": "no limit"},
}
GAMES: dict[str, tuple[object, str, str, str, str]] = {
    "sam": (sam.HouseRules(), "sam_loc.proto", "SamHouseRules", "docs/rules/sam-loc.md", "## 7."),
    "lieng": (lieng.HouseRules(), "lieng.proto", "LiengHouseRules", "docs/rules/lieng.md", "## 4."),
}


def proto_comments(proto: str, message: str) -> dict[str, str]:
    """``{field: its comment}`` for the fields of ``message`` in the .proto text (comment lines joined)."""
    body = re.search(rf"^message {message} {{\n(.*?)^}}", proto, re.S | re.M)
    assert body, message
    comments: dict[str, str] = {}
    pending: list[str] = []
    for line in body.group(1).splitlines():
        line = line.strip()
        if line.startswith("//"):
            pending.append(line.removeprefix("//").strip())
            continue
        field = re.match(r"(?:optional |repeated )?\w+ (\w+) = \d+;", line)
        if field:
            comments[field.group(1)] = " ".join(pending)
        pending = []
    return comments


def unspecified_comment(proto: str, enum_name: str) -> str:
    """The comment on the zero value of ``enum_name``."""
    found = re.search(rf"^enum {enum_name} {{\n\s*// (.*?)\n\s*\w+_UNSPECIFIED = 0;", proto, re.M)
    assert found, enum_name
    return found.group(1)


def proto_default(comment: str) -> str | None:
    """What a field's comment gives as its default: ``default 5``, ``Default 20.``, ``unset: no cap``, …"""
    found = re.search(r"(?:[Dd]efault:? |[Uu]nset(?::| means) )(.+?)\.?$", comment)
    return found.group(1) if found else None


def doc_defaults(text: str, heading: str) -> dict[str, str]:
    """``{field: default cell}`` of the switch table in the section starting at ``heading``."""
    section = text[text.index(f"\n{heading}") :]
    section = section[: section.find("\n## ", 1)]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        field = re.fullmatch(r"`(\w+)`(?: \(`\w+`\))?", cells[0]) if len(cells) > 2 else None
        if field:
            rows[field.group(1)] = cells[1].replace("`", "")
    return rows


def enum_prefix(contract_enum: str) -> str:
    """``SAM_CHOP_CHAIN_`` for the contract's ``SamChopChain``."""
    return "_".join(w.upper() for w in re.findall(r"[A-Z][a-z0-9]*", contract_enum)) + "_"


def contract_enum(proto: str, name: str) -> str:
    """The contract's enum type of switch ``name``."""
    found = re.search(rf"^\s*(\w+) {name} = \d+;", proto, re.M)
    assert found, name
    return found.group(1)


def expected(game: str, name: str, value: object, place: str, enum_type: str = "") -> str | None:
    """How ``place`` ("proto" or "doc") states the core's default ``value`` of switch ``name`` (an enum's value:
    its name in the proto comments, with the prefix of the contract's ``enum_type`` in the docs)."""
    if (game, name) in UNSET_MEANS:
        return UNSET_MEANS[(game, name)][place]
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, enum.Enum):
        return value.name if place == "proto" else enum_prefix(enum_type) + value.name
    if value == ALL_INSTANT_WINS:
        return "all five" if place == "proto" else "all five kinds"
    return str(value)


CASES = [
    (game, f.name)
    for game, (rules, *_rest) in GAMES.items()
    for f in dataclasses.fields(rules)  # type: ignore[arg-type]
    if f.init
]


@pytest.mark.parametrize(("game", "name"), CASES)
def test_the_core_default_is_the_one_the_contract_and_the_rules_state(game: str, name: str) -> None:
    rules, proto_file, message, doc_file, heading = GAMES[game]
    value = getattr(rules, name)
    proto = (PROTOS / proto_file).read_text(encoding="utf-8")
    comments = proto_comments(proto, message)
    assert name in comments, f"{message}.{name} is not in {proto_file}"
    stated = proto_default(comments[name])
    want = expected(game, name, value, "proto")
    assert (stated or "").casefold() == (want or "").casefold(), (comments[name], value)
    enum_type = contract_enum(proto, name) if isinstance(value, enum.Enum) else ""
    if enum_type:
        assert unspecified_comment(proto, enum_type) == f"The default: {value.name}."
    defaults = doc_defaults((ROOT / doc_file).read_text(encoding="utf-8"), heading)
    assert name in defaults, f"{name} is not in the switch table of {doc_file}"
    assert defaults[name] == expected(game, name, value, "doc", enum_type)


@pytest.mark.parametrize("game", GAMES)
def test_every_switch_of_the_contract_and_the_rules_is_in_the_core(game: str) -> None:
    _rules, proto_file, message, doc_file, heading = GAMES[game]
    core = {name for g, name in CASES if g == game}
    assert set(proto_comments((PROTOS / proto_file).read_text(encoding="utf-8"), message)) == core
    assert set(doc_defaults((ROOT / doc_file).read_text(encoding="utf-8"), heading)) == core


def test_a_changed_default_is_caught() -> None:
    """The comparison can fail: a core default other than the stated one does not match."""
    assert (
        expected("sam", "chop_penalty", 21, "doc")
        != doc_defaults((ROOT / "docs/rules/sam-loc.md").read_text(encoding="utf-8"), "## 7.")["chop_penalty"]
    )
    assert proto_default("Stake multiplier paid per chop (chặt); default 20.") == "20"


def test_the_timeout_switches_are_tied_like_every_other() -> None:
    """The timeout switches (docs/rules/sam-loc.md §9.8, docs/rules/lieng.md §6.9) are among the cases above, and a
    changed default of either is caught."""
    assert {("sam", "timeout_lead"), ("lieng", "timeout_checks")} <= set(CASES)
    sam_doc = doc_defaults((ROOT / "docs/rules/sam-loc.md").read_text(encoding="utf-8"), "## 7.")
    lieng_doc = doc_defaults((ROOT / "docs/rules/lieng.md").read_text(encoding="utf-8"), "## 4.")
    other_lead = expected("sam", "timeout_lead", sam.TimeoutLead.LOWEST_SET, "doc", "SamTimeoutLead")
    assert other_lead == "SAM_TIMEOUT_LEAD_LOWEST_SET" != sam_doc["timeout_lead"]
    assert expected("lieng", "timeout_checks", True, "doc") != lieng_doc["timeout_checks"]
