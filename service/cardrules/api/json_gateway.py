"""``cardrules.gateway.v1.JsonGatewayService``: the rules methods for HTTP/JSON callers, read strictly.

Envoy's gRPC-JSON transcoder drops JSON fields it does not know, so it does not transcode the rules methods
itself: for ``POST /cardrules.v1.LiengService/ScoreLieng`` it calls ``Call`` with the service and method from the
path and the body as sent. This servicer reads the body with unknown fields refused (:func:`read_request`: the
lists' bounds first, then json_fast for well-formed requests, json_mapping for everything else and every refusal;
card text where cards go, api/json_cards.py), calls the very servicer method a gRPC call reaches (same bounds, same
answers, same errors), and answers with the response's proto3 JSON. Internal to the Envoy front
and the server: the SDKs never call it. A service's ``Stream`` (many calls on one gRPC stream) has no JSON form:
it is refused UNIMPLEMENTED, naming it and the unary methods to call instead.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc
import structlog
from google.api import httpbody_pb2
from google.protobuf.descriptor import ServiceDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from cardrules.api import json_bounds, json_fast, json_mapping
from cardrules.api.errors import invalid_argument_status
from cardrules.api.json_mapping import MalformedJson, load
from cardrules.core.errors import InvalidInput
from cardrules.gateway.v1 import json_gateway_pb2, json_gateway_pb2_grpc

M = TypeVar("M", bound=Message)
Context = grpc.aio.ServicerContext[Any, Any]
Handler = Callable[[Any, Context], Awaitable[Message]]

JSON = "application/json"
MAX_NAME_CHARS = 100  # of an unknown service or method echoed in the error message

_log = structlog.get_logger("cardrules.api")


@dataclass(frozen=True)
class _Route:
    request: type[Message]
    handler: Handler


class JsonGatewayService(json_gateway_pb2_grpc.JsonGatewayServiceServicer):
    """Routes each call to a hosted rules method by its full service name and method name."""

    def __init__(self, services: Iterable[tuple[ServiceDescriptor, object]]) -> None:
        services = list(services)
        self._routes: dict[tuple[str, str], _Route] = {
            (service.full_name, method.name): _Route(GetMessageClass(method.input_type), getattr(servicer, method.name))
            for service, servicer in services
            for method in service.methods
            if not method.client_streaming
        }
        self._streams = {
            (service.full_name, method.name): [m.name for m in service.methods if not m.client_streaming]
            for service, _servicer in services
            for method in service.methods
            if method.client_streaming
        }

    async def Call(self, request: json_gateway_pb2.CallRequest, context: Context) -> httpbody_pb2.HttpBody:
        route = self._routes.get((request.service, request.method))
        if route is None:  # nothing is parsed or computed for a method this server does not host
            unary = self._streams.get((request.service, request.method))
            if unary is not None:
                await context.abort(
                    grpc.StatusCode.UNIMPLEMENTED,
                    f"/{request.service}/{request.method} is a gRPC stream and has no HTTP/JSON form; "
                    f"call its methods one by one: {', '.join(unary)}",
                )
            name = f"/{request.service[:MAX_NAME_CHARS]}/{request.method[:MAX_NAME_CHARS]}"
            await context.abort(grpc.StatusCode.UNIMPLEMENTED, f"no such method: {name}")
        message, problem = _parsed(request.body.data, route.request)
        if isinstance(problem, InvalidInput):
            await context.abort_with_status(invalid_argument_status(problem))
        if problem is not None:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, problem)
        response = await route.handler(message, context)  # aborts with the method's own errors
        return httpbody_pb2.HttpBody(content_type=JSON, data=json_fast.response_json(response))


def read_request(data: bytes, request: type[M]) -> M:
    """The body as a ``request``: loaded once (a body that is not a JSON object is MalformedJson), every list
    within its bound before anything is read from it (json_bounds: InvalidInput), then read by json_fast when it
    is a well-formed request in the usual spelling, else by json_mapping, which names every problem."""
    js = load(data)
    json_bounds.check(js, request)
    message = json_fast.read(js, request)
    return message if message is not None else json_mapping.read(js, request)


def _parsed(data: bytes, request: type[Message]) -> tuple[Message | None, InvalidInput | str | None]:
    """The request, or what is wrong with it (the caller aborts outside this try: an abort is an exception too)."""
    try:
        return read_request(data, request), None
    except InvalidInput as error:
        return None, error
    except MalformedJson as error:
        return None, str(error)
    except Exception:  # a bug in the reading, never the caller's fault: a clean refusal, logged
        _log.exception("json_gateway_parse_error", request=request.DESCRIPTOR.full_name)
        return None, "the request body could not be read"
