"""A request for a text says what the text should be, not what the user likes (issue 17)."""

from datetime import datetime, timezone

from graphmem.linking.api import extract_statements

NOW = datetime(2026, 3, 11, 10, 0, tzinfo=timezone.utc)


def said(text):
    return [(s.kind, s.subject, s.key, s.polarity) for s in extract_statements(text, NOW)]


def test_a_requested_texts_constraints_are_no_preferences():
    assert said("帮我写一段给客户的新春祝福短信，不要太长") == []     # was: 你不喜欢太长
    assert said("给我写一首诗，不要太悲伤") == [] and said("帮我写封邮件，不要太正式") == []
    assert said("write me a toast for my sister, keep it short") == []
    assert said("Write me a toast for my sister, not too long") == []
    assert said("help me write an email to my landlord, not too formal") == []   # was: email = "my landlord"


def test_what_the_speaker_says_of_themselves_stays():
    assert said("Can you write a toast for my sister? I hate long speeches") == [("preference", "long speeches", "", -1)]
    assert ("preference", "太煽情", "", -1) in said("帮我写个朋友圈文案，别太长，我不喜欢太煽情的")
    card = said("help me write a birthday card for my sister Lily, she turns 30 on May 3")
    assert ("relation", "Lily", "sister", 0) in card and any(k == "event" for k, *_ in card)
    assert said("不要太长") == [("preference", "太长", "", -1)]   # no request: left as it was
    assert said("我不喜欢太长的邮件") == [("preference", "太长的邮件", "", -1)]


def test_an_email_is_an_address():
    """The long demo's profile said "email reschedule a meeting": the cue "email" took whatever followed it."""
    import graphmem.linking.requests as rq

    keep, rq.about_the_user = rq.about_the_user, lambda text, st: st   # the cue rule alone, without the request rule
    try:
        assert said("Write me a short polite email to reschedule a meeting.") == []
        assert said("Please send an email to reschedule the dentist") == [] and said("我的邮箱满了") == []
    finally:
        rq.about_the_user = keep
    emails = {s.value for t in ("My email is tom@example.com", "email me at tom@x.com", "我的邮箱是abc@qq.com")
              for s in extract_statements(t, NOW) if s.key == "email"}
    assert emails == {"tom@example.com", "tom@x.com", "abc@qq.com"}
