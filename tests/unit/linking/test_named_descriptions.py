"""A possessive description the text names is that name's alias, not a second entity ("My car is a 2015 Honda
Fit", "our cat Biscotti", 我家猫，它叫年糕), and name spans stop at a sentence-opening verb or a coordination of
two names (issue 17 entity precision; real spaCy and jieba)."""

from datetime import datetime, timezone

from graphmem.linking import Gazetteer
from graphmem.linking.mentions import descriptions, extract_mentions
from graphmem.linking.types import Statement
from graphmem.write.codec import Prepared
from graphmem.write.entities import UserState, resolve_turn
from graphmem.write.pipeline import TurnWork


def _ms(text):
    return {m.surface: (m.kind, m.type, tuple(descriptions(m))) for m in extract_mentions(text)
            if m.kind in ("named", "possessive")}


def test_a_copula_names_the_description():
    assert _ms("My car is a 2015 Honda Fit, and we pay for Netflix.")["Honda Fit"] == ("named", "car", ("My car",))
    assert "My car" not in _ms("My car is a 2015 Honda Fit, and we pay for Netflix.")
    assert _ms("我的手机是iPhone 13，用了三年了") == {"iPhone 13": ("named", "phone", ("我的手机",))}
    assert _ms("Toyota or Honda, my last car was a Corolla and it ran forever")["Corolla"][2] == ("my last car",)


def test_a_copula_with_another_type_or_a_longer_phrase_names_nothing():
    assert "My sister" in _ms("My sister is a Google engineer")            # a person is no organisation
    assert _ms("my sister is Anna's friend")["Anna"][2] == ()               # Anna owns the friend
    assert "My friend" in _ms("My friend is a Trump supporter.")            # the name does not end the phrase


def test_an_apposition_or_a_naming_verb_names_the_description():
    assert _ms("Also our neighbour feeds our cat Biscotti whenever we travel")["Biscotti"][2] == ("our cat",)
    assert _ms("My colleague 王磊 just got promoted to team lead")["王磊"] == ("named", "person", ("My colleague",))
    assert _ms("My cat is named Python, which confuses everyone")["Python"] == ("named", "pet", ("My cat",))
    assert _ms("主要拍我家猫，它叫年糕") == {"年糕": ("named", "pet", ("我家猫",))}
    assert _ms("我家猫叫咪咪，三岁了") == {"咪咪": ("named", "pet", ("我家猫",))}


def test_name_spans_stop_at_an_opening_verb_and_split_at_two_names_joined():
    assert set(_ms("Quit Bistro Lumen today. Starting at Harbor & Vine on the 1st!")) == {"Bistro Lumen",
                                                                                       "Harbor & Vine"}
    assert {"Elm St", "Sunbeam Kids"} <= set(_ms("Two daycares: Little Acorns on Elm St and Sunbeam Kids."))
    assert "Harbor & Vine" in _ms("I work at Harbor & Vine")


def _turn(text, n=1):
    t = Prepared(f"k{n}", "t", "u", "s", str(n), text, "user", datetime(2026, 3, 1, tzinfo=timezone.utc), None)
    return TurnWork(t, mentions=extract_mentions(text),
                    statements=[Statement("attribute", subject="my car", key="model", value="2015 Honda Fit")])


def test_the_writer_makes_the_description_an_alias_and_the_model_the_users_thing():
    st, refs = UserState("t", "u", Gazetteer(), {}), {}
    w = _turn("My car is a 2015 Honda Fit, and we pay for Netflix.")
    resolve_turn(w, st, refs)
    car = next(r for r in refs.values() if r.name == "Honda Fit")
    assert "My car" in car.aliases and not any(r.name == "My car" for r in refs.values())
    s = w.statements[0]
    assert (s.kind, s.key) == ("relation", "car")          # user —[CAR]→ Honda Fit, not "its model is itself"
    assert w.entity_of[0].is_self and w.object_of[0] is car


def test_chinese_fragments_are_no_names():
    assert not _ms("还行吧，医生说要住院一个礼拜") and not _ms("没啥，刷到一个段子")      # counted common nouns
    assert _ms("他老婆是马来西亚人，叫莎莉") == {"马来西亚": ("named", "geo", ())}          # someone from a place
    assert "成都" in _ms("在成都一家游戏公司做原画师") and "成都一家游戏" not in _ms("在成都一家游戏公司做原画师")
    assert "索尼A7C2" in _ms("上个月在京东买了一台索尼A7C2")                                # a counted product stays
    assert "捷安特" in _ms("骑的是一辆捷安特")                                               # a vehicle's classifier
    assert "云台山" in _ms("上周末我去了一次云台山")                                          # counts the going
    assert "梁姐" in _ms("临时换了一个梁姐，人挺利索的") and "陈小姐" in _ms("一位陈小姐5月20号结婚")   # people
    assert "香港" in _ms("被 Daniel 推了一个香港储蓄险")                                     # a word before more
    assert "太多" not in _ms("这种题目太多人做了")                                           # no place + 人
    assert "好好" not in _ms("我会尝试跟我的朋友好好地沟通。") and "朵朵" in _ms("我女儿朵朵上小学")   # an adverb


