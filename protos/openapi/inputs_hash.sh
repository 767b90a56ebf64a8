#!/usr/bin/env bash
# The hash of everything docs/openapi/cardrules.openapi.yaml is generated from: the cardrules.v1 protos,
# google/rpc/error_details.proto (from googleapis-common-protos), base.yaml, errors.yaml, the generator's pin
# (go.mod, go.sum), the generator's options and protoc's version. protos/generate.sh records it beside the
# document and runs the generator only when it changes.
#   bash protos/openapi/inputs_hash.sh PROTOS_DIR PYTHON OPTIONS
set -euo pipefail
protos_dir="$1" py="$2" options="$3"
rpc_include=$("$py" -c 'import google.rpc, os; print(os.path.dirname(os.path.dirname(list(google.rpc.__path__)[0])))')
cd "$protos_dir"
{
  for file in $(find cardrules/v1 -name '*.proto' | sort) openapi/base.yaml openapi/errors.yaml openapi/go.mod \
    openapi/go.sum; do
    printf '%s %s\n' "$file" "$(sha256sum <"$file" | cut -d' ' -f1)"
  done
  printf 'google/rpc/error_details.proto %s\n' "$(sha256sum <"$rpc_include/google/rpc/error_details.proto" | cut -d' ' -f1)"
  printf 'options %s\n' "$options"
  printf 'protoc %s\n' "$("$py" -m grpc_tools.protoc --version)"
} | sha256sum | cut -d' ' -f1
