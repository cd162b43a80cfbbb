"""Agents and scopes in the CLI (`recall --agent --team`, `events --agent --scope`) against the real server."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
from typer.testing import CliRunner

from graphmem import Memory
from graphmem.cli.app import app

AT = datetime(2026, 3, 5, 9, 0, tzinfo=timezone.utc)
runner = CliRunner()


@pytest.fixture
def cli(tenant_settings, tenant, tmp_path):
    with Memory(tenant_settings, journal_path=tmp_path / "journal.sqlite3") as m:
        planner = m.agent("planner", teams=["travel"])
        planner.add("alice", "p1", 1, "I am allergic to shellfish.", scope="shared", at=AT)
        planner.add("alice", "p1", 2, "My passport number is X1234567.", at=AT + timedelta(minutes=1))
        planner.add("alice", "p1", 3, "My hotel in Lisbon is the Memmo Alfama.", scope="team:travel",
                    at=AT + timedelta(minutes=2))
        assert m.flush(120)

    def invoke(*args):
        result = runner.invoke(app, list(args), env={"GRAPHMEM_TENANT": tenant})
        assert result.exit_code == 0, result.output
        return result.output
    return invoke


def test_recall_as_an_agent_sees_only_its_scopes(cli):
    query = "passport hotel Lisbon allergic shellfish"
    coach = json.loads(cli("recall", "alice", query, "-k", "10", "--agent", "coach", "--json"))
    assert any("shellfish" in r["source_text"] and r["agent"] == "planner" for r in coach)
    assert not any("X1234567" in r["source_text"] or "Memmo" in r["source_text"] for r in coach)
    booker = json.loads(cli("recall", "alice", query, "-k", "10", "--agent", "booker", "--team", "travel", "--json"))
    assert any("Memmo" in r["source_text"] and r["scope"] == "team:travel" for r in booker)
    assert not any("X1234567" in r["source_text"] for r in booker)
    table = cli("recall", "alice", "what am I allergic to?", "--agent", "coach")
    assert "learnt by" in table and "planner, shared" in table


def test_events_filter_and_show_scope(cli):
    private = json.loads(cli("events", "alice", "--agent", "planner", "--scope", "private", "--json"))
    assert [r["text"] for r in private] == ["My passport number is X1234567."]
    assert private[0]["scope"] == "agent:planner"
    every = json.loads(cli("events", "alice", "--json"))
    assert {(r["agent"], r["scope"]) for r in every} == {("planner", "user"), ("planner", "agent:planner"),
                                                          ("planner", "team:travel")}
    table = cli("events", "alice", "--wide")              # the table has a scope column ("planner, private")
    assert "scope" in table and "private" in table and "travel" in table
    refused = runner.invoke(app, ["events", "alice", "--scope", "private"])
    assert refused.exit_code == 7 and "needs the agent" in refused.output
