"""Running past one machine, without a server: a tenant maps to a database by configuration; ``neo4j+s://``
(Aura) gives a routing, encrypted driver; every statement that writes is sent in a write transaction and every
read in a read transaction (a cluster serves those from secondaries) - checked over every call site."""

import ast
import re
from pathlib import Path

import pytest

from graphmem.errors import ConfigError
from graphmem.settings import Settings
from graphmem.store import Store

ROOT = Path(__file__).resolve().parents[2]
WRITES = re.compile(r"\b(CREATE|MERGE|SET|DELETE|REMOVE|DETACH|FOREACH|DROP)\b")


def test_tenant_databases_from_the_environment():
    s = Settings.from_env({"GRAPHMEM_TENANT_DATABASES": "acme=acme-db, globex=globex.eu", "GRAPHMEM_TENANT": "acme"})
    assert s.tenant_databases == (("acme", "acme-db"), ("globex", "globex.eu"))
    assert s.database == "acme-db" and s.database_for("globex") == "globex.eu" and s.database_for("other") == "neo4j"
    assert Settings(tenant_databases={"a": "aaa"}).database_for("a") == "aaa"
    assert Settings().database == "neo4j" and hash(s) == hash(s.with_())   # still a frozen, hashable value


@pytest.mark.parametrize("bad", ["acme", "acme=", "acme=1db", "acme=a b", "acme=ab", "a=xyz,a=xyw", "=xyz"])
def test_a_malformed_mapping_is_a_config_error(bad):
    with pytest.raises(ConfigError):
        Settings(tenant_databases=bad)


@pytest.mark.parametrize("uri, routing", [("neo4j+s://abcd1234.databases.neo4j.io", True),
                                          ("neo4j://127.0.0.1:7687", True), ("bolt://127.0.0.1:7687", False)])
def test_uri_schemes_choose_routing_and_tls(uri, routing):
    import neo4j

    store = Store(Settings(neo4j_uri=uri, neo4j_password="x"))
    driver = store.driver                          # made without connecting
    assert isinstance(driver, neo4j.Neo4jDriver if routing else neo4j.BoltDriver)
    assert driver.encrypted == uri.startswith("neo4j+s")
    store.close()


def _store_calls():
    for py in [*ROOT.glob("graphmem/**/*.py"), *ROOT.glob("linking/**/*.py"), *ROOT.glob("cli/*.py")]:
        for node in ast.walk(ast.parse(py.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "run" \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                receiver = ast.unparse(node.func.value)
                cypher = ROOT / "cypher" / f"{node.args[0].value}.cypher"
                if cypher.exists() and not receiver.endswith("tx"):
                    write = any(k.arg == "write" and ast.unparse(k.value) == "True" for k in node.keywords)
                    yield f"{py.relative_to(ROOT)}:{node.lineno}", cypher, write


def test_writes_go_in_write_transactions_and_reads_in_read_transactions():
    calls = list(_store_calls())
    assert len(calls) > 40
    wrong = []
    for where, cypher, write in calls:
        text = "\n".join(line for line in cypher.read_text().splitlines() if not line.lstrip().startswith("//"))
        if bool(WRITES.search(text)) != write:
            wrong.append(f"{where} runs {cypher.stem} ({'writes' if not write else 'reads'}) with write={write}")
    assert wrong == []
