"""The caller's cost of a session's adds on real text (issue 16 item 4: a turn's caller path p95 ≤ 5 ms).

Real ``Memory`` sessions (real writer, journal, Neo4j, spaCy, jieba, USE) in a fresh tenant; models warmed first.
Per set, the caller's wall time and thread CPU (``time.thread_time``) of every call, p50/p95/p99:
- ``memory_add``: the LoCoMo turns through ``Memory.add`` (journal and return: the reference caller path, the
  control of the run: its wall figures show what the box's load alone does to a sub-millisecond call);
- ``locomo``: LoCoMo dev turns, the first speaker's through ``add_user_message``, the other's through
  ``add_participant_message``;
- ``memorybank_en`` / ``memorybank_cn``: the user's turns through ``add_user_message``, the assistant's replies
  through ``add_assistant_message``;
- ``loop`` (MemoryBank en + cn): the agent loop, ``add_user_message(text)`` then ``context(text)`` then
  ``add_assistant_message(reply)``; ``add+context`` is what the agent waits for before its model runs;
- ``loop_long``: the agent loop of a user who already holds ``LONG`` real turns (LoCoMo's first ones, written with
  ``Memory.add`` and flushed before the clock starts), going on with the next LoCoMo turns (the conversation's first
  speaker the user, ``context()`` after each of their messages; the other's through ``add_participant_message``):
  recall at the latency target's size while the user's own last turns are being written; the user ends holding
  every LoCoMo turn (1,451), twice the target's size;
- ``loop_700``: the same turns, ``WINDOW`` calls a user: each user holds the ``LONG`` turns before its first call
  (written and in the recall caches before the clock), so every call is made on a user holding 700-820 turns.
``--gap`` ms of sleep after each message stands for the model's and the user's time (0: back to back, the worst
case for the caller: the session's and the writer's background work compete for the interpreter). The process's
CPU a message (all threads and the embedding worker processes, until every turn is in the graph) says where the
cost went; the writer's pauses count how often its thread waited for a caller inside ``context()``
(``graphmem.give_way``).
The data is read from ``../shared/bench-data`` at run time (licence: benchmark only); without it the bench says so
and exits 0.

    python -m bench.session_caller_bench [--turns N] [--gap 0] [--label after] [--report bench/results/session_caller.md]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

from bench import ingest_real_bench as real  # noqa: E402

SETS = ("memory_add", "locomo", "memorybank_en", "memorybank_cn", "loop", "loop_long", "loop_700")
LONG = 700   # turns the user of ``loop_long`` (each user of ``loop_700``) holds before its loop starts
WINDOW = 60  # ``loop_700``: the context() calls of one user before the next one takes over
LOOPS = ("loop", "loop_long", "loop_700")


def _q(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p * (len(v) - 1))))] if v else 0.0


class Calls:
    """Wall and thread-CPU milliseconds of the caller's calls, by kind."""

    def __init__(self):
        self.wall: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}

    def time(self, kind: str, fn, *args, **kw):
        w0, c0 = time.perf_counter(), time.thread_time()
        out = fn(*args, **kw)
        self.wall.setdefault(kind, []).append((time.perf_counter() - w0) * 1e3)
        self.cpu.setdefault(kind, []).append((time.thread_time() - c0) * 1e3)
        return out

    def rows(self, name: str) -> list[dict]:
        return [{"set": name, "call": k, "n": len(w),
                 **{f"wall_p{int(p * 100)}": round(_q(w, p), 2) for p in (.5, .95, .99)},
                 **{f"cpu_p{int(p * 100)}": round(_q(self.cpu[k], p), 2) for p in (.5, .95, .99)}}
                for k, w in self.wall.items()]


def _locomo(one_user: bool = False) -> list:
    """LoCoMo's turns, each conversation's first speaker the user (``one_user``: all of them one user's)."""
    turns = real.locomo()[0]
    first = {}
    for t in turns:
        first.setdefault(t.user, t.speaker)
    return [t.__class__("locomo-long" if one_user else t.user, f"{t.user}-{t.session}" if one_user else t.session,
                        t.turn, t.text, "user" if t.speaker == first[t.user] else "participant", t.speaker, t.at)
            for t in turns]


