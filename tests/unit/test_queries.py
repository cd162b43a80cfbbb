import ast
import re
from pathlib import Path

import pytest

from graphmem.errors import UnknownQuery
from graphmem.queries import names, query

ROOT = Path(__file__).resolve().parents[2]
CYPHER = re.compile(  # Cypher-only syntax (SQL for the sqlite journal does not match)
    r"\b(MATCH|MERGE|CREATE)\s*\(|\bUNWIND\s+\$|\bCREATE\s+(CONSTRAINT|(VECTOR |FULLTEXT |TEXT )?INDEX)\b"
    r"|\bDETACH\s+DELETE\b|\bCALL\s+(db|dbms|apoc)\.|\bSHOW\s+(INDEXES|CONSTRAINTS)\b|-\[:[A-Z_]+", re.I)


def test_every_cypher_file_is_loadable_by_name():
    files = sorted(p.relative_to(ROOT / "cypher").with_suffix("").as_posix() for p in (ROOT / "cypher").rglob("*.cypher"))
    assert names() == files
    for name in files:
        assert query(name)


def test_migrations_are_numbered_and_ordered():
    schema = names("schema")
    numbers = [int(n.split("/")[1].split("_")[0]) for n in schema]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)


@pytest.mark.parametrize("bad", ["nope/nothing", "../etc/passwd", "admin/ping;DROP", ""])
def test_unknown_or_malformed_names_raise(bad):
    with pytest.raises(UnknownQuery):
        query(bad)


@pytest.mark.parametrize("text", ["MATCH (n) RETURN n", "UNWIND $rows AS row", "CREATE VECTOR INDEX x",
                                  "(a)-[:KNOWS]->(b)", "CALL db.index.fulltext.queryNodes"])
def test_the_cypher_detector_sees_cypher(text):
    assert CYPHER.search(text)


def test_no_cypher_strings_in_python():
    offenders = []
    for path in ROOT.glob("**/*.py"):
        if any(part in {".venv", "build", "tests"} for part in path.parts):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        for node in ast.walk(tree):
            if id(node) not in docstrings and isinstance(node, ast.Constant) and isinstance(node.value, str) and CYPHER.search(node.value):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []
