"""The writer's view of a user (entities, names, recent turns) is read from the graph only where a batch starts,
and never while the batch before is still committing: what it reads back is then what it holds (no database)."""

import threading
import time
from datetime import datetime, timezone

import pytest

from graphmem.write.codec import Prepared
from graphmem.write.pipeline import Batch, BatchResult, Pipeline, TurnWork

AT = datetime(2026, 3, 1, 12, 30, tzinfo=timezone.utc)
K = ("t", "u")


class FakeStore:
    """``read/writer_users`` from a dict; records when it was read."""

    def __init__(self):
        self.entities: list[dict] = [{"id": "e1", "name": "Callum", "type": "person", "aliases": [],
                                      "embedding": None, "is_self": False}]
        self.recent: list[dict] = []
        self.reads: list[float] = []
        self.committed = False
        self.read_after_commit: list[bool] = []

    def run(self, name, params):
        assert name == "read/writer_users"
        self.reads.append(time.monotonic())
        self.read_after_commit.append(self.committed)
        return [{"user_id": u, "entities": list(self.entities), "recent": list(self.recent)}
                for u in params["user_ids"]]

    def write(self, work):
        raise RuntimeError("the server went away")


def _work(text: str = "Callum rides bikes") -> TurnWork:
    p = {"tenant": K[0], "user_id": K[1], "session_id": "s", "turn_id": "1", "text": text, "role": "user",
         "at": AT.isoformat(), "facts": None, "submitted": 1.0}
    return TurnWork(Prepared.from_payload("k1", p))


def test_a_held_user_is_not_read_again_between_the_turns_of_a_batch():
    store = FakeStore()
    p = Pipeline(store, None, user_ttl=0)        # stale at once: only a batch's start may read it again
    st = p.user(*K)
    st.names["biscuit"] = "e2"                   # what an earlier turn of the batch taught it
    assert p.user(*K) is st and len(store.reads) == 1


def test_a_reload_keeps_the_state_unless_someone_else_changed_the_graph():
    store = FakeStore()
    p = Pipeline(store, None, user_ttl=0)
    st = p.user(*K)
    st.names["biscuit"] = "e2"                   # known beyond the graph (a turn the gate turned away named it)
    p._reload([K])                               # where a batch starts: the graph holds what the writer knows
    assert len(store.reads) == 2 and p.user(*K) is st and "biscuit" in st.names
    store.recent = [{"text": "Hello there", "role": "user", "speaker": None}]   # another writer's turn
    p._reload([K])
    assert p.user(*K) is st and list(st.recent) == [(("user", ""), "hello there")]
    store.entities = [dict(store.entities[0], aliases=["Cal"])]   # curated by another process
    p._reload([K])
    assert p.user(*K) is not st and p.user(*K).names == {"callum": "e1", "cal": "e1"}
    st = p.user(*K)
    p.invalidate(*K)                             # curated through this process: read again whatever it holds
    p._reload([K])
    assert p.user(*K) is not st


def test_what_the_writer_wrote_is_merged_as_the_upsert_merges_it():
    from graphmem.write.entities import EntityRef, merged_entity, stored_entity
    r = EntityRef("e1", "Lily", "", "t", "u", aliases={"my sister", "Lily"}, new=True,
                  written_aliases=("Lily", "my sister"))   # the row's aliases, in its order
    once = merged_entity(None, r, True)
    assert once == stored_entity("Lily", "", ["my sister"], True)
    r2 = EntityRef("e1", "Lily", "person", "t", "u", written_aliases=("Lil", "my sister"))
    assert merged_entity(once, r2, False) == ("Lily", "person", ("my sister", "Lil"), True)
    assert merged_entity(("Lily", "friend", (), False), r2, False)[1] == "friend"   # a type is never replaced


def test_a_reload_waits_for_the_commit_of_the_batch_prepared_before_it():
    from graphmem.write.entities import EntityRef
    store = FakeStore()
    p = Pipeline(store, None, user_ttl=0)
    st = p.user(*K)
    b = Batch([_work()], {"e2": EntityRef("e2", "Biscuit", "animal", *K, new=True)}, BatchResult())
    st.names["biscuit"] = "e2"                   # what preparing it taught the state
    p._unsettled.append(p.queue(b))              # prepared, its commit still running on the committer thread

    def commit():
        time.sleep(0.2)
        store.committed = True
        store.recent = [{"text": "Callum rides bikes", "role": "user", "speaker": None}]
        store.entities = store.entities + [{"id": "e2", "name": "Biscuit", "type": "animal", "aliases": [],
                                            "embedding": [0.1], "is_self": False}]
        b.written, b.vec = {"e2"}, {"Biscuit": [0.1]}
        b.accepted = [(K, (("user", ""), "callum rides bikes"))]
        b.ok = True
        b.committed.set()

    threading.Thread(target=commit).start()
    p._reload([K])
    assert store.read_after_commit == [False, True]
    assert p.user(*K) is st                      # what it read back is what it knew
    p.after_commit(b)                            # its turn was counted in already: not twice
    assert list(st.recent) == [(("user", ""), "callum rides bikes")]
    assert b not in p._unsettled


def test_a_batch_not_handed_to_a_committer_is_not_waited_for():
    store = FakeStore()
    p = Pipeline(store, None, user_ttl=0)
    p.user(*K)
    p._unsettled.append(Batch([_work()], {}, BatchResult()))   # prepared, never committed (nor committing)
    t0 = time.monotonic()
    p._reload([K])
    assert time.monotonic() - t0 < 60 and len(store.reads) == 2   # waiting for it would take COMMIT_WAIT (300 s)


def test_a_failed_commit_lets_nothing_wait_for_it_and_its_users_are_read_again():
    store = FakeStore()
    p = Pipeline(store, None, user_ttl=60)
    st = p.user(*K)
    b = Batch([_work()], {}, BatchResult(), finished=True)
    p._unsettled.append(b)
    with pytest.raises(RuntimeError):
        p.commit(b)
    assert b.committed.is_set() and b not in p._unsettled
    assert p._stale(K)                           # what preparing it taught ``st`` was never written
    p._reload([K])
    assert p.user(*K) is not st
