"""Recall sends each statement with one set of parameter types, whatever the question, the session and the user's
history: Neo4j keeps a plan per statement text and top-level parameter types, where a null, an empty list and a
list's length count, so a new set means a new plan (0.7-1.7 s of one recall on a server started minutes before)."""

from __future__ import annotations

from collections import defaultdict

from graphmem import store as store_module
from graphmem.model import FactInput

from .conftest import days_ago


def _types(v) -> str:
    """A parameter's type as Neo4j's plan cache tells them apart: a list by its items' types and its length."""
    if isinstance(v, list):
        return f"list[{','.join(sorted({_types(x) for x in v}))}]*{len(v)}"
    return "map" if isinstance(v, dict) else type(v).__name__


def test_every_recall_statement_is_sent_with_one_set_of_parameter_types(memory, monkeypatch):
    seen: dict[str, set] = defaultdict(set)
    real = store_module.Tx.run

    def run(self, name, params=None):   # the real statement on the real server; only its parameter types noted
        if name.startswith("recall/"):
            seen[name].add(tuple(sorted((k, _types(v)) for k, v in (params or {}).items())))
        return real(self, name, params)

    monkeypatch.setattr(store_module.Tx, "run", run)
    # one user with events only (no fact, no entity), one with facts and people the graph path starts from
    memory.add("ev", "s1", "1", "We watched the rain from the porch all afternoon.", at=days_ago(4))
    memory.add("rich", "s1", "1", "My sister Lily moved to Boston for her new job.", at=days_ago(5))
    memory.add("rich", "s1", "2", "Lily's partner Tom is a nurse at the children's hospital.", at=days_ago(5))
    memory.add("rich", "s1", "3", "My budget is 5000", at=days_ago(4),
               facts=[FactInput("attribute", "", "budget", 5000, text="My budget is 5000")])
    assert memory.flush(120)
    for user in ("ev", "rich"):
        memory.recall(user, "what did we watch from the porch?", 5)                       # no session
        memory.session(user, "later").context("Where does Lily live now?", budget=800)    # a session, the graph path
    fetch = "recall/by_id_graph"
    assert fetch in seen and len(seen[fetch]) == 1, seen[fetch]
    assert all(len(types) == 1 for types in seen.values()), {k: v for k, v in seen.items() if len(v) > 1}
