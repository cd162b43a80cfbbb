"""Write-path benchmark: bulk ingest of a synthetic 5,000-turn bilingual (en/zh) conversation into the real
Neo4j through ``graphmem.write.Writer`` (gate → extraction → linking → versioning → UNWIND batches).

Measures ingest throughput in turns/s (target ≥ 200, zero LLM calls), the background write time per turn
(p50/p95: batch wall time / turns in the batch), the caller-path enqueue time (p50/p95, target ≤ 5 ms) and
the submit→commit latency. Models (embedder, spaCy, jieba) are loaded before the clock starts.
A fresh tenant is used and deleted afterwards (``--keep`` keeps it for Neo4j Browser).

    python bench/write_bench.py [--turns 5000] [--users 5] [--batch 128] [--report FILE]

``bench/results/write.md`` is written by ``python -m bench.ingest_real_bench`` (real LoCoMo and MemoryBank text
beside this template conversation, through ``Memory.add``); this script is the template run in detail.

The last output line is ``key=value`` pairs.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

from graphmem.embedders import get_embedder  # noqa: E402
from graphmem.linking import api as linking  # noqa: E402
from graphmem.settings import Settings  # noqa: E402
from graphmem.store import Store  # noqa: E402
from graphmem.write import Writer, delete_tenant, user_stats  # noqa: E402

EN_FOOD = ["sushi", "ramen", "pizza", "dumplings", "tacos", "spicy hotpot", "cilantro", "durian"]
ZH_FOOD = ["寿司", "拉面", "火锅", "饺子", "香菜", "榴莲", "烤鸭", "小笼包"]
EN_CITY = ["Tokyo", "Berlin", "Shanghai", "Lisbon", "Seattle", "Chengdu"]
ZH_CITY = ["东京", "柏林", "上海", "成都", "杭州", "西安"]
EN_NAMES = ["Lily", "Tom", "Anna", "David", "Mei"]
ZH_NAMES = ["小李", "王芳", "张伟", "老陈", "丽丽"]
EN_REL = ["sister", "brother", "mother", "friend", "colleague"]
ZH_REL = ["妹妹", "哥哥", "妈妈", "朋友", "同事"]
BRANDS = ["Lenovo ThinkPad X1", "MacBook Air", "Dell XPS 13", "Huawei MateBook", "ASUS Zenbook"]
EN_SKILLS = ["Spanish", "the guitar", "rock climbing", "Rust programming", "photography"]
ZH_SKILLS = ["西班牙语", "吉他", "攀岩", "摄影", "游泳"]
EN_PLACES = ["the noodle place on Fifth Street", "Blue Bottle Cafe", "the Italian restaurant downtown",
             "Golden Gate Park", "the bookshop near the station"]
ZH_PLACES = ["那家面馆", "星巴克", "西湖", "南京路的书店", "海底捞"]

EN = [
    (10, lambda r: r.choice(["hi", "hello there!", "good morning", "thanks!", "ok cool", "haha nice", "bye, talk later"])),
    (6, lambda r: r.choice(["how are you today?", "nice weather today", "lol that's funny", "hmm, let me think",
                            "what a day"])),
    (12, lambda r: f"I really like {r.choice(EN_FOOD)}"),
    (5, lambda r: f"I don't like {r.choice(EN_FOOD)} anymore"),
    (10, lambda r: f"My budget for the new laptop is {r.choice([3000, 5000, 8000, 12000])} dollars"),
    (6, lambda r: f"Actually my budget is {r.choice([4000, 6000, 9000])} now"),
    (8, lambda r: f"My {r.choice(EN_REL)} {r.choice(EN_NAMES)} recommended {r.choice(EN_PLACES)}"),
    (8, lambda r: f"I went to {r.choice(EN_PLACES)} last {r.choice(['Monday', 'Friday', 'weekend'])}"),
    (8, lambda r: f"I want to learn {r.choice(EN_SKILLS)} this year"),
    (6, lambda r: f"I'm planning a trip to {r.choice(EN_CITY)} in {r.choice(['May', 'June', 'October'])}"),
    (6, lambda r: f"My laptop is a {r.choice(BRANDS)} and it is getting slow"),
    (5, lambda r: f"What do you think about {r.choice(BRANDS)}?"),
]
ZH = [
    (10, lambda r: r.choice(["你好", "谢谢", "哈哈", "好的", "早上好", "拜拜"])),
    (6, lambda r: r.choice(["今天天气不错", "你今天怎么样？", "嗯嗯", "太好笑了"])),
    (12, lambda r: f"我很喜欢吃{r.choice(ZH_FOOD)}"),
    (5, lambda r: f"我不喜欢{r.choice(ZH_FOOD)}了"),
    (10, lambda r: f"我买笔记本的预算是{r.choice(['三千', '五千', '八千', '一万'])}元"),
    (6, lambda r: f"预算改成{r.choice(['四千', '六千', '九千'])}了"),
    (8, lambda r: f"我{r.choice(ZH_REL)}{r.choice(ZH_NAMES)}推荐了{r.choice(ZH_PLACES)}"),
    (8, lambda r: f"我上周去了{r.choice(ZH_PLACES)}"),
    (8, lambda r: f"我今年想学{r.choice(ZH_SKILLS)}"),
    (6, lambda r: f"我打算{r.choice(['五月', '六月', '十月'])}去{r.choice(ZH_CITY)}旅行"),
    (6, lambda r: f"我的笔记本是{r.choice(BRANDS)}，现在有点慢"),
    (5, lambda r: f"你觉得{r.choice(BRANDS)}怎么样？"),
]


def conversation(n: int, users: int, seed: int = 7):
    """(user, session, turn, text, at): alternating English/Chinese users, sessions of 50 turns."""
    r = random.Random(seed)
    start = datetime(2026, 1, 1, 9, 0, tzinfo=timezone.utc)
    turn = {u: 0 for u in range(users)}
    for i in range(n):
        u = i % users
        lang = EN if (u % 2 == 0) != (r.random() < 0.15) else ZH
        make = r.choices([f for _, f in lang], weights=[w for w, _ in lang])[0]
        t = turn[u]
        turn[u] += 1
        yield f"user{u}", f"s{t // 50}", t, make(r), start + timedelta(minutes=7 * i)


def _neo4j_cpu_s(settings: Settings, jit_only: bool = False) -> float | None:
    """CPU seconds used so far by the local Neo4j server (launcher pid file), or None if unknown; ``jit_only``:
    by its JIT compiler threads alone (on a server started shortly before, compiling Neo4j's own code is most of
    its CPU: about 7 of 10 s during a LoCoMo ingest on a server started a few minutes earlier)."""
    try:
        pid = int((settings.neo4j_dir / "neo4j.pid").read_text().strip())
        if not jit_only:
            return _ticks(f"/proc/{pid}/stat")
        total = 0.0
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                if (task / "comm").read_text().startswith(("C1 Compiler", "C2 Compiler")):
                    total += _ticks(task / "stat")
            except OSError:   # a thread that ended meanwhile
                continue
        return total
    except (OSError, ValueError, IndexError):
        return None


def _ticks(stat) -> float:
    """User + system CPU seconds of a /proc ``stat`` file."""
    fields = open(stat).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=5000)
    ap.add_argument("--users", type=int, default=5)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--no-link-embeddings", action="store_true", help="linker without the embedding pass")
    ap.add_argument("--keep", action="store_true", help="keep the tenant's graph for inspection")
    ap.add_argument("--report", help="write a markdown report to this path")
    ap.add_argument("--paced", type=int, default=300, help="turns of the paced phase (0: skip)")
    ap.add_argument("--rate", type=float, default=20.0, help="turns/s of the paced phase")
    args = ap.parse_args(argv)

    tenant = f"bench-{uuid.uuid4().hex[:8]}"
    settings = Settings.from_env(tenant=tenant)
    store = Store(settings)
    embedder = get_embedder(settings)
    t0 = time.perf_counter()
    embedder.embed(["warm up", "预热"])
    linking.extract_mentions("warm up my laptop")
    linking.extract_mentions("我的笔记本预热")
    linking.extract_statements("my budget is 5000", datetime.now(timezone.utc))
    linking.classify_message("hello")
    load_s = time.perf_counter() - t0
    turns = list(conversation(args.turns, args.users))
    calls = {"judge": 0}
    with tempfile.TemporaryDirectory() as tmp:
        w = Writer(store, settings, embedder=embedder, journal_path=os.path.join(tmp, "journal.sqlite3"),
                   batch_size=args.batch, link_with_embeddings=not args.no_link_embeddings).start()
        t0 = time.perf_counter()
        cpu0, neo0 = time.process_time(), _neo4j_cpu_s(settings)
        for user, session, turn, text, at in turns:
            w.add(user, session, turn, text, at=at)
        submitted_s = time.perf_counter() - t0
        ok = w.flush(timeout=3600)
        total_s = time.perf_counter() - t0
        cpu_s, neo1 = time.process_time() - cpu0, _neo4j_cpu_s(settings)
        neo_cpu_s = (neo1 - neo0) if neo0 is not None and neo1 is not None else float("nan")
        load = os.getloadavg()[0]
        stats, timings = w.stats(), w.timings()
        w.close()
        paced = {}
        if args.paced:   # a live conversation: how soon is a turn in the graph (recall can see it)?
            p = Writer(store, settings, embedder=embedder, journal_path=os.path.join(tmp, "paced.sqlite3"),
                       batch_size=args.batch, link_with_embeddings=not args.no_link_embeddings).start()
            gap = 1.0 / args.rate
            t1 = time.perf_counter()
            for i, (user, session, turn, text, at) in enumerate(conversation(args.paced, args.users, seed=11)):
                p.add("paced-" + user, session, turn, text, at=at)
                time.sleep(max(0.0, t1 + (i + 1) * gap - time.perf_counter()))
            p.flush(timeout=600)
            pt = p.timings()
            paced = {"paced_rate": args.rate, "paced_commit_latency_p50_ms": round(pt["commit_latency_p50_ms"], 1),
                     "paced_commit_latency_p95_ms": round(pt["commit_latency_p95_ms"], 1),
                     "paced_enqueue_p95_ms": round(pt["enqueue_p95_ms"], 3)}
            p.close()
    per_user = [user_stats(store, f"user{u}", tenant=tenant) for u in range(args.users)]
    res_paced = paced
    if not args.keep:
        delete_tenant(store, tenant)
    store.close()
    rate = args.turns / total_s
    rejected = sum(stats.rejected.values())
    res = {
        "turns": args.turns, "users": args.users, "batch": args.batch, "flushed": ok,
        "turns_per_s": round(rate, 1), "total_s": round(total_s, 2), "submit_s": round(submitted_s, 3),
        "enqueue_p50_ms": round(timings["enqueue_p50_ms"], 3), "enqueue_p95_ms": round(timings["enqueue_p95_ms"], 3),
        "write_per_turn_p50_ms": round(timings["write_per_turn_p50_ms"], 2),
        "write_per_turn_p95_ms": round(timings["write_per_turn_p95_ms"], 2),
        "commit_latency_p95_s": round(timings["commit_latency_p95_ms"] / 1000, 2),
        "written": stats.written, "rejected": rejected, "failed": stats.failed, "batches": stats.batches,
        "facts_created": stats.facts_created, "facts_superseded": stats.facts_superseded,
        "facts_repeated": stats.facts_repeated, "entities": sum(p["entities"] for p in per_user),
        "relations": stats.relations, "llm_calls": stats.llm_calls + calls["judge"], "model_load_s": round(load_s, 2),
        "python_cpu_ms_per_turn": round(cpu_s / args.turns * 1000, 2),
        "neo4j_cpu_ms_per_turn": round(neo_cpu_s / args.turns * 1000, 2),
        "turns_per_cpu_s": round(args.turns / (cpu_s + (neo_cpu_s if neo_cpu_s == neo_cpu_s else 0)), 1),
        "load_avg_1m": round(load, 1),
        **res_paced,
    }
    print(f"gate rejections by reason: {dict(sorted(stats.rejected.items()))}")
    print(f"graph: {sum(p['events'] for p in per_user)} events, {sum(p['active_facts'] for p in per_user)} active / "
          f"{sum(p['outdated_facts'] for p in per_user)} outdated facts, {res['entities']} entities, "
          f"{sum(p['relations'] for p in per_user)} relations")
    if args.report:
        _report(args.report, res, stats)
    print(" ".join(f"{k}={v}" for k, v in res.items()))
    return 0 if ok and stats.failed == 0 else 1


def _report(path: str, res: dict, stats) -> None:
    lines = ["# Write-path benchmark", "",
             f"Run {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC on the project box (2 shared cores), Neo4j 5.26 "
             "Community, USE multilingual embedder (1 thread), `python bench/write_bench.py`.", "",
             "| metric | value | target |", "|---|---|---|",
             f"| bulk ingest | **{res['turns_per_s']} turns/s** ({res['turns']} turns, {res['total_s']} s) | ≥ 200 |",
             f"| caller-path enqueue p50 / p95 | {res['enqueue_p50_ms']} / **{res['enqueue_p95_ms']} ms** | ≤ 5 ms |",
             f"| background write per turn p50 / p95 | {res['write_per_turn_p50_ms']} / "
             f"{res['write_per_turn_p95_ms']} ms | — |",
             f"| submit→commit latency p95 (bulk: includes queueing) | {res['commit_latency_p95_s']} s | — |",
             f"| LLM calls | {res['llm_calls']} | 0 |",
             f"| CPU per turn: Python (caller + worker) / Neo4j server | {res['python_cpu_ms_per_turn']} / "
             f"{res['neo4j_cpu_ms_per_turn']} ms | — |",
             f"| turns per CPU-second (Python + Neo4j) | {res['turns_per_cpu_s']} | — |",
             f"| 1-minute load average at the end (2 cores, shared) | {res['load_avg_1m']} | — |",
             *([f"| paced phase ({res['paced_rate']} turns/s): submit→commit p50 / p95 | "
                f"{res['paced_commit_latency_p50_ms']} / {res['paced_commit_latency_p95_ms']} ms | — |",
                f"| paced phase: enqueue p95 | {res['paced_enqueue_p95_ms']} ms | ≤ 5 ms |"]
               if "paced_rate" in res else []), "",
             f"Written {res['written']} turns, rejected {res['rejected']} by the gate "
             f"({dict(sorted(stats.rejected.items()))}), failed {res['failed']}; {res['batches']} batches of ≤ "
             f"{res['batch']}; facts created {res['facts_created']}, superseded {res['facts_superseded']}, repeated "
             f"{res['facts_repeated']}; {res['entities']} entities; {res['relations']} relations.", "",
             "```", " ".join(f"{k}={v}" for k, v in res.items()), "```", "",
             "## Notes", "",
             "- The box's 2 cores are shared with other work, so turns/s moves with the load (runs of recent "
             "versions gave 250–390 turns/s at load 3.4–5.2, 174 at load 5.7 before the last two optimisations); "
             "CPU per turn is the steadier figure (about 2 ms in Python plus 2–3 ms in Neo4j; the server is shared with other sessions' tests, so its figure is an upper bound).",
             "- The conversation is synthetic and template-based (`conversation()` in the script): greetings, small "
             "talk, chit-chat and verbatim repeats are frequent, so the gate rejects a large share by design.",
             "- Where the time goes: spaCy (English mentions, batched with `nlp.pipe` per user), the USE embedder, "
             "then Neo4j (vector and full-text index maintenance on Event/Fact/Entity). Extraction of batch N+1 "
             "overlaps the commit of batch N. Datetimes are sent as ISO strings and converted in Cypher: the "
             "driver's own datetime conversion cost ~0.5 ms per turn.",
             "- Known cost left: the neo4j 6.4 driver formats every RUN's parameters for a debug log line even "
             "when debug logging is off (`_bolt5.py`: `\" \".join(map(repr, fields))`); with 512-d embeddings in "
             "the rows that is ~0.5 ms per turn of Python CPU.",
             "- submit→commit latency in the bulk phase is queueing (5,000 turns submitted at once); the paced "
             "phase is the live-conversation figure.", ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
