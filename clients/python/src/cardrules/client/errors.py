"""Typed errors for failed calls, decoded from the gRPC status and its ``google.rpc`` details.

An illegal play is not an error (ValidatePlay answers ``legal: false`` with a reason); these errors are for
malformed input (INVALID_ARGUMENT, with the offending fields), overload, outages, deadlines and missing or
invalid credentials.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import grpc
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

__all__ = [
    "DeadlineExceededError",
    "ErrorInfo",
    "FieldViolation",
    "InvalidArgumentError",
    "ResourceExhaustedError",
    "RulesError",
    "UnauthenticatedError",
    "UnavailableError",
    "decode_status",
    "error_info",
    "field_violations",
    "from_rpc_error",
    "from_status",
]


@dataclass(frozen=True)
class FieldViolation:
    """One offending field: ``field`` is a snake_case path like ``state.seats[2].hand.cards[1]``; ``reason`` is a
    stable UPPER_SNAKE_CASE code to branch on (``DUPLICATE_CARD``, ``MORE_VIOLATIONS`` …: a value of
    ``cardrules.v1.errors_pb2.ErrorReason`` without its ``ERROR_REASON_`` prefix, kept as text so a newer server's
    reason still arrives), ``description`` the English text for people."""

    field: str
    description: str
    reason: str = ""


@dataclass(frozen=True)
class ErrorInfo:
    """The ``google.rpc.ErrorInfo`` of a failed call: why (``reason``, stable UPPER_SNAKE_CASE), who says so
    (``domain``, ``cardrules.v1`` for the rules service) and context (``metadata``; the server names the first
    offending ``field``)."""

    reason: str
    domain: str
    metadata: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


class RulesError(Exception):
    """A call to the rules service failed. ``code`` and ``message`` are the gRPC status code and message."""

    def __init__(self, code: grpc.StatusCode, message: str, status: status_pb2.Status | None = None) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message
        # The google.rpc.Status the server attached, if any (its details hold e.g. BadRequest).
        self.status = status
        self.error_info: ErrorInfo | None = error_info(status)

    @property
    def reason(self) -> str | None:
        """The ``ErrorInfo`` reason, when the server sent one (e.g. ``DUPLICATE_CARD``)."""
        return None if self.error_info is None else self.error_info.reason

    def __str__(self) -> str:
        return f"{self.code.name}: {self.message}"


class InvalidArgumentError(RulesError):
    """The request was malformed; ``field_violations`` names each offending field."""

    def __init__(
        self,
        code: grpc.StatusCode,
        message: str,
        status: status_pb2.Status | None = None,
        violations: list[FieldViolation] | None = None,
    ) -> None:
        super().__init__(code, message, status)
        self.field_violations: list[FieldViolation] = list(violations or [])

    def __str__(self) -> str:
        if not self.field_violations:
            return super().__str__()
        fields = "; ".join(f"{v.field}: {v.description}" for v in self.field_violations)
        return f"{super().__str__()} ({fields})"


class ResourceExhaustedError(RulesError):
    """The server is overloaded or the request is too large."""


class UnauthenticatedError(RulesError):
    """The server requires credentials and the call had none or a wrong one (never retried: the same credentials
    would fail again). The server says no more than "missing or invalid credentials", by design."""


class UnavailableError(RulesError):
    """No server could be reached (after the channel's retries, if enabled)."""


class DeadlineExceededError(RulesError):
    """The call did not finish before its deadline."""


_BY_CODE: dict[grpc.StatusCode, type[RulesError]] = {
    grpc.StatusCode.RESOURCE_EXHAUSTED: ResourceExhaustedError,
    grpc.StatusCode.UNAVAILABLE: UnavailableError,
    grpc.StatusCode.DEADLINE_EXCEEDED: DeadlineExceededError,
    grpc.StatusCode.UNAUTHENTICATED: UnauthenticatedError,
}


def decode_status(error: Any) -> status_pb2.Status | None:
    """The ``google.rpc.Status`` in a failed call's trailing metadata (sync or ``grpc.aio``), if any."""
    try:
        status: status_pb2.Status | None = rpc_status.from_call(error)
    except (ValueError, AttributeError, TypeError):
        # A status detail that contradicts the call's own code or message, or an error that is not a call
        # (e.g. raised locally before sending): no trustworthy details.
        return None
    return status


def field_violations(status: status_pb2.Status | None) -> list[FieldViolation]:
    """Every ``google.rpc.BadRequest`` field violation in a status's details, in order."""
    if status is None:
        return []
    violations: list[FieldViolation] = []
    for detail in status.details:
        bad_request = error_details_pb2.BadRequest()
        if detail.Unpack(bad_request):
            violations.extend(FieldViolation(v.field, v.description, v.reason) for v in bad_request.field_violations)
    return violations


def error_info(status: status_pb2.Status | None) -> ErrorInfo | None:
    """The first ``google.rpc.ErrorInfo`` in a status's details, if any."""
    if status is None:
        return None
    for detail in status.details:
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            return ErrorInfo(info.reason, info.domain, MappingProxyType(dict(info.metadata)))
    return None


def _code_and_message(error: grpc.RpcError) -> tuple[grpc.StatusCode, str]:
    code = getattr(error, "code", None)
    details = getattr(error, "details", None)
    status_code = code() if callable(code) else grpc.StatusCode.UNKNOWN
    message = details() if callable(details) else str(error)
    return status_code, message or ""


def _typed(code: grpc.StatusCode, message: str, status: status_pb2.Status | None) -> RulesError:
    if code == grpc.StatusCode.INVALID_ARGUMENT:
        return InvalidArgumentError(code, message, status, field_violations(status))
    return _BY_CODE.get(code, RulesError)(code, message, status)


def from_rpc_error(error: grpc.RpcError) -> RulesError:
    """Map a failed call to its typed error; codes without a dedicated type give a plain ``RulesError``."""
    code, message = _code_and_message(error)
    return _typed(code, message, decode_status(error))


_CODES = {code.value[0]: code for code in grpc.StatusCode}


def from_status(status: status_pb2.Status) -> RulesError:
    """The typed error of a call answered with a ``google.rpc.Status`` (a stream's per-call ``error``), decoded
    as :func:`from_rpc_error` decodes the same failure of a unary call."""
    code = _CODES.get(status.code, grpc.StatusCode.UNKNOWN)
    if code == grpc.StatusCode.OK:  # an error that says OK is no answer either
        code = grpc.StatusCode.UNKNOWN
    return _typed(code, status.message, status)
