"""recall/by_id_graph is the fetch by id and recall/graph in one round trip: the graph part is kept word for word,
so the two cannot drift. Every recall statement keeps its first plan (``CYPHER replan=skip``), so each must find its
nodes the same way on an empty store as on a large one: a node looked up by id says which index (``USING INDEX``),
and a RELATED hop's far node carries no label (RELATED joins entities only; a label let the planner start from the
owner index on a young store)."""

import re

import pytest

from graphmem.queries import names, query

RECALL = names("recall")


def _code(name: str) -> list[str]:
    return [line for line in query(name).splitlines() if not line.startswith(("//", "CYPHER "))]


@pytest.mark.parametrize("name", RECALL)
def test_every_recall_statement_keeps_its_plan_and_names_its_id_index(name):
    text = query(name)
    assert text.startswith("CYPHER replan=skip\n")
    for var, label in re.findall(r"\((\w+):(\w+) \{id:", text):
        assert f"USING INDEX {var}:{label}(id)" in text, (var, label)
    for var, label in re.findall(r"\((\w+):(\w+)\) WHERE \1\.id IN", text):
        assert f"USING INDEX {var}:{label}(id)" in text, (var, label)
    assert re.findall(r"-\[\w*:RELATED\]-\(\w+:", text) == []


def test_the_fetch_carries_the_graph_statement_word_for_word():
    graph, both = _code("recall/graph"), _code("recall/by_id_graph")
    carried = [line.replace("WITH rel,", "WITH rows, rel,").replace("RETURN rel,", "RETURN rows, rel,") for line in graph]
    fetch = both[: len(both) - len(carried)]
    assert both[len(fetch):] == carried
    assert fetch[-3].startswith("WITH collect({label: label, id: id")   # the fetch's rows, then the graph part
