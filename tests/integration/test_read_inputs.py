"""Issue 19, item 11 (inputs): an entity, attribute or id that is not text or holds a lone surrogate, and a time
that is not a time (``at=0``), are refused with an InputError (CLI exit 7) instead of a traceback; a read of a
user that does not exist is NotFound (CLI exit 8), not an empty answer with exit 0. Real Neo4j."""

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st
from typer.testing import CliRunner

from graphmem import curate
from graphmem.cli.app import app
from graphmem.errors import GraphmemError, InputError, NotFound
from graphmem.write import Writer, as_of, card, history

BAD = ["lap\ud800top", 5, None, b"laptop", ["laptop"]]


@pytest.mark.parametrize("entity", BAD)
def test_a_bad_entity_is_an_input_error(sample_users, entity):
    for read in (card, history):
        with pytest.raises(InputError):
            read(sample_users, "alice", entity)
    with pytest.raises(InputError):
        curate.alias(sample_users, "alice", "me", entity)
    with pytest.raises(InputError):
        curate.forget(sample_users, "alice", entity=entity if entity is not None else 7)


def test_bad_ids_and_times_are_input_errors(sample_users, tenant_settings, tmp_path, sample_day):
    for kind in ("event", "fact"):
        with pytest.raises(InputError):
            curate.forget(sample_users, "alice", **{kind: "ev_\udfff"})
    with pytest.raises(InputError):
        curate.set_fact_status(sample_users, "alice", "fa_\ud800", active=False)
    with pytest.raises(InputError):
        history(sample_users, "alice", "me", "bud\ud800get")
    for at in (0, 1.5, "yesterday"):
        with pytest.raises(InputError):
            as_of(sample_users, "alice", at)
    with Writer(sample_users, tenant_settings, journal_path=tmp_path / "j.sqlite3") as w:
        for at in (0, "not a date", object()):
            with pytest.raises(InputError):
                w.add("alice", "s9", 1, "My budget is 1.", at=at)
    assert as_of(sample_users, "alice", sample_day.isoformat()) == as_of(sample_users, "alice", sample_day)


def test_reads_of_an_unknown_user_are_not_found(sample_users, tenant, sample_day):
    for read in (lambda: history(sample_users, "nobody", "me"), lambda: as_of(sample_users, "nobody", sample_day)):
        with pytest.raises(NotFound):
            read()
    result = CliRunner().invoke(app, ["history", "nobody", "me"], env={"GRAPHMEM_TENANT": tenant})
    assert result.exit_code == 8 and "Traceback" not in result.output


@pytest.mark.parametrize("args", [["card", "alice", "lap\udcfftop"], ["history", "alice", "me", "x\udc80"],
                                  ["forget", "alice", "--event", "ev_\udcff", "--yes"]])
def test_the_cli_refuses_them_with_exit_code_7(sample_users, tenant, args):
    result = CliRunner().invoke(app, args, env={"GRAPHMEM_TENANT": tenant})
    assert result.exit_code == 7, result.output
    assert "Traceback" not in result.output


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(entity=st.one_of(st.text(max_size=30), st.integers(), st.none(), st.binary(max_size=5)))
def test_fuzzed_entities_raise_only_graphmem_errors(sample_users, entity):
    for read in (card, history):
        try:
            read(sample_users, "alice", entity)
        except GraphmemError:
            pass
