"""CJK-aware text normalisation, language detection and number parsing. Pure functions, no models.

``normalise`` maps full-width → half-width, upper → lower, traditional → simplified Chinese (OpenCC tables
from ``opencc-python-reimplemented``, applied per character so offsets are preserved) and punctuation → space.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from graphmem import lang

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


@lru_cache(maxsize=1)
def _t2s():
    from opencc import OpenCC  # pure-python tables, no model

    return OpenCC("t2s")


@lru_cache(maxsize=65536)
def _char(c: str) -> str:
    """One character → its normalised single character (length-preserving)."""
    o = ord(c)
    if o == 0x3000:
        return " "
    if 0xFF01 <= o <= 0xFF5E:
        c = chr(o - 0xFEE0)
    if _CJK.match(c):
        s = _t2s().convert(c)
        return s if len(s) == 1 else c
    low = c.lower()
    if len(low) != 1:
        return c
    if low.isalnum() or low in "+#&":
        return low
    if low.isspace():
        return " "
    cat = unicodedata.category(low)
    if cat.startswith("P") or cat.startswith("S"):
        return " "
    return low


class _Chars(dict):
    """``_char`` of every code point seen, as a ``str.translate`` table (one C pass over a text)."""

    def __missing__(self, o: int) -> str:
        c = self[o] = _char(chr(o))
        return c


_CHARS = _Chars()


def normalise_chars(text: str) -> str:
    """Character-wise normalisation; ``len(result) == len(text)`` so spans carry over."""
    return text.translate(_CHARS)


@lru_cache(maxsize=16384)
def normalise(text: str) -> str:
    """Normalised name for matching: width, case, traditional→simplified, punctuation, whitespace. Remembered:
    the same names and words are normalised again and again (gazetteer rebuilds, role and gate look-ups)."""
    s = normalise_chars(text)
    s = re.sub(r"\s+", " ", s).strip()
    # "thinkpad x1" and "thinkpad-x1" are the same; CJK needs no spaces at all
    s = re.sub(r"(?<=[\u4e00-\u9fff]) (?=[\u4e00-\u9fff\w])|(?<=\w) (?=[\u4e00-\u9fff])", "", s)
    return s


def compact(text: str) -> str:
    """Normalised with every space removed (the key of the gazetteer trie)."""
    return normalise(text).replace(" ", "")


def has_cjk(text: str) -> bool:
    return bool(_CJK.search(text))


@lru_cache(maxsize=2048)   # a batch's turns and their clauses (a message is at most 32,000 characters)
def detect_language(text: str) -> str:
    """'zh', 'en' or 'mixed'. Counts CJK characters against Latin words (one Latin word ≈ 1.5 CJK chars).
    Remembered: the write path asks it of the same message about ten times (gate, statements, mentions)."""
    cjk = len(_CJK.findall(text))
    if cjk == 0:
        return "en"
    latin = len(_LATIN_WORD.findall(text))
    if latin == 0:
        return "zh"
    # a brand name inside a Chinese sentence is still Chinese; a Chinese name in English is still English
    if cjk >= 2 * latin * 1.5 and latin <= 2:
        return "zh"
    if latin >= 4 and cjk <= 3:
        return "en"
    share = cjk / (cjk + 1.5 * latin)
    if share >= 0.75:
        return "zh"
    if share <= 0.2:
        return "en"
    return "mixed"


# ---- numbers: each pack's numeral characters and number words (numeral_*.tsv, number_*.tsv, number_phrase.re) ----

@dataclass(frozen=True)
class _Numerals:
    """Every pack's numeral characters and number words, combined (a pack added later is read: ``lang.cached``)."""
    digits: dict        # 一 -> 1, 〇 -> 0
    units: dict         # 十 -> 10, 千 -> 1000
    big: tuple          # (亿, 1e8), (万, 1e4): largest first
    points: tuple       # 点: the decimal point said as a word
    halves: tuple       # 半
    age_halves: tuple   # 岁半
    suffixes: dict      # k -> 1000, w -> 10000 (after digits)
    words: dict         # eight -> (8, "add"), thousand -> (1000, "scale"), a -> (1, "one"), and -> (0, "skip")
    run: re.Pattern     # a run of digits or numerals
    plain: re.Pattern   # digits with a suffix letter: 8k


