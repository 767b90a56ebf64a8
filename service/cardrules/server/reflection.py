"""Server reflection, ``grpc.reflection.v1`` and ``grpc.reflection.v1alpha``, with the contract's comments.

Tools such as grpcurl list the services, describe them and call them from what reflection returns. The contract's
files are answered from ``descriptors/contract.binpb`` (written by ``protos/generate.sh`` with source info), so a
``describe`` shows the protos' comments; grpcio-reflection's own servicer rebuilds files from the descriptor pool,
which keeps no comments. Files outside the contract (health, reflection itself, services a test registers) come from
the default pool, as grpcio-reflection serves them.

The two versions are the same protocol under two package names: their messages are field-for-field identical on the
wire (grpc-go serves both from one implementation), so one servicer answers both, decoding v1 requests with the
v1alpha message classes. grpcio-reflection ships only v1alpha; v1's file is the v1alpha file renamed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_reflection.v1alpha import reflection_pb2

__all__ = ["SERVICE_NAMES", "add_reflection"]

CONTRACT = Path(__file__).with_name("descriptors") / "contract.binpb"
V1ALPHA = "grpc.reflection.v1alpha.ServerReflection"
V1 = "grpc.reflection.v1.ServerReflection"
SERVICE_NAMES = (V1, V1ALPHA)
_METHOD = "ServerReflectionInfo"
_V1_FILE = "grpc/reflection/v1/reflection.proto"


class _Files:
    """Serialized ``FileDescriptorProto`` s by file name, and a pool over them to find the file defining a symbol."""

    def __init__(self, files: Iterable[descriptor_pb2.FileDescriptorProto]) -> None:
        self.serialized: dict[str, bytes] = {}
        self.dependencies: dict[str, list[str]] = {}
        self.pool = descriptor_pool.DescriptorPool()
        for file in files:  # dependencies first, as protoc writes a set with --include_imports
            if file.name in self.serialized:
                continue
            self.serialized[file.name] = file.SerializeToString()
            self.dependencies[file.name] = list(file.dependency)
            self.pool.Add(file)

    def closure(self, name: str) -> list[bytes]:
        """The file and every file it imports, transitively, the file itself first."""
        out: dict[str, bytes] = {}
        pending = [name]
        while pending:
            current = pending.pop()
            if current not in out:
                out[current] = self.serialized[current]
                pending += self.dependencies[current]
        return list(out.values())


def _v1_file() -> descriptor_pb2.FileDescriptorProto:
    """``grpc.reflection.v1``: the v1alpha file under the v1 package (the protocol did not change)."""
    file = descriptor_pb2.FileDescriptorProto()
    reflection_pb2.DESCRIPTOR.CopyToProto(file)
    prefix = ".grpc.reflection.v1alpha."
    file.name, file.package = _V1_FILE, "grpc.reflection.v1"
    file.options.Clear()
    for message in file.message_type:
        for field in message.field:
            if field.type_name.startswith(prefix):
                field.type_name = ".grpc.reflection.v1." + field.type_name[len(prefix) :]
    for method in file.service[0].method:
        method.input_type = method.input_type.replace(prefix, ".grpc.reflection.v1.")
        method.output_type = method.output_type.replace(prefix, ".grpc.reflection.v1.")
    return file


def _contract_files() -> list[descriptor_pb2.FileDescriptorProto]:
    return list(descriptor_pb2.FileDescriptorSet.FromString(CONTRACT.read_bytes()).file)


class ReflectionServicer:
    """Answers ``ServerReflectionInfo`` for both versions (see the module doc)."""

    def __init__(self, service_names: Iterable[str]) -> None:
        self._services = tuple(sorted(service_names))
        self._own = _Files([*_contract_files(), _v1_file()])
        self._default = descriptor_pool.Default()

    async def ServerReflectionInfo(
        self, requests: AsyncIterator[reflection_pb2.ServerReflectionRequest], context: Any
    ) -> AsyncIterator[Any]:
        async for request in requests:
            yield self.answer(request)

    def answer(self, request: reflection_pb2.ServerReflectionRequest) -> Any:
        which = request.WhichOneof("message_request")
        try:
            if which == "list_services":
                names = [reflection_pb2.ServiceResponse(name=name) for name in self._services]
                return _response(request, list_services_response=reflection_pb2.ListServiceResponse(service=names))
            if which == "file_by_filename":
                return self._files(request, self._file_by_name(request.file_by_filename))
            if which == "file_containing_symbol":
                return self._files(request, self._file_of_symbol(request.file_containing_symbol))
            if which == "file_containing_extension":
                extension = request.file_containing_extension
                return self._files(
                    request, self._file_of_extension(extension.containing_type, extension.extension_number)
                )
            if which == "all_extension_numbers_of_type":
                return self._extension_numbers(request, request.all_extension_numbers_of_type)
        except KeyError:
            return _error(request, grpc.StatusCode.NOT_FOUND)
        return _error(request, grpc.StatusCode.INVALID_ARGUMENT)

    def _files(self, request: reflection_pb2.ServerReflectionRequest, files: list[bytes]) -> Any:
        return _response(
            request, file_descriptor_response=reflection_pb2.FileDescriptorResponse(file_descriptor_proto=files)
        )

    def _file_by_name(self, name: str) -> list[bytes]:
        if name in self._own.serialized:
            return self._own.closure(name)
        return _default_closure(self._default.FindFileByName(name))

    def _file_of_symbol(self, symbol: str) -> list[bytes]:
        try:
            return self._own.closure(_file_defining(self._own.pool, symbol))
        except KeyError:
            return self._file_by_name(_file_defining(self._default, symbol))

    def _file_of_extension(self, containing_type: str, number: int) -> list[bytes]:
        for pool in (self._own.pool, self._default):
            try:
                extension = pool.FindExtensionByNumber(pool.FindMessageTypeByName(containing_type), number)
            except KeyError:
                continue
            return self._file_of_symbol(extension.full_name)
        raise KeyError(containing_type)

    def _extension_numbers(self, request: reflection_pb2.ServerReflectionRequest, containing_type: str) -> Any:
        for pool in (self._own.pool, self._default):
            try:
                message = pool.FindMessageTypeByName(containing_type)
            except KeyError:
                continue
            numbers = sorted(extension.number for extension in pool.FindAllExtensions(message))
            return _response(
                request,
                all_extension_numbers_response=reflection_pb2.ExtensionNumberResponse(
                    base_type_name=message.full_name, extension_number=numbers
                ),
            )
        raise KeyError(containing_type)


def _file_defining(pool: descriptor_pool.DescriptorPool, symbol: str) -> str:
    """The name of the file defining ``symbol``: a message, field, enum, value, service, or a service's method
    (``cardrules.v1.LiengService.ScoreLieng``, which the pool itself does not look up). KeyError when none does."""
    try:
        return str(pool.FindFileContainingSymbol(symbol).name)
    except KeyError:
        parent, _, method = symbol.rpartition(".")
        service = pool.FindServiceByName(parent)
        if method not in service.methods_by_name:
            raise
        return str(service.file.name)


def _default_closure(file: Any) -> list[bytes]:
    out: dict[str, bytes] = {}
    pending = [file]
    while pending:
        current = pending.pop()
        if current.name not in out:
            proto = descriptor_pb2.FileDescriptorProto()
            current.CopyToProto(proto)
            out[current.name] = proto.SerializeToString()
            pending += current.dependencies
    return list(out.values())


def _response(request: reflection_pb2.ServerReflectionRequest, **answer: Any) -> Any:
    return reflection_pb2.ServerReflectionResponse(original_request=request, **answer)


def _error(request: reflection_pb2.ServerReflectionRequest, code: grpc.StatusCode) -> Any:
    number, text = code.value
    error = reflection_pb2.ErrorResponse(error_code=number, error_message=text)
    return _response(request, error_response=error)


def add_reflection(server: grpc.aio.Server, names: Iterable[str]) -> list[str]:
    """Serve reflection v1 and v1alpha for ``names`` plus the two reflection services; returns the list served."""
    served = [*names, *SERVICE_NAMES]
    servicer = ReflectionServicer(served)
    handler = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
    )
    server.add_generic_rpc_handlers(
        [grpc.method_handlers_generic_handler(service, {_METHOD: handler}) for service in SERVICE_NAMES]
    )
    return served
