import pytest

from graphmem.errors import InputError
from graphmem.write import ids
from graphmem.write.sanitize import clean_id, clean_speaker, clean_text, repair


def test_clean_text_repairs_and_refuses():
    assert clean_text("a\ud800b") == "a\ufffdb"
    assert clean_text(" a\x00b\x1bc\n") == "a b c"
    assert clean_text("tab\tand\nnewline") == "tab\tand\nnewline"
    assert clean_text("中文".encode()) == "中文"
    for bad, msg in [("", "empty"), ("\x00", "empty"), ("x" * 100_001, "limit"), (b"\xff", "UTF-8"), (3, "text")]:
        with pytest.raises(InputError, match=msg):
            clean_text(bad)


def test_clean_id_and_repair():
    assert clean_id(7, "turn_id") == "7"
    with pytest.raises(InputError):
        clean_id(True, "turn_id")
    with pytest.raises(InputError):
        clean_id("x" * 300, "user_id")
    assert repair("", what="v") == "" and repair(5, what="v") == 5 and repair("a\x00", what="v") == "a"


def test_ids_are_deterministic_and_owner_scoped():
    assert ids.event_id("t", "u", "s", 1) == ids.event_id("t", "u", "s", "1")
    assert ids.event_id("t", "u", "s", 1) != ids.event_id("t", "u", "s", 2)
    assert ids.fact_id("t", "u", "s", 1, 0) != ids.fact_id("t", "u", "s", 1, 1)
    assert ids.entity_id("t", "alice", "My Laptop") == ids.entity_id("t", "alice", "my  laptop")
    assert ids.entity_id("t", "alice", "my laptop") != ids.entity_id("t", "bob", "my laptop")
    assert ids.entity_id("t1", "alice", "my laptop") != ids.entity_id("t2", "alice", "my laptop")
    assert ids.card_id(ids.entity_id("t", "u", "x")).startswith("ca_")
    # separators cannot be forged: ("a", "b|c") and ("a|b", "c") differ
    assert ids.event_id("t", "a", "b|c", 1) != ids.event_id("t", "a|b", "c", 1)


def test_clean_speaker_accepts_a_short_one_line_name():
    assert clean_speaker(None) is None
    assert clean_speaker("  Melanie ") == "Melanie" and clean_speaker("Dr.  Wu 吴") == "Dr. Wu 吴"
    assert clean_speaker("x" * 200) == "x" * 200
    for bad, msg in [("", "empty"), (" \u3000 ", "empty"), ("Mel\nanie", "control"), ("a\tb", "control"),
                     ("a\x00", "control"), ("a\ud800", "control"), ("x" * 201, "201 characters"),
                     (b"Melanie", "string"), (3, "string")]:
        with pytest.raises(InputError, match=msg):
            clean_speaker(bad)
