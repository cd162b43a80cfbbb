"""Whether a word is a common word of its language, by its frequency in wordfreq's corpus (a kept PyPI library:
Wikipedia, subtitles, news, books, web and social text). A capitalised "Family" at the start of a sentence is the
common word, "Kindle" or "Oscar" a name; the tagger alone cannot tell them apart (it tags both NNP there)."""

from __future__ import annotations

from functools import lru_cache

# Zipf 4.5 is about once in 30,000 words. Above it: "store" 5.0, "family" 5.7, "dance" 4.9, "blue" 5.1; below it
# the names a user gives things ("Oscar" 4.3, "Kindle" 3.8, "Luna" 3.6). Names that are common words too ("Max" 4.7,
# "Hope" 5.4) stay names where spaCy's recogniser labels them a person or a place, or a statement gives them a type
# ("Hope is my sister"): the callers check that first.
COMMON_ZIPF = 4.5


@lru_cache(maxsize=65536)
def zipf(word: str, lang: str = "en") -> float:
    """wordfreq's Zipf frequency of ``word`` (0 when unknown)."""
    from wordfreq import zipf_frequency   # 0.15 s to load its English list: only on first use
    return zipf_frequency(word, lang)


def is_common_word(word: str, lang: str = "en") -> bool:
    """A single word at least as frequent as ``COMMON_ZIPF`` in ``lang``."""
    return " " not in word.strip() and zipf(word.lower(), lang) >= COMMON_ZIPF
