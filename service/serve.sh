#!/usr/bin/env bash
# Start the rules service on a fresh machine: installs into .venv on first use, then runs the server.
# Defaults: gRPC on 127.0.0.1:50051 (this machine only: `--host 0.0.0.0` listens on every interface, as the
# container image does), Prometheus metrics on 127.0.0.1:9464 (`--metrics-port 0` turns them off), one worker,
# JSON logs on stdout. Every flag of `python -m cardrules.server --help` may follow, e.g.
# `bash service/serve.sh --workers auto`.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  echo "serve.sh: first run: creating .venv and installing the server into it (about a minute)" >&2
  python3 -m venv .venv
fi
if ! .venv/bin/python -c "import cardrules.api.registry" 2>/dev/null; then
  echo "serve.sh: installing the server and its dependencies into .venv (pip; about a minute the first time)" >&2
  .venv/bin/python -m pip install -q --disable-pip-version-check --config-settings editable_mode=compat \
    -e clients/python -e .
  echo "serve.sh: installed; starting the server" >&2
fi
# Tracing (`--tracing` or CARDRULES_TRACING) needs the OpenTelemetry packages, the `tracing` extra: installed on the
# first run that asks for it.
tracing="${CARDRULES_TRACING:-}"
args=("$@")
for i in "${!args[@]}"; do
  case "${args[$i]}" in
    --tracing=*) tracing="${args[$i]#--tracing=}" ;;
    --tracing) next="${args[$((i + 1))]:-}"; case "$next" in -* | "") tracing=true ;; *) tracing="$next" ;; esac ;;
  esac
done
case "$(echo "$tracing" | tr '[:upper:]' '[:lower:]')" in 1 | true | yes | on) ;; *) tracing="" ;; esac
if [ -n "$tracing" ] && ! .venv/bin/python -c "import opentelemetry.sdk" 2>/dev/null; then
  echo "serve.sh: tracing asked for: installing the server's tracing extra into .venv" >&2
  .venv/bin/python -m pip install -q --disable-pip-version-check --config-settings editable_mode=compat -e '.[tracing]'
fi
export CARDRULES_HOST="${CARDRULES_HOST:-127.0.0.1}"
exec .venv/bin/python -m cardrules.server "$@"
