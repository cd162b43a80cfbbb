"""Reads over Neo4j's HTTP Query API (``Store(http_reads=True)``, what the CLI's inspect commands use) give the
same rows as the Bolt driver, translate errors the same way, and fall back to the driver when HTTP is closed."""

import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone

import pytest

from graphmem import curate
from graphmem.errors import AuthError
from graphmem.store import Store
from graphmem.write import reads


def native(value):
    """Bolt's time types as Python's, for comparing the two transports."""
    if hasattr(value, "to_native"):
        return value.to_native()
    if isinstance(value, dict):
        return {k: native(v) for k, v in value.items()}
    if isinstance(value, list):
        return [native(v) for v in value]
    return value


def test_http_reads_equal_bolt_reads(sample_users, tenant_settings):
    bolt = sample_users
    with Store(tenant_settings, http_reads=True) as http:
        assert http._http is not None
        assert native(curate.users(bolt)) == curate.users(http)
        assert native(curate.events(bolt, "alice")) == curate.events(http, "alice")
        assert native(curate.stats(bolt)) == curate.stats(http)
        assert reads.card(bolt, "alice", "me") == reads.card(http, "alice", "me")
        assert reads.history(bolt, "alice", "me", "budget") == reads.history(http, "alice", "me", "budget")
        assert reads.user_stats(bolt, "alice") == reads.user_stats(http, "alice")
        assert http._http is not None and http._driver is None      # never fell back, never built a driver


def test_http_parameters_keep_their_types(sample_users, tenant_settings, sample_day):
    since = datetime(2026, 3, 1, 10, 30, tzinfo=timezone.utc)
    with Store(tenant_settings, http_reads=True) as http:
        rows = curate.events(http, "alice", since, None)
        assert rows and all(isinstance(r["occurred_at"], datetime) and r["occurred_at"] >= since for r in rows)
        assert all(r["occurred_at"].tzinfo is not None for r in rows)
        def budget(at):
            return [f.value for f in reads.as_of(http, "alice", at, key="budget")]
        assert budget(sample_day + timedelta(minutes=90)) == ["5000"]
        assert budget(sample_day + timedelta(hours=3)) == ["8000"]


def test_http_refused_credentials_are_an_auth_error(sample_users, tenant_settings):
    # an unknown user name: refused without touching the shared server's login rate limit for `neo4j`
    wrong = tenant_settings.with_(neo4j_user="graphmem-test-nobody", neo4j_password="wrong")
    with Store(wrong, http_reads=True) as http, pytest.raises(AuthError, match="refused the credentials"):
        curate.users(http)


def test_closed_http_port_falls_back_to_bolt(sample_users, tenant_settings):
    closed = tenant_settings.with_(http_port=9)     # discard port: nothing listens there
    with Store(closed, http_reads=True) as store:
        assert {r["user_id"] for r in curate.users(store)} == {"alice", "bob"}
        assert store._http is None and store._driver is not None


def test_cli_inspect_commands_do_not_import_the_driver(sample_users, tenant):
    probe = ("import sys; sys.argv = ['graphmem', 'card', 'alice', 'me', '--json']\n"
             "from graphmem.cli.app import main\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print('DRIVER' if 'neo4j' in sys.modules else 'NO-DRIVER')")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "GRAPHMEM_TENANT": tenant})
    text, verdict = out.stdout.rsplit("\n", 2)[0], out.stdout.strip().splitlines()[-1]
    assert verdict == "NO-DRIVER", out.stderr
    assert any(f["key"] == "budget" and f["value"] == "8000" for f in json.loads(text)["card"]["facts"])
