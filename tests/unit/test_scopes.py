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


def test_a_version_outdates_only_what_all_its_readers_can_see():
    from graphmem.scopes import covers

    assert covers("user", None, "agent:planner") and covers("user", "coach", "team:travel")   # shared covers all
    assert covers(None, None, None) and covers("agent:coach", "coach", "agent:coach")
    assert not covers("agent:coach", "coach", "user")              # a private fact never outdates a shared one
    assert not covers("agent:coach", "coach", "agent:planner")     # ... nor another agent's private one
    assert not covers("team:travel", "coach", "user") and not covers("team:travel", "coach", "team:finance")
    assert covers("team:travel", "coach", "team:travel") and covers("team:travel", "coach", "agent:coach")
    assert not covers("team:travel", "coach", "agent:planner")
