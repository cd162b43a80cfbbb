"""Facts about others and things (issue 17): named or pronoun subjects and conjoined verbs from spaCy's parse,
a thing's problem and price, a relative's job, listed allergies, liked things after a light verb (jieba POS).
Real spaCy and jieba."""

from datetime import datetime

from graphmem.linking.api import extract_statements

NOW = datetime(2026, 3, 11, 10, 0)


def facts(text):
    return {(s.subject, s.key, s.value) for s in extract_statements(text, NOW) if s.kind == "attribute"}


def test_a_conjoined_verb_keeps_its_named_subject():
    assert ("Tom", "job", "nurse") in facts("Tom lives in Lyon, works as a nurse.")
    assert ("Emma", "job", "architect") in facts("My sister Emma works as an architect and lives in Leeds")
    assert not any(s == "" and k == "job" for s, k, _ in facts("Tom lives in Lyon, works as a nurse."))


def test_a_pronoun_is_the_person_named_before_it():
    f = facts("My dad is turning 70 on May 3rd, he's a retired teacher in Cork")
    assert {("my dad", "job", "retired teacher"), ("my dad", "location", "Cork")} <= f
    assert ("Kenji", "hometown", "Kyoto") in facts("my colleague Kenji recommended Fushimi Inari, he grew up in Kyoto")
    f = facts("my wife Ana is Brazilian, we have a daughter, Lia, she's 4")
    assert ("Lia", "age", 4) in f and ("Ana", "age", 4) not in f
    assert ("Ana", "nationality", "Brazilian") in f


def test_no_person_no_fact():
    assert not any(k in ("job", "age", "hometown") for _, k, _ in facts("He is 6 feet tall and grew up nearby"))
    assert facts("my boss is an idiot") == set()
    assert facts("Is Tom a nurse?") == set()


def test_a_things_problem():
    assert ("that laptop", "problem", "overheating") in facts("That laptop keeps overheating tbh, the fans go nonstop")
    assert ("my phone", "problem", "always full") in facts("My phone only has 64 GB of storage and it's always full.")
    assert ("我的手机", "problem", "老是死机") in facts("我的手机老是死机")
    assert ("那个笔记本", "problem", "键盘有个键松了") in facts("而且那个笔记本键盘有个键松了")
    assert not any(k == "problem" for _, k, _ in facts("那个方案不错") | facts("The meeting was great"))


def test_a_price_of_what_it_is():
    assert ("it", "price", 1400) in facts("it was 1400 euros, a bit over what I planned")
    assert ("new bike", "price", 1400) in facts("I bought a new bike, it was 1400 euros")
    assert ("这双跑鞋", "price", 3500) in facts("这双跑鞋三千五百块，心疼")
    assert ("这台电脑", "price", 9200) in facts("这台电脑花了九千二")
    assert not any(k == "price" for _, k, _ in facts("it was 1400 steps"))


def test_a_relatives_job_is_theirs_not_the_users():
    f = facts("我姐姐在成都当护士，去年刚结婚")
    assert ("我姐姐", "job", "护士") in f and ("", "job", "护士") not in f
    assert not any(k == "job" for _, k, _ in facts("他在银行当柜员"))
    assert ("", "job", "UI designer") in facts("我在上海做UI designer")


def test_listed_allergies_are_one_value_each():
    assert {("", "allergy", "peanuts"), ("", "allergy", "penicillin")} <= facts("I'm allergic to peanuts and to penicillin")
    assert {("", "allergy", "peanuts"), ("", "allergy", "shellfish")} <= facts("I'm allergic to peanuts and shellfish, fyi")
    f = facts("我对花生和芒果过敏")
    assert {("", "allergy", "花生"), ("", "allergy", "芒果")} <= f and ("", "allergy", "花生和芒果") not in f


def test_a_liked_noun_after_a_light_verb_and_an_adverb_lead():
    subjects = {s.subject for s in extract_statements("现在比起咖啡我更喜欢喝茶了", NOW) if s.polarity > 0}
    assert subjects == {"茶"}
    assert [s.subject for s in extract_statements("平时也爱喝咖啡", NOW)] == ["咖啡"]
    assert {s.value for s in extract_statements("平时喜欢爬山和拍照", NOW)} == {"爬山", "拍照"}   # activities
    assert [s.subject for s in extract_statements("我不喜欢吃寿司", NOW)] == ["寿司"]


