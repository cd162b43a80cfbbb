"""`graphmem mcp` end to end: the real command in a subprocess, driven by the MCP SDK's own client over stdio and
over streamable HTTP, against the real Neo4j (real extraction, real embedder). Bad calls come back as clear
errors, change nothing, and the next call is served."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

AT = "2026-03-05T09:00:00+00:00"
CHAT = [
    {"role": "system", "content": "You are a travel assistant."},
    {"role": "user", "content": "I am allergic to shellfish."},
    {"role": "assistant", "content": "I recommend Casa Verde, a vegetarian restaurant near the station."},
    {"role": "user", "name": "Melanie", "content": "I am allergic to nuts."},
    {"role": "user", "content": "My budget for the trip is 3000 euros."},
]
TOOLS = {"add_messages", "context", "recall", "card", "history", "as_of", "profile", "forget"}


def _graphmem() -> str:
    exe = Path(sys.executable).with_name("graphmem")
    return str(exe) if exe.exists() else shutil.which("graphmem")


@pytest.fixture
def server_env(settings, tenant, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRAPHMEM_MCP")}
    env.update(GRAPHMEM_TENANT=tenant, GRAPHMEM_NEO4J_PASSWORD=settings.resolved_password(),
               GRAPHMEM_NEO4J_URI=settings.neo4j_uri, OMP_NUM_THREADS="1")
    return env


def _error(result) -> str:
    assert result.is_error, result
    return " ".join(c.text for c in result.content)


def _data(result) -> dict:
    assert not result.is_error, result.content
    return result.structured_content


async def _session(client: Client) -> None:
    """One agent's use of every tool and resource, with bad calls in between."""
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == TOOLS
    assert all(len(t.description) > 60 for t in tools.values())
    forget_schema = tools["forget"].input_schema
    assert forget_schema["properties"]["confirm"]["type"] == "boolean"
    assert "messages" in tools["add_messages"].input_schema["required"]
    assert tools["forget"].annotations.destructive_hint and tools["recall"].annotations.read_only_hint

    # a bad batch: a clear error naming the message, nothing written, and the server goes on
    bad = await client.call_tool("add_messages", {"user_id": "alice", "session_id": "s1",
                                                  "messages": [CHAT[1], {"role": "user", "content": ""}]})
    assert "InputError" in _error(bad) and "messages[1]" in _error(bad)
    unknown = await client.call_tool("recall", {"user_id": "alice", "query": "allergies"})
    assert _data(unknown)["memories"] == []            # nothing of the refused batch was stored

    added = _data(await client.call_tool("add_messages", {"user_id": "alice", "session_id": "s1",
                                                          "messages": CHAT, "at": AT, "wait": True}))
    assert added["event_ids"][0] is None and all(added["event_ids"][1:]) and added["written"] is True
    again = _data(await client.call_tool("add_messages", {"user_id": "alice", "session_id": "s1",
                                                          "messages": CHAT, "at": AT, "wait": True}))
    assert again["event_ids"] == added["event_ids"]

    # more bad calls: schema violations and unknown things are errors; none stops the server
    assert "greater than or equal to 1" in _error(await client.call_tool("recall", {"user_id": "alice",
                                                                                    "query": "x", "k": 0}))
    assert "whitespace" in _error(await client.call_tool("recall", {"user_id": " alice", "query": "allergies"}))
    assert "Unknown tool: no_such_tool" in _error(await client.call_tool("no_such_tool", {}))
    assert "message is empty" in _error(await client.call_tool("context", {"user_id": "alice", "session_id": "s1",
                                                                           "message": " "}))
    assert "NotFound" in _error(await client.call_tool("card", {"user_id": "alice", "entity": "Atlantis"}))
    assert "ISO 8601" in _error(await client.call_tool("as_of", {"user_id": "alice", "when": "last week"}))

    ctx = _data(await client.call_tool("context", {"user_id": "alice", "session_id": "s2",
                                                   "message": "What should I avoid eating?", "budget": 1500}))
    assert ctx["tokens"] <= 1500 and any("shellfish" in m for m in ctx["long_term"])
    assert ctx["messages"] and all({"role", "content"} <= set(m) for m in ctx["messages"])
    same = _data(await client.call_tool("context", {"user_id": "alice", "session_id": "s1",
                                                    "message": "And the budget?"}))
    assert "3000" in json.dumps(same["messages"])       # this conversation's recent turns are in it

    found = _data(await client.call_tool("recall", {"user_id": "alice", "query": "what am I allergic to?",
                                                    "k": 3, "explain": True}))["memories"]
    mine = next(m for m in found if "shellfish" in m["text"])          # among the top 3, with why it was found
    assert mine["explanation"]["paths"] and mine["explanation"]["score"] == mine["score"]
    melanie = _data(await client.call_tool("card", {"user_id": "alice", "entity": "Melanie"}))
    assert [(f["key"], f["value"]) for f in melanie["facts"]] == [("allergy", "nuts")]
    versions = _data(await client.call_tool("history", {"user_id": "alice", "entity": "me",
                                                        "attribute": "allergy"}))["versions"]
    assert [v["value"] for v in versions] == ["shellfish"]
    assert _data(await client.call_tool("as_of", {"user_id": "alice", "when": "2026-03-01"}))["facts"] == []
    then = _data(await client.call_tool("as_of", {"user_id": "alice", "when": "2026-03-06"}))["facts"]
    assert "shellfish" in {f["value"] for f in then}
    assert "shellfish" in _data(await client.call_tool("profile", {"user_id": "alice"}))["text"]

    templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
    assert templates == {"graphmem://users/{user_id}/profile", "graphmem://users/{user_id}/entities",
                         "graphmem://users/{user_id}/entities/{entity}"}
    prof = json.loads((await client.read_resource("graphmem://users/alice/profile")).contents[0].text)
    assert "shellfish" in prof["text"]
    ents = json.loads((await client.read_resource("graphmem://users/alice/entities")).contents[0].text)
    assert "Melanie" in {e["name"] for e in ents}
    card = json.loads((await client.read_resource("graphmem://users/alice/entities/Melanie")).contents[0].text)
    assert card["facts"][0]["value"] == "nuts"
    with pytest.raises(Exception, match="bob"):
        await client.read_resource("graphmem://users/bob/profile")

    # forget: refused without confirm (nothing deleted), a dry run reports, confirm deletes and verifies
    refused = await client.call_tool("forget", {"user_id": "alice", "target": "entity", "id": "Melanie"})
    assert "confirm: true" in _error(refused)
    assert _data(await client.call_tool("card", {"user_id": "alice", "entity": "Melanie"}))["facts"]
    dry = _data(await client.call_tool("forget", {"user_id": "alice", "target": "entity", "id": "Melanie",
                                                  "dry_run": True}))
    assert dry["dry_run"] and dry["planned"]["entities"]
    done = _data(await client.call_tool("forget", {"user_id": "alice", "target": "entity", "id": "Melanie",
                                                   "confirm": True}))
    assert not any(done["remaining"].values())
    assert "NotFound" in _error(await client.call_tool("card", {"user_id": "alice", "entity": "Melanie"}))
    assert _data(await client.call_tool("card", {"user_id": "alice", "entity": "me"}))["facts"]


