"""Replay conformance vectors against a live server.

    python -m cardrules.client.tools.conformance VECTORS_DIR [--target HOST:PORT] [--verbose] [--timeout S]
        [--tls | --ca PEM] [--cert PEM --key PEM] [--token TOKEN] [--stream]

With ``--stream`` every case is sent as a message on its service's ``Stream`` (the SDK's stream mode) instead of
as a unary call, and must give the same outcome.

Every ``Deal`` case is also recomputed locally with the SDK's own ``deal_from`` (no server call) and must give the
same deal, or be refused too.

The token may come from the environment variable ``CARDRULES_TOKEN`` instead of ``--token``, which keeps it out
of process listings.

Prints one line per failing case (file, case name, first difference) and ends with ``N passed, M failed``.
Exit status: 0 all passed; 1 some case failed or no case was found; 2 bad usage or unreadable vectors.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import descriptor_pool, json_format, message_factory
from google.protobuf.message import Message

# Imported for its side effect: it registers every cardrules.v1 service in the default descriptor pool.
import cardrules.client.generated.services  # noqa: F401
from cardrules.client.auth import check_token
from cardrules.client.channel import DEFAULT_TIMEOUT
from cardrules.client.client import connect
from cardrules.client.errors import FieldViolation, RulesError, decode_status, field_violations
from cardrules.client.stream_protocol import StreamProtocol
from cardrules.client.sync_streams import SyncStreams
from cardrules.client.tools.local_deal import DEAL, local_difference
from cardrules.client.tools.matching import ErrorOutcome, Outcome, ResponseOutcome, match_expect
from cardrules.client.tools.vectors import Case, VectorsUnreadable, load_vectors

__all__ = ["TOKEN_ENV", "CaseStreams", "deal_locally", "main", "run_case"]

TOKEN_ENV = "CARDRULES_TOKEN"


class CaseError(Exception):
    """The case cannot be sent (unknown service or method, request JSON that does not parse)."""


def _method(service: str, method: str) -> tuple[type[Message], type[Message]]:
    try:
        service_descriptor = descriptor_pool.Default().FindServiceByName(service)
    except KeyError:
        raise CaseError(f"unknown service {service!r}") from None
    method_descriptor = service_descriptor.methods_by_name.get(method)
    if method_descriptor is None:
        raise CaseError(f"unknown method {method!r} of {service}")
    return (
        message_factory.GetMessageClass(method_descriptor.input_type),
        message_factory.GetMessageClass(method_descriptor.output_type),
    )


class CaseStreams:
    """One stream per service on ``channel``, opened for the first case of that service (``--stream``)."""

    def __init__(self, channel: grpc.Channel) -> None:
        self._channel = channel
        self._pools: dict[str, SyncStreams] = {}

    def call(self, service: str, request: Message, response_type: type[Message], timeout: float) -> Message:
        pool = self._pools.get(service)
        if pool is None:
            try:
                protocol = StreamProtocol.of(service)
            except ValueError as error:
                raise CaseError(str(error)) from None
            pool = self._pools[service] = SyncStreams(self._channel, protocol, 1)
        if not pool.protocol.carries(type(request)):
            raise CaseError(f"{type(request).__name__} is not a call of {service}.Stream")
        return pool.call(request, response_type, timeout)

    def close(self) -> None:
        for pool in self._pools.values():
            pool.close()


def _error_outcome(code: grpc.StatusCode, violations: list[FieldViolation], message: str) -> ErrorOutcome:
    return ErrorOutcome(code.name, tuple((violation.field, violation.reason) for violation in violations), message)


def run_case(channel: grpc.Channel, case: Case, timeout: float, streams: CaseStreams | None = None) -> Outcome:
    """Send one case's request generically (by its full method name, or on its service's stream when ``streams``
    is given) and capture the response or status."""
    request_type, response_type = _method(case.service, case.method)
    try:
        request = json_format.ParseDict(dict(case.request), request_type(), ignore_unknown_fields=False)
    except json_format.ParseError as error:
        raise CaseError(f"request does not parse as {request_type.DESCRIPTOR.full_name}: {error}") from None
    if streams is not None:
        try:
            response = streams.call(case.service, request, response_type, timeout)
        except RulesError as failed:
            return _error_outcome(failed.code, field_violations(failed.status), failed.message)
        return _response_outcome(response)
    call = channel.unary_unary(
        f"/{case.service}/{case.method}",
        request_serializer=request_type.SerializeToString,
        response_deserializer=response_type.FromString,
    )
    try:
        response = call(request, timeout=timeout)
    except grpc.RpcError as error:
        code: Any = error.code() if callable(getattr(error, "code", None)) else grpc.StatusCode.UNKNOWN
        details = error.details() if callable(getattr(error, "details", None)) else str(error)
        return _error_outcome(code, field_violations(decode_status(error)), details or "")
    return _response_outcome(response)


def deal_locally(case: Case) -> str | None:
    """A Deal case recomputed with this SDK's own ``deal_from`` (tools/local_deal.py): its first difference."""
    request_type, response_type = _method(case.service, case.method)
    try:
        request = json_format.ParseDict(dict(case.request), request_type(), ignore_unknown_fields=False)
    except json_format.ParseError as error:
        raise CaseError(f"request does not parse as {request_type.DESCRIPTOR.full_name}: {error}") from None
    return local_difference(case.service, request, response_type, case.expect)


def _response_outcome(response: Message) -> ResponseOutcome:
    # Default-valued fields are emitted so vectors can expect `"legal": false` or an UNSPECIFIED reason.
    return ResponseOutcome(json_format.MessageToDict(response, always_print_fields_with_no_presence=True))


def _one_line(text: str) -> str:
    # One line per failing case, even when a library message (e.g. a JSON parse error) spans several.
    return " ".join(line.strip() for line in text.splitlines())


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardrules-conformance", description="Replay cardrules conformance vectors against a live server."
    )
    parser.add_argument("vectors", type=Path, metavar="VECTORS_DIR", help="folder of *.json vector files")
    parser.add_argument("--target", default="localhost:50051", help="server address (default: %(default)s)")
    parser.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT * 5, help="deadline per call in seconds (default: %(default)s)"
    )
    parser.add_argument("--tls", action="store_true", help="use TLS with the system's root certificates")
    parser.add_argument(
        "--ca", "--root-certificates", dest="ca", type=Path, metavar="PEM", help="use TLS trusting this CA (PEM)"
    )
    parser.add_argument("--cert", type=Path, metavar="PEM", help="client certificate for mutual TLS (with --key)")
    parser.add_argument("--key", type=Path, metavar="PEM", help="private key of --cert")
    parser.add_argument(
        "--token", help=f"bearer token sent on every call (default: the environment variable {TOKEN_ENV}, if set)"
    )
    parser.add_argument(
        "--stream", action="store_true", help="send every case on its service's Stream instead of as a unary call"
    )
    parser.add_argument("--verbose", action="store_true", help="also list passing cases")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)  # exits 2 on bad usage
    if args.timeout <= 0:
        print("cardrules-conformance: --timeout must be > 0", file=sys.stderr)
        return 2
    if (args.cert is None) != (args.key is None):
        print("cardrules-conformance: --cert and --key go together", file=sys.stderr)
        return 2
    token = args.token if args.token is not None else os.environ.get(TOKEN_ENV) or None
    try:
        check_token(token)
    except ValueError as error:
        print(f"cardrules-conformance: bad token: {error}", file=sys.stderr)
        return 2
    try:
        cases, broken = load_vectors(args.vectors)
        roots = args.ca.read_bytes() if args.ca else None
        chain = args.cert.read_bytes() if args.cert else None
        key = args.key.read_bytes() if args.key else None
    except (VectorsUnreadable, OSError) as error:
        print(f"cardrules-conformance: {error}", file=sys.stderr)
        return 2
    for item in broken:
        where = f"{item.file}: {item.name}" if item.name else str(item.file)
        print(f"FAIL {where}: malformed vector: {_one_line(item.problem)}")
    passed, failed = 0, len(broken)
    with connect(
        args.target,
        secure=args.tls,
        root_certificates=roots,
        certificate_chain=chain,
        private_key=key,
        token=token,
        default_timeout=None,
    ) as channel:
        streams = CaseStreams(channel) if args.stream else None
        for case in cases:
            try:
                difference = match_expect(case.expect, run_case(channel, case, args.timeout, streams))
                if difference is None and case.method == DEAL:
                    difference = deal_locally(case)
            except CaseError as error:
                difference = str(error)
            if difference is None:
                passed += 1
                if args.verbose:
                    print(f"ok   {case.file}: {case.name}")
            else:
                failed += 1
                print(f"FAIL {case.file}: {case.name}: {_one_line(difference)}")
        if streams is not None:
            streams.close()
    if passed + failed == 0:
        print(f"cardrules-conformance: no vector cases found under {args.vectors}", file=sys.stderr)
    print(f"{passed} passed, {failed} failed", flush=True)
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
