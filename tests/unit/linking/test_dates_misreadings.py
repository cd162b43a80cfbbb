"""Misreadings of dates and numerals found by bench/dates_bench (issue 17): each test failed on the old code."""

from datetime import datetime, timezone

from graphmem.linking.timeexpr import find_times

NOW = datetime(2026, 3, 11, 10, 0, tzinfo=timezone.utc)   # a Wednesday


def _days(text, now=NOW):
    return [(t.when.date().isoformat(), t.granularity) for t in find_times(text, now)]


def test_in_a_day_is_an_idiom_not_a_date():
    assert _days("Rome wasn't built in a day so keep pushing on!") == []
    assert _days("I go there twice in a week") == []
    assert _days("I'll reply in a day or two") == [("2026-03-12", "day")]
    assert _days("the results come in 2 days") == [("2026-03-13", "day")]
    assert _days("we move in a month") == [("2026-04-01", "month")]


def test_later_this_month_is_the_rest_of_the_month():
    t, = find_times("the fundraiser is later this month", NOW)
    assert (t.when.date().isoformat(), t.granularity, t.text) == ("2026-03-11", "period", "later this month")
    assert [d.date().isoformat() for d in t.period] == ["2026-03-11", "2026-04-01"]
    assert [d.date().isoformat() for d in find_times("later this week", NOW)[0].period] == ["2026-03-11", "2026-03-16"]
    assert _days("this month") == [("2026-03-01", "month")]


def test_a_habit_on_a_weekday_or_weekend_is_no_date():
    for text in ("我们有个羽毛球小组，每周都会在周末去打球", "每周末去打球", "每个周一开例会", "我每周一去健身", "每天跑步",
                 "I play tennis every weekend", "every Monday we meet", "each Friday I call mum"):
        assert find_times(text, NOW) == [], text
    assert _days("这个周末去打球") == [("2026-03-14", "day")]
    assert _days("每天都很忙，周六去打球") == [("2026-03-14", "day")]
    assert _days("I play every week, next Monday too") == [("2026-03-16", "day")]


def test_a_weekday_told_as_past_is_the_latest_one():
    """Found by the LongMemEval-shaped set: "I started my new job on Monday", said on a Friday, was stored as the
    coming Monday. A past-tense clause means the latest one (today counts); a plan or a present clause the coming one."""
    for text, day in [("I started my new job at Fieldnote Studio on Monday!", "2026-03-09"),
                      ("We went hiking on Saturday.", "2026-03-07"), ("I ran the half on Sunday and finished in 1:58", "2026-03-08"),
                      ("I moved to Berlin on Wednesday", "2026-03-11"), ("我周六去爬山了", "2026-03-07"),
                      ("周一开始上班了，感觉不错", "2026-03-09"),
                      # still ahead: a plan made earlier, a need, the present, a future marker before 了
                      ("I booked a table for Saturday", "2026-03-14"), ("I need to call the bank on Monday", "2026-03-16"),
                      ("The party is on Saturday", "2026-03-14"), ("We're going hiking on Saturday", "2026-03-14"),
                      ("周六要考试了", "2026-03-14"), ("周日就出发了", "2026-03-15"), ("周六去爬山", "2026-03-14")]:
        assert _days(text) == [(day, "day")], text


def test_a_month_told_as_past_is_the_latest_one():
    """"We went to Paris in January", said in March, was stored as next January. A past-tense clause means the
    latest one (this month counts); a plan or the present keeps the coming one."""
    for text, month in [("We went to Paris in January", "2026-01-01"), ("I joined Google in May", "2025-05-01"),
                        ("I started a pottery class in March", "2026-03-01"), ("我五月去了北京", "2025-05-01"),
                        # still ahead
                        ("I am joining Google in May", "2026-05-01"), ("My sister visits in June", "2026-06-01"),
                        ("We're flying to Paris in January", "2027-01-01"), ("我五月去北京", "2026-05-01")]:
        assert _days(text) == [(month, "month")], text


