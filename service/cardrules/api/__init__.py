"""The gRPC layer: converts ``cardrules.v1`` messages to core values and back, and nothing else.

Each servicer method is request → convert → core → convert → response. Bad input raised anywhere on that path
as :class:`cardrules.core.errors.InvalidInput` becomes ``INVALID_ARGUMENT`` with ``google.rpc.BadRequest``
field violations (see :mod:`cardrules.api.errors`).
"""
