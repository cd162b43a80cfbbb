"""The launcher on a second, throw-away server (own home and ports), so the shared one keeps running."""

import socket
import stat
import urllib.request

import pytest

from graphmem.docker import launcher
from graphmem.errors import PortInUseError
from graphmem.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def own(settings, tmp_path_factory):
    home = tmp_path_factory.mktemp("neo4j-home")
    s = settings.with_(home=home, neo4j_uri=f"bolt://127.0.0.1:{free_port()}", http_port=free_port(),
                       neo4j_password=None, neo4j_heap="512m", neo4j_pagecache="64m")
    yield s
    launcher.down(s)


def test_up_twice_status_password_browser_down(own):
    first = launcher.up(own)
    assert first.running and first.pid
    assert launcher.up(own).pid == first.pid  # harmless the second time
    mode = stat.S_IMODE(own.password_file.stat().st_mode)
    assert mode == 0o600
    with Store(own) as store:  # the generated password replaced the initial one
        assert store.run("admin/ping") == [{"ok": 1}]
    with urllib.request.urlopen(f"http://127.0.0.1:{own.http_port}/browser/", timeout=10) as page:
        assert page.status == 200 and b"Neo4j Browser" in page.read()
    assert launcher.down(own) is True
    st = launcher.status(own)
    assert not st.running and not st.stale_pid
    assert launcher.down(own) is False


def test_restart_keeps_data_and_password(own):
    launcher.up(own)
    with Store(own) as store:
        store.batch("admin/test_touch", [{"id": "keep-1", "name": "kept"}], tenant="launcher")
    launcher.down(own)
    launcher.up(own)
    with Store(own) as store:
        assert store.run("admin/test_count", {"tenant": "launcher"}) == [{"n": 1}]
    launcher.down(own)


def test_port_in_use_is_a_clear_error(own):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(PortInUseError, match=f"port {port} is already in use"):
            launcher.up(own.with_(neo4j_uri=f"bolt://127.0.0.1:{port}"))
