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

# The breaking-change baseline is not regenerated here: it is the released contract (see protos/README.md).
