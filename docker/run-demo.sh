#!/usr/bin/env bash
# The main job (the README's first line): venv, Neo4j, schema, health check, then the demo.
# Neo4j keeps running afterwards so you can explore: `graphmem browse demo-en`, `graphmem neo4j down` to stop.
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
cd "$ROOT"
graphmem neo4j up
graphmem init
graphmem doctor
graphmem demo "$@"
echo "explore: GRAPHMEM_TENANT=graphmem-demo $VENV/bin/graphmem browse demo-en"
