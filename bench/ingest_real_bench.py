"""Write-path throughput on real conversation text, beside the template conversation of ``write_bench.py``.

Every set goes through ``Memory.add`` + ``flush()`` in one process, into the real Neo4j, in a fresh tenant:
- ``locomo``: the three LoCoMo dev conversations (1,451 turns with speakers: both people are participants);
- ``memorybank_en`` / ``memorybank_cn``: MemoryBank user ↔ assistant chats (the user's own turns and the
  assistant's replies);
- ``template``: ``write_bench.conversation()`` (synthetic, the figure the README had).
It reports turns/s (submit of the first turn to the end of ``flush()``), the caller-path cost of ``Memory.add``
(p50/p95), CPU per turn (Python, and the Neo4j server when it is the launcher's), the box's load, and what the
gate rejected — for LoCoMo also how many rejected turns are evidence of a question (the qa items' ``evidence``).
Models are loaded and warmed before the clock starts.

The data is read from ``../shared/bench-data`` at run time (licence: benchmark only — never copy it into the
repository); without it the real sets are skipped with a message and the exit code is still 0.

    python -m bench.ingest_real_bench [--sets locomo,memorybank_en,memorybank_cn,template]
                                      [--report bench/results/write.md] [--dump graph.json] [--compare old.json]
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

DATA = Path(os.environ.get("GRAPHMEM_BENCH_DATA", ROOT.parent.parent / "shared" / "bench-data"))
LOCOMO = DATA / "locomo-dev" / "locomo_dev.json"
MEMORYBANK = DATA / "memorybank" / "memory_bank_{}.json"
SETS = ("locomo", "memorybank_en", "memorybank_cn", "template")


@dataclass(frozen=True)
class T:
    user: str
    session: str
    turn: str
    text: str
    role: str | None
    speaker: str | None
    at: datetime
    ref: str = ""          # LoCoMo dia_id


# -- the sets ---------------------------------------------------------------------------------------------
def locomo() -> tuple[list[T], set[str]]:
    """LoCoMo turns in order, with speakers; and the evidence dia_ids of its questions (as ``user|dia_id``)."""
    turns, evidence = [], set()
    for conv in json.loads(LOCOMO.read_text(encoding="utf-8")):
        c, user = conv["conversation"], f"locomo-{conv['sample_id']}"
        n = 1
        while f"session_{n}" in c:
            start = datetime.strptime(c[f"session_{n}_date_time"], "%I:%M %p on %d %B, %Y").replace(tzinfo=timezone.utc)
            for i, t in enumerate(c[f"session_{n}"]):
                turns.append(T(user, f"session_{n}", t["dia_id"], t["text"], None, t["speaker"],
                               start + timedelta(seconds=30 * i), t["dia_id"]))
            n += 1
        evidence |= {f"{user}|{e}" for qa in conv["qa"] for e in qa.get("evidence", [])}
    return turns, evidence


def memorybank(lang: str) -> list[T]:
    turns = []
    for name, person in json.loads(Path(str(MEMORYBANK).format(lang)).read_text(encoding="utf-8")).items():
        for day, pairs in sorted(person["history"].items()):
            start = datetime.fromisoformat(day).replace(hour=9, tzinfo=timezone.utc)
            for i, p in enumerate(pairs):
                at = start + timedelta(minutes=2 * i)
                for role, text, k in (("user", p.get("query"), "q"), ("assistant", p.get("response"), "r")):
                    if text and text.strip():
                        turns.append(T(f"mb-{lang}-{'_'.join(name.split())}", day, f"{i}{k}", text, role, None, at))
    return turns


def template(n: int) -> list[T]:
    from bench.write_bench import conversation

    return [T(u, s, str(t), text, None, None, at) for u, s, t, text, at in conversation(n, 5)]


# -- measuring ---------------------------------------------------------------------------------------------
class Rejections(logging.Handler):
    """Collects the writer's per-turn gate rejections (``graphmem.write`` debug lines: journal key, reason)."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.by_key: dict[str, str] = {}

    def emit(self, record):
        if record.msg.startswith("turn %s rejected"):
            self.by_key[record.args[0]] = record.args[1]


def _pct(v: list[float], q: float) -> float:
    v = sorted(v)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))] if v else 0.0


def _neo4j_cpu_s(settings, jit_only: bool = False) -> float | None:
    from bench.write_bench import _neo4j_cpu_s as cpu

    return cpu(settings, jit_only)


