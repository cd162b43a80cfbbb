"""Issue 19, item 11 (counts): a replay after a kill between the Neo4j commit and clearing the journal counts
nothing twice (gate rejections, mentions of repeated facts), and one turn that states the same fact thousands
of times counts as one mention of it. Real Neo4j, a real SIGKILL."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from graphmem.model import FactInput
from graphmem.write import history, user_stats

HELPER = Path(__file__).with_name("kill_writer.py")
N = 30


def test_replay_after_a_kill_counts_rejections_and_mentions_once(store, tenant, make_writer, tmp_path):
    journal = tmp_path / "journal.sqlite3"
    proc = subprocess.run([sys.executable, str(HELPER), tenant, str(journal), "after_commit", str(N), "mixed"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    w = make_writer(journal_path=journal)                      # restart: the whole batch is replayed
    assert w.flush(120) and w.stats().pending == 0
    stats = user_stats(store, "u1", tenant=tenant)
    assert stats["events"] == 1
    assert stats["rejected"]["greeting"] + stats["rejected"]["smalltalk"] + stats["rejected"]["chitchat"] == N // 2
    assert stats["rejected"]["duplicate"] == N // 2 - 1        # 746d7f7: 30 and 28 (counted twice)
    budget = history(store, "u1", "me", "budget", tenant=tenant)
    assert [v.mention_count for v in budget] == [N // 2]        # 746d7f7: 29


def test_one_turn_repeating_a_fact_is_one_mention(writer, store, tenant):
    text = ("My budget is 8000. " * 1700)[:31_900]          # the longest message is 32,000 characters
    writer.add("u1", "s1", 1, text)
    writer.add("u1", "s1", 2, "I said it already: " + text[:5000], facts=[FactInput("attribute", "", "budget", 8000)] * 300)
    assert writer.flush(600)
    assert [v.mention_count for v in history(store, "u1", "me", "budget", tenant=tenant)] == [2]   # 746d7f7: 5510
