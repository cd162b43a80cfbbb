"""The written graph does not depend on when the writer reads its users back from the graph (``user_ttl``: a
LoCoMo ingest past 60 s wrote other MENTIONS edges than a fast one). The same turns, in the same batches and in
the writer's order (batch N+1 prepared before batch N commits), written once never reading a user again and once
reading every user again at every batch's start (``user_ttl=0``), give the same graph; after every commit, the
entities the writer believes the graph holds are the ones it reads back; and the entities the batches count as
created are the graph's, but the users' own (batch N+1 took batch N's new entities for new). Real Neo4j, spaCy, jieba and USE."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

from bench import ingest_real_bench as irb
from graphmem.store import Store
from graphmem.write.pipeline import Pipeline
from graphmem.write.reads import delete_tenant

from .dev_turns import dev_entries

BATCH = 6


def _ingest(store: Store, embedder, tenant: str, user_ttl: float) -> tuple[dict, list[str], int]:
    """Write the turns in batches of ``BATCH`` in the writer's order; return the graph, where the writer's image of
    its users' entities differed from what it read back after each commit, and the entities the batches created."""
    entries, users = dev_entries(tenant)
    pipe = Pipeline(store, embedder, user_ttl=user_ttl)
    batches = [entries[i:i + BATCH] for i in range(0, len(entries), BATCH)]
    drift, prev, created = [], None, 0
    committer = ThreadPoolExecutor(max_workers=1)
    for es in batches + [None]:
        done = committer.submit(pipe.commit, pipe.queue(prev)) if prev is not None else None
        b = pipe.prepare(es) if es is not None else None   # batch N+1 read while batch N commits
        if prev is not None:
            done.result()
            pipe.after_commit(prev)
            created += prev.res.entities_created
            fresh = Pipeline(store, embedder)
            keys = sorted({(w.turn.tenant, w.turn.user_id) for w in prev.works})
            fresh._load(keys)
            for k in keys:
                mine, theirs = pipe.users[k].stored, fresh.users[k].stored
                drift += [f"{k[1]} {i}: {mine.get(i)} != {theirs.get(i)}" for i in sorted(set(mine) | set(theirs))
                          if mine.get(i) != theirs.get(i)]
                if sorted(pipe.users[k].recent) != sorted(fresh.users[k].recent):
                    drift.append(f"{k[1]}: recent turns differ")
        prev = b
    committer.shutdown()
    return json.loads(json.dumps(irb.graph(store, users), ensure_ascii=False, default=str)), drift, created


def test_reading_the_users_back_at_every_batch_changes_nothing(store, tenant_settings, tenant, embedder):
    s = Store(tenant_settings)
    try:
        kept, drift, created = _ingest(s, embedder, tenant, user_ttl=3600)
        assert drift == []                       # what it believes the graph holds is what the graph holds
        delete_tenant(s, tenant)
        reread, drift, created_again = _ingest(s, embedder, tenant, user_ttl=0)
        assert drift == []
    finally:
        s.close()
    n = sum(len(g["nodes"]) for g in kept.values())
    assert n > 400 and sum(len(g["rels"]) for g in kept.values()) > 400
    assert irb.compare({"dev": kept}, {"dev": reread}) == []
    entities = sum("Entity" in n["labels"] and not n["props"]["is_self"] for g in kept.values()   # the user's own
                   for n in g["nodes"].values())                                                 # is never "new"
    assert (created, created_again) == (entities, entities) and entities > 20
