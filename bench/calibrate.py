"""How fast this box is right now, so that speed figures from different days can be compared.

The project's box is a shared VM whose speed changes from day to day (the same spaCy parse took 5.0 ms on one day
and 12.6 ms on another, with the same code). The benchmarks of speed on real text (``locomo_bench``,
``ingest_real_bench``, ``capacity_bench``) record, beside their figures, the thread CPU time of three fixed pieces
of work, each the median of several repetitions:

- ``python_ms``: a pure-Python loop of 10^6 additions (the interpreter alone);
- ``parse_ms``: spaCy's English pipeline on one fixed message (what reading a turn costs);
- ``embed_ms``: the USE embedder on the same message (what embedding a question costs).

With the launcher's Neo4j running, it also records how warm that server is (``server_warmth``).

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


def box_speed(embedder=None, repeat: int = 15, server: bool = True) -> dict[str, float]:
    """The three calibration figures (ms of thread CPU); ``embedder``: the one the benchmark uses (else USE);
    ``server``: with the launcher's Neo4j's warmth (``server_warmth``), for a benchmark that uses that server."""
    from graphmem.embedders import get_embedder
    from graphmem.linking import nlp

    en = nlp.english()
    embedder = embedder or get_embedder()
    en(MESSAGE), embedder.embed([MESSAGE])   # loaded and warm before the clock
    return {"python_ms": _median_ms(_loop, 5), "parse_ms": _median_ms(lambda: en(MESSAGE), repeat),
            "embed_ms": _median_ms(lambda: embedder.embed([MESSAGE]), repeat),
            **((server_warmth() or {}) if server else {})}


def server_warmth(settings=None) -> dict[str, float] | None:
    """How long the launcher's Neo4j has been running, and the CPU its JIT compiler threads have used so far; None
    without a local server. A server started minutes before still compiles its own code: on this box its first
    LoCoMo ingest ran at a third of a warm server's rate, and its JIT still took 4 ms of CPU a turn 3,000 turns on."""
    from bench.write_bench import _neo4j_cpu_s
    from graphmem.settings import Settings

    settings = settings or Settings.from_env()
    try:
        pid = int((settings.neo4j_dir / "neo4j.pid").read_text().strip())
        started = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
        up_s = float(Path("/proc/uptime").read_text().split()[0]) - started
    except (OSError, ValueError, IndexError):
        return None
    return {"neo4j_up_min": round(up_s / 60, 1), "neo4j_jit_s": round(_neo4j_cpu_s(settings, jit_only=True) or 0.0, 1)}


def describe(speed: dict[str, float] | None) -> str:
    """One line for a results file."""
    if not speed:
        return "box speed not measured"
    server = (f"; the local Neo4j had run {speed['neo4j_up_min']} min, its JIT compiler threads using "
              f"{speed['neo4j_jit_s']} s of CPU so far" if "neo4j_up_min" in speed else "")
    return (f"box speed (thread CPU, lower is faster): Python loop {speed['python_ms']} ms, spaCy parse "
            f"{speed['parse_ms']} ms, USE embedding {speed['embed_ms']} ms (`bench/calibrate.py`){server}")


if __name__ == "__main__":
    print(json.dumps(box_speed()))
