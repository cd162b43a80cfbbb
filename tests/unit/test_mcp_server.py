"""The MCP server's pure parts: the bearer-token policy, the auth middleware, JSON conversion (no database)."""

import asyncio
from dataclasses import dataclass
from datetime import datetime, timezone

from graphmem.mcp_server import BearerAuth, http_token, plain


def test_token_policy():
    assert http_token("127.0.0.1", None) == (None, False)          # local only: no token needed
    assert http_token("localhost", "mine") == ("mine", False)      # a configured token is always required
    assert http_token("0.0.0.0", "mine") == ("mine", False)
    token, generated = http_token("0.0.0.0", None)                  # exposed without one: generated
    assert generated and len(token) >= 32 and http_token("10.0.0.5", None)[0] != token


def _call(app, headers, scope_type="http"):
    sent, reached = [], []

    async def inner(scope, receive, send):
        reached.append(scope["type"])

    async def send(msg):
        sent.append(msg)

    async def receive():
        return {}

    asyncio.run(BearerAuth(inner, "tok")({"type": scope_type, "headers": headers}, receive, send))
    return reached, sent


def test_bearer_auth_lets_only_the_token_through():
    assert _call(None, [(b"authorization", b"Bearer tok")])[0] == ["http"]
    for headers in ([], [(b"authorization", b"Bearer tok2")], [(b"authorization", b"Basic tok")],
                    [(b"authorization", b"tok")]):
        reached, sent = _call(None, headers)
        assert reached == [] and sent[0]["status"] == 401
        assert (b"www-authenticate", b"Bearer") in sent[0]["headers"]
    assert _call(None, [], scope_type="lifespan")[0] == ["lifespan"]   # startup/shutdown pass through


def test_plain_makes_results_json_ready():
    @dataclass
    class Row:
        at: datetime
        tags: tuple

    assert plain({"r": Row(datetime(2026, 3, 5, tzinfo=timezone.utc), ("a", 1))}) == {
        "r": {"at": "2026-03-05T00:00:00+00:00", "tags": ["a", 1]}}


def test_warm_loads_the_models_then_freezes_them_out_of_full_collections(tmp_path):
    """Memory.warm() (what `graphmem mcp` calls before serving) leaves the loaded models in the collector's
    permanent generation: a full collection in the serving process no longer walks them (it stalled a call for
    100-500 ms). No database: Memory does no I/O until used."""
    import gc

    from graphmem import Memory, Settings

    memory = Memory(Settings(), journal_path=tmp_path / "j.sqlite3")
    try:
        gc.unfreeze()
        memory.warm()
        frozen = gc.get_freeze_count()
        assert frozen > 10_000, frozen
        assert len(gc.get_objects(generation=2)) < frozen / 10
    finally:
        gc.unfreeze()
        memory.close()
