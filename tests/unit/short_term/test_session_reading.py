"""A session reads its messages off the caller's thread, in order, and every read of the session sees every
message added before it read (issue 16 item 4: the caller's cost of an add; issue 17 item 1: read once)."""

import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from graphmem.errors import GraphmemError, InputError
from graphmem.short_term.session import Session
from graphmem.short_term.tokens import HeuristicCounter

sys.path.insert(0, str(Path(__file__).parent))  # works with --import-mode=importlib too
from st_helpers import NOW, fake_extractor  # noqa: E402


class Counting:
    """The fake extractor, recording which thread read which text; ``gate`` (if set) holds each reading."""

    def __init__(self, gate: threading.Event | None = None):
        self.calls: list[tuple[str, str]] = []
        self.gate = gate

    def __call__(self, text, now):
        self.calls.append((text, threading.current_thread().name))
        if self.gate is not None:
            assert self.gate.wait(10)
        return fake_extractor(text, now)


def make(executor, extractor, **kw):
    return Session("u1", "s1", extractor=extractor, linker=lambda t, slots, turn: [], counter=HeuristicCounter(),
                   executor=executor, clock=lambda: NOW, **kw)


def test_an_add_returns_before_its_reading_and_reads_see_every_earlier_message_in_order():
    gate = threading.Event()
    ex = Counting(gate)
    with ThreadPoolExecutor(max_workers=1) as pool:
        s = make(pool, ex)
        t0 = time.perf_counter()
        s.add_user_message("My budget is 5000.")
        s.add_user_message("I need to book a hotel.")
        s.add_user_message("Please change my budget to 8000.")
        assert time.perf_counter() - t0 < 8              # no add waited for the held reading (10 s gate)
        assert s.turn == 3 and len(s._unread) >= 2     # recorded, not yet read
        gate.set()
        budget = [f for f in s.hard_facts if f.key == "budget"]   # a read: every earlier message read first
        assert [f.value for f in budget] == [8000] and budget[0].changed   # read in order: 8000 replaced 5000
        assert s.state.goal == "book a hotel"
        assert [t for t, _ in ex.calls] == ["My budget is 5000.", "I need to book a hotel.",
                                            "Please change my budget to 8000."]   # each read once


def test_a_read_reads_what_nobody_started_on_its_own_thread():
    """The executor is busy with something else: ``context()`` does not wait for it, it reads the message itself."""
    ex = Counting()
    busy, release = threading.Event(), threading.Event()
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(lambda: (busy.set(), release.wait(10)))
        assert busy.wait(5)
        s = make(pool, ex)
        s.add_user_message("My budget is 5000.")
        ctx = s.context("My budget is 5000.", budget=400)
        assert ex.calls == [("My budget is 5000.", threading.current_thread().name)]
        assert "- My budget is 5000." in ctx.text   # its hard fact: read before the context was packed
        assert ctx.messages[-1] == {"role": "user", "content": "My budget is 5000."}
        release.set()
        assert s.flush(10) and len(ex.calls) == 1      # the queued background job found nothing left to read


def test_a_read_waits_at_most_read_timeout_for_a_reading_under_way_elsewhere():
    gate = threading.Event()
    ex = Counting(gate)
    with ThreadPoolExecutor(max_workers=1) as pool:
        s = make(pool, ex, read_timeout=0.3)
        s.add_user_message("My budget is 5000.")
        deadline = time.monotonic() + 5
        while not ex.calls and time.monotonic() < deadline:   # the background worker has started the reading
            time.sleep(0.01)
        t0 = time.monotonic()
        with pytest.raises(GraphmemError, match="still being read on another thread after 0.3 s"):
            s.context("hello", budget=300)
        assert 0.25 < time.monotonic() - t0 < 8         # not the 10 s the gate would hold it
        assert s.flush(0.1) is False                    # flush says so too, without raising
        gate.set()
        assert [f.value for f in s.hard_facts] == [5000]
        assert s.flush(5)


