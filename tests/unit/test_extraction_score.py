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


def test_an_event_naming_an_outdated_value_does_not_make_it_current():
    case = {"id": "c", "turns": [{"role": "user", "text": "I have an iPad Air."},
                                 {"role": "user", "text": "I sold the iPad Air last week."}],
            "expect": {"statements": [], "small_talk": [False, False], "entities": [],
                       "final_outdated": [{"subject": "user", "key": "owns", "value": "iPad Air"}]}}
    fact = {"turns": [], "turn_id": "1", "speaker": None, "is_self": True, "entity": "user", "aliases": [],
            "key": "owns", "value": "iPad Air", "polarity": 0, "kind": "attribute", "status": "outdated"}
    event = {"kind": "event", "turn_id": "2", "speaker": None, "key": "sold", "mentions": ["iPad Air"],
             "mention_aliases": [], "text": "I sold the iPad Air last week.", "status": "active", "derived": False}
    g = {"facts": [fact], "relations": [], "events": [event], "entities": []}
    assert score_case(case, g, keysim=lambda a, b: a == b)["counts"]["final_outdated_ok"] == 1
    g["facts"][0] = {**fact, "status": "active"}
    assert score_case(case, g, keysim=lambda a, b: a == b)["counts"]["final_outdated_ok"] == 0