def test_a_year_said_is_the_year_meant():
    """"I graduated in May 2019" was dated May 2025 and "on 14 June 2021" this June: the year was dropped."""
    for text, day in [("I graduated in May 2019", ("2019-05-01", "month")),
                      ("We got married on 14 June 2021 in Porto", ("2021-06-14", "day")),
                      ("my passport expires on March 3, 2031", ("2031-03-03", "day")),
                      ("back in 2018 I lived in Leeds", ("2018-01-01", "year")),
                      ("2019年5月我研究生毕业", ("2019-05-01", "month")), ("2020年我搬到了杭州", ("2020-01-01", "year")),
                      ("去年三月我换了工作", ("2025-03-01", "month")), ("明年五月结婚", ("2027-05-01", "month")),
                      ("2024年十月一号去了日本", ("2024-10-01", "day"))]:
        assert _days(text) == [day], text
    for text in ("I dropped my calories to 2200", "we're in room 2019 at the Hilton", "我们公司有2000人", "90年代的歌"):
        assert _days(text) == [], text


def test_a_question_told_as_past_means_the_latest_month_or_day():
    assert _days("What did I spend in February?") == [("2026-02-01", "month")]
    assert _days("What happened in January?") == [("2026-01-01", "month")]
    assert _days("What did I buy on Monday?") == [("2026-03-09", "day")]
    assert _days("What am I doing in January?") == [("2027-01-01", "month")]   # ahead: the coming one
    assert _days("Did I book anything for Saturday?") == [("2026-03-14", "day")]


def test_words_that_begin_with_a_numeral_are_not_numbers():
    from graphmem.linking.normalize import numeral_runs, parse_number

    def numbers(s):
        return [v for v in (parse_number(m.group(0)) for m in numeral_runs().finditer(s)) if v is not None]

    for s in ("万一下雨就不去了", "万一他不来", "这部电影十分好看", "等我一下", "我们一起去吃饭吧", "他一直在加班",
              "你一定要来", "味道一般"):
        assert numbers(s) == [], s
    assert numbers("孩子三岁半了") == [3.5] and parse_number("三岁半") == 3.5
    assert numbers("等了十分钟") == [10] and numbers("两万一的预算") == [21000] and numbers("一万二") == [12000]
    assert numbers("一个人") == [1] and numbers("十分之一") == [10, 1] and numbers("3.5万") == [35000]


def test_an_age_and_a_half_is_read_whole():
    from graphmem.linking.statements import extract_statements

    def ages(text):
        return [(s.subject, s.value) for s in extract_statements(text, NOW) if s.key == "age"]

    assert ages("我有个女儿叫朵朵，今年三岁半") == [("朵朵", 3.5)]
    assert ages("我有个女儿叫朵朵，今年六岁") == [("朵朵", 6)]
    assert ages("我叫陈晨，28岁") == [("", 28)] and ages("我叫陈晨，三岁半") == [("", 3.5)]
    assert ages("我女儿今年三岁半") == [("我女儿", 3.5)] and ages("我儿子现在5周岁") == [("我儿子", 5)]


def _times(text, now=NOW):
    return [(t.when.isoformat(timespec="minutes"), t.granularity, t.text) for t in find_times(text, now)]


def test_a_time_of_day_alone_is_today_when_still_ahead():
    assert _times("下午三点开会") == [("2026-03-11T15:00+00:00", "time", "下午三点")]
    assert _times("call me at 3pm") == [("2026-03-11T15:00+00:00", "time", "at 3pm")]
    assert _times("晚上七点半吃饭") == [("2026-03-11T19:30+00:00", "time", "晚上七点半")]
    assert _times("早上八点开会") == [] and _times("I met her at 9am") == []          # already past: no day known
    assert _times("有三点建议") == [] and _times("好一点了") == [] and _times("see you at 5") == []   # a bare hour
    assert _times("我每天下午三点喝茶") == [] and _times("I usually go to bed at 11pm") == []       # a habit
    assert _times("明天下午三点开会") == [("2026-03-12T15:00+00:00", "time", "明天")]   # a day said: as before
    assert _times("饭店订在福满楼了，中午十二点") == []   # the time alone in its clause: a day said before


def test_the_zh_quantity_patterns_take_no_word_for_a_number():
    from graphmem.lang.zh import rules

    assert rules.quantity_units("这部电影十分好看") == set() and not rules.about_speaker("这部电影十分好看")
    assert rules.quantity_units("万一下雨就不去了") == set()
    assert rules.quantity_units("考了九十分") == {"#分"} and rules.quantity_units("两万一千块") == {"#块"}
    assert rules.about_speaker("跑了三个建材市场")
