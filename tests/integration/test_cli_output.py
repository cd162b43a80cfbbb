"""Consistent CLI output (issue 20): ISO 8601 times in tables and --json, full ids in --json and with --wide
(never cut with "…"), "none" instead of empty tables, exit codes that do not collide, --version, examples in
every command's --help, and the events table's role, speaker and status."""

import json
import re
from datetime import datetime

import pytest
import typer.main
from typer.testing import CliRunner

from graphmem import __version__
from graphmem.cli.app import app

runner = CliRunner()
ISO_MINUTE = re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\dZ\b")
EVENT_ID = re.compile(r"\bev_[0-9a-f]{24}\b")


@pytest.fixture
def cli(sample_users, tenant):
    def invoke(*args, input=None, env=None):
        return runner.invoke(app, list(args), env={"GRAPHMEM_TENANT": tenant, **(env or {})}, input=input)
    return invoke


def test_times_are_iso_8601_in_tables_and_json(cli):
    events = json.loads(cli("events", "alice", "--json").output)
    assert events and all(datetime.fromisoformat(e["occurred_at"]).tzinfo is not None for e in events)
    card = json.loads(cli("card", "alice", "me", "--json").output)
    assert all(datetime.fromisoformat(f["valid_from"]) for f in card["history"])
    users = json.loads(cli("users", "--json").output)
    assert all(datetime.fromisoformat(u["last_seen"]) for u in users)
    table = cli("history", "alice", "me", "budget").output
    assert len(ISO_MINUTE.findall(table)) == 3                         # 2 valid from, 1 valid to


def test_ids_are_whole_in_json_and_tables(cli):
    ids = [e["id"] for e in json.loads(cli("events", "alice", "--json").output)]
    assert ids and all(EVENT_ID.fullmatch(i) for i in ids)
    narrow = cli("events", "alice").output                             # CliRunner's terminal: 80 columns
    assert set(EVENT_ID.findall(narrow)) == set(ids) and "ev_…" not in narrow
    wide = cli("events", "alice", "--wide").output
    assert set(EVENT_ID.findall(wide)) == set(ids)
    assert max(len(line) for line in wide.splitlines()) > 120            # one line per row, not squeezed
    assert all(len([line for line in wide.splitlines() if i in line]) == 1 for i in ids)


def test_events_show_role_speaker_and_status(cli):
    out = cli("events", "alice", "--wide").output
    header = next(line for line in out.splitlines() if " id " in line)
    assert all(col in header for col in ("role", "speaker", "status", "text"))
    assert "user" in out and "active" in out
    assert "events of alice (archived): none" in cli("events", "alice", "--status", "archived").output
    assert cli("events", "alice", "--status", "gone").exit_code == 7


def test_empty_results_say_none(cli):
    out = cli("card", "alice", "Noodle House").output                 # a relation, no attribute
    assert "active: none" in out and "history: none" in out and "RECOMMENDED" in out
    assert "relations: none" in cli("card", "alice", "me").output


def test_exit_codes_do_not_collide(cli, tmp_path):
    assert cli("no-such-command").exit_code == 2                       # usage (Click)
    assert cli("recall", "alice", "q", "-k", "many").exit_code == 2    # a bad option value is usage too
    config = cli("users", env={"GRAPHMEM_NEO4J_URI": "http://localhost:7474"})
    assert config.exit_code == 9 and "GRAPHMEM_NEO4J_URI" in config.output
    assert cli("card", "nobody", "me").exit_code == 8
    assert cli("events", "alice", "--since", "yesterday").exit_code == 7
    assert cli("forget", "alice", "--all", input="n\n").exit_code == 1   # declined: nothing changed
    assert json.loads(cli("users", "--json").output)


def test_version_and_examples_in_every_help():
    assert runner.invoke(app, ["--version"]).output.strip() == f"graphmem {__version__}"
    root = typer.main.get_command(app)
    assert "Start here:" in runner.invoke(app, ["--help"]).output

    def walk(group, prefix):
        for name, cmd in group.commands.items():
            if hasattr(cmd, "commands"):
                yield from walk(cmd, prefix + [name])
            else:
                yield prefix + [name]

    for path in walk(root, []):
        out = runner.invoke(app, [*path, "--help"]).output
        assert re.search(r"Examples?:\n\s+[^\n]*graphmem ", out), f"graphmem {' '.join(path)} --help has no example"


def test_a_dislike_reads_as_one_on_the_card(tenant_settings, tmp_path, tenant):
    """Someone's dislike is "preference: not <thing>" on their card (it read as a liking); the user's own stays
    "preference: dislike" on the thing's card."""
    from graphmem.model import FactInput
    from graphmem.store import Store
    from graphmem.write import Writer

    with Store(tenant_settings) as store, Writer(store, tenant_settings, journal_path=tmp_path / "j.sqlite3") as w:
        w.add("carol", "s1", 0, "Tom can't stand cilantro but loves jazz.", role="user", facts=[
            FactInput("preference", "Tom", "preference", "cilantro", polarity=-1, subject_type="person"),
            FactInput("preference", "Tom", "preference", "jazz", polarity=1, subject_type="person")])
        w.add("carol", "s1", 1, "I hate olives.", role="user", facts=[FactInput("preference", "olives", polarity=-1)])
        assert w.flush(120)
    invoke = lambda *a: runner.invoke(app, list(a), env={"GRAPHMEM_TENANT": tenant}).output   # noqa: E731
    tom = json.loads(invoke("card", "carol", "Tom", "--json"))["card"]
    assert "preference: not cilantro" in tom["summary"] and "preference: jazz" in tom["summary"], tom
    assert "not jazz" not in tom["summary"]
    shown = " ".join(invoke("card", "carol", "Tom").split())
    assert "not cilantro" in shown and "not jazz" not in shown
    olives = json.loads(invoke("card", "carol", "olives", "--json"))["card"]
    assert olives["summary"] == "preference: dislike"
