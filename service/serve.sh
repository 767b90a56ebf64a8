#!/usr/bin/env bash
# Start the rules service on a fresh machine: installs into .venv on first use, then runs the server.
# Defaults: gRPC on 0.0.0.0:50051, Prometheus metrics on :9464, one worker, JSON logs on stdout.
# Every flag of `python -m cardrules.server --help` may follow, e.g. `bash service/serve.sh --workers auto`.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
if ! .venv/bin/python -c "import cardrules.api.registry" 2>/dev/null; then
  .venv/bin/python -m pip install -q --disable-pip-version-check --config-settings editable_mode=compat \
    -e clients/python -e .
fi
exec .venv/bin/python -m cardrules.server "$@"