def thread_cpu() -> dict[str, float]:
    """CPU seconds so far of this process's live threads, by name without the pool's ``_N`` suffix
    (``graphmem-parse``, ``graphmem-embed``, ``graphmem-writer``, ``graphmem-commit``, ``MainThread``)."""
    import threading

    from bench.write_bench import _ticks

    out: dict[str, float] = {}
    for t in threading.enumerate():
        name = re.sub(r"_\d+$", "", t.name)
        try:
            out[name] = out.get(name, 0.0) + _ticks(f"/proc/self/task/{t.native_id}/stat")
        except (OSError, TypeError):   # ended meanwhile, or no native id
            continue
    return out


def workers_cpu(embedder) -> float:
    """CPU seconds so far of the embedder's worker processes (``graphmem.embed_process``; 0 without)."""
    from bench.write_bench import _ticks

    out = 0.0
    for pid in getattr(embedder, "pids", ()):
        try:
            out += _ticks(f"/proc/{pid}/stat")
        except (OSError, IndexError):   # ended meanwhile
            continue
    return out


def run_set(name: str, turns: list[T], settings, embedder, evidence: set[str] | None = None,
            dump: dict | None = None) -> dict:
    from graphmem.memory import Memory
    from graphmem.store import Store
    from graphmem.write import ids
    from graphmem.write.reads import delete_tenant

    # a dump is compared across runs: ids are derived from the tenant, so it must be the same in every run
    # (GRAPHMEM_BENCH_DUMP_TAG keeps two engineers' dump runs on one server apart)
    tag = os.environ.get("GRAPHMEM_BENCH_DUMP_TAG", "")
    tenant = f"bench-{name}-dump{tag}" if dump is not None else f"bench-{name}-{uuid.uuid4().hex[:6]}"
    st = settings.with_(tenant=tenant)
    rej = Rejections()
    logger = logging.getLogger("graphmem.write")
    old_level = logger.level
    logger.setLevel(logging.DEBUG)
    logger.addHandler(rej)
    store = Store(st)
    delete_tenant(store, tenant)   # a dump run's leftovers
    try:
        # a dump run batches the same way every time (the first batch waits until it is full): the graph's
        # first_seen / mention counts depend on where batches start, and a comparison must not see that
        linger = {"linger": 5.0} if dump is not None else {}
        with tempfile.TemporaryDirectory() as tmp, \
                Memory(st, store=store, embedder=embedder, journal_path=Path(tmp) / "j.sqlite3", **linger) as mem:
            mem.writer   # started before the clock, like a long-running agent's
            load0 = os.getloadavg()[0]
            jit0 = _neo4j_cpu_s(st, jit_only=True)
            threads0 = thread_cpu()
            cpu0, neo0, t0 = time.process_time(), _neo4j_cpu_s(st), time.perf_counter()
            workers0 = workers_cpu(embedder)
            lat = []
            for t in turns:
                a = time.perf_counter()
                mem.add(t.user, t.session, t.turn, t.text, role=t.role, speaker=t.speaker, at=t.at)
                lat.append(time.perf_counter() - a)
            submit_s = time.perf_counter() - t0
            ok = mem.flush(3600)
            total = time.perf_counter() - t0
            cpu, neo1, jit1 = time.process_time() - cpu0, _neo4j_cpu_s(st), _neo4j_cpu_s(st, jit_only=True)
            workers = workers_cpu(embedder) - workers0
            threads = {k: v - threads0.get(k, 0.0) for k, v in thread_cpu().items()}
            load1 = os.getloadavg()[0]
            stats = mem.writer.stats()
        if dump is not None:
            dump[name] = graph(store, sorted({t.user for t in turns}))
        n = len(turns)
        res = {"set": name, "turns": n, "users": len({t.user for t in turns}), "flushed": ok,
               "turns_per_s": round(n / total, 1), "total_s": round(total, 2), "submit_s": round(submit_s, 3),
               "add_p50_ms": round(_pct(lat, .5) * 1e3, 3), "add_p95_ms": round(_pct(lat, .95) * 1e3, 3),
               "add_max_ms": round(max(lat) * 1e3, 2),
               "python_cpu_ms_per_turn": round(cpu / n * 1e3, 2),
               "embed_workers_cpu_ms_per_turn": round(workers / n * 1e3, 2),
               "thread_cpu_ms_per_turn": {k: round(v / n * 1e3, 2) for k, v in sorted(threads.items(), key=lambda x: -x[1])
                                          if v / n * 1e3 >= 0.01},
               "neo4j_cpu_ms_per_turn": round((neo1 - neo0) / n * 1e3, 2) if neo0 is not None and neo1 else None,
               "neo4j_jit_ms_per_turn": round((jit1 - jit0) / n * 1e3, 2) if jit0 is not None and jit1 is not None
               else None,
               "load_start": round(load0, 2), "load_end": round(load1, 2), "written": stats.written,
               "rejected": dict(sorted(stats.rejected.items())), "failed": stats.failed,
               "facts_created": stats.facts_created, "entities_created": stats.entities_created,
               "llm_calls": stats.llm_calls, "chars_per_turn": round(sum(len(t.text) for t in turns) / n)}
        if evidence is not None:
            key = {ids.turn_key(tenant, t.user, t.session, t.turn): f"{t.user}|{t.ref}" for t in turns}
            rejected = {key[k]: r for k, r in rej.by_key.items() if k in key}
            ev_rej = {}
            for ref, r in rejected.items():
                if ref in evidence:
                    ev_rej[r] = ev_rej.get(r, 0) + 1
            res["evidence_turns"] = len(evidence)
            res["evidence_rejected"] = dict(sorted(ev_rej.items()))
            res["rejected_refs"] = dict(sorted(rejected.items()))
            res["rejected_examples"] = sorted(f"{r}: {next(t.text for t in turns if f'{t.user}|{t.ref}' == ref)}"
                                              for ref, r in rejected.items() if ref in evidence)[:12]
        return res
    finally:
        logger.removeHandler(rej)
        logger.setLevel(old_level)
        delete_tenant(store, tenant)
        store.close()


