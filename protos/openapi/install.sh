#!/usr/bin/env bash
# Build the pinned OpenAPI generator (protoc-gen-connect-openapi, the `tool` of protos/openapi/go.mod, verified by
# go.sum) into protos/openapi/.bin (git-ignored), once and again whenever the pin changes; prints its path.
# Used by protos/generate.sh, and by tests/run.sh ahead of the tests (a cold Go build cache takes minutes).
set -euo pipefail
tools="$(cd "$(dirname "$0")" && pwd)"
plugin="$tools/.bin/protoc-gen-connect-openapi"
if [ ! -x "$plugin" ] || [ "$tools/go.mod" -nt "$plugin" ] || [ "$tools/go.sum" -nt "$plugin" ]; then
  command -v go >/dev/null || { echo "protos/openapi/install.sh: go not found; the OpenAPI generator needs Go >= 1.25" >&2; exit 1; }
  (cd "$tools" && GOBIN="$tools/.bin" go install tool) >&2
  touch "$plugin"
fi
echo "$plugin"
