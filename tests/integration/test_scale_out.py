"""Running past one machine, against the local server: a ``neo4j://`` routing driver reads and writes; the
server enforces read transactions (a write sent as a read fails, so a misrouted statement cannot go unnoticed);
a tenant mapped to a database is read and written there, a tenant mapped to a database that does not exist is
a ConfigError naming it (the writer keeps its turns journaled), and a writer refuses a turn of a tenant that
lives in another database."""

import time

import pytest

from graphmem import Memory, curate
from graphmem.errors import ConfigError, InputError, QueryError
from graphmem.store import Store


@pytest.mark.parametrize("scheme", ["bolt", "neo4j"])
def test_routing_driver_reads_and_writes_and_reads_are_read_only(settings, tenant, scheme):
    host, port = settings.bolt_host_port
    with Store(settings.with_(neo4j_uri=f"{scheme}://{host}:{port}", tenant=tenant)) as store:
        store.batch("admin/test_touch", [{"id": f"{tenant}-p1", "name": "probe"}], tenant=tenant)   # write tx
        assert store.run("admin/test_count", {"tenant": tenant}) == [{"n": 1}]                   # read tx
        with pytest.raises(QueryError, match="AccessMode|read access mode|[Ww]rit"):
            store.run("admin/test_touch", {"rows": [{"id": f"{tenant}-p2", "name": "x"}], "tenant": tenant})
        store.run("admin/test_clear", {"tenant": tenant}, write=True)


def test_a_tenant_mapped_to_a_database_is_served_there(settings, tenant, tmp_path):
    mapping = {tenant: settings.neo4j_database, "t-elsewhere": "nosuchdb"}
    own = settings.with_(tenant=tenant, tenant_databases=mapping, neo4j_database="unused-default")
    with Memory(own, journal_path=tmp_path / "j.sqlite3") as mem:
        assert mem.store.settings.database == settings.neo4j_database
        mem.add("u1", "s1", 1, "My budget is 8123.")
        assert mem.flush(120)
        assert [e["text"] for e in curate.events(mem.store, "u1")] == ["My budget is 8123."]
        with pytest.raises(InputError, match="nosuchdb"):          # one writer, one database
            mem.add("u1", "s1", 2, "hello", tenant="t-elsewhere")
        with pytest.raises(ConfigError, match="nosuchdb"):         # routed by the tenant parameter
            mem.store.run("curate/users", {"tenant": "t-elsewhere"})


def test_a_tenant_mapped_to_a_missing_database_keeps_its_turns(settings, tmp_path):
    lost = settings.with_(tenant="t-elsewhere", tenant_databases="t-elsewhere=nosuchdb")
    with Memory(lost, journal_path=tmp_path / "j.sqlite3") as mem:
        mem.add("u1", "s1", 1, "My budget is 8123.")
        deadline = time.monotonic() + 120            # the first batch is prepared (models loaded) before it fails
        while mem.writer.last_error is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert mem.flush(3) is False
        assert mem.writer.failed() == [] and mem.writer.last_error.startswith("ConfigError")
        mem.close(timeout=1)