@lang.cached
def _numerals() -> _Numerals:
    digits = {k: int(v) for p in lang.packs() for k, v in p.table("numeral_digits").items()}
    units = {k: int(v) for p in lang.packs() for k, v in p.table("numeral_units").items()}
    big = tuple((k, int(v)) for p in lang.packs() for k, v in p.table("numeral_big").items())
    points = tuple(w for p in lang.packs() for w in p.seq("numeral_point"))
    halves = tuple(w for p in lang.packs() for w in p.seq("numeral_half"))
    age_halves = tuple(w for p in lang.packs() for w in p.seq("numeral_age_half"))
    suffixes = {k.lower(): float(v) for p in lang.packs() for k, v in p.table("number_suffixes").items()}
    words = {r[0]: (int(r[1]), r[2]) for p in lang.packs() for r in p.rows("number_words")}
    chars = "".join(re.escape(c) for c in (*digits, *units, *(k for k, _ in big), *points, *halves))
    alt = lambda ws: "|".join(re.escape(w) for w in ws)   # noqa: E731
    # a run of digits or numerals, not where a word begins that starts with a numeral but says none (each pack's
    # not_a_numeral: 万一 "in case", 十分 "very", 一下 …), nor right after a big unit; 三岁半 is three and a half
    run = r"(?!%s)" % lang.union("not_a_numeral").pattern
    run += r"(?<![%s])" % "".join(re.escape(k) for k, _ in big) if big else ""
    run += r"(?:\d+(?:\.\d+)?|[%s])(?:[\d.%s])*" % (chars, chars) if chars else r"\d+(?:\.\d+)?(?:[\d.])*"
    run += r"(?:%s)?" % alt(age_halves) if age_halves else ""
    cases = sorted({c for k in suffixes for c in (k.lower(), k.upper())}, key=lambda c: (-len(c), c))
    plain = r"(\d+(?:\.\d+)?)\s*" + (r"(%s)?" % alt(cases) if cases else "()?")
    return _Numerals(digits, units, big, points, halves, age_halves, suffixes, words, re.compile(run), re.compile(plain))


def numeral_runs() -> re.Pattern:
    """A run of digits or numerals of any pack ("8000", "1.5万", "两千五", "三岁半"): what ``parse_number`` reads."""
    return _numerals().run


def number_phrases() -> re.Pattern:
    """A number said in words in any pack ("eight thousand", "1.5 million"): what ``parse_english_number`` reads."""
    return lang.union("number_phrase")


def _section(s: str, n: _Numerals) -> float | None:
    """Value of a run below the big units that may mix Arabic digits: '八千', '3千5', '两千五', '十二', '1200'."""
    total = 0.0
    digit: float | None = None
    last_unit = 0
    after_unit = False
    i = 0
    while i < len(s):
        c = s[i]
        if c.isdigit():
            j = i
            while j < len(s) and (s[j].isdigit() or s[j] == "."):
                j += 1
            digit = float(s[i:j])
            after_unit = i > 0 and s[i - 1] in n.units
            i = j
            continue
        if c in n.digits:
            if n.digits[c] == 0:
                digit, after_unit = None, False
            else:
                digit = n.digits[c]
                after_unit = i > 0 and s[i - 1] in n.units
            i += 1
            continue
        if c in n.units:
            unit = n.units[c]
            total += (1 if digit is None else digit) * unit
            digit, last_unit, after_unit = None, unit, False
            i += 1
            continue
        return None
    if digit is not None:
        # 两千五 → 2500, 3千5 → 3500: a digit straight after 百/千 means one unit lower
        total += digit * last_unit / 10 if after_unit and last_unit >= 100 and digit < 10 else digit
    return total