def test_the_writer_takes_the_sessions_reading_once():
    """``Reading.result`` (what the writer calls) gives the value the session read, without reading it again."""
    ex = Counting()
    with ThreadPoolExecutor(max_workers=1) as pool:
        s = Session("u1", "s1", linker=lambda t, sl, n: [], counter=HeuristicCounter(), executor=pool, clock=lambda: NOW)
        _, reading = s._add_user("My budget is 5000 yuan.", NOW)
        s._start_reading()
        a = reading.result(10)
        assert a is not None and a.matches("My budget is 5000 yuan.", NOW, "user")
        assert reading.result(10) is a and [f.value for f in s.hard_facts] == [5000]
        custom = make(pool, ex)
        _, r = custom._add_user("My budget is 6000.", NOW)
        custom._start_reading()
        assert r.result(10) is None and len(ex.calls) == 1   # a custom extractor: the writer reads it itself


def test_a_failing_reading_is_reported_and_later_messages_are_still_read():
    calls = []

    def flaky(text, now):
        calls.append(text)
        if "boom" in text:
            raise RuntimeError("model missing")
        return fake_extractor(text, now)

    with ThreadPoolExecutor(max_workers=1) as pool:
        s = make(pool, flaky)
        s.add_user_message("boom: My budget is 5000.")
        s.add_user_message("My budget is 7000.")
        assert [f.value for f in s.hard_facts] == [7000]
        assert any("model missing" in e for e in s.errors)


@pytest.mark.parametrize("bad", ["", b"bytes", "a\x00b", "x" * 40_000])
def test_bad_input_is_refused_on_the_callers_thread_and_nothing_is_queued(bad):
    ex = Counting()
    with ThreadPoolExecutor(max_workers=1) as pool:
        s = make(pool, ex)
        with pytest.raises(InputError):
            s.add_user_message(bad)
        with pytest.raises(InputError):
            s.add_assistant_message(bad)
        assert s.turn == 0 and not s._unread and s.messages == [] and ex.calls == []


class Preparing:
    """A retriever with ``prepare``: records, per call, whether the session's last message was read by then."""

    def __init__(self, session_of, opens: threading.Event | None = None):
        self.session_of, self.log, self.opens = session_of, [], opens

    def prepare(self, query, session):
        self.log.append(("prepare", query, bool(session._unread)))
        if self.opens is not None:
            self.opens.set()   # the held reading goes on only once prepare has seen it unread

    def __call__(self, query, session):
        self.log.append(("recall", query, bool(session._unread)))
        return []


def test_context_prepares_the_recall_while_the_message_just_added_is_read():
    """``context()`` right after an add: the retriever's ``prepare`` runs before the reading is waited for (the
    caller embeds the query while the worker reads), the recall after it, with the same query; with every message
    read, ``prepare`` is not called."""
    gate = threading.Event()
    ex = Counting(gate)
    with ThreadPoolExecutor(max_workers=1) as pool:
        s = make(pool, ex)
        r = Preparing(s, opens=gate)
        s.retriever = r
        s.add_user_message("I need to book a hotel in Kyoto.")
        s.context("I need to book a hotel in Kyoto.", 500)
        assert r.log == [("prepare", "I need to book a hotel in Kyoto.", True),
                         ("recall", "I need to book a hotel in Kyoto.", False)]
        r.log.clear()
        s.context("What about the budget?", 500)   # nothing unread: no prepare
        assert r.log == [("recall", "What about the budget?", False)]
        assert [t for t, _ in ex.calls] == ["I need to book a hotel in Kyoto."]   # read once, by the worker


def test_a_failing_prepare_leaves_context_to_the_recall():
    gate = threading.Event()
    gate.set()
    with ThreadPoolExecutor(max_workers=1) as pool:
        s = make(pool, Counting(gate))
        calls = []

        class Broken:
            def prepare(self, query, session):
                raise RuntimeError("store down")

            def __call__(self, query, session):
                calls.append(query)
                return ["You like green tea."]
        s.retriever = Broken()
        s.add_user_message("Which tea do I like?")
        ctx = s.context("Which tea do I like?", 500)
        assert calls == ["Which tea do I like?"] and "green tea" in ctx.text
