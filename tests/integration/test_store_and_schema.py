"""Foundation against the real server: every query compiles, schema is idempotent, errors are clear."""

import subprocess
import sys

import pytest

from graphmem import admin, schema
from graphmem.errors import QueryError, StoreUnavailable
from graphmem.queries import names
from graphmem.store import Store


@pytest.mark.parametrize("name", names())
def test_every_cypher_file_passes_explain(store, name):
    store.explain(name)


def test_schema_applied_twice_changes_nothing(store, settings):
    before = (store.run("admin/indexes"), store.run("admin/constraints"), schema.applied(store))
    again = admin.init(settings)
    after = (store.run("admin/indexes"), store.run("admin/constraints"), schema.applied(store))
    assert again.applied == [] and before == after
    assert schema.version(store) == schema.latest_version()
    assert all(r["state"] == "ONLINE" for r in after[0])


def test_indexes_cover_vectors_and_chinese_fulltext(store, settings):
    rows = {r["name"]: r for r in store.run("admin/indexes")}
    for name in ("entity_embedding", "fact_embedding", "event_embedding"):
        assert rows[name]["type"] == "VECTOR"
    assert rows["memory_text"]["type"] == "FULLTEXT"
    assert rows["memory_text"]["options"]["indexConfig"]["fulltext.analyzer"] == "cjk"


def test_routing_uri_works_against_the_local_server(settings):
    with Store(settings.with_(neo4j_uri="neo4j://127.0.0.1:7687")) as routed:
        routed.ping()
        assert routed.run("admin/ping") == [{"ok": 1}]


def test_server_down_is_one_clear_error(settings):
    with Store(settings.with_(neo4j_uri="bolt://127.0.0.1:1")) as dead:
        with pytest.raises(StoreUnavailable) as err:
            dead.ping()
    assert "bolt://127.0.0.1:1" in str(err.value) and "graphmem neo4j up" in str(err.value)


def test_server_down_in_the_cli_is_one_line_without_traceback(settings):
    env = {"GRAPHMEM_NEO4J_URI": "bolt://127.0.0.1:1", "PATH": "/usr/bin:/bin",
           "GRAPHMEM_NEO4J_PASSWORD": "x", "HOME": str(settings.home.parent)}
    proc = subprocess.run([sys.executable, "-m", "graphmem.cli.app", "init"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 4
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and "not reachable at bolt://127.0.0.1:1" in proc.stderr


def test_a_failing_statement_is_a_query_error(store):
    with pytest.raises(QueryError, match="Neo4j rejected"):
        store.run_auto("admin/set_password", {"old": "wrong", "new": "x"}, database="neo4j")


def test_batch_sends_rows_in_chunks(store, tenant):
    rows = [{"id": f"{tenant}-{i}", "name": f"n{i}"} for i in range(1201)]
    try:
        assert store.batch("admin/test_touch", rows, size=500, tenant=tenant) == 1201
        assert store.run("admin/test_count", {"tenant": tenant}) == [{"n": 1201}]
    finally:   # Probe nodes are the test's own: the tenant fixture's delete does not know the label
        store.run("admin/test_clear", {"tenant": tenant}, write=True)
    assert store.run("admin/test_count", {"tenant": tenant}) == [{"n": 0}]


def test_doctor_is_all_ok(settings):
    checks = admin.doctor(settings)
    assert [c.name for c in checks if not c.ok] == []
    assert {"neo4j reachable", "schema version", "indexes online", "embedder loads"} <= {c.name for c in checks}


def test_rows_are_what_record_data_gives(store):
    """store.rows (dict(zip(keys, record)), the fast way) gives what Record.data() gives, also for a record that
    holds nodes and relationships, nested or not, and for temporal values."""
    from graphmem.store import rows

    statement = ("CREATE (a:RowsProbe {n: 1})-[r:RowsProbeRel {w: 2}]->(b:RowsProbe {n: 2}) "
                 "WITH a, r, b UNWIND range(1, 3) AS i "
                 "RETURN i, 'text' AS s, [i, 'x'] AS l, {k: i} AS m, datetime('2026-03-05T09:00:00Z') AS t, "
                 "CASE WHEN i = 2 THEN a END AS node, CASE WHEN i = 3 THEN [r] END AS rels, {b: b} AS nested")
    try:
        with store.driver.session() as s:
            got = rows(s.run(statement))
            s.run("MATCH (p:RowsProbe) DETACH DELETE p").consume()
            want = [r.data() for r in s.run(statement)]
        assert got == want and len(got) == 3
        assert got[1]["node"] == {"n": 1} and got[0]["nested"] == {"b": {"n": 2}}
        assert isinstance(got[0]["t"], type(want[0]["t"]))
    finally:
        with store.driver.session() as s:
            s.run("MATCH (p:RowsProbe) DETACH DELETE p").consume()
