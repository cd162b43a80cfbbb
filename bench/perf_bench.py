"""Performance benchmark for the report: ingest throughput through the public API, ``context()`` latency at
a 1k-memory store, and the process RSS with the models loaded. Medians of repeated runs.

* ingest: every turn of the evaluation suite (``bench/eval/users``) replayed through ``Memory`` sessions
  (``add_user_message``/``add_assistant_message``: short-term bookkeeping on the caller's thread, then the
  journaled writer: gate, extraction, linking, versioning, embeddings, Neo4j) for ``--copies`` renamed copies
  of each user, timed from the first message to ``flush()`` returning; a fresh tenant per repeat.
* context() at 1k: the same store generator, query mix and timing as ``bench/recall_bench.py`` (which owns the
  10k and 100k points; the report reads its ``bench/results/recall.md``), so the three points are comparable.
* RSS: ``VmRSS`` / ``VmHWM`` of this Python process (models loaded: USE embedder, spaCy en, jieba), from
  ``/proc/self/status``. Neo4j runs in its own JVM and is not counted. torch stays out of the process with the
  default embedder, even when the ``[st]`` extra installed it.

    python bench/perf_bench.py [--repeats 3] [--copies 2] [--queries 200]

Writes ``bench/results/perf.json`` and ``bench/results/perf.md``. The last output line is ``key=value`` pairs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

from graphmem.settings import Settings  # noqa: E402
from graphmem.store import Store  # noqa: E402
from graphmem.write.journal import remove as remove_journal  # noqa: E402

RESULTS = ROOT / "results"


def rss_mb() -> dict[str, float]:
    out = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(("VmRSS:", "VmHWM:")):
            k, v = line.split(":", 1)
            out[k] = int(v.split()[0]) / 1024
    return {"rss_mb": out.get("VmRSS", 0.0), "peak_mb": out.get("VmHWM", 0.0)}


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))] if v else 0.0


def load_models(settings: Settings) -> None:
    """Load every model the process uses before any clock starts."""
    from graphmem.embedders import get_embedder
    from graphmem.linking import api as linking

    get_embedder(settings).embed(["warm up", "预热"])
    linking.extract_mentions("My sister Lily recommended that noodle place.")
    linking.extract_mentions("我妹妹推荐了那家面馆。")
    linking.extract_statements("My budget is 8000 now", datetime.now(timezone.utc))
    linking.extract_statements("我的预算改成八千了", datetime.now(timezone.utc))


def ingest_once(settings: Settings, copies: int) -> dict:
    from graphmem.memory import Memory

    from bench.eval.data import load_users

    users = load_users()
    tenant = f"bench-perf-ingest-{uuid.uuid4().hex[:8]}"
    st = settings.with_(tenant=tenant)
    store = Store(st)
    journal = st.home / f"perf-journal-{tenant}.sqlite3"
    mem = Memory(st, store=store, journal_path=journal)
    n = 0
    caller = []
    try:
        mem.writer  # start the worker before the clock
        t0 = time.perf_counter()
        for c in range(copies):
            for u in users:
                uid = f"{u.user}-c{c}"
                for s in u.sessions:
                    sess = mem.session(uid, s.id)
                    for t in s.turns:
                        a = time.perf_counter()
                        if t.role == "user":
                            sess.add_user_message(t.text, at=t.at)
                        else:
                            sess.add_assistant_message(t.text, at=t.at)
                        caller.append((time.perf_counter() - a) * 1e3)
                        n += 1
        t_submit = time.perf_counter() - t0
        mem.flush()
        total = time.perf_counter() - t0
        stats = mem.writer.stats()
    finally:
        mem.close()
        remove_journal(journal)
        store.run_auto("admin/delete_tenant", {"tenant": tenant})
        store.close()
    return {"turns": n, "seconds": total, "turns_per_s": n / total, "submit_s": t_submit,
            "caller_p50_ms": pct(caller, .5), "caller_p95_ms": pct(caller, .95),
            "written": stats.written, "rejected": sum(stats.rejected.values()), "llm_calls": stats.llm_calls}


class _Vectors:
    """Text → vector list, looked up lazily; works whether recall_bench indexes it (``vec[t]``) or calls it."""

    def __init__(self, vectors, row_of):
        self.vectors, self.row_of = vectors, row_of

    def __getitem__(self, t):
        return self.vectors[self.row_of[t]].tolist()

    __call__ = __getitem__


def context_1k(settings: Settings, queries: int, repeats: int) -> dict:
    """The 1k point with recall_bench's own store generator and measurement."""
    import bench.recall_bench as rb
    from graphmem.recall import RecallConfig, Retriever

    texts_users = rb.world("bench")
    texts = rb.all_texts(texts_users)
    vectors = rb.embeddings(texts, settings)        # recall_bench's cache (~/.cache/graphmem/bench)
    vec = _Vectors(vectors, {t: i for i, t in enumerate(texts)})
    tenant = f"bench-perf-1k-{uuid.uuid4().hex[:8]}"
    users = rb.world(tenant)
    st = settings.with_(tenant=tenant)
    store = Store(st)
    runs = []
    try:
        load = rb.load(store, tenant, users, 1000 // rb.USERS, vec)
        retriever = Retriever(store, st, config=RecallConfig())
        rb.measure(retriever, users, tenant, 60, seed=1)          # warm-up
        for r in range(repeats):
            runs.append(rb.measure(retriever, users, tenant, queries, seed=7 + r))
    finally:
        store.run_auto("admin/delete_tenant", {"tenant": tenant})
        store.close()
    return {"size": 1000, "memories": load["memories"], "runs": runs,
            "p50": statistics.median(x["p50"] for x in runs), "p95": statistics.median(x["p95"] for x in runs),
            "recall_p50": statistics.median(x["recall_p50"] for x in runs),
            "recall_p95": statistics.median(x["recall_p95"] for x in runs)}


def render(res: dict) -> str:
    ing = res["ingest"]
    c = res["context_1k"]
    ing_runs = ", ".join(f"{r['turns_per_s']:.1f}" for r in ing["runs"])
    ctx_runs = ", ".join(f"{r['p50']:.0f}/{r['p95']:.0f}" for r in c["runs"])
    lines = ["# Performance benchmark (perf_bench.py)", "",
             f"Run: {res['when']}, {os.cpu_count()} shared cores, Neo4j on the same box, commit `{res['git']}`. "
             f"Command: `python bench/perf_bench.py --repeats {res['repeats']} --copies {res['copies']} "
             f"--queries {res['queries']}`. Medians of {res['repeats']} runs.", "",
             "| measure | median | runs |", "|---|---|---|",
             f"| ingest throughput, turns/s (Memory sessions → flush; {ing['runs'][0]['turns']} turns/run) | "
             f"{ing['turns_per_s']:.1f} | {ing_runs} |",
             f"| caller time per message p50 / p95, ms | {ing['caller_p50_ms']:.2f} / {ing['caller_p95_ms']:.2f} | |",
             f"| context() at 1k memories of a synthetic template store p50 / p95, ms | {c['p50']:.1f} / {c['p95']:.1f} | "
             f"{ctx_runs} |",
             f"| recall inside context() p50 / p95, ms | {c['recall_p50']:.1f} / {c['recall_p95']:.1f} | |",
             f"| Python process RSS after models loaded, MB | {res['rss_models']['rss_mb']:.0f} | |",
             f"| torch imported by the default models (spaCy's thinc is kept from importing it) | "
             f"{'yes' if res['torch_loaded'] else 'no'} | |",
             f"| Python process peak RSS (VmHWM) after ingest (models + Memory + writer), MB | "
             f"{res['rss_ingest']['peak_mb']:.0f} | target ≤ 1024 |",
             f"| peak RSS incl. the 1k bench (holds recall_bench's cached vectors of 100k texts), MB | "
             f"{res['rss_end']['peak_mb']:.0f} | bench data, not the library |",
             f"| LLM calls during ingest | {sum(r['llm_calls'] for r in ing['runs'])} | |",
             "", "The store of the context() rows is recall_bench's template store (`bench/results/recall.md`), not "
             "real text: recall latency on real conversations is in `bench/results/locomo.md` and "
             "`capacity_100k.md`.", ""]
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--copies", type=int, default=2)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--out", type=Path, default=RESULTS / "perf.json")
    a = ap.parse_args(argv)
    from bench.eval.run import _git

    settings = Settings.from_env()
    rss_start = rss_mb()
    load_models(settings)
    rss_models = rss_mb()
    print(f"models loaded: {rss_models}", flush=True)
    torch_loaded = "torch" in sys.modules
    runs = []
    for r in range(a.repeats):
        runs.append(ingest_once(settings, a.copies))
        print(f"ingest run {r + 1}: {runs[-1]}", flush=True)
    ingest = {"runs": runs, "turns_per_s": statistics.median(x["turns_per_s"] for x in runs),
              "caller_p50_ms": statistics.median(x["caller_p50_ms"] for x in runs),
              "caller_p95_ms": statistics.median(x["caller_p95_ms"] for x in runs)}
    rss_ingest = rss_mb()                          # before the 1k bench loads recall_bench's 100k-text vectors
    c1k = context_1k(settings, a.queries, a.repeats)
    print(f"context 1k: p50={c1k['p50']:.1f} p95={c1k['p95']:.1f}", flush=True)
    res = {"when": datetime.now(timezone.utc).isoformat(timespec="seconds"), "git": _git(), "repeats": a.repeats,
           "copies": a.copies, "queries": a.queries, "rss_start": rss_start, "rss_models": rss_models, "torch_loaded": torch_loaded,
           "ingest": ingest, "rss_ingest": rss_ingest, "context_1k": c1k, "rss_end": rss_mb()}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(res, indent=1), encoding="utf-8")
    (a.out.parent / "perf.md").write_text(render(res), encoding="utf-8")
    print(f"ingest_turns_per_s={ingest['turns_per_s']:.1f} context_1k_p50_ms={c1k['p50']:.1f} "
          f"context_1k_p95_ms={c1k['p95']:.1f} rss_models_mb={rss_models['rss_mb']:.0f} "
          f"peak_rss_mb={res['rss_ingest']['peak_mb']:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
