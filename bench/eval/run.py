"""Run the suite: every test user's sessions into graphmem and the baselines, then every probe, judged the
same way. Writes one JSON results file (``bench/results/eval.json`` by default).

    python -m bench.eval.run                      # full suite
    python -m bench.eval.run --users en01_maya zh01_wangfang --out /tmp/eval.json
    python -m bench.eval.run --ci                 # the reduced CI set
    python -m bench.eval.run --users-dir bench/eval/heldout2 --out bench/results/eval_heldout2.json   # a held-out set

All users live in ONE fresh tenant (so another user's similar facts are right next door — the isolation
check is meaningful), deleted at the end.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from bench.eval.baselines import all_baselines  # noqa: E402
from bench.eval.data import CI_USERS, UserSpec, load_users, summary, validate  # noqa: E402
from bench.eval.judge import judge  # noqa: E402
from bench.locomo_bench import _git  # noqa: E402

RESULTS = Path(__file__).resolve().parents[1] / "results"
DEFAULT_OUT = RESULTS / "eval.json"
log = logging.getLogger("bench.eval")


K_WIDE = 10


def _recall_at(texts: list[str], wide: list[str], p) -> dict:
    """recall at 1 and 3 (prefixes of the ranked top-k) and at K_WIDE (a separate, wider retrieval)."""
    if not p.expect:
        return {}
    return {"1": judge(texts[:1], p.expect).recall, "3": judge(texts[:3], p.expect).recall,
            str(K_WIDE): judge(wide, p.expect).recall}


def _first_query(session) -> str | None:
    return next((t.text for t in session.turns if t.role == "user" and not t.junk), None)


def run(users: list[UserSpec], *, k: int = 5, budget: int = 2000, last_n: int = 10, out: Path | None = DEFAULT_OUT,
        settings=None, curve: bool = True, force_writer: bool = False, progress=print) -> dict:
    from graphmem import admin
    from graphmem.embedders import get_embedder
    from graphmem.settings import Settings
    from graphmem.short_term.tokens import default_counter
    from graphmem.store import Store

    from bench.eval.system import GraphmemSystem

    problems = validate(users) if len(users) > 1 else []
    base_settings = settings or Settings.from_env()
    tenant = f"eval-{uuid.uuid4().hex[:10]}"
    st = base_settings.with_(tenant=tenant)
    store = Store(st)
    admin.init(st)
    embedder = get_embedder(st)
    counter = default_counter()
    baselines = all_baselines(embedder, last_n)
    t_start = time.perf_counter()
    gm = GraphmemSystem(st, store, k=k, budget=budget, counter=counter, embedder=embedder, force_writer=force_writer)
    rows, stored_rows, curve_rows = [], [], []
    timing = {}
    try:
        # -- ingest, session by session; a token checkpoint before each later session ----------------
        t0 = time.perf_counter()
        n_turns = 0
        for u in users:
            seen = 0
            for si, s in enumerate(u.sessions):
                q = _first_query(s)
                if curve and si > 0 and q:
                    now = s.turns[0].at
                    for b in baselines:
                        toks = sum(counter(x) for x in b.retrieve(u.user, q, k))
                        curve_rows.append({"user": u.user, "lang": u.lang, "turns": seen, "system": b.name,
                                           "tokens": toks})
                    if gm.can_recall():
                        gm.flush()
                        _, lt_tokens, _ = gm.context(u.user, f"curve-{si}", q, now)
                        curve_rows.append({"user": u.user, "lang": u.lang, "turns": seen, "system": "graphmem",
                                           "tokens": lt_tokens})
                for t in s.turns:
                    gm.add(u.user, t)
                    for b in baselines:
                        b.add(u.user, t)
                    seen += 1
                    n_turns += 1
            progress(f"  ingested {u.user} ({seen} turns)")
        t_sub = time.perf_counter()
        gm.flush()
        t1 = time.perf_counter()
        timing.update(ingest_s=t1 - t0, flush_wait_s=t1 - t_sub, turns=n_turns)

        # -- the gate: which turns became events -----------------------------------------------------
        stored_maps = {}
        for u in users:
            st_map = gm.stored(u.user, [t for t in u.turns if t.role == "user"])
            stored_maps[u.user] = st_map
            junk = [t for t in u.turns if t.role == "user" and t.junk]
            info = [t for t in u.turns if t.role == "user" and not t.junk and not t.background]
            bg = [t for t in u.turns if t.role == "user" and not t.junk and t.background]
            stored_rows.append({
                "user": u.user, "lang": u.lang, "junk": len(junk), "info": len(info), "known": len(st_map),
                "junk_stored": sum(bool(st_map.get((t.session, t.turn_id))) for t in junk),
                "info_stored": sum(bool(st_map.get((t.session, t.turn_id))) for t in info),
                "background": len(bg), "background_stored": sum(bool(st_map.get((t.session, t.turn_id))) for t in bg),
                "junk_stored_texts": [t.text for t in junk if st_map.get((t.session, t.turn_id))],
                "info_missed_texts": [t.text for t in info if (t.session, t.turn_id) in st_map
                                      and not st_map[(t.session, t.turn_id)]],
            })

        # -- probes ----------------------------------------------------------------------------------
        markers = {u.user: u.private for u in users}
        t2 = time.perf_counter()
        for u in users:
            foreign = tuple(m for other, ms in markers.items() if other != u.user for m in ms)
            for p in u.probes:
                base = {"probe": p.id, "user": u.user, "lang": u.lang, "cat": p.cat, "q": p.q}
                for b in baselines:
                    wide = b.retrieve(u.user, p.q, K_WIDE) if b.name in ("bm25", "dense") else []
                    texts = b.retrieve(u.user, p.q, k)
                    v = judge(texts, p.expect, p.old, p.forbid, foreign)
                    rows.append({**base, "system": b.name, "recall": v.recall, "hit": v.hit, "latest": v.latest,
                                 "forbidden": v.forbidden, "leaked": v.leaked,
                                 "tokens": sum(counter(x) for x in texts), "n": len(texts),
                                 **({"recall_at": _recall_at(texts, wide, p)} if b.name in ("bm25", "dense") else {})})
                # write-path attribution: for each expected group, was a user turn that says it stored at all?
                from bench.eval.judge import contains

                src = []
                for g in p.expect:
                    turns = [t for t in u.turns if t.role == "user" and any(contains(t.text, f) for f in g)]
                    if turns:
                        src.append(any(stored_maps[u.user].get((t.session, t.turn_id)) for t in turns))
                base["sources_stored"] = (sum(src) / len(src)) if src else None
                if gm.can_recall():
                    r = gm.probe(p)
                    wide = gm.recall(u.user, p.q, p.now, k=K_WIDE)
                    variants = [("graphmem", r["recall_texts"], sum(counter(x) for x in r["recall_texts"])),
                                ("graphmem-context", r["context_texts"], r["context_tokens"])]
                    if r.get("nofloor_texts") is not None:
                        variants.append(("graphmem-nofloor", r["nofloor_texts"],
                                         sum(counter(x) for x in r["nofloor_texts"])))
                    for name, texts, toks in variants:
                        v = judge(texts, p.expect, p.old, p.forbid, foreign)
                        rows.append({**base, "system": name, "recall": v.recall, "hit": v.hit, "latest": v.latest,
                                     "forbidden": v.forbidden, "leaked": v.leaked, "tokens": toks, "n": len(texts),
                                     "ms": r["recall_ms"] if name == "graphmem" else r["context_ms"],
                                     "prompt_tokens": r["prompt_tokens"], "top": [x[:160] for x in texts],
                                     **({"recall_at": _recall_at(texts, wide, p)} if name == "graphmem" else {})})
            progress(f"  probed {u.user}")
        timing["probe_s"] = time.perf_counter() - t2

        # -- change probes: the old value is still in the history (as of the day it was said) -----------
        history_rows = []
        if gm.can_recall():
            from bench.eval.judge import contains

            for u in users:
                for p in u.probes:
                    if p.cat != "change" or not p.old:
                        continue
                    forms = [f for g in p.old for f in g]
                    said = next((t for t in u.turns if t.role == "user" and any(contains(t.text, f) for f in forms)), None)
                    if said is None:
                        continue
                    when = said.at.replace(hour=23, minute=59)
                    h = gm.old_in_history(u.user, forms, when)
                    history_rows.append({"probe": p.id, "user": u.user, "lang": u.lang, **h})
        llm_calls = gm.llm_calls()
        writer_stats = gm.writer_stats()
    finally:
        gm.close()
        try:
            store.run_auto("admin/delete_tenant", {"tenant": tenant})
        finally:
            store.close()
    result = {
        "meta": {"when": datetime.now(timezone.utc).isoformat(timespec="seconds"), "git": _git(), "k": k,
                 "budget": budget, "last_n": last_n, "embedder": getattr(embedder, "name", "?"),
                 "counter": getattr(counter, "name", "?"), "graphmem_mode": gm.mode, "notes": gm.notes,
                 "llm_calls": llm_calls, "writer_stats": writer_stats, "timing": timing, "total_s": time.perf_counter() - t_start,
                 "data": summary(users), "data_problems": problems,
                 "systems": sorted({r["system"] for r in rows})},
        "probes": rows, "stored": stored_rows, "curve": curve_rows, "history": history_rows,
    }
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(result, ensure_ascii=False, indent=1, default=str), encoding="utf-8")
    return result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--users", nargs="*", help="only these test users")
    ap.add_argument("--ci", action="store_true", help="the reduced CI set")
    ap.add_argument("--users-dir", type=Path, default=None,
                    help="another set of users, e.g. bench/eval/heldout2 (held-out: written without seeing the system)")
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--last-n", type=int, default=10)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--no-curve", action="store_true")
    a = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    users = load_users(CI_USERS if a.ci else a.users, **({"directory": a.users_dir} if a.users_dir else {}))
    res = run(users, k=a.k, budget=a.budget, last_n=a.last_n, out=a.out, curve=not a.no_curve)
    from bench.eval.metrics import headline

    print(headline(res))
    print(f"results: {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
