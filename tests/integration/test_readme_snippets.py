"""The README's "Use it from your agent" snippets run as written (each in a fresh process, a fresh tenant and a
fresh GRAPHMEM_HOME) against the real Neo4j, and print what the README says they do."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
EXPECTED = {"Python API": "peanuts", "Messages in": "None ['nuts']", "MCP": "blue Volvo XC40",
            "LangGraph": "['I have been vegetarian since March.']"}


def snippets() -> dict[str, str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Use it from your agent", 1)[1].split("\n## ", 1)[0]
    found = re.findall(r"\*\*([^*]+)\*\* —.*?```python\n(.*?)```", section, re.S)
    return {route: code for route, code in found}


def test_the_section_shows_the_four_routes():
    assert list(snippets()) == list(EXPECTED)


@pytest.mark.parametrize("route", list(EXPECTED))
def test_snippet_runs_as_written(route, settings, tenant, tmp_path):
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "GRAPHMEM_TENANT": tenant, "GRAPHMEM_HOME": str(tmp_path / "home"),
           "GRAPHMEM_NEO4J_PASSWORD": settings.resolved_password(), "GRAPHMEM_NEO4J_URI": settings.neo4j_uri,
           "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    script = tmp_path / "snippet.py"
    script.write_text(snippets()[route], encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert EXPECTED[route] in done.stdout, (done.stdout, done.stderr[-2000:])
