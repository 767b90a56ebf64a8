#!/usr/bin/env bash
# Regenerate every generated file from the contract in protos/. The one entry point for all languages.
#   bash protos/generate.sh            # write into the repo
#   bash protos/generate.sh OUT_DIR    # write the same tree under OUT_DIR (the drift test compares the two)
# Needs: .venv with grpcio-tools (bash tests/run.sh creates it) and, for TypeScript, clients/typescript/node_modules.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root}"
py="${PYTHON:-$root/.venv/bin/python}"
protos=$(cd "$root/protos" && find cardrules -name '*.proto' | sort)

# Python: messages, type stubs and gRPC stubs, into the Python SDK (namespace package cardrules.v1).
py_out="$out/clients/python/src"
mkdir -p "$py_out"
rm -f "$py_out"/cardrules/v1/*_pb2*.py "$py_out"/cardrules/v1/*_pb2*.pyi
(cd "$root/protos" && "$py" -m grpc_tools.protoc -I . --python_out="$py_out" --pyi_out="$py_out" \
  --grpc_python_out="$py_out" $protos)
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
rpc_include=$("$py" -c 'import google.rpc, os; print(os.path.dirname(os.path.dirname(list(google.rpc.__path__)[0])))')
(cd "$root/protos" && "$py" -m grpc_tools.protoc -I . -I "$rpc_include" --plugin=protoc-gen-es="$es_plugin" \
  --es_out="$ts_out" --es_opt=target=ts,import_extension=js \
  $protos google/rpc/status.proto google/rpc/error_details.proto)

# The breaking-change baseline is not regenerated here: it is the released contract (see protos/README.md).

# Envoy's gRPC-JSON transcoder: the contract as one self-contained descriptor set (imports included, no source
# comments), mounted into the front proxy (deploy/envoy/envoy.yaml). google.rpc Status/BadRequest are included so
# Envoy can render INVALID_ARGUMENT field violations as JSON. Byte-for-byte deterministic.
mkdir -p "$out/deploy/envoy/descriptors"
(cd "$root/protos" && "$py" -m grpc_tools.protoc -I . -I "$rpc_include" --include_imports \
  --descriptor_set_out="$out/deploy/envoy/descriptors/cardrules.pb" \
  $protos google/rpc/status.proto google/rpc/error_details.proto)
