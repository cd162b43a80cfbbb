from pathlib import Path

import pytest

from graphmem.errors import ConfigError
from graphmem.settings import Settings


def test_defaults_point_at_the_local_server():
    s = Settings.from_env({})
    assert s.neo4j_uri == "bolt://127.0.0.1:7687"
    assert s.neo4j_database == "neo4j"
    assert s.embedder == "use"
    assert s.password_file == Path.home() / ".graphmem" / "neo4j" / "password"


def test_environment_is_read(tmp_path):
    s = Settings.from_env({
        "GRAPHMEM_NEO4J_URI": "neo4j+s://abc.databases.neo4j.io",
        "GRAPHMEM_NEO4J_USER": "alice",
        "GRAPHMEM_NEO4J_PASSWORD": "pw",
        "GRAPHMEM_NEO4J_DATABASE": "mem",
        "GRAPHMEM_HOME": str(tmp_path),
        "GRAPHMEM_EMBEDDER": "st",
        "GRAPHMEM_TENANT": "acme",
        "GRAPHMEM_HTTP_PORT": "17474",
    })
    assert (s.neo4j_uri, s.neo4j_user, s.neo4j_database, s.embedder, s.tenant) == (
        "neo4j+s://abc.databases.neo4j.io", "alice", "mem", "st", "acme")
    assert s.resolved_password() == "pw"
    assert s.home == tmp_path and s.http_port == 17474
    assert "pw" not in repr(s)


def test_overrides_win_over_environment():
    s = Settings.from_env({"GRAPHMEM_TENANT": "a"}, tenant="b")
    assert s.tenant == "b"


@pytest.mark.parametrize("uri", ["http://localhost:7474", "localhost:7687", "redis://x"])
def test_bad_uri_is_a_config_error(uri):
    with pytest.raises(ConfigError, match="GRAPHMEM_NEO4J_URI"):
        Settings(neo4j_uri=uri)


def test_unknown_embedder_and_bad_port_are_config_errors():
    with pytest.raises(ConfigError, match="GRAPHMEM_EMBEDDER"):
        Settings(embedder="gpt")
    with pytest.raises(ConfigError, match="GRAPHMEM_HTTP_PORT"):
        Settings.from_env({"GRAPHMEM_HTTP_PORT": "seven"})


def test_settings_are_frozen():
    with pytest.raises(AttributeError):
        Settings().tenant = "x"


def test_missing_password_file_says_how_to_get_one(tmp_path):
    with pytest.raises(ConfigError, match="graphmem neo4j up"):
        Settings(home=tmp_path).resolved_password()


@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_tenant_in_the_environment_is_a_config_error(value):
    """Issue 19, item 11: GRAPHMEM_TENANT="" used to mean "default" silently."""
    with pytest.raises(ConfigError, match="GRAPHMEM_TENANT"):
        Settings.from_env({"GRAPHMEM_TENANT": value})
    assert Settings.from_env({}).tenant == "default"
