"""Issue 17, item 1: one input rule for a message at every entry point — ``Memory.add``, a session,
``Memory.add_messages``, the ``Writer`` itself and ``graphmem ingest`` refuse the same inputs (before, the writer and
``add_messages`` decoded bytes, repaired NUL and took up to 100,000 characters). No server needed: nothing bad is
journaled."""

import json

import pytest

from graphmem import Memory
from graphmem.errors import InputError
from graphmem.settings import Settings
from graphmem.write.sanitize import MAX_MESSAGE_CHARS, message_text, validate_message

BAD = [b"My budget is 8000.", bytearray(b"x"), "My budget\x00 is 8000.", "lone \ud800 surrogate",
       "x" * (MAX_MESSAGE_CHARS + 1), "   ", "", 42, None, "\x01\x02\x03\x04 binary"]


@pytest.fixture()
def mem(tmp_path):
    m = Memory(Settings(home=tmp_path), journal_path=tmp_path / "j.sqlite3")
    yield m
    m.close(timeout=1)


@pytest.mark.parametrize("text", BAD, ids=range(len(BAD)))
def test_every_entry_point_refuses_the_same_input(mem, tmp_path, text):
    from graphmem.ingest import read_turns

    with pytest.raises(InputError):
        validate_message(text)
    with pytest.raises(InputError):
        mem.add("u1", "s1", 1, text)
    with pytest.raises(InputError):
        mem.session("u1", "s1").add_user_message(text)
    with pytest.raises(InputError):
        mem.add_messages("u1", [{"role": "user", "content": text}], session_id="s1")
    with pytest.raises(InputError):
        mem.writer.add("u1", "s1", 1, text)
    if isinstance(text, str):
        path = tmp_path / "turns.jsonl"
        path.write_text(json.dumps({"user": "u1", "session": "s1", "text": text}) + "\n", encoding="utf-8")
        with pytest.raises(InputError):
            read_turns(path)
    assert mem.writer.stats().submitted == 0     # nothing was journaled


def test_the_longest_message_is_taken_everywhere_and_journaled_as_text(mem):
    longest = "y" * MAX_MESSAGE_CHARS
    assert validate_message(longest) == longest
    assert message_text("  My budget is\x1b 8000.\n") == "My budget is  8000."   # stripped, a stray control a space
    mem.writer.add("u1", "s1", 1, longest)
    mem.add("u1", "s1", 2, "  My budget is\x1b 8000.\n")
    assert mem.writer.stats().submitted == 2
