"""Neo4j down on the user's path: context() still answers from short-term memory, writes wait in the
journal, and nothing is lost once Neo4j is back."""

from graphmem import Memory
from graphmem import curate


def test_context_survives_an_outage_and_the_journal_delivers_later(tenant_settings, tmp_path):
    journal = tmp_path / "journal.sqlite3"
    down = tenant_settings.with_(neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x")
    mem = Memory(down, journal_path=journal)
    session = mem.session("dora", "s1")
    session.add_user_message("My budget is 6000 and I want a quiet hotel in Lisbon.")
    ctx = session.context("Which hotel fits my budget?", budget=800)
    assert any("6000" in m["content"] for m in ctx.messages)
    assert any("StoreUnavailable" in o.reason for o in ctx.omitted)
    assert mem.close(timeout=2) is False  # not delivered yet: still journaled

    with Memory(tenant_settings, journal_path=journal) as back:
        back.writer  # starting the writer replays the journal
        assert back.flush(120)
        texts = [e["text"] for e in curate.events(back.store, "dora")]
    assert texts == ["My budget is 6000 and I want a quiet hotel in Lisbon."]
