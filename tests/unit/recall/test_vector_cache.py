"""The retriever's in-process per-user cache: exact top-k, copy-on-write top-ups, lexical match."""

import numpy as np

from graphmem.recall.retriever import _Vectors


def rows(label, items):
    return [{"id": i, "label": label, "embedding": v, "text": t, "at": None} for i, v, t in items]


def test_top_is_exact_cosine_and_extended_copies():
    v = _Vectors().extended(rows("events", [("a", [1, 0, 0], "I booked a flight to Tokyo"),
                                            ("b", [0, 1, 0], "My sister lives in Leeds"),
                                            ("c", [1, 1, 0], "Flight CA1831 to Tokyo")]))
    q = np.asarray([1, 0, 0], dtype=np.float32)
    top = v.top("events", q, 2)
    assert [r["id"] for r in top] == ["a", "c"]
    assert abs(top[0]["sim"] - 1.0) < 1e-3 and abs(top[1]["sim"] - 0.7071) < 1e-3
    w = v.extended(rows("events", [("d", [2, 0, 0], "flight again")]))
    assert v.count("events") == 3 and w.count("events") == 4       # the old cache is untouched
    assert v.sim("d", q) is None and abs(w.sim("d", q) - 1.0) < 1e-3
    assert w.top("facts", q, 3) == []


def test_lexical_whole_words_stems_chinese_substrings_and_rarity():
    v = _Vectors().extended(rows("facts", [("f1", [1, 0], "My sister recommended the noodle place"),
                                           ("f2", [0, 1], "我下周去东京出差"),
                                           ("f3", [1, 1], "the place is nice"),
                                           ("f4", None, "unlike others")]))
    hits = v.lexical(["recommend", "place"], 5)["facts"]
    assert [h["id"] for h in hits] == ["f1", "f3"] and hits[0]["score"] == 1.0 and hits[1]["score"] < 1.0
    assert [h["id"] for h in v.lexical(["东京"], 5)["facts"]] == ["f2"]
    assert v.lexical(["like"], 5) == {}              # whole words: "unlike" is not "like"
    assert v.count("facts") == 3                     # a row without a vector is searchable by text only


def test_later_changes_are_the_close_later_events_that_announce_a_change():
    items = [("quote", [1, 0, 0], "Got a quote from Two Rivers Moving, leaning towards them", 1),
             ("signed", [0.8, 0.6, 0], "Forget them, we signed with Summit Hauling instead", 3),
             ("chat", [0.9, 0.1, 0], "Two Rivers were friendly on the phone", 2),        # close, no change
             ("before", [1, 0.1, 0], "Actually we switched movers last year too", 0),     # a change, but earlier
             ("far", [0, 0, 1], "I switched to oat milk instead", 4)]                     # a change, far away
    v = _Vectors().extended([{"id": i, "label": "events", "embedding": e, "text": t, "at": at}
                             for i, e, t, at in items])
    assert v.later_changes(["quote"], 0.35, 4) == ["signed"]
    assert v.later_changes(["quote"], 0.9, 4) == []        # not close enough
    assert v.later_changes(["nope"], 0.35, 4) == []


def test_later_changes_also_find_a_later_value_about_the_same_entity():
    """No change word, but the same tenant and a new amount: "和 Marcus 谈好了，12,400" after "rent 是 12,800"."""
    items = [("rent", [1, 0, 0], "徐汇那套租给 Marcus，rent 是 12,800 一个月", 1, ["marcus"]),
             ("deal", [0.4, 0.9, 0], "OK 和 Marcus 谈好了，we met in the middle，12,400，签两年", 3, ["marcus"]),
             ("aircon", [0.5, 0.8, 0], "Marcus 说 aircon 不制热了", 2, ["marcus"]),          # no value
             ("heater", [0.5, 0.8, 0], "陶师傅说热水器报价 3,200", 4, ["tao"]),                # someone else
             ("far", [0, 0.1, 1], "Marcus 又转了 12,400", 5, ["marcus"])]                    # too far
    v = _Vectors().extended([{"id": i, "label": "events", "embedding": e, "text": t, "at": at, "mentions": m}
                             for i, e, t, at, m in items])
    assert v.mentions["deal"] == {"marcus"}
    assert v.later_changes(["rent"], 0.35, 4, entity_sim=0.3) == ["deal"]
    assert v.later_changes(["rent"], 0.35, 4) == []            # without the entity rule: no change word, none
