#!/usr/bin/env bash
# The main job (the README's first line): venv, Neo4j, schema, health check, then the demo.
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
cd "$ROOT"
graphmem neo4j up
graphmem init
graphmem doctor
if graphmem demo --help >/dev/null 2>&1; then
  graphmem demo "$@"
else
  graphmem roundtrip
fi
