#!/usr/bin/env bash
# The test command (the README's second line; CI runs exactly this): venv, Neo4j, schema, pytest.
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
cd "$ROOT"
started=0
if ! graphmem neo4j status >/dev/null 2>&1; then
  graphmem neo4j up
  started=1
fi
stop() { [ "$started" = 1 ] && graphmem neo4j down || true; }
trap stop EXIT
graphmem init
python -m pytest tests -q -p no:cacheprovider "$@"
