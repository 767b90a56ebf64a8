"""The rules servicers, built for in-process tests and benchmarks.

The generated servicer bases declare every RPC of the service abstract to type checkers, ``Stream`` included; the
servicers implement the unary RPCs only, because the server answers ``Stream`` itself from those
(cardrules.server.streams), and the runtime base answers anything else UNIMPLEMENTED. So building one directly is
an ``[abstract]`` error to mypy, said once here.
"""

from __future__ import annotations

from cardrules.api.lieng import LiengService
from cardrules.api.sam import SamLocService


def sam_servicer() -> SamLocService:
    return SamLocService()  # type: ignore[abstract]


def lieng_servicer() -> LiengService:
    return LiengService()  # type: ignore[abstract]
