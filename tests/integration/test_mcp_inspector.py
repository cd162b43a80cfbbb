"""The MCP Inspector CLI (npm, pinned) against `graphmem mcp` over stdio and the real Neo4j: another client
implementation than the SDK's; tool schemas pass its portability check (--strict)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

INSPECTOR = "@modelcontextprotocol/inspector@2.12.0"   # engines says node >= 22.19; it runs on this box's node 20


def _inspector(tenant: str, env: dict, journal: Path, *args: str, rc: int = 0) -> dict:
    graphmem = str(Path(sys.executable).with_name("graphmem"))
    cmd = [shutil.which("npx"), "-y", INSPECTOR, "--cli", "-e", f"GRAPHMEM_TENANT={tenant}", *args,
           "--", graphmem, "mcp", "--no-warm", "--journal", str(journal)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == rc, (done.stdout[-2000:], done.stderr[-2000:])
    return json.JSONDecoder().raw_decode(done.stdout.lstrip())[0]   # a failed call adds an error line after it


def test_inspector_cli_lists_and_calls_tools(settings, tenant, tmp_path):
    import os

    env = {**os.environ, "GRAPHMEM_NEO4J_PASSWORD": settings.resolved_password(), "HOME": str(Path.home())}
    journal = tmp_path / "j.sqlite3"
    tools = _inspector(tenant, env, journal, "--method", "tools/list", "--strict")["tools"]
    assert {t["name"] for t in tools} == {"add_messages", "context", "recall", "card", "history", "as_of",
                                          "profile", "forget"}
    added = _inspector(tenant, env, journal, "--method", "tools/call", "--tool-name", "add_messages", "--tool-arg",
                       "user_id=ann", "session_id=s1",
                       'messages=[{"role":"user","content":"I am allergic to shellfish."}]', "wait=true")
    assert not added["isError"] and added["structuredContent"]["written"] is True
    found = _inspector(tenant, env, journal, "--method", "tools/call", "--tool-name", "recall", "--tool-arg",
                       "user_id=ann", "query=what am I allergic to?", "k=1")
    assert "shellfish" in found["structuredContent"]["memories"][0]["text"]
    bad = _inspector(tenant, env, journal, "--method", "tools/call", "--tool-name", "forget", "--tool-arg",
                     "user_id=ann", "target=all", rc=5)   # 5: the tool returned isError
    assert bad["isError"] and "confirm: true" in bad["content"][0]["text"]
