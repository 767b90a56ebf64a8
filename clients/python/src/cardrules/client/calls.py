"""One definition per RPC, served both sync and asyncio.

An RPC is declared once (``cardrules.client.rpcs``) as a function that builds its request from the method's
arguments; ``Rpc`` wraps it and, read from a client, becomes that client's method: a plain call on a
``SyncClient`` (``grpc.Channel``), a coroutine on an ``AsyncClient`` (``grpc.aio.Channel``). Both add the
client's metadata and default deadline and turn a failed call into a typed ``RulesError``.

A client made with ``streams=N`` sends its calls as messages over a pool of N streams of the service's ``Stream``
RPC instead (``cardrules.client.sync_streams`` / ``async_streams``): the same methods, deadlines and errors. A call
given its own ``metadata=`` still goes as a unary call, since a stream message cannot carry metadata.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Generic, ParamSpec, Self, TypeVar, Unpack, overload

import grpc
from google.protobuf.message import Message

from cardrules.client.async_streams import AsyncStreams
from cardrules.client.channel import DEFAULT_TIMEOUT, check_timeout
from cardrules.client.connecting import AsyncChannelSettings, ChannelSettings, aio_connect, connect
from cardrules.client.errors import from_rpc_error
from cardrules.client.stream_pool import RetryPolicy, check_streams
from cardrules.client.stream_protocol import StreamProtocol
from cardrules.client.sync_streams import SyncStreams

__all__ = ["AsyncClient", "AsyncMethod", "Call", "Metadata", "Rpc", "SyncClient", "SyncMethod", "rpc"]

P = ParamSpec("P")
Req = TypeVar("Req", bound=Message)
Resp = TypeVar("Resp", bound=Message)
# Call metadata: ("x-request-id", "42"); binary values go under keys ending in "-bin".
Metadata = Sequence[tuple[str, str | bytes]]


@dataclass(frozen=True)
class Call(Generic[Req]):
    """A request ready to send, with the caller's per-call ``timeout`` (None: the client's) and ``metadata``."""

    request: Req
    timeout: float | None = None
    metadata: Metadata | None = None


class Rpc(Generic[P, Resp]):
    """One unary RPC: its full method name, its response type and the function that builds a ``Call``."""

    def __init__(self, method: str, response_type: type[Resp], prepare: Callable[P, Call[Any]]) -> None:
        self.method = method
        self.response_type = response_type
        self.prepare = prepare
        self.__doc__ = prepare.__doc__

    @overload
    def __get__(self, client: None, owner: type[Any]) -> Self: ...
    @overload
    def __get__(self, client: SyncClient, owner: type[Any]) -> SyncMethod[P, Resp]: ...
    @overload
    def __get__(self, client: AsyncClient, owner: type[Any]) -> AsyncMethod[P, Resp]: ...
    def __get__(self, client: object, owner: type[Any]) -> Self | SyncMethod[P, Resp] | AsyncMethod[P, Resp]:
        if client is None:
            return self
        if isinstance(client, SyncClient):
            return SyncMethod(client, self)
        if isinstance(client, AsyncClient):
            return AsyncMethod(client, self)
        raise TypeError(f"{type(client).__name__} is neither a SyncClient nor an AsyncClient")


def rpc(method: str, response_type: type[Resp]) -> Callable[[Callable[P, Call[Any]]], Rpc[P, Resp]]:
    """Declare an RPC from its request builder: ``@rpc("/pkg.Service/Method", MethodResponse)``."""

    def declare(prepare: Callable[P, Call[Any]]) -> Rpc[P, Resp]:
        return Rpc(method, response_type, prepare)

    return declare


def _serialize(message: Message) -> bytes:
    return message.SerializeToString()


def _checked(response: object, response_type: type[Resp]) -> Resp:
    if not isinstance(response, response_type):
        raise TypeError(f"expected {response_type.__name__}, got {type(response).__name__}")
    return response


class _Defaults:
    """What both kinds of client add to every call: their metadata and default deadline."""

    def __init__(self, timeout: float | None, metadata: Metadata | None) -> None:
        # timeout=None: no client deadline (the channel's default, if any, applies); a call's timeout=None means
        # "the client's default".
        self.timeout = check_timeout(timeout)
        self.metadata = tuple(metadata or ())

    def resolve(self, call: Call[Any]) -> tuple[float | None, tuple[tuple[str, str | bytes], ...] | None]:
        timeout = self.timeout if call.timeout is None else check_timeout(call.timeout)
        metadata = self.metadata + tuple(call.metadata or ())
        return timeout, metadata or None


def _service(rpc: Rpc[..., Any]) -> str:
    return rpc.method.split("/")[1]  # "/cardrules.v1.LiengService/ScoreLieng" -> "cardrules.v1.LiengService"


class SyncClient:
    """A client over a ``grpc.Channel``. Built by ``connect``, it owns its channel and closes it in ``close()``
    (or on leaving ``with``); built on a channel you pass, the channel stays yours to close. With ``streams=N``
    its calls travel over N streams (stream mode); ``close()`` ends them. Safe to use from many threads."""

    def __init__(
        self,
        channel: grpc.Channel,
        *,
        timeout: float | None = DEFAULT_TIMEOUT,
        metadata: Metadata | None = None,
        streams: int = 0,
    ) -> None:
        self._channel = channel
        self._defaults = _Defaults(timeout, metadata)
        self._owns_channel = False
        self._callables: dict[str, grpc.UnaryUnaryMultiCallable[Message, Message]] = {}
        self._streams = check_streams(streams)
        self._stream_policy = RetryPolicy.of()
        self._pools: dict[str, SyncStreams] = {}
        self._pools_lock = threading.Lock()

    @classmethod
    def connect(
        cls,
        target: str,
        *,
        timeout: float | None = DEFAULT_TIMEOUT,
        metadata: Metadata | None = None,
        streams: int = 0,
        **settings: Unpack[ChannelSettings],
    ) -> Self:
        """A client on a new channel of its own: ``with LiengClient.connect("localhost:50051") as lieng:``.
        ``streams=N``: stream mode, over N streams. ``settings`` are :func:`cardrules.client.connect`'s (``token``,
        ``credentials``, ``options``, ``load_balancing``, ``retry`` …)."""
        client = cls(connect(target, **settings), timeout=timeout, metadata=metadata, streams=streams)
        client._owns_channel = True
        client._stream_policy = RetryPolicy.of(settings.get("retry", True))
        return client

    @property
    def channel(self) -> grpc.Channel:
        """The channel calls go through (e.g. for a raw generated stub)."""
        return self._channel

    def close(self) -> None:
        """End the client's streams, if any, and close the channel if this client owns it (made by ``connect``);
        a channel you passed stays open."""
        with self._pools_lock:
            pools, self._pools = list(self._pools.values()), {}
        for pool in pools:
            pool.close()
        if self._owns_channel:
            self._channel.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def _pool(self, rpc: Rpc[..., Any]) -> SyncStreams:
        service = _service(rpc)
        with self._pools_lock:
            pool = self._pools.get(service)
            if pool is None:
                pool = self._pools[service] = SyncStreams(
                    self._channel,
                    StreamProtocol.of(service),
                    self._streams,
                    metadata=self._defaults.metadata or None,
                    policy=self._stream_policy,
                )
            return pool

    def _invoke(self, rpc: Rpc[..., Resp], call: Call[Any]) -> Resp:
        timeout, metadata = self._defaults.resolve(call)
        if self._streams and not call.metadata:
            return _checked(self._pool(rpc).call(call.request, rpc.response_type, timeout), rpc.response_type)
        callable_ = self._callables.get(rpc.method)
        if callable_ is None:
            callable_ = self._channel.unary_unary(
                rpc.method, request_serializer=_serialize, response_deserializer=rpc.response_type.FromString
            )
            self._callables[rpc.method] = callable_
        try:
            response = callable_(call.request, timeout=timeout, metadata=metadata)
        except grpc.RpcError as error:
            raise from_rpc_error(error) from error
        return _checked(response, rpc.response_type)


class AsyncClient:
    """A client over a ``grpc.aio.Channel``. Built by ``connect``, it owns its channel and closes it in
    ``await close()`` (or on leaving ``async with``); built on a channel you pass, the channel stays yours. With
    ``streams=N`` its calls travel over N streams (stream mode); ``close()`` ends them."""

    def __init__(
        self,
        channel: grpc.aio.Channel,
        *,
        timeout: float | None = DEFAULT_TIMEOUT,
        metadata: Metadata | None = None,
        streams: int = 0,
    ) -> None:
        self._channel = channel
        self._defaults = _Defaults(timeout, metadata)
        self._owns_channel = False
        self._callables: dict[str, grpc.aio.UnaryUnaryMultiCallable[Message, Message]] = {}
        self._streams = check_streams(streams)
        self._stream_policy = RetryPolicy.of()
        self._pools: dict[str, AsyncStreams] = {}

    @classmethod
    def connect(
        cls,
        target: str,
        *,
        timeout: float | None = DEFAULT_TIMEOUT,
        metadata: Metadata | None = None,
        streams: int = 0,
        **settings: Unpack[AsyncChannelSettings],
    ) -> Self:
        """A client on a new ``grpc.aio`` channel of its own: ``async with AsyncLiengClient.connect(...) as lieng:``.
        ``streams=N``: stream mode, over N streams. ``settings`` are :func:`cardrules.client.aio.connect`'s."""
        client = cls(aio_connect(target, **settings), timeout=timeout, metadata=metadata, streams=streams)
        client._owns_channel = True
        client._stream_policy = RetryPolicy.of(settings.get("retry", True))
        return client

    @property
    def channel(self) -> grpc.aio.Channel:
        """The channel calls go through."""
        return self._channel

    async def close(self) -> None:
        """End the client's streams, if any, and close the channel if this client owns it (made by ``connect``);
        a channel you passed stays open."""
        pools, self._pools = list(self._pools.values()), {}
        for pool in pools:
            await pool.close()
        if self._owns_channel:
            await self._channel.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        await self.close()

    def _pool(self, rpc: Rpc[..., Any]) -> AsyncStreams:
        service = _service(rpc)
        pool = self._pools.get(service)
        if pool is None:
            pool = self._pools[service] = AsyncStreams(
                self._channel,
                StreamProtocol.of(service),
                self._streams,
                metadata=self._defaults.metadata or None,
                policy=self._stream_policy,
            )
        return pool

    async def _invoke(self, rpc: Rpc[..., Resp], call: Call[Any]) -> Resp:
        timeout, metadata = self._defaults.resolve(call)
        if self._streams and not call.metadata:
            return _checked(await self._pool(rpc).call(call.request, rpc.response_type, timeout), rpc.response_type)
        callable_ = self._callables.get(rpc.method)
        if callable_ is None:
            callable_ = self._channel.unary_unary(
                rpc.method, request_serializer=_serialize, response_deserializer=rpc.response_type.FromString
            )
            self._callables[rpc.method] = callable_
        try:
            response = await callable_(call.request, timeout=timeout, metadata=metadata)
        except grpc.RpcError as error:  # grpc.aio.AioRpcError is one
            raise from_rpc_error(error) from error
        return _checked(response, rpc.response_type)


class SyncMethod(Generic[P, Resp]):
    """An RPC read from a ``SyncClient``: calling it sends the request and returns the response."""

    def __init__(self, client: SyncClient, rpc: Rpc[P, Resp]) -> None:
        self._client = client
        self._rpc = rpc
        self.__doc__ = rpc.__doc__

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Resp:
        return self._client._invoke(self._rpc, self._rpc.prepare(*args, **kwargs))


class AsyncMethod(Generic[P, Resp]):
    """An RPC read from an ``AsyncClient``: calling it returns a coroutine of the response."""

    def __init__(self, client: AsyncClient, rpc: Rpc[P, Resp]) -> None:
        self._client = client
        self._rpc = rpc
        self.__doc__ = rpc.__doc__

    async def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Resp:
        return await self._client._invoke(self._rpc, self._rpc.prepare(*args, **kwargs))
