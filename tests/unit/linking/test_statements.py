from datetime import datetime, timezone

from graphmem.linking.api import extract_statements

NOW = datetime(2026, 3, 11, 10, 0)   # Wednesday


def one(text):
    st = extract_statements(text, NOW)
    assert len(st) == 1, st
    return st[0]


def test_preferences_with_polarity():
    s = one("I really love spicy Sichuan food.")
    assert (s.kind, s.polarity, s.subject) == ("preference", 1, "spicy Sichuan food")
    assert one("I don't like cilantro at all.").polarity == -1
    z = one("我不喜欢香菜")
    assert (z.kind, z.polarity, z.subject, z.language) == ("preference", -1, "香菜", "zh")
    assert one("我比较喜欢安静一点的咖啡馆").polarity == 1


def test_attributes_numbers_and_change():
    assert (one("预算八千").key, one("预算八千").value) == ("budget", 8000)
    s = one("预算改成一万吧")
    assert s.value == 10000 and s.is_change
    s = one("Actually, make the budget 10,000 instead.")
    assert (s.key, s.value, s.is_change) == ("budget", 10000, True)
    assert one("budget 8k for the new laptop").value == 8000
    assert one("预算从五千提高到七千五").value == 7500
    assert one("月薪两万五").value == 25000
    m = one("My laptop is a ThinkPad X1 Carbon.")
    assert (m.key, m.value, m.subject) == ("model", "ThinkPad X1 Carbon", "my laptop")


def test_goals_events_relations():
    assert one("My goal is to run a full marathon this year.").kind == "goal"
    assert one("我打算明年去日本读研").kind == "goal"
    e = one("I have a dentist appointment next Tuesday.")
    assert e.kind == "event" and e.when.date().isoformat() == "2026-03-17"
    assert one("上周买了一台戴森吸尘器").when.date().isoformat() == "2026-03-02"
    assert one("三天后搬家").when.date().isoformat() == "2026-03-14"
    r = one("我妹妹叫王丽丽")
    assert (r.kind, r.subject, r.key) == ("relation", "王丽丽", "sister")
    d = one("The deadline for the report is this Friday.")
    assert d.key == "deadline" and d.value.date().isoformat() == "2026-03-13"


def test_no_longer_marks_a_supersede():
    s = one("I no longer eat red meat.")
    assert (s.polarity, s.is_change) == (-1, True)
    both = extract_statements("我已经不喝咖啡了，改喝茶", NOW)
    assert [(x.subject, x.polarity, x.is_change) for x in both] == [("咖啡", -1, True), ("茶", 1, True)]


def test_questions_and_thanks_yield_nothing():
    assert extract_statements("Can you recommend a good sushi place near the office?", NOW) == []
    assert extract_statements("你觉得哪个更好？", NOW) == []
    assert extract_statements("Thanks, that was helpful!", NOW) == []


def test_time_of_day_and_period_ends():
    from graphmem.linking.api import find_times

    t = find_times("明天下午三点和客户开会", NOW)[0]
    assert (t.when.day, t.when.hour, t.when.minute) == (12, 15, 0)
    assert find_times("Lunch with Sarah tomorrow at noon", NOW)[0].when.hour == 12
    assert find_times("下个月初搬家", NOW)[0].when.date().isoformat() == "2026-04-01"
    assert find_times("by the end of the month", NOW)[0].when.date().isoformat() == "2026-03-31"
    assert find_times("上上周五", NOW)[0].when.date().isoformat() == "2026-02-27"


def test_english_number_words():
    assert one("My budget is about eight thousand dollars").value == 8000
    assert one("the rent is twenty five hundred a month").value == 2500


def test_profile_style_age_and_work():
    s = one("Please use a formal tone from now on")
    assert (s.kind, s.key, s.polarity) == ("preference", "response_style", 1)
    assert one("以后回答我都用中文").key == "response_style"
    assert (one("I'm 34 years old").key, one("I'm 34 years old").value) == ("age", 34)
    assert (one("我儿子今年七岁了").subject, one("我儿子今年七岁了").value) == ("我儿子", 7)
    assert one("我在上海工作").value == "上海"
    both = extract_statements("I work at Google as a data scientist", NOW)
    assert [(x.key, x.value) for x in both] == [("employer", "Google"), ("job", "data scientist")]