def _plays(name: str, n: int | None) -> list[tuple[list, list]]:
    """(the turns the user already holds, the turns played through the session) of each user of the set, one after
    the other: ``loop_700``'s users (:func:`windows`), else one user, who holds ``LONG`` turns in ``loop_long``."""
    if name == "loop_700":
        return windows(_locomo(one_user=True), LONG, WINDOW, n)
    return [(_locomo(one_user=True)[:LONG] if name == "loop_long" else [], _turns(name, n))]


def windows(every: list, held: int, calls: int, n: int | None = None) -> list[tuple[list, list]]:
    """``every`` turn after the first ``held`` (at most ``n`` of them) cut into plays of ``calls`` user turns each
    (the turns of other roles go with the user turn before them), each play with the ``held`` turns before it."""
    end = len(every) if n is None else min(len(every), held + n)
    starts, made = [held], 0
    for i in range(held, end):
        if every[i].role == "user":
            if made == calls:
                starts.append(i)
                made = 0
            made += 1
    return [(every[a - held:a], every[a:b]) for a, b in zip(starts, starts[1:] + [end])]


def _turns(name: str, n: int | None) -> list:
    """The set's first ``n`` turns (None: all of them, for ``loop_long``)."""
    if name in ("locomo", "memory_add"):
        return _locomo()[:n]
    if name == "loop_long":
        return _locomo(one_user=True)[LONG:][:n]
    if name == "loop":
        half = n // 2
        return real.memorybank("en")[:half] + real.memorybank("cn")[:n - half]
    return real.memorybank(name.split("_")[1])[:n]


def _pauses() -> int | None:
    """How often the writer's thread has paused for a caller so far (``graphmem.give_way``; None before it)."""
    try:
        from graphmem import give_way
    except ImportError:
        return None
    return give_way.paused


def run(name: str, n: int | None, gap: float, settings, embedder) -> tuple[list[dict], dict]:
    """The set's calls timed (rows by kind of call) and its totals, over every user it plays (:func:`_plays`)."""
    calls, cpu, messages, pauses, load0 = Calls(), 0.0, 0, 0, os.getloadavg()[0]
    for held, turns in _plays(name, n):
        spent, paused = _play(name, held, turns, gap, settings, embedder, calls)
        cpu, messages, pauses = cpu + spent, messages + len(turns), pauses + (paused or 0)
    return calls.rows(name), {"set": name, "messages": messages, "cpu_ms_per_message": round(cpu * 1e3 / messages, 2),
                              "load": f"{load0:.1f} → {os.getloadavg()[0]:.1f}",
                              "writer_pauses": None if _pauses() is None else pauses}


def _play(name: str, held: list, turns: list, gap: float, settings, embedder, calls: Calls) -> tuple[float, int | None]:
    """One user's turns through real sessions in a fresh tenant, after the ``held`` turns written and in the recall
    caches; the process's CPU (seconds) and the writer's pauses from the first of ``turns`` until all are stored."""
    from graphmem import Memory
    from graphmem.store import Store
    from graphmem.write.reads import delete_tenant

    from graphmem.linking import nlp
    getattr(nlp, "_docs", {}).clear()   # every set parses its texts afresh (the loop repeats MemoryBank's)
    st = settings.with_(tenant=f"bench-caller-{name}-{uuid.uuid4().hex[:6]}")
    store = Store(st)
    try:
        with tempfile.TemporaryDirectory() as tmp, \
                Memory(st, store=store, embedder=embedder, journal_path=Path(tmp) / "j.sqlite3") as mem:
            if held:   # the user's earlier turns, written and in the recall caches before the clock
                for t in held:
                    mem.add(t.user, t.session, t.turn, t.text, role=t.role, speaker=t.speaker, at=t.at)
                assert mem.flush(900), "the writer did not finish"
                mem.retriever.warm(turns[0].user, st.tenant)
            cpu0, pauses0 = time.process_time() + real.workers_cpu(embedder), _pauses()
            sessions: dict = {}
            for t in turns:
                s = None if name == "memory_add" else sessions.get((t.user, t.session)) or sessions.setdefault(
                    (t.user, t.session), mem.session(t.user, t.session, at=t.at))
                if name == "memory_add":
                    calls.time("Memory.add", mem.add, t.user, t.session, t.turn, t.text, role=t.role,
                               speaker=t.speaker if t.role == "participant" else None, at=t.at)
                elif t.role == "participant":
                    calls.time("add_participant_message", s.add_participant_message, t.speaker, t.text, at=t.at)
                elif t.role == "assistant":
                    calls.time("add_assistant_message", s.add_assistant_message, t.text, at=t.at)
                else:
                    calls.time("add_user_message", s.add_user_message, t.text, at=t.at)
                    if name in LOOPS:
                        calls.time("context", s.context, t.text, 1500)
                        w, c = calls.wall, calls.cpu
                        w.setdefault("add+context", []).append(w["add_user_message"][-1] + w["context"][-1])
                        c.setdefault("add+context", []).append(c["add_user_message"][-1] + c["context"][-1])
                if gap:
                    time.sleep(gap / 1e3)
            assert mem.flush(900), "the writer did not finish"
            cpu = time.process_time() + real.workers_cpu(embedder) - cpu0
    finally:
        delete_tenant(store, st.tenant)
        store.close()
    return cpu, None if pauses0 is None else _pauses() - pauses0


