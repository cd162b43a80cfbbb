"""Each recall path on the real server finds what it should (and only the user's own memories)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from graphmem.linking.slots import SlotTable
from graphmem.recall import RecallConfig, Retriever

from .conftest import NOW, days_ago
from .world import history


@pytest.fixture
def u1(write):
    write("u1", history("u1"))
    return "u1"


def texts(found) -> str:
    return "\n".join(m.source_text + " | " + m.text for m in found)


def test_vector_path_finds_a_paraphrase(retriever, u1):
    found = retriever.recall(u1, "which colour scheme do I want in my code editor?", 5, paths=["vector"], explain=True)
    assert found and "dark mode" in found[0].text
    assert found[0].paths == ("vector",) and found[0].explanation["similarity"] > 0.3


def test_vector_index_and_scan_modes_agree(store, tenant_settings, embedder, u1):
    q = "how much money can I spend on the laptop?"
    res = {}
    for mode in ("scan", "index"):
        r = Retriever(store, tenant_settings, embedder=embedder, config=replace(RecallConfig(), vector_mode=mode),
                      clock=lambda: NOW)
        res[mode] = [m.id for m in r.recall(u1, q, 3, paths=["vector"])]
    assert res["scan"] and res["scan"][0] == res["index"][0]


@pytest.mark.parametrize("mode", ["cache", "scan"])   # in-process lexical match / the Lucene cjk index
def test_fulltext_path_english_and_chinese(store, tenant_settings, embedder, u1, mode):
    retriever = Retriever(store, tenant_settings, embedder=embedder, config=RecallConfig(vector_mode=mode),
                          clock=lambda: NOW)
    en = retriever.recall(u1, "CA1831", 3, paths=["fulltext"])
    assert en and "CA1831" in en[0].source_text
    zh = retriever.recall(u1, "香菜", 3, paths=["fulltext"])
    assert zh and "香菜" in zh[0].text
    # Lucene syntax in the input is escaped, never interpreted (and never an error)
    assert retriever.recall(u1, 'budget" OR *:* AND (lamb~ [', 5, paths=["fulltext"]) is not None


def test_graph_path_cards_relations_and_two_hops(retriever, u1):
    """The path finds the 1-hop relation, the 2-hop one and the related entity's card (with less link weight
    per hop); how high they rank is the fitted model's call (graph alone weighs little on the fitted data)."""
    _, cands, _ = retriever.candidates(u1, "tell me about my sister", paths=["graph"])
    t = " | ".join(c.text or "" for c in cands)
    assert "sister recommended the noodle place on 5th street" in t              # 1 hop
    assert "Chef Wang" in t                                                      # 2 hops (sister → place → chef)
    assert "hand-pulled lamb noodles" in t                                       # the related entity's card
    hop2 = next(c for c in cands if "Chef Wang" in (c.text or ""))
    hop1 = next(c for c in cands if "recommended" in (c.text or ""))
    assert hop2.paths["graph"] < hop1.paths["graph"]
    found = retriever.recall(u1, "tell me about my sister", 3, paths=["graph"])
    assert "Your sister recommended the noodle place on 5th street" in texts(found)


def test_recency_path_with_a_time_window(retriever, u1):
    found = retriever.recall(u1, "what did I do yesterday?", 3, paths=["recency"])
    assert found and "climbing" in found[0].text


@pytest.mark.parametrize("mode", ["cache", "scan", "index"])
def test_window_path_reads_the_period_a_question_names(store, tenant_settings, embedder, u1, mode):
    """On by default (``recency`` is not): what was said in the period, with no word of the question in it."""
    r = Retriever(store, tenant_settings, embedder=embedder, config=replace(RecallConfig(), vector_mode=mode),
                  clock=lambda: NOW)
    found = r.recall(u1, "what did I get up to yesterday?", 3, explain=True)
    climbing = next(m for m in found if "climbing" in m.text)
    assert "window" in climbing.paths and "recency" not in climbing.paths
    assert not any("window" in m.paths for m in r.recall(u1, "what do I get up to?", 8))   # no period named


