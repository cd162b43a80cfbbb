"""BM25 over turns: Lucene's Okapi BM25 (Neo4j full-text's scoring) on stemmed en words and CJK grams."""

import math

import numpy as np

from graphmem.recall.lexical import B, BM25, K1, tokens

DOCS = ["Caroline: I went to a LGBTQ support group yesterday", "Melanie: I painted a lake sunrise last year",
        "Caroline: The support group made me feel accepted", "我下周去东京出差", "东京的房子太贵了", "Melanie: kids and work"]


def test_tokens_are_stemmed_words_and_chinese_characters_with_bigrams():
    assert tokens("Hi 东京开会!") == ["hi", "东", "京", "开", "东京", "京开", "开会"]   # 会: a stop word
    assert tokens("researched researching research") == ["research"] * 3
    assert tokens("red bus") == ["red", "bus"]          # too short to strip
    assert tokens("Millbrook Vets, two cats") == tokens("millbrook vet, two cat")   # a plural of three letters
    assert tokens("boss plus days") == ["boss", "plus", "days"]                     # ... not after s, u, i or y
    assert tokens("how much can I spend on the laptop?") == ["spend", "laptop"]     # spaCy's stop words out
    assert "的" not in tokens("我的预算")
    assert "最后" in tokens("钢琴最后多少钱买下来的？") and "最" not in tokens("最后")   # a pack's lexical_words stay
    assert tokens("") == []


def test_clitics_are_no_words():
    """"What's my target weight?" shares nothing with "What's a good show to binge?": split at the apostrophe,
    the "s" of both matched."""
    assert tokens("What's my target weight?") == ["target", "weight"]
    assert tokens("Jonty's van, Caroline’s talk, I'm in, we'll see, they've left, I'd go") == \
        ["jonty", "van", "caroline", "talk", "left"]                     # "go": a stop word
    assert tokens("don't, won't, can't, isn't") == []                   # do, will, ca, is: stop words
    assert tokens("o'clock, the '90s") == ["o", "clock", "90s"]        # no clitic: the words stay


def _lucene(docs, query):
    """Lucene's BM25, written out term by term."""
    n, avg = len(docs), sum(len(d) for d in docs) / len(docs)
    out = []
    for d in docs:
        s = 0.0
        for t in query:
            df = sum(t in x for x in docs)
            tf = d.count(t)
            if tf:
                idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
                s += idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len(d) / avg))
        out.append(s)
    return out


def test_scores_equal_lucene_bm25_and_a_common_word_still_counts():
    docs = [tokens(d) for d in DOCS]
    ours = BM25(docs)
    for q in ("support group Caroline", "东京出差", "lake sunrise", "zebra crossing"):
        a, b = ours.scores(tokens(q)), _lucene(docs, tokens(q))
        assert all(math.isclose(x, y, rel_tol=1e-5, abs_tol=1e-5) for x, y in zip(a, b))
    few = BM25([tokens("I researched adoption"), tokens("I researched pottery"), tokens("adoption is hard")])
    assert few.scores(tokens("research"))[0] > 0          # in 2 of 3 texts: rank_bm25's IDF would be negative


def test_top_keeps_only_matches_best_first():
    index = BM25([tokens(d) for d in DOCS])
    top = index.top(tokens("support group"), 5)
    assert [i for i, _ in top] == [2, 0] or [i for i, _ in top] == [0, 2]
    assert all(s > 0 for _, s in top) and index.top(tokens("zebra"), 5) == []
    assert [i for i, _ in index.top(tokens("东京"), 1)][0] in (3, 4)


def test_an_index_queried_before_it_is_extended_scores_like_one_built_whole():
    docs = [tokens(d) for d in DOCS]
    base = BM25(docs[:3])
    first = base.scores(tokens("support group Caroline")).tolist()
    assert base.scores(tokens("support group Caroline")).tolist() == first    # a term's weights, kept, read again
    grown, whole = base.extended(docs[3:]), BM25(docs)
    for q in ("support group Caroline", "东京出差", "support support"):
        assert grown.scores(tokens(q)).tolist() == whole.scores(tokens(q)).tolist()
    assert base.scores(tokens("support group Caroline")).tolist() == first    # the base is left as it was


def test_of_equal_scores_the_later_row_comes_first_and_is_kept_at_the_cut():
    s = np.asarray([0.0, 2.0, 1.0, 2.0, 1.0, 3.0, 1.0], dtype=np.float32)
    assert BM25.best(s, 7) == [(5, 3.0), (3, 2.0), (1, 2.0), (6, 1.0), (4, 1.0), (2, 1.0)]
    assert BM25.best(s, 2) == [(5, 3.0), (3, 2.0)]
    assert BM25.best(s, 4) == [(5, 3.0), (3, 2.0), (1, 2.0), (6, 1.0)]
    assert BM25.best(np.zeros(3, dtype=np.float32), 2) == []
