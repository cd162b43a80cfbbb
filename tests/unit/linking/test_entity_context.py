"""Issue 17 item 4: names that keep their whole span, types from the words around a name, no junk from fragments,
and homophone typos of known Chinese names (real spaCy and jieba)."""

from graphmem.linking.gazetteer import Gazetteer
from graphmem.linking.mentions import extract_mentions
from graphmem.linking.resolve import link
from graphmem.linking.slots import SlotTable
from graphmem.linking.types import KnownEntity


def _named(text, known=None):
    return {m.surface: m.type for m in extract_mentions(text, known) if m.kind == "named"}


def test_a_chinese_name_with_its_model_code_is_one_product():
    assert _named("我开的是长城哈弗H6，前年买的").get("哈弗H6") == "product"
    assert _named("我的手机是华为Mate 60").get("华为Mate 60") == "phone"
    assert _named("手机用的小米14，早上还喝了碗小米粥").get("小米14") == "phone"
    assert _named("我在用小米13 Pro").get("小米13 Pro") == "phone"
    # an amount is not a model: 月薪 25k, 房租3000
    assert not {"月薪 25k", "月薪", "25k"} & set(_named("got a raise! 现在月薪 25k 了"))
    assert not _named("房租3000一个月")


def test_a_district_and_the_place_in_it_are_two_places():
    assert _named("我租的房子在朝阳区望京，月租六千五") == {"朝阳区": "geo", "望京": "geo"}
    assert "海淀黄庄" in _named("他在海淀黄庄上班")          # no district suffix inside: one place


def test_an_intensifier_after_a_character_is_not_a_name():
    assert "毛超" not in _named("掉毛超厉害哈哈")
    assert _named("王超很厉害") == {"王超": "person"}


def test_chinese_context_types_an_untyped_name():
    assert _named("她要去 Vancouver 读研")["Vancouver"] == "geo"
    assert _named("conference在Shibuya, hotel订在新宿")["Shibuya"] == "geo"
    assert _named("我在深圳腾讯做产品经理")["腾讯"] == "organization"
    assert _named("btw 我下个月跳槽去Shopee，offer已经签了")["Shopee"] == "organization"
    assert _named("周六去爬白云山吗？我开车")["白云山"] == "geo"
    assert _named("周末去 Tom 家玩")["Tom"] != "geo"              # 去X家: a person's home, not a place X


def test_english_prose_inside_chinese_is_read_by_the_english_rules():
    named = _named("My roommate 小李 is moving out end of this month, 她要去 Vancouver 读研")
    assert "My roommate" not in named and "Vancouver" in named
    assert _named("yeah, 已经找到了, a guy from work called Tom") == {"Tom": "person"}
    assert "Bank of America" in _named("我用 Bank of America 的卡")


def test_english_names_keep_a_capitalised_first_word_and_take_an_apposition_type():
    assert "Project Hail Mary" in _named("Project Hail Mary, almost done")
    assert _named("planning a surprise party at Bella Vista, the italian place downtown")["Bella Vista"] not in (
        "person", "")


def test_names_the_brand_list_knows_take_its_type():
    named = _named("I'm paying for way too many subscriptions: Netflix, Spotify, Disney+ and the NYT.")
    assert named["Netflix"] == named["Spotify"] == "organization"
    assert _named("I deploy with Terraform on Hetzner.") == {"Terraform": "software", "Hetzner": "organization"}


_KNOWN = Gazetteer([KnownEntity("hz", "杭州", "city"), KnownEntity("xm", "厦门", "city"),
                    KnownEntity("sx", "陕西", "place"), KnownEntity("hw", "华为", "organization"),
                    KnownEntity("ds", "都市", "thing"), KnownEntity("ln", "李娜", "person")])


def _linked(text):
    return {lk.mention.surface: lk.entity_id for lk in link(text, SlotTable(), _KNOWN)
            if lk.status == "linked" and lk.mention.kind == "named"}


def test_a_homophone_typo_of_a_known_chinese_name_links_to_it():
    assert _linked("杭洲的房价涨了不少") == {"杭洲": "hz"}
    assert _linked("下周去厦们出差") == {"厦们": "xm"}


def test_real_words_and_peoples_names_are_not_typos():
    assert "sx" not in _linked("山西的面食很有名").values()    # 山西 is a word (and a place) of its own
    assert "hw" not in _linked("华伟说他明天到").values()      # jieba reads a person's name
    assert "ds" not in _linked("这些都是很好的建议").values()  # 都/是: function words, not a typo's pieces
    assert "ln" not in _linked("李纳明天来").values()          # people are never guessed by sound


def test_a_surname_alone_is_a_person_and_a_name_watched_or_read_is_a_show_or_a_book():
    assert _named("我和欧阳去吃饭了") == {"欧阳": "person"}                  # jieba tags 欧阳 a place
    assert _named("I watched Severance on Netflix")["Severance"] == "show"
    assert _named("I finally read Dune last month") == {"Dune": "book"}


def test_a_name_after_a_role_word_is_a_person_and_chinese_names_in_english_text_are_read():
    named = _named("my colleague Kenji recommended Fushimi Inari, he grew up in Kyoto")
    assert named["Kenji"] == "person" and named["Kyoto"] == "geo"     # the tagger labels Kenji a place
    assert _named("my dog Biscuit hates the rain") == {"Biscuit": "pet"}
    assert _named("I'm flying to 东京 next Tuesday for a conference") == {"东京": "geo"}


def test_a_name_before_a_food_is_the_dish_and_a_person_in_after_a_noun_is_a_place():
    assert _named("I like Thai food and Italian food though") == {"Thai food": "food"}    # not a name "Thai"
    assert _named("I love New York pizza") == {"New York pizza": "food"}
    assert _named("I made a decent Kung Pao Chicken dish") == {"Kung Pao Chicken": "food"}   # no "… dish"
    assert _named("he's a retired teacher in Cork") == {"Cork": "geo"}                 # NER: a person
    assert _named("I believe in Jesus") == {"Jesus": "person"}                          # 'in' after a verb


def test_a_known_place_is_found_under_its_name_in_the_other_language():
    known = Gazetteer([KnownEntity("sb", "Shibuya", "place"), KnownEntity("au", "Australia", "country")])
    got = {lk.mention.surface: lk.entity_id for lk in link("明天去涩谷逛街，以后想移民澳洲", SlotTable(), known)
           if lk.status == "linked"}
    assert got == {"涩谷": "sb", "澳洲": "au"}


def test_a_name_someone_meets_or_asks_in_chinese_is_a_person():
    assert _named("周末去里昂出差，顺便找Tom吃饭")["Tom"] == "person"
    assert _named("明天约 Anna 喝咖啡") == {"Anna": "person"}


def test_zai_inside_another_word_is_not_a_place_verb():
    assert _named("现在 Tom 怎么样了") == {"Tom": ""}           # 现在 (now), not 在 X
    assert _named("实在 Mike 太忙了") == {"Mike": ""}
    assert _named("他回到 Boston 了") == {"Boston": "geo"}