def test_slot_table_when_nothing_links(retriever, store, tenant, u1):
    ent = store.run("read/find_entities", {"tenant": tenant, "user_id": u1, "name": "the marketing proposal"})[0]
    slots = SlotTable()
    slots.mention("new:the noodle place", "the noodle place on 5th street", "place", 1, "the noodle place")
    slots.mention(ent["id"], "the marketing proposal", "document", 2, "the marketing proposal")
    found = retriever.recall(u1, "when is that proposal due?", 3, paths=["slots"], slots=slots, explain=True)
    assert found and "Friday" in found[0].text
    assert found[0].paths == ("slots",) and found[0].explanation["via"]["slots"] == "the marketing proposal"
    # the head noun picks the matching slot, not just the latest one; a provisional slot key resolves by name
    found = retriever.recall(u1, "what does that place serve?", 3, paths=["slots"], slots=slots, explain=True)
    assert any("lamb noodles" in m.text for m in found)
    assert {m.explanation["via"]["slots"] for m in found} == {"the noodle place on 5th street"}
    assert retriever.recall(u1, "when is that proposal due?", 3, paths=["slots"], slots=None) == []
    assert retriever.recall(u1, "when is the proposal due?", 3, paths=["slots"], slots=slots) == []  # no pointer


def test_a_known_name_in_lower_case_the_session_did_not_link_seeds_nothing(retriever, store, tenant, write):
    """"I hope the weather holds" names no one: in a session's turn (``linked``: what its reading linked) a name
    written in lower case seeds the graph path only if the reading linked it; a plain recall has no reading and
    keeps it; a capitalised name always counts."""
    write("uh", [("s1", 1, "My sister Hope adopted a kitten named Pixel.", days_ago(5), None)])
    hope = store.run("read/find_entities", {"tenant": tenant, "user_id": "uh", "name": "Hope"})[0]["id"]

    def graph(question, linked):
        return retriever.candidates("uh", question, paths=["graph"], linked=linked)[1]

    assert graph("I hope the weather holds, what should I pack?", None)   # no reading: "hope" counts
    assert not graph("I hope the weather holds, what should I pack?", {})
    assert graph("did hope call about the kitten?", {hope: "hope"})       # the reading linked it
    assert graph("What did Hope adopt?", {})                               # capitalised


def test_a_relation_two_seeds_reach_comes_from_the_heavier_one(store, tenant, u1):
    """The sister → noodle place relation is one hop from both entities: the statement gives it the seed that reaches
    it with more weight, whichever way round the weights are (before, the first row the server read decided)."""
    ids = {n: store.run("read/find_entities", {"tenant": tenant, "user_id": u1, "name": n})[0]["id"]
           for n in ("my sister", "the noodle place on 5th street")}
    sister, place = ids["my sister"], ids["the noodle place on 5th street"]
    for heavy, light in ((sister, place), (place, sister)):
        question = {"statuses": ["active"], "session_id": None, "self_id": None, "entity_ids": sorted([heavy, light]),
                    "seeds": [{"id": heavy, "weight": 1.0}, {"id": light, "weight": 0.5}]}
        res = store.run("recall/graph", {"tenant": tenant, "user_id": u1, "vector": None, "hops": 2, "fetch": 40,
                                         "hop_weight": 0.6, "max_seeds": 3, "per_entity": 3, "question": question})[0]
        rel = next(r for r in res["rel"] if {r["entity_id"], r["object_id"]} == {sister, place})
        assert (rel["seed"], rel["hop"]) == (heavy, 1)


def test_relational_api(retriever, u1):
    rel = retriever.related(u1, "my sister", hops=2)
    assert [(r.name, r.hops) for r in rel] == [("the noodle place on 5th street", 1), ("Chef Wang", 2)]
    assert [r.name for r in retriever.related(u1, "my sister", hops=1)] == ["the noodle place on 5th street"]
    card = retriever.card(u1, "the noodle place on 5th street")
    assert [f.value for f in card.facts] == ["hand-pulled lamb noodles"]
    assert [v.value for v in retriever.history(u1, "me", "budget")] == ["5000", "8000"]
    assert [f.value for f in retriever.as_of(u1, NOW.replace(month=9), attribute="budget")] == ["5000"]
    assert retriever.profile(u1).text


