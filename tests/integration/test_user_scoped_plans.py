"""A statement about one user reads that user's nodes, not every user's: planned on the real server, none that
matches Facts or Events by owner (``{tenant: …, user_id: …}``) scans their label. An owner index is used only with a
predicate on each of its properties: Fact(tenant, user_id, status) and Event(tenant, user_id, occurred_at) need
``status IS NOT NULL`` / ``occurred_at IS NOT NULL`` beside the owner (every fact has a status, every event a time);
without it, loading a user's cache read all 100,000 events of a shared store (``bench/results/owner_scan.md``)."""

from __future__ import annotations

import re

import pytest

from graphmem.queries import names, query

OWNED = re.compile(r"\(\w*:(?:Fact|Event)\s*\{[^}]*user_id:")


def _label_scans(plan: dict) -> list[str]:
    op = plan["operatorType"].split("@")[0]
    found = [str(plan.get("args", {}).get("Details", ""))] if op in ("NodeByLabelScan", "AllNodesScan") else []
    return found + [s for child in plan.get("children", []) for s in _label_scans(child)]


# the benchmarks' reads and the integrity checks read a whole tenant by design
@pytest.mark.parametrize("name", [n for n in names() if OWNED.search(query(n))
                                  and not n.startswith(("bench/", "integrity/"))])
def test_no_statement_about_one_user_scans_every_fact_or_event(store, name):
    assert [s for s in _label_scans(store.explain(name, fresh=True)) if re.search(r":(Fact|Event)\b", s)] == []
