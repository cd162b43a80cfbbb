"""One rule for user ids and tenants on reads and writes (``sanitize.owner_id``): an id is kept exactly as given
or refused with an InputError; nothing is repaired, so two different ids never land on one owner."""

import pytest
from hypothesis import example, given, settings, strategies as st

from graphmem.errors import InputError
from graphmem.write.sanitize import MAX_ID_CHARS, owner_id

ISSUE_19 = ["victim ", "victim\x00", "\tvictim", "victim\n", " victim", "vic\ud800tim", "victim\u2028", "t\r", ""]


@pytest.mark.parametrize("bad", ISSUE_19 + ["x" * (MAX_ID_CHARS + 1), None, b"victim", 1.5, True])
def test_ids_that_would_collapse_or_break_are_refused(bad):
    with pytest.raises(InputError):
        owner_id(bad, "user_id")


@pytest.mark.parametrize("good", ["victim", "小明", "o'brien & \"co\" #1", "a b", "user@example.com", "x" * MAX_ID_CHARS])
def test_ordinary_ids_are_kept_exactly(good):
    assert owner_id(good, "user_id") == good


def test_integers_are_their_text():
    assert owner_id(42, "user_id") == "42"


@settings(max_examples=500, database=None)
@given(st.text(alphabet=st.characters(codec=None), max_size=40))
@example("victim\x00")
@example("\ud800")
def test_any_text_is_kept_unchanged_or_refused(text):
    try:
        kept = owner_id(text, "tenant")
    except InputError as e:
        assert "tenant" in str(e)
        return
    assert kept == text and kept == kept.strip() and "\x00" not in kept
