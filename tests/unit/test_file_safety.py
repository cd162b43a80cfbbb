"""Issue 19, item 11 (files): ``graphmem neo4j logs --file`` reads only the server's own log files, the write
journal is owner-only (0600, its folder 0700 when graphmem creates it), and docker/compose.yml's healthcheck
keeps the password off every command line. No server needed."""

import os
import stat
from pathlib import Path

import pytest

from graphmem.docker import launcher
from graphmem.errors import InputError
from graphmem.settings import Settings
from graphmem.write.journal import Journal

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["/etc/passwd", "../../../../etc/passwd", "neo4j.conf", "../conf/neo4j.conf"])
def test_logs_reads_only_log_files(tmp_path, name):
    s = Settings(home=tmp_path)
    (tmp_path / "neo4j" / "logs").mkdir(parents=True)
    (tmp_path / "neo4j" / "logs" / "neo4j.log").write_text("started\n")
    with pytest.raises(InputError):
        launcher.logs(s, 5, name)
    assert launcher.logs(s, 5, "neo4j.log") == "started"


def test_journal_files_are_owner_only(tmp_path):
    old = os.umask(0o022)
    try:
        j = Journal(tmp_path / "home" / "journal.sqlite3").open()
        j.append("k1", {"text": "my PIN is 4711"})
        files = [p for p in (tmp_path / "home").iterdir() if p.name.startswith("journal.sqlite3")]
        assert {p.name for p in files} >= {"journal.sqlite3", "journal.sqlite3-wal"}
        for p in files:
            assert stat.S_IMODE(p.stat().st_mode) == 0o600, p
        assert stat.S_IMODE((tmp_path / "home").stat().st_mode) == 0o700
        j.close()
    finally:
        os.umask(old)


def test_compose_healthcheck_keeps_the_password_off_the_command_line():
    lines = (ROOT / "docker" / "compose.yml").read_text().splitlines()
    command = next(line for line in lines if line.strip().startswith("test:"))
    assert " -p " not in command and "--password" not in command
    assert "NEO4J_PASSWORD=" in command and "cypher-shell 'RETURN 1'" in command
