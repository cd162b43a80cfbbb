"""Query analysis: language, past questions, back-references, time windows, Lucene escaping."""

from datetime import datetime, timedelta, timezone

import pytest

from graphmem.recall.query import analyse, answer_kinds, asks_about_past, asks_current, asks_name, back_reference, lucene_escape, lucene_query, time_window

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)   # a Friday


@pytest.mark.parametrize("text", ["What was my budget before?", "what did I use to like?", "我以前的预算是多少",
                                  "我原来住在哪里？", "之前的方案是什么", "how has my diet changed?"])
def test_past_questions(text):
    assert asks_about_past(text)


@pytest.mark.parametrize("text", ["What is my budget?", "之前说的那个方案怎么样了", "what did my sister recommend?",
                                  "我现在的预算是多少"])
def test_not_past_questions(text):
    assert not asks_about_past(text)


def test_back_reference_and_head_noun():
    assert back_reference("那个方案怎么样了？") == (True, "方案")
    assert back_reference("how is that plan going?") == (True, "plan")
    assert back_reference("what is my budget?")[0] is False


def test_lucene_escape_every_special_character():
    assert lucene_escape('a+b-c&&d||e!(f){g}[h]^i"j~k*l?m:n\\o/p') == \
        'a\\+b\\-c\\&\\&d\\|\\|e\\!\\(f\\)\\{g\\}\\[h\\]\\^i\\"j\\~k\\*l\\?m\\:n\\\\o\\/p'


def test_lucene_query_keeps_content_words_and_neutralises_operators():
    q = lucene_query('What is my budget for the C++ "project" AND NOT OR?')
    assert q is not None
    assert "budget" in q.split() and "c\\+\\+" in q.split() and "project" in q.split()
    assert "AND" not in q and "NOT" not in q and "what" not in q.split()
    assert lucene_query("what is it?") is None
    assert lucene_query("***") is None


def test_lucene_query_chinese_drops_function_words():
    q = lucene_query("我之前说的那个营销方案怎么样了？")
    assert q is not None and "营销方案" in q and "那个" not in q and "我" not in q


def test_time_windows():
    start, end = time_window("what did I do last week?", NOW)
    assert start <= datetime(2026, 11, 10, tzinfo=timezone.utc) < end <= datetime(2026, 11, 18, tzinfo=timezone.utc)
    start, end = time_window("昨天发生了什么", NOW)
    assert start <= datetime(2026, 11, 19, 15, tzinfo=timezone.utc) < end
    assert time_window("3天前我说了什么", NOW)[0] <= datetime(2026, 11, 17, 8, tzinfo=timezone.utc)
    assert time_window("what is my budget", NOW) is None


def test_time_windows_for_a_named_day_and_weeks_ago():
    def has(q, *days):
        start, end = time_window(q, NOW)   # NOW is Friday 20 Nov 2026
        return all(start <= datetime(2026, 11, d, 12, tzinfo=timezone.utc) < end for d in days)
    assert has("上周一我跟你说订好了哪些东西？", 9) and not has("上周一我跟你说订好了哪些东西？", 13)
    assert has("What did I bring up last Wednesday?", 18, 11)      # the latest Wednesday, or the one before
    assert not has("What did I bring up last Wednesday?", 20) and not has("What did I bring up last Wednesday?", 8)
    assert has("A week ago I mentioned a family visit", 13) and has("a couple of weeks ago", 6)


def test_analyse_language():
    assert analyse("我的预算是多少", NOW).language == "zh"
    assert analyse("what is my budget", NOW).language == "en"


@pytest.mark.parametrize("text,types", [
    ("What car do I drive?", ("car",)),
    ("我开什么车？", ("car",)),
    ("我爸在哪家医院看病？", ("hospital",)),
    ("Which laptop did I end up buying?", ("laptop",)),
    ("Where am I staying in Kyoto?", ("hotel",)),
    ("Where is the wedding being held?", ("venue",)),
    ("Where is my wedding venue?", ("venue",)),
    ("婚礼在哪里办？", ("venue",)),
])
def test_asked_types_name_the_type_a_question_asks_for(text, types):
    from graphmem.recall.query import asked_types
    assert asked_types(text) == types


