#!/usr/bin/env bash
# Regenerate every generated file from the contract in protos/. The one entry point for all languages.
#   bash protos/generate.sh            # write into the repo
#   bash protos/generate.sh OUT_DIR    # write the same tree under OUT_DIR (the drift test compares the two)
# Needs: .venv with grpcio-tools (bash tests/run.sh creates it) and, for TypeScript, clients/typescript/node_modules.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root}"
py="${PYTHON:-$root/.venv/bin/python}"
# The SDKs' contract: cardrules.v1 only. cardrules/gateway is internal to the Envoy front and the server (below).
protos=$(cd "$root/protos" && find cardrules/v1 -name '*.proto' | sort)
gateway=cardrules/gateway/v1/json_gateway.proto

# google/rpc (Status, BadRequest) and google/api (the gateway's HTTP annotations and HttpBody) come from
# googleapis-common-protos in .venv. The google/api files the gateway imports and google/rpc/status.proto (the
# contract's streams import it) are also copied into protos/google so buf (lint, breaking) resolves them; the drift
# test keeps the copies identical.
rpc_include=$("$py" -c 'import google.rpc, os; print(os.path.dirname(os.path.dirname(list(google.rpc.__path__)[0])))')
google_api=(google/api/annotations.proto google/api/http.proto google/api/httpbody.proto)
# google/rpc/status.proto: the streams' answers carry a google.rpc.Status (cardrules/v1 imports it).
mkdir -p "$out/protos/google/api" "$out/protos/google/rpc"
for file in "${google_api[@]}" google/rpc/status.proto; do
  cp "$rpc_include/$file" "$out/protos/$file"
done

