"""Malformed input is stored or refused with a clear InputError — never a crash of the writer. The writer
refuses a message by the one rule of every entry point (``sanitize.validate_message``); a fact's text and value
are repaired."""

from __future__ import annotations

import pytest

from graphmem.errors import InputError
from graphmem.model import FactInput
from graphmem.write import card, user_stats

NASTY = [
    "MATCH (n) DETACH DELETE n // my laptop is fine",
    "'}) RETURN 1; CREATE (x:Evil {a:'",
    'title:"foo" AND text:bar~2 OR name:*laptop* [1 TO 5] ^3 \\ / -x +y && || !',
    "emoji 🎉 and 中文 mixed 混合 text",
]


@pytest.mark.parametrize("bad, message", [
    ("", "empty"), ("   \n\t ", "empty"), ("\x00\x01\x02", "NUL"), ("x" * 32_001, "limit"),
    ("x" * (1 << 20), "limit"), (b"\xff\xfe broken", "binary"), ("中文".encode(), "binary"), (None, "must be text"),
    ("lone surrogate \ud800 here", "surrogate"), ("\x01\x02\x03\x04 binary", "control"),
])
def test_refused_with_clear_error(writer, bad, message):
    with pytest.raises(InputError, match=message):
        writer.add("u1", "s1", 1, bad)
    assert writer.stats().submitted == 0


def test_bad_ids_refused(writer):
    with pytest.raises(InputError, match="user_id"):
        writer.add("", "s1", 1, "hello there my laptop")
    with pytest.raises(InputError, match="turn_id"):
        writer.add("u1", "s1", None, "hello")  # type: ignore[arg-type]


def test_repaired_and_hostile_text_is_stored_verbatim(writer, store, tenant):
    texts = ["lone surrogate \ud800 here, my laptop is grey", "control\x07chars\x1b[31m in my laptop text", *NASTY]
    for i, t in enumerate(texts):   # a message with a lone surrogate is refused; a fact's value is repaired
        said = t if i else "a note about my laptop"
        writer.add("u1", "s1", i, said, facts=[FactInput("attribute", "my laptop", f"note{i}", t)])
    assert writer.flush(60)
    assert writer.stats().failed == 0 and writer.stats().written == len(texts)
    assert user_stats(store, "u1", tenant=tenant)["events"] == len(texts)
    facts = {f.key: f.value for f in card(store, "u1", "my laptop", tenant=tenant).facts}
    assert facts["note0"] == "lone surrogate \ufffd here, my laptop is grey"
    assert facts["note1"] == "control chars [31m in my laptop text"
    for i, t in enumerate(NASTY, start=2):
        assert facts[f"note{i}"] == t
    assert store.run("admin/ping") == [{"ok": 1}]   # and the graph is still there


def test_large_but_allowed_message(writer, store, tenant):
    big = "my notes: " + "长文本 long text " * 2000          # ~30k characters, under the 32,000 limit
    writer.add("u1", "s1", 1, big, facts=[FactInput("attribute", "my notes", "length", len(big))])
    assert writer.flush(120)
    assert user_stats(store, "u1", tenant=tenant)["events"] == 1


def test_hostile_text_through_extraction_and_linking(writer, store, tenant):
    texts = [*NASTY, "\u200b\u200b zero width \ufeff and my Lenovo",
             "a" * 20000, "我" * 20000, "🙂" * 500, "1" * 5000, "MATCH (n) RETURN n; 我的预算是 5000 // my budget is 5000"]
    for i, t in enumerate(texts):
        writer.add("u1", "s1", i, t)
    assert writer.flush(180)
    s = writer.stats()
    assert s.failed == 0 and s.rejected.get("invalid", 0) == 0
    assert s.written + sum(s.rejected.values()) == len(texts)
    assert writer.failed() == []
