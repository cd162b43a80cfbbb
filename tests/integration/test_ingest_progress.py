"""``ingest`` on the real write path: a CSV file stores its turns with role, speaker and time, and the progress
callback counts turns as they are stored, never ahead of the writer."""

import json
from datetime import datetime, timezone

from typer.testing import CliRunner

from graphmem import Memory, curate
from graphmem.cli.app import app
from graphmem.ingest import ingest

runner = CliRunner()


def test_csv_through_the_cli(tenant, tmp_path):
    path = tmp_path / "chat.csv"
    path.write_text("user,session,turn,text,role,speaker,at\n"
                    'carol,s1,1,"My budget is 6000, not more.",,,2026-03-02T10:00:00+08:00\n'
                    "carol,s1,2,Noted: 6000.,assistant,,2026-03-02T10:01:00+08:00\n"
                    "carol,s1,3,I am allergic to nuts.,,Melanie,2026-03-02T10:02:00+08:00\n", encoding="utf-8")
    out = runner.invoke(app, ["ingest", str(path), "--json"], env={"GRAPHMEM_TENANT": tenant})
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["turns"] == 3
    events = json.loads(runner.invoke(app, ["events", "carol", "--json"], env={"GRAPHMEM_TENANT": tenant}).output)
    said = {e["text"]: e for e in events}
    when = datetime.fromisoformat(said["My budget is 6000, not more."]["occurred_at"])
    assert when == datetime(2026, 3, 2, 2, 0, tzinfo=timezone.utc)                     # 10:00 +08:00
    assert said["I am allergic to nuts."]["speaker"] == "Melanie"
    assert said["I am allergic to nuts."]["role"] == "participant"


def test_progress_counts_stored_turns_not_queued_ones(tenant_settings, tmp_path):
    path = tmp_path / "chat.jsonl"
    lines = [{"user": "dan", "session": "s1", "text": f"My favourite number this week is {n}{n}{n}."}
             for n in range(1, 10)]
    path.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    calls = []
    with Memory(tenant_settings, journal_path=tmp_path / "j.sqlite3") as mem:
        def progress(n):
            # at each call the writer has stored (committed or turned away) at least as many turns as reported
            st = mem.writer.stats()
            calls.append((n, st.written + st.duplicates_skipped + sum(st.rejected.values())))
        ingest(mem, path, progress=progress)
    reported = 0
    for n, stored in calls:
        reported += n
        assert reported <= stored, calls
    assert reported == len(lines)
