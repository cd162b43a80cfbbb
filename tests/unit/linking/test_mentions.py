from graphmem.linking.mentions import extract_mentions, extract_mentions_batch


def _by_surface(ms):
    return {m.surface: m for m in ms}


def test_english_demonstrative_possessive_pronoun():
    ms = _by_surface(extract_mentions("How much RAM does that laptop have? My sister says it is slow."))
    assert ms["that laptop"].kind == "demonstrative" and ms["that laptop"].type == "laptop"
    assert ms["My sister"].kind == "possessive" and ms["My sister"].role == "sister"
    assert ms["it"].kind == "pronoun"


def test_english_recall_clause_and_other_one():
    ms = extract_mentions("I want to go back to the restaurant you recommended.")
    m = next(m for m in ms if m.kind == "demonstrative")
    assert m.type == "restaurant" and m.recall_cue and m.surface.endswith("you recommended")
    other = extract_mentions("Tell me more about the other one.")
    assert [m.modifiers for m in other] == [("other",)]


def test_english_named_entity():
    ms = _by_surface(extract_mentions("My friend Priya is moving to Berlin in May."))
    assert ms["Priya"].kind == "named" and ms["Priya"].type == "person"
    assert ms["Berlin"].kind == "named"


def test_chinese_demonstrative_with_recall_cue():
    ms = extract_mentions("就是之前跟你说的那个笔记本，现在降价了吗？")
    m = next(m for m in ms if m.kind == "demonstrative")
    assert m.surface == "那个笔记本" and m.type == "laptop" and m.recall_cue and m.language == "zh"


def test_chinese_classifier_noun_pronoun_possessive():
    ms = _by_surface(extract_mentions("那家店不错，它的毛肚好吃，我妹妹也喜欢"))
    assert ms["那家店"].type == "restaurant"
    assert ms["它"].kind == "pronoun"
    assert ms["我妹妹"].kind == "possessive" and ms["我妹妹"].role == "sister"


def test_chinese_indefinite_noun():
    ms = extract_mentions("预算四千，想要一个拍照好的手机")
    m = next(m for m in ms if m.head == "手机")
    assert m.kind == "noun" and "indefinite" in m.modifiers


def test_gazetteer_names_win_over_jieba_tags(known):
    # jieba alone tags 联想 as a verb; known names are found anyway
    ms = extract_mentions("联想的售后怎么样", known)
    assert ms[0].surface == "联想" and ms[0].known_ids == ("lenovo",)
    mixed = extract_mentions("我的ThinkPad X1又死机了", known)
    assert mixed[0].kind == "possessive" and mixed[0].known_ids == ("thinkpad",)


def test_batch_matches_single(known):
    texts = ["that laptop is slow", "那个方案呢", "my sister Lily"]
    batch = extract_mentions_batch(texts, known)
    assert batch == [extract_mentions(t, known) for t in texts]


def test_a_name_takes_the_type_its_own_type_noun_gives():
    en = {m.surface: m.type for m in extract_mentions("For Kyoto I'm leaning towards Hotel Kanra, near the station.")}
    assert en.get("Hotel Kanra") == "hotel"
    zh = {m.surface: m for m in extract_mentions("我表姐在华西医院当护士")}
    assert zh["华西医院"].kind == "named" and zh["华西医院"].type == "hospital"
    assert "医院" not in zh and "华西" not in zh          # one mention, not a place plus a bare noun


def test_a_role_word_before_a_given_name_makes_the_name_the_mention():
    from graphmem.linking.mentions import zh_appositions
    assert zh_appositions("我女儿朵朵今年四岁") == [("daughter", "朵朵")]     # a doubled character, tagged q by jieba
    assert zh_appositions("我同事小刘说的") == [("colleague", "小刘")]
    assert zh_appositions("我女儿小时候很乖") == [] and zh_appositions("我老公老是加班") == []
    ms = {m.surface: m for m in extract_mentions("我妹妹丽丽在杭州")}
    assert ms["丽丽"].kind == "named" and ms["丽丽"].type == "person"


def test_a_counted_name_with_a_model_number_is_a_product_of_the_classifier_type():
    ms = {m.surface: m for m in extract_mentions("刚提了一辆 极氪 001, 周末开去马来西亚玩。")}
    assert ms["极氪 001"].kind == "named" and ms["极氪 001"].type == "car"   # jieba splits 极/氪: the pattern holds it
    assert [m.surface for m in extract_mentions("这辆车开了三年")] == ["这辆车"]  # no model number: the noun as before


def test_fillers_and_interjections_are_never_mentions():
    from graphmem.linking.api import extract_mentions
    assert [m.surface for m in extract_mentions("好饿，去吃饭了 bye")] == []
    assert [m.surface for m in extract_mentions("aaaah I'm so happy")] == []
    assert "Portland" in [m.surface for m in extract_mentions("Raining nonstop here in Portland")]


def test_a_possessor_with_adjectives_is_the_mention_and_keeps_its_role():
    from graphmem.linking.api import extract_mentions
    assert ("my little girl", "daughter") in {(m.surface, m.role) for m in extract_mentions("What's my little girl's name?")}
    assert ("my big sister", "sister") in {(m.surface, m.role) for m in extract_mentions("my big sister's car")}


def test_an_english_apposition_gives_a_name_its_description():
    from graphmem.linking.mentions import en_appositions
    assert en_appositions("Got an offer from Cobaltline, the fintech startup, for 95k.") == [
        ("Cobaltline", "fintech startup")]
    assert en_appositions("We hired a contractor called Mike Doyle") == [("Mike Doyle", "contractor")]
    assert en_appositions("I met Dana, the recruiter from Halcyon, yesterday") == [("Dana", "recruiter")]
    # only a type word ("the company", "a restaurant") says nothing new; a sentence start is no name
    assert en_appositions("Acme, the company, is fine") == [] and en_appositions("Went to Noma, a restaurant.") == []
    assert en_appositions("I, the undersigned, agree") == []


