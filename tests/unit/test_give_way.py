"""Background threads give way to a caller (graphmem.give_way): a pause waits while a caller is inside, and after a
pause the background thread gets its turn; the automatic collections wait for the caller too."""

import gc
import threading
import time

from graphmem import give_way


def _wait_for(check) -> None:
    stop = threading.Event()
    for _ in range(500):
        if check():
            return
        stop.wait(0.01)
    raise AssertionError("timed out")


def _settled() -> None:
    """No caller holds the collections off (an earlier test's callers have left and the collector has run)."""
    _wait_for(lambda: gc.isenabled() and give_way._gc_held_since is None and give_way._inside == 0)


def test_a_pause_waits_for_the_caller_to_leave_and_then_lets_the_background_work(monkeypatch):
    monkeypatch.setattr(give_way, "_free_until", 0.0)
    give_way.pause()                                   # no caller inside: nothing to wait for
    before = give_way.paused
    order, inside, leave = [], threading.Event(), threading.Event()

    @give_way.calling
    def context():
        inside.set()
        leave.wait(5)
        order.append("caller leaves")

    caller = threading.Thread(target=context)
    caller.start()
    inside.wait(5)
    background = threading.Thread(target=lambda: (give_way.pause(limit=5), order.append("background goes on")))
    started = time.monotonic()
    background.start()
    _wait_for(lambda: give_way.paused == before + 1)   # waiting inside its pause
    threading.Event().wait(0.05)
    leave.set()
    caller.join(5)
    background.join(5)
    ended = time.monotonic()
    assert order == ["caller leaves", "background goes on"] and give_way._inside == 0
    # after a pause that waited: the background thread's turn, for half as long as it waited
    assert started < give_way._free_until <= ended + (ended - started) / 2
    monkeypatch.setattr(give_way, "_free_until", float("inf"))
    with give_way.caller():
        give_way.pause(limit=5)                        # its turn: no waiting although a caller is inside
    assert give_way.paused == before + 1


def test_collections_are_held_off_while_a_caller_is_inside_and_turned_back_on_off_its_thread():
    _settled()
    with give_way.caller():
        assert not gc.isenabled()
        with give_way.caller():                        # a second caller, overlapping
            assert not gc.isenabled()
        assert not gc.isenabled()                      # one is still inside
    _wait_for(gc.isenabled)                            # by the graphmem-gc thread once the last one left
    assert give_way._gc_thread.name == "graphmem-gc" and give_way._gc_held_since is None


def test_collections_someone_else_turned_off_stay_off():
    _settled()
    gc.disable()
    try:
        with give_way.caller():
            pass
        assert give_way._gc_held_since is None and not gc.isenabled()
    finally:
        gc.enable()


def test_callers_that_overlap_without_end_do_not_hold_collections_off_longer_than_the_limit(monkeypatch):
    _settled()
    monkeypatch.setattr(give_way, "GC_HELD_AT_MOST", 1.0)   # a stalled test still sees them off; _wait_for allows 5 s
    with give_way.caller():
        assert not gc.isenabled()
        _wait_for(gc.isenabled)                        # back on although the caller is still inside
