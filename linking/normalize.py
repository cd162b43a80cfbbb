"""CJK-aware text normalisation, language detection and number parsing. Pure functions, no models.

``normalise`` maps full-width → half-width, upper → lower, traditional → simplified Chinese (OpenCC tables
from ``opencc-python-reimplemented``, applied per character so offsets are preserved) and punctuation → space.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from graphmem.lang import union

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


def normalise_chars(text: str) -> str:
    """Character-wise normalisation; ``len(result) == len(text)`` so spans carry over."""
    return "".join(_char(c) for c in text)


def normalise(text: str) -> str:
    """Normalised name for matching: width, case, traditional→simplified, punctuation, whitespace."""
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


def detect_language(text: str) -> str:
    """'zh', 'en' or 'mixed'. Counts CJK characters against Latin words (one Latin word ≈ 1.5 CJK chars)."""
    cjk = len(_CJK.findall(text))
    latin = len(_LATIN_WORD.findall(text))
    if cjk == 0:
        return "en"
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


# ---- numbers -------------------------------------------------------------------------------------------------

_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "壹": 1, "二": 2, "贰": 2, "两": 2, "兩": 2, "三": 3, "叁": 3, "四": 4,
              "肆": 4, "五": 5, "伍": 5, "六": 6, "陆": 6, "陸": 6, "七": 7, "柒": 7, "八": 8, "捌": 8,
              "九": 9, "玖": 9}
_ZH_SMALL = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_ZH_BIG = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000}
ZH_NUM_CHARS = "".join(_ZH_DIGITS) + "".join(_ZH_SMALL) + "".join(_ZH_BIG) + "点點半"

# a run of digits or numerals, not where a word begins that starts with a numeral but says none (each pack's
# not_a_numeral: 万一 "in case", 十分 "very", 一下 …); 三岁半 is three and a half
ZH_NUMBER_RE = re.compile(r"(?!%s)(?<![万萬])(?:\d+(?:\.\d+)?|[%s])(?:[\d.%s])*(?:岁半)?"
                          % (union("not_a_numeral").pattern, ZH_NUM_CHARS, ZH_NUM_CHARS))


def _section(s: str) -> float | None:
    """Value of a run below 万 that may mix Arabic digits: '八千', '3千5', '两千五', '十二', '1200'."""
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
            after_unit = i > 0 and s[i - 1] in _ZH_SMALL
            i = j
            continue
        if c in _ZH_DIGITS:
            if c in "零〇":
                digit, after_unit = None, False
            else:
                digit = _ZH_DIGITS[c]
                after_unit = i > 0 and s[i - 1] in _ZH_SMALL
            i += 1
            continue
        if c in _ZH_SMALL:
            unit = _ZH_SMALL[c]
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

    Kept instead of ``cn2an`` (``bench/dates_bench.py``): cn2an 0.5.24 "smart" rejects what chat says ('8,000',
    '8k', '3w', '两千半'; 39/44 right vs 44/44) at ~4x the CPU; like cn2an, '二〇二三' and '1万2' read 2023 and 12000."""
    s = s.strip().replace(",", "").replace("，", "").replace(" ", "")
    if not s:
        return None
    s = "".join(chr(ord(c) - 0xFEE0) if 0xFF10 <= ord(c) <= 0xFF19 else c for c in s)
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([kKmMwW])?", s)
    if m:
        v = float(m.group(1)) * {"k": 1e3, "m": 1e6, "w": 1e4, None: 1}[m.group(2) and m.group(2).lower()]
        return _clean(v)
    if s.endswith("岁半") and len(s) > 2:   # 三岁半: an age and a half
        base = parse_number(s[:-2])
        return None if base is None else _clean(base + 0.5)
    if s.endswith("半") and len(s) > 1:
        base = parse_number(s[:-1])
        if base is None:
            return None
        # 一万半 is rare; 三个半 handled by callers; "两千半" → 2500
        unit = 1000 if s[-2] in "千仟" else 10_000 if s[-2] in "万萬" else 100 if s[-2] in "百佰" else 1
        return _clean(base + unit / 2)
    if "点" in s or "點" in s:
        a, _, b = s.replace("點", "点").partition("点")
        big = ""
        while b and b[-1] in _ZH_BIG:
            big = b[-1] + big
            b = b[:-1]
        ia = parse_number(a)
        if ia is None or not b or any(c not in _ZH_DIGITS and not c.isdigit() for c in b):
            return None
        frac = float("0." + "".join(str(_ZH_DIGITS.get(c, c)) for c in b))
        mult = 1
        for c in big:
            mult *= _ZH_BIG[c]
        return _clean((ia + frac) * mult)
    if len(s) >= 2 and all(c in _ZH_DIGITS for c in s) and ("〇" in s or "零" in s or len(s) == 4):
        return int("".join(str(_ZH_DIGITS[c]) for c in s))   # read digit by digit: 二〇二三 → 2023
    total = 0.0
    rest = s
    for big_char, big_val in (("亿", 1e8), ("億", 1e8), ("万", 1e4), ("萬", 1e4)):
        if big_char in rest:
            head, _, rest = rest.partition(big_char)
            hv = _section(head) if head else 1
            if hv is None:
                return None
            total += hv * big_val
            if len(rest) == 1 and (rest in _ZH_DIGITS or rest.isdigit()):   # 一万二, 1万2 → 12000
                total += (_ZH_DIGITS[rest] if rest in _ZH_DIGITS else int(rest)) * big_val / 10
                rest = ""
    if rest:
        rv = _section(rest)
        if rv is None:
            return None
        total += rv
    if not any(c.isdigit() or c in _ZH_DIGITS or c in _ZH_SMALL or c in _ZH_BIG for c in s):
        return None
    return _clean(total)


_EN_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                          "thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_EN_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_EN_SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000, "k": 1000, "million": 10 ** 6, "billion": 10 ** 9}
EN_NUMBER_WORDS_RE = re.compile(
    r"\b(?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|"
    r"thousand|grand|million|billion|and|[\d.]+)[\s-]+)*(?:hundred|thousand|grand|million|billion|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b", re.I)


def parse_english_number(s: str) -> int | float | None:
    """'eight thousand' → 8000, 'two and a half million' → None (not handled), '1.5 million' → 1500000,
    'twenty five hundred' → 2500, 'a hundred' → 100."""
    words = [w for w in re.split(r"[\s-]+", s.lower().strip()) if w and w != "and"]
    if not words:
        return None
    total, current, seen = 0.0, 0.0, False
    for w in words:
        if w == "a":
            current = current or 1
        elif re.fullmatch(r"\d+(?:\.\d+)?", w):
            current += float(w)
            seen = True
        elif w in _EN_UNITS:
            current += _EN_UNITS[w]
            seen = True
        elif w in _EN_TENS:
            current += _EN_TENS[w]
            seen = True
        elif w in _EN_SCALES:
            scale = _EN_SCALES[w]
            current = (current or 1) * scale
            if scale >= 1000:
                total, current = total + current, 0.0
            seen = True
        else:
            return None
    return _clean(total + current) if seen else None


def _clean(v: float) -> int | float:
    return int(v) if float(v).is_integer() else round(v, 6)
