"""Capacity: how the store, Neo4j's memory and latency grow towards a million memories.

Real-text turns (LoCoMo dev and MemoryBank en/cn, read from ../shared at run time, never copied into the
repository; their embeddings computed once and cached) are bulk-loaded as Event memories with ``UNWIND``
(``cypher/bench/load_events``) over ``--users`` users, up to each ``--steps`` size. At every step: ingest rate
of the step, the store's size on disk after a clean shutdown (which checkpoints) and per 1k memories, the JVM's heap in use and the page
cache's use (JMX), and recall p50/p95 (``Memory.recall``, real LoCoMo questions, the user's vectors already
loaded) and that of ``context()`` (a session of the user, the same questions, a 1,500-token budget). Runs on a
throw-away Neo4j of its own (own home, ports, ``--heap``/``--pagecache``) in a separate tenant; the server and its store are deleted at the end. Writes ``--report``, its figures as JSON and a plot next
to it (``bench/report.py`` reads the JSON).

It is heavy (a million 512-d vectors and their HNSW index on 2 cores): run it when the box is otherwise idle.

    python -m bench.capacity_bench [--memories 1000000] [--users 1000] [--steps 10000,100000,300000,1000000]
                                   [--queries 100] [--heap 2g] [--pagecache 2g] [--report bench/results/capacity.md]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

from bench.ingest_real_bench import LOCOMO, MEMORYBANK, _pct, locomo, memorybank  # noqa: E402
from bench.locomo_bench import _git  # noqa: E402

T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)


def texts_and_questions() -> tuple[list[str], list[str]]:
    turns = [t.text for t in locomo()[0]] + [t.text for lang in ("en", "cn") for t in memorybank(lang)]
    unique = list(dict.fromkeys(t.strip() for t in turns if t.strip()))
    questions = [qa["question"] for conv in json.loads(LOCOMO.read_text(encoding="utf-8")) for qa in conv["qa"]]
    return unique, questions


def event_rows(texts: list[str], vec, users: int, lo: int, hi: int, prefix: str = "ev_cap") -> list[dict]:
    """Rows ``lo``..``hi`` of the store for ``cypher/bench/load_events``: memory i belongs to user i % users (its
    n-th, a minute after the one before), with a real text and its embedding."""
    rows = []
    for i in range(lo, hi):
        u, n = i % users, i // users
        j = (u * 7919 + n * 104729) % len(texts)
        rows.append({"id": f"{prefix}{i:08d}", "user_id": f"u{u:04d}", "session_id": f"s{n // 20}", "turn_id": str(n),
                     "kind": "message", "text": texts[j], "language": "", "at": T0 + timedelta(minutes=n),
                     "importance": 0.5, "caption": texts[j][:60], "embedding": vec[j].tolist(), "mentions": []})
    return rows


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _heap(store) -> dict:
    """The JVM's heap in use (JMX ``java.lang:type=Memory``; Neo4j 5 Community exposes no page-cache bean, so the
    page cache is reported as configured beside the store's size)."""
    try:
        return {"heap_mb": store.run_auto("bench/jmx_heap")[0]["used"] / 2**20}
    except Exception as e:  # reported as unavailable, the bench goes on
        return {"heap_mb": None, "error": f"{type(e).__name__}: {e}"[:200]}


def _du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _used(path: Path) -> int:
    """Bytes of transaction log actually written (the files are preallocated to 256 MB)."""
    return sum(p.stat().st_blocks * 512 for p in path.rglob("*") if p.is_file())