# -- graph dumps: the same conversation must give the same graph before and after a speed-up ----------------
UNORDERED = {"summary"}     # Card.summary: ORDER BY key only, so lines of one key may come in any order;
# Profile.text lists likes of the same rank in the order Neo4j returned them
WALL_CLOCK = {"last_write"}  # User.last_write: when the writer last locked the user (the clock, not the turn)


def graph(store, users: list[str]) -> dict:
    """Every node and relationship of ``users`` (transfer/export rows), embeddings rounded."""
    out = {}
    for u in users:
        nodes = store.run("transfer/export_nodes", {"tenant": store.settings.tenant, "user_id": u})
        rels = store.run("transfer/export_relationships", {"tenant": store.settings.tenant, "user_id": u})
        out[u] = {"nodes": {n["key"]: {"labels": sorted(n["labels"]), "props": _plain(n["props"])} for n in nodes},
                  "rels": sorted(json.dumps({"start": r["start"], "type": r["type"], "end": r["end"],
                                             "props": _plain(r["props"])}, sort_keys=True, ensure_ascii=False)
                                 for r in rels)}
    return out


def _plain(props: dict) -> dict:
    out = {}
    for k, v in props.items():
        if k in ("tenant",):
            continue
        if isinstance(v, list) and v and isinstance(v[0], float):
            out[k] = [round(x, 3) for x in v]
        else:
            out[k] = v.iso_format() if hasattr(v, "iso_format") else v
    return out


def _items(text: str | None) -> list[str]:
    """A card summary's or profile's items, sorted: lines of one key, or likes with the same rank, are read
    from Neo4j in no set order (before and after alike), so only the items are compared."""
    out = []
    for section in re.split(r"(?<=[.。])\s*", text or ""):      # "Likes: a, b." "Wants: c." keep their order
        head, colon, body = re.split(r"([:：])", section, maxsplit=1) + ["", ""] if not re.search(r"[:：]", section) \
            else re.split(r"([:：])", section, maxsplit=1)
        out.append(f"{head}{colon}" + "|".join(sorted(x.strip() for x in re.split(r"[;,、；]", body.rstrip(".。")))))
    return out


