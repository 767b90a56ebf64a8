"""Seeded mutations of JSON request bodies for ``cardrules.gateway.v1.JsonGatewayService/Call``.

    for fuzz in itertools.islice(json_gateway_inputs(seed=7, cases=vector_json()), 1000):
        send(fuzz.rpc.path, fuzz.payload)      # a serialized CallRequest; fuzz.how says how it was made

The gateway reads the body of an HTTP/JSON call with its own strict reader (cardrules/api/json_mapping.py), so its
inputs are JSON texts, not protobuf bytes: each conformance vector's request, as written in the vector file, with
values swapped for ones JSON allows but the mapping must refuse (infinite and fractional numbers, lone surrogates,
wrong types), keys misspelt, repeated in both spellings or dropped, lists grown, and texts that are no JSON object
at all (truncated, bytes replaced, deeply nested, random). Everything draws from one ``random.Random``.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from google.api import httpbody_pb2

from cardrules.gateway.v1 import json_gateway_pb2
from tests.support.mutations import RPCS, VECTORS, FuzzInput, Rpc

GATEWAY = Rpc("cardrules.gateway.v1.JsonGatewayService", "Call", json_gateway_pb2.CallRequest, httpbody_pb2.HttpBody)

# JSON has no infinite numbers; Python's json prints them as Infinity (not JSON). A placeholder string is swapped
# for a number literal too large for a double after printing, which readers turn into infinity.
_HUGE = "\u0000huge\u0000"
_ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1.5, 2.5, -0.0, 1e300, 2**63, -(2**63) - 1, 2**64, _HUGE, "-" + _HUGE,
    "", "x", "\ud800", "\u0000", "9223372036854775808", "-9223372036854775809", "1e3", "0x10", " 5", "NaN",
    "RANK_ACE", "SUIT_HEARTS", "LIENG_ACTION_KIND_RAISE", "SAM_INSTANT_WIN_KIND_DRAGON", 99, "99",
    [], {}, [[]], [{}], {"rank": "RANK_TWO"},
    # card text, which the JSON front takes wherever cards go
    "AC AD AH", "AS,KD QH", "ACADAH", "10♥", "AC XX", "\ud800 AS", "AS AS", ["AC", "XX", {}], ["2S", None],
)  # fmt: skip
_ODD_KEYS = ("extra", "houseRulez", "house_rules", "houseRules", "HouseRules", "", "\u00e9", "\ud800", "a" * 300)


@dataclass(frozen=True)
class JsonCase:
    rpc: Rpc  # the rules method named in the call
    request: Any  # the vector's request, as JSON
    source: str


def vector_json(root: Path = VECTORS) -> list[JsonCase]:
    """Every conformance case's request as written (also those the JSON mapping rejects)."""
    by_path = {rpc.path: rpc for rpc in RPCS}
    out = []
    for path in sorted(root.rglob("*.json")):
        for case in json.loads(path.read_text()).get("cases", []):
            rpc = by_path[f"/{case['service']}/{case['method']}"]
            out.append(JsonCase(rpc, case["request"], f"{path.relative_to(root)}: {case.get('name', '?')}"))
    return out


