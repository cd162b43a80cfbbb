"""Every CLI command through Typer's CliRunner against the real server, plus help and README coverage."""

import json
import re
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from graphmem.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture
def cli(sample_users, tenant):
    def invoke(*args, input=None):
        return runner.invoke(app, list(args), env={"GRAPHMEM_TENANT": tenant}, input=input)
    return invoke


def as_json(result):
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def laptop_id(cli):
    rows = as_json(cli("entities", "alice", "--json"))
    return next(r["id"] for r in rows if "ThinkPad" in r["name"] + " ".join(r["aliases"] or []))


def test_users_show_entities_stats(cli):
    assert {r["user_id"] for r in as_json(cli("users", "--json"))} == {"alice", "bob"}
    shown = as_json(cli("show", "alice", "--json"))
    assert shown["stats"]["active_facts"] >= 3 and shown["profile"]["text"]
    assert as_json(cli("stats", "--json"))["users"] == 2
    table = cli("entities", "alice", "--type", "laptop", "--wide")   # one line per row, whatever the width
    assert table.exit_code == 0 and "ThinkPad" in table.output
    assert "MacBook" not in table.output


def test_card_history_events_recall(cli):
    card = as_json(cli("card", "alice", "me", "--json"))
    assert any(f["key"] == "budget" and f["value"] == "8000" for f in card["card"]["facts"])
    hist = as_json(cli("history", "alice", "me", "budget", "--json"))
    assert [h["status"] for h in hist] == ["outdated", "active"]
    events = as_json(cli("events", "alice", "--since", "2026-03-01T10:30:00+00:00", "--json"))
    assert events and all(e["occurred_at"] >= "2026-03-01T10:30" for e in events)
    found = as_json(cli("recall", "alice", "what is my budget?", "--explain", "--json"))
    assert "8000" in found[0]["text"] and found[0]["explanation"]
    assert all("MacBook" not in r["text"] for r in found)
    plain = cli("recall", "alice", "what is my budget?", "--explain")
    assert plain.exit_code == 0 and "8000" in plain.output


def test_outdate_restore_alias_merge(cli):
    old, new = as_json(cli("history", "alice", "me", "budget", "--json"))
    back = as_json(cli("restore", "alice", old["id"], "--json"))
    assert back["status"] == "active" and back["restored_from"] == old["id"]
    assert as_json(cli("outdate", "alice", back["id"], "--json", "--yes"))["status"] == "outdated"
    laptop = laptop_id(cli)
    assert "work machine" in as_json(cli("alias", "alice", laptop, "work machine", "--json"))["aliases"]
    other = next(r for r in as_json(cli("entities", "alice", "--json"))
                 if r["id"] != laptop and "dark" in r["name"])
    merged = as_json(cli("merge", "alice", laptop, other["id"], "--json", "--yes"))
    assert other["name"] in merged["aliases"]


def test_forget_asks_for_confirmation_and_verifies(cli):
    laptop = laptop_id(cli)
    dry = as_json(cli("forget", "alice", "--entity", laptop, "--dry-run", "--json"))
    assert dry["dry_run"] and laptop in dry["planned"]["entities"]
    refused = cli("forget", "alice", "--entity", laptop, input="n\n")
    assert refused.exit_code == 1
    assert any(r["id"] == laptop for r in as_json(cli("entities", "alice", "--json")))
    done = cli("forget", "alice", "--entity", laptop, input="y\n")
    assert done.exit_code == 0 and "verified: nothing remains" in done.output
    assert all(r["id"] != laptop for r in as_json(cli("entities", "alice", "--json")))


def test_export_import_round_trip(cli, tmp_path):
    path = tmp_path / "alice.json"
    assert cli("export", "alice", "-o", str(path)).exit_code == 0
    before = json.loads(path.read_text())
    refused = cli("import", str(path))
    assert refused.exit_code == 7 and "already exists" in refused.output
    assert cli("forget", "alice", "--all", "--yes").exit_code == 0
    assert as_json(cli("import", str(path), "--json")) == {"nodes": len(before["nodes"]),
                                                          "relationships": len(before["relationships"])}
    assert json.loads(cli("export", "alice").output) == before


