"""The recall paths of one query (what each finds: :mod:`graphmem.recall.retriever`'s docstring).

In cache mode the paths that need no database plan over the user's cached vectors and texts, in the order of
:data:`PLANNERS` (a later one may use what an earlier one found: the graph path starts from the entities the vector
and lexical matches seed, the session path takes the neighbours of the best hits); then one fetch by id
(:func:`fetch`) applies the tenant/user/status/session filter in Cypher. What needs the graph itself — relations one
or two hops out and the cards' facts (:func:`graph_related`), the user's own attributes (:func:`own_keys`) — and
every path in the other vector modes (:func:`uncached`, :func:`graph_events`, :func:`recency`) are queries of
``cypher/recall/``. Each function appends ``(path, candidates)`` groups; the retriever runs them and merges.

Those statements keep their first plan (``CYPHER replan=skip``), as the write path's do (:mod:`graphmem.write.rows`):
Neo4j otherwise plans a statement again once a label's count has moved far enough, within the user's recall (a
60-turn user's first recall after another user's 1,082 turns were written: 926 ms with the re-plans, 133 without,
most of that the cache reload ``flush()`` then caused, since removed; ``bench/results/plans.md``). A kept plan must
suit any store size, so each node looked up by id names its unique index (``USING INDEX``; on a young store the
planner started from the owner index instead) and a RELATED hop's far node has no label (RELATED joins entities
only); ``bench.plan_bench`` checks the plans alike on empty, small and large stores.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from datetime import datetime, timezone
from typing import Any

import numpy as np

from graphmem.recall.cache import UserNames, UserVectors
from graphmem.recall.query import QueryInfo
from graphmem.recall.scoring import asks
from graphmem.recall.types import Candidate

Seeds = dict[str, tuple[float, str, str]]    # node id → (weight, path, via)
Groups = list[tuple[str, list[Candidate]]]
Rows = dict[str, list[dict]]                 # "facts" / "events" → planned rows (id, sim, score, path)


def native_time(t):
    """A time from a query: epoch milliseconds (what recall queries return: the driver's DateTime hydration cost
    a third of a by-id fetch) or a driver DateTime."""
    if isinstance(t, int):
        return _from_ms(t)
    return t.to_native() if hasattr(t, "to_native") else t


@lru_cache(maxsize=65536)
def _from_ms(ms: int) -> datetime:
    """A time of epoch milliseconds (the same memories' times come back query after query: read once)."""
    return datetime.fromtimestamp(ms / 1000, timezone.utc)


def candidate(r: dict, path: str, score: float | None = None, via: str = "") -> Candidate:
    """A query row as a :class:`Candidate` found by ``path`` (its score, else the row's)."""
    c = Candidate(
        id=r["id"], label=r["label"], text=r.get("text") or "", kind=r.get("kind") or "", key=r.get("key") or "",
        value=r.get("value"), polarity=r.get("polarity"), status=r.get("status") or "active",
        entity_id=r.get("entity_id"), entity=r.get("entity"), is_self=bool(r.get("is_self")),
        object_is_self=bool(r.get("object_is_self")), object_id=r.get("object_id"),
        t_from=native_time(r.get("t_from")), t_to=native_time(r.get("t_to")),
        recorded_at=native_time(r.get("recorded_at")), last_seen=native_time(r.get("last_seen")),
        mention_count=int(r.get("mention_count") or 1),
        importance=float(r["importance"]) if r.get("importance") is not None else 0.5,
        quality=float(r["quality"]) if r.get("quality") is not None else 1.0, language=r.get("language"),
        session_id=r.get("session_id"), superseded_by=r.get("superseded_by"), source_id=r.get("source_id"),
        sim=float(r["sim"]) if r.get("sim") is not None else None, referents=tuple(r.get("referents") or ()),
        speaker=r.get("speaker") if r.get("role") in (None, "participant") else None)
    c.add_path(path, float(score if score is not None else (r.get("path_score") or 0.0)), via)
    return c


@dataclass
class Run:
    """One query's recall: its settings (a ``RecallConfig``), the question, its vector, the paths switched on, the
    user's caches, the parameters that scope every query, and the entities the graph path starts from."""
    cfg: Any
    q: QueryInfo
    vec: list[float]
    paths: frozenset[str]
    u: UserNames
    vc: UserVectors | None
    base: dict
    seeds: Seeds
    graph_seed: Seeds = field(default_factory=dict)   # event → (weight, path, via) of the entity it names
    qv: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.qv = np.asarray(self.vec, dtype=np.float32)

    @property
    def graph_on(self) -> bool:
        return bool(self.seeds) and ("graph" in self.paths or "slots" in self.paths)

    def top_seeds(self) -> list[tuple[str, tuple[float, str, str]]]:
        return sorted(self.seeds.items(), key=lambda kv: -kv[1][0])[: self.cfg.graph_max_seeds]

    def own_keys(self) -> bool:
        """The key path runs: the question asks about one of the user's own attributes."""
        return "graph" in self.paths and bool(self.q.keys) and bool(self.u.self_id)


# -- cache mode: planned over the user's cached vectors and texts (no I/O) ------------------------------------------
def plan_vector(run: Run, rows: Rows) -> None:
    """The nearest facts and events; the nearest entities seed the graph path."""
    if "vector" not in run.paths:
        return
    cfg, vc, u = run.cfg, run.vc, run.u
    for label in rows:
        rows[label] += [{**r, "score": r["sim"], "path": "vector"} for r in vc.top(label, run.qv, cfg.vector_k + 4)]
    if "graph" in run.paths:
        for r in vc.top("entities", run.qv, cfg.entity_k):
            if r["sim"] >= cfg.entity_link_min and r["id"] in u.ids and r["id"] not in run.seeds:
                run.seeds[r["id"]] = (min(1.0, r["sim"]), "entity", u.ids[r["id"]]["name"] or "")


def plan_fulltext(run: Run, rows: Rows) -> None:
    """BM25 over the user's texts; entities named in the input seed the graph path."""
    if "fulltext" not in run.paths:
        return
    cfg, vc, u = run.cfg, run.vc, run.u
    lex = vc.lexical(run.q.text, cfg.fulltext_k)
    for label in rows:
        rows[label] += [{**r, "sim": vc.sim(r["id"], run.qv), "path": "fulltext"} for r in lex.get(label, [])]
    if "graph" in run.paths:
        for r in lex.get("entities", [])[:3]:
            if r["id"] in u.ids and r["id"] != u.self_id and r["id"] not in run.seeds and r["score"] >= 0.2:
                run.seeds[r["id"]] = (0.5 + 0.4 * r["score"], "entity", u.ids[r["id"]]["name"] or "")


def plan_graph(run: Run, rows: Rows) -> None:
    """The events that mention the linked entities, the most similar of each first."""
    if not run.graph_on:
        return
    vc, qv = run.vc, run.qv
    for eid, (w, p, via) in run.top_seeds():
        ids = vc.mentioning(eid)
        sims = [(x or -1.0, vc.at.get(i, 0), i) for x, i in zip(vc.sims(ids, qv), ids)]   # ties: the newer first
        for *_, i in sorted(sims, reverse=True)[: run.cfg.graph_per_entity]:
            if w > run.graph_seed.get(i, (0.0,))[0]:
                run.graph_seed[i] = (w, p, via)
    rows["events"] += [{"id": i, "sim": vc.sim(i, qv), "score": w, "path": "graph"}
                       for i, (w, _, _) in run.graph_seed.items()]


def recency_path(run: Run) -> str | None:
    """Which of ``recency`` and ``window`` (the latest said in the period a question names) runs, if either. Only a
    question: a chat that names a period ("约了，明天才能来") tells of it and asks for other memories (the dialogue
    bench's Chinese splits lost one dialogue's first place each to it; every windowed question of LoCoMo dev and of
    the own sets is one, stop 60)."""
    if "recency" in run.paths:
        return "recency"
    return "window" if run.q.window and "window" in run.paths and asks(run.q.text) else None


def recent_events(run: Run) -> int:
    """How many latest events the recency or window path takes: three times as many inside a named period."""
    return run.cfg.recency_k * (3 if run.q.window else 1)


def plan_recency(run: Run, rows: Rows) -> None:
    """The latest events and facts (inside the period the question names, if any)."""
    path = recency_path(run)
    if path is None:
        return
    cfg, q, vc = run.cfg, run.q, run.vc
    since, until = q.window if q.window else (None, None)
    for label, n in (("events", recent_events(run) + 4), ("facts", cfg.recency_k + 4)):
        rows[label] += [{"id": i, "sim": vc.sim(i, run.qv), "score": 1.0, "path": path}
                        for i in vc.latest(label, n, since, until)]


def plan_session(run: Run, rows: Rows) -> None:
    """The messages said right before and after the best hits (an answer follows its question)."""
    if "session" not in run.paths:
        return
    vc = run.vc
    # the hits: not what a link or the latest (scored 1) brought
    best = sorted((r for r in rows["events"] if r["path"] not in ("graph", "recency", "window")),
                  key=lambda r: -(r.get("score") or 0.0))
    seen = {r["id"] for r in rows["events"]}
    near = [n for r in best[:run.cfg.session_of] for n in vc.neighbours(r["id"]) if n not in seen]
    rows["events"] += [{"id": n, "sim": vc.sim(n, run.qv), "score": 0.0, "path": "session"}
                       for n in dict.fromkeys(near)]


def plan_later(run: Run, rows: Rows) -> None:
    """For a question about the value that holds now ("…at the moment?", "现在…"): the later messages that say
    again what the best hits say, and then what those say ("44 cent for January" → "41 cent for February" →
    "Price is back up a bit, 43 cent for March"), since a changed value need not repeat the question's words:
    per message the ``later_k`` best later ones by BM25 of its text that are ``same_thing`` cosine-close to it.
    Ranking decides whether one is a later version (:func:`graphmem.recall.scoring.link_newer`)."""
    cfg, vc = run.cfg, run.vc
    if "later" not in run.paths or not cfg.later_of or not (run.q.current or not cfg.later_current_only):
        return
    best = sorted((r for r in rows["events"] if r["path"] in ("vector", "fulltext")), key=lambda r: -(r["score"] or 0))
    seen = {r["id"] for r in rows["events"]}
    todo, found = list(dict.fromkeys(r["id"] for r in best))[:cfg.later_of], []
    for hit in todo:   # a list that grows while it is read: each one found is looked from too
        when, text = vc.happened.get(hit), vc.texts.get(hit, ("", ""))[1]
        if when is None or not text:
            continue
        later = [m["id"] for m in vc.lexical(text, cfg.later_fetch, ("events",)).get("events", [])
                 if m["id"] not in seen and vc.happened.get(m["id"], 0) > when][:cfg.later_k]
        cos = vc.pairwise([hit, *later])
        for i in later:
            if (cos(hit, i) or 0.0) >= cfg.scoring.same_thing:
                found.append(i)
                seen.add(i)
                if cfg.later_chain and len(todo) < 3 * cfg.later_of:
                    todo.append(i)
    rows["events"] += [{"id": i, "sim": vc.sim(i, run.qv), "score": 0.0, "path": "later"} for i in found]


#: the cache-mode planners, in the order they run (each may use what the ones before found)
PLANNERS: tuple[Callable[[Run, Rows], None], ...] = (plan_vector, plan_fulltext, plan_graph, plan_recency,
                                                     plan_session, plan_later)


def plan(run: Run) -> Rows:
    rows: Rows = {"facts": [], "events": []}
    for planner in PLANNERS:
        planner(run, rows)
    return rows


def fetch(run: Run, tx, groups: Groups, rows: Rows) -> None:
    """One fetch by id (facts and events) that applies the tenant/user/status/session filter; then the best k of
    each label and path."""
    cfg, q, vc = run.cfg, run.q, run.vc
    # the ids alone (0.3-0.8 ms less client CPU than the planned rows, of 2.1-2.4 for the statement); the graph
    # path's statement in the same round trip, with no seed when the path is off: one statement, one plan
    ids = {label: list(dict.fromkeys(r["id"] for r in rs)) for label, rs in rows.items()}
    res = tx.run("recall/by_id_graph", _graph_params(run, ids))[0]
    fetched = {r["id"]: r for r in res["rows"]}   # each node once
    found = [{**vc.with_static(fetched[r["id"]]), "sim": r.get("sim"), "path_score": r.get("score"), "path": r["path"]}
             for rs in rows.values() for r in rs if r["id"] in fetched]
    groups.append(("session", [candidate(r, "session", 0.0) for r in found if r["path"] == "session"]))
    groups.append(("later", [candidate(r, "later", 0.0) for r in found if r["path"] == "later"]))
    recent = recency_path(run)
    for label, k in (("event", recent_events(run)), ("fact", cfg.recency_k)) if recent else ():
        latest = sorted((r for r in found if r["path"] == recent and r["label"] == label),
                        key=lambda r: -vc.happened.get(r["id"], 0))
        groups.append((recent, [candidate(r, recent, 1.0) for r in latest[:k]]))
    gs = run.graph_seed
    groups.append(("graph", [candidate(r, gs[r["id"]][1], gs[r["id"]][0], gs[r["id"]][2])
                             for r in found if r["path"] == "graph"]))
    for label in ("fact", "event"):
        for path, k in (("vector", cfg.vector_k), ("fulltext", cfg.fulltext_k)):
            mine = sorted((r for r in found if r["label"] == label and r["path"] == path),
                          key=lambda r: -(r["path_score"] or 0))[:k]
            groups.append((path, [candidate(r, path, None, "cache" if path == "fulltext" else "") for r in mine]))
    if run.graph_on:
        _graph(run, tx, groups, res)


# -- queries of the graph ----------------------------------------------------------------------------------------
def _graph_params(run: Run, ids: dict[str, list[str]] | None = None) -> dict:
    """The parameters of the graph path's statement (no seeds when the path is off), and of the fetch by ``ids``."""
    cfg = run.cfg
    top = run.top_seeds() if run.graph_on else []
    return {**{k: run.base[k] for k in ("tenant", "user_id", "vector")},
            "hops": cfg.graph_hops, "fetch": cfg.graph_fetch, "hop_weight": cfg.hop_weight,
            "max_seeds": cfg.graph_max_seeds, "per_entity": cfg.graph_per_entity,
            "question": _question(run, entity_ids=[eid for eid, _ in top],
                                 seeds=[{"id": eid, "weight": w[0]} for eid, w in top], **(ids or {}))}


def _question(run: Run, **values) -> dict:
    """What changes from one question to the next, as one map parameter. Neo4j keeps a plan per statement text and
    per type of each top-level parameter, where a null, an empty list and a list's length (1, 2-10, 11-100 items)
    count, but not per what a map holds. Top-level, each new combination planned the fetch again: three of LoCoMo's
    497 questions took 0.7-1.7 s each on a server started minutes before."""
    return {"statuses": run.base["statuses"], "session_id": run.base["session_id"], "self_id": run.u.self_id, **values}


def graph_related(run: Run, tx, groups: Groups) -> None:
    """Facts and relations of the linked entities and of those one or two hops out (less per hop): one statement
    (``recall/graph``; in cache mode part of the fetch by id) that also picks the entities reached that weigh
    most, as :func:`_graph` does from its rows."""
    if run.graph_on:
        _graph(run, tx, groups, tx.run("recall/graph", _graph_params(run))[0])


def _graph(run: Run, tx, groups: Groups, res: dict) -> None:
    """The graph path's candidates from its statement's ``rel``, ``farther`` and ``facts``; should the statement's
    choice of entities reached ever differ from this one (a tie read otherwise), their facts are asked again."""
    cfg, u = run.cfg, run.u
    top = run.top_seeds()
    weight = dict(top)
    graph: list[Candidate] = []
    reached: Seeds = {}
    for r in res["rel"]:
        w, p, via = weight.get(r["seed"], (0.5, "graph", ""))
        graph.append(candidate(r, p, w * cfg.hop_weight ** (int(r["hop"]) - 1), via))
        for other in (r["entity_id"], r["object_id"]):
            if other not in weight and other != u.self_id:
                ow = w * cfg.hop_weight ** int(r["hop"])
                if ow > reached.get(other, (0.0,))[0]:
                    reached[other] = (ow, p, via)
    farther = sorted(reached.items(), key=lambda kv: -kv[1][0])[: cfg.graph_max_seeds]
    info = {**weight, **reached}
    facts = [{**r, "path_score": info[r["seed"]][0]} for r in res["facts"]]
    if [eid for eid, _ in farther] != res["farther"]:
        ents = [{"id": eid, "weight": w[0]} for eid, w in top] + [{"id": eid, "weight": w[0]} for eid, w in farther]
        facts = tx.run("recall/graph_facts", {**run.base, "entities": ents, "per_entity": cfg.graph_per_entity})
    for r in facts:
        _, p, via = info.get(r["entity_id"], (0.0, "graph", ""))
        graph.append(candidate(r, p, None, via))
    groups.append(("graph", graph))


def own_keys(run: Run, tx, groups: Groups) -> None:
    """The user's own attribute a question asks about ("what do I do for work?" → their job)."""
    rows = tx.run("recall/self_facts", {**run.base, "self_id": run.u.self_id, "keys": list(run.q.keys)})
    groups.append(("key", [candidate(r, "key", 1.0, f"your {r['key']}") for r in rows]))


# -- the other vector modes (index, scan): every path a query ---------------------------------------------------
def _nearest(run: Run, tx, label: str, k: int) -> list[dict]:
    cfg = run.cfg
    if cfg.vector_mode == "index":
        fetch_n = min(cfg.index_fetch_max, max(k * cfg.over_fetch, 100))
        rows = tx.run(f"recall/vector_{label}", {**run.base, "vector": run.vec, "k": k, "fetch": fetch_n})
        if len(rows) >= k:
            return rows      # else: too few of this user's among the global nearest → exact scan
    return tx.run(f"recall/vector_{label}_scan", {**run.base, "vector": run.vec, "k": k})


def uncached(run: Run, tx, groups: Groups) -> None:
    """The vector path through Neo4j's index (or an exact scan) and the full-text path through its index."""
    cfg, q, seeds = run.cfg, run.q, run.seeds
    if "vector" in run.paths:
        groups.append(("vector", [candidate(r, "vector") for r in _nearest(run, tx, "facts", cfg.vector_k)]))
        groups.append(("vector", [candidate(r, "vector") for r in _nearest(run, tx, "events", cfg.vector_k)]))
        if "graph" in run.paths:
            for r in _nearest(run, tx, "entities", cfg.entity_k):
                if r["sim"] >= cfg.entity_link_min and r["id"] not in seeds:
                    seeds[r["id"]] = (min(1.0, r["sim"]), "entity", r["name"])
    if "fulltext" in run.paths and q.lucene:
        rows = tx.run("recall/fulltext", {**run.base, "text": q.lucene, "k": cfg.fulltext_k,
                                          "fetch": cfg.fulltext_fetch})
        if len(rows) < cfg.fulltext_k and q.terms:
            # the index cannot filter by user: when other users' matches crowd this user's out of the
            # over-fetched hits, an exact substring scan over the user's own nodes takes over
            rows = [{**r, "via": "scan"} for r in
                    tx.run("recall/fulltext_scan", {**run.base, "terms": list(q.terms), "k": cfg.fulltext_k})]
        cands = []
        total = float(sum(len(t) for t in q.terms)) or 1.0
        for r in rows:
            if r["label"] == "entity":
                if "graph" in run.paths and r["id"] not in seeds and r["id"] != run.u.self_id:
                    seeds[r["id"]] = (0.7, "entity", r["entity"] or "")
                continue
            if r.get("via") == "scan":
                cands.append(candidate(r, "fulltext", min(1.0, r["path_score"] / total), "scan"))
            else:
                cands.append(candidate(r, "fulltext"))
        groups.append(("fulltext", cands))


def graph_events(run: Run, tx, groups: Groups) -> None:
    """Events that mention the linked entities, the most similar to the question of each first."""
    if not run.graph_on:
        return
    top = run.top_seeds()
    info = dict(top)
    rows = tx.run("recall/graph_events", {**run.base, "entities": [{"id": e, "weight": w[0]} for e, w in top],
                                          "per_entity": run.cfg.graph_per_entity, "vector": run.vec})
    for r in rows:
        _, p, via = info.get(r["seed"], (0.0, "graph", ""))
        groups.append(("graph", [candidate(r, p, None, via)]))


def recency(run: Run, tx, groups: Groups) -> None:
    """The latest events and facts (inside the period the question names, if any)."""
    path = recency_path(run)
    if path is None:
        return
    cfg, q = run.cfg, run.q
    since, until = q.window if q.window else (None, None)
    rows = tx.run("recall/recent", {**run.base, "k_events": recent_events(run),
                                    "k_facts": cfg.recency_k, "since": since, "until": until})
    groups.append((path, [candidate(r, path, 1.0) for r in rows]))


def similarities(run: Run, groups: Groups) -> None:
    """Cache mode: the similarity of what the graph queries found, from the cached vectors (a relation: of the
    names it links and the turn that stated it)."""
    vc, qv = run.vc, run.qv
    for _, cands in groups:
        for c in cands:
            if c.sim is None:
                if c.label == "relation":
                    sims = [x for x in (vc.sim(c.entity_id, qv), vc.sim(c.object_id, qv), vc.sim(c.source_id, qv))
                            if x is not None]
                    c.sim = max(sims) if sims else None
                else:
                    c.sim = vc.sim(c.id, qv)
