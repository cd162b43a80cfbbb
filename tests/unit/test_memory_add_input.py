"""Issue 19, item 11: ``Memory.add`` refuses what a session refuses (bytes, NUL, lone surrogates, more than
32,000 characters) instead of repairing it into the journal. No server needed: nothing is journaled."""

import pytest

from graphmem import Memory
from graphmem.errors import InputError
from graphmem.settings import Settings


@pytest.mark.parametrize("text", [b"My budget is 8000.", "My budget\x00 is 8000.", "lone \ud800 surrogate",
                                  "x" * 32_001, "   "])
def test_memory_add_refuses_what_sessions_refuse(tmp_path, text):
    mem = Memory(Settings(home=tmp_path), journal_path=tmp_path / "j.sqlite3")
    try:
        with pytest.raises(InputError):
            mem.add("u1", "s1", 1, text)
        session = mem.session("u1", "s1")
        with pytest.raises(InputError):
            session.add_user_message(text)
    finally:
        mem.close(timeout=1)


def test_ingest_checks_the_same_rule_before_writing_anything(tmp_path):
    from graphmem.ingest import read_turns

    path = tmp_path / "turns.jsonl"
    path.write_text('{"user": "u1", "session": "s1", "text": "fine"}\n'
                    '{"user": "u1", "session": "s1", "text": "bad\\u0000text"}\n', encoding="utf-8")
    with pytest.raises(InputError, match=":2: message contains NUL"):
        read_turns(path)
