"""The written graph does not depend on where a batch starts (batches form as turns arrive: under load they are
larger). The dev users' turns written one turn a batch, and in batches of 37 (a batch starts mid-session, mixes
users), give the same graph: an entity's first time, mentions and aliases are those of the stored turns that name
it, a fact's quality its own turn's link score, a user's creation its first turn's, a session's last time its
latest turn's. At 2c39678: 132 differences. A type one turn teaches an entity is the user's from that turn on, in
its batch and the next (``learn_type``; the dev users never meet it, so a short conversation of our own does): at
4362e28, 11 differences between batches of one and of two turns. Real Neo4j, spaCy, jieba and USE."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from bench import ingest_real_bench as irb
from graphmem.store import Store
from graphmem.write import ids
from graphmem.write.journal import Entry
from graphmem.write.pipeline import Pipeline
from graphmem.write.reads import delete_tenant

from .dev_turns import dev_entries


#: Jonah greets Priya (a name the tagger gives no type: an untyped entity), then Priya speaks (the speaker is a
#: person) and says "it": with her type on the batch's reference alone, one-turn batches linked the last turn's "it"
#: to the untyped Priya (and kept the turn for that mention), batches of two did not
CHAT = [("Jonah", "I went for a long run by the river this morning."),
        ("Jonah", "Hey Priya! Good to see you!"),
        ("Priya", "Hi Jonah! I joined a weaving workshop last week."),
        ("Priya", "Yes, I finished it at the workshop on Tuesday. I'm so proud of it!"),
        ("Priya", "Thank you, Jonah. It really helps to talk about this with you."),
        ("Jonah", "Nice, that sounds fun! Was it hard to pick up?")]


def _chat_entries(tenant: str) -> tuple[list[Entry], list[str]]:
    at = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)
    out = []
    for n, (speaker, text) in enumerate(CHAT, 1):
        p = {"tenant": tenant, "user_id": "chat", "session_id": "s1", "turn_id": str(n), "text": text,
             "role": "participant", "speaker": speaker, "at": (at + timedelta(minutes=n)).isoformat(),
             "facts": None, "agent": None, "scope": "user", "submitted": 0.0}
        out.append(Entry(n, ids.turn_key(tenant, "chat", "s1", str(n)), p, 0))
    return out, ["chat"]


def _ingest(store: Store, embedder, tenant: str, size: int, turns=dev_entries) -> dict:
    entries, users = turns(tenant)
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


def test_a_type_taught_in_one_batch_is_the_next_batchs(store, tenant_settings, tenant, embedder):
    s = Store(tenant_settings)
    graphs = {}
    try:
        for size in (1, 2, len(CHAT)):
            delete_tenant(s, tenant)
            graphs[size] = _ingest(s, embedder, tenant, size, _chat_entries)
    finally:
        s.close()
    priya = [n["props"] for n in graphs[1]["chat"]["nodes"].values() if n["props"].get("name") == "Priya"]
    assert [p.get("type") for p in priya] == ["person"]
    assert irb.compare({"chat": graphs[1]}, {"chat": graphs[2]}) == []
    assert irb.compare({"chat": graphs[1]}, {"chat": graphs[len(CHAT)]}) == []
