"""Second-person templates in English and Chinese; relative times; optional LLM polish."""

from datetime import datetime, timedelta, timezone

from graphmem.recall.rewrite import rewrite, said_so, to_second_person, when_phrase
from graphmem.recall.types import Candidate

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)


def pref(entity="dark themes", pol=1, first=NOW - timedelta(days=250), last=NOW - timedelta(days=8), n=3, **kw):
    return Candidate(id="f", label="fact", kind="preference", key="preference", value="like" if pol > 0 else "dislike",
                     polarity=pol, entity=entity, entity_id="en_x", t_from=first, last_seen=last, mention_count=n, **kw)


def test_preference_with_when_said_english():
    assert rewrite(pref(), NOW, "en") == "You prefer dark themes; you said so in March and again last week."


def test_preference_chinese():
    assert rewrite(pref("深色主题"), NOW, "zh") == "你喜欢深色主题（3月说过，上周又提到）。"
    assert rewrite(pref("香菜", pol=-1, n=1, last=None), NOW, "zh") == "你不喜欢香菜（3月说过）。"


def test_attribute_self_and_entity_and_outdated():
    c = Candidate(id="f", label="fact", kind="attribute", key="budget", value="8000", is_self=True,
                  t_from=NOW - timedelta(days=2), last_seen=NOW - timedelta(days=2))
    assert rewrite(c, NOW, "en") == "Your budget is 8000; you said so 2 days ago."
    assert rewrite(c, NOW, "zh") == "你的预算是8000（2天前说过）。"
    laptop = Candidate(id="f", label="fact", kind="attribute", key="colour", value="black", entity="my laptop",
                       t_from=NOW, last_seen=NOW)
    assert rewrite(laptop, NOW, "en").startswith("Your laptop's colour is black")
    old = Candidate(id="f", label="fact", kind="attribute", key="budget", value="5000", is_self=True, status="outdated",
                    t_from=NOW - timedelta(days=90), t_to=NOW - timedelta(days=10))
    assert rewrite(old, NOW, "en") == "Your budget used to be 5000 (until last week)."
    assert rewrite(old, NOW, "zh") == "你的预算曾经是5000（上周之前）。"


def test_a_current_fact_whose_words_say_more_is_told_in_the_words():
    """"I'm 92 kg and want to get to 85" told as "Your weight is 92" loses the 85: the words are told instead; words
    that say no more than the key and value ("My budget is 8000"), and a fact no longer current, keep the template."""
    said = "I'm 92 kg and want to get to 85 by the end of summer"
    weight = Candidate(id="f", label="fact", kind="attribute", key="weight", value="92", is_self=True, text=said,
                       t_from=NOW - timedelta(days=2), last_seen=NOW - timedelta(days=2))
    assert rewrite(weight, NOW, "en") == "You're 92 kg and want to get to 85 by the end of summer; you said so 2 days ago."
    budget = Candidate(id="f", label="fact", kind="attribute", key="budget", value="8000", is_self=True,
                       text="My budget is 8000", t_from=NOW - timedelta(days=2), last_seen=NOW - timedelta(days=2))
    assert rewrite(budget, NOW, "en") == "Your budget is 8000; you said so 2 days ago."
    old = Candidate(id="f", label="fact", kind="attribute", key="weight", value="92", is_self=True, text=said,
                    status="outdated", t_from=NOW - timedelta(days=90), t_to=NOW - timedelta(days=10))
    assert rewrite(old, NOW, "en") == "Your weight used to be 92 (until last week)."


def test_a_preference_whose_words_say_more_is_told_in_the_words():
    said = "Also I'm lactose intolerant so whey isolate only, no regular whey."
    whey = pref("regular whey", pol=-1, n=1, last=None, text=said)
    assert rewrite(whey, NOW, "en") == "Also you're lactose intolerant so whey isolate only, no regular whey; you said so in March."
    assert rewrite(pref("regular whey", pol=-1, n=1, last=None, text="no regular whey"), NOW, "en") \
        == "You dislike regular whey; you said so in March."


def test_relations():
    rec = Candidate(id="r", label="relation", kind="relation", key="RECOMMENDED", entity="my sister",
                    value="the noodle place", t_from=NOW - timedelta(days=1), last_seen=NOW - timedelta(days=1))
    assert rewrite(rec, NOW, "en").startswith("Your sister recommended the noodle place")
    sis = Candidate(id="r", label="relation", kind="relation", key="SISTER", entity="u1", is_self=True, value="Lily")
    assert rewrite(sis, NOW, "en") == "Lily is your sister."
    assert rewrite(sis, NOW, "zh") == "Lily是你的妹妹。"
    zh = Candidate(id="r", label="relation", kind="relation", key="RECOMMENDED", entity="我妹妹", value="那家面馆")
    assert rewrite(zh, NOW, "zh") == "你妹妹推荐了那家面馆。"