def json_gateway_inputs(
    seed: int, cases: Sequence[JsonCase], *, max_bytes: int, grow_to: int = 50
) -> Iterator[FuzzInput]:
    """An endless, deterministic stream of gateway calls for the rules methods in turn.

    About 55 % structure mutants (1–3 :func:`_mutate_json` steps; lists grow to at most ``grow_to`` times), 15 %
    texts cut or with bytes replaced, 10 % hostile texts (deep nesting, a byte-order mark, invalid UTF-8, not an
    object), 10 % random bytes and 10 % a valid body under a method name that is not hosted or does not match.
    A call over ``max_bytes`` (the server's message limit) is drawn again.
    """
    rng = random.Random(seed)
    by_rpc: dict[str, list[JsonCase]] = {rpc.path: [c for c in cases if c.rpc is rpc] for rpc in RPCS}
    index = 0
    while True:
        rpc = RPCS[index % len(RPCS)]
        index += 1
        case = rng.choice(by_rpc[rpc.path])
        service, method = rpc.service, rpc.method
        kind = rng.random()
        if kind < 0.55:
            body = copy.deepcopy(case.request)
            steps = []
            for _ in range(rng.randint(1, 3)):
                body, step = _mutate_json(body, rng, grow_to)
                steps.append(step)
            data, how = _dumps(body), "; ".join(steps)
        elif kind < 0.70:
            text = _dumps(case.request)
            if rng.random() < 0.5:
                cut = rng.randrange(len(text) + 1)
                data, how = text[:cut], f"first {cut} of {len(text)} bytes"
            else:
                changed = bytearray(text)
                for _ in range(rng.randint(1, 4)):
                    changed[rng.randrange(len(changed))] = rng.randrange(256)
                data, how = bytes(changed), "bytes replaced"
        elif kind < 0.80:
            data, how = _hostile_text(_dumps(case.request), rng)
        elif kind < 0.90:
            data = rng.randbytes(int(math.exp(rng.uniform(0.0, math.log(256)))) - 1)
            how = f"{len(data)} random bytes"
        else:
            data = _dumps(case.request)
            other = rng.choice(RPCS)
            service, method = rng.choice(
                [
                    (other.service, other.method),  # another method's name: the body does not match it
                    (service, "Nope"),
                    ("cardrules.v1.Nope", method),
                    ("", ""),
                    (service + "\u0000", method),
                    ("s" * 5000, "m" * 5000),
                ]
            )
            how = f"names: /{service[:40]}/{method[:40]}"
        request = json_gateway_pb2.CallRequest(
            service=service, method=method, body=httpbody_pb2.HttpBody(content_type="application/json", data=data)
        )
        payload = request.SerializeToString()
        if len(payload) <= max_bytes:
            yield FuzzInput(GATEWAY, payload, f"{rpc.path} [{case.source}] {how}")
        else:
            index -= 1  # the same method again, with the next draw


def _dumps(body: Any) -> bytes:
    text = json.dumps(body)
    return text.replace(json.dumps(_HUGE), "1e400").replace(json.dumps("-" + _HUGE), "-1e400").encode()


def _mutate_json(body: Any, rng: random.Random, grow_to: int) -> tuple[Any, str]:
    places = list(_places(body, ()))
    path = rng.choice(places)
    choice = rng.random()
    if choice < 0.5 or not path:
        value = rng.choice(_ODD_VALUES)
        return _replace(body, path, copy.deepcopy(value)), f"{_show(path)} = {json.dumps(value)[:30]}"
    objects = [place for place in places if isinstance(_at(body, place), dict)]
    if choice < 0.7 and objects:
        holder = _at(body, rng.choice(objects))
        key = rng.choice(_ODD_KEYS + tuple(_camel_or_snake(name) for name in holder))
        holder[key] = copy.deepcopy(rng.choice(_ODD_VALUES))
        return body, f"key {key[:30]!r} set"
    lists = [place for place in places if isinstance(_at(body, place), list) and _at(body, place)]
    if choice < 0.85 and lists:
        items = _at(body, rng.choice(lists))
        count = rng.randint(2, grow_to)
        items.extend(copy.deepcopy(items[0]) for _ in range(count))
        return body, f"a list grown by {count}"
    parent = _at(body, path[:-1])
    del parent[path[-1]]
    return body, f"{_show(path)} removed"


def _places(body: Any, path: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(body, dict):
        for key, value in body.items():
            yield from _places(value, (*path, key))
    elif isinstance(body, list):
        for index, value in enumerate(body):
            yield from _places(value, (*path, index))


def _at(body: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        body = body[step]
    return body


def _replace(body: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _at(body, path[:-1])[path[-1]] = value
    return body


def _camel_or_snake(name: str) -> str:
    """The other spelling of a field name the mapping accepts (houseRules <-> house_rules): a repeated field."""
    if "_" in name:
        head, *rest = name.split("_")
        return head + "".join(part.title() for part in rest)
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)


def _show(path: tuple[Any, ...]) -> str:
    return "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path) or "<body>"


def _hostile_text(valid: bytes, rng: random.Random) -> tuple[bytes, str]:
    shape = rng.randrange(6)
    if shape == 0:
        depth = rng.choice((100, 1000, 100_000))
        return b"[" * depth + b"]" * depth, f"{depth} nested arrays"
    if shape == 1:
        depth = rng.choice((100, 1000, 100_000))
        return b'{"houseRules":' * depth + b"{}" + b"}" * depth, f"{depth} nested objects"
    if shape == 2:
        return b"\xef\xbb\xbf" + valid, "byte-order mark"
    if shape == 3:
        return valid[:-1] + b', "x": "\xff\xfe"}', "invalid UTF-8 in a string"
    if shape == 4:
        return valid + b" trailing", "text after the object"
    return rng.choice((b"[]", b"1", b'"x"', b"null", b"", b"{}")), "not a JSON object"
