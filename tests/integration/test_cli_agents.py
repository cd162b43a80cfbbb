"""Agents and scopes in the CLI (`recall --agent --team`, `events --agent --scope`, `agents grant|revoke|list`)
against the real server."""

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
        m.grants.grant("planner", "travel")
        planner = m.agent("planner")
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
    outsider = json.loads(cli("recall", "alice", query, "-k", "10", "--agent", "booker", "--team", "travel", "--json"))
    assert not any("Memmo" in r["source_text"] for r in outsider)   # --team narrows the stored grants, never widens
    cli("agents", "grant", "booker", "travel", "--yes")
    booker = json.loads(cli("recall", "alice", query, "-k", "10", "--agent", "booker", "--json"))
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


def test_agents_grant_revoke_list(cli, tenant):
    assert json.loads(cli("agents", "list", "--json")) == [{"agent": "planner", "team": "travel",
                                                             "granted_at": json.loads(cli("agents", "list", "planner",
                                                                                          "--json"))[0]["granted_at"]}]
    refused = runner.invoke(app, ["agents", "grant", "coach", "travel"], input="n\n", env={"GRAPHMEM_TENANT": tenant})
    assert refused.exit_code == 1 and "nothing changed" in refused.output
    assert json.loads(cli("agents", "grant", "coach", "travel", "--yes", "--json"))["created"] is True
    assert json.loads(cli("agents", "grant", "coach", "travel", "--yes", "--json"))["created"] is False
    assert "coach" in cli("agents", "list") and "travel" in cli("agents", "list", "coach")
    coach = json.loads(cli("recall", "alice", "hotel in Lisbon", "--agent", "coach", "--json"))
    assert any("Memmo" in r["source_text"] for r in coach)
    assert json.loads(cli("agents", "revoke", "coach", "travel", "--yes", "--json"))["revoked"] is True
    assert "was not a member" in cli("agents", "revoke", "coach", "travel", "--yes")
    coach = json.loads(cli("recall", "alice", "hotel in Lisbon", "--agent", "coach", "--json"))
    assert not any("Memmo" in r["source_text"] for r in coach)
    bad = runner.invoke(app, ["agents", "grant", "bad agent", "travel", "--yes"], env={"GRAPHMEM_TENANT": tenant})
    assert bad.exit_code == 7 and "agent must be" in bad.output


def test_scope_shows_in_owner_recall_explain_and_export(cli):
    table = cli("recall", "alice", "passport number", "--wide")        # the owner's view: who learnt it, where
    assert "learnt by" in table and "planner, private" in table
    explained = json.loads(cli("recall", "alice", "passport number", "--explain", "--json"))
    mine = next(r for r in explained if "X1234567" in r["source_text"])
    assert (mine["agent"], mine["scope"]) == ("planner", "agent:planner")
    assert (mine["explanation"]["agent"], mine["explanation"]["scope"]) == ("planner", "agent:planner")
    data = json.loads(cli("export", "alice"))
    events = {n["props"]["text"]: n["props"] for n in data["nodes"] if "Event" in n["labels"]
              and n["props"].get("role")}
    said = events["My passport number is X1234567."]
    assert (said["agent"], said["scope"]) == ("planner", "agent:planner")
    assert said["caption"].startswith("[planner, private]")                   # Neo4j Browser's caption
    assert events["I am allergic to shellfish."]["scope"] == "user"


def test_history_and_card_show_each_versions_scope(tenant_settings, tenant, tmp_path):
    from graphmem.model import FactInput

    with Memory(tenant_settings, journal_path=tmp_path / "j2.sqlite3") as m:
        m.agent("coach").add("bob", "c1", 1, "My budget is 900.", at=AT,
                             facts=[FactInput("attribute", "", "budget", 900, text="My budget is 900.")])
        assert m.flush(120)
    env = {"GRAPHMEM_TENANT": tenant}
    versions = json.loads(runner.invoke(app, ["history", "bob", "me", "budget", "--json"], env=env).output)
    assert [(v["value"], v["agent"], v["scope"]) for v in versions] == [("900", "coach", "agent:coach")]
    table = runner.invoke(app, ["card", "bob", "me", "--wide"], env=env).output
    assert "scope" in table and "coach, private" in table