@pytest.mark.parametrize("text", ["I love my car", "车落地价多少？", "Who is my friend?", "What was that place?"])
def test_asked_types_need_a_question_and_a_specific_type(text):
    from graphmem.recall.query import asked_types
    assert asked_types(text) == ()   # not a question, 车 inside a word, or types too broad to narrow anything


def test_who_questions_also_search_the_agent_noun():
    from graphmem.recall.query import agent_nouns
    assert agent_nouns("What am I learning and who teaches me?") == ("teacher",)
    assert agent_nouns("Who manages my team?") == ("manager",)
    assert agent_nouns("Who is my doctor?") == ()
    assert "teacher" in analyse("who teaches me?", datetime(2026, 1, 1, tzinfo=timezone.utc)).terms


@pytest.mark.parametrize("text,keys", [
    ("What do I do for work? 我做什么工作？", ("job",)), ("Where do I live?", ("location", "address")), ("我住哪？", ("location", "address")), ("奶奶出院以后要住到哪个小区？", ("address",)), ("What is my address?", ("address",)), ("我在哪家公司上班来着？", ("employer",)), ("Where do I work?", ("employer",)), ("Where am I working these days, and in what role?", ("employer",)),
    ("What is my budget?", ()), ("我喜欢什么工作环境", ()),
])
def test_asked_keys_name_the_users_own_attribute_a_question_asks_about(text, keys):
    from graphmem.recall.query import asked_keys
    assert asked_keys(text) == keys


@pytest.mark.parametrize("text, current", [
    ("What's the date of the wedding now?", True), ("我现在约的是哪天的考试？", True), ("家里最后定的是什么装修风格？", True),
    ("Which moving company are we actually going with?", True), ("我眼下吃的是哪种降压药？", True),
    ("what did we end up budgeting for rent on the 2br?", True), ("When did moving day end up being?", True),
    ("What backsplash tile did I pick?", True), ("Which venue did we go with?", True),
    ("When is the wedding?", False), ("我约的是哪天的考试？", False),
    ("What did I use before?", False), ("我以前现在都用什么", False),   # a question about the past is not
])
def test_questions_about_the_value_that_holds_now(text, current):
    assert asks_current(text) is current


@pytest.mark.parametrize("text, name", [
    ("Who is my trainer?", True), ("What's my kid called?", True), ("What are my kids' names?", True),
    ("What's the name of my food truck idea?", True), ("我那个律所客户叫什么？", True), ("我女儿的名字是什么？", True),
    ("谁帮我搬的家？", True),
    ("How many guests are we inviting?", False), ("What's my conference budget?", False), ("我开的是什么车？", False),
    ("Which team am I playing cricket in now?", False), ("我现在住哪？", False),
])
def test_questions_that_ask_for_a_name(text, name):
    assert asks_name(text) is name and analyse(text, NOW).asks_name is name


@pytest.mark.parametrize("text, kinds", [
    ("How old are my kids?", ("number",)), ("钢琴最后多少钱买下来的？", ("number",)), ("我在那干了几年？", ("number",)),
    ("When did Caroline go to the support group?", ("date",)), ("Did I take the offer, and when do I start?", ("date",)),
    ("What date was the hip surgery in the end?", ("date",)), ("IELTS 重考到底是哪天？", ("date",)), ("我是几号入职的？", ("date",)),
    ("Who is our vet?", ("name",)), ("How many kids do I have now and what are their names?", ("number", "name")),
    ("When I collected the car, did they warn me about anything else?", ()),    # "when" without its verb: no question
    ("What kind of cake do I want?", ()), ("我现在住哪？", ()),
])
def test_the_kinds_of_value_a_question_asks_for(text, kinds):
    assert answer_kinds(text) == kinds and analyse(text, NOW).answer_kinds == kinds


