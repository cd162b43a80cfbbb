"""Recall's statements keep their first plan (``CYPHER replan=skip``), whatever the store held when it was made. On
the real server, planned afresh on the test database (small, as a young store is), every node a statement looks up by
id is found by a seek of the unique ``id`` index it names (owner lookups: tests/integration/test_user_scoped_plans.py)."""

from __future__ import annotations

import re

import pytest

from bench.plan_bench import access
from graphmem.queries import names, query


@pytest.mark.parametrize("name", names("recall"))
def test_a_fresh_plan_finds_each_node_looked_up_by_id_with_a_unique_seek(store, name):
    found = access(store.explain(name, fresh=True))
    for var, label in re.findall(r"USING INDEX (\w+):(\w+)\(id\)", query(name)):
        assert f"NodeUniqueIndexSeek UNIQUE {var}:{label}(id)" in found, (var, label, found)