def test_stdio_end_to_end(server_env, tmp_path):
    params = StdioServerParameters(command=_graphmem(), args=["mcp", "--journal", str(tmp_path / "j.sqlite3")],
                                   env=server_env)

    async def go(errlog):
        async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=120) as client:
            await _session(client)

    with open(tmp_path / "stderr.log", "w") as errlog:   # the server's log stays out of pytest's output
        asyncio.run(go(errlog))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_http(env, tmp_path, *args) -> tuple[subprocess.Popen, int, Path]:
    port = _free_port()
    err = tmp_path / "http.log"
    proc = subprocess.Popen([_graphmem(), "mcp", "--transport", "http", "--port", str(port), "--journal",
                             str(tmp_path / "j.sqlite3"), *args], env=env, stdout=subprocess.DEVNULL,
                            stderr=open(err, "w"))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert proc.poll() is None, err.read_text()
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return proc, port, err
        except OSError:
            time.sleep(0.3)
    proc.kill()
    pytest.fail(f"graphmem mcp --transport http did not listen: {err.read_text()}")


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()


async def _http_client_calls(url: str, token: str) -> None:
    # without the token: 401, and the MCP client cannot connect
    async with httpx2.AsyncClient() as h:
        r = await h.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
        assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
        r = await h.post(url, json={}, headers={"Authorization": "Bearer wrong"})
        assert r.status_code == 401
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=120) as h:
        async with Client(streamable_http_client(url, http_client=h), read_timeout_seconds=120) as client:
            bad = await client.call_tool("add_messages", {"user_id": "bob", "session_id": "s1", "messages": "hi"})
            assert "messages" in _error(bad) and "valid list" in _error(bad)
            added = _data(await client.call_tool("add_messages", {"user_id": "bob", "session_id": "s1",
                                                                  "messages": CHAT[1:2], "wait": True}))
            assert added["accepted"] == 1 and added["written"]
            found = _data(await client.call_tool("recall", {"user_id": "bob", "query": "allergies", "k": 2}))
            assert "shellfish" in found["memories"][0]["text"]


def test_streamable_http_with_a_configured_token(server_env, tmp_path):
    proc, port, err = _start_http({**server_env, "GRAPHMEM_MCP_TOKEN": "s3cret-token"}, tmp_path)
    try:
        asyncio.run(_http_client_calls(f"http://127.0.0.1:{port}/mcp", "s3cret-token"))
    finally:
        _stop(proc)
    assert "s3cret-token" not in err.read_text()          # a configured token is never printed