def run(memories: int, users: int, steps: list[int], queries: int, heap: str, pagecache: str) -> dict:
    from bench.recall_bench import embeddings
    from graphmem.docker import launcher
    from graphmem.memory import Memory
    from graphmem.schema import apply, wait_online
    from graphmem.settings import Settings
    from graphmem.store import Store

    texts, questions = texts_and_questions()
    base = Settings.from_env()
    vec = embeddings(texts, base)   # recall_bench's cache (~/.cache/graphmem/bench)
    home = Path(tempfile.mkdtemp(prefix="graphmem-capacity-"))
    settings = base.with_(home=home, neo4j_uri=f"bolt://127.0.0.1:{_free_port()}", http_port=_free_port(),
                          neo4j_password=None, neo4j_heap=heap, neo4j_pagecache=pagecache,
                          tenant=f"bench-capacity-{uuid.uuid4().hex[:6]}")
    rng, loaded, points = random.Random(7), 0, []
    launcher.up(settings)
    store = Store(settings)
    try:
        apply(store, vec.shape[1])
        wait_online(store)
        store.run("bench/load_users", {"tenant": settings.tenant, "rows": [
            {"user_id": f"u{u:04d}", "at": T0} for u in range(users)]}, write=True)
        for step in steps:
            t0 = time.perf_counter()
            while loaded < step:
                chunk = event_rows(texts, vec, users, loaded, min(step, loaded + 2000))
                store.run("bench/load_events", {"tenant": settings.tenant, "rows": chunk}, write=True)
                loaded += len(chunk)
            wait_online(store, timeout=3600)
            ingest_s = time.perf_counter() - t0
            jmx = _heap(store)               # before the restart below
            launcher.down(settings)          # a clean shutdown checkpoints: the store files hold everything
            data = home / "neo4j" / "data"
            store_b, logs_b = _du(data / "databases" / "neo4j"), _used(data / "transactions" / "neo4j")
            size = store_b
            launcher.up(settings)
            with Memory(settings, store=store, journal_path=home / "j.sqlite3") as mem:
                sample = [f"u{rng.randrange(users):04d}" for _ in range(max(1, queries // 5))]

                def five(user: str) -> tuple[list[float], list[float]]:
                    """ms of five recalls of ``user`` and of five ``context()`` calls of one of its sessions, each
                    with a random real question."""
                    recalls, contexts = [], []
                    session = mem.session(user, "capacity")
                    for out, call in ((recalls, lambda q: mem.recall(user, q, 8)),
                                      (contexts, lambda q: session.context(q, 1500))):
                        for q in [rng.choice(questions) for _ in range(5)]:
                            t1 = time.perf_counter()
                            call(q)
                            out.append((time.perf_counter() - t1) * 1e3)
                    return recalls, contexts

                times, ctx = [], []
                for user in sample:
                    mem.recall(user, "warm up", 8)          # loads the user's vectors
                    r, c = five(user)
                    times, ctx = times + r, ctx + c
                again = [five(user) for user in sample]      # the same users again: pages cached
                warm, warm_ctx = [ms for r, _ in again for ms in r], [ms for _, c in again for ms in c]
            points.append({"memories": loaded, "ingest_per_s": (step - (points[-1]["memories"] if points else 0))
                           / ingest_s, "store_mb": size / 2**20, "store_files_mb": store_b / 2**20,
                           "tx_logs_mb": logs_b / 2**20, "kb_per_1k": size / 1024 / (loaded / 1000),
                           "recall_p50_ms": _pct(times, .5), "recall_p95_ms": _pct(times, .95),
                           "recall_warm_p50_ms": _pct(warm, .5), "recall_warm_p95_ms": _pct(warm, .95),
                           "context_p50_ms": _pct(ctx, .5), "context_p95_ms": _pct(ctx, .95),
                           "context_warm_p50_ms": _pct(warm_ctx, .5), "context_warm_p95_ms": _pct(warm_ctx, .95), **jmx,
                           "load": os.getloadavg()[0]})
            print(json.dumps(points[-1]), flush=True)
    finally:
        store.close()
        launcher.down(settings)
        shutil.rmtree(home, ignore_errors=True)
    return {"users": users, "texts": len(texts), "heap": heap, "pagecache": pagecache, "points": points,
            "cores": os.cpu_count()}


def _ms(point: dict, key: str) -> str:
    return f"{point[key]:.1f}" if point.get(key) is not None else "n/a"


def report(r: dict, path: Path) -> str:
    from bench.calibrate import describe

    lines = ["# Capacity: towards a million memories", "",
             f"`python -m bench.capacity_bench` on {time.strftime('%Y-%m-%d')}: {r['users']} users, Event memories "
             f"from {r['texts']} distinct real turns (LoCoMo dev, MemoryBank en/cn), bulk-loaded with UNWIND into a "
             f"throw-away Neo4j 5.26 (heap {r['heap']}, page cache {r['pagecache']}) on {r['cores']} shared cores.",
             "The store is measured after a clean shutdown (which checkpoints); transaction logs apart. "
             f"At the start the {describe(r.get('speed'))}.",
             "", "| memories | ingest (memories/s) | store files (tx logs) | store per 1k memories | heap in use | "
             f"store / page cache ({r['pagecache']}) | recall p50 / p95 after the restart | the same users again | "
             "context() p50 / p95 after the restart | the same users again | load |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for p in r["points"]:
        heap = f"{p['heap_mb']:.0f} MB" if p.get("heap_mb") is not None else "n/a"
        pc = f"{p['store_mb'] / _mb(r['pagecache']):.2f}"
        lines.append(f"| {p['memories']:,} | {p['ingest_per_s']:.0f} | {p['store_mb']:.1f} MB ({p['tx_logs_mb']:.0f} MB) | "
                     f"{p['kb_per_1k']:.0f} KB | "
                     f"{heap} | {pc} | {p['recall_p50_ms']:.1f} / {p['recall_p95_ms']:.1f} ms | "
                     f"{_ms(p, 'recall_warm_p50_ms')} / {_ms(p, 'recall_warm_p95_ms')} ms | "
                     f"{_ms(p, 'context_p50_ms')} / {_ms(p, 'context_p95_ms')} ms | "
                     f"{_ms(p, 'context_warm_p50_ms')} / {_ms(p, 'context_warm_p95_ms')} ms | {p['load']:.1f} |")
    text = "\n".join(lines + ["", f"![capacity]({path.with_suffix('.png').name})", ""])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.with_suffix(".json").write_text(json.dumps({**r, "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                                                     "commit": _git()}, indent=1), encoding="utf-8")
    _plot(r["points"], path.with_suffix(".png"))
    return text


def _mb(size: str) -> float:
    return float(size[:-1]) * {"k": 1 / 1024, "m": 1, "g": 1024}[size[-1].lower()]


def _plot(points: list[dict], png: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [p["memories"] for p in points]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    a.plot(x, [p["recall_p50_ms"] for p in points], "o-", label="recall p50")
    a.plot(x, [p["recall_p95_ms"] for p in points], "o-", label="recall p95")
    a.set_xscale("log"), a.set_xlabel("memories"), a.set_ylabel("ms"), a.legend()
    b.plot(x, [p["store_mb"] for p in points], "o-", label="store MB")
    b.plot(x, [p["ingest_per_s"] / 10 for p in points], "o-", label="ingest memories/s ÷ 10")
    b.set_xscale("log"), b.set_xlabel("memories"), b.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=100)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--memories", type=int, default=1_000_000)
    p.add_argument("--users", type=int, default=1000)
    p.add_argument("--steps", default="10000,100000,300000,1000000")
    p.add_argument("--queries", type=int, default=100)
    p.add_argument("--heap", default="2g")
    p.add_argument("--pagecache", default="2g")
    p.add_argument("--report", type=Path, default=ROOT / "results" / "capacity.md")
    a = p.parse_args(argv)
    if not LOCOMO.exists() or not Path(str(MEMORYBANK).format("en")).exists():
        print("bench data not found under ../shared/bench-data (read at run time, never copied into the "
              "repository): nothing measured")
        return 0
    steps = sorted({int(s) for s in a.steps.split(",") if int(s) <= a.memories} | {a.memories})
    from bench.calibrate import box_speed

    speed = box_speed(server=False)   # it starts a server of its own
    print(report({**run(a.memories, a.users, steps, a.queries, a.heap, a.pagecache), "speed": speed}, a.report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
