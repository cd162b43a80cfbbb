"""Issue 19, item 7: ids that differ from a real user's only by whitespace, control characters or a lone
surrogate are refused on writes and reads alike (API and CLI, exit code 7), so nothing lands on the real
owner and nothing reads it."""

import pytest
from typer.testing import CliRunner

from graphmem import Memory, curate
from graphmem.cli.app import app
from graphmem.errors import InputError

VARIANTS = ["victim ", "victim\x00", "\tvictim", "victim\n", "vic\ud800tim"]


@pytest.mark.parametrize("bad", VARIANTS)
def test_a_near_copy_of_an_id_is_refused_on_writes_and_reads(tenant_settings, tmp_path, bad):
    with Memory(tenant_settings, journal_path=tmp_path / "j.sqlite3") as mem:
        mem.add("victim", "s1", 1, "My budget is 8123.")
        assert mem.flush(120)
        with pytest.raises(InputError, match="user_id"):
            mem.add(bad, "s1", 2, "My budget is 1.")
        with pytest.raises(InputError, match="tenant"):
            mem.add("victim", "s1", 3, "My budget is 2.", tenant=bad.replace("victim", tenant_settings.tenant))
        with pytest.raises(InputError, match="user_id"):
            mem.recall(bad, "what is my budget?")
        with pytest.raises(InputError, match="user_id"):
            mem.profile(bad)
        with pytest.raises(InputError, match="user_id"):
            curate.forget(mem.store, bad, everything=True)
        assert mem.flush(60)
        assert [e["text"] for e in curate.events(mem.store, "victim")] == ["My budget is 8123."]


@pytest.mark.parametrize("args, env", [(["card", "victim ", "me"], {}), (["events", "victim\t"], {}),
                                       (["users"], {"tenant": " "})])
def test_the_cli_refuses_them_with_exit_code_7(tenant, args, env):
    result = CliRunner().invoke(app, args, env={"GRAPHMEM_TENANT": tenant + env.get("tenant", "")})
    assert result.exit_code == 7, result.output
    assert "Traceback" not in result.output and result.output.strip().count("\n") == 0
