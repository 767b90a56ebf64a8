"""The rules servicers, built for in-process tests and benchmarks, and a context that captures their errors.

The generated servicer bases declare every RPC of the service abstract to type checkers, ``Stream`` included; the
servicers implement the unary RPCs only, because the server answers ``Stream`` itself from those
(cardrules.server.streams), and the runtime base answers anything else UNIMPLEMENTED. So building one directly is
an ``[abstract]`` error to mypy, said once here.
"""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2

from cardrules.api.lieng import LiengService
from cardrules.api.sam import SamLocService


def sam_servicer() -> SamLocService:
    return SamLocService()  # type: ignore[abstract]


def lieng_servicer() -> LiengService:
    return LiengService()  # type: ignore[abstract]


class Aborted(Exception):
    """How :class:`CapturingContext` ends a call: its status code and the error's details (packed messages)."""

    def __init__(self, code: grpc.StatusCode, details: list[any_pb2.Any]) -> None:
        super().__init__(code.name)
        self.code = code
        self.details = details

    @property
    def violations(self) -> list[error_details_pb2.BadRequest.FieldViolation]:
        """The field violations of every google.rpc.BadRequest among the details."""
        found: list[error_details_pb2.BadRequest.FieldViolation] = []
        for detail in self.details:
            if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                bad = error_details_pb2.BadRequest()
                detail.Unpack(bad)
                found.extend(bad.field_violations)
        return found


class CapturingContext:
    """The two ways a servicer ends a call with an error, raised as :class:`Aborted` instead of sent."""

    async def abort_with_status(self, status: grpc.Status) -> None:
        details: list[any_pb2.Any] = []
        for key, value in status.trailing_metadata:
            if key == "grpc-status-details-bin":
                details = list(status_pb2.Status.FromString(value).details)
        raise Aborted(status.code, details)

    async def abort(self, code: grpc.StatusCode, message: str) -> None:
        raise Aborted(code, [])
