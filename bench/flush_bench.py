"""One user's recall while other users write and ``flush()``: a multi-user service (the MCP server's ``remember``
with ``wait``, the LangGraph store's ``put``) flushes after each write.

    python -m bench.flush_bench [--rounds 60] [--out bench/results/flush.md]

User A holds a LoCoMo conversation (its questions are asked); user B's turns come from another LoCoMo conversation.
Each round: B adds one turn, ``flush()``, then A asks one question (``recall``, k=10, timed). Rounds alternate
between this tree's ``flush()`` (recall caches kept; a commit tops up only its own users') and the behaviour before
it, reproduced by dropping every user's caches after the flush (``retriever.invalidate()``), so both see the same
box. Real Neo4j, spaCy, USE; exits 0, saying so, when ``../shared`` is absent.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))


def run(rounds: int) -> dict:
    from bench.calibrate import box_speed, describe
    from bench.locomo_bench import DATA, TOOL, _git, load_tool, turn_times, warm
    from graphmem import Memory, Settings
    from graphmem.write.reads import delete_tenant

    ev = load_tool()
    a_conv, b_conv = ev.load_locomo(str(DATA))[:2]
    settings = Settings.from_env().with_(tenant="flush-" + uuid.uuid4().hex[:8])
    speed = describe(box_speed())
    ms: dict[str, list[float]] = {"kept": [], "dropped": []}
    with Memory(settings, journal_path=settings.home / f"bench-flush-{uuid.uuid4().hex[:6]}.sqlite3") as memory:
        try:
            for user, conv in (("A", a_conv), ("B", b_conv)):
                for t, at in zip(conv.turns, turn_times(conv.turns)):
                    memory.add(user, t.session_id, t.dialog_id, t.text, speaker=t.speaker, at=at)
            assert memory.flush(600), "the conversations were not stored in time"
            warm(memory, "A", settings.tenant)
            questions = [q.question for q in a_conv.questions]
            more = list(zip(b_conv.turns, turn_times(b_conv.turns)))
            for i in range(2 * rounds):
                mode = ("kept", "dropped")[i % 2]
                t, at = more[i % len(more)]
                memory.add("B", "extra", f"x{i}", t.text, speaker=t.speaker, at=at)
                memory.flush(60)
                if mode == "dropped":
                    memory.retriever.invalidate()
                t0 = time.perf_counter()
                memory.recall("A", questions[i % len(questions)], 10)
                ms[mode].append((time.perf_counter() - t0) * 1e3)
        finally:
            delete_tenant(memory.store, settings.tenant)
    return {"commit": _git(), "when": datetime.now(timezone.utc).isoformat(timespec="seconds"), "load": os.getloadavg()[0],
            "speed": speed, "turns": (len(a_conv.turns), len(b_conv.turns)), "ms": ms}


def render(r: dict) -> str:
    from bench.ingest_real_bench import _pct

    rows = []
    for mode, label in (("kept", "this tree: caches kept, a commit tops up its own users'"),
                        ("dropped", "before: every user's caches dropped by `flush()`")):
        v = r["ms"][mode]
        rows.append(f"| {label} | {len(v)} | {statistics.median(v):.1f} | {_pct(v, .95):.1f} | {max(v):.1f} |")
    kept, dropped = (statistics.median(r["ms"][m]) for m in ("kept", "dropped"))
    return "\n".join([
        "# User A's recall while user B writes and flushes (`python -m bench.flush_bench`)", "",
        f"Commit `{r['commit']}`, {r['when']}, box load {r['load']:.1f} (2 cores); {r['speed']}. User A holds a LoCoMo conversation "
        f"({r['turns'][0]} turns), user B another ({r['turns'][1]}); each round B adds a turn and `flush()`es, then "
        "A asks one of its questions (`recall`, k=10). The two modes alternate round by round.", "",
        "| after B's flush | rounds | recall ms p50 | p95 | slowest |", "|---|---|---|---|---|", *rows, "",
        f"Median ratio, before / this tree: {dropped / kept:.1f}x.", ""])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=60, help="rounds of each mode")
    ap.add_argument("--out", default=str(ROOT / "results" / "flush.md"))
    a = ap.parse_args(argv)
    from bench.locomo_bench import data_absent

    if data_absent("flush_bench"):
        return 0
    text = render(run(a.rounds))
    print(text)
    Path(a.out).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
