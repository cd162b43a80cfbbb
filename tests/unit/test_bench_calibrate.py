"""The speed benchmarks' box calibration, their server CPU accounting (the real spaCy and USE models), and the
latency the LoCoMo results report."""

import os

from bench.calibrate import box_speed, describe, server_warmth
from bench.write_bench import _neo4j_cpu_s
from graphmem.settings import Settings


def test_box_speed_times_each_piece_of_work():
    speed = box_speed(repeat=3, server=False)
    assert set(speed) == {"python_ms", "parse_ms", "embed_ms"}
    assert all(v > 0 for v in speed.values())
    line = describe(speed)
    assert f"spaCy parse {speed['parse_ms']} ms" in line and f"Python loop {speed['python_ms']} ms" in line
    assert describe(None) == "box speed not measured"


def test_server_cpu_counts_the_whole_process_or_only_its_jit_threads(tmp_path):
    settings = Settings(home=tmp_path)
    settings.neo4j_dir.mkdir(parents=True)
    (settings.neo4j_dir / "neo4j.pid").write_text(str(os.getpid()))   # this process stands in for the server
    assert _neo4j_cpu_s(settings) > 0
    assert _neo4j_cpu_s(settings, jit_only=True) == 0.0              # a Python process has no JIT compiler threads
    (settings.neo4j_dir / "neo4j.pid").write_text("not a pid")
    assert _neo4j_cpu_s(settings) is None and _neo4j_cpu_s(settings, jit_only=True) is None


def test_server_warmth_says_how_long_the_server_has_run_and_what_its_jit_used(tmp_path):
    settings = Settings(home=tmp_path)
    settings.neo4j_dir.mkdir(parents=True)
    assert server_warmth(settings) is None                            # no server
    (settings.neo4j_dir / "neo4j.pid").write_text(str(os.getpid()))   # this process stands in for the server
    warmth = server_warmth(settings)
    assert warmth["neo4j_up_min"] >= 0 and warmth["neo4j_jit_s"] == 0.0
    line = describe({"python_ms": 40.0, "parse_ms": 6.0, "embed_ms": 3.0, **warmth})
    assert line.endswith(f"the local Neo4j had run {warmth['neo4j_up_min']} min, its JIT compiler threads using 0.0 s "
                         "of CPU so far")


def test_the_locomo_results_name_the_slowest_call_and_not_a_baselines_mean():
    from bench import locomo_bench

    group = {"n": 1, "chars@10": 900.0, **{f"recall@{k}": 0.5 for k in locomo_bench.KS}}
    report = {"commit": "abc", "when": "now", "load": 1.0, "stats": {"turns": 10, "questions": 1}, "runs": {
        "graphmem": {"groups": {"overall": group}, "ingest_turns_per_s": 100.0,
                     **locomo_bench._p50_p95("recall_ms", [10.0, 12.0, 980.0]),
                     **locomo_bench._p50_p95("context_ms", [9.0, 40.0])},
        "bm25": {"groups": {"overall": group}, "ingest_turns_per_s": None, "recall_ms_p50": 0.9, "recall_ms_p95": 0.9}}}
    md = locomo_bench.render(report)
    assert "| graphmem | 12.0 | 12.0 | 980.0 | 100.0 |" in md and "| bm25 | 0.9 | 0.9 | — | — |" in md
    assert "slowest 40.0 ms" in md


def test_thread_cpu_names_each_live_thread_without_its_pool_suffix():
    import threading
    import time

    from bench.ingest_real_bench import thread_cpu

    stop = threading.Event()

    def spin():
        while not stop.is_set():
            sum(range(1000))

    t = threading.Thread(target=spin, name="bench-spin_0")
    t.start()
    try:
        start = thread_cpu()
        deadline = time.monotonic() + 30   # a loaded machine may give the spinner little CPU for a while
        later = thread_cpu()
        while later.get("bench-spin", 0) - start.get("bench-spin", 0) <= 0.05 and time.monotonic() < deadline:
            stop.wait(0.1)
            later = thread_cpu()
    finally:
        stop.set()
        t.join()
    assert "bench-spin" in later and "MainThread" in later and "bench-spin_0" not in later
    assert later["bench-spin"] - start["bench-spin"] > 0.05   # its CPU time grows while it spins
    assert "bench-spin" not in thread_cpu()                    # an ended thread is not listed