# The JSON gateway (cardrules.gateway.v1), for the server only: messages, type stubs and gRPC stubs under service/
# (package cardrules.gateway.v1). No SDK calls it: the SDKs' generators below take only cardrules.v1.
srv_out="$out/service"
mkdir -p "$srv_out"
rm -f "$srv_out"/cardrules/gateway/v1/*_pb2*.py "$srv_out"/cardrules/gateway/v1/*_pb2*.pyi
(cd "$root/protos" && "$py" -m grpc_tools.protoc -I . -I "$rpc_include" --python_out="$srv_out" \
  --pyi_out="$srv_out" --grpc_python_out="$srv_out" "$gateway")

# Python: messages, type stubs and gRPC stubs, into the Python SDK (namespace package cardrules.v1). The gRPC stubs'
# types (*_pb2_grpc.pyi, sync and grpc.aio) come from mypy-protobuf's protoc-gen-mypy_grpc, pinned in the test extras.
py_out="$out/clients/python/src"
mkdir -p "$py_out"
rm -f "$py_out"/cardrules/v1/*_pb2*.py "$py_out"/cardrules/v1/*_pb2*.pyi
(cd "$root/protos" && "$py" -m grpc_tools.protoc -I . --python_out="$py_out" --pyi_out="$py_out" \
  --grpc_python_out="$py_out" --plugin=protoc-gen-mypy_grpc="$(dirname "$py")/protoc-gen-mypy_grpc" \
  --mypy_grpc_out=quiet:"$py_out" $protos)
touch "$py_out/cardrules/v1/py.typed"  # the .pyi stubs make the messages typed for mypy users

# TypeScript: messages and the service descriptors connect v2 uses (protobuf-es v2), into the TypeScript SDK,
# plus google.rpc Status/BadRequest so the SDK can decode INVALID_ARGUMENT field violations. The .proto files
# for those come from googleapis-common-protos in .venv, so every language decodes the same definitions.
ts_root="$root/clients/typescript"
es_plugin="$ts_root/node_modules/.bin/protoc-gen-es"
if [ ! -x "$es_plugin" ]; then
  echo "generate.sh: $es_plugin not found; run 'npm ci --prefix clients/typescript' first" >&2
  exit 1
fi
ts_out="$out/clients/typescript/src/gen"
rm -rf "$ts_out"
mkdir -p "$ts_out"
(cd "$root/protos" && "$py" -m grpc_tools.protoc -I . -I "$rpc_include" --plugin=protoc-gen-es="$es_plugin" \
  --es_out="$ts_out" --es_opt=target=ts,import_extension=js \
  $protos google/rpc/status.proto google/rpc/error_details.proto)

# The breaking-change baseline is not regenerated here: it is the released contract (see protos/README.md).

# Envoy's gRPC-JSON transcoder: the contract and the JSON gateway as one self-contained descriptor set (imports
# included, no source comments), mounted into the front proxy (deploy/envoy/envoy.template.yaml). The transcoder
# serves the gateway (google.api.http annotation, HttpBody); google.rpc Status/BadRequest are included so Envoy can
# render INVALID_ARGUMENT field violations as JSON. Byte-for-byte deterministic.
mkdir -p "$out/deploy/envoy/descriptors"
(cd "$root/protos" && "$py" -m grpc_tools.protoc -I . -I "$rpc_include" --include_imports \
  --descriptor_set_out="$out/deploy/envoy/descriptors/cardrules.pb" \
  $protos "$gateway" "${google_api[@]}" google/rpc/status.proto google/rpc/error_details.proto)

# Server reflection (grpc.reflection v1 and v1alpha) answers from this descriptor set: the contract and the JSON
# gateway with their imports and their comments (source info), so `grpcurl describe` shows the documentation.
# Byte-for-byte deterministic; package data of the server (service/cardrules/server/reflection.py reads it).
mkdir -p "$out/service/cardrules/server/descriptors"
(cd "$root/protos" && "$py" -m grpc_tools.protoc -I . -I "$rpc_include" --include_imports --include_source_info \
  --descriptor_set_out="$out/service/cardrules/server/descriptors/contract.binpb" $protos "$gateway")

# The SDKs' client methods, one per RPC of every service, from that descriptor set (its comments become their docs):
# Python's sync and asyncio clients (clients/python/generate_rpcs.py) and Java's blocking, future and Kotlin
# coroutine clients (clients/java/generate_clients.py). A new RPC, field or service needs no SDK edit, only a run of
# this script.
contract_set="$out/service/cardrules/server/descriptors/contract.binpb"
"$py" "$root/clients/python/generate_rpcs.py" "$contract_set" "$out/clients/python/src/cardrules/client/generated"
"$py" "$root/clients/java/generate_clients.py" "$contract_set" "$out/clients/java/src/main/generated-clients"

# OpenAPI 3.1 of the JSON API the Envoy front serves (POST /cardrules.v1.<Service>/<Method>, proto3 JSON bodies),
# for HTTP clients generated in other languages (deploy/README.md). protoc-gen-connect-openapi writes exactly these
# paths; its inputs in protos/openapi: base.yaml (title, servers, the players' JWT) and errors.yaml (errors are
# google.rpc.Status, not Connect's shape). Pinned by protos/openapi/go.mod (a `tool` directive, go.sum-verified),
# built by protos/openapi/install.sh into protos/openapi/.bin (git-ignored) on first use or when the pin changes.
# Building the generator is a long cold Go build, so the document is generated only when what it is made from
# changes: docs/openapi/cardrules.openapi.sha256 records the hash of every input (protos/openapi/inputs_hash.sh)
# and of the document. While both still match,
# the committed document is what these inputs give and is reused; otherwise (or with CARDRULES_OPENAPI_REGENERATE=1)
# the generator runs. The drift test compares the result either way.
openapi_tools="$root/protos/openapi"
openapi_opts="path=cardrules.openapi.yaml,features=connectrpc,content-types=json,base=base.yaml,override=errors.yaml"
openapi_protos=($protos)
openapi_doc="docs/openapi/cardrules.openapi.yaml"
openapi_stamp="docs/openapi/cardrules.openapi.sha256"
inputs_hash=$(bash "$openapi_tools/inputs_hash.sh" "$root/protos" "$py" "$openapi_opts")
recorded_inputs="" recorded_doc=""
if [ -f "$root/$openapi_stamp" ]; then
  read -r _ recorded_inputs < <(grep '^inputs ' "$root/$openapi_stamp") || true
  read -r _ recorded_doc < <(grep '^document ' "$root/$openapi_stamp") || true
fi
committed_doc=""
[ -f "$root/$openapi_doc" ] && committed_doc=$(sha256sum <"$root/$openapi_doc" | cut -d' ' -f1)
mkdir -p "$out/docs/openapi"
if [ "${CARDRULES_OPENAPI_REGENERATE:-0}" != 1 ] && [ "$inputs_hash" = "$recorded_inputs" ] \
  && [ -n "$committed_doc" ] && [ "$committed_doc" = "$recorded_doc" ]; then
  echo "generate.sh: OpenAPI inputs unchanged since $openapi_doc was generated ($openapi_stamp); reusing it" >&2
  if [ "$out" != "$root" ]; then
    cp "$root/$openapi_doc" "$out/$openapi_doc"
    cp "$root/$openapi_stamp" "$out/$openapi_stamp"
  fi
else
  echo "generate.sh: generating $openapi_doc (builds the pinned generator first if needed: minutes on a cold Go cache)" >&2
  openapi_plugin=$(bash "$openapi_tools/install.sh")
  # The options as hashed name base.yaml and errors.yaml relative to protos/openapi (so the hash is the same in
  # every clone); the generator gets their paths.
  openapi_opts_in_tools="${openapi_opts/base=base.yaml/base=$openapi_tools/base.yaml}"
  openapi_opts_in_tools="${openapi_opts_in_tools/override=errors.yaml/override=$openapi_tools/errors.yaml}"
  (cd "$root/protos" && "$py" -m grpc_tools.protoc -I . -I "$rpc_include" \
    --plugin=protoc-gen-connect-openapi="$openapi_plugin" --connect-openapi_out="$out/docs/openapi" \
    --connect-openapi_opt="$openapi_opts_in_tools" \
    "${openapi_protos[@]}" google/rpc/error_details.proto)
  printf 'inputs %s\ndocument %s\n' "$inputs_hash" "$(sha256sum <"$out/$openapi_doc" | cut -d' ' -f1)" >"$out/$openapi_stamp"
fi

# Go: messages (protoc-gen-go) and gRPC stubs (protoc-gen-go-grpc) into the Go SDK's module, package
# cardrulesv1. The protos carry no go_package, so the M options map each file to its Go import path here; the
# contract stays language-neutral. The plugins are pinned and installed into clients/go/.bin (git-ignored) on
# first use, so a fresh machine needs only Go. google.rpc BadRequest comes from the genproto module instead.
go_root="$root/clients/go"
go_module="github.com/cardrules/cardrules/clients/go"
go_bin="$go_root/.bin"
go_plugin_pins=("protoc-gen-go google.golang.org/protobuf/cmd/protoc-gen-go v1.36.6"
  "protoc-gen-go-grpc google.golang.org/grpc/cmd/protoc-gen-go-grpc v1.5.1")
for pin in "${go_plugin_pins[@]}"; do
  read -r name package version <<<"$pin"
  # Reinstall when the pin changes: protoc-gen-go prints "v1.36.6", protoc-gen-go-grpc "1.5.1".
  if ! "$go_bin/$name" --version 2>/dev/null | grep -qF "${version#v}"; then
    command -v go >/dev/null || { echo "generate.sh: go not found; the Go SDK needs Go >= 1.23" >&2; exit 1; }
    GOBIN="$go_bin" go install "$package@$version"
  fi
done
go_out="$out/clients/go/gen"
rm -rf "$go_out"
mkdir -p "$go_out"
go_maps=""
for proto in $protos; do
  go_maps+=",M$proto=$go_module/gen/$(dirname "$proto");cardrulesv1"
done
go_maps+=",Mgoogle/rpc/status.proto=google.golang.org/genproto/googleapis/rpc/status;status"
(cd "$root/protos" && "$py" -m grpc_tools.protoc -I . \
  --plugin=protoc-gen-go="$go_bin/protoc-gen-go" --plugin=protoc-gen-go-grpc="$go_bin/protoc-gen-go-grpc" \
  --go_out="$go_out" --go_opt="paths=source_relative$go_maps" \
  --go-grpc_out="$go_out" --go-grpc_opt="paths=source_relative$go_maps" \
  $protos)

# C# (Unity): plain [DataContract] message classes with proto3-JSON conversion, no gRPC library needed (the SDK
# talks HTTP/JSON to Envoy's transcoder). The generator reads the descriptors from cardrules.v1 as installed in
# .venv, i.e. the repository's clients/python/src (editable install): the modules written above when OUT_DIR is the
# repository; with another OUT_DIR the committed ones, whose own drift the contract test reports.
"$py" "$root/clients/csharp/generate_messages.py" "$out/clients/csharp/src/Generated"

# Java/Kotlin: protobuf-java messages (one file per message in package io.cardrules.v1, from the protos' java_package
# and java_multiple_files options) and grpc-java stubs (SamLocServiceGrpc, LiengServiceGrpc), by the Java SDK's own
# `generate` Maven profile with protoc
# (pinned to the SDK's protobuf-java version) and protoc-gen-grpc-java 1.83.1 from Maven Central. Needs Java and
# Maven; Maven downloads both binaries once, later runs work offline.
mvn -q -B -f "$root/clients/java/pom.xml" -Pgenerate generate-sources \
  -Dcardrules.generated="$out/clients/java/src/main/generated"
