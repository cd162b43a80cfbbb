"""The extraction bench's scorer (pure logic): a figure must not depend on the order of the graph's rows."""

from itertools import permutations

from bench.extraction_score import score_case

CASE = {"id": "c", "turns": [{"role": "user", "text": "My son Leo, we call him Leito, loves Lego."}],
        "expect": {"statements": [], "small_talk": [False], "entities": [{"name": "Leo", "type": "person",
                                                                           "aliases": ["Leito"]}]}}


def _graph(entities):
    return {"facts": [], "relations": [], "events": [], "entities": list(entities)}


def test_type_accuracy_does_not_depend_on_the_order_of_duplicate_entities():
    rows = [{"name": "Leo", "aliases": [], "type": "Person", "is_self": False},
            {"name": "Leito", "aliases": [], "type": "Product", "is_self": False}]
    counts = [score_case(CASE, _graph(p), keysim=lambda a, b: a == b)["counts"] for p in permutations(rows)]
    assert all(c == counts[0] for c in counts)
    assert counts[0]["entities_ok"] == 1 and counts[0]["required_hit"] == 1
