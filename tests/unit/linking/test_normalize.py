from graphmem.linking.api import detect_language, normalise, parse_number


def test_normalise_width_case_traditional_punctuation():
    assert normalise("ＴｈｉｎｋＰａｄ　X1") == "thinkpad x1"
    assert normalise("聯想筆記型電腦") == "联想笔记型电脑"
    assert normalise("ThinkPad-X1!") == "thinkpad x1"


def test_parse_number_arabic_and_chinese():
    cases = {"8000": 8000, "8,000": 8000, "8k": 8000, "1.5万": 15000, "五千": 5000, "八千": 8000,
             "一万二": 12000, "两千五": 2500, "3千5": 3500, "一千零五": 1005, "九千九百九十九": 9999,
             "两千九百九": 2990, "十二": 12}
    for text, value in cases.items():
        assert parse_number(text) == value, text
    assert parse_number("hello") is None


def test_detect_language():
    assert detect_language("就是之前跟你说的那个笔记本") == "zh"
    assert detect_language("How much RAM does that laptop have?") == "en"
    assert detect_language("我想买MacBook") == "zh"
    assert detect_language("I had dinner with 王小明 yesterday") == "en"
    assert detect_language("这个 project 的 deadline 和 budget 都 changed") == "mixed"


def test_parse_number_a_digit_after_wan_and_a_year_said_digit_by_digit():
    assert parse_number("1万2") == 12000 == parse_number("一万二")
    assert parse_number("二〇二三") == 2023 and parse_number("一九九八") == 1998
    assert parse_number("两千零五") == 2005 and parse_number("三十") == 30
