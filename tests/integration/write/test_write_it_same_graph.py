"""Same conversation, same graph (issue 17): extraction-set conversations with duplicates and aliases
(杭洲/杭州, "my sister"/Emma, 里昂/Lyon, 苏洲, 她老公/王磊) told to two users, one all at once and one turn by
turn with a fresh ``Memory`` halfway (so the writer reloads the user's entities from Neo4j), give the same
entities (name, type, aliases, status), facts (entity, kind, key, value, polarity, status) and relations.
Real Neo4j, spaCy, jieba and USE."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from graphmem.memory import Memory

CASES = Path(__file__).resolve().parents[3] / "bench" / "eval" / "extraction" / "cases.jsonl"
IDS = ("zh-004", "en-016", "mix-005", "zh-024", "zh-008")


def _cases() -> list[dict]:
    rows = (json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines() if line.strip())
    return [c for c in rows if c["id"] in IDS]


def _add(mem: Memory, user: str, i: int, t: dict) -> None:
    mem.add(user, "s1", str(i + 1), t["text"], role=t["role"], speaker=t.get("speaker"),
            at=datetime.fromisoformat(t["at"]))


def _graph(store, tenant: str, user: str) -> dict[str, list]:
    """The user's graph without ids and turn ids; the user's own entity is named "self"."""
    fields = {"entities": ("name", "type", "aliases", "status"),
              "facts": ("entity", "kind", "key", "value", "polarity", "status"),
              "relations": ("from_name", "type", "to_name", "status")}
    self_flag = {"name": "is_self", "entity": "is_self", "from_name": "from_self", "to_name": "to_self"}
    out = {}
    for name, keep in fields.items():
        rows = [r for r in store.run(f"bench/extraction_{name}", {"tenant": tenant}) if r["user_id"] == user]
        out[name] = sorted(json.dumps({f: "self" if r.get(self_flag.get(f, "")) else
                                       sorted(r[f]) if isinstance(r[f], list) else r[f] for f in keep},
                                      ensure_ascii=False, sort_keys=True) for r in rows)
    return out


def test_the_same_conversation_gives_the_same_graph_however_it_is_batched(store, tenant_settings, tenant,
                                                                           embedder, tmp_path):
    cases = _cases()
    assert len(cases) == len(IDS)
    with Memory(tenant_settings, embedder=embedder, journal_path=tmp_path / "a.sqlite3") as mem:
        for c in cases:                                   # all at once: the writer batches as it likes
            for i, t in enumerate(c["turns"]):
                _add(mem, f"{c['id']}-a", i, t)
        assert mem.flush(300)
    for half in (0, 1):                                   # turn by turn, other order, a fresh Memory halfway
        with Memory(tenant_settings, embedder=embedder, journal_path=tmp_path / f"b{half}.sqlite3") as mem:
            for c in reversed(cases):
                n = len(c["turns"]) // 2
                for i, t in list(enumerate(c["turns"]))[n:] if half else list(enumerate(c["turns"]))[:n]:
                    _add(mem, f"{c['id']}-b", i, t)
                    assert mem.flush(120)
    for c in cases:
        a, b = _graph(store, tenant, f"{c['id']}-a"), _graph(store, tenant, f"{c['id']}-b")
        assert a["entities"] and (a["facts"] or a["relations"]), c["id"]
        assert a == b, c["id"]