def test_streamable_http_off_loopback_generates_a_token_printed_once(server_env, tmp_path):
    proc, port, err = _start_http(server_env, tmp_path, "--host", "0.0.0.0")
    try:
        log = err.read_text()
        tokens = re.findall(r"bearer token for this server .*: (\S+)$", log, re.M)
        assert len(tokens) == 1 and len(tokens[0]) >= 32 and tokens[0] not in log.split("serving")[1]
        asyncio.run(_http_client_calls(f"http://127.0.0.1:{port}/mcp", tokens[0]))
    finally:
        _stop(proc)


def test_stdio_as_an_agent_reads_only_its_scopes(server_env, tenant_settings, tmp_path):
    from datetime import datetime, timezone

    from graphmem import Memory

    at = datetime(2026, 3, 5, 9, 0, tzinfo=timezone.utc)
    with Memory(tenant_settings, journal_path=tmp_path / "setup.sqlite3") as m:
        planner = m.agent("planner")
        planner.add_messages("alice", [{"role": "user", "content": "I am allergic to shellfish."}], session_id="p",
                             at=at, scope="shared")
        secret = planner.add_messages("alice", [{"role": "user", "content": "My passport number is X1234567."}],
                                      session_id="p", at=at)[0]
        planner.add_messages("alice", [{"role": "user", "content": "My sister Lily is a nurse."}], session_id="p",
                             at=at)                                          # private: Lily's card has its fact
        assert m.flush(120)
    params = StdioServerParameters(command=_graphmem(), args=["mcp", "--no-warm", "--agent", "coach", "--journal",
                                                              str(tmp_path / "j.sqlite3")], env=server_env)

    async def go(errlog):
        async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=120) as client:
            found = _data(await client.call_tool("recall", {"user_id": "alice", "k": 10,
                                                            "query": "passport number allergic shellfish"}))
            texts = " ".join(r["source_text"] for r in found["memories"])
            assert "shellfish" in texts and "X1234567" not in texts
            assert {(r["agent"], r["scope"]) for r in found["memories"]} == {("planner", "user")}
            note = _data(await client.call_tool("add_messages", {
                "user_id": "alice", "session_id": "c", "wait": True,
                "messages": [{"role": "user", "content": "I run 10 km every Sunday morning."}]}))
            assert note["written"]
            mine = _data(await client.call_tool("recall", {"user_id": "alice", "query": "when do I run?", "k": 1}))
            assert mine["memories"][0]["scope"] == "agent:coach"            # the coach's writes are private
            refused = await client.call_tool("add_messages", {"user_id": "alice", "session_id": "c",
                                                              "scope": "team:finance",
                                                              "messages": [{"role": "user", "content": "x y z"}]})
            assert "AccessDenied" in _error(refused)

            # forget as the coach: only what it may write; never the planner's private notes
            hidden = await client.call_tool("forget", {"user_id": "alice", "target": "event", "id": secret,
                                                       "confirm": True})
            assert "NotFound" in _error(hidden)                     # it cannot see it, so it cannot name it
            lily = await client.call_tool("forget", {"user_id": "alice", "target": "entity", "id": "Lily",
                                                     "confirm": True})
            assert "NotFound" in _error(lily)                       # only the planner's private notes name her
            whole = await client.call_tool("forget", {"user_id": "alice", "target": "all", "confirm": True})
            assert "AccessDenied" in _error(whole) and "outside the scopes" in _error(whole)
            # entity names and cards: only what the coach's memory reaches
            listed = json.loads((await client.read_resource("graphmem://users/alice/entities")).contents[0].text)
            assert listed and "Lily" not in json.dumps(listed)
            for call in (client.call_tool("card", {"user_id": "alice", "entity": "Lily"}),
                         client.call_tool("history", {"user_id": "alice", "entity": "Lily"})):
                assert "NotFound" in _error(await call)
            own = note["event_ids"][0]
            dry = _data(await client.call_tool("forget", {"user_id": "alice", "target": "event", "id": own,
                                                          "dry_run": True}))
            assert own in dry["planned"]["events"]
            done = _data(await client.call_tool("forget", {"user_id": "alice", "target": "event", "id": own,
                                                           "confirm": True}))
            assert not any(done["remaining"].values())
            gone = _data(await client.call_tool("recall", {"user_id": "alice", "query": "when do I run?", "k": 5}))
            assert "Sunday" not in json.dumps(gone)

    with open(tmp_path / "stderr.log", "w") as errlog:
        asyncio.run(go(errlog))
    with Memory(tenant_settings, journal_path=tmp_path / "check.sqlite3") as m:  # the planner's notes are intact
        assert "Sunday" not in " ".join(r.source_text for r in m.agent("planner").recall("alice", "when do I run?", 5))
        mine = " ".join(r.source_text for r in m.agent("planner").recall("alice", "passport number Lily nurse", 10))
        assert "X1234567" in mine and "Lily" in mine
