"""Scopes of agents' memory (pure; no database)."""

import pytest

from graphmem.errors import AccessDenied, InputError
from graphmem.scopes import check_write, grants, label, normalise


def test_normalise_scopes():
    assert normalise(None, None) == normalise("shared", "planner") == normalise("user", None) == "user"
    assert normalise("private", "planner") == "agent:planner"
    assert normalise("team:travel", "planner") == "team:travel"
    with pytest.raises(InputError, match="needs the agent"):
        normalise("private", None)
    for bad in ("everyone", "team:", "team:a b", 3):
        with pytest.raises(InputError):
            normalise(bad, "planner")
    with pytest.raises(InputError, match="agent must be"):
        normalise("user", "bad agent")


def test_grants_and_writes():
    g = grants("planner", ["travel", "travel", "ops"])
    assert g == ["user", "agent:planner", "team:ops", "team:travel"]
    check_write("team:travel", g, "planner")
    with pytest.raises(AccessDenied, match="may not write to scope 'team:finance'"):
        check_write("team:finance", g, "planner")
    with pytest.raises(AccessDenied):
        check_write("agent:coach", g, "planner")
    assert isinstance(AccessDenied("x"), InputError)


def test_labels():
    assert label("planner", "agent:planner") == "planner, private"
    assert label("planner", "team:travel") == "planner, team travel"
    assert label(None, None) == "shared" and label("coach", "user") == "coach, shared"
