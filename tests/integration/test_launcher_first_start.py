"""Issue 19, item 11 (first start): on a throw-away server (own home and ports), a local process that keeps
trying to claim the initial password while ``graphmem neo4j up`` starts the server never gets in, because
neo4j-admin writes our password into the store before the server listens; and what the server writes (store,
logs) is owner-only."""

import os
import socket
import stat
import threading

from graphmem.docker import launcher
from graphmem.errors import AuthError, GraphmemError
from graphmem.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_no_local_process_can_claim_the_first_start(settings, tmp_path):
    own = settings.with_(home=tmp_path / "home", neo4j_uri=f"bolt://127.0.0.1:{free_port()}", http_port=free_port(),
                         neo4j_password=None, neo4j_heap="512m", neo4j_pagecache="64m")
    intruder = Store(own.with_(neo4j_password="neo4j"))          # the initial password everyone knows
    claimed, stop = [], threading.Event()

    def claim() -> None:
        """Knock every 50 ms from the moment Bolt answers; a refused login means the race is lost."""
        while not stop.is_set():
            try:
                intruder.run_auto("admin/set_password", {"old": "neo4j", "new": "intruder-wins"}, database="system")
                claimed.append(True)
                return
            except AuthError:
                return
            except GraphmemError:
                intruder._probe_at = 0.0   # not listening yet: keep knocking, no cool-down
                stop.wait(0.05)

    knocker = threading.Thread(target=claim, daemon=True)
    old = os.umask(0o022)
    try:
        knocker.start()
        failed = None
        try:
            launcher.up(own)
        except GraphmemError as e:
            failed = e
        finally:
            stop.set()
            knocker.join(10)
        assert claimed == [] and failed is None, failed              # 746d7f7: the intruder won the race
        with Store(own) as store:
            assert store.run("admin/ping") == [{"ok": 1}]              # our generated password works
        loose = [p for p in own.neo4j_dir.rglob("*") if stat.S_IMODE(p.stat().st_mode) & 0o077]
        assert loose == [], loose                                    # 746d7f7: store and logs 0644
        assert not (own.neo4j_dir / "run" / "initial-password.args").exists()
    finally:
        os.umask(old)
        intruder.close()
        launcher.down(own)


def test_neo4j_admin_runs_on_the_launchers_home(tmp_path):
    """`graphmem neo4j admin ARGS` is neo4j-admin from the same jars (docs/operations.md: dump and load)."""
    import subprocess
    import sys

    env = {**os.environ, "GRAPHMEM_HOME": str(tmp_path / "home")}
    cli = [sys.executable, "-c", "from graphmem.cli.app import main; main()"]
    done = subprocess.run(cli + ["neo4j", "admin", "version"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "5.26." in done.stdout, done.stderr[-500:]
    dump = subprocess.run(cli + ["neo4j", "admin", "database", "dump", "neo4j", f"--to-path={tmp_path}"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert dump.returncode != 0 and "neo4j" in dump.stdout + dump.stderr   # no database in an empty home: said
