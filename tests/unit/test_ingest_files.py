"""``graphmem ingest`` files: JSON Lines and CSV with the documented columns, checked before anything is written."""

import pytest

from graphmem.errors import InputError
from graphmem.ingest import read_turns

CSV = ('\ufeffuser,session,turn,text,role,speaker,at\n'
       'alice,s1,1,"My laptop is a ThinkPad E14, and it is slow.",,,2026-03-01T09:00:00+00:00\n'
       'alice,s1,2,"Two lines:\nstill one turn",assistant,,\n'
       'alice,s1,,I am allergic to nuts.,,Melanie,\n'
       ',,,,,,\n')


def test_csv_with_the_documented_columns(tmp_path):
    path = tmp_path / "chat.csv"
    path.write_text(CSV, encoding="utf-8")
    a, b, c = read_turns(path)
    assert (a.user_id, a.session_id, a.turn_id, a.role, a.speaker) == ("alice", "s1", "1", None, None)
    assert a.text == "My laptop is a ThinkPad E14, and it is slow." and a.at.isoformat() == "2026-03-01T09:00:00+00:00"
    assert b.text == "Two lines:\nstill one turn" and b.role == "assistant" and b.at is None
    assert c.speaker == "Melanie" and c.turn_id == "5"          # no turn: the line it ends on


def test_jsonl_takes_the_short_and_the_long_names(tmp_path):
    path = tmp_path / "chat.jsonl"
    path.write_text('{"user": "bob", "session": "s", "turn": 7, "text": "hi there"}\n'
                    '{"user_id": "bob", "session_id": "s", "text": "My budget is 5000."}\n', encoding="utf-8")
    first, second = read_turns(path)
    assert (first.user_id, first.session_id, first.turn_id) == ("bob", "s", "7")
    assert (second.user_id, second.turn_id) == ("bob", "2")


@pytest.mark.parametrize("name, body, says", [
    ("bad.csv", "who,session,text\nalice,s,hi\n", "bad.csv:1: the CSV header must name"),
    ("bad.csv", "user,session,text\nalice,s,hi,extra\n", "bad.csv:2: more cells"),
    ("bad.csv", "user,session,text\nalice,,hi\n", "bad.csv:2: missing or empty session"),
    ("bad.csv", "user,session,text,role\nalice,s,hi,boss\n", "bad.csv:2: role must be one of"),
    ("bad.jsonl", '{"user": "a", "user_id": "a", "session": "s", "text": "x"}\n', "give 'user' or 'user_id'"),
    ("bad.jsonl", "user,session,text\n", "bad.jsonl:1: not JSON"),
])
def test_a_bad_file_names_its_line(tmp_path, name, body, says):
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    with pytest.raises(InputError, match=says.replace("(", r"\(")):
        read_turns(path)


def test_the_format_can_be_given(tmp_path):
    path = tmp_path / "chat.txt"
    path.write_text("user,session,text\nalice,s,hello world\n", encoding="utf-8")
    assert read_turns(path, "csv")[0].text == "hello world"
    with pytest.raises(InputError, match="format must be jsonl or csv"):
        read_turns(path, "xml")
