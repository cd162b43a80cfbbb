import socket

import pytest

from graphmem.docker import launcher
from graphmem.errors import ConfigError
from graphmem.settings import Settings


def test_version_comes_from_the_pom():
    assert launcher.neo4j_version().startswith("5.26.")


def test_jar_cache_is_outside_the_home_and_keyed_by_version(tmp_path):
    s = Settings(home=tmp_path / "home", cache=tmp_path / "cache")
    d = launcher.jar_dir(s)
    assert d.is_relative_to(tmp_path / "cache") and launcher.neo4j_version() in str(d)


def test_conf_binds_loopback_ports_and_the_home(tmp_path):
    s = Settings(home=tmp_path, neo4j_uri="bolt://127.0.0.1:17687", http_port=17474, neo4j_heap="1g")
    text = launcher.write_conf(s).read_text()
    assert "server.bolt.listen_address=127.0.0.1:17687" in text
    assert "server.http.listen_address=127.0.0.1:17474" in text
    assert f"server.directories.data={tmp_path / 'neo4j' / 'data'}" in text
    assert "dbms.usage_report.enabled=false" in text
    assert "server.memory.heap.max_size=1g" in text
    assert "db.tx_log.rotation.retention_policy=512M size" in text   # transaction logs stay bounded


def test_missing_jdk_is_a_one_line_config_error(tmp_path):
    with pytest.raises(ConfigError, match="Java 17") as err:
        launcher.find_java(java_home=str(tmp_path), jvm_dir=tmp_path, path=str(tmp_path))
    assert "\n" not in str(err.value)


def test_status_detects_a_stale_pid(tmp_path):
    s = Settings(home=tmp_path)
    s.neo4j_dir.mkdir(parents=True)
    (s.neo4j_dir / "neo4j.pid").write_text("999999")
    st = launcher.status(s)
    assert not st.running and st.stale_pid


def test_a_taken_port_is_seen():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        assert launcher._port_taken(sock.getsockname()[1])