def test_cached_vectors_are_topped_up_with_what_was_recorded_since(store, tenant_settings, embedder, write):
    """The in-process vector cache reloads only what was recorded after its watermark (a time read back from
    the server): a memory written after the first recall is found once the background check has run."""
    import time

    r = Retriever(store, tenant_settings, embedder=embedder, config=replace(RecallConfig(), entity_cache_seconds=0),
                  clock=lambda: NOW)
    write("cu", [("s1", 1, "I adopted a grey cat called Miso.", NOW.replace(day=1), None)])
    assert any("Miso" in m.text for m in r.recall("cu", "my cat", k=5))
    write("cu", [("s2", 1, "I started learning the cello with a teacher in Lyon.", NOW.replace(day=10), None)])
    key, deadline = (tenant_settings.tenant, "cu"), time.monotonic() + 120   # generous: a slow, loaded box
    while r._vecs[key].watermark != NOW.replace(day=10):   # the newest recorded_at, read back as a datetime
        assert time.monotonic() < deadline, "the cache was never topped up"
        r.recall("cu", "anything new?", k=1)                # a recall starts the background check
        time.sleep(0.2)
    found = r.recall("cu", "what instrument am I learning?", k=5, explain=True)
    assert any("cello" in m.text and "vector" in m.paths for m in found)


def test_graph_path_brings_the_most_relevant_events_of_a_much_mentioned_entity(retriever, write):
    """奶奶 is in every message; the old one about her medicine is what the question is about, not the latest six."""
    turns = [("s1", 1, "奶奶上周摔了一跤，医生说出院以后要一直吃华法林", NOW - timedelta(days=40), None)]
    turns += [("s2", i, f"奶奶今天在康复医院练习走路，第{i}天，走了{10 + i}米", NOW - timedelta(days=30 - i), None)
              for i in range(1, 10)]
    write("gran", turns)
    found = retriever.recall("gran", "奶奶长期吃的那个抗凝药叫什么？", 8, paths=["graph"])
    assert any("华法林" in m.text for m in found), texts(found)


def test_later_path_brings_the_value_that_holds_now_when_it_repeats_no_word_of_the_question(retriever, write):
    """"How much is the energy company charging me at the moment?": the latest rate ("Unit price is up again, 34
    cents from April") names neither the company nor the charge, so BM25 alone never finds it; it restates the
    earlier rate BM25 finds, so the later path makes it a candidate, and it is read before the older rates."""
    rates = [("The energy company charges us 31 cents a unit on the fixed plan.", 120),
             ("They lowered the unit price for the winter, 28 cents a unit.", 70),
             ("Unit price is up again, 34 cents from April, ugh.", 5)]
    other = ["The water company sent a letter about a meter reading next week.", "Broadband goes up to 40 a month "
             "in June.", "Paid 62 for the car service, new wipers too.", "Council tax is 1,850 for the year.",
             "Bought a second-hand bike for 120.", "The gym is 35 a month, even in the summer break.",
             "Lunch at the new place was 14 each.", "Petrol was 1.79 a litre on the motorway."]
    turns = [(f"rates{i}", 1, text, NOW - timedelta(days=ago), None) for i, (text, ago) in enumerate(rates)]
    turns += [("other", i, text, NOW - timedelta(days=100 - 5 * i), None) for i, text in enumerate(other)]
    write("meter", turns)

    def first_rate(q: str, paths) -> str:
        return next((m.text for m in retriever.recall("meter", q, 5, paths=paths) if "cents" in m.text), "")

    now = "How much is the energy company charging me at the moment?"
    assert "34 cents" in first_rate(now, None)                          # the default paths
    assert "31 cents" in first_rate(now, ["fulltext"])                  # BM25 alone: the question's words
    assert "34 cents" in first_rate(now, ["fulltext", "later"])         # ... and what restates them later
    # a question not about how things stand now does not take the path
    assert "34 cents" not in first_rate("What did the energy company charge me?", ["fulltext", "later"])


