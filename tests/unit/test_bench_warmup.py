"""``bench.warmup_bench``'s table and its run without the benchmark data (no server touched)."""

from pathlib import Path

from bench import warmup_bench as wb

ROW = {"arm": "cold", "warm_s": 0.0, "warm_messages": 0, "turns": 1451, "turns_per_s": 98.8, "jit_s_ingest": 10.8,
       "recalls": 497, "recall_p50": 15.1, "recall_p95": 22.2, "recall_max": 2190.8, "jit_s_recall": 6.4,
       "loop_calls": 373, "loop_p50": 20.9, "loop_p95": 33.0, "loop_p99": 37.5, "jit_s_loop": 26.1}


def test_every_row_has_the_header_s_columns():
    for loop, locomo in ((True, True), (True, False), (False, True)):
        text = wb.render([ROW, {**ROW, "arm": "warmed", "warm_s": 60.2, "warm_messages": 19736}], 60, loop, locomo)
        table = [ln for ln in text.splitlines() if ln.startswith("|")]
        assert len(table) == 4 and len({ln.count("|") for ln in table}) == 1
        assert ("22.2" in text) is locomo and ("33.0" in text) is loop
        assert "| warmed | 60.2 (19736) " in text


def test_without_the_data_it_says_so_and_touches_nothing(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(wb.lb, "DATA", tmp_path / "absent.json")
    monkeypatch.setattr(wb, "_arm", lambda *a: (_ for _ in ()).throw(AssertionError("the server was touched")))
    out = tmp_path / "warmup.md"
    assert wb.main(["--out", str(out)]) == 0
    assert "nothing to do" in capsys.readouterr().out and not Path(out).exists()
