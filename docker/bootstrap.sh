# Sourced by run-demo.sh and run-tests.sh: make sure JDK 17, Maven and the Python venv exist, then
# put the venv on PATH. The venv lives outside the clone, keyed by pyproject.toml, so it is built once.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export GRAPHMEM_CACHE="${GRAPHMEM_CACHE:-$HOME/.cache/graphmem}"

need_apt=()
ls /usr/lib/jvm/java-17-openjdk*/bin/java >/dev/null 2>&1 || need_apt+=(openjdk-17-jre-headless)
command -v mvn >/dev/null 2>&1 || need_apt+=(maven)
command -v python3.11 >/dev/null 2>&1 || need_apt+=(python3.11 python3.11-venv)
# headless Chromium and its driver, for the Neo4j Browser end-to-end test (Debian's, no browser download)
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "bootstrap: installing ${need_apt[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# keyed by what the venv depends on: the Python version and the declared dependencies (not the whole file)
key=$(python3.11 - "$ROOT/pyproject.toml" <<'PY' | sha256sum | cut -c1-12
import json, sys, tomllib, platform
p = tomllib.load(open(sys.argv[1], "rb"))
print(platform.python_version(), json.dumps([p["build-system"], p["project"]["dependencies"],
      p["project"].get("optional-dependencies", {})], sort_keys=True))
PY
)
VENV="$GRAPHMEM_CACHE/venv-$key"
if [ ! -f "$VENV/.complete" ]; then
  echo "bootstrap: building $VENV (first run for this pyproject.toml; several minutes)"
  rm -rf "$VENV"
  python3.11 -m venv "$VENV"
  "$VENV/bin/pip" install -q --upgrade pip
  "$VENV/bin/pip" install -q -e "$ROOT[dev]"
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
