"""Recall paths on a synthetic (template) store: ``Session.context()`` with long-term recall against stores of 10k and 100k
memories (facts + events) spread over 100 users, on the Neo4j server of this box.

For each store size it bulk-loads a dedicated tenant (UNWIND batches through ``cypher/bench/``, embeddings
computed once with the configured embedder and cached under ``~/.cache/graphmem/bench``), warms up, then
times ``context()`` for a fixed bilingual query mix (named entities, "that …" back-references through the
session slot table, questions about the past, time windows, plain topical questions), first with every recall
path on and then with each path switched off in turn. The tenant is deleted afterwards.

    python bench/recall_bench.py [--sizes 10000,100000] [--queries 300] [--out bench/results/recall.md]

The last output line is ``key=value`` pairs.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from graphmem.embedders import get_embedder  # noqa: E402
from graphmem.recall import PATHS, RecallConfig, Retriever  # noqa: E402
from graphmem.settings import Settings  # noqa: E402
from graphmem.short_term import Session  # noqa: E402
from graphmem.store import Store  # noqa: E402
from graphmem.write import ids  # noqa: E402

ROOT = Path(__file__).resolve().parent
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)
USERS = 100
PER_USER_MAX = 1000

# -- a small bilingual world -------------------------------------------------------------------------------
PEOPLE_EN = ["my sister", "my brother", "my mother", "my boss", "my wife", "my husband", "Lily", "Tom", "Dr. Chen",
             "my colleague Mark", "my friend Anna", "my son", "my daughter", "my landlord", "my coach"]
PEOPLE_ZH = ["我妹妹", "我哥哥", "我妈妈", "我老板", "我老婆", "老张", "小王", "李医生", "我同事小刘", "我女儿", "我儿子", "房东",
             "我表姐", "王老师", "我爸爸"]
PLACES_EN = ["the noodle place on 5th street", "Blue Bottle cafe", "the gym near the office", "Tokyo", "Hangzhou",
             "the sushi bar downtown", "Central Library", "the dentist on Main Street", "Lake Tahoe", "the night market",
             "Berlin", "the hotpot restaurant", "Seattle", "the climbing hall", "Kyoto"]
PLACES_ZH = ["西湖边那家咖啡馆", "公司楼下的健身房", "东京", "杭州", "三里屯那家烤肉店", "国家图书馆", "楼下的牙科诊所", "成都",
             "南锣鼓巷", "海底捞", "深圳", "那家火锅店", "青岛", "大理", "万达影城"]
THINGS_EN = ["ThinkPad X1", "my iPhone 15", "the Sony A7 camera", "the Q3 migration plan", "the marketing proposal",
             "my Kindle", "the electric bike", "the Rust side project", "the mortgage application", "the wedding plan",
             "my Tesla Model 3", "the standing desk", "the piano lessons", "the React rewrite", "the budget spreadsheet"]
THINGS_ZH = ["那台联想笔记本", "我的华为手机", "那个营销方案", "毕业论文", "新房装修方案", "那辆电动车", "索尼耳机", "年终总结",
             "小米空气净化器", "那份合同", "钢琴课", "减肥计划", "那个APP项目", "出国签证材料", "婚礼方案"]
TYPES = {"people": "person", "places": "place", "things": "thing"}
FOODS = ["sushi", "spicy hotpot", "dark chocolate", "oat milk latte", "ramen", "Thai curry", "cilantro", "durian",
         "green tea", "steak", "dumplings", "pineapple pizza"]
FOODS_ZH = ["寿司", "麻辣火锅", "黑巧克力", "燕麦拿铁", "拉面", "香菜", "榴莲", "绿茶", "牛排", "饺子", "螺蛳粉", "小龙虾"]
ATTRS = [("budget", "My budget for {x} is {n} dollars", "{x}的预算是{n}元"),
         ("deadline", "The deadline for {x} is {d}", "{x}的截止日期是{d}"),
         ("price", "{x} cost {n} dollars", "{x}花了{n}块"),
         ("location", "{x} is in {p}", "{x}在{p}"),
         ("status", "{x} is {s} now", "{x}现在{s}"),
         ("phone", "The phone number of {x} is {ph}", "{x}的电话是{ph}")]
STATES = [("almost done", "快完成了"), ("on hold", "暂停了"), ("just started", "刚开始"), ("delayed", "推迟了"),
          ("approved", "批下来了"), ("broken", "坏了")]
EVENTS_EN = ["I met {pe} at {pl} and we talked about {th} for an hour",
             "I booked a trip to {pl} for next month, {pe} is coming too",
             "{pe} recommended {pl}, I should try it on the weekend",
             "I finally finished the first part of {th}",
             "I had {f} at {pl} with {pe}, it was great",
             "I argued with {pe} about {th} again",
             "I spent {n} dollars on {th} today",
             "I need to call {pe} on {day} about {th}",
             "I went running for {k} km around {pl}",
             "I started reading about {th} because {pe} asked me to",
             "My plan for {day}: visit {pl}, then work on {th}",
             "I was sick yesterday and skipped {th}",
             "{pe} said {th} will be delayed by two weeks",
             "I want to learn more about {f} recipes this winter",
             "I moved {th} to next quarter after talking with {pe}"]
EVENTS_ZH = ["今天和{pe}在{pl}见面，聊了一个小时{th}",
             "我订了下个月去{pl}的行程，{pe}也一起去",
             "{pe}推荐了{pl}，周末去试试",
             "{th}的第一部分终于搞定了",
             "和{pe}在{pl}吃了{f}，特别好吃",
             "又和{pe}因为{th}吵了一架",
             "今天在{th}上花了{n}块钱",
             "{day}要给{pe}打电话说{th}的事",
             "在{pl}附近跑了{k}公里",
             "{pe}让我研究一下{th}",
             "{day}的安排：先去{pl}，然后弄{th}",
             "昨天生病了，{th}没做",
             "{pe}说{th}要推迟两周",
             "这个冬天想多学几道{f}的做法",
             "跟{pe}商量后把{th}挪到下个季度了"]
DAYS = [("Monday", "周一"), ("Tuesday", "周二"), ("Friday", "周五"), ("Saturday", "周六"), ("Sunday", "周日")]
RELS = ["RECOMMENDED", "KNOWS", "WORKS_AT", "OWNS", "VISITED", "LIKES"]

QUERIES_EN = ["what did I say about {th}?", "what is the budget for {th}?", "where did {pe} recommend?",
              "what was the deadline for {th} before?", "what did I do last week?", "do I like {f}?",
              "how is that project going?", "what did I plan with {pe}?", "tell me about {pl}",
              "what happened yesterday?", "is it still on hold?", "what did {pe} say about {th}?"]
QUERIES_ZH = ["我之前说的{th}怎么样了？", "{th}的预算是多少？", "{pe}推荐了哪里？", "我以前的{th}截止日期是哪天？",
              "我上周做了什么？", "我喜欢吃{f}吗？", "那个方案现在怎么样了？", "我和{pe}约了什么？", "说说{pl}吧",
              "昨天发生了什么？", "它现在还暂停着吗？", "{pe}对{th}怎么说的？"]


def _pick(rng: random.Random, seq):
    return seq[rng.randrange(len(seq))]


def build_user(u: int, tenant: str) -> dict:
    """One user's entities, facts, events and relations (deterministic; the first ``n`` memories of a
    user are the same whatever the store size)."""
    rng = random.Random(1000 + u)
    uid = f"user{u:03d}"
    zh_user = u % 2 == 1
    pools = {"people": PEOPLE_ZH if zh_user else PEOPLE_EN, "places": PLACES_ZH if zh_user else PLACES_EN,
             "things": THINGS_ZH if zh_user else THINGS_EN}
    entities = []
    for kind, pool in pools.items():
        for name in rng.sample(pool, 12):
            eid = ids.entity_id(tenant, uid, name)
            entities.append({"user_id": uid, "id": eid, "card_id": ids.card_id(eid), "name": name, "type": TYPES[kind],
                             "aliases": [], "search_names": name, "is_self": False, "mention_count": 0, "kind": kind})
    self_id = ids.self_entity_id(tenant, uid)
    entities.append({"user_id": uid, "id": self_id, "card_id": ids.card_id(self_id), "name": uid, "type": "person",
                     "aliases": [], "search_names": uid, "is_self": True, "mention_count": 0, "kind": "self"})
    by_kind = {k: [e for e in entities if e["kind"] == k] for k in pools}
    foods = FOODS_ZH if zh_user else FOODS
    memories = []   # ordered; each is ('event'|'fact', row)
    slots: dict[tuple[str, str], dict] = {}
    for i in range(PER_USER_MAX):
        at = NOW - timedelta(days=rng.uniform(0, 365), minutes=rng.randrange(1440))
        pe, pl, th = _pick(rng, by_kind["people"]), _pick(rng, by_kind["places"]), _pick(rng, by_kind["things"])
        day = _pick(rng, DAYS)
        fill = {"pe": pe["name"], "pl": pl["name"], "th": th["name"], "f": _pick(rng, foods), "n": rng.randrange(20, 9000),
                "k": rng.randrange(3, 21), "day": day[1] if zh_user else day[0]}
        sid = f"s{int((NOW - at).days) // 3:03d}"
        if rng.random() < 0.6:
            text = _pick(rng, EVENTS_ZH if zh_user else EVENTS_EN).format(**fill)
            mentions = [e["id"] for e in (pe, pl, th) if e["name"] in text]
            memories.append(("event", {"user_id": uid, "id": f"ev_{tenant}_b{u:03d}_{i:04d}", "session_id": sid, "turn_id": str(i),
                                       "kind": "message", "text": text, "language": "zh" if zh_user else "en",
                                       "at": at, "importance": round(rng.uniform(0.3, 0.9), 2), "caption": text[:60],
                                       "mentions": mentions}))
            for e in (pe, pl, th):
                if e["id"] in mentions:
                    e["mention_count"] += 1
            continue
        if rng.random() < 0.35:
            food = fill["f"]
            pol = 1 if rng.random() < 0.7 else -1
            text = (f"我{'喜欢' if pol > 0 else '不喜欢'}{food}" if zh_user else f"I {'love' if pol > 0 else 'hate'} {food}")
            ent, key, value, kind = self_id, "preference", "like" if pol > 0 else "dislike", "preference"
            subject = food
        else:
            key, en, zh = _pick(rng, ATTRS)
            st = _pick(rng, STATES)
            vals = {"x": th["name"], "n": fill["n"], "d": f"2026-{rng.randrange(1, 13):02d}-{rng.randrange(1, 28):02d}",
                    "p": pl["name"], "s": st[1] if zh_user else st[0], "ph": f"138{rng.randrange(10**7, 10**8)}"}
            text = (zh if zh_user else en).format(**vals)
            value = str({"budget": vals["n"], "deadline": vals["d"], "price": vals["n"], "location": vals["p"],
                         "status": vals["s"], "phone": vals["ph"]}[key])
            ent, kind, pol, subject = th["id"], "attribute", 0, th["name"]
        fid = f"fa_{tenant}_b{u:03d}_{i:04d}"
        row = {"user_id": uid, "id": fid, "card_id": ids.card_id(ent), "entity_id": ent, "kind": kind, "key": key,
               "value": value, "polarity": pol, "text": text, "status": "active", "version": 1, "valid_from": at,
               "valid_to": None, "last_seen": at, "mention_count": 1 + (rng.random() < 0.2) * rng.randrange(1, 5),
               "importance": round(rng.uniform(0.4, 0.9), 2), "language": "zh" if zh_user else "en",
               "session_id": sid, "turn_id": str(i), "event_id": None, "superseded_by": None, "caption": text[:60],
               "subject": subject}
        memories.append(("fact", row))
    # versioning: a later fact on the same (entity, key) slot supersedes the earlier one
    facts = sorted((m[1] for m in memories if m[0] == "fact"), key=lambda r: r["valid_from"])
    for f in facts:
        slot = (f["entity_id"], f["key"] if f["kind"] != "preference" else "pref:" + f["subject"])
        old = slots.get(slot)
        if old is not None:
            old.update(status="outdated", valid_to=f["valid_from"], superseded_by=f["id"])
            f["version"] = old["version"] + 1
        slots[slot] = f
    relations = []
    for _ in range(30):
        a, b = rng.sample([e for e in entities if not e["is_self"]], 2)
        t = _pick(rng, RELS)
        relations.append({"user_id": uid, "from_id": a["id"], "to_id": b["id"], "type": t,
                          "at": NOW - timedelta(days=rng.uniform(0, 365)), "text": f"{a['name']} {t.lower()} {b['name']}"})
    queries = []
    for _ in range(40):
        fill = {"pe": _pick(rng, by_kind["people"])["name"], "pl": _pick(rng, by_kind["places"])["name"],
                "th": _pick(rng, by_kind["things"])["name"], "f": _pick(rng, foods)}
        queries.append(_pick(rng, QUERIES_ZH if zh_user else QUERIES_EN).format(**fill))
    return {"user_id": uid, "entities": entities, "memories": memories, "relations": relations, "queries": queries,
            "things": [e for e in by_kind["things"]]}


def world(tenant: str) -> list[dict]:
    return [build_user(u, tenant) for u in range(USERS)]


def embeddings(texts: list[str], settings: Settings) -> np.ndarray:
    """Embeddings for ``texts``, computed once and cached in a .npy keyed by the texts and the model."""
    emb = get_embedder(settings)
    h = hashlib.sha256(("\x1f".join(texts) + emb.name).encode()).hexdigest()[:16]
    path = settings.cache / "bench" / f"recall_{h}.npy"
    if path.exists():
        return np.load(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    out = np.zeros((len(texts), emb.dimensions), dtype=np.float32)
    step = 2048
    for i in range(0, len(texts), step):
        out[i:i + step] = emb.embed(texts[i:i + step])
        print(f"  embedded {min(i + step, len(texts))}/{len(texts)} ({time.perf_counter() - t0:.0f}s)", flush=True)
    np.save(path, out)
    return out


def all_texts(users: list[dict]) -> list[str]:
    seen: dict[str, None] = {}
    for u in users:
        for e in u["entities"]:
            seen.setdefault(e["name"], None)
        for _, m in u["memories"]:
            seen.setdefault(m["text"], None)
    return list(seen)


def load(store: Store, tenant: str, users: list[dict], per_user: int, vec) -> dict:
    """Bulk-load the first ``per_user`` memories of every user into ``tenant``."""
    t0 = time.perf_counter()
    n_facts = n_events = 0

    def batch(name: str, rows: list[dict], size: int = 500, embed: str | None = None) -> None:
        for i in range(0, len(rows), size):
            chunk = rows[i:i + size]
            if embed:   # vectors as lists only for the batch on its way (100k × 512 floats would not fit)
                chunk = [{**r, "embedding": None if r.get("is_self") else vec(r[embed])} for r in chunk]
            store.run(name, {"tenant": tenant, "rows": chunk}, write=True)

    batch("bench/load_users", [{"user_id": u["user_id"], "at": NOW} for u in users])
    ents = []
    for u in users:
        for e in u["entities"]:
            ents.append({**{k: e[k] for k in ("user_id", "id", "card_id", "name", "type", "aliases", "search_names",
                                              "is_self", "mention_count")},
                         "first_seen": NOW - timedelta(days=365), "last_seen": NOW})
    batch("bench/load_entities", ents, embed="name")
    events, facts_active, facts_old = [], [], []
    for u in users:
        mems = u["memories"][:per_user]
        first_event = next((m["id"] for k, m in mems if k == "event"), None)
        for kind, m in mems:
            if kind == "event":
                events.append(m)
            else:
                row = {k: v for k, v in m.items() if k != "subject"}
                row["event_id"] = first_event
                if row["superseded_by"] is not None and not any(x[1]["id"] == row["superseded_by"] for x in mems):
                    row.update(status="active", valid_to=None, superseded_by=None)   # its successor is not loaded
                (facts_old if row["status"] == "outdated" else facts_active).append(row)
    batch("bench/load_events", events, embed="text")
    batch("bench/load_facts", facts_active, embed="text")
    batch("bench/load_facts", facts_old, embed="text")
    batch("bench/load_relations", [r for u in users for r in u["relations"]])
    n_events, n_facts = len(events), len(facts_active) + len(facts_old)
    return {"events": n_events, "facts": n_facts, "outdated": len(facts_old), "memories": n_events + n_facts,
            "load_s": time.perf_counter() - t0}


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


# the session links each message as it is added (not timed here; context() reuses its links); its statement
# extraction is switched off (nothing in the bench depends on hard facts)
_SIG = inspect.signature(Session.__init__).parameters
QUIET = {k: v for k, v in {"extractor": lambda t, n: []}.items() if k in _SIG}


def measure(retriever: Retriever, users: list[dict], tenant: str, queries: int, seed: int = 7) -> dict:
    """context() latency over a fixed query mix; each query in a fresh session whose slot table holds one of
    the user's things (so "that plan" / "那个方案" can resolve through it)."""
    rng = random.Random(seed)
    plan = []
    for _ in range(queries):
        u = _pick(rng, users)
        plan.append((u, _pick(rng, u["queries"]), _pick(rng, u["things"])))
    times, recall_times, found = [], [], []
    for u, q, thing in plan:
        extra = {"known": retriever.gazetteer(u["user_id"], tenant)} if "known" in _SIG else {}
        s = Session(u["user_id"], "bench", tenant=tenant, retriever=retriever, budget=2000, **QUIET, **extra)
        s.slots.mention(thing["id"], thing["name"], thing["type"], 0, thing["name"])   # said earlier this session
        s.add_user_message(q)
        t0 = time.perf_counter()
        ctx = s.context(q, budget=2000)
        times.append((time.perf_counter() - t0) * 1e3)
        recall_times.append(retriever.last_timings.get("total_ms", 0.0))
        found.append(len(ctx.long_term))
    return {"p50": pct(times, .5), "p95": pct(times, .95), "mean": statistics.fmean(times),
            "recall_p50": pct(recall_times, .5), "recall_p95": pct(recall_times, .95),
            "memories_per_context": statistics.fmean(found), "n": len(times)}


