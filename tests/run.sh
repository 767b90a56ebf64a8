#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs into .venv, then runs every check.
# Usage: bash tests/run.sh [extra pytest args]
# Each one-time install says what it is doing; later runs find everything in place and start pytest within seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { echo "run.sh: $*" >&2; }
if [ ! -x .venv/bin/python ]; then
  step "creating .venv (first run)"
  python3 -m venv .venv
fi
step "installing the server (with its tracing extra), the Python SDK and the test tools into .venv (pip; about a minute the first time)"
CARDRULES_COMPILE=0 .venv/bin/python -m pip install -q --disable-pip-version-check --config-settings editable_mode=compat -e clients/python -e '.[test,tracing]'
# The suite tests what ships: the rules core compiled by mypyc, in place (incremental: unchanged modules are not
# recompiled). CARDRULES_COMPILE=0 tests the plain-Python core instead. tests/conftest.py stops the run if a
# compiled module is older than its source; tests/core/test_compiled.py checks the build asked for is imported.
if [ "${CARDRULES_COMPILE:-1}" != 0 ]; then
  step "compiling the rules core with mypyc (setup.py build_ext --inplace; a few minutes the first time)"
  .venv/bin/python setup.py -q build_ext --inplace -j 2
  export CARDRULES_EXPECT_COMPILED=1
else
  step "the plain-Python rules core (CARDRULES_COMPILE=0): removing any compiled one"
  find service -name '*.so' -delete
  rm -f service/cardrules/core/compiled.json
  export CARDRULES_EXPECT_COMPILED=0
fi
# tests/deploy render the manifests with `kubectl kustomize`; without kubectl, build the standalone kustomize once.
if ! command -v kubectl >/dev/null && [ ! -x .venv/bin/kustomize ]; then
  step "building kustomize into .venv/bin (no kubectl on PATH; once)"
  GOBIN="$PWD/.venv/bin" go install sigs.k8s.io/kustomize/kustomize/v5@v5.5.0
fi
step "ruff and mypy --strict"
.venv/bin/python -m ruff check service tests clients/python/src
.venv/bin/python -m mypy
step "installing and building the TypeScript SDK (npm ci)"
npm ci --prefix clients/typescript --no-audit --no-fund --loglevel=error
npm run build --prefix clients/typescript --silent
# The browser example (tests/docs/test_browser_example.py, tests/sdk/test_typescript_browser_conformance.py): its
# packages (esbuild, playwright-core), and Debian's chromium for playwright-core to drive (it downloads no browser).
step "installing the browser example's packages (npm ci)"
npm ci --prefix clients/typescript/examples/browser --no-audit --no-fund --loglevel=error
if [ ! -x /usr/bin/chromium ]; then
  step "installing chromium from Debian's archive (once; a few minutes)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
# The rest is fetched by the tests that need it, each saying so the first time: Mono (C#), promtool (monitoring) and
# Envoy from their archives, Maven and Go modules for the Java and Go SDKs. The OpenAPI generator is built only when
# the contract or its pin changed since docs/openapi/cardrules.openapi.yaml was generated (protos/generate.sh).
step "pytest"
.venv/bin/python -m pytest -n 2 "$@"
