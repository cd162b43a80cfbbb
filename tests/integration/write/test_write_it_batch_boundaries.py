"""The written graph does not depend on where a batch starts (batches form as turns arrive: under load they are
larger). The dev users' turns written one turn a batch, and in batches of 37 (a batch starts mid-session, mixes
users), give the same graph: an entity's first time, mentions and aliases are those of the stored turns that name
it, a fact's quality its own turn's link score, a user's creation its first turn's, a session's last time its
latest turn's. (Left: a type one turn teaches an entity is seen by the batch's later turns only, ``learn_type``;
these users never meet it, LoCoMo's do.) At 2c39678: 132 differences. Real Neo4j, spaCy, jieba and USE."""

from __future__ import annotations

import json

from bench import ingest_real_bench as irb
from graphmem.store import Store
from graphmem.write.pipeline import Pipeline
from graphmem.write.reads import delete_tenant

from .dev_turns import dev_entries


def _ingest(store: Store, embedder, tenant: str, size: int) -> dict:
    entries, users = dev_entries(tenant)
    pipe = Pipeline(store, embedder)
    for i in range(0, len(entries), size):
        pipe.process(entries[i:i + size])
    return json.loads(json.dumps(irb.graph(store, users), ensure_ascii=False, default=str))


def test_the_graph_does_not_depend_on_where_batches_start(store, tenant_settings, tenant, embedder):
    s = Store(tenant_settings)
    try:
        one = _ingest(s, embedder, tenant, 1)
        delete_tenant(s, tenant)
        many = _ingest(s, embedder, tenant, 37)
    finally:
        s.close()
    assert sum(len(g["nodes"]) for g in one.values()) > 400
    assert irb.compare({"dev": one}, {"dev": many}) == []
