"""Recall's plans on a store that grows from empty: are they the plans of a large store, and does recall stall
while Neo4j plans again?

    python -m bench.plan_bench [--out bench/results/plans.md]

On a throw-away server (own home and ports, so its database starts empty), a small user (60 LoCoMo turns) is
recalled, with ``context()``, in the three vector modes; every statement they send is recorded with its
parameters. Each is planned (``EXPLAIN``, ``replan=force``) on that nearly empty store, on the emptied store, and once a user
holding the two largest LoCoMo conversations (1,082 turns) has been written and asked its 392 questions. The
report compares how each plan finds its nodes (index seeks and scans with their index, ``Expand(Into)``, joins,
products). It times the 60-turn user's recall + ``context()`` before the store grows and 11 s after (when cached
plans meet the new statistics), counts the stale plans the server discarded during those post-growth calls (its
``debug.log``), and gives the large user's recall and ``context()`` ms on the grown store, with the slowest.
Exits 0, saying so, when ``../shared`` is absent.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time
import uuid
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

from bench import locomo_bench as lb  # noqa: E402
from bench.capacity_bench import _free_port  # noqa: E402

ROOT = Path(__file__).resolve().parent
ACCESS = ("Expand(Into)", "OptionalExpand(Into)", "CartesianProduct", "NodeHashJoin", "ValueHashJoin")
INDEX = re.compile(r"(?:UNIQUE|RANGE INDEX|TEXT INDEX|POINT INDEX) \w+:\w+\([^)]*\)")
STALE = "Discarded stale query"


def access(plan: dict) -> list[str]:
    """How a plan finds its nodes: each index seek or scan with its index, each Expand(Into), join and product."""
    op = plan["operatorType"].split("@")[0]
    found = []
    if "Index" in op or "Scan" in op:
        found.append(" ".join([op, *INDEX.findall(str(plan.get("args", {}).get("Details", "")))]))
    elif op in ACCESS:
        found.append(op)
    for child in plan.get("children", []):
        found += access(child)
    return sorted(found)


def record_statements(captured: dict):
    """Wrap the store's transactions so that each statement's first parameters are kept in ``captured``."""
    import graphmem.store as gs

    def wrap(run):
        def recorded(self, name, params=None):
            captured.setdefault(name, {**self._defaults, **(params or {})})
            return run(self, name, params)
        return recorded

    for cls in (gs.Tx, gs.HttpTx):
        cls.run = wrap(cls.run)


def explain(store, captured: dict) -> dict[str, list[str]]:
    return {name: access(store.explain(name, params, fresh=True)) for name, params in sorted(captured.items())}


def stale_lines(settings) -> int:
    path = settings.neo4j_dir / "logs" / "debug.log"
    return path.read_text(encoding="utf-8", errors="replace").count(STALE) if path.exists() else 0


def run() -> dict:
    from graphmem import Memory, Settings
    from graphmem.docker import launcher
    from graphmem.recall.retriever import RecallConfig
    from graphmem.schema import apply, wait_online
    from graphmem.store import Store

    convs = lb.load_tool().load_locomo(str(lb.DATA))
    home = Path(tempfile.mkdtemp(prefix="graphmem-plans-"))
    settings = Settings.from_env().with_(home=home, neo4j_uri=f"bolt://127.0.0.1:{_free_port()}",
                                         http_port=_free_port(), neo4j_password=None, neo4j_heap="1g",
                                         neo4j_pagecache="256m", tenant="bench-plans")
    launcher.up(settings)
    store = Store(settings)
    try:
        apply(store, 512)
        wait_online(store)
        captured: dict = {}
        record_statements(captured)
        conv, user = convs[0], "small"
        times = lb.turn_times(conv.turns)
        for mode in ("cache", "scan", "index"):
            memory = Memory(settings, store=store, recall=RecallConfig(vector_mode=mode),
                            journal_path=home / f"journal-{mode}.sqlite3")
            if mode == "cache":
                write_small(memory, user, conv, times)
            lb.warm(memory, user, settings.tenant)
            for q in conv.questions[:8]:
                memory.recall(user, q.question, 10, now=times[60])
                lb.time_context(memory, user, q.question, times[60])
            memory.close()
        small = explain(store, captured)
        store.run_auto("admin/delete_tenant", {"tenant": settings.tenant})
        empty = explain(store, captured)
        memory = Memory(settings, store=store, journal_path=home / "journal-long.sqlite3")
        write_small(memory, user, conv, times)
        lb.warm(memory, user, settings.tenant)
        ask = conv.questions[8:14]
        before = [timed_recall(memory, user, q.question, times[60]) for q in ask]
        grow(memory, "grown", convs)
        time.sleep(11)   # a cached plan's statistics are checked at most every 10 s (dbms.cypher.min_replan_interval)
        stale_before = stale_lines(settings)
        after = [timed_recall(memory, user, q.question, times[60]) for q in ask]
        stale = stale_lines(settings) - stale_before
        timed = lb.long_user(memory, settings.tenant, convs)
        large = explain(store, captured)
        memory.close()
    finally:
        store.close()
        launcher.down(settings)
        shutil.rmtree(home, ignore_errors=True)
    changed = {n: {"empty": empty[n], "small": small[n], "large": large[n]} for n in small
               if not empty[n] == small[n] == large[n]}
    return {"commit": lb._git(), "statements": sorted(small), "changed": changed, "long_user": timed,
            "small_user_ms": {"before": before, "after": after}, "stale_plans_discarded": stale}


def timed_recall(memory, user: str, question: str, now) -> float:
    """ms of one recall and one ``context()`` of ``user``."""
    t0 = time.perf_counter()
    memory.recall(user, question, 10, now=now)
    return (time.perf_counter() - t0) * 1e3 + lb.time_context(memory, user, question, now)


def write_small(memory, user: str, conv, times) -> None:
    for t, at in list(zip(conv.turns, times))[:60]:
        memory.add(user, t.session_id, t.dialog_id, t.text, speaker=t.speaker, at=at)
    memory.flush()


def grow(memory, user: str, convs) -> None:
    """The two largest conversations written as ``user``: the store grows about twentyfold."""
    for c in sorted(convs, key=lambda c: -len(c.turns))[:2]:
        for t, at in zip(c.turns, lb.turn_times(c.turns)):
            memory.add(user, f"{c.conv_id}-{t.session_id}", f"{c.conv_id}-{t.dialog_id}", t.text,
                       speaker=t.speaker, at=at)
    memory.flush()


def render(r: dict) -> str:
    lu = r["long_user"]
    lines = [f"# Recall's plans on a store grown from empty ({r['commit']})", "",
             f"{len(r['statements'])} statements that recall and `context()` send (vector modes cache, scan, index),"
             f" each planned on the empty store, on one holding 60 turns and on one holding a {lu['turns']}-turn"
             f" user as well: {len(r['changed'])} find their nodes differently.", ""]
    for name, c in r["changed"].items():
        lines += [f"- `{name}`: empty {c['empty']}; 60 turns {c['small']}; large {c['large']}"]
    ms = r["small_user_ms"]
    lines += ["", f"A 60-turn user's recall + `context()` (ms), before the store grew: "
              f"{' / '.join(f'{x:.0f}' for x in ms['before'])}; once it had grown (another user's"
              f" {lu['turns']} turns written, 11 s later): {' / '.join(f'{x:.0f}' for x in ms['after'])}."
              f" Stale plans the server discarded during those: {r['stale_plans_discarded']}."]
    lines += ["", f"The {lu['turns']}-turn user's {lu['questions']} questions on the grown store (cache mode): recall"
              f" p50 / p95 / slowest {lu['recall_ms_p50']:.1f} / {lu['recall_ms_p95']:.1f} / {lu['recall_ms_max']:.1f}"
              f" ms; `context()` {lu['context_ms_p50']:.1f} / {lu['context_ms_p95']:.1f} /"
              f" {lu['context_ms_max']:.1f} ms.", ""]
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "results" / "plans.md"))
    a = ap.parse_args(argv)
    if lb.data_absent("plan_bench"):
        return 0
    report = run()
    text = render(report)
    print(text)
    Path(a.out).write_text(text)
    Path(a.out).with_suffix(".json").write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
