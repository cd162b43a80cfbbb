"""Background threads give way to a caller (graphmem.give_way): a pause waits while a caller is inside, and after a
pause the background thread gets its turn."""

import threading

from graphmem import give_way


def _wait_for(check) -> None:
    stop = threading.Event()
    for _ in range(500):
        if check():
            return
        stop.wait(0.01)
    raise AssertionError("timed out")


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
    background.start()
    _wait_for(lambda: give_way.paused == before + 1)   # waiting inside its pause
    leave.set()
    caller.join(5)
    background.join(5)
    assert order == ["caller leaves", "background goes on"] and give_way._inside == 0
    assert give_way._free_until > 0                    # after a pause that waited: the background thread's turn
    monkeypatch.setattr(give_way, "_free_until", float("inf"))
    with give_way.caller():
        give_way.pause(limit=5)                        # its turn: no waiting although a caller is inside
    assert give_way.paused == before + 1
