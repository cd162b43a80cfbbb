import pytest

from graphmem.linking.api import classify_message
from graphmem.linking.gate import is_social, without_small_talk


def test_greetings_smalltalk_chitchat_both_languages():
    assert classify_message("Good morning!!").label == "greeting"
    assert classify_message("你好").label == "greeting"
    assert classify_message("how's it going?").label == "smalltalk"
    assert classify_message("吃饭了吗？").label == "smalltalk"
    assert classify_message("今天天气不错").label == "smalltalk"
    for text in ("thanks!", "lol", "哈哈哈", "好的谢谢", "👍", "heyyy"):
        v = classify_message(text)
        assert not v.has_information, (text, v)


def test_small_talk_with_information_is_never_dropped():
    for text in ("hi! my budget is now 8000", "谢谢！对了我妹妹下个月结婚", "你好，我下周要去上海出差",
                 "lol my cat just knocked my coffee onto the keyboard", "好累啊，今天加班到十点"):
        v = classify_message(text)
        assert v.label == "informative" and v.has_information and v.storable, (text, v)
        assert any("small talk" in r for r in v.reasons), v.reasons


def test_plain_information_and_requests_are_informative():
    assert classify_message("I don't eat pork").has_information
    assert classify_message("不是周三，是周四").has_information
    assert classify_message("").has_information is False


def test_statements_about_the_user_are_personal_and_informative():
    for text in ("By the way I've stopped drinking coffee, I'm on green tea now.",
                 "I'm dead set on an induction cooktop, gas is out.",
                 "My left calf has been tight after the long runs.",
                 "Eating 2400 calories a day, high protein.",
                 "we cut the guest list down to 80",
                 "我超级能吃辣，越辣越好。", "我养了一只英短蓝猫，叫团子，两岁了",
                 "称了一下，一百七十二斤了！", "她特别喜欢画画，每天回来都要画半个小时。",
                 "好冷啊，我家暖气坏了"):
        v = classify_message(text)
        assert v.has_information and v.personal, (text, v)


def test_questions_and_empty_first_person_are_not_personal():
    for text in ("What do I drink these days?", "I think so", "I hope you're well", "我明天要吃什么？", "我知道了",
                 "thanks!", "好的谢谢"):
        assert not classify_message(text).personal, text


def test_weather_and_mood_talk_is_chitchat_unless_it_carries_information():
    for text in ("Ugh, it's been raining sideways all day here.", "Brr, it's freezing out there this morning.",
                 "Omg the sunset tonight is unreal", "Phew, long day. Anyway.", "Happy Valentine's, haha",
                 "今天下大雨，出门鞋都湿透了", "lol 今天地铁好挤", "好困啊今天", "hhhh 好吧"):
        v = classify_message(text)
        assert not v.has_information, (text, v)
    for text in ("not bad, tired from the move to Shenzhen", "It snowed so much the Toronto trip got cancelled",
                 "好累啊，今天加班到十点", "下雨了，我的航班改到明天了"):
        assert classify_message(text).has_information, text


def test_a_bare_number_alone_is_not_a_statement():
    assert not classify_message("ok 886").personal
    assert classify_message("Update: we cut the guest list down to 80").personal


def test_what_someone_in_the_users_world_reported_is_personal():
    for text in ("Dealer says it's a loose gas cap, phew.", "My boss said the launch slips to May"):
        assert classify_message(text).personal, text
    for text in ("someone said it will rain all week", "he said so", "Mom says hi!"):
        assert not classify_message(text).personal, text      # no one in particular, or nothing reported


def test_chinese_without_a_subject_is_personal_when_it_names_what_the_user_did():
    """Chinese drops 我: an amount paid, a named place or company, a health reading are about the user."""
    for text in ("报了新航道的雅思班，一共二十节课，花了六千八，有点肉疼。",
                 "找了家装修公司叫木棉家装，设计师姓何。",
                 "现在高压基本稳在一百三左右。",
                 "带去安心动物医院看了，医生说大概率是毛球。"):
        g = classify_message(text)
        assert g.personal and g.has_information, text
    # a plan, a product line or a supplier: "主推想做…", "从豆仓进货"
    for text in ("店里主推想做燕麦拿铁，试了好几版配方。", "烘焙豆子先从豆仓进货，价格还行。", "复诊约在下周三上午。",
                 "分到的教练姓鲁，脾气有点暴，但是教得挺细的。", "今天终于搬完家了，累死"):
        g = classify_message(text)
        assert g.personal and g.has_information, text
    for text in ("好饿，去吃饭了 bye", "今天下大雪，路上都结冰了", "叫我干嘛", "想想还是算了哈哈"):   # not personal
        assert not classify_message(text).personal, text


