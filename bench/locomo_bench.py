"""External recall benchmark: real long conversations (LoCoMo dev split in ``../shared/bench-data``), measured with
the shared protocol (``../shared/tools/retrieval_eval.py``), graphmem beside BM25, dense and their fusion over the
raw turns, in the same run.

graphmem ingests each conversation through the public API (``Memory.add`` with the turn's speaker and time: one
user per conversation, both people named participants), flushes, and answers each question with
``Memory.recall``; a recalled memory counts for the turns it comes from (a fact for the turn it was drawn from).

    python -m bench.locomo_bench [--systems graphmem,bm25,dense,hybrid] [--limit 1] [--out bench/results/locomo.md]

Prints, per category, R@1/5/10/20 and chars@10, then recall ms p50/p95 and ingest turns/s, and writes the same
to ``--out`` (markdown) and ``bench/results/locomo.json``. For graphmem it also times ``context()`` (a session's
layered, budgeted context: recall plus packing) for every question, and both on one user holding the two largest
conversations (over 700 real turns), the size the latency target names. Exits 0, saying so, when ``../shared`` is absent
(the data's licence forbids copying it into the repository).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent
SHARED = Path(os.environ.get("GRAPHMEM_SHARED", ROOT.parents[1] / "shared"))
DATA = SHARED / "bench-data" / "locomo-dev" / "locomo_dev.json"
TOOL = SHARED / "tools" / "retrieval_eval.py"
KS = (1, 5, 10, 20)


def data_absent(bench: str) -> bool:
    """True, saying so, when the LoCoMo data or the shared protocol is not in this checkout (the data's licence keeps
    it out of the repository): a bench that needs them then measures nothing and exits 0."""
    if DATA.exists() and TOOL.exists():
        return False
    print(f"{bench}: {DATA} or {TOOL} is absent (the benchmark data is not in this checkout); nothing to do")
    return True


def load_tool():
    spec = importlib.util.spec_from_file_location("retrieval_eval", TOOL)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["retrieval_eval"] = mod
    spec.loader.exec_module(mod)
    return mod


def turn_times(turns) -> list[datetime]:
    """Each turn's time: its session's start plus a minute per turn (the release dates sessions, not turns)."""
    out, last_session, n = [], None, 0
    for t in turns:
        n = n + 1 if t.session_id == last_session else 0
        last_session = t.session_id
        start = _at(t.timestamp) or (out[-1] if out else datetime(2023, 1, 1, tzinfo=timezone.utc))
        out.append(start + timedelta(minutes=n))
    return out


#: speakers the protocol's loaders give the memory's owner and the assistant (LongMemEval's roles, MemoryBank's "AI");
#: an empty speaker (MADial-Bench's archive of the user's own events) is the owner too
OWNER_SPEAKERS = frozenset({"user"})
ASSISTANT_SPEAKERS = frozenset({"assistant", "ai"})


def who(speaker: str | None) -> dict:
    """``Memory.add``'s ``role`` / ``speaker`` for a protocol turn's speaker: the owner, the assistant, or a named
    participant (LoCoMo's two people)."""
    name = (speaker or "").strip()
    if not name or name.casefold() in OWNER_SPEAKERS:
        return {"role": "user"}
    if name.casefold() in ASSISTANT_SPEAKERS:
        return {"role": "assistant"}
    return {"speaker": name}


class GraphmemAdapter:
    """The protocol's adapter over one shared :class:`graphmem.Memory` (a fresh user per conversation). A turn
    ``Memory.add`` refuses (empty, or over its size limit) is left out and counted (``stats["refused"]``); a question
    with its own time (LongMemEval's question date) is asked then, others a day after the last turn."""

    def __init__(self, memory, tenant: str, stats: dict, *, time_contexts: bool = True, **recall_kwargs):
        self.memory, self.tenant, self.stats, self.kw = memory, tenant, stats, recall_kwargs
        self.time_contexts = time_contexts
        self.user = "locomo-" + uuid.uuid4().hex[:8]
        self.turn_of: dict[str, str] = {}
        self.now = None

    def ingest(self, turns) -> None:
        from graphmem.errors import InputError

        times = turn_times(turns)
        t0 = time.perf_counter()
        speakers = _accepts_speaker(self.memory)
        for t, at in zip(turns, times):
            try:
                if speakers:
                    self.memory.add(self.user, t.session_id, t.dialog_id, t.text, at=at, **who(t.speaker))
                else:   # a graphmem without speakers (the baseline commit): the speaker's name leads the text
                    self.memory.add(self.user, t.session_id, t.dialog_id, f"{t.speaker}: {t.text}", at=at)
                    self._map_ids(t)
            except InputError:
                self.stats["refused"] = self.stats.get("refused", 0) + 1
        self.memory.flush()
        self.stats.setdefault("ingest_s", 0.0)
        self.stats["ingest_s"] += time.perf_counter() - t0
        self.stats["turns"] = self.stats.get("turns", 0) + len(turns)
        self.now = times[-1] + timedelta(days=1) if times else datetime.now(timezone.utc)
        warm(self.memory, self.user, self.tenant)

    def _map_ids(self, t) -> None:
        """Without ``Recalled.turn_id``: every id a turn's event, statement events and facts can have."""
        from graphmem.write import ids

        self.turn_of[ids.event_id(self.tenant, self.user, t.session_id, t.dialog_id)] = t.dialog_id
        for i in range(40):
            fid = ids.fact_id(self.tenant, self.user, t.session_id, t.dialog_id, i)
            self.turn_of[fid] = self.turn_of["ev_" + fid[3:]] = t.dialog_id

    def query_question(self, q, k: int) -> list:
        return self.query(q.question, k, _at(q.time) or self.now)

    def query(self, question: str, k: int, now: datetime | None = None) -> list:
        now = now or self.now
        t0 = time.perf_counter()
        found = self.memory.recall(self.user, question, k, now=now, **self.kw)
        self.stats.setdefault("ms", []).append((time.perf_counter() - t0) * 1e3)
        if self.time_contexts:
            self.stats.setdefault("context_ms", []).append(time_context(self.memory, self.user, question, now))
        out = []
        for r in found:
            turn = getattr(r, "turn_id", None) or self.turn_of.get(r.id)
            out.append({"ids": [turn] if turn else [], "text": r.text})
        return out


def _at(stamp: str | None) -> datetime | None:
    """A protocol timestamp (ISO 8601) as an aware datetime (UTC when it names no zone); None if absent or not ISO."""
    try:
        at = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return None
    return at if at.tzinfo else at.replace(tzinfo=timezone.utc)


_shared: tuple | None = None


def make_retriever() -> GraphmemAdapter:
    """The zero-argument factory the protocol's own command takes, for any of its datasets (LoCoMo, LongMemEval,
    MADial-Bench, MemoryBank): ``python ../shared/tools/retrieval_eval.py --dataset longmemeval --data F
    --adapter bench.locomo_bench:make_retriever``, run from the repository root. Every conversation is a fresh
    user of one process-wide ``Memory`` in a fresh tenant, deleted when the process exits."""
    global _shared
    if _shared is None:
        import atexit

        opened = _open("protocol")
        atexit.register(_close, *opened)
        _shared = (opened[0], opened[2], {})
    memory, tenant, stats = _shared
    return GraphmemAdapter(memory, tenant, stats, time_contexts=False)


def _open(name: str) -> tuple:
    """A bench's ``Memory`` in a fresh tenant ``<name>-…``, with its own journal: (memory, store, tenant, journal),
    what :func:`_close` takes."""
    from graphmem import Memory, Settings
    from graphmem.store import Store

    settings = Settings.from_env().with_(tenant=f"{name}-" + uuid.uuid4().hex[:8])
    store = Store(settings)
    journal = settings.home / f"bench-{name}-{uuid.uuid4().hex[:6]}.sqlite3"
    return Memory(settings, store=store, journal_path=journal), store, settings.tenant, journal


def _close(memory, store, tenant: str, journal) -> None:
    """Close a bench's ``Memory``, delete its tenant (saying so if it cannot) and its journal."""
    from graphmem.write import delete_tenant
    from graphmem.write.journal import remove

    memory.close()
    try:
        delete_tenant(store, tenant)
    except Exception as e:  # the bench tenant stays; say so
        print(f"could not delete bench tenant {tenant}: {e}", file=sys.stderr)
    remove(journal)


def ingest(memory, user: str, conv) -> datetime:
    """One LoCoMo conversation as ``user``'s turns (each with its speaker and time), flushed; returns the "now"
    its questions are asked at (a day after the last turn)."""
    times = turn_times(conv.turns)
    for t, at in zip(conv.turns, times):
        memory.add(user, t.session_id, t.dialog_id, t.text, at=at, **who(t.speaker))
    memory.flush()
    return times[-1] + timedelta(days=1)


def time_context(memory, user: str, question: str, now) -> float:
    """ms of one ``context()`` for ``question`` in a fresh session of ``user`` at ``now`` (recall + packing)."""
    session = memory.session(user, "bench-" + uuid.uuid4().hex[:8], at=now)
    t0 = time.perf_counter()
    session.context(question)
    ms = (time.perf_counter() - t0) * 1e3
    memory.end_session(user, session.session_id)
    return ms


def warm(memory, user: str, tenant: str) -> None:
    """What a service does at start-up (``Memory.warm``: models and the user's caches loaded, then out of the
    garbage collector's full collections); a graphmem from before it only loads the caches."""
    if hasattr(memory, "warm"):
        memory.warm(user, tenant=tenant)
    else:
        memory.retriever.warm(user, tenant)


def long_user(memory, tenant: str, convs) -> dict:
    """Recall and context() latency on one user holding the two largest conversations (their questions)."""
    two = sorted(convs, key=lambda c: -len(c.turns))[:2]
    user = "locomo-long-" + uuid.uuid4().hex[:8]
    for c in two:
        for t, at in zip(c.turns, turn_times(c.turns)):
            memory.add(user, f"{c.conv_id}-{t.session_id}", f"{c.conv_id}-{t.dialog_id}", t.text, speaker=t.speaker,
                       at=at)
    memory.flush()
    now = max(turn_times(c.turns)[-1] for c in two) + timedelta(days=1)
    warm(memory, user, tenant)
    recall_ms, context_ms = [], []
    for c in two:
        for q in c.questions:
            t0 = time.perf_counter()
            memory.recall(user, q.question, 10, now=now)
            recall_ms.append((time.perf_counter() - t0) * 1e3)
            context_ms.append(time_context(memory, user, q.question, now))
    return {"turns": sum(len(c.turns) for c in two), "questions": len(recall_ms),
            **_p50_p95("recall_ms", recall_ms), **_p50_p95("context_ms", context_ms)}


def _p50_p95(name: str, ms: list[float]) -> dict:
    """p50, p95 and the slowest call (where a stall shows: a statement planned again took 0.7-1.7 s)."""
    return {f"{name}_p50": statistics.median(ms), f"{name}_p95": sorted(ms)[int(0.95 * (len(ms) - 1))],
            f"{name}_max": max(ms)}


def _accepts_speaker(memory) -> bool:
    import inspect

    return "speaker" in inspect.signature(memory.writer.add).parameters


def _git() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=ROOT).stdout.strip()
    except OSError:
        return "?"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--systems", default="graphmem,bm25,dense,hybrid")
    ap.add_argument("--limit", type=int, help="first N conversations")
    ap.add_argument("--out", default=str(ROOT / "results" / "locomo.md"))
    ap.add_argument("--rankings", help="write graphmem's per-question rankings (JSONL) here")
    a = ap.parse_args(argv)
    if data_absent("locomo_bench"):
        return 0
    from bench.calibrate import box_speed

    ev = load_tool()
    convs = ev.load_locomo(str(DATA))[: a.limit]
    systems = [s for s in a.systems.split(",") if s]
    extra = {"overall w/o adversarial": {f"{k}-{v}" for k, v in ev.LOCOMO_CATEGORIES.items() if k != 5}}
    report: dict = {"commit": _git(), "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    "load": os.getloadavg()[0], "stats": ev.dataset_stats(convs), "runs": {},
                    "speed_start": box_speed() if "graphmem" in systems else None}
    memory = None
    for name in systems:
        stats: dict = {}
        if name == "graphmem":
            memory, store, tenant, journal = _open("locomo")
            factory = lambda: GraphmemAdapter(memory, tenant, stats)  # noqa: E731
        else:
            factory = ev.BUILTIN[name]()
        print(f"== {name}", file=sys.stderr)
        t0 = time.perf_counter()
        rank_f = open(a.rankings, "w") if a.rankings and name == "graphmem" else None
        run = ev.evaluate(convs, factory, KS, rank_f)
        if rank_f:
            rank_f.close()
        agg = ev.aggregate(run, extra)
        ms = stats.get("ms") or []
        if ms:
            timed = _p50_p95("recall_ms", ms)
        else:   # the builtin baselines: the protocol's total query time, a mean
            mean = run["query_s"] * 1e3 / max(1, sum(1 for q in run["per_question"] if q["labelled"]))
            timed = {"recall_ms_p50": mean, "recall_ms_p95": mean}
        groups = agg["groups"]
        report["runs"][name] = {
            "groups": groups, "wall_s": time.perf_counter() - t0, **timed,
            "ingest_turns_per_s": stats["turns"] / stats["ingest_s"] if stats.get("ingest_s") else None,
        }
        if stats.get("context_ms"):
            report["runs"][name].update(_p50_p95("context_ms", stats["context_ms"]))
        print(f"\n{name}\n" + ev.format_table(agg, KS, [10]))
        if memory is not None and name == "graphmem":
            if len(convs) > 1:
                report["long_user"] = long_user(memory, tenant, convs)
                print("long user", json.dumps(report["long_user"]), file=sys.stderr)
            _close(memory, store, tenant, journal)
            memory = None
    report["speed_end"] = box_speed() if "graphmem" in systems else None
    md = render(report)
    print(md)
    Path(a.out).write_text(md, encoding="utf-8")
    Path(a.out).with_suffix(".json").write_text(json.dumps(report, indent=1, default=str), encoding="utf-8")
    return 0


