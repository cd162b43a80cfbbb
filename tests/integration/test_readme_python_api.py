"""The README's "Python API" chat loop runs as written (fresh process, tenant and GRAPHMEM_HOME) against the real
Neo4j: it ends cleanly on EOF (Ctrl-D) and on Ctrl-C, and mem.close() stores what was said, at the time it was
said (the session's `at=`), not at a date hidden in a session id."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path

from graphmem import curate
from graphmem.store import Store

README = Path(__file__).resolve().parents[2] / "README.md"


def snippet() -> str:
    section = README.read_text(encoding="utf-8").split("\n## Python API\n", 1)[1].split("\n## ", 1)[0]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def run_env(settings, tenant, tmp_path) -> dict:
    return {**os.environ, "GRAPHMEM_TENANT": tenant, "GRAPHMEM_HOME": str(tmp_path / "home"),
            "GRAPHMEM_NEO4J_PASSWORD": settings.resolved_password(), "GRAPHMEM_NEO4J_URI": settings.neo4j_uri,
            "PYTHONUNBUFFERED": "1"}


def stored(settings, tenant) -> list[dict]:
    with Store(settings.with_(tenant=tenant)) as store:
        return curate.events(store, "alice")


def test_the_snippet_shows_session_time_and_closes_on_eof_and_ctrl_c():
    code = snippet()
    assert 'mem.session("alice", "chat-1", at=' in code and "add_user_message(text, at=" in code
    assert "except (EOFError, KeyboardInterrupt)" in code and "finally:\n    mem.close()" in code


def test_chat_loop_ends_on_eof_and_stores_the_turns(settings, tenant, tmp_path):
    script = tmp_path / "chat.py"
    script.write_text(snippet(), encoding="utf-8")
    started = datetime.now(timezone.utc)
    done = subprocess.run([sys.executable, str(script)], input="I'm allergic to peanuts.\nWhat snacks could I pack?\n",
                          env=run_env(settings, tenant, tmp_path), cwd=tmp_path, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert "a reply to 'What snacks could I pack?'" in done.stdout
    events = stored(settings, tenant)
    said = [e for e in events if e["text"] == "I'm allergic to peanuts."]
    assert said, events
    when = said[0]["occurred_at"].to_native()
    assert started - timedelta(seconds=5) <= when <= datetime.now(timezone.utc)


def test_chat_loop_ends_on_ctrl_c_and_stores_the_turns(settings, tenant, tmp_path):
    script = tmp_path / "chat.py"
    script.write_text(snippet(), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=run_env(settings, tenant, tmp_path), cwd=tmp_path, text=True)
    try:
        proc.stdin.write("My sister Lily lives in Boston.\n")
        proc.stdin.flush()
        line = proc.stdout.readline()                      # the reply
        assert "a reply to 'My sister Lily lives in Boston.'" in line
        prompt: list[str] = []                             # then the next prompt: the loop waits for a line
        reader = threading.Thread(target=lambda: prompt.append(proc.stdout.read(2)), daemon=True)
        reader.start()
        reader.join(300)                                   # bounded: a loop that never prompts fails, not hangs
        assert prompt == ["> "], prompt
        proc.send_signal(signal.SIGINT)                    # Ctrl-C at the prompt
        out, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0 and "Traceback" not in err, err[-3000:]
    assert any(e["text"] == "My sister Lily lives in Boston." for e in stored(settings, tenant))