def test_feelings_weather_and_weekend_talk_are_not_about_the_user():
    for text in ("aaaah I'm so happy 🎉", "I'm so tired lol", "Happy Friday 哈哈，终于周末了", "今天 haze 好严重啊，眼睛都痛",
                 "今天下大雪，路上都结冰了", "mate what a weekend, absolutely knackered", "今天成都好闷",
                 "right, I'm off to bed. thanks!", "哇今天终于出太阳了，赶紧晒被子去", "今天好冷啊，外面零下五度，手都冻僵了",
                 "累死了，今天就到这吧", "okay she's staring at me for her walk, gotta go xx"):
        g = classify_message(text)
        assert not g.personal, text
    assert not classify_message("今天下大雪，路上都结冰了").has_information
    assert classify_message("I'm so excited about the new job at Stripe").personal   # the intensifier is not all
    assert classify_message("今天跑了三个建材市场，累死了").personal                    # a count is, "一个" alone is not
    assert not classify_message("刚刷到一个狗子偷吃被抓包的视频").personal


def test_a_long_message_with_content_is_kept_even_without_a_statement_rule():
    """No rule reads a statement in these, but they carry information about the user's world."""
    for text in ("Oakview rang. Turns out the only space they have is on Thursdays, so that's his day now.",
                 "He flat out refuses the pill organiser, says it makes him feel like a child.",
                 "机票最后出的是下午两点那班，让他们俩睡个懒觉再出门。", "那拉提那边订了两晚木屋，一晚八百八。"):
        assert classify_message(text).personal, text
    for text in ("Happy new year btw! Still recovering lol", "mate what a weekend, absolutely knackered",
                 "困死了，昨晚熬夜追剧", "haha that's so funny, you're the best assistant ever, seriously"):
        assert not classify_message(text).personal, text


def test_a_sign_off_or_thanks_adds_nothing_the_message_says_what_comes_before_it():
    from graphmem.linking.gate import classify_message
    for text in ("cheers, ttyl", "ha, thanks for listening", "anyway cheers for letting me moan at you",
                 "haha brilliant, thanks", "好嘞，我去吃饭啦", "好了不打扰你了", "谢谢你啊，这段时间真帮了不少忙",
                 "紧张死了哈哈，先撤了", "Right, kettle's on. Cheers!", "thanks", "bye!"):
        assert not classify_message(text).has_information, text
    for text in ("Booked the flights to Lisbon for May 3, bye!", "Got the job at Stripe, thanks!",
                 "我妈下周三做手术，先撤了", "面试过了！先睡了", "刚提了新车，回头聊", "Thanks, that helps",
                 "brilliant news, my sister had her baby"):
        assert classify_message(text).has_information, text


# -- small talk inside a message (what a recalled quote leaves out) ----------------------------------------------
@pytest.mark.parametrize("text, kept", [
    ("Thanks, Melanie! I painted a lake sunrise last year.", "I painted a lake sunrise last year."),
    ("Wow, John, that's awesome! Congrats! I joined a book club.", "I joined a book club."),
    ("Yeah, they offer yoga and kickboxing. Keep it up!", "They offer yoga and kickboxing."),
    ("谢谢！我下个月去杭州。", "我下个月去杭州。"),
])
def test_a_quote_drops_its_small_talk(text, kept):
    assert without_small_talk(text) == kept


@pytest.mark.parametrize("text, kept", [
    ("Luna and Oliver!", "Luna and Oliver!"),       # two names: the answer to "what are your cats called?"
    ("Paris?! Really.", "Paris?!"),                 # a name alone is content
    ("Thanks! It took 3 days.", "It took 3 days."),  # a number is content
    ("Hey Mel! How are you?", "Hey Mel! How are you?"),   # all small talk: kept whole, nothing else to show
    ("She called her mom at 1 a.m.; Mom stayed on the line.", "She called her mom at 1 a.m.; Mom stayed on the line."),
    ("Thanks! It weighs 3.5 kg, made in the U.S. by hand.", "It weighs 3.5 kg, made in the U.S. by hand."),
])
def test_content_is_never_dropped(text, kept):
    assert without_small_talk(text) == kept
    assert is_social("Thanks, Melanie!") and not is_social("Luna and Oliver!") and not is_social("Paris?!")