def test_ingest_validates_then_writes(cli, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"user_id": "carol", "session_id": "s", "text": "hi"}\nnot json\n')
    result = cli("ingest", str(bad))
    assert result.exit_code == 7 and "bad.jsonl:2" in result.output
    assert "carol" not in {r["user_id"] for r in as_json(cli("users", "--json"))}
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(json.dumps(t, ensure_ascii=False) for t in [
        {"user_id": "carol", "session_id": "s", "text": "你好", "at": "2026-03-02T10:00:00+08:00"},
        {"user_id": "carol", "session_id": "s", "text": "我的预算是六千", "at": "2026-03-02T10:01:00+08:00"},
    ]))
    out = as_json(cli("ingest", str(good), "--json"))
    assert out["turns"] == 2 and out["flushed"] and out["rejected"].get("greeting") == 1
    assert as_json(cli("events", "carol", "--json"))[0]["text"] == "我的预算是六千"


@pytest.mark.parametrize("env, code, says", [
    ({"GRAPHMEM_NEO4J_PASSWORD": None}, 9, "no Neo4j password"),        # GRAPHMEM_HOME has no password file
    # an unknown user name: refused every time without touching the shared server's login rate limit
    ({"GRAPHMEM_NEO4J_USER": "graphmem-test-nobody", "GRAPHMEM_NEO4J_PASSWORD": "wrong"}, 4, "refused the credentials"),
])
def test_ingest_that_stores_nothing_fails_and_says_why(cli, tenant, tmp_path, env, code, says):
    dave = tmp_path / "dave.jsonl"
    dave.write_text(json.dumps({"user_id": "dave", "session_id": "s", "text": "My budget is 7000."}) + "\n")
    env = {"GRAPHMEM_TENANT": tenant, "GRAPHMEM_HOME": str(tmp_path / "home"), **env}
    result = runner.invoke(app, ["ingest", str(dave)], env=env)
    assert result.exit_code == code and says in result.output, result.output
    assert result.output.strip().count("\n") == 0 and "ingested" not in result.output   # one line
    assert "dave" not in {r["user_id"] for r in as_json(cli("users", "--json"))}


def test_ingest_raises_when_turns_went_to_the_dead_table(tenant_settings, tmp_path):
    from graphmem import Memory
    from graphmem.errors import StoreError
    from graphmem.ingest import ingest

    def refuse():
        raise RuntimeError("this batch cannot commit")
    dave = tmp_path / "dave.jsonl"
    dave.write_text("\n".join(json.dumps({"user_id": "dave", "session_id": "s", "text": t})
                               for t in ("My budget is 7000.", "I live in Graz.")))
    with Memory(tenant_settings, journal_path=tmp_path / "j.sqlite3", hooks={"before_commit": refuse}) as mem:
        with pytest.raises(StoreError, match="2 of 2 turns were not stored.*RuntimeError"):
            ingest(mem, dave)


def test_maintain_browse_doctor_and_errors(cli):
    report = as_json(cli("maintain", "--json", "--yes"))
    assert report["examined"] >= 1
    link = cli("browse", "alice", "--link")
    assert link.exit_code == 0 and link.output.startswith("http://127.0.0.1:")
    short = cli("browse", "alice", "--ttl", "1")                       # the one-step link's server, 1 s
    assert short.exit_code == 0 and re.match(r"http://127\.0\.0\.1:\d+/[\w-]{11}\n", short.output)
    doctor = cli("doctor")
    assert doctor.exit_code == 0, doctor.output
    missing = cli("card", "nobody", "me")
    assert missing.exit_code == 8 and missing.output.count("\n") == 1 and "Traceback" not in missing.output


def _commands(group, prefix: str = "") -> dict:
    found = {}
    for name, cmd in group.commands.items():
        found[prefix + name] = cmd
        if hasattr(cmd, "commands"):
            found.update(_commands(cmd, f"{prefix}{name} "))
    return found


def test_every_command_has_help_and_is_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = _commands(typer.main.get_command(app))
    assert len(commands) >= 25
    for name, cmd in commands.items():
        assert (cmd.help or "").strip(), f"{name} has no help text"
        words = name.split()
        pattern = r"graphmem " + r"\s*".join(re.escape(w) for w in words[:-1]) + (r"[ \w|\\]*" if len(words) > 1 else "") + re.escape(words[-1])
        assert re.search(pattern, readme), f"`graphmem {name}` is missing from the README's CLI reference"
