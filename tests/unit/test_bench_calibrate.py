"""The speed benchmarks' box calibration and their server CPU accounting (the real spaCy and USE models)."""

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
