"""The retriever's in-process per-user cache: exact top-k, copy-on-write top-ups, lexical match."""

from types import SimpleNamespace

import numpy as np
import pytest

from graphmem.recall.cache import UserVectors
from graphmem.recall.lexical import tokens


def rows(label, items):
    """Cache rows; a node's number in its id is when it was recorded ("e3" after "e2")."""
    return [{"id": i, "label": label, "embedding": v, "text": t, "at": int("0" + "".join(filter(str.isdigit, i)))}
            for i, v, t in items]


def test_top_is_exact_cosine_and_extended_copies():
    v = UserVectors().extended(rows("events", [("a", [1, 0, 0], "I booked a flight to Tokyo"),
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


def test_lexical_is_bm25_over_whole_words_and_chinese_grams():
    v = UserVectors().extended(rows("facts", [("f1", [1, 0], "My sister recommended the noodle place"),
                                           ("f2", [0, 1], "我下周去东京出差"),
                                           ("f3", [1, 1], "the place is nice"),
                                           ("f4", None, "unlike others"), ("f5", [0, 1], "Tokyo in May"),
                                           ("f6", [1, 0], "the budget is 8000")]))
    hits = v.lexical("which place did my sister recommend", 5)["facts"]
    assert [h["id"] for h in hits] == ["f1", "f3"] and hits[0]["score"] == 1.0 and 0 < hits[1]["score"] < 1.0
    assert [h["id"] for h in v.lexical("东京", 5)["facts"]] == ["f2"]
    assert v.lexical("like", 5) == {}                # whole words: "unlike" is not "like"
    assert v.count("facts") == 5                     # a row without a vector is searchable by text only


def test_a_participants_words_are_indexed_with_their_name_and_neighbours_are_the_messages_around():
    turns = [("m1", "Caroline", "I went to a support group yesterday"), ("m2", "Melanie", "What did it look like?"),
             ("m3", "Caroline", "It was in a church hall"), ("x", "Jon", "Another day")]
    v = UserVectors().extended([{"id": i, "label": "events", "embedding": [1.0, float(n)], "text": t, "at": n,
                              "session_id": "s2" if i == "x" else "s1", "turn_id": str(n), "speaker": who,
                              "role": "participant", "source": None} for n, (i, who, t) in enumerate(turns)])
    assert [h["id"] for h in v.lexical("Melanie", 5)["events"]] == ["m2"]     # said by Melanie
    assert v.neighbours("m2") == ("m1", "m3") and v.neighbours("m1") == ("m2",) and v.neighbours("x") == ()
    assert v.turns["m3"][:4] == ("s1", "2", "Caroline", "participant")


def test_the_neighbour_feature_reads_only_messages_the_reader_may_see():
    """An exchange's neighbour lifts a memory by how well the message next to it matches the question; another
    agent's private message must not count for a reader outside its scope (its text would leak as a score)."""
    from graphmem.recall.retriever import _annotate
    from graphmem.recall.types import Candidate

    turns = [("m1", "alice", "user", "When is the dentist appointment?"),
             ("m2", "planner", "agent:planner", "The dentist appointment is at 9 on Friday."),
             ("m3", "alice", "user", "Thanks.")]
    v = UserVectors().extended([{"id": i, "label": "events", "embedding": [1.0, float(n)], "text": t, "at": n,
                              "session_id": "s1", "turn_id": str(n), "speaker": who, "role": "participant",
                              "source": None, "scope": scope} for n, (i, who, scope, t) in enumerate(turns)])
    q = "dentist appointment friday"
    qv = np.asarray([1.0, 0.0], dtype=np.float32)

    def neighbour(scopes):
        c = Candidate(id="m1", label="event", text=turns[0][3])
        _annotate([c], v.query(q, qv), v, q, scopes)
        return c.features["neighbour"]

    assert neighbour(None) > 0.5                                          # the owner's view: m2 counts
    assert neighbour(["agent:planner", "user"]) == neighbour(None)        # the planner may see it
    assert neighbour(["agent:coach", "user"]) == 0.0                      # the coach may not (only m2 is near)


def test_a_hot_cache_gives_the_same_cosines_and_a_query_reuses_its_bm25_scores():
    """The float32 copy (``hot``) changes no cosine; a query's BM25 scores are computed once and shared by the
    lexical path and the query view; ``sims`` is ``sim`` for many ids."""
    rng = np.random.default_rng(3)
    v = UserVectors().extended(rows("events", [(f"e{n}", list(rng.normal(size=8)), f"note w{n} flight")
                                               for n in range(30)]) + rows("facts", [("f", [1.0] * 8, "a flight")]))
    q = rng.normal(size=8).astype(np.float32)
    cold = {k: s.copy() for k, s in v.cosines(q).items()}
    assert v.hot() == sum(m.nbytes for m in v.mats.values()) * 2
    v._last = None
    assert all(np.array_equal(cold[k], s) for k, s in v.cosines(q).items())
    assert v.sims(["e3", "nope", None, "f"], q) == [v.sim("e3", q), None, None, v.sim("f", q)]
    assert v.hot(False) == 0 and v._f32 is None
    lex = v.lexical("flight w7", 5)
    view = v.query("flight w7", q)
    from graphmem.recall.lexical import tokens
    assert view.bm25["events"] is v.bm25_scores("events", tokens("flight w7"))   # the same array, not recomputed
    assert lex["events"][0]["id"] == "e7" and view.lexical("e7") == 1.0


def test_only_the_most_recently_recalled_users_keep_a_float32_copy_within_its_budget():
    from graphmem.recall.retriever import RecallConfig, Retriever

    def user(n_rows):
        return UserVectors().extended(rows("events", [(f"e{n}", [1.0] * 256, "x") for n in range(n_rows)]))
    r = Retriever(config=RecallConfig(vector_hot_mb=1))     # no I/O until a query
    a, b, big = user(600), user(600), user(2000)           # 600 rows: 0.6 MB as float32; 2000: 2 MB
    r._vecs.update({("t", "a"): a, ("t", "b"): b, ("t", "big"): big})
    assert r._heat(("t", "a"), a) is a and a._f32 is not None
    r._heat(("t", "b"), b)                                 # both do not fit: the least recent one drops its copy
    assert b._f32 is not None and a._f32 is None and list(r._hot) == [("t", "b")]
    r._heat(("t", "big"), big)                             # larger than the budget alone: never copied
    assert big._f32 is None and b._f32 is not None
    r.invalidate()
    assert r._hot == {}


def test_a_top_up_extends_the_built_bm25_index_and_scores_as_one_built_over_everything():
    """A top-up tokenises only the new texts (the built index is extended); a cached node whose text changed makes its
    label's index rebuilt. Either way the scores and row order are those of a cache loaded in one go."""
    first = rows("events", [("e1", [1, 0], "I went to a support group"), ("e2", [0, 1], "我下周去东京出差")]) + \
        rows("facts", [("f1", [1, 1], "Your budget is 8000")])
    more = rows("events", [("e3", [1, 0], "The support group helped"), ("e1", [1, 0], "I went to a support group")])
    edited = rows("facts", [("f1", [1, 1], "Your budget is 9000 now"), ("f2", [0, 1], "budget for Tokyo")])
    v = UserVectors().extended(first)
    v.bm25("events"), v.bm25("facts")
    for top_up in (more, edited, more + edited):
        w, fresh = v.extended(top_up), UserVectors().extended(first + top_up)
        for label, query in (("events", "support group 东京"), ("facts", "budget 9000 Tokyo")):
            assert list(w.bm25_scores(label, tokens(query))) == list(fresh.bm25_scores(label, tokens(query)))
            assert w.lex_ids[label] == fresh.lex_ids[label]
    assert v.extended(more)._bm25["events"] is not v._bm25["events"]          # extended, not rebuilt
    assert v.extended(more)._bm25["facts"] is v._bm25["facts"]                # nothing new: shared
    assert "facts" not in v.extended(edited)._bm25                             # f1's text changed: rebuilt on use


def test_close_waits_for_the_background_work_that_uses_the_store():
    """A cache top-up still running when ``Memory.close`` closes the store would use a closed driver."""
    import threading
    import time

    from graphmem.recall.retriever import Retriever
    r = Retriever()                    # no I/O until a query
    started, done = threading.Event(), threading.Event()
    r._pool().submit(lambda: (started.set(), time.sleep(0.2), done.set()))
    assert started.wait(10)            # running, not queued: close() cancels a job that has not started
    r.close()
    assert done.is_set()


def test_a_query_is_embedded_once_and_prepare_loads_the_users_caches():
    """``Retriever.prepare`` (a session's ``context()`` calls it while its worker reads the message just added)
    embeds the query and loads the user's caches; the recall that follows takes the same vector without embedding
    again, once (a later recall of the same text embeds it anew). The kept vectors are bounded."""
    from types import SimpleNamespace

    from graphmem.recall import retriever as rmod
    from graphmem.recall.retriever import Retriever

    class Embedder:
        dimensions = 3

        def __init__(self):
            self.texts = []

        def embed(self, texts):
            self.texts += list(texts)
            return np.asarray([[float(len(t)), 1.0, 0.5] for t in texts], dtype=np.float32)

    emb = Embedder()
    r = Retriever(embedder=emb)        # no I/O until a query
    loaded = []
    r._user = lambda tenant, user_id: loaded.append(("names", tenant, user_id))
    r._vectors = lambda tenant, user_id: loaded.append(("vectors", tenant, user_id))
    r.prepare("Where did I go in May?", SimpleNamespace(user_id="u1", tenant="t1"))
    assert emb.texts == ["Where did I go in May?"]
    assert loaded == [("names", "t1", "u1"), ("vectors", "t1", "u1")]
    assert r._query_vector("Where did I go in May?") == [22.0, 1.0, 0.5] and emb.texts == ["Where did I go in May?"]
    assert r._query_vector("Where did I go in May?") == [22.0, 1.0, 0.5] and len(emb.texts) == 2
    for i in range(rmod.QUERY_VECTORS + 5):
        r._query_vector(f"q{i}", keep=True)
    assert len(r._query_vecs) == rmod.QUERY_VECTORS and "q0" not in r._query_vecs and "q5" in r._query_vecs


def test_the_cache_orders_memories_as_recorded_whatever_order_the_server_returns_them_in():
    """The row order breaks ties between equal scores. The server returns nodes in the order of their ids, and ids
    differ between two tenants holding the same conversation: both must recall alike."""
    items = [("e1", [1, 0], "Caroline went to a support group"), ("e2", [0, 1], "Caroline likes hiking"),
             ("e3", [1, 1], "Caroline likes camping")]
    a = UserVectors().extended(rows("events", items))
    b = UserVectors().extended(rows("events", items[::-1]))
    assert a.lex_ids == {} and a.ids["events"] == b.ids["events"] == ["e1", "e2", "e3"]
    assert a.lexical("Caroline", 3) == b.lexical("Caroline", 3)
    # "Caroline" scores e2 and e3 alike (same length): the newer one first, and it is the one kept at a cut of 1
    assert [r["id"] for r in a.lexical("Caroline likes", 1)["events"]] == ["e3"]
    same = UserVectors().extended(rows("events", [(f"e{k}", [1.0, 0.0], f"text {k}") for k in (3, 1, 2)]))
    assert [r["id"] for r in same.top("events", np.asarray([1.0, 0.0], dtype=np.float32), 2)] == ["e3", "e2"]


def _messages(n0: int, n1: int, rng) -> list[dict]:
    """Messages ``m{n0}``…, in three sessions (said out of order), some drawn from another message, some naming
    entities, a few without a vector."""
    return [{"id": f"m{n}", "label": "events", "embedding": None if n % 11 == 5 else rng.standard_normal(4).tolist(),
             "text": f"message {n}", "at": 1000 + (n * 7919) % 503, "session_id": f"s{n % 3}", "turn_id": str(n),
             "speaker": None, "role": "user", "source": "m1" if n % 13 == 4 else None,
             "mentions": [f"e{n % 5}"] if n % 4 else []} for n in range(n0, n1)]


def test_a_top_up_extends_the_built_float32_copy_session_order_and_mentions_as_a_build_from_scratch():
    """A commit's top-up extends what the cache had built (float32 copy, session order, who is mentioned where)
    by the rows added only; the result is the same as building them over everything, and a cache that had built
    nothing builds nothing."""
    rng = np.random.default_rng(7)
    first, more = _messages(0, 60, rng), _messages(60, 75, rng)
    again = [{**first[2], "embedding": rng.standard_normal(4).tolist()}]   # a node embedded again
    facts = rows("facts", [("f1", [1, 0, 0, 0], "a fact"), ("f2", [0, 1, 0, 0], "another")])
    for added in (more, more + again, more + facts, []):
        old = UserVectors().extended(first + facts[:1])
        old.hot(), old.neighbours(""), old.mentioning("")
        before = (dict(old._order), {k: list(v) for k, v in old._mentioning.items()}, old._f32["events"].copy())
        grown = old.extended(added)
        whole = UserVectors().extended(first + facts[:1]).extended(added)
        whole.hot(), whole.neighbours(""), whole.mentioning("")
        assert grown._f32.keys() == whole._f32.keys()
        assert all(np.array_equal(grown._f32[k], whole._f32[k]) for k in whole._f32)
        assert grown._order == whole._order and grown._mentioning == whole._mentioning
        assert (old._order, old._mentioning) == before[:2] and np.array_equal(old._f32["events"], before[2])
    assert grown._f32["events"] is old._f32["events"]     # nothing added: the same array
    plain = UserVectors().extended(first).extended(more)
    assert (plain._f32, plain._order, plain._mentioning) == (None, None, None)


def test_a_names_top_up_reads_the_entities_of_the_commits_since_the_last_read_and_in_full_when_unsure():
    """The retriever's bookkeeping of what its names cache must read again (no server: its two reads are recorded):
    the entities every commit since the last read upserted; everything after a commit whose entities are not known,
    after a read that failed, and when another process wrote (the background check)."""
    from graphmem.errors import StoreUnavailable
    from graphmem.recall.cache import UserNames
    from graphmem.recall.retriever import Retriever

    r, key, reads = Retriever(), ("t1", "u1"), []
    fail = {"on": False}

    def read_all(tenant, user_id, version, written):
        reads.append("all")
        return UserNames(0.0, None, {}, {}, None, version, written)

    def read_some(cur, tenant, user_id, ids, written):
        if fail["on"]:
            raise StoreUnavailable("Neo4j is down")
        reads.append(sorted(ids))
        return UserNames(cur.loaded, None, {}, {}, None, cur.version, written)

    r._read_user, r._reread_entities = read_all, read_some
    r._pool = lambda: SimpleNamespace(submit=lambda fn, *a: None)   # top-ups are run below, by the caller
    r._load_user(*key)
    for ids in ({"a"}, {"b", "c"}):
        r.written({key: ids})
    r._load_user(*key, stale=r._users[key], touched_only=True)
    r.written({key: set()})                                          # a commit that upserted no entity
    r._load_user(*key, stale=r._users[key], touched_only=True)
    r.written({key})                                                 # entities not known
    r.written({key: {"d"}})
    r._load_user(*key, stale=r._users[key], touched_only=True)
    r.written({key: {"e"}})
    fail["on"] = True
    with pytest.raises(StoreUnavailable):
        r._load_user(*key, stale=r._users[key], touched_only=True)
    fail["on"] = False
    r._load_user(*key, stale=r._users[key], touched_only=True)       # after a failed read: everything
    r.written({key: {"f"}})
    r._load_user(*key, stale=r._users[key])                           # another process wrote: everything
    assert reads == ["all", ["a", "b", "c"], [], "all", "all", "all"]
    assert r._users[key].written == r._written[key] == 7
