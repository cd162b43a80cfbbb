"""Okapi BM25 over one user's texts, English and Chinese, in process. Pure: no I/O, numpy only.

Tokens are lower-cased Latin/digit words and, for Chinese, every character and every pair of adjacent
characters (the bigrams Neo4j's ``cjk`` analyzer indexes, plus unigrams so a one-character word still
matches). The parameters are rank_bm25's (k1 1.5, b 0.75, a floor of a quarter of the mean IDF for terms in
more than half the texts), so on raw turns this ranks like the reference BM25 of the shared protocol
(``bench/locomo_bench.py`` prints both).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np

_TOKEN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[a-z0-9]+")
K1, B, EPSILON = 1.5, 0.75, 0.25


def tokens(text: str) -> list[str]:
    """Latin/digit words; CJK runs as characters and character bigrams."""
    out: list[str] = []
    for m in _TOKEN.finditer((text or "").lower()):
        s = m.group()
        if s.isascii():
            out.append(s)
        else:
            out.extend(s)
            out.extend(s[i:i + 2] for i in range(len(s) - 1))
    return out


class BM25:
    """An immutable BM25 index over ``docs`` (token lists), built once; :meth:`scores` for a query."""

    def __init__(self, docs: Sequence[Sequence[str]]) -> None:
        self.n = len(docs)
        self.lengths = np.asarray([len(d) for d in docs], dtype=np.float32)
        avg = float(self.lengths.mean()) if self.n else 1.0
        self.norm = K1 * (1 - B + B * self.lengths / (avg or 1.0))
        postings: dict[str, tuple[list[int], list[int]]] = {}
        for i, d in enumerate(docs):
            for term, tf in Counter(d).items():
                rows, tfs = postings.setdefault(term, ([], []))
                rows.append(i)
                tfs.append(tf)
        idf = {t: math.log(self.n - len(r) + 0.5) - math.log(len(r) + 0.5) for t, (r, _) in postings.items()}
        floor = EPSILON * (sum(idf.values()) / len(idf)) if idf else 0.0
        self.postings = {t: (np.asarray(r, dtype=np.int32), np.asarray(f, dtype=np.float32),
                             idf[t] if idf[t] >= 0 else floor) for t, (r, f) in postings.items()}

    def scores(self, query: Iterable[str]) -> np.ndarray:
        """The BM25 score of every document for the query's tokens (repeated query tokens count again)."""
        out = np.zeros(self.n, dtype=np.float32)
        for term in query:
            hit = self.postings.get(term)
            if hit is None:
                continue
            rows, tf, idf = hit
            out[rows] += idf * tf * (K1 + 1) / (tf + self.norm[rows])
        return out

    def top(self, query: Iterable[str], n: int) -> list[tuple[int, float]]:
        """The ``n`` best documents with a positive score, best first: (row, score)."""
        s = self.scores(query)
        hits = np.nonzero(s > 0)[0]
        if not len(hits):
            return []
        if len(hits) > n:
            hits = hits[np.argpartition(-s[hits], n - 1)[:n]]
        hits = hits[np.lexsort((hits, -s[hits]))]
        return [(int(i), float(s[i])) for i in hits]
