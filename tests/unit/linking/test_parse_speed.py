"""The English pipeline as ``nlp.english()`` sets it up (numpy's BLAS instead of thinc's blis, the attribute
ruler's one-token rules remembered per key) annotates exactly like the stock spaCy model."""

import pytest

from graphmem.linking import nlp

TEXTS = [
    "Hey Mel! I went to a LGBTQ support group yesterday and it was so powerful.",
    "We gon na go, y'all ain't ready. Let's c'm on, I gotta run!",
    "There is a cat. There's two of them, aren't there? It's raining in Boston.",
    "My sister Lily bought a Lenovo ThinkPad X1 Carbon for 1400 euros on May 7th.",
    "Caroline: Wow, that's awesome!! What did it look like?   Did you paint it?",
    "  \n I'm vegetarian, so keep that in mind \t",
    "That laptop keeps overheating; Tom lives in Lyon, works as a nurse.",
    "",
]


def _fields(doc):
    return ([(t.text, t.tag_, t.pos_, t.dep_, t.head.i, t.lemma_, str(t.morph), t.ent_type_, t.ent_iob_)
             for t in doc], [(c.start, c.end) for c in doc.noun_chunks])


@pytest.fixture(scope="module")
def stock():
    return nlp.import_spacy().load(nlp.EN_MODEL, disable=["lemmatizer"])


def test_the_fast_pipeline_annotates_like_the_stock_model(stock):
    ours = nlp.english()
    assert type(ours.get_pipe("attribute_ruler")).__name__ == "MemoAttributeRuler"
    assert {getattr(n.ops, "use_blis", None) for _, p in ours.pipeline if hasattr(p, "model")
            for n in p.model.walk()} == {False}
    texts = TEXTS + [t.lower() for t in TEXTS] + [t.upper() for t in TEXTS]
    for _ in range(2):   # the second time every one-token key is remembered
        assert [_fields(d) for d in ours.pipe(texts)] == [_fields(d) for d in stock.pipe(texts)]


def test_multi_token_exceptions_still_apply(stock):
    doc = nlp.english()("We gon na go and y'all ain't ready")
    assert [t.lemma_ for t in doc][1:3] == ["go", "to"]
    assert [_fields(d) for d in [doc]] == [_fields(stock("We gon na go and y'all ain't ready"))]