def parse_number(s: str) -> int | float | None:
    """Parse Arabic, Chinese or mixed numerals: '8000', '8,000', '8k', '1.5万', '五千', '一万二', '两千五'.

    Kept instead of ``cn2an`` (``bench/dates_bench.py``, ``bench/results/dates.md``): cn2an 0.5.24 "smart" rejects
    what chat says ('8,000', '8k', '3w', '两千半'; 39/44 right vs 44/44) at ~4x the CPU; like cn2an, '二〇二三' and
    '1万2' read 2023 and 12000. The numerals are the packs' (``numeral_*.tsv``)."""
    s = s.strip().replace(",", "").replace("，", "").replace(" ", "")
    if not s:
        return None
    n = _numerals()
    s = "".join(chr(ord(c) - 0xFEE0) if 0xFF10 <= ord(c) <= 0xFF19 else c for c in s)
    m = n.plain.fullmatch(s)
    if m:
        return _clean(float(m.group(1)) * (n.suffixes[m.group(2).lower()] if m.group(2) else 1))
    for a in n.age_halves:   # 三岁半: an age and a half
        if s.endswith(a) and len(s) > len(a):
            base = parse_number(s[:-len(a)])
            return None if base is None else _clean(base + 0.5)
    for h in n.halves:
        if s.endswith(h) and len(s) > len(h):
            base = parse_number(s[:-len(h)])
            if base is None:
                return None
            # 一万半 is rare; 三个半 handled by callers; "两千半" → 2500: half of the 百, 千 or 万 before it (not 十, 亿)
            unit = dict(n.big).get(s[-len(h) - 1]) or n.units.get(s[-len(h) - 1]) or 1
            return _clean(base + (unit if 100 <= unit <= 10_000 else 1) / 2)
    point = next((i for i, c in enumerate(s) if c in n.points), None)
    if point is not None:
        a, b = s[:point], "".join(n.points[0] if c in n.points else c for c in s[point + 1:])
        big = ""
        while b and b[-1] in dict(n.big):
            big = b[-1] + big
            b = b[:-1]
        ia = parse_number(a)
        if ia is None or not b or any(c not in n.digits and not c.isdigit() for c in b):
            return None
        frac = float("0." + "".join(str(n.digits.get(c, c)) for c in b))
        mult = 1
        for c in big:
            mult *= dict(n.big)[c]
        return _clean((ia + frac) * mult)
    if len(s) >= 2 and all(c in n.digits for c in s) and (any(n.digits[c] == 0 for c in s) or len(s) == 4):
        return int("".join(str(n.digits[c]) for c in s))   # read digit by digit: 二〇二三 → 2023
    total = 0.0
    rest = s
    for big_char, big_val in n.big:
        if big_char in rest:
            head, _, rest = rest.partition(big_char)
            hv = _section(head, n) if head else 1
            if hv is None:
                return None
            total += hv * float(big_val)
            if len(rest) == 1 and (rest in n.digits or rest.isdigit()):   # 一万二, 1万2 → 12000
                total += (n.digits[rest] if rest in n.digits else int(rest)) * float(big_val) / 10
                rest = ""
    if rest:
        rv = _section(rest, n)
        if rv is None:
            return None
        total += rv
    if not any(c.isdigit() or c in n.digits or c in n.units or c in dict(n.big) for c in s):
        return None
    return _clean(total)


def parse_english_number(s: str) -> int | float | None:
    """'eight thousand' → 8000, 'two and a half million' → None (not handled), '1.5 million' → 1500000,
    'twenty five hundred' → 2500, 'a hundred' → 100. The words are the packs' (``number_words.tsv``)."""
    table = _numerals().words
    words = [w for w in re.split(r"[\s-]+", s.lower().strip()) if w and table.get(w, (0, ""))[1] != "skip"]
    if not words:
        return None
    total, current, seen = 0.0, 0.0, False
    for w in words:
        value, kind = table.get(w, (0, ""))
        if kind == "one":
            current = current or value
        elif re.fullmatch(r"\d+(?:\.\d+)?", w):
            current += float(w)
            seen = True
        elif kind == "add":
            current += value
            seen = True
        elif kind == "scale":
            current = (current or 1) * value
            if value >= 1000:
                total, current = total + current, 0.0
            seen = True
        else:
            return None
    return _clean(total + current) if seen else None


def _clean(v: float) -> int | float:
    return int(v) if float(v).is_integer() else round(v, 6)