def test_conversation_reactions_are_not_preferences():
    for text in ("I love you haha", "I want it to be shorter", "I like that idea", "我想想", "我喜欢你这个回答",
                 "I need to go now"):
        assert extract_statements(text, NOW) == [], text
    assert one("I hate it when meetings run over.").subject == "meetings run over"


def test_preference_subjects_drop_the_light_verb_and_want_to_is_a_goal():
    from datetime import datetime
    from graphmem.linking.api import extract_statements
    now = datetime(2026, 3, 1)
    def prefs(t):
        return [(s.kind, s.subject or s.value) for s in extract_statements(t, now)]
    assert ("preference", "whiteboard challenges") in prefs("I don't want to do any more whiteboard challenges")
    assert ("preference", "寿司") in prefs("我不喜欢吃寿司")
    assert ("preference", "吃辣") in prefs("我喜欢吃辣")          # nothing left without the verb
    assert ("preference", "火锅") in prefs("我爱吃火锅")
    assert ("goal", "get to 85 by the end of summer") in prefs("I'm 92 kg and want to get to 85 by the end of summer")
    assert not any(k == "preference" for k, _ in prefs("我闺蜜小雅说她家孩子一直看儿童医院的刘医生"))


def test_employer_is_never_a_pronoun_or_someone_else():
    from datetime import datetime
    from graphmem.linking.api import extract_statements
    now = datetime(2026, 3, 1)
    for t in ("Ava went vegetarian, so I need dinners that work for her too.", "Thursday didn't work for Judy"):
        assert not any(s.key == "employer" for s in extract_statements(t, now)), t
    assert any(s.key == "employer" and s.value == "Google" for s in extract_statements("I work for Google", now))
    started = extract_statements("Big week: I started my new job at Fieldnote Studio on Monday!", now)
    assert [(s.key, s.value) for s in started if s.key] == [("employer", "Fieldnote Studio")]
    for t in ("I'm starting work at Google next week", "I work for Google now"):   # the value, not when
        assert [(s.key, s.value) for s in extract_statements(t, now) if s.key] == [("employer", "Google")], t


def test_an_ascii_cue_inside_a_product_name_is_not_an_attribute():
    from datetime import datetime
    from graphmem.linking.api import extract_statements
    now = datetime(2026, 3, 1)
    assert not any(s.key == "model" for s in extract_statements("看中了两款电车：比亚迪汉和特斯拉Model 3。", now))
    assert any(s.key == "model" and s.value == "iPhone 15" for s in extract_statements("手机model是iPhone 15", now))


def test_chinese_apposition_is_a_relation_alongside_the_rest():
    out = extract_statements("我女儿朵朵今年四岁，九月份要上中班了。", NOW)
    rel = [s for s in out if s.kind == "relation"]
    assert [(s.subject, s.key) for s in rel] == [("朵朵", "daughter")]
    assert any(s.kind == "event" for s in out)                 # the rest of the message still counts


def test_the_users_job_is_an_attribute_in_both_languages():
    def job(text):
        return [s.value for s in extract_statements(text, NOW) if s.kind == "attribute" and s.key == "job"]
    assert job("Hi! 我叫小雨，英文名 Alex，在上海做 UI designer。") == ["UI designer"]
    assert job("I am a senior UX designer at Stripe") == ["senior UX designer at Stripe"]
    assert job("I'm a nurse at Westmead Hospital in Sydney") == ["nurse at Westmead Hospital"]
    assert job("我在字节跳动做了四年后端开发") == ["后端开发"]
    assert job("I'm a big fan of jazz") == [] and job("Are you a designer?") == []


def test_a_time_after_a_moving_verb_is_a_reschedule():
    def moved(text):
        return [(s.key, s.value, s.is_change) for s in extract_statements(text, NOW) if s.kind == "event"]
    assert moved("出发时间改了，改到八月三号，七月公司走不开。") == [("reschedule", "八月三号", True), ("", "七月公司走不开", True)]
    assert moved("The Lisbon trip got pushed to September 12.") == [("reschedule", "September 12", True)]
    assert moved("I pushed my dentist appointment back to Friday") == [("reschedule", "Friday", True)]
    assert moved("婚礼推迟到明年五月了") == [("reschedule", "明年五月", True)]   # adjacent times are one date
    # a time that is not where something moved to stays a plain event
    assert moved("We moved to Austin last March") == []       # not a reschedule: where the user lives now
    assert [(s.key, s.value) for s in extract_statements("We moved to Austin last March", NOW)] == [("location", "Austin")]
    assert [k for k, _, _ in moved("我下周三去上海出差")] == [""]


