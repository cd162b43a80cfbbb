"""``graphmem ingest`` lines: a speaker makes a participant's turn; a bad speaker names its line."""

import json

import pytest

from graphmem.errors import InputError
from graphmem.ingest import read_turns


def _file(tmp_path, *lines):
    p = tmp_path / "turns.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    return p


def test_a_line_with_a_speaker_is_a_participants_turn(tmp_path):
    turns = read_turns(_file(tmp_path, {"user_id": "u", "session_id": "s", "text": "I am allergic to nuts"},
                             {"user_id": "u", "session_id": "s", "text": "Me too!", "speaker": " Melanie "},
                             {"user_id": "u", "session_id": "s", "text": "Noted.", "role": "assistant"}))
    assert [(t.role, t.speaker) for t in turns] == [(None, None), (None, "Melanie"), ("assistant", None)]


@pytest.mark.parametrize("line, message", [
    ({"speaker": "Mel\nanie"}, "turns.jsonl:2: speaker must not contain control characters"),
    ({"speaker": ""}, "turns.jsonl:2: speaker is empty"),
    ({"speaker": 7}, "turns.jsonl:2: speaker must be a string"),
    ({"role": "friend"}, "turns.jsonl:2: role must be one of"),
])
def test_a_bad_speaker_or_role_names_its_line(tmp_path, line, message):
    good = {"user_id": "u", "session_id": "s", "text": "hello"}
    with pytest.raises(InputError, match=message):
        read_turns(_file(tmp_path, good, {**good, **line}))