def _ms(run: dict, name: str) -> str:
    """The slowest call's ms; a dash for the baselines (their figure is a mean) and for older reports."""
    v = run.get(f"{name}_ms_max")
    return "—" if v is None else f"{v:.1f}"


def render(report: dict) -> str:
    from bench.calibrate import describe

    cats = ["1-multi-hop", "2-temporal", "3-open-domain", "4-single-hop", "5-adversarial", "overall"]
    lines = [f"# External recall benchmark: LoCoMo dev split (3 conversations, "
             f"{report['stats']['turns']} turns, {report['stats']['questions']} questions)", "",
             f"Commit `{report['commit']}`, {report['when']}, box load {report['load']:.1f} (2 cores); "
             f"at the start the {describe(report.get('speed_start'))}, at the end the "
             f"{describe(report.get('speed_end'))}. "
             "Protocol: `../shared/tools/retrieval_eval.py` (recall@k = share of a question's evidence turns in "
             "the top k). All systems in one run. Regenerate: `python -m bench.locomo_bench`.", "",
             "| system | category | n | R@1 | R@5 | R@10 | R@20 | chars@10 |", "|---|---|---|---|---|---|---|---|"]
    for name, run in report["runs"].items():
        for c in cats:
            g = run["groups"].get(c)
            if g:
                lines.append(f"| {name} | {c} | {g['n']} | " + " | ".join(f"{100 * g[f'recall@{k}']:.1f}" for k in KS)
                             + f" | {g['chars@10']:.0f} |")
    lines += ["", "| system | recall ms p50 | recall ms p95 | slowest ms | ingest turns/s |", "|---|---|---|---|---|"]
    for name, run in report["runs"].items():
        tps = run["ingest_turns_per_s"]
        lines.append(f"| {name} | {run['recall_ms_p50']:.1f} | {run['recall_ms_p95']:.1f} | {_ms(run, 'recall')} | "
                     f"{'%.1f' % tps if tps else '—'} |")
    for name, run in report["runs"].items():
        if "context_ms_p50" in run:
            lines.append(f"\n{name} `context()` (recall + packing into the session's budget) on the same users: "
                         f"p50 {run['context_ms_p50']:.1f} ms, p95 {run['context_ms_p95']:.1f} ms, slowest "
                         f"{_ms(run, 'context')} ms.")
    lu = report.get("long_user")
    if lu:
        lines.append(f"\nOne user holding the two largest conversations ({lu['turns']} real turns, their "
                     f"{lu['questions']} questions): recall p50 {lu['recall_ms_p50']:.1f} / p95 "
                     f"{lu['recall_ms_p95']:.1f} ms (slowest {_ms(lu, 'recall')}); `context()` p50 "
                     f"{lu['context_ms_p50']:.1f} / p95 {lu['context_ms_p95']:.1f} ms (slowest {_ms(lu, 'context')}).")
    lines.append(f"\nPython {platform.python_version()}; baselines' ms is their mean per question.")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
