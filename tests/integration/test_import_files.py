"""Issue 19, item 11 (import files): a malformed import file is an InputError (CLI exit 7, one line), never a
traceback, and a property larger than anything graphmem writes (5 MB) is refused before anything is written.
Real Neo4j; the fuzz mutates a real export."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st
from typer.testing import CliRunner

from graphmem import curate
from graphmem.cli.app import app
from graphmem.errors import GraphmemError, InputError

MALFORMED = [[], "text", {"format": "graphmem-export/1", "nodes": 5},
             {"format": "graphmem-export/1", "nodes": [5]},
             {"format": "graphmem-export/1", "nodes": [{"key": "a", "labels": ["User"]}]},
             {"format": "graphmem-export/1", "nodes": [{"key": "a", "labels": "User", "props": {}}]},
             {"format": "graphmem-export/1", "relationships": [{"start": 1}]}]


@pytest.fixture
def export(sample_users):
    data = curate.export(sample_users, "bob")
    curate.forget(sample_users, "bob", everything=True)
    return data


@pytest.mark.parametrize("data", MALFORMED)
def test_malformed_files_are_input_errors(sample_users, tenant, tmp_path, data):
    with pytest.raises(InputError):
        curate.import_(sample_users, data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["import", str(path)], env={"GRAPHMEM_TENANT": tenant})
    assert result.exit_code == 7 and "Traceback" not in result.output, result.output


@pytest.mark.parametrize("where", ["text", "datetime", "nested", "list"])
def test_bad_or_huge_properties_are_refused(sample_users, export, where):
    data = copy.deepcopy(export)
    props = next(n for n in data["nodes"] if "Event" in n["labels"])["props"]
    props["text"] = {"text": "x" * 5_000_000, "datetime": {"$datetime": "yesterday"},
                     "nested": {"a": {"b": 1}}, "list": list(range(5000))}[where]
    with pytest.raises(InputError):
        curate.import_(sample_users, data)
    assert "bob" not in {u["user_id"] for u in curate.users(sample_users)}     # nothing was written


_leaf = st.one_of(st.none(), st.integers(), st.text(max_size=5), st.floats(allow_nan=True), st.booleans())


@hsettings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.lists(st.integers(0, 50), min_size=1, max_size=4), value=st.one_of(
    _leaf, st.lists(_leaf, max_size=3), st.dictionaries(st.text(max_size=3), _leaf, max_size=2)))
def test_fuzzed_import_files_raise_only_graphmem_errors(sample_users, export, path, value):
    data = copy.deepcopy(export)
    node = data
    for step in path[:-1]:                       # walk into the export, then replace one part of it
        if isinstance(node, dict) and node:
            node = node[sorted(node)[step % len(node)]]
        elif isinstance(node, list) and node:
            node = node[step % len(node)]
    if isinstance(node, dict) and node:
        node[sorted(node)[path[-1] % len(node)]] = value
    elif isinstance(node, list) and node:
        node[path[-1] % len(node)] = value
    try:
        curate.import_(sample_users, data, replace=True)
    except GraphmemError:
        pass