def test_a_relation_a_participant_told_is_theirs_and_an_unnamed_relative_is_named_once():
    said = NOW - timedelta(days=90)
    son = Candidate(id="r", label="relation", kind="relation", key="SON", entity="Melanie", value="Melanie's son",
                    speaker="Melanie", t_from=said, last_seen=said)
    assert rewrite(son, NOW, "en") == "Melanie's son; Melanie said so in August."
    assert rewrite(son, NOW, "zh") == "Melanie's son（Melanie8月说过）。"
    mine = Candidate(id="r", label="relation", kind="relation", key="MENTOR", entity="Caroline", value="Dana",
                     t_from=said, last_seen=said)
    assert rewrite(mine, NOW, "en") == "Caroline mentor Dana; you said so in August."


def test_events_in_second_person_with_time():
    ev = Candidate(id="e", label="event", text="I booked a flight to Tokyo.", t_from=NOW - timedelta(days=9))
    assert rewrite(ev, NOW, "en") == "You booked a flight to Tokyo (last week)."
    zh = Candidate(id="e", label="event", text="我订了去东京的机票", t_from=NOW - timedelta(days=1))
    assert rewrite(zh, NOW, "zh") == "昨天，你订了去东京的机票。"
    addressed = Candidate(id="e", label="event", text="Can you remind me about the dentist?", t_from=NOW)
    assert rewrite(addressed, NOW, "en") == 'You said: "Can you remind me about the dentist" (today).'


def test_pronoun_swaps():
    assert to_second_person("I'm moving to Berlin with my wife and I am happy", "en") == \
        "You're moving to Berlin with your wife and you are happy"
    assert to_second_person("My sister was here", "en") == "Your sister was here"
    assert to_second_person("The weather is nice", "en") is None
    assert to_second_person("My car broke down on I-35, so I called a tow", "en") == \
        "Your car broke down on I-35, so you called a tow"   # a road's name is not the speaker
    assert to_second_person("我妹妹推荐了我们这家店", "zh") == "你妹妹推荐了你们这家店"
    assert to_second_person("你能帮我订酒店吗", "zh") is None


def test_when_phrases():
    assert when_phrase(NOW, NOW) == "today"
    assert when_phrase(NOW - timedelta(days=400), NOW) == "in October 2025"
    assert when_phrase(NOW - timedelta(days=400), NOW, "zh") == "2025年10月"
    assert when_phrase(NOW + timedelta(days=3), NOW) == "on 23 November"
    assert when_phrase(NOW - timedelta(days=400), NOW, bare=True) == "October 2025"   # a note in brackets
    assert when_phrase(NOW - timedelta(days=60), NOW, bare=True) == "September"
    assert when_phrase(NOW - timedelta(days=9), NOW, bare=True) == "last week"
    assert said_so(NOW - timedelta(days=1), NOW - timedelta(days=1), 2, NOW, "en") == "you said so yesterday (2 times)"


def test_llm_polish_is_optional_and_failures_fall_back():
    c = pref()
    assert rewrite(c, NOW, "en", llm=lambda t, lang: t.upper()) == rewrite(c, NOW, "en").upper()

    def broken(t, lang):
        raise RuntimeError("down")
    assert rewrite(c, NOW, "en", llm=broken) == rewrite(c, NOW, "en")


def test_the_assistants_own_advice_is_not_rewritten_as_the_users_words():
    now = datetime(2026, 3, 16, tzinfo=timezone.utc)
    en = Candidate(id="e", label="event", kind="advice", text="For coding I'd suggest the Lenovo ThinkPad E14.",
                   t_from=now - timedelta(days=14))
    zh = Candidate(id="z", label="event", kind="advice", text="我推荐联想ThinkPad E14。", t_from=now - timedelta(days=14))
    assert rewrite(en, now, "en").startswith('I suggested: "For coding I\'d suggest the Lenovo ThinkPad E14')
    assert "我（助手）建议过" in rewrite(zh, now, "zh") and "你推荐" not in rewrite(zh, now, "zh")


def test_other_assistant_words_are_attributed_to_the_assistant():
    now = datetime(2026, 3, 16, tzinfo=timezone.utc)
    said = Candidate(id="a", label="event", kind="assistant", text="ThinkPad E14 的性价比在这个价位很不错。",
                     t_from=now - timedelta(days=14))
    assert "我（助手）说过" in rewrite(said, now, "zh") and "你说过" not in rewrite(said, now, "zh")


