"""A Neo4j server just started, with and without ``graphmem neo4j warm`` (:mod:`graphmem.warmup`).

Each arm restarts the local server with the project's launcher (``graphmem neo4j down``, ``up``), warms it or not,
then times real work on it: the LoCoMo dev conversations (``../shared/bench-data``, licence: benchmark only) written
through ``Memory.add`` and flushed (turns/s), then every question recalled (``Memory.recall``, k = 10: ms p50 / p95 /
slowest); with ``--loop`` also the agent loop of ``session_caller_bench`` (``loop_long``: ``context()`` p50 / p95 /
p99); each with the CPU Neo4j's JIT compiler threads used meanwhile. The models are loaded before each arm's clock
(``Memory.warm``). Arms alternate, cold first. It restarts the launcher's server: do not run it beside other work on
that server. Exits 0, saying so, when ``../shared`` is absent.

    python -m bench.warmup_bench [--rounds 2] [--seconds 60] [--loop] [--no-locomo] [--out bench/results/warmup.md]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

from bench import locomo_bench as lb  # noqa: E402
from bench import session_caller_bench as sc  # noqa: E402


def _arm(warmed: bool, seconds: float, convs, loop: bool) -> dict:
    """The launcher's server restarted, warmed or not, then the measurements."""
    from graphmem.docker import launcher
    from graphmem.settings import Settings
    from graphmem.warmup import warm

    settings = Settings.from_env()
    launcher.down(settings)
    launcher.up(settings)
    done = warm(settings, seconds) if warmed else None
    row = {"arm": "warmed" if warmed else "cold", "warm_s": done.seconds if done else 0.0,
           "warm_messages": done.turns if done else 0}
    if convs:
        row.update(_locomo(settings, convs))
    if loop:
        row.update(_loop(settings))
    return row


def _locomo(settings, convs) -> dict:
    """The LoCoMo dev turns written and flushed, then every question recalled; the JIT's CPU meanwhile."""
    from bench.write_bench import _neo4j_cpu_s

    memory, store, tenant, journal = lb._open("warmup-bench")
    try:
        memory.warm()
        jit0, t0 = _neo4j_cpu_s(settings, jit_only=True), time.perf_counter()
        now = {c.conv_id: lb.ingest(memory, f"u-{c.conv_id}", c) for c in convs}
        ingest_s = time.perf_counter() - t0
        jit1 = _neo4j_cpu_s(settings, jit_only=True)
        ms = []
        for c in convs:
            for q in c.questions:
                a = time.perf_counter()
                memory.recall(f"u-{c.conv_id}", q.question, 10, now=now[c.conv_id])
                ms.append((time.perf_counter() - a) * 1e3)
        jit2 = _neo4j_cpu_s(settings, jit_only=True)
    finally:
        lb._close(memory, store, tenant, journal)
    turns = sum(len(c.turns) for c in convs)
    return {"turns": turns, "turns_per_s": round(turns / ingest_s, 1), "jit_s_ingest": _diff(jit0, jit1),
            "recalls": len(ms), "recall_p50": round(statistics.median(ms), 1), "recall_p95": round(sc._q(ms, .95), 1),
            "recall_max": round(max(ms), 1), "jit_s_recall": _diff(jit1, jit2)}


def _loop(settings) -> dict:
    """``session_caller_bench``'s agent loop (``loop_long``, 500 ms between messages): ``context()`` p50/p95/p99."""
    from bench.write_bench import _neo4j_cpu_s
    from graphmem import Memory

    with Memory(settings) as mem:
        mem.warm()
        jit0 = _neo4j_cpu_s(settings, jit_only=True)
        rows, _ = sc.run("loop_long", None, 500.0, settings, mem.embedder)
        jit1 = _neo4j_cpu_s(settings, jit_only=True)
    ctx = next(r for r in rows if r["call"] == "context")
    return {"loop_calls": ctx["n"], "loop_p50": ctx["wall_p50"], "loop_p95": ctx["wall_p95"],
            "loop_p99": ctx["wall_p99"], "jit_s_loop": _diff(jit0, jit1)}


def _diff(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else round(b - a, 2)


def render(rows: list[dict], seconds: float, loop: bool, locomo: bool) -> str:
    cols = ["| arm | warm-up s (messages) "]
    if locomo:
        cols.append("| ingest turns/s | JIT CPU s during ingest | recall ms p50 / p95 / slowest | JIT CPU s during recalls ")
    if loop:
        cols.append("| agent loop `context()` ms p50 / p95 / p99 | JIT CPU s during the loop ")
    head = "".join(cols) + "|\n" + "|---" * ("".join(cols).count("|")) + "|\n"
    body = ""
    for r in rows:
        body += f"| {r['arm']} | {r['warm_s']:g} ({r['warm_messages']}) "
        if locomo:
            body += (f"| {r['turns_per_s']} | {r['jit_s_ingest']} | {r['recall_p50']} / {r['recall_p95']} / "
                     f"{r['recall_max']} | {r['jit_s_recall']} ")
        if loop:
            body += f"| {r['loop_p50']} / {r['loop_p95']} / {r['loop_p99']} | {r['jit_s_loop']} "
        body += "|\n"
    what = []
    if locomo:
        what.append(f"the {rows[0]['turns']} LoCoMo dev turns written (`Memory.add`, `flush()`) and its "
                    f"{rows[0]['recalls']} questions recalled (k = 10)")
    if loop:
        what.append(f"the agent loop of `session_caller_bench --sets loop_long --gap 500` ({rows[0]['loop_calls']} "
                    "`context()` calls)")
    return (f"# A server just started, with and without `graphmem neo4j warm`\n\n"
            f"Run {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, commit `{lb._git()}`, `python -m bench.warmup_bench "
            f"--seconds {seconds:g}{' --loop' if loop else ''}{' --no-locomo' if not locomo else ''}`, box load "
            f"{os.getloadavg()[0]:.1f} (2 cores). Each row: the launcher's server stopped and started, warmed for "
            f"about {seconds:g} s or not, then {' and '.join(what)}; rows in run order.\n\n" + head + body)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--loop", action="store_true", help="also the agent loop (about 8 minutes an arm)")
    ap.add_argument("--no-locomo", action="store_true", help="not the LoCoMo ingest and recalls")
    ap.add_argument("--out", default=str(ROOT / "results" / "warmup.md"))
    a = ap.parse_args(argv)
    if lb.data_absent("warmup_bench"):
        return 0
    convs = lb.load_tool().load_locomo(str(lb.DATA))
    rows = []
    for _ in range(a.rounds):
        for warmed in (False, True):
            rows.append(_arm(warmed, a.seconds, None if a.no_locomo else convs, a.loop))
            print(json.dumps(rows[-1]), flush=True)
    text = render(rows, a.seconds, a.loop, not a.no_locomo)
    print(text)
    Path(a.out).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