def test_a_liked_activity_or_taste_is_the_users_preference_not_a_thing():
    def prefs(text):
        return {(s.subject, s.value, s.polarity) for s in extract_statements(text, NOW) if s.kind == "preference"}
    assert prefs("平时喜欢爬山和拍照") == {("", "爬山", 1), ("", "拍照", 1)}
    assert prefs("我其实也不太能吃辣") == {("", "辣", -1)}
    assert prefs("I love hiking and cooking") == {("", "hiking", 1), ("", "cooking", 1)}
    assert prefs("I hate going to the gym") == {("", "going to the gym", -1)}
    # things stay things: food, a wedding, a printer, a sports car
    assert prefs("I like Thai food") == {("Thai food", None, 1)}
    assert prefs("我喜欢芒果") == {("芒果", None, 1)}
    things = prefs("I love the wedding venue") | prefs("我很喜欢这台打印机") | prefs("我喜欢跑车")
    assert len(things) == 3 and all(subject and value is None for subject, value, _ in things)


def test_weather_it_is_no_things_problem():
    assert not any(k == "problem" for _, k, _ in facts("Brr, it's freezing out there this morning."))
    assert not any(k == "problem" for _, k, _ in facts("ugh it keeps raining"))


def test_self_introduction_name_hometown_and_work_city():
    f = facts("简单介绍下自己：我叫陈晨，28岁，在南京做产品经理，老家是武汉的")
    assert {("", "name", "陈晨"), ("", "age", 28), ("", "location", "南京"), ("", "hometown", "武汉")} <= f
    assert ("陈晨", "age", 28) not in f
    assert {("", "name", "Sam"), ("", "age", 34)} <= facts("Quick intro: I'm Sam, 34, software engineer at Stripe.")
    assert ("", "hometown", "Leeds") in facts("I grew up in Leeds")
    assert ("我姐姐", "location", "成都") in facts("我姐姐在成都当护士")
    assert facts("我叫了外卖") == set() and facts("他老家在河南") == set()


def test_a_named_persons_age_and_what_someone_learns():
    assert ("朵朵", "age", 6) in facts("我有个女儿叫朵朵，今年六岁")
    assert not [s for s in extract_statements("我有个女儿叫朵朵，今年六岁", NOW) if s.kind == "event"]
    assert {("朵朵", "learning", "钢琴"), ("朵朵", "learning", "游泳")} <= facts("朵朵在学钢琴和游泳")
    assert ("", "learning", "吉他") in facts("我最近在学吉他")
    assert ("", "learning", "Japanese") in facts("I speak English and I'm learning Japanese")
    learns = {v for _, k, v in facts("I'm also learning Rust and Go") if k == "learning"}
    assert learns == {"Rust", "Go"}   # each one, not "Rust and"
    assert {v for _, k, v in facts("I'm learning guitar and it is hard") if k == "learning"} == {"guitar"}
    assert not any(k == "learning" for _, k, _ in facts("老师在学校") | facts("他在学开车")
                   | facts("儿子小宝下个月满三岁，最近在学说英语"))


def test_body_weight_and_height_with_a_unit():
    assert {("", "weight", 155), ("", "target_weight", 130)} <= facts("我现在一百五十五斤，想减到一百三十斤")
    assert {("", "weight", 180), ("", "height", "6'1")} <= facts("and I'm 6'1 and 180 lbs if that matters")
    assert ("", "weight", 80) in facts("I weigh 80 kg")
    assert not any(k == "weight" for _, k, _ in facts("she's 60 kg") | facts("他现在一百五十斤")
                   | facts("I'm 30 and my bag is 10 kg"))


def test_a_fan_of_after_also_and_savings():
    assert [s.subject for s in extract_statements("also big fan of jazz", NOW)] == ["jazz"]
    assert ("", "savings", 200000) in facts("存款大概有二十万，想明年付首付买房")


def test_a_named_things_age_and_a_broken_thing():
    assert ("my ThinkPad X1", "age", "5 years") in facts("My ThinkPad X1 is 5 years old now and the battery's dying")
    assert ("my Kindle", "problem", "broken") in facts("My Kindle is broken")
    assert facts("I'm broken") == set() and not any(k == "age" for _, k, _ in facts("My ThinkPad X1 is old"))


def test_a_facts_text_is_its_own_predicate_not_the_whole_message():
    # recall merges a message into a fact whose text repeats it; a fact that says only itself keeps both findable
    st = [s for s in extract_statements("My son Freddie is 3 and goes to a childminder in Meanwood on my work days.",
                                        NOW) if s.key == "age"]
    assert [(s.subject, s.text) for s in st] == [("Freddie", "My son Freddie is 3")]


def test_zai_before_a_verb_is_doing_not_a_workplace():
    employer = lambda text: [s.value for s in extract_statements(text, NOW) if s.key == "employer"]  # noqa: E731
    assert employer("在投暑期实习，今天收到蓝鲸数科的面试通知") == []      # applying for internships
    assert employer("我在准备考研实习") == []
    assert employer("我现在在腾讯上班") == ["腾讯"] and employer("我在阿里实习") == ["阿里"]
