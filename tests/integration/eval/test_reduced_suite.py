"""The reduced evaluation suite CI runs: five test users (2 en, 2 zh, 1 mixed) through the real Neo4j, spaCy
and embedder, graphmem and the four baselines judged the same way. Thresholds can fail.

Where graphmem meets the issue's target the test asserts the target; where it does not yet, it asserts the
measured floor (noted per constant) so a change that makes recall worse fails CI.
"""

from __future__ import annotations

import time

import pytest

from bench.eval.data import CI_USERS, load_users
from bench.eval.metrics import stored, table
from bench.eval.run import run

# thresholds ------------------------------------------------------------------------------------------------
RECALL_MIN = 0.78          # graphmem recall@5 over the CI probes (measured 0.84 at 21:49 UTC; dense baseline 0.99)
HIT_MIN = 0.78             # every expected memory found and nothing forbidden (measured 0.85; dense 0.90)
LATEST_MIN = 0.62          # latest-value accuracy on change probes (measured 0.75 = 6/8; target 100 %)
LONG_TERM_MAX = 600        # tokens of long-term memory context() may inject (RecallConfig.token_budget)
JUNK_MAX = 0.15            # small-talk stored rate (measured 1/23; target 0 %)
INFO_MIN = 0.92            # informative user turns that reach the graph (measured 51/51; target 100 %)
SECONDS_MAX = 150          # wall clock, Neo4j included (measured 15 s on a quiet box): room for a slow, loaded CI
                           # box, and a run over 10x slower (a write path or recall regression) still fails


@pytest.fixture(scope="module")
def result(store, settings):
    t0 = time.perf_counter()
    res = run(load_users(CI_USERS), settings=settings, out=None, curve=False, progress=lambda *_: None)
    res["meta"]["wall_s"] = time.perf_counter() - t0
    return res


def _agg(res, system, cat="all"):
    return table(res)[(system, cat)]


def test_graphmem_runs_through_the_memory_facade_without_llm_calls(result):
    assert result["meta"]["graphmem_mode"] == "memory", result["meta"]["notes"]
    assert result["meta"]["llm_calls"] == 0


def test_recall_and_hit_rate(result):
    g = _agg(result, "graphmem")
    assert g["recall"] >= RECALL_MIN, g
    assert g["hit"] >= HIT_MIN, g


def test_latest_value_wins(result):
    assert _agg(result, "graphmem", "change")["latest"] >= LATEST_MIN


def test_no_other_users_facts_ever_surface(result):
    for system in ("graphmem", "graphmem-context"):
        assert _agg(result, system)["leak"] == 0.0
        assert _agg(result, system, "isolation")["forbidden"] == 0.0


def test_injected_tokens_are_bounded_and_below_the_full_history(result):
    rows = [r for r in result["probes"] if r["system"] == "graphmem-context"]
    assert max(r["tokens"] for r in rows) <= LONG_TERM_MAX
    assert _agg(result, "graphmem-context")["tokens"] < _agg(result, "full")["tokens"]


def test_write_gate(result):
    s = stored(result)["all"]
    assert s["info_rate"] >= INFO_MIN, s
    assert s["junk_rate"] <= JUNK_MAX, s


def test_fast_enough_for_ci(result):
    assert result["meta"]["wall_s"] <= SECONDS_MAX