@pytest.mark.parametrize("text", ["the final round slid a week, to Feb 18", "我已经 migrate 到 Supabase 了",
                                  "转而报了5月24号的一个 10K", "4月那场我退掉了，重新约了5月16号的",
                                  "现在外汇收款都走 Wise 了", "We've moved her onto Burns Original",
                                  "以后中午就在园里吃，我不用再送了", "机票最后出的是下午两点那班", "我想了想就这么定了",
                                  "Deal done！最后砍到 14000 成交", "价格砍到8000了", "他说可以 push 到 2 月 24 号",
                                  "the offsite got pushed to June 3", "把我的 legal rate 提到 ¥520 了",
                                  "我们这边得等到3月9号才能进场", "算了一下账，最后估计要28万左右",
                                  "we'll have to wait until May for the kitchen",
                                  "哦说错了，是11月12号不是2号", "是11月12号不是2号",
                                  "finals next weekend and they've bumped me up to the 2nds for it",
                                  "so the guest count has ballooned to 115", "rent rose to $1,900 in March"])
def test_more_ways_of_saying_something_changed(text):
    from graphmem.recall.scoring import announces_change
    assert announces_change(text)


def test_what_should_change_has_not_changed_yet():
    from graphmem.recall.scoring import announces_change
    assert not announces_change("陶师傅说浦东那套的热水器也该换了") and not announces_change("这个也要改了吧")
    assert not announces_change("是不是该换个手机了")
    # "for now" holds only until it changes; it is no change itself
    assert not announces_change("Guest list is sitting at about 90 for now.")


def test_a_venue_name_is_typed_by_its_own_head_noun():
    from graphmem.linking import lexicon
    assert lexicon.head_type("Hollyhock Barn") == lexicon.head_type("Beltane Ranch") == "venue"


def test_vague_periods_have_windows_too():
    from datetime import datetime, timezone

    from graphmem.recall.query import time_window
    now = datetime(2026, 4, 10, 12, tzinfo=timezone.utc)
    for q, inside, outside in (("What milestone did the dog hit a few days ago?", 6, 12),
                               ("前几天我说的那个方案", 3, 10), ("the other day", 5, 9),
                               ("A month or so back I said someone might join me", 30, 8),
                               ("一个月前提过的那家店", 35, 60), ("a few weeks ago", 21, 3)):
        start, end = time_window(q, now)
        day = lambda n: now - timedelta(days=n)  # noqa: E731
        assert start <= day(inside) < end and not start <= day(outside) < end, q


def test_time_words_and_function_words_are_not_content():
    """"now", "from", "still" say nothing about what a memory is about: two memories sharing them are not the
    same thing ("I'm on 1000mg now" and "my follow up is June 2nd now")."""
    from graphmem.recall.query import content_terms
    assert content_terms("I'm on 1000mg now, half in the morning") & {"now", "from"} == set()
    assert content_terms("it's June 2nd now, they moved it from the 19th") >= {"june", "moved"}
    assert not content_terms("still from now yesterday")


@pytest.mark.parametrize("text,types", [
    ("Which neighbourhood is my new flat in?", ("geo",)), ("我家在杭州哪一块？", ("geo",)), ("我们的新家在哪一区？", ("geo",)),
    ("Where do I work?", ("organization",)),
    ("孩子他奶奶住在哪一带？", ()),          # somebody else's: no place of the user's to look for
    ("我该买哪块手表？", ("watch",)),           # a watch, not a place
])
def test_an_attribute_question_about_the_user_also_asks_for_the_type_of_its_answer(text, types):
    assert analyse(text, datetime(2026, 1, 1, tzinfo=timezone.utc)).types == types


