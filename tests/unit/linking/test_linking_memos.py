"""The writer's remembered answers of the linking rules are the answers: a remembered gazetteer look-up is forgotten
as soon as the index changes, and the remembered word and text rules answer what the rules themselves answer."""

import pytest
from hypothesis import given, settings, strategies as st

from graphmem.linking import gate, lexicon, nlp
from graphmem.linking.api import Gazetteer, KnownEntity
from graphmem.linking.normalize import detect_language

TEXT = "Lyon in May, then Kyoto with my old X1"


def test_a_remembered_find_is_forgotten_when_the_index_changes():
    g = Gazetteer([KnownEntity("lyon", "Lyon", "geo")])
    assert g.find(TEXT) == [(0, 4, ("lyon",))]
    g.find(TEXT).append((99, 100, ("junk",)))          # a caller changing its answer changes nothing here
    assert g.find(TEXT) == [(0, 4, ("lyon",))]
    g.add(KnownEntity("kyoto", "Kyoto", "geo"))         # a new name
    assert g.find(TEXT) == [(0, 4, ("lyon",)), (18, 23, ("kyoto",))]
    assert g.add_alias("kyoto", "my old X1") is True    # a new alias (of the wrong entity: only spans count)
    assert g.find(TEXT) == [(0, 4, ("lyon",)), (18, 23, ("kyoto",)), (29, 38, ("kyoto",))]
    assert g.find("Kyoto") == [(0, 5, ("kyoto",))]      # another text
    assert Gazetteer().find(TEXT) == []                  # another gazetteer


WORDS = ["laptop", "laptops", "sushi place", "笔记本", "日料店", "Laptop", "sister", "my sister", "我妹妹", "我的妹妹",
         "our dog", "boss", "", " ", "the", "妹妹们", "coffee shop"]
TEXTS = ["I'd suggest the Lenovo ThinkPad E14.", "我推荐联想ThinkPad E14", "Good to know. Is Tom a friend of yours?",
         "Booked for 7pm Friday", "收到，不要香菜和葱。", "hello", "", "Kyoto 京都 trip", "我们下周去 Lyon 和 Paris"]


@pytest.mark.parametrize("rule, args", [(lexicon.type_of_noun, [(w, lang) for w in WORDS for lang in ("en", "zh")]),
                                        (lexicon.role_of, [(w,) for w in WORDS]),
                                        (detect_language, [(t,) for t in TEXTS]),
                                        (gate.is_advice, [(t,) for t in TEXTS]),
                                        (gate.is_reaction, [(t,) for t in TEXTS])])
def test_remembered_rules_answer_what_the_rules_answer(rule, args):
    for a in args:
        assert rule(*a) == rule(*a) == rule.__wrapped__(*a), a


ZH_TEXT = st.text(alphabet=st.sampled_from(list("我的妹妹葛阿姨北京东城区房子昨天来了联想笔记本 ，。ThinkPad12")), max_size=24)


@settings(max_examples=200, deadline=None)
@given(ZH_TEXT, st.lists(st.tuples(st.integers(0, 24), st.integers(1, 6)), max_size=3))
def test_a_remembered_jieba_cut_is_the_cut(text, spans):
    names = [(s, s + n) for s, n in spans if s + n <= len(text)]
    fresh = nlp._zh_cut.__wrapped__(text)
    assert nlp._zh_cut(text) == fresh
    merged = nlp.zh_tokens(text, names)   # merging names into one call's words changes no other call's
    assert nlp.zh_tokens(text) == list(fresh) == list(nlp._zh_cut(text))
    assert "".join(w for w, _, _, _ in merged) == "".join(w for w, _, _, _ in fresh)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("你的好我很新也和小琳在让是这葛阿姨朵厦们")), min_size=1, max_size=9))
def test_a_remembered_hmm_reading_is_the_reading(run):
    nlp.chinese()
    import jieba.posseg as pseg

    remembered = pseg.viterbi
    tables = (pseg.char_state_tab_P, pseg.start_P, pseg.trans_P, pseg.emit_P)
    fresh = remembered.wrapped(run, *tables)
    assert remembered(run, *tables) == (fresh[0], tuple(fresh[1])) == remembered.read(run)
    assert remembered.read.cache_info().currsize > 0