def test_a_model_number_after_a_name_and_a_trailing_adverb():
    assert "Pixel 9" in _ms("Just switched to a Pixel 9, 那个iPhone给我妈用了")
    assert "Tom" in _ms("I gave Tom 5.")
    from graphmem.linking import extract_statements
    said = extract_statements("Also sesame makes my throat itch, so no tahini either.",
                              datetime(2026, 3, 1, tzinfo=timezone.utc))
    assert [(s.kind, s.subject, s.polarity) for s in said] == [("preference", "tahini", -1)]


def _resolved(*texts):
    st, refs, out = UserState("t", "u", Gazetteer(), {}), {}, []
    for n, text in enumerate(texts, 1):
        w = _turn(text, n)
        w.statements = []
        resolve_turn(w, st, refs)
        out.append(w)
    return out, refs


def test_a_described_role_is_the_users_relation_to_the_named_one():
    for text, name, role in [("Also our neighbour Mrs. Okafor feeds our cat Biscotti", "Biscotti", "cat"),
                             ("Also our neighbour Mrs. Okafor feeds our cat Biscotti", "Mrs. Okafor", "neighbour"),
                             ("My colleague 王磊 just got promoted to team lead", "王磊", "colleague"),
                             ("我们女儿朵朵明年九月上小学", "朵朵", "daughter"),
                             ("儿子小宝下个月满三岁", "小宝", "son")]:
        (w,), refs = _resolved(text)
        rel = [(s.subject, s.key) for s in w.statements if s.kind == "relation"]
        assert (name, role) in rel, (text, rel)
        i = next(i for i, s in enumerate(w.statements) if (s.subject, s.key) == (name, role))
        assert w.entity_of[i].is_self and w.object_of[i].name == name



def test_a_typed_possessive_is_no_untyped_name_of_the_graph():
    from graphmem.linking import KnownEntity, SlotTable, link
    g = Gazetteer()
    g.add(KnownEntity("e1", "Rivers Moving", ""))
    g.add(KnownEntity("e2", "Biscuit", "pet"))
    (lk,) = link(extract_mentions("lol my espresso machine just died mid-shot"), SlotTable(), g)
    assert lk.status == "ambiguous", lk.reason  # was: 'Rivers Moving' is the only known computer


def test_a_cook_at_a_place_names_the_employer():
    from graphmem import lang
    from graphmem.linking import extract_statements
    said = extract_statements("I'm a line cook at Bistro Lumen, mostly weekend shifts.",
                              datetime(2026, 1, 8, tzinfo=timezone.utc))
    assert ("employer", "Bistro Lumen") in [(s.key, s.value) for s in said]
    assert lang.pack("en").fn("job_employer")("sous chef at Harbor & Vine", "") == "Harbor & Vine"


def test_a_statement_about_a_capitalised_common_word_makes_no_entity():
    st, refs = UserState("t", "u", Gazetteer(), {}), {}
    text = "Dance has the power to bring us together."
    w = TurnWork(Prepared("k1", "t", "u", "s", "1", text, "user", datetime(2026, 3, 1, tzinfo=timezone.utc), None),
                 mentions=[], statements=[Statement("attribute", subject="Dance", key="power", value="bring us together")])
    resolve_turn(w, st, refs)
    assert refs == {} and 0 not in w.entity_of
    w = TurnWork(Prepared("k2", "t", "u", "s", "2", "Kindle is great", "user", datetime(2026, 3, 1, tzinfo=timezone.utc),
                          None), mentions=[], statements=[Statement("attribute", subject="Kindle", key="rating", value="great")])
    resolve_turn(w, st, refs)
    assert [r.name for r in refs.values()] == ["Kindle"]
    w = TurnWork(Prepared("k3", "t", "u", "s", "3", "Hope is my sister.", "user", datetime(2026, 3, 1, tzinfo=timezone.utc),
                          None), mentions=[], statements=[Statement("relation", subject="Hope", subject_type="person",
                                                                    key="sister")])
    resolve_turn(w, st, refs)
    assert w.object_of[0].name == "Hope"   # a relation says she is a person
