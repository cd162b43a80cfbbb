"""Sessions take an explicit time: ``mem.session(user, session_id, at=...)`` starts the session's clock there, so
a replayed conversation is stored at its own time; a message's own ``at`` wins; a naive time is UTC."""

from datetime import datetime, timedelta, timezone

import pytest

from graphmem import Memory, curate
from graphmem.errors import InputError

T0 = datetime(2026, 3, 5, 9, 0, tzinfo=timezone.utc)


def test_session_at_stamps_messages_from_that_time(tenant_settings, tmp_path):
    with Memory(tenant_settings, journal_path=tmp_path / "j.sqlite3") as mem:
        s = mem.session("u", "trip", at=T0)
        s.add_user_message("We are flying to Lisbon on May 3rd.")
        s.add_user_message("My budget for the trip is 3000 euros.", at=T0 + timedelta(hours=2))
        naive = mem.session("u", "later", at=datetime(2026, 3, 6, 10, 0))
        naive.add_user_message("I booked a hotel in Alfama.")
        assert mem.flush(180)
        when = {e["text"]: e["occurred_at"].to_native() for e in curate.events(mem.store, "u")}
    assert T0 <= when["We are flying to Lisbon on May 3rd."] < T0 + timedelta(minutes=5)
    assert when["My budget for the trip is 3000 euros."] == T0 + timedelta(hours=2)
    hotel = when["I booked a hotel in Alfama."]
    assert datetime(2026, 3, 6, 10, 0, tzinfo=timezone.utc) <= hotel < datetime(2026, 3, 6, 10, 5, tzinfo=timezone.utc)


def test_session_at_must_be_a_datetime(tenant_settings, tmp_path):
    with Memory(tenant_settings, journal_path=tmp_path / "j.sqlite3") as mem:
        with pytest.raises(InputError, match="at must be a datetime"):
            mem.session("u", "s", at="2026-03-05")
