"""recall/by_id_graph is recall/by_id and recall/graph in one round trip: kept word for word, so they cannot drift."""

from graphmem.queries import query


def _code(name: str) -> list[str]:
    return [line for line in query(name).splitlines() if not line.startswith("//")]


def test_the_fetch_with_the_graph_path_is_the_two_statements_word_for_word():
    by_id, graph, both = _code("recall/by_id"), _code("recall/graph"), _code("recall/by_id_graph")
    last = next(i for i, line in enumerate(by_id) if line.startswith("RETURN collect("))
    fetch = by_id[:last] + ["WITH collect(" + by_id[last][len("RETURN collect("):]] + by_id[last + 1:]
    carried = [line.replace("WITH rel,", "WITH rows, rel,").replace("RETURN rel,", "RETURN rows, rel,") for line in graph]
    assert both == fetch + carried
