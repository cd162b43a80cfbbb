"""Dates as the user reads them (issue 17): a birthday is "12 April" / "4月12日" in the profile text, never
"2026-04-12 00:00:00+00:00", and ISO 8601 where it is stored (and so in JSON)."""

from datetime import date, datetime, timedelta, timezone

from graphmem import times
from graphmem.write import profile_text
from graphmem.write.codec import fact_to_json
from graphmem.model import FactInput
from graphmem.write.versioning import value_text

NOW = datetime(2026, 6, 1, 9, 30, tzinfo=timezone.utc)
BDAY = datetime(2026, 4, 12, tzinfo=timezone.utc)


def test_a_date_value_is_stored_as_iso_8601():
    assert value_text(BDAY) == "2026-04-12" and value_text(date(2026, 4, 12)) == "2026-04-12"
    assert value_text(datetime(2026, 4, 17, 17, 0, tzinfo=timezone.utc)) == "2026-04-17T17:00:00+00:00"
    assert fact_to_json(FactInput("attribute", "", "birthday", BDAY))["value"] == "2026-04-12"


def test_human_dates_in_both_languages():
    assert times.human("2026-04-12", "en", NOW) == "12 April"
    assert times.human("2026-04-12 00:00:00+00:00", "en", NOW) == "12 April"    # stored by older versions
    assert times.human("2025-12-24", "en", NOW) == "24 December 2025"
    assert times.human(BDAY, "zh", NOW) == "4月12日" and times.human("2027-01-03", "zh", NOW) == "2027年1月3日"
    assert times.human("2026-04-17T17:00:00+00:00", "en", NOW) == "17 April, 17:00"
    assert times.human("ThinkPad X1", "en", NOW) == "ThinkPad X1" and times.human("8000", "zh", NOW) == "8000"


def _row(key, value, days=0, status="active", lang="en"):
    return {"kind": "attribute", "key": key, "value": value, "entity": "u1", "status": status, "is_self": True,
            "valid_from": NOW - timedelta(days=days), "valid_to": None, "polarity": 1, "language": lang,
            "mention_count": 1, "importance": 0.5}


def test_profile_says_dates_as_dates():
    rows = [_row("birthday", "2026-04-12 00:00:00+00:00"), _row("deadline", "2027-01-15", days=2),
            _row("deadline", "2026-12-01", days=40, status="outdated")]
    text = profile_text.build("u1", rows, now=NOW).text
    assert "updated 1 June" in text and "birthday 12 April" in text
    assert "deadline: now 15 January 2027 (since 30 May), earlier 1 December" in text
    assert "00:00" not in text and "2026-" not in text
    zh = profile_text.build("小王", [_row("birthday", "2026-04-12", lang="zh")], now=NOW).text
    assert "生日：4月12日" in zh and "更新于6月1日" in zh
