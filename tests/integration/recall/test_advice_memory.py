"""The assistant's recommendation is remembered, so "that laptop you suggested" finds it days later."""

from datetime import datetime, timedelta, timezone

from graphmem import Memory, curate

DAY = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


def test_assistant_recommendation_is_stored_and_recalled_as_advice(tenant_settings, tmp_path):
    with Memory(tenant_settings, journal_path=tmp_path / "j.sqlite3") as mem:
        s = mem.session("sam", "day-1", write_assistant=True)
        s.add_user_message("I'm looking for a laptop for programming.", at=DAY)
        s.add_assistant_message("For coding under 5000 I'd suggest the Lenovo ThinkPad E14.", at=DAY + timedelta(minutes=1))
        s.add_user_message("Great, thanks!", at=DAY + timedelta(minutes=2))
        s.add_assistant_message("The ThinkPad E14 has a great keyboard for long coding sessions.",
                                at=DAY + timedelta(minutes=2, seconds=30))
        s.add_assistant_message("Anytime!", at=DAY + timedelta(minutes=3))
        assert mem.flush(120)
        events = curate.events(mem.store, "sam")
        texts = {e["text"]: e["role"] for e in events}
        assert texts.get("For coding under 5000 I'd suggest the Lenovo ThinkPad E14.") == "assistant"
        kinds = {e["text"]: e["kind"] for e in events}
        assert kinds["For coding under 5000 I'd suggest the Lenovo ThinkPad E14."] == "advice"
        assert kinds.get("The ThinkPad E14 has a great keyboard for long coding sessions.") in (None, "assistant")
        assert "Anytime!" not in texts
        found = mem.recall("sam", "Is that laptop you suggested still a good pick?", 5,
                           now=DAY + timedelta(days=14))
    advice = [r.text for r in found if "ThinkPad E14" in r.text]
    assert advice and advice[0].startswith("I ")   # the assistant's words, never "You said"
    assert any(t.startswith("I suggested") for t in advice)
    assert not any(t.startswith("You said") for t in advice)