def test_a_hand_in_date_is_a_deadline():
    s = one("New hand-in date is July 3")
    assert (s.kind, s.key, s.value.month, s.value.day) == ("attribute", "deadline", 7, 3)


def test_someone_elses_birthday_is_theirs():
    def birthday(text):
        return [(x.subject, x.value.month, x.value.day) for x in extract_statements(text, NOW) if x.key == "birthday"]
    assert birthday("My birthday is on March 28") == [("", 3, 28)] and birthday("生日是五月三号") == [("", 5, 3)]
    assert birthday("my dad's birthday is June 2") == [("my dad", 6, 2)]
    assert birthday("我爸生日是六月二号") == [("我爸", 6, 2)] and birthday("我妈妈的生日是五月三号") == [("我妈妈", 5, 3)]
    for text in ("Meredith's booked a train down for his birthday on March 28", "他的生日是六月二号"):
        assert birthday(text) == [], text     # "his": nobody we can name here; the date stays an event


def test_a_phone_number_is_text_and_an_amount_is_not_one():
    said = {t: [(s.key, s.value) for s in extract_statements(t, NOW) if s.kind == "attribute"]
            for t in ("My new number is 07700 900123", "手机号改成13911112222了",
                      "Two Rivers came back, new number was almost $5k")}
    assert said == {"My new number is 07700 900123": [("phone", "07700 900123")],
                    "手机号改成13911112222了": [("phone", "13911112222")],
                    "Two Rivers came back, new number was almost $5k": []}


def test_a_date_said_on_its_own_belongs_to_the_clause_before_it():
    (ev,) = extract_statements("出院日子也定了，二月二十七号。", NOW)
    assert ev.kind == "event" and ev.when.month == 2 and ev.when.day == 27 and "出院" in ev.text
    assert extract_statements("好的，明天", NOW) == []          # a reply is not a dated event


def test_a_pay_structure_beside_a_time_is_no_event():
    """十三薪 is how many months' pay a year holds, a standing term of the job; what is planned at a time stays one."""
    assert [s.kind for s in extract_statements("月薪两万五，年底有十三薪", NOW)] == ["attribute"]
    assert extract_statements("年底有13薪", NOW) == []
    for text in ("下个月有个样机评审", "周二我有公开课", "下周三调薪"):
        assert [s.kind for s in extract_statements(text, NOW)] == ["event"], text


def test_a_relatives_taste_is_not_the_users():
    """A subject-less Chinese clause carries the subject named before it: grandma's congee is not the user's."""
    for text in ("奶奶不爱吃医院食堂的饭，她口味很清淡，最喜欢喝小米粥。", "我奶奶最喜欢喝小米粥"):
        assert not [s for s in extract_statements(text, NOW) if s.kind == "preference"], text
    assert [(s.subject, s.polarity) for s in extract_statements("我不喜欢香菜", NOW)] == [("香菜", -1)]


def test_where_the_user_lives_without_zai_and_not_a_hospital_stay():
    got = lambda t: [(s.key, s.value) for s in extract_statements(t, NOW) if s.kind == "attribute"]  # noqa: E731
    assert got("还好我住滨江花园，离市二院走路就十分钟。") == [("address", "滨江花园")]
    assert got("我住院了") == [] and got("我住得离公司很远") == []


def test_a_move_or_transfer_gives_where_the_user_lives_and_a_number_or_date_does_not():
    def loc(text):
        return [s.value for s in extract_statements(text, NOW) if s.key == "location"]
    assert loc("Big news: 公司要把我调到深圳, starting April.") == ["深圳"]
    def area(text):
        return [s.value for s in extract_statements(text, NOW) if s.key == "address"]
    # where in the city is an address: it does not replace the city
    assert area("新住处定在南山区，离公司走路十五分钟。") == ["南山区"] and loc("新住处定在南山区") == []
    assert area("我们搬到滨江花园了") == ["滨江花园"]
    assert loc("We moved to Leeds last spring.") == ["Leeds"]
    assert loc("I'm based in Stratford upon Avon") == ["Stratford upon Avon"]
    for text in ("工资调到一万了", "会议调到下周三", "搬到下个月再说", "I moved to the back row", "The meeting got moved to Thursday."):
        assert loc(text) == [], text