def test_an_organisation_spacy_names_is_typed_so():
    ms = {m.surface: m.type for m in extract_mentions("Forget them, we signed with Summit Hauling instead for $3,650.")}
    assert ms.get("Summit Hauling") == "organization"


def test_a_bare_kinship_word_is_the_users_relative():
    got = {m.surface: (m.kind, m.role) for m in extract_mentions("大姑说等奶奶回来，她每周二和周四过来帮忙做饭")}
    assert got["大姑"] == ("possessive", "aunt") and got["奶奶"] == ("possessive", "grandmother")
    assert not [m for m in extract_mentions("他奶奶住院了") if m.role]              # someone else's
    assert [m.surface for m in extract_mentions("我和我妈、大姑三个人轮流陪床") if m.role] == ["我妈", "大姑"]
    assert [m.surface for m in extract_mentions("表哥小峰给推荐了一个护工")] == ["小峰"]   # the name is the mention


def test_a_name_the_tagger_ran_into_the_days_is_cut_there():
    got = [m.surface for m in extract_mentions("Mum's having Freddie Sunday to Tuesday nights, and he still goes to Oona")]
    assert "Freddie" in got and not [s for s in got if "Sunday" in s]


def test_small_talk_and_number_words_are_not_names():
    for text in ("Morning. Grey and drizzly here again, standard January.", "Right, off to open up. Ta!",
                 "eleven nights of cloud in a row. ELEVEN.", "hey hey 刚排练完"):
        assert not [m for m in extract_mentions(text) if m.kind == "named"], text
    assert [m.surface for m in extract_mentions("Grey's Anatomy is my favourite show") if m.kind == "named"] == [
        "Grey's Anatomy"]


def test_english_words_in_chinese_are_not_names_but_capitalised_and_accented_names_are():
    def named(text):
        return [m.surface for m in extract_mentions(text) if m.kind == "named"]
    assert "Ethan Lau" in named("新的 PM 叫 Ethan Lau，他说可以 push 到 2 月 24 号")
    assert not {"producer", "push", "rent", "lease", "we met in the middle"} & set(
        named("producer 换了。push 到周五。rent 是 12,800，lease 到 3 月底。OK 和 Marcus 谈好了，we met in the middle"))
    assert "Marcus" in named("OK 和 Marcus 谈好了，we met in the middle")
    assert "Café Vériel" in named("周末去 Café Vériel 喝咖啡")        # jieba cuts at é; the run is whole again
    assert named("Ethan 说 RPG 的下半部分 3 月底再给我") == ["Ethan", "RPG"]    # 部分 3 is not a phone
    assert "iphone 15" in named("我换了 iphone 15")                     # a model number keeps a lowercase name


def test_english_names_keep_their_model_and_lose_what_the_tagger_ran_into():
    def named(text):
        return [(m.surface, m.type) for m in extract_mentions(text) if m.kind == "named"]
    assert ("iPhone 15 Pro", "phone") in named("I bought an iPhone 15 Pro at the Apple Store")
    assert any(s == "Model 3" for s, _ in named("I got a Model 3 from Tesla"))
    assert any(s == "eBay" for s, _ in named("we use eBay a lot"))
    assert [s for s, _ in named("Kindle Paperwhite 2 of them")] == ["Kindle Paperwhite"]
    assert "Easter" in [s for s, _ in named("heading to her sister Denise's place for Easter, 4 days")]
    assert [s for s, _ in named("Spoke & Chain, four years now")] == ["Spoke & Chain"]
    assert named("kinda numb about it tbh") == []            # a name has a capital


def test_one_users_names_never_change_how_another_users_message_is_cut():
    """Known names are kept whole per call, not added to jieba's process-wide dictionary: user A's "葛阿姨"
    must not change user B's segmentation (it made ingestion depend on which users came before)."""
    from graphmem.linking import nlp
    from graphmem.linking.gazetteer import Gazetteer
    from graphmem.linking.types import KnownEntity

    text = "葛阿姨明天来"
    before = nlp.zh_tokens(text)
    user_a = Gazetteer([KnownEntity("e1", "葛阿姨", "person")])
    assert "葛阿姨" in [m.surface for m in extract_mentions("昨天葛阿姨来了", user_a)]
    assert nlp.zh_tokens(text) == before
    assert nlp.zh_tokens(text, [(0, 3)])[0] == ("葛阿姨", "nz", 0, 3)


def test_a_known_name_that_crosses_word_boundaries_cuts_nothing():
    from graphmem.linking import nlp

    plain = nlp.zh_tokens("北京东城区的房子")
    assert nlp.zh_tokens("北京东城区的房子", [(1, 3)]) == plain          # "京东" inside 北京/东城区
    assert ("葛阿姨", "nz", 2, 5) in nlp.zh_tokens("昨天葛阿姨来了", [(2, 5)])


def test_a_kinship_word_is_no_name():
    # jieba tags 老公 as a person's name: "她老公…叫王磊" names one person, 王磊
    found = [(m.surface, m.kind) for m in extract_mentions("她老公是个程序员，叫王磊，在字节上班")]
    assert ("王磊", "named") in found and not any(s == "老公" for s, _ in found)
    assert ("老王", "named") in [(m.surface, m.kind) for m in extract_mentions("老王说明天下雨")]
