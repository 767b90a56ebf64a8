"""The services of ``cardrules.v1`` read from a descriptor set with source info, and the protos' comments: what the
SDK generators (``generate_*.py`` in clients/python, clients/java, clients/typescript, clients/go and clients/csharp)
build their clients from.
protos/generate.sh passes them the reflection descriptor set (service/cardrules/server/descriptors/contract.binpb)."""

from __future__ import annotations

from pathlib import Path

from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import Descriptor, FieldDescriptor, FileDescriptor, MethodDescriptor, ServiceDescriptor

PACKAGE = "cardrules.v1"


class Contract:
    """The services of ``cardrules.v1`` in a descriptor set, with the protos' comments."""

    def __init__(self, descriptor_set: Path) -> None:
        files = descriptor_pb2.FileDescriptorSet.FromString(descriptor_set.read_bytes()).file
        pool = descriptor_pool.DescriptorPool()
        for file in files:  # --include_imports writes dependencies first
            pool.Add(file)
        self.files: list[FileDescriptor] = []
        self._comments: dict[tuple[str, tuple[int, ...]], str] = {}
        for file in sorted(files, key=lambda f: f.name):
            if file.package != PACKAGE:
                continue
            self.files.append(pool.FindFileByName(file.name))
            for location in file.source_code_info.location:
                self._comments[(file.name, tuple(location.path))] = location.leading_comments.strip()

    def services(self) -> list[ServiceDescriptor]:
        return [service for file in self.files for service in file.services_by_name.values()]

    def comment(self, file: FileDescriptor, *path: int) -> str:
        """The leading comment at a source path of ``file``, on one line ("" when there is none)."""
        return " ".join(line.strip() for line in self._comments.get((file.name, path), "").splitlines())

    def service_comment(self, service: ServiceDescriptor) -> str:
        return self.comment(service.file, 6, service.index)  # FileDescriptorProto.service

    def method_comment(self, method: MethodDescriptor) -> str:
        service = method.containing_service
        return self.comment(service.file, 6, service.index, 2, method.index)  # FileDescriptorProto.service, .method

    def field_comment(self, message: Descriptor, field: FieldDescriptor) -> str:
        path: list[int] = []
        outer: Descriptor | None = message
        while outer is not None:  # FileDescriptorProto.message_type / DescriptorProto.nested_type, then .field
            parent = outer.containing_type
            siblings = list(outer.file.message_types_by_name.values()) if parent is None else parent.nested_types
            path[:0] = [4 if parent is None else 3, [m.full_name for m in siblings].index(outer.full_name)]
            outer = parent
        return self.comment(field.containing_type.file, *path, 2, field.index)