def run_size(size: int, users: list[dict], vec: dict, settings: Settings, queries: int) -> dict:
    tenant = f"bench-recall-{size // 1000}k-{os.getpid()}"
    per_user = size // USERS
    st = settings.with_(tenant=tenant)
    store = Store(st)
    out = {"size": size, "tenant": tenant}
    try:
        out["load"] = load(store, tenant, users, per_user, vec)
        print(f"[{size}] loaded {out['load']}", flush=True)
        retriever = Retriever(store, st, config=RecallConfig())
        cold = []
        for u in users:                        # first recall of a user: names + vectors into the process
            t0 = time.perf_counter()
            retriever.warm(u["user_id"], tenant)
            cold.append((time.perf_counter() - t0) * 1e3)
        out["cold"] = {"p50": pct(cold, .5), "p95": pct(cold, .95),
                       "cache_mb": sum(v.nbytes for v in retriever._vecs.values()) / 2 ** 20}
        print(f"[{size}] cold per-user load: {out['cold']}", flush=True)
        measure(retriever, users, tenant, 200, seed=1)                     # warm-up: plans, page cache, JIT
        out["all"] = measure(retriever, users, tenant, queries)
        print(f"[{size}] all paths: {out['all']}", flush=True)
        for p in PATHS:
            r = Retriever(store, st, config=RecallConfig().without(p))
            r._users, r._vecs = retriever._users, retriever._vecs         # same warm caches
            measure(r, users, tenant, 20, seed=2)
            out[f"no_{p}"] = measure(r, users, tenant, queries)
            print(f"[{size}] without {p}: {out['no_' + p]}", flush=True)
        for mode in ("scan", "index"):
            r = Retriever(store, st, config=replace(RecallConfig(), vector_mode=mode))
            r._users = retriever._users
            measure(r, users, tenant, 20, seed=2)
            out[f"vector_{mode}"] = measure(r, users, tenant, queries)
            print(f"[{size}] vector_mode={mode}: {out['vector_' + mode]}", flush=True)
        out["empty"] = measure(Retriever(store, st, config=RecallConfig(paths=frozenset())), users, tenant, queries)
    finally:
        t0 = time.perf_counter()
        store.run_auto("admin/delete_tenant", {"tenant": tenant})
        out["delete_s"] = time.perf_counter() - t0
        store.close()
    return out


