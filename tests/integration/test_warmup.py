"""``graphmem.warmup.warm`` against the real server: it writes and recalls in a scratch tenant, deletes it, and
leaves every other tenant as it was."""

from __future__ import annotations

from graphmem import curate
from graphmem.store import Store
from graphmem.warmup import warm
from graphmem.write import Writer


def test_warm_writes_recalls_and_leaves_nothing_behind(tenant_settings, tmp_path, sample_day):
    with Store(tenant_settings) as mine:
        with Writer(mine, journal_path=tmp_path / "j.sqlite3") as w:
            w.add("ana", "s1", 1, "My cat Miso is a grey British Shorthair.", at=sample_day)
            assert w.flush(120)
        before = curate.stats(mine)
        assert before["events"] >= 1

        done = warm(tenant_settings, seconds=1)

        assert done.turns >= 2 and done.contexts >= 1 and done.turns == 2 * done.contexts
        assert done.tenant != tenant_settings.tenant and done.tenant.startswith("graphmem-warmup-")
        with Store(tenant_settings.with_(tenant=done.tenant)) as scratch:
            assert curate.users(scratch) == []
            assert not any(curate.stats(scratch).values())
        assert curate.stats(mine) == before
