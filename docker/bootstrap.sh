# Sourced by run-demo.sh and run-tests.sh: make sure JDK 17, Maven and the Python venv exist, then
# put the venv on PATH. The venv lives outside the clone, keyed by pyproject.toml, so it is built once.
# GRAPHMEM_EXTRAS picks the extras: "dev" (the default: tests, benchmarks, the st embedder with torch) or ""
# (run-demo.sh: the runtime dependencies only, a separate and much smaller venv, no torch).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export GRAPHMEM_CACHE="${GRAPHMEM_CACHE:-$HOME/.cache/graphmem}"
EXTRAS="${GRAPHMEM_EXTRAS-dev}"

need_apt=()
ls /usr/lib/jvm/java-17-openjdk*/bin/java >/dev/null 2>&1 || need_apt+=(openjdk-17-jre-headless)
command -v mvn >/dev/null 2>&1 || need_apt+=(maven)
command -v python3.11 >/dev/null 2>&1 || need_apt+=(python3.11 python3.11-venv)
# headless Chromium and its driver, for the Neo4j Browser end-to-end test (Debian's, no browser download)
if [ "$EXTRAS" = dev ]; then
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "bootstrap: installing ${need_apt[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# keyed by what the venv depends on: the Python version and the declared dependencies (not the whole file);
# the runtime venv only by the runtime dependencies, so a change of the dev extras does not rebuild it
key=$(python3.11 - "$ROOT/pyproject.toml" "$EXTRAS" <<'PY' | sha256sum | cut -c1-12
import json, sys, tomllib, platform
p = tomllib.load(open(sys.argv[1], "rb"))
extras = p["project"].get("optional-dependencies", {}) if sys.argv[2] else {}
print(platform.python_version(), json.dumps([p["build-system"], p["project"]["dependencies"], extras], sort_keys=True))
PY
)
if [ -n "$EXTRAS" ]; then VENV="$GRAPHMEM_CACHE/venv-$key"; TARGET="$ROOT[$EXTRAS]"
else VENV="$GRAPHMEM_CACHE/venv-run-$key"; TARGET="$ROOT"; fi
if [ ! -f "$VENV/.complete" ]; then
  echo "bootstrap: building $VENV (first run for this pyproject.toml; several minutes)"
  rm -rf "$VENV"
  python3.11 -m venv "$VENV"
  "$VENV/bin/pip" install -q --upgrade pip
  "$VENV/bin/pip" install -q -e "$TARGET"
  touch "$VENV/.complete"
else
  # the cached venv may point at another clone: re-point the editable install at this one
  "$VENV/bin/pip" install -q --no-deps --no-build-isolation -e "$ROOT" >/dev/null 2>&1 \
    || "$VENV/bin/pip" install -q --no-deps -e "$ROOT"
fi
export PATH="$VENV/bin:$PATH"
export VENV
# one thread for the numeric libraries on a 2-core box
export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 TOKENIZERS_PARALLELISM=false HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
