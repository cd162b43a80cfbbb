"""How fast this box is right now, so that speed figures from different days can be compared.

The project's box is a shared VM whose speed changes from day to day (the same spaCy parse took 5.0 ms on one day
and 12.6 ms on another, with the same code). The benchmarks of speed on real text (``locomo_bench``,
``ingest_real_bench``, ``capacity_bench``) record, beside their figures, the thread CPU time of three fixed pieces
of work, each the median of several repetitions:

- ``python_ms``: a pure-Python loop of 10^6 additions (the interpreter alone);
- ``parse_ms``: spaCy's English pipeline on one fixed message (what reading a turn costs);
- ``embed_ms``: the USE embedder on the same message (what embedding a question costs).

A figure measured at ``parse_ms`` 12 is not comparable to one measured at 5: compare runs with similar
calibrations, or scale by them. ``python -m bench.calibrate`` prints the three numbers.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

MESSAGE = "Hey Caroline! I went to the LGBTQ support group yesterday and it was so powerful, honestly."


def _median_ms(work, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.thread_time()
        work()
        times.append((time.thread_time() - t) * 1e3)
    return round(statistics.median(times), 2)


def _loop() -> int:
    s = 0
    for i in range(1_000_000):
        s += i
    return s


def box_speed(embedder=None, repeat: int = 15) -> dict[str, float]:
    """The three calibration figures (ms of thread CPU); ``embedder``: the one the benchmark uses (else USE)."""
    from graphmem.embedders import get_embedder
    from graphmem.linking import nlp

    en = nlp.english()
    embedder = embedder or get_embedder()
    en(MESSAGE), embedder.embed([MESSAGE])   # loaded and warm before the clock
    return {"python_ms": _median_ms(_loop, 5), "parse_ms": _median_ms(lambda: en(MESSAGE), repeat),
            "embed_ms": _median_ms(lambda: embedder.embed([MESSAGE]), repeat)}


def describe(speed: dict[str, float] | None) -> str:
    """One line for a results file."""
    if not speed:
        return "box speed not measured"
    return (f"box speed (thread CPU, lower is faster): Python loop {speed['python_ms']} ms, spaCy parse "
            f"{speed['parse_ms']} ms, USE embedding {speed['embed_ms']} ms (`bench/calibrate.py`)")


if __name__ == "__main__":
    print(json.dumps(box_speed()))