def report(results: list[dict], args, started: datetime, embed_s: float) -> str:
    lines = ["# Recall paths on a synthetic store", "",
             "Template sentences over a small bilingual world, not real text: read this for what each recall path "
             "costs relative to the others. Recall latency on real conversations: `locomo.md` (users of 369–1,082 "
             "turns) and `capacity_100k.md` (100k memories over 100 users).", "",
             f"Run: {started:%Y-%m-%d %H:%M} UTC, Python {platform.python_version()}, {platform.machine()}, "
             f"{os.cpu_count()} shared cores, Neo4j on the same box. Command: `python bench/recall_bench.py "
             f"--sizes {args.sizes} --queries {args.queries}`. All numbers below come from this one run.", "",
             "What is timed: `Session.context(query, budget=2000)` of the short-term layer with the graph retriever "
             "plugged in (query embedding with USE multilingual, linking against the user's names, vector and lexical "
             "ranking over the user's cached vectors/texts, the by-id fetch, graph and recency paths as named "
             "Cypher queries in parallel read transactions, merge, rank, rewrite, packing, context assembly). Each query runs in a fresh session whose slot table holds one of the user's things. "
             "Query mix per user (half the users write Chinese, half English): named entities, back-references "
             "(\"how is that project going?\", \"那个方案现在怎么样了？\"), questions about the past, time windows "
             "(\"last week\", \"昨天\"), preferences. Stores: 100 users, memories (facts + events) spread over a "
             "year, 36 entities and 30 relations per user; a later fact on the same (entity, key) slot supersedes the "
             "earlier one (share of outdated facts per store in the table).", "",
             "| store | paths | context() p50 ms | p95 ms | recall p50 ms | recall p95 ms | memories injected |",
             "|---|---|---|---|---|---|---|"]
    for r in results:
        label = (f"{r['size'] // 1000}k ({r['load']['facts']} facts, {r['load']['outdated'] * 100 // max(1, r['load']['facts'])} % "
                 f"outdated; {r['load']['events']} events)")
        for key, name in [("all", "all"), *[(f"no_{p}", f"without {p}") for p in PATHS],
                          ("vector_scan", "all, vector_mode=scan"), ("vector_index", "all, vector_mode=index"),
                          ("empty", "none (short-term only)")]:
            m = r[key]
            lines.append(f"| {label} | {name} | {m['p50']:.1f} | {m['p95']:.1f} | {m['recall_p50']:.1f} | "
                         f"{m['recall_p95']:.1f} | {m['memories_per_context']:.1f} |")
    lines += ["", "First recall of a user (names and, in the default `cache` vector mode, the user's vectors loaded "
              "into the process; `Memory.session()` starts this in the background): " + "; ".join(
                  f"{r['size'] // 1000}k: p50 {r['cold']['p50']:.0f} ms, p95 {r['cold']['p95']:.0f} ms, "
                  f"{r['cold']['cache_mb']:.0f} MB of vectors for 100 users" for r in results) + ".", ""]
    lines += ["", "Load (bench-only UNWIND loader, `cypher/bench/`): " + "; ".join(
        f"{r['size'] // 1000}k: {r['load']['memories']} memories in {r['load']['load_s']:.0f} s, tenant deleted in "
        f"{r['delete_s']:.0f} s" for r in results) + f". Embeddings: computed once ({embed_s:.0f} s incl. cache "
        "read) and cached under `~/.cache/graphmem/bench`.", ""]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--out", default=str(ROOT / "results" / "recall.md"))
    ap.add_argument("--prepare", action="store_true", help="only compute and cache the embeddings")
    args = ap.parse_args(argv)
    started = datetime.now(timezone.utc)
    settings = Settings.from_env()
    users = world("bench")
    texts = all_texts(users)
    t0 = time.perf_counter()
    vectors = embeddings(texts, settings)
    embed_s = time.perf_counter() - t0
    print(f"{len(texts)} distinct texts embedded/cached in {embed_s:.0f}s", flush=True)
    if args.prepare:
        return 0
    results = []
    for size in [int(s) for s in args.sizes.split(",")]:
        tenant_users = world(f"bench-recall-{size // 1000}k-{os.getpid()}")
        row_of = {t: i for i, t in enumerate(texts)}
        vec = lambda t: vectors[row_of[t]].tolist()  # noqa: E731
        results.append(run_size(size, tenant_users, vec, settings, args.queries))
    Path(args.out).write_text(report(results, args, started, embed_s), encoding="utf-8")
    raw = settings.cache / "bench" / "recall_results.json"
    raw.write_text(json.dumps(results, default=str, indent=1), encoding="utf-8")
    kv = []
    for r in results:
        tag = f"{r['size'] // 1000}k"
        kv += [f"p50_{tag}_ms={r['all']['p50']:.1f}", f"p95_{tag}_ms={r['all']['p95']:.1f}"]
        kv += [f"p95_{tag}_no_{p}_ms={r['no_' + p]['p95']:.1f}" for p in PATHS]
    print(" ".join(kv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
