"""Small talk by example: the bundled examples file, the pure margin, and the real USE model on phrasings written
for this test (near, not equal, to some examples; no mocks)."""

import numpy as np
import pytest

from graphmem.embedders import UseEmbedder
from graphmem.write import smalltalk


def test_examples_file_is_well_formed():
    rows = smalltalk.read_examples()
    labels = [label for label, _ in rows]
    assert set(labels) == {"smalltalk", "info"}
    assert min(labels.count("smalltalk"), labels.count("info")) >= 200
    texts = [t for _, t in rows]
    assert len(set(texts)) == len(texts) and all(texts)


def test_margin_averages_the_k_nearest_on_each_side():
    vectors = np.eye(4, dtype=np.float32)
    small = np.array([True, True, False, False])
    vec = np.array([0.8, 0.6, 0.0, 0.0], dtype=np.float32)
    assert smalltalk.margin(vec, vectors, small, k=2) == pytest.approx((0.7, 0.0))
    assert smalltalk.margin(vec, vectors, small, k=1) == pytest.approx((0.8, 0.0))


@pytest.fixture(scope="module")
def use():
    return UseEmbedder()


@pytest.fixture(scope="module")
def examples(use):
    return smalltalk.examples(use)


def test_any_embedder_works_even_one_that_cannot_be_hashed(use):
    class Unhashable:
        __hash__ = None
        embed = staticmethod(use.embed)

    e = Unhashable()
    assert smalltalk.examples(e) is smalltalk.examples(e)
    assert len(smalltalk.examples(e).vectors) == len(smalltalk.read_examples())


@pytest.mark.parametrize("text,small_talk", [
    ("ugh the wind today is brutal, it cut right through my jacket", True),
    ("唉今天地铁挤成沙丁鱼了，站了一路", True),
    ("今天太阳好好，心情都变好了", True),
    ("lol my cat just sat on my keyboard", True),
    # information close to small talk does not
    ("I've cut coffee completely since the palpitations started, herbal tea only now", False),
    ("我女儿这周一直咳嗽，晚上咳醒好几次，周六带她去儿童医院", False),
    ("the storm knocked a tree onto our fence, the insurer is sending someone on the 9th", False),
    ("最近改成每天晚上跑五公里了，体重掉到68", False),
])
def test_unseen_phrasings_read_as_small_talk_or_not(use, examples, text, small_talk):
    vec = use.embed([text])[0]
    assert examples.reads_as_small_talk(vec) is small_talk, smalltalk.margin(vec, examples.vectors, examples.small)
