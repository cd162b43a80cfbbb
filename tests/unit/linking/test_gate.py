from graphmem.linking.api import classify_message


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
