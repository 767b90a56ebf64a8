#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs into .venv, then runs every check.
# Usage: bash tests/run.sh [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
.venv/bin/python -m pip install -q --disable-pip-version-check --config-settings editable_mode=compat -e clients/python -e '.[test]'
# tests/deploy render the manifests with `kubectl kustomize`; without kubectl, build the standalone kustomize once.
if ! command -v kubectl >/dev/null && [ ! -x .venv/bin/kustomize ]; then
  GOBIN="$PWD/.venv/bin" go install sigs.k8s.io/kustomize/kustomize/v5@v5.5.0
fi
# The drift test runs protos/generate.sh, whose OpenAPI step needs its pinned generator: built here, once (minutes
# on a cold Go build cache), not inside the test's time limit.
bash protos/openapi/install.sh >/dev/null
.venv/bin/python -m ruff check service tests clients/python/src
.venv/bin/python -m mypy
npm ci --prefix clients/typescript --no-audit --no-fund
npm run build --prefix clients/typescript
# The browser example (tests/docs/test_browser_example.py, tests/sdk/test_typescript_browser_conformance.py): its
# packages (esbuild, playwright-core), and Debian's chromium for playwright-core to drive (it downloads no browser).
npm ci --prefix clients/typescript/examples/browser --no-audit --no-fund
if [ ! -x /usr/bin/chromium ]; then
  echo "run.sh: /usr/bin/chromium not found; installing chromium from apt" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
.venv/bin/python -m pytest -n 2 "$@"
