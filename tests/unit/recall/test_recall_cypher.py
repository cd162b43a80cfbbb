"""recall/by_id_graph is the fetch by id and recall/graph in one round trip: the graph part is kept word for word,
so the two cannot drift."""

from graphmem.queries import query


def _code(name: str) -> list[str]:
    return [line for line in query(name).splitlines() if not line.startswith("//")]


def test_the_fetch_carries_the_graph_statement_word_for_word():
    graph, both = _code("recall/graph"), _code("recall/by_id_graph")
    carried = [line.replace("WITH rel,", "WITH rows, rel,").replace("RETURN rel,", "RETURN rows, rel,") for line in graph]
    fetch = both[: len(both) - len(carried)]
    assert both[len(fetch):] == carried
    assert fetch[-3].startswith("WITH collect({label: label, id: id")   # the fetch's rows, then the graph part
