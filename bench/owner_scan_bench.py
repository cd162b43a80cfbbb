"""Loading one user's memories into recall's cache (``recall/user_vectors``) on a store shared by many users: this
tree's statement against another revision's, alternating, on the same store.

    python -m bench.owner_scan_bench [--memories 100000] [--users 100] [--against b3cdf71] [--out ...]

A throw-away server (own home and ports) is bulk-loaded with real-text Event memories as ``bench.capacity_bench``
loads them (``cypher/bench/load_events``: LoCoMo and MemoryBank turns with their embeddings), spread over
``--users`` users. Then, for 20 of them, the full load (``$since`` null, what ``warm()`` runs) and the refresh
(``$since`` at the user's last memory: what a cache refresh runs when nothing is new) are timed and profiled (the
server's db hits) with both statement texts, one after the other; so is ``curate/users`` (``graphmem users``: every
user's counts), three times. Exits 0, saying so, when ``../shared`` is absent.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import timedelta
from pathlib import Path

from bench.capacity_bench import T0, _free_port, event_rows, texts_and_questions

ROOT = Path(__file__).resolve().parent
STATEMENT, LISTING = "recall/user_vectors", "curate/users"


def db_hits(plan) -> int:
    return plan.get("dbHits", 0) + sum(db_hits(c) for c in plan.get("children", []))


def timed(session, text: str, params: dict) -> tuple[float, int]:
    """ms of one run of ``text`` (all its records read) and the server's db hits for it (a profiled run)."""
    t0 = time.perf_counter()
    list(session.run(text, params))
    ms = (time.perf_counter() - t0) * 1e3
    summary = session.run("PROFILE " + text, params).consume()
    return ms, db_hits(summary.profile)


def run(memories: int, users: int, against: str) -> dict:
    from bench.locomo_bench import _git
    from bench.recall_bench import embeddings
    from graphmem.docker import launcher
    from graphmem.queries import query
    from graphmem.schema import apply, wait_online
    from graphmem.settings import Settings
    from graphmem.store import Store

    texts, _ = texts_and_questions()
    base = Settings.from_env()
    vec = embeddings(texts, base)
    def old(name: str) -> str:
        return subprocess.run(["git", "show", f"{against}:cypher/{name}.cypher"], capture_output=True, text=True,
                              cwd=ROOT.parent, check=True).stdout

    statements = {"this tree": query(STATEMENT), against: old(STATEMENT)}
    listings = {"this tree": query(LISTING), against: old(LISTING)}
    home = Path(tempfile.mkdtemp(prefix="graphmem-scan-"))
    settings = base.with_(home=home, neo4j_uri=f"bolt://127.0.0.1:{_free_port()}", http_port=_free_port(),
                          neo4j_password=None, neo4j_heap="2g", neo4j_pagecache="1g",
                          tenant=f"bench-scan-{uuid.uuid4().hex[:6]}")
    launcher.up(settings)
    store = Store(settings)
    per_user = memories // users
    results: dict = {name: {"full_ms": [], "full_hits": [], "refresh_ms": [], "refresh_hits": [], "users_ms": [],
                            "users_hits": []} for name in statements}
    try:
        apply(store, vec.shape[1])
        wait_online(store)
        store.run("bench/load_users", {"tenant": settings.tenant, "rows": [
            {"user_id": f"u{u:04d}", "at": T0} for u in range(users)]}, write=True)
        for start in range(0, memories, 2000):
            chunk = event_rows(texts, vec, users, start, min(memories, start + 2000), prefix="ev_scan")
            store.run("bench/load_events", {"tenant": settings.tenant, "rows": chunk}, write=True)
        wait_online(store, timeout=3600)
        last = T0 + timedelta(minutes=per_user)
        with store.driver.session(database=settings.database) as session:
            for name, text in statements.items():            # each text planned and its pages read once
                timed(session, text, {"tenant": settings.tenant, "user_id": "u0000", "since": None, "scopes": None})
            for u in range(0, users, max(1, users // 20)):
                params = {"tenant": settings.tenant, "user_id": f"u{u:04d}", "scopes": None}
                for name, text in statements.items():
                    r = results[name]
                    ms, hits = timed(session, text, {**params, "since": None})
                    r["full_ms"].append(ms)
                    r["full_hits"].append(hits)
                    ms, hits = timed(session, text, {**params, "since": last})
                    r["refresh_ms"].append(ms)
                    r["refresh_hits"].append(hits)
            for _ in range(3):
                for name, text in listings.items():
                    ms, hits = timed(session, text, {"tenant": settings.tenant})
                    results[name]["users_ms"].append(ms)
                    results[name]["users_hits"].append(hits)
    finally:
        store.close()
        launcher.down(settings)
        shutil.rmtree(home, ignore_errors=True)
    return {"commit": _git(), "against": against, "memories": memories, "users": users, "load": os.getloadavg()[0],
            "medians": {name: {k: statistics.median(v) for k, v in r.items()} for name, r in results.items()},
            "runs": results}


def render(r: dict) -> str:
    lines = [f"# Reading one user's memories on a shared store ({r['commit']} against {r['against']})", "",
             f"`{STATEMENT}` for 20 of {r['users']} users, and `{LISTING}` three times, on a store of {r['memories']:,} real-text Event memories"
             f" ({r['memories'] // r['users']:,} a user), the two statement texts one after the other, load"
             f" {r['load']:.1f}. Medians:", "",
             "| statements | full load ms | db hits | refresh (nothing new) ms | db hits |"
             f" `{LISTING}` ms | db hits |", "|---|---|---|---|---|---|---|"]
    for name, m in r["medians"].items():
        lines.append(f"| {name} | {m['full_ms']:.1f} | {m['full_hits']:,.0f} | {m['refresh_ms']:.1f} |"
                     f" {m['refresh_hits']:,.0f} | {m['users_ms']:.1f} | {m['users_hits']:,.0f} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--memories", type=int, default=100_000)
    ap.add_argument("--users", type=int, default=100)
    ap.add_argument("--against", default="b3cdf71")
    ap.add_argument("--out", default=str(ROOT / "results" / "owner_scan.md"))
    a = ap.parse_args(argv)
    try:
        texts_and_questions()
    except (FileNotFoundError, OSError) as e:
        print(f"owner_scan_bench: the bench data is absent ({e}); nothing measured")
        return 0
    report = run(a.memories, a.users, a.against)
    text = render(report)
    print(text)
    Path(a.out).write_text(text)
    Path(a.out).with_suffix(".json").write_text(json.dumps(report, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