def compare(a: dict, b: dict) -> list[str]:
    """Differences between two dumps (per set, user, node key / relationship), embeddings within 0.002."""
    diffs = []
    for s in sorted(set(a) | set(b)):
        for u in sorted(set(a.get(s, {})) | set(b.get(s, {}))):
            ga, gb = a.get(s, {}).get(u, {"nodes": {}, "rels": []}), b.get(s, {}).get(u, {"nodes": {}, "rels": []})
            for k in sorted(set(ga["nodes"]) | set(gb["nodes"])):
                na, nb = ga["nodes"].get(k), gb["nodes"].get(k)
                if na is None or nb is None:
                    diffs.append(f"{s}/{u}: node {k} only in {'after' if na is None else 'before'}: "
                                 f"{(na or nb)['props'].get('name')!r}")
                    continue
                for p in sorted(set(na["props"]) | set(nb["props"])):
                    va, vb = na["props"].get(p), nb["props"].get(p)
                    if p in UNORDERED:   # "key: value" lines of one key in no set order
                        va, vb = sorted((va or "").split("; ")), sorted((vb or "").split("; "))
                    elif p == "text" and "Profile" in na["labels"]:   # likes of equal rank in no set order
                        va, vb = _items(va), _items(vb)
                    if p in WALL_CLOCK:
                        continue
                    if isinstance(va, list) and isinstance(vb, list) and va and isinstance(va[0], float):
                        if len(va) != len(vb) or max(abs(x - y) for x, y in zip(va, vb)) > 0.002:
                            diffs.append(f"{s}/{u}: {k}.{p} differs")
                    elif va != vb:
                        diffs.append(f"{s}/{u}: {k}.{p}: {va!r} != {vb!r}")
            ra, rb = set(ga["rels"]), set(gb["rels"])
            diffs += [f"{s}/{u}: relationship only before: {r}" for r in sorted(ra - rb)]
            diffs += [f"{s}/{u}: relationship only after: {r}" for r in sorted(rb - ra)]
    return diffs


# -- report -------------------------------------------------------------------------------------------------
LABEL = {"locomo": "LoCoMo dev (real, 3 conversations, speakers)", "memorybank_en": "MemoryBank en (real, user ↔ assistant)",
         "memorybank_cn": "MemoryBank cn (real, user ↔ assistant)", "template": "template (synthetic, `write_bench.py`)"}


