"""A long recalled message cut to the sentences that bear on the question (pure, no I/O).

A recalled line is read by a model with a budget: a 400-character LoCoMo turn whose one sentence answers the
question ("When did Melanie sign up for a pottery class?" → "I just signed up for a pottery class yesterday.")
spends the rest on a photo caption and a question back. :func:`focus` keeps the sentences that share the
question's content terms, then their neighbours, in their order, up to a length; the cuts are marked "…". The
whole message stays on the ``Recalled`` (``source_text``). How many memories are quoted whole and the length are
chosen on the LoCoMo dev split (bench/quote_sweep.py: chars@10 against the answer's words kept); the own sets, which
test the recalled text, did not move.
"""

from __future__ import annotations

from functools import lru_cache

import snowballstemmer

from graphmem.linking.gate import sentences
from graphmem.recall.query import content_terms

CUT = "…"
_ENGLISH = snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def _stem(term: str) -> str:
    return _ENGLISH.stemWord(term) if term.isascii() else term


def stems(text: str) -> frozenset[str]:
    """The content terms of ``text``, English ones stemmed ("posters" and "poster" are one)."""
    return frozenset(_stem(t) for t in content_terms(text))


def focus(text: str, terms: frozenset[str], max_chars: int) -> str:
    """``text`` when it is at most ``max_chars`` long (0: no limit) or no sentence of it shares one of ``terms``
    (nothing says which part matters); else its sentences that share the most terms, then the ones nearest to
    those, as many as fit in ``max_chars`` (the best always), in their order, each cut marked "…"."""
    if max_chars <= 0 or len(text) <= max_chars:
        return text
    parts = sentences(text)
    hits = [len(stems(s) & terms) for s in parts]
    if len(parts) < 2 or not any(hits):
        return text
    near = [min(abs(i - j) for j, h in enumerate(hits) if h) for i in range(len(parts))]
    kept: list[int] = []
    size = 0
    for i in sorted(range(len(parts)), key=lambda i: (-hits[i], near[i], i)):
        if kept and size + 1 + len(parts[i]) > max_chars:
            continue
        kept.append(i)
        size += len(parts[i]) + (1 if size else 0)
    kept.sort()
    out = [CUT] if kept[0] > 0 else []
    for a, b in zip([None] + kept, kept):
        if a is not None and b > a + 1:
            out.append(CUT)
        out.append(parts[b])
    if kept[-1] < len(parts) - 1:
        out.append(CUT)
    return " ".join(out)