def test_a_named_day_ahead_is_a_time_window_too():
    now = datetime(2026, 3, 26, 12, tzinfo=timezone.utc)     # a Thursday
    day = lambda w: (w[0].date().isoformat(), w[1].date().isoformat())  # noqa: E731
    assert day(time_window("What have I got on the day after tomorrow?", now)) == ("2026-03-27", "2026-03-30")
    assert day(time_window("后天我有什么安排？", now)) == ("2026-03-27", "2026-03-30")
    assert day(time_window("下周三有什么事", now)) == ("2026-03-31", "2026-04-03")
    assert day(time_window("下周三我约了什么？", now)) == ("2026-03-31", "2026-04-03")   # said to be ahead
    # a month told as past is the latest one: in March, "我二月花了…" is this February, not next year's
    assert day(time_window("我二月花了多少钱？", now)) == ("2026-01-31", "2026-03-02")


def test_a_question_that_names_a_year_or_a_past_month_has_that_window():
    now = datetime(2026, 3, 26, 12, tzinfo=timezone.utc)
    day = lambda w: (w[0].date().isoformat(), w[1].date().isoformat())  # noqa: E731
    assert day(time_window("What did I do in July 2025?", now)) == ("2025-06-30", "2025-08-02")
    assert day(time_window("What did we talk about on 14 June 2021?", now)) == ("2021-06-13", "2021-06-16")
    assert day(time_window("What did I spend in February?", now)) == ("2026-01-31", "2026-03-02")   # was none
    assert day(time_window("What happened in January?", now)) == ("2025-12-31", "2026-02-02")        # was next January
    assert day(time_window("去年三月我在忙什么？", now)) == ("2025-02-28", "2025-04-02")
    # a date with its year anchors the question, not a period counted from today said before it
    assert day(time_window("What did I run last weekend before March 10, 2025?", now)) == ("2025-03-09", "2025-03-12")


def test_the_window_is_read_by_the_write_sides_date_parser():
    """One date parser (``linking.timeexpr``): a question's period is the day, week, month or period the write
    side would date the same words to, the periods only a question names are read only when asked for, and
    the language is the one detector's."""
    from graphmem.linking.normalize import detect_language
    from graphmem.linking.timeexpr import find_times
    now = datetime(2026, 3, 12, 12, tzinfo=timezone.utc)      # a Thursday
    day = lambda w: (w[0].date().isoformat(), w[1].date().isoformat())  # noqa: E731
    assert day(time_window("这周一我去哪儿办事了？", now)) == ("2026-03-08", "2026-03-11")   # that Monday, not the week
    assert day(time_window("这周我有什么安排？", now)) == ("2026-03-08", "2026-03-17")       # the whole week, plans too
    assert day(time_window("上个月中旬我说了什么？", now)) == ("2026-02-10", "2026-02-22")   # 中旬: the 11th to the 20th
    assert day(time_window("我上上周末打算干什么来着？", now)) == ("2026-02-22", "2026-03-03")
    assert day(time_window("What did I do four years ago?", now)) == ("2022-01-01", "2023-01-01")
    assert time_window("Which tomato variety am I trying this year?", now) is None   # a running year: no period
    assert [t.text for t in find_times("the other day, 前几天", now)] == []                 # the write side: no date
    assert [t.text for t in find_times("the other day, 前几天", now, periods=True)] == ["the other day", "前几天"]
    for q in ("我那个 residence permit 现在 valid 到什么时候？", "What car do I drive?", "我开什么车？"):
        assert analyse(q, now).language == detect_language(q)


def test_relatives_named_with_the_users_possessive():
    from graphmem.linking.kin import named_roles as relatives

    assert relatives("What's my little girl's name?") == [("my little girl", "daughter")]   # the whole phrase's role
    assert relatives("Is my baby brother still in Leeds?") == [("my baby brother", "brother")]   # its last word's
    assert relatives("我闺女上哪个学校？") == [("我闺女", "daughter")]
    assert relatives("What did the little girl say?") == [] and relatives("my idea") == []