def test_a_stored_date_reads_as_a_date():
    c = Candidate(id="f", label="fact", kind="attribute", key="deadline", value="2026-07-03 00:00:00+00:00",
                  is_self=True, t_from=NOW - timedelta(days=3), last_seen=NOW - timedelta(days=3))
    assert "3 July" in rewrite(c, NOW, "en") and "00:00" not in rewrite(c, NOW, "en")   # as the profile says it
    assert "7月3日" in rewrite(c, NOW, "zh")
    last_year = Candidate(id="g", label="fact", kind="attribute", key="deadline", value="2025-07-03", is_self=True,
                          t_from=NOW - timedelta(days=3), last_seen=NOW - timedelta(days=3))
    assert "3 July 2025" in rewrite(last_year, NOW, "en")   # the year only when it is not this one


def test_a_recalled_message_says_whom_its_pronouns_mean():
    ev = Candidate(id="e", label="event", text="He's also lending me his spare Wahoo Bolt", referents=("he=Callum",),
                   t_from=NOW - timedelta(days=1))
    assert "(he: Callum)" in rewrite(ev, NOW, "en")
    zh = Candidate(id="z", label="event", text="他口味很重", referents=("他=我爸",), t_from=NOW - timedelta(days=1))
    assert "（他：你爸）" in rewrite(zh, NOW, "zh")
    plain = Candidate(id="p", label="event", text="He's also lending me his spare Wahoo Bolt", t_from=NOW)
    assert "(he:" not in rewrite(plain, NOW, "en")


def test_a_participants_fact_is_told_as_their_words_not_as_yours():
    # a preference Melanie stated (its subject entity is Melanie): not "You prefer Melanie; you said so in May"
    theirs = pref("Melanie", n=1, last=None, speaker="Melanie", text="I love hiking with my kids")
    assert rewrite(theirs, NOW, "en") == "Melanie (March): I love hiking with my kids."
    job = Candidate(id="f", label="fact", kind="attribute", key="job", value="counselor", entity="Caroline",
                    speaker="Melanie", text="Caroline works as a counselor", t_from=NOW - timedelta(days=2))
    assert rewrite(job, NOW, "zh") == "Melanie（2天前）：Caroline works as a counselor。"
    assert rewrite(pref(), NOW, "en").startswith("You prefer dark themes; you said so")   # the user's own: unchanged


def test_a_recalled_quote_leaves_out_its_small_talk():
    ev = Candidate(id="e", label="event", speaker="Melanie", t_from=NOW - timedelta(days=1),
                   text="Thanks, Caroline! Yeah, we went camping at the lake, Caroline. Keep it up!")
    assert rewrite(ev, NOW, "en", names=frozenset({"caroline", "melanie"})) == \
        "Melanie (yesterday): We went camping at the lake."
    mine = Candidate(id="m", label="event", text="Haha thanks! I booked the 7pm table", t_from=NOW - timedelta(days=1))
    assert rewrite(mine, NOW, "en") == "You booked the 7pm table (yesterday)."
    only = Candidate(id="o", label="event", speaker="Melanie", text="Thanks, Caroline!", t_from=NOW - timedelta(days=1))
    assert rewrite(only, NOW, "en") == "Melanie (yesterday): Thanks, Caroline!"   # nothing else said: kept whole


def test_a_participants_line_is_their_words_as_said():
    """A transcript line: who, when in brackets, the words without quote marks; a question keeps its mark, and a
    note after the words (whom a pronoun means, part of it changed later) takes the line's own end."""
    ask = Candidate(id="q", label="event", speaker="Jon", text="What made you combine clothing biz and dance?",
                    t_from=NOW - timedelta(days=60))
    assert rewrite(ask, NOW, "en") == "Jon (September): What made you combine clothing biz and dance?"
    assert rewrite(ask, NOW, "zh") == "Jon（9月）：What made you combine clothing biz and dance?"
    said = Candidate(id="s", label="event", speaker="Jon", text="I met her at the studio!", referents=("her=Gina",),
                     t_from=NOW - timedelta(days=400), status="stale")
    assert rewrite(said, NOW, "en") == \
        "Jon (October 2025): I met her at the studio (her: Gina); part of this changed later."
    untimed = Candidate(id="u", label="event", speaker="李娜", text="我们搬到杭州了。")
    assert rewrite(untimed, NOW, "zh") == "李娜：我们搬到杭州了。"
    mine = Candidate(id="m", label="event", text="I moved to Paris!", t_from=NOW - timedelta(days=60))
    assert rewrite(mine, NOW, "en") == "You moved to Paris (September)."   # the user's own words: as before
