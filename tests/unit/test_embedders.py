"""The real models, loaded offline from their PyPI packages (no mocks)."""

import numpy as np
import pytest

from graphmem.embedders import SentenceTransformerEmbedder, UseEmbedder, get_embedder
from graphmem.settings import Settings

PAIRS = [  # (Chinese, its English meaning)
    ("我喜欢深色主题", "I like dark themes"),
    ("我的预算是八千元", "my budget is 8000 yuan"),
    ("我妹妹推荐了一家面馆", "my sister recommended a noodle restaurant"),
    ("下周去上海出差", "business trip to Shanghai next week"),
]


@pytest.fixture(scope="module")
def use():
    return UseEmbedder()


@pytest.fixture(scope="module")
def minilm():
    return SentenceTransformerEmbedder()


def test_use_dimension_and_normalisation(use):
    v = use.embed(["hello", "你好", "x" * 5000])
    assert v.shape == (3, 512) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-4)


def test_use_pairs_zh_en_translations_above_unrelated(use):
    zh = use.embed([z for z, _ in PAIRS])
    en = use.embed([e for _, e in PAIRS])
    sims = zh @ en.T
    for i in range(len(PAIRS)):
        unrelated = np.delete(sims[i], i)
        assert sims[i, i] > unrelated.max() + 0.1, (PAIRS[i], sims[i])


def test_minilm_dimension_normalisation_and_english_relatedness(minilm):
    v = minilm.embed(["I love dark mode", "I prefer dark themes", "the train leaves at noon"])
    assert v.shape == (3, 384) and minilm.dimensions == 384
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-4)
    assert v[0] @ v[1] > v[0] @ v[2] + 0.2


def test_empty_batch_gives_an_empty_matrix(use):
    assert use.embed([]).shape == (0, 512)


def test_one_instance_per_process():
    s = Settings()
    assert get_embedder(s) is get_embedder(s)


def test_hybrid_is_the_mean_of_both_models_for_english_and_use_alone_otherwise(use, minilm):
    from graphmem.embedders import HybridEmbedder

    h = HybridEmbedder()
    texts = ["What's the name of my business?", "I run a bike repair place in Leeds called Spoke & Chain",
             "我的预算是八千元", "预算八千"]
    v = h.embed(texts)
    assert v.shape == (4, 512 + 384) and h.dimensions == 896
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-4)
    u, m = use.embed(texts[:2]), minilm.embed(texts[:2])
    assert abs(float(v[0] @ v[1]) - (float(u[0] @ u[1]) + float(m[0] @ m[1])) / 2) < 1e-3
    assert not v[2, 512:].any() and abs(float(v[2] @ v[3]) - float(use.embed(texts[2:])[0] @ use.embed(texts[2:])[1])) < 1e-3
    assert float(v[0] @ v[1]) > float(u[0] @ u[1])        # MiniLM tells this paraphrase apart better than USE
    assert get_embedder(Settings(embedder="use+st")).dimensions == 896


def test_use_skips_the_per_call_thread_limit_only_when_blas_runs_one_thread(use):
    from graphmem.embedders import _blas_single_threaded

    texts = ["I am allergic to nuts", "我的预算是八千元"]
    fast = use.embed(texts)
    backend = use.model._backend
    assert (backend._threadpool is None) == _blas_single_threaded()
    from threadpoolctl import ThreadpoolController

    backend._threadpool, saved = ThreadpoolController().limit, backend._threadpool
    try:
        assert np.array_equal(use.embed(texts), fast)     # the same numbers with the per-call limit
    finally:
        backend._threadpool = saved
