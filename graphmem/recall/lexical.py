"""Okapi BM25 over one user's texts, English and Chinese, in process. Pure: no I/O, numpy only.

Tokens are lower-cased, lightly stemmed Latin/digit words and, for Chinese, every character and every pair of
adjacent characters (the bigrams Neo4j's ``cjk`` analyzer indexes, plus unigrams so a one-character word still
matches). Scoring is Lucene's BM25 (k1 1.2, b 0.75, IDF log(1 + (N - n + 0.5) / (n + 0.5))), the one Neo4j's
full-text index uses; ``bench/locomo_bench.py`` prints the reference BM25 over raw turns beside it.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from graphmem import lang as langs

_TOKEN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[a-z0-9]+")
K1, B = 1.2, 0.75


def stem(word: str) -> str:
    """A light English suffix strip ("researched", "researching", "researches" → "research"; "vets" → "vet");
    no library stemmer is needed for three suffixes, and a full one (Porter) also merges words a user keeps apart.
    A plural "s" leaves three letters too, unless they end in s, u, i or y ("boss", "plus", "days" stay):
    measured at stop 60, the three-letter plurals gained 2 probes on the own sets and 0.5 of LoCoMo dev R@10;
    with "days" → "day" as well, 2 probes and a latest value fewer."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    if len(word) == 4 and word.endswith("s") and word[2] not in "suiy":
        return word[:3]
    return word


@langs.cached(maxsize=1)
def stop_words() -> frozenset[str]:
    """spaCy's stop words of every language pack's language (English, Chinese), read from its data files (importing spaCy itself costs ~1 s):
    without them a question that shares only "the", "can", "我" with a memory ranks it first."""
    import importlib.util

    spec = importlib.util.find_spec("spacy")
    words: set[str] = set()
    if spec is None or not spec.origin:
        return frozenset()
    for code in langs.languages():   # spaCy's folders are named by the same codes as the language packs
        path = Path(spec.origin).parent / "lang" / code / "stop_words.py"
        if path.exists():
            namespace: dict = {}
            exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)   # a set literal, no imports
            words |= {w.lower() for w in namespace.get("STOP_WORDS", ())}
        words -= langs.pack(code).words("lexical_words")   # what spaCy lists but recall needs ("最后")
    return frozenset(words)


@langs.cached(maxsize=1)
def _clitics() -> re.Pattern:
    """Every pack's clitics ("what's", "I'm", "don't"): split at the apostrophe they would leave "s", "m", "t" and
    "don" as words, and "What's my target weight?" matched "What's a good show to binge?" by its "s" alone. A
    regex, not spaCy's tokenizer exceptions: importing spaCy here costs ~1 s."""
    return langs.union("clitics")


def tokens(text: str) -> list[str]:
    """Latin/digit words (lightly stemmed, clitics dropped); CJK runs as characters and character bigrams; stop
    words left out."""
    out: list[str] = []
    stop = stop_words()
    for m in _TOKEN.finditer(_clitics().sub("", (text or "").lower())):
        s = m.group()
        if s.isascii():
            if s not in stop:
                out.append(stem(s))
        else:
            out.extend(c for c in s if c not in stop)
            out.extend(b for b in (s[i:i + 2] for i in range(len(s) - 1)) if b not in stop)
    return out


class BM25:
    """An immutable BM25 index over ``docs`` (token lists), built once; :meth:`scores` for a query, :meth:`extended`
    for a new index with more documents (their postings only are made; the others are shared)."""

    def __init__(self, docs: Sequence[Sequence[str]], base: "BM25 | None" = None) -> None:
        new = np.asarray([len(d) for d in docs], dtype=np.float32)
        self.lengths = new if base is None else np.concatenate([base.lengths, new])
        self.n = len(self.lengths)
        avg = float(self.lengths.mean()) if self.n else 1.0
        self.norm = K1 * (1 - B + B * self.lengths / (avg or 1.0))
        postings: dict[str, tuple[list[int], list[int]]] = {}
        for i, d in enumerate(docs, self.n - len(docs)):
            for term, tf in Counter(d).items():
                rows, tfs = postings.setdefault(term, ([], []))
                rows.append(i)
                tfs.append(tf)
        self.postings = dict(base.postings) if base is not None else {}   # term → (rows, term frequencies)
        for t, (r, f) in postings.items():
            rows, tfs = np.asarray(r, dtype=np.int32), np.asarray(f, dtype=np.float32)
            old = self.postings.get(t)
            self.postings[t] = (rows, tfs) if old is None else (np.concatenate([old[0], rows]),
                                                                np.concatenate([old[1], tfs]))
        self._weights: dict[str, tuple[np.ndarray, np.ndarray]] = {}   # term → (rows, its BM25 there): made on first use

    def extended(self, docs: Sequence[Sequence[str]]) -> "BM25":
        """This index with ``docs`` added after its documents (the same scores as one built over all of them)."""
        return BM25(docs, self) if docs else self

    def scores(self, query: Iterable[str]) -> np.ndarray:
        """The BM25 score of every document for the query's tokens (repeated query tokens count again)."""
        out = np.zeros(self.n, dtype=np.float32)
        for term in query:
            hit = self._weights.get(term) or self._weigh(term)
            if hit is not None:
                out[hit[0]] += hit[1]
        return out

    def _weigh(self, term: str) -> tuple[np.ndarray, np.ndarray] | None:
        """The rows holding ``term`` and its BM25 in each (kept: an index serves many queries before it is extended;
        a message's text as a query has some thirty terms, most with long postings)."""
        hit = self.postings.get(term)
        if hit is None:
            return None
        rows, tf = hit
        # Lucene's IDF (what Neo4j's full-text index uses): never negative, so a word most of a short history
        # shares still counts a little (rank_bm25's log((N - n + .5) / (n + .5)) is negative there, and a user
        # with a dozen memories matched nothing)
        idf = math.log(1 + (self.n - len(rows) + 0.5) / (len(rows) + 0.5))
        weights = idf * tf * (K1 + 1) / (tf + self.norm[rows])
        weights.flags.writeable = False
        self._weights[term] = (rows, weights)
        return rows, weights

    def top(self, query: Iterable[str], n: int) -> list[tuple[int, float]]:
        """The ``n`` best documents with a positive score, best first: (row, score)."""
        return self.best(self.scores(query), n)

    @staticmethod
    def best(s: np.ndarray, n: int) -> list[tuple[int, float]]:
        """The ``n`` best of the scores ``s`` that are positive, best first: (row, score); ties as in
        :func:`best_rows`."""
        return [(int(i), float(s[i])) for i in best_rows(s, np.nonzero(s > 0)[0], n)]


def best_rows(s: np.ndarray, rows: np.ndarray, n: int) -> np.ndarray:
    """The ``n`` of ``rows`` with the best scores ``s[rows]``, best first. Of equal scores the later row comes first,
    at the cut too: a user's rows are in the order their memories were recorded (``UserVectors``), so of two
    memories that match a question alike the newer one is kept."""
    if len(rows) > n:   # those at or above the n-th best score (ties there included) are sorted, not all
        scores = s[rows]
        rows = rows[scores >= np.partition(scores, len(rows) - n)[len(rows) - n]]
    return rows[np.lexsort((-rows, -s[rows]))][:n]
