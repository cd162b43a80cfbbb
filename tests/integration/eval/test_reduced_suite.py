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
RECALL_MIN = 0.60          # graphmem recall@5 over all CI probes (measured floor; target: ≥ dense baseline)
HIT_MIN = 0.55             # share of probes with every expected memory and nothing forbidden (measured floor)
LATEST_MIN = 0.50          # latest-value accuracy on change probes (measured floor; target 100 %)
TOKEN_RATIO_MAX = 0.5      # graphmem's injected long-term tokens vs the full history's
JUNK_MAX = 0.50            # small-talk stored rate (measured floor; target 0 %)
INFO_MIN = 0.80            # informative user turns that reach the graph (measured floor; target 100 %)
SECONDS_MAX = 110


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


def test_injects_far_fewer_tokens_than_the_full_history(result):
    assert _agg(result, "graphmem-context")["tokens"] <= TOKEN_RATIO_MAX * _agg(result, "full")["tokens"]


def test_write_gate(result):
    s = stored(result)["all"]
    assert s["info_rate"] >= INFO_MIN, s
    assert s["junk_rate"] <= JUNK_MAX, s


def test_fast_enough_for_ci(result):
    assert result["meta"]["wall_s"] <= SECONDS_MAX
