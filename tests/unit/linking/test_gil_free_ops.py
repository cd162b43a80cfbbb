"""The English pipeline's thinc ops (``nlp._gil_free_ops``): numpy kernels that let the GIL go, with the same
numbers to the bit as thinc's own, and the same parse."""

import numpy as np
import pytest

from linking import nlp


@pytest.fixture(scope="module")
def ops():
    return nlp._gil_free_ops(), __import__("thinc.api", fromlist=["NumpyOps"]).NumpyOps(use_blis=False)


def test_kernels_give_thincs_numbers_to_the_bit(ops):
    mine, thinc = ops
    rng = np.random.default_rng(7)
    X = rng.standard_normal((40, 9, 3)).astype("f")
    X[0, 0], X[1, 1] = [-0.0, 0.0, -1.0], [2.0, 2.0, 2.0]          # ties
    best, which = mine.maxout(X)
    assert np.array_equal(best, thinc.maxout(X)[0]) and which is None
    with pytest.raises(NotImplementedError):
        mine.backprop_maxout(best, which, 3)
    seq = rng.standard_normal((17, 6)).astype("f")
    for nW in (0, 1, 3):
        assert np.array_equal(mine.seq2col(seq, nW), thinc.seq2col(seq, nW))
    assert np.array_equal(mine.seq2col(seq[:0], 1), thinc.seq2col(seq[:0], 1))
    lengths = np.array([10, 7], dtype="int32")
    assert np.array_equal(mine.seq2col(seq, 1, lengths=lengths), thinc.seq2col(seq, 1, lengths=lengths))
    table = rng.standard_normal((50, 8)).astype("f")
    table[3] = -0.0                                                   # zero plus -0.0 is +0.0 in thinc's sum
    keys = thinc.hash(np.arange(25, dtype="uint64"), 11) % np.uint32(50)
    keys[0] = 3
    assert np.array_equal(mine.gather_add(table, keys), thinc.gather_add(table, keys))
    assert np.array_equal(np.signbit(mine.gather_add(table, keys)), np.signbit(thinc.gather_add(table, keys)))


def test_english_pipeline_uses_them_and_parses_as_thinc_does(monkeypatch):
    from thinc.api import NumpyOps

    texts = ["My sister Caroline moved to Boston in 2019 and works at Spotify.",
             "i had a great day at the park yesterday. it was so relaxing!", "gon na try the new ramen place"]
    en = nlp.english()
    assert type(en.get_pipe("tagger").model.ops).__name__ == "GilFreeOps"
    mine = [[(t.tag_, t.pos_, t.dep_, t.head.i, t.ent_type_) for t in d] for d in en.pipe(texts)]
    plain = NumpyOps(use_blis=False)
    for _, component in en.pipeline:
        for node in getattr(component, "model", None).walk() if hasattr(component, "model") else ():
            monkeypatch.setattr(node, "ops", plain)
    assert [[(t.tag_, t.pos_, t.dep_, t.head.i, t.ent_type_) for t in d] for d in en.pipe(texts)] == mine
