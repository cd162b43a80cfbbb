#!/usr/bin/env bash
# The main job (the README's first line): venv, Neo4j, schema, health check, then the demo.
# Neo4j keeps running afterwards so you can explore: `graphmem browse demo-en`, `graphmem neo4j down` to stop.
set -euo pipefail
# the runtime dependencies only (no test or dev extras, no torch): a separate, smaller cached venv
GRAPHMEM_EXTRAS="" source "$(dirname "$0")/bootstrap.sh"
cd "$ROOT"
graphmem neo4j up
graphmem init
graphmem doctor
graphmem demo "$@"
echo "graphmem is installed in $VENV/bin; put it on PATH in this shell with:"
echo "  export PATH=\"$VENV/bin:\$PATH\""
echo "explore: GRAPHMEM_TENANT=graphmem-demo graphmem users; GRAPHMEM_TENANT=graphmem-demo graphmem browse demo-en"