def test_where_the_user_works_or_studies_in_chinese_uses_the_english_keys():
    def attrs(text):
        return [(s.key, s.value) for s in extract_statements(text, NOW) if s.kind == "attribute"]
    assert attrs("我在腾讯上班") == [("employer", "腾讯")]
    assert attrs("我在北大读书") == [("school", "北大")]
    assert attrs("我在飞鸢科技做硬件，base 大概 45k") == [("employer", "飞鸢科技"), ("job", "硬件")]
    assert attrs("我在家做饭") == [] and attrs("我在公司做PPT") == []


def test_a_day_of_the_month_without_its_month_is_a_date():
    from graphmem.linking.timeexpr import find_times
    now = datetime(2026, 3, 5, tzinfo=timezone.utc)
    day = lambda t, n=now: [(x.text, x.when.date().isoformat()) for x in find_times(t, n)]  # noqa: E731
    assert day("推到19号了") == [("19号", "2026-03-19")]
    assert day("改到十九号") == [("十九号", "2026-03-19")]
    assert day("pushed to the 25th") == [("the 25th", "2026-03-25")]
    assert day("Saturday 14th") == [("Saturday 14th", "2026-03-14")]
    assert day("推到2号", datetime(2026, 3, 20, tzinfo=timezone.utc)) == [("2号", "2026-04-02")]   # passed: next month
    assert day("坐3号线") == [] and day("住19号楼") == [] and day("I came 2nd") == [] and day("the 3rd time") == []
    moved = [(s.key, s.value) for s in extract_statements("骆主任说先降压观察一周再说，推到19号了", now) if s.kind == "event"]
    assert moved == [("reschedule", "19号")]


def _where(text):
    return [(s.key, s.value, s.subject) for s in extract_statements(text, NOW) if s.key in ("location", "address")]


def test_where_someone_else_lives_is_not_where_the_user_lives():
    assert _where("我家在良渚，驾校就在文化村那边") == [("location", "良渚", "")]
    assert _where("我们住在杭州") == [("location", "杭州", "")]
    assert _where("我妈住在苏州") == [("location", "苏州", "我妈")]            # hers: stored on the relative
    assert _where("妈妈一个人住在老家") == [("location", "老家", "我妈妈")]
    assert _where("阿杰他妈一个人住在绍兴柯桥，腿脚不太利索") == []          # his mother's: nobody we can name
    assert _where("我婆婆住在绍兴") == [] and _where("他住在北京") == [] and _where("我家在三楼") == []
    assert _where("The kids and I live in Didsbury") == [("location", "Didsbury", "")]
    assert _where("My son Callum and his wife live in Vancouver") == []
    assert _where("我和老婆住在杭州") == [("location", "杭州", "")] and _where("她家住在西湖边") == []
    assert _where("Now based in Leeds") == [("location", "Leeds", "")]
    assert _where("Me and my wife live in Leeds") == [("location", "Leeds", "")]


def _job(text):
    return [s.value for s in extract_statements(text, NOW) if s.key == "job"]


def test_a_job_said_as_work_or_as_teaching():
    assert _job("I work as a groundsman at Páirc Uí Chaoimh") == ["groundsman at Páirc Uí Chaoimh"]
    assert _job("I'm working as a barista for now") == ["barista"]
    assert _job("I teach chemistry to the fifth and sixth years") == ["chemistry teacher"]
    assert _job("平时根本没空，我在小学教语文，还当着班主任") == ["小学语文老师"]
    assert _job("I teach them to swim") == [] and _job("我教他游泳") == [] and _job("He teaches maths") == []


def test_a_mentor_named_in_apposition_is_a_relation():
    # "What book did my mentor recommend?" can then reach Jordan through the graph
    rel = [s for s in extract_statements("My mentor Jordan is a design director at a fintech.", NOW)
           if s.kind == "relation"]
    assert [(s.subject, s.key) for s in rel] == [("Jordan", "mentor")]