def report(path: Path, results: list[dict], note: str = "", speed: dict | None = None) -> None:
    from bench.calibrate import describe

    lines = ["# Write-path benchmark", "",
             f"Run {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, `python -m bench.ingest_real_bench`, on the project "
             f"box ({os.cpu_count()} cores shared with other agents' work), Neo4j 5.26 Community on the same box, USE "
             "multilingual embedder (1 thread). Every set goes through `Memory.add` + `flush()` in one process, "
             "models warmed first; turns/s counts from the first `add` to the end of `flush()`. "
             f"The {describe(speed)}.", "",
             "| set | turns (chars/turn) | turns/s | `Memory.add` p50 / p95 | "
             "CPU/turn Python (+ embedding workers) / Neo4j server (its JIT) | one-core ceiling | load 1-min start → end | written / rejected |", "|---|---|---|---|---|---|---|---|"]
    for r in results:
        lines.append(f"| {LABEL.get(r['set'], r['set'])} | {r['turns']} ({r['chars_per_turn']}) | **{r['turns_per_s']}** | "
                     f"{r['add_p50_ms']} / **{r['add_p95_ms']} ms** | {r['python_cpu_ms_per_turn']}"
                     f"{' (+ %s)' % r['embed_workers_cpu_ms_per_turn'] if r.get('embed_workers_cpu_ms_per_turn') else ''} / "
                     f"{r['neo4j_cpu_ms_per_turn']} ({r.get('neo4j_jit_ms_per_turn')}) ms | "
                     f"{round(1000 / r['python_cpu_ms_per_turn'])} turns/s | "
                     f"{r['load_start']} → {r['load_end']} | {r['written']} / {sum(r['rejected'].values())} "
                     f"{r['rejected'] or ''} |")
    lines += ["", "Python CPU a turn by thread, ms (the parse thread runs spaCy, the embedding thread USE (or waits for "
              "a worker process, `GRAPHMEM_EMBED_WORKERS`, whose CPU is the bracketed figure above), the writer "
              "the rules and linking, the committer the transaction; a set's threads that ended before its end are "
              "not counted): " + "; ".join(f"{LABEL.get(r['set'], r['set']).split(' (')[0]}: "
                                          + ", ".join(f"{k} {v}" for k, v in r.get("thread_cpu_ms_per_turn", {}).items())
                                          for r in results) + "."]
    lines += ["", "Targets: ≥ 200 real turns/s in one process, `Memory.add` p95 ≤ 5 ms, zero LLM calls "
              f"({sum(r['llm_calls'] for r in results)} made). *One-core ceiling*: 1000 / Python CPU ms per turn — "
              "what the process would sustain with one core of its own (Neo4j on the other); the writer's Python "
              "work runs under one GIL. The Neo4j figure is the whole server's CPU during the run, other agents' "
              "queries on the shared server included (an upper bound); in brackets, the part its JIT compiler threads "
              "used compiling Neo4j's own code, which a long-running server has done once.", ""]
    for r in results:
        if "evidence_turns" in r:
            n_rej = sum(r["rejected"].values())
            ev = sum(r["evidence_rejected"].values())
            lines += [f"**Gate on LoCoMo**: {n_rej} of {r['turns']} turns rejected ({100 * n_rej / r['turns']:.1f} %: "
                      f"{r['rejected']}); {ev} of them are evidence of a question ({r['evidence_rejected'] or 'none'}; "
                      f"{r['evidence_turns']} evidence turns in all)."]
            if r["rejected_examples"]:
                lines += ["", "Rejected evidence turns (reason: text):", ""]
                lines += [f"- {x[:160]}" for x in r["rejected_examples"]]
            lines.append("")
    if note:
        lines += ["## Notes", "", note, ""]
    lines += ["```", *(" ".join(f"{k}={v}" for k, v in r.items() if k not in ("rejected_examples", "rejected_refs"))
                       for r in results), "```", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--template-turns", type=int, default=5000)
    ap.add_argument("--report", help="write the markdown report here (bench/results/write.md)")
    ap.add_argument("--note", default="", help="a notes section for the report (markdown)")
    ap.add_argument("--dump", help="write the graphs built (per set and user) to this JSON file")
    ap.add_argument("--compare", help="compare the graphs built with an earlier --dump; exit 1 if they differ")
    args = ap.parse_args(argv)
    sets = [s for s in args.sets.split(",") if s]
    real = [s for s in sets if s != "template"]
    missing = [s for s in real if not (LOCOMO if s == "locomo" else Path(str(MEMORYBANK).format(s[-2:]))).exists()]
    if missing:
        print(f"bench data not found under {DATA} (it is read from ../shared/bench-data at run time and never "
              f"copied into the repository): skipping {', '.join(missing)}")
        sets = [s for s in sets if s not in missing]
    if not sets:
        return 0

    from bench.calibrate import box_speed, describe
    from graphmem.embedders import get_embedder
    from graphmem.linking import api as linking
    from graphmem.settings import Settings
    from graphmem.write import smalltalk

    settings = Settings.from_env()
    embedder = get_embedder(settings)
    embedder.embed(["warm up", "预热"])
    smalltalk.examples(embedder)
    linking.extract_mentions_batch(["warm up my laptop", "Caroline went to Boston"])
    linking.extract_mentions("我的笔记本预热")
    linking.extract_statements("my budget is 5000", datetime.now(timezone.utc))
    linking.classify_message("hello")
    import pypinyin  # noqa: F401 - the gazetteer imports it on the first Chinese look-alike: once a process, not a turn's cost
    speed = box_speed(embedder)
    print(describe(speed), flush=True)
    results, dump = [], ({} if (args.dump or args.compare) else None)
    for s in sets:
        if s == "locomo":
            turns, evidence = locomo()
            r = run_set(s, turns, settings, embedder, evidence, dump)
        elif s.startswith("memorybank_"):
            r = run_set(s, memorybank(s[-2:]), settings, embedder, None, dump)
        else:
            r = run_set(s, template(args.template_turns), settings, embedder, None, dump)
        results.append(r)
        print(" ".join(f"{k}={v}" for k, v in r.items() if k not in ("rejected_examples", "rejected_refs")), flush=True)
    if args.report:
        report(Path(args.report), results, args.note, speed)
    if args.dump:
        Path(args.dump).write_text(json.dumps(dump, ensure_ascii=False, sort_keys=True, default=str), encoding="utf-8")
    if args.compare:
        diffs = compare(json.loads(Path(args.compare).read_text(encoding="utf-8")),
                        json.loads(json.dumps(dump, ensure_ascii=False, default=str)))
        print(f"graph compared with {args.compare}: {len(diffs)} differences")
        for d in diffs[:200]:
            print("  " + d)
        return 1 if diffs else 0
    return 0 if all(r["flushed"] and r["failed"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
