"""bench.plan_bench reads how a plan finds its nodes: the index seeks and scans with their index, and the operators
that join what two starts found; nothing else of the plan counts."""

from bench.plan_bench import access


def _op(name: str, details: str = "", *children: dict) -> dict:
    return {"operatorType": f"{name}@neo4j", "args": {"Details": details}, "children": list(children)}


def test_access_names_each_seek_with_its_index_and_each_join():
    plan = _op("ProduceResults", "rel", _op(
        "Apply", "",
        _op("NodeUniqueIndexSeek", "UNIQUE s:Entity(id) WHERE id = seed_id"),
        _op("Expand(Into)", "(s)-[r1:RELATED]-(m)",
            _op("NodeIndexSeek", "RANGE INDEX m:Entity(tenant, user_id) WHERE tenant = $tenant"))))
    assert access(plan) == ["Expand(Into)", "NodeIndexSeek RANGE INDEX m:Entity(tenant, user_id)",
                            "NodeUniqueIndexSeek UNIQUE s:Entity(id)"]


def test_a_plan_that_finds_its_start_another_way_reads_differently():
    unique = _op("Expand(All)", "", _op("NodeUniqueIndexSeek", "UNIQUE s:Entity(id) WHERE id = $x"))
    by_owner = _op("Expand(All)", "", _op("NodeIndexSeek", "RANGE INDEX s:Entity(tenant, user_id) WHERE tenant = $t"))
    assert access(unique) != access(by_owner)
    assert access(_op("Filter", "s.id = $x", _op("AllNodesScan", "s"))) == ["AllNodesScan"]