def report(path: Path, label: str, rows: list[dict], totals: list[dict], gap: float, commit: str) -> None:
    """Append this run's tables to ``path`` (earlier runs stay: before/after read side by side)."""
    head = "# The caller's cost of a session's adds (issue 16 item 4: p95 ≤ 5 ms)\n\n" + \
        "`python -m bench.session_caller_bench`: real `Memory` sessions, writer, Neo4j and models; wall and thread " \
        "CPU of each call in ms. See the module's docstring for the sets.\n"
    old = path.read_text(encoding="utf-8") if path.exists() else head
    lines = ["", f"## {label} ({commit}, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, gap {gap:g} ms)", "",
             "| set | call | n | wall p50 | p95 | p99 | thread CPU p50 | p95 | p99 |", "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['set']} | {r['call']} | {r['n']} | {r['wall_p50']} | {r['wall_p95']} | {r['wall_p99']} | "
                     f"{r['cpu_p50']} | {r['cpu_p95']} | {r['cpu_p99']} |")
    lines += ["", "| set | messages | process CPU a message, ms (all threads + embedding workers, until flushed) | load | writer's pauses |",
              "|---|---|---|---|---|"]
    lines += [f"| {t['set']} | {t['messages']} | {t['cpu_ms_per_message']} | {t['load']} | {t['writer_pauses']} |"
              for t in totals]
    path.write_text(old.rstrip("\n") + "\n" + "\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--turns", type=int, default=None,
                    help=f"messages a set (default 200; loop_long and loop_700: every LoCoMo turn after the first {LONG}, "
                         "about 375 calls of context(): a p95 of 100 moves by several ms from run to run)")
    ap.add_argument("--gap", type=float, default=0.0, help="ms of sleep after each message (the model's time)")
    ap.add_argument("--label", default="run")
    ap.add_argument("--report", type=Path, default=None)
    ap.add_argument("--json", type=Path, default=None)
    a = ap.parse_args(argv)
    if not real.LOCOMO.exists() or not Path(str(real.MEMORYBANK).format("en")).exists():
        print(f"bench data not found under {real.DATA}: nothing measured")
        return 0
    from graphmem import Memory
    from graphmem.settings import Settings

    settings = Settings.from_env()
    mem = Memory(settings)
    mem.warm()   # models loaded and out of the full collections, as a service does at start-up
    rows, totals = [], []
    for name in a.sets.split(","):
        r, t = run(name, a.turns or (None if name in ("loop_long", "loop_700") else 200), a.gap, settings, mem.embedder)
        rows += r
        totals.append(t)
        for x in r:
            print(f"{name:14} {x['call']:24} n={x['n']:4} wall p50/p95/p99 {x['wall_p50']:6.2f} {x['wall_p95']:6.2f} "
                  f"{x['wall_p99']:6.2f}  cpu {x['cpu_p50']:6.2f} {x['cpu_p95']:6.2f} {x['cpu_p99']:6.2f}")
        print(f"{name:14} process CPU {t['cpu_ms_per_message']} ms a message, load {t['load']}, "
              f"writer's pauses for a caller {t['writer_pauses']}")
    mem.close()
    if a.json:
        a.json.write_text(json.dumps({"rows": rows, "totals": totals}, indent=1))
    if a.report:
        from bench.locomo_bench import _git
        report(a.report, a.label, rows, totals, a.gap, _git() or "?")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
