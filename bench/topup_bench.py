"""What keeping a user's recall caches up to date costs after each commit, by the size of the user's history.

    python -m bench.topup_bench [--sizes 300,700,1400] [--rounds 20] [--out bench/results/topup.md]

An agent's user is recalled and written turn by turn, so each of their commits tops up their caches in the
background (``Retriever.written``): the names (entities, gazetteer) and the vectors (with what the recalls built
on them: the float32 copy, the session order, who is mentioned where). Per size N, one user holds the first N real
LoCoMo dev turns (its three conversations as one user's history), recalled once; then each round adds the next
turn, waits for its commit and top-up, and recalls (k=10). Rounds alternate between this tree's top-up (only the
entities the commit upserted read again; the built indexes extended by the rows added) and the one before it,
reproduced by telling the retriever the users without their entities (every entity read again) and building every
index of the topped-up cache again from scratch, so both see the same box. Measured: the top-up's thread CPU and
wall, and the process CPU of the round (every thread: writer, commit, top-up, recall). Real Neo4j, spaCy, USE;
exits 0, saying so, when ``../shared`` is absent.
"""

from __future__ import annotations

import argparse
import copy
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

MODES = ("this tree", "before")


def run(sizes: list[int], rounds: int) -> dict:
    from bench import ingest_real_bench as real
    from bench.calibrate import box_speed, describe
    from bench.locomo_bench import _git
    from graphmem import Memory, Settings
    from graphmem.recall import cache
    from graphmem.store import Store
    from graphmem.write.reads import delete_tenant

    turns = real.locomo()[0]
    if max(sizes) + 2 * rounds > len(turns):
        raise SystemExit(f"the dev split has {len(turns)} turns: sizes + 2 x rounds must not exceed it")
    settings = Settings.from_env().with_(tenant="topup-" + uuid.uuid4().hex[:8])
    speed = describe(box_speed())
    out: dict[int, dict[str, dict[str, list[float]]]] = {}
    memory = Memory(settings, journal_path=settings.home / f"bench-topup-{uuid.uuid4().hex[:6]}.sqlite3")
    r, committed, extended = memory.retriever, memory._committed, cache.UserVectors.extended
    spent: list[tuple[float, float]] = []
    top_up, before = r._top_up, {"on": False}

    def timed_top_up(key):
        w0, c0 = time.perf_counter(), time.thread_time()
        try:
            return top_up(key)
        finally:
            spent.append(((time.perf_counter() - w0) * 1e3, (time.thread_time() - c0) * 1e3))

    def told(users):   # before: the users without their entities, so every entity is read again
        committed(set(users) if before["on"] else users)

    def built_again(self, rows):   # before: every index the cache had built is built again from scratch
        if not before["on"]:
            return extended(self, rows)
        bare = copy.copy(self)     # the same cache with nothing built to extend
        bare._f32 = bare._order = bare._mentioning = None
        new = extended(bare, rows)
        if self._f32 is not None:
            new.hot()
        if self._order is not None:
            new.neighbours("")
        if self._mentioning is not None:
            new.mentioning("")
        return new

    r._top_up = timed_top_up
    memory.writer.on_commit[memory.writer.on_commit.index(committed)] = told
    cache.UserVectors.extended = built_again
    try:
        for n in sizes:
            user = f"u{n}"
            for t in turns[:n]:
                memory.add(user, f"{t.user}-{t.session}", t.turn, t.text, speaker=t.speaker, at=t.at)
            assert memory.flush(900), "the history was not stored in time"
            memory.recall(user, "What did they talk about last time?", 10)   # the caches loaded and built
            got = out[n] = {m: {"cpu": [], "wall": [], "process": [], "recall": []} for m in MODES}
            key = (settings.tenant, user)
            for i, t in enumerate(turns[n:n + 2 * rounds]):
                mode = MODES[i % 2]
                before["on"] = mode == "before"
                spent.clear()
                p0 = time.process_time()
                memory.add(user, f"{t.user}-{t.session}", t.turn, t.text, speaker=t.speaker, at=t.at)
                assert memory.writer.flush(120), "a turn was not committed in time"
                deadline = time.monotonic() + 60
                while key in r._topping_up or not spent:
                    assert time.monotonic() < deadline, "the caches were not topped up in time"
                    time.sleep(0.001)
                w0 = time.perf_counter()
                memory.recall(user, t.text, 10)
                got[mode]["recall"].append((time.perf_counter() - w0) * 1e3)
                got[mode]["process"].append((time.process_time() - p0) * 1e3)
                got[mode]["wall"].append(sum(w for w, _ in spent))
                got[mode]["cpu"].append(sum(c for _, c in spent))
    finally:
        cache.UserVectors.extended = extended
        memory.close(60)   # the writer stopped first: deleting beside a commit deadlocks
        store = Store(settings)
        delete_tenant(store, settings.tenant)
        store.close()
    return {"commit": _git(), "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "load": os.getloadavg()[0], "speed": speed, "rounds": rounds, "sizes": out}


def render(r: dict) -> str:
    from bench.ingest_real_bench import _pct

    rows = []
    for n, modes in r["sizes"].items():
        for mode in MODES:
            v = modes[mode]
            rows.append(f"| {n} | {mode} | {statistics.median(v['cpu']):.2f} | {_pct(v['cpu'], .95):.2f} | "
                        f"{statistics.median(v['wall']):.2f} | {statistics.median(v['process']):.1f} | "
                        f"{statistics.median(v['recall']):.1f} |")
    ratios = ", ".join(f"{n} turns {statistics.median(m['before']['cpu']) / statistics.median(m['this tree']['cpu']):.1f}x"
                       for n, m in r["sizes"].items())
    return "\n".join([
        "# A user's recall caches topped up after each commit (`python -m bench.topup_bench`)", "",
        f"Commit `{r['commit']}`, {r['when']}, box load {r['load']:.1f} (2 cores); {r['speed']}. Per size, one user "
        "holds that many real LoCoMo dev turns and is recalled; each round adds the next turn, waits for its commit "
        f"and the caches' top-up, then recalls (k=10). {r['rounds']} rounds of each mode, alternating: this tree "
        "(the commit's entities read again, the built indexes extended) and before it (every entity read again, "
        "every index built again). See the module's docstring.", "",
        "| user's turns | top-up | top-up thread CPU ms p50 | p95 | top-up wall ms p50 | process CPU a round ms p50 "
        "| recall ms p50 |", "|---|---|---|---|---|---|---|", *rows, "",
        f"Median top-up CPU, before / this tree: {ratios}.", ""])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="300,700,1400", help="turns the user holds, comma-separated")
    ap.add_argument("--rounds", type=int, default=20, help="rounds of each mode per size")
    ap.add_argument("--out", default=str(ROOT / "results" / "topup.md"))
    a = ap.parse_args(argv)
    from bench import ingest_real_bench as real

    if not real.LOCOMO.exists():
        print(f"topup_bench: {real.LOCOMO} is absent (the benchmark data is not in this checkout); nothing to do")
        return 0
    text = render(run([int(x) for x in a.sizes.split(",")], a.rounds))
    print(text)
    Path(a.out).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
