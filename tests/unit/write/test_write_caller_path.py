"""Issue 19, item 12: the caller's path does not wait behind the worker. A turn is journaled on the calling
thread's own SQLite connection, with no lock the worker holds (8 concurrent writer threads used to queue
behind one another and behind the worker: enqueue p95 35 ms, caller p99 277 ms); and while a writer runs the
interpreter hands a waiting thread the GIL within 1 ms. Timings are in bench/concurrency_bench.py."""

import sys
import threading

from graphmem.settings import Settings
from graphmem.write import Writer
from graphmem.write.journal import Journal


def test_append_does_not_wait_for_the_worker(tmp_path):
    j = Journal(tmp_path / "j.sqlite3").open()
    done = []
    with j._lock:                                   # the worker's lock, held as during a long take/done
        t = threading.Thread(target=lambda: done.append(j.append("k1", {"text": "hello"})))
        t.start()
        t.join(30)                                  # its first append opens its own connection: slow on a loaded box
        appended = list(done)                       # taken before the lock is let go
    assert appended == [True]
    assert [e.key for e in j.take(5)] == ["k1"]
    j.close()


def test_eight_threads_append_on_their_own_connections(tmp_path):
    j = Journal(tmp_path / "j.sqlite3").open()

    def lane(i: int) -> None:
        for n in range(50):
            assert j.append(f"k{i}-{n}", {"text": f"turn {n}"})

    threads = [threading.Thread(target=lane, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert j.pending() == 400 and len(j._appenders) == 8
    assert not j.append("k3-7", {"text": "again"})  # still one entry per key
    j.close()


def test_a_running_writer_shortens_the_switch_interval_and_restores_it(tmp_path):
    before = sys.getswitchinterval()
    w = Writer(settings=Settings(home=tmp_path), journal_path=tmp_path / "j.sqlite3").start()   # no I/O yet
    try:
        assert sys.getswitchinterval() == 0.001
    finally:
        w.close(timeout=5)
    assert sys.getswitchinterval() == before
