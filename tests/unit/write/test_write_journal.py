from graphmem.write.journal import Journal, remove


def test_append_take_done_and_dead(tmp_path):
    j = Journal(tmp_path / "j.sqlite3").open()
    assert j.append("k1", {"text": "a"}) and j.append("k2", {"text": "中文"})
    assert not j.append("k1", {"text": "again"})          # the same turn waits once
    assert [e.key for e in j.take(10)] == ["k1", "k2"] and j.pending() == 2
    assert j.take(10)[1].payload == {"text": "中文"}
    j.done(["k1"])
    assert j.pending() == 1
    assert not j.append("k1", {"text": "once more"})      # finished turns are remembered
    assert j.failed_attempt("k2") == 1 and j.failed_attempt("k2") == 2
    j.bury("k2", "boom")
    assert j.pending() == 0 and [d["key"] for d in j.dead()] == ["k2"] and j.dead()[0]["error"] == "boom"
    j.close()
    again = Journal(tmp_path / "j.sqlite3").open()        # survives reopening
    assert again.pending() == 0 and len(again.dead()) == 1


def test_one_writer_per_journal(tmp_path):
    import pytest

    from graphmem.errors import ConfigError

    first = Journal(tmp_path / "j.sqlite3").open()
    with pytest.raises(ConfigError, match="in use by another writer"):
        Journal(tmp_path / "j.sqlite3").open()
    first.close()
    Journal(tmp_path / "j.sqlite3").open().close()       # free again once closed


def test_a_removed_journal_leaves_no_file_behind(tmp_path):
    j = Journal(tmp_path / "j.sqlite3").open()
    j.append("k1", {"text": "a"})
    j.close()
    assert (tmp_path / "j.sqlite3.lock").exists()     # the writers' lock outlives close(), by design
    remove(tmp_path / "j.sqlite3")
    assert list(tmp_path.iterdir()) == []