def _two_statements(run, tx, groups) -> None:
    """The graph path as two statements (relations, then the facts of the seeds and of the entities they reach that
    weigh most): what ``recall/graph`` does in one."""
    from graphmem.recall.paths import candidate

    cfg, u = run.cfg, run.u
    top = run.top_seeds()
    weight, graph, reached = dict(top), [], {}
    for r in tx.run("recall/graph_related", {**run.base, "entity_ids": [e for e, _ in top], "hops": cfg.graph_hops,
                                             "fetch": cfg.graph_fetch, "hop_weight": cfg.hop_weight,
                                             "seeds": [{"id": e, "weight": w[0]} for e, w in top]}):
        w, p, via = weight.get(r["seed"], (0.5, "graph", ""))
        graph.append(candidate(r, p, w * cfg.hop_weight ** (int(r["hop"]) - 1), via))
        for other in (r["entity_id"], r["object_id"]):
            if other not in weight and other != u.self_id and w * cfg.hop_weight ** int(r["hop"]) > \
                    reached.get(other, (0.0,))[0]:
                reached[other] = (w * cfg.hop_weight ** int(r["hop"]), p, via)
    farther = sorted(reached.items(), key=lambda kv: -kv[1][0])[: cfg.graph_max_seeds]
    info = {**weight, **reached}
    ents = [{"id": e, "weight": w[0]} for e, w in top + farther]
    for r in tx.run("recall/graph_facts", {**run.base, "entities": ents, "per_entity": cfg.graph_per_entity}):
        graph.append(candidate(r, *info.get(r["entity_id"], (0.0, "graph", ""))[1:2], None,
                               info.get(r["entity_id"], (0.0, "graph", ""))[2]))
    groups.append(("graph", graph))


def test_the_graph_statement_finds_what_the_two_statements_found(retriever, u1, monkeypatch):
    """The graph path's statement (relations, the entities reached, their cards' facts in one round trip: alone as
    ``recall/graph``, or in the fetch by id) gives the same candidates, scores and order as the two statements it
    replaced, one and two hops out."""
    from graphmem.recall import paths

    seen = []
    merged = paths._graph

    def both(run, tx, groups, res):
        one, two = [], []
        merged(run, tx, one, res)
        _two_statements(run, tx, two)
        seen.append(([(c.id, c.paths, c.via) for c in one[0][1]], [(c.id, c.paths, c.via) for c in two[0][1]]))
        groups += one
    monkeypatch.setattr(paths, "_graph", both)
    for q in ("tell me about my sister", "who runs the noodle place on 5th street?", "what does Chef Wang cook?"):
        retriever.candidates(u1, q)                          # cache mode: the graph path in the fetch by id
        retriever.candidates(u1, q, paths=["graph"])         # alone (recall/graph)
    assert len(seen) == 6 and all(a == b for a, b in seen)
    assert any(len(a) >= 3 for a, _ in seen)                 # relations and facts were found, not two empty lists


def test_the_graph_path_sees_a_forgotten_entity_and_a_superseded_fact_at_once(retriever, tenant_settings, write, u1):
    """The graph path reads statuses from the graph on every query: what another writer supersedes or forgets
    leaves its results at once, although this retriever's caches (names, vectors) are still the old ones."""
    from graphmem import curate
    from graphmem.store import Store

    from .world import F

    q = "tell me about the noodle place on 5th street"

    def graph_facts():
        _, cands, _ = retriever.candidates(u1, q, paths=["graph"])
        return {c.text for c in cands if c.label in ("fact", "relation")}
    before = graph_facts()
    assert "The noodle place on 5th street serves hand-pulled lamb noodles" in before
    assert any("Chef Wang" in t for t in before)
    new = "The noodle place on 5th street serves beef noodles now"
    write(u1, [("s6", 1, new, NOW - timedelta(hours=2),
                [F("attribute", "the noodle place on 5th street", "specialty", "beef noodles", is_change=True,
                   text=new)])])
    after = graph_facts()
    assert new in after and "The noodle place on 5th street serves hand-pulled lamb noodles" not in after
    other = Store(tenant_settings)                                    # another process's store
    curate.forget(other, u1, entity=retriever.card(u1, "Chef Wang").id)
    other.close()
    assert not any("Chef Wang" in t for t in graph_facts())           # this retriever was not told
