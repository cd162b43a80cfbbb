"""What a pattern needs in a text before it can match: a cheap test run before a costly search.

``needed(pattern)`` reads the compiled pattern's parse (``re._parser``) and returns strings one of which every match
contains — a literal run, a branch's alternatives, a character class's characters, ``DIGIT`` for ``\\d`` — or None
when it finds none. A text holding none of them cannot match, so the pattern need not run: the date rules
(``timeexpr``) are dozens of patterns tried at every position of every clause, while few clauses name a date.
Hand-derived hint words would drift from the patterns; these are read from the patterns themselves.
"""

from __future__ import annotations

import re
from functools import lru_cache
from re import _constants as sre
from re import _parser

DIGIT = "\\d"                    # the needed "string" a digit class gives: any decimal digit
_DIGIT_WEIGHT = 5
_MAX_CLASS = 64                  # a larger character class says too little to be worth a test
_MAX_STRINGS = 32                # ``finditer``/``search`` test at most this many strings before a pattern
_CASELESS_RISK = re.compile(r"[\u0080-\u2e7f]")   # where a case-blind pattern may match a letter unlike its lower case


Needs = tuple[frozenset[str], frozenset[str]]   # (strings as they are, strings lower-cased for a case-blind search)


def needed(pattern: re.Pattern) -> Needs | None:
    """Strings one of which every match of ``pattern`` contains (lower-cased when it ignores case), or None when no
    such strings are found."""
    parsed = _parser.parse(pattern.pattern, pattern.flags)
    got = _sequence(list(parsed), bool(parsed.state.flags & re.IGNORECASE))
    if got is None:
        return None
    return frozenset(s for s, caseless in got if not caseless), frozenset(s for s, caseless in got if caseless)


def either(needs: list[Needs | None]) -> Needs | None:
    """What a text needs before any of several patterns can match it."""
    if any(n is None for n in needs):
        return None
    return frozenset().union(*(n[0] for n in needs)), frozenset().union(*(n[1] for n in needs))


def may_match(needs: Needs | None, text: str) -> bool:
    """False only when ``text`` holds none of the strings ``needed`` found (then the patterns cannot match it)."""
    if needs is None:
        return True
    exact, caseless = _searches(needs)
    if exact is not None and exact.search(text):
        return True
    if caseless is None:
        return False
    if _CASELESS_RISK.search(text):   # "K" (Kelvin), "ſ", "ı" match k, s, i when case is ignored
        return True
    return bool(caseless.search(text.lower()))


def finditer(pattern: re.Pattern, text: str):
    """``pattern.finditer(text)``; the pattern is not run on a text that lacks what every match of it needs."""
    return pattern.finditer(text) if may_match(_needed(pattern), text) else iter(())


def search(pattern: re.Pattern, text: str) -> re.Match | None:
    """``pattern.search(text)``; None without running it on a text that lacks what every match of it needs."""
    return pattern.search(text) if may_match(_needed(pattern), text) else None


_NEEDED: dict[int, tuple[re.Pattern, Needs | None]] = {}


def _needed(pattern: re.Pattern) -> Needs | None:
    """``needed(pattern)``, remembered by the pattern's identity: hashing a compiled pattern hashes its whole
    program (microseconds for a large alternation), longer than the test it gates."""
    got = _NEEDED.get(id(pattern))
    if got is None or got[0] is not pattern:
        if len(_NEEDED) >= 1024:
            _NEEDED.clear()
        needs = needed(pattern)
        if needs is not None and len(needs[0]) + len(needs[1]) > _MAX_STRINGS:
            needs = None   # a long list (a lexicon's 106 occupations) is a slower search than the pattern's own
        got = _NEEDED[id(pattern)] = (pattern, needs)
    return got[1]


@lru_cache(maxsize=256)   # a frozenset keeps its hash: the look-up hashes two cached hashes
def _searches(needs: Needs) -> tuple[re.Pattern | None, re.Pattern | None]:
    """``needs`` as two searches, one alternation of its strings each (``DIGIT`` as ``\\d``): one scan in C instead
    of a Python test a string (the date rules' English needs are 46 strings); None for an empty set."""
    return _alternation(needs[0]), _alternation(needs[1])


_NEVER = re.compile(r"(?!x)x")


def any_of(strings: frozenset[str]) -> re.Pattern:
    """One search that finds something in a text exactly where one of ``strings`` is a substring (none: never)."""
    return _alternation(strings) or _NEVER


def longest_first(words) -> str:
    """``(?:w1|w2|…)`` of ``words`` longest first, as a tree of shared prefixes ("nurse|nurse aide" is
    "nurse(?: aide|)"): the engine tests a character once where the flat alternation tests every word, and at each
    position tries the same words in the same order (the longest there first, the next longest on backtracking),
    so every match is the flat alternation's. Words in which two letters may match one character when case is
    ignored (upper case, non-ASCII letters with a case) are left a flat alternation."""
    words = sorted(dict.fromkeys(words), key=len, reverse=True)
    if not all(ch.isascii() and not ch.isupper() or ch.lower() == ch.upper() for w in words for ch in w):
        return "(?:" + "|".join(re.escape(w) for w in words) + ")"
    tree: dict = {}
    for w in words:
        node = tree
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def group(node: dict) -> str:   # a longer word before the one that ends here
        alts = [re.escape(ch) + group(child) for ch, child in node.items() if ch] + ([""] if "" in node else [])
        return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"

    return "(?:" + group(tree) + ")"


def _alternation(strings: frozenset[str]) -> re.Pattern | None:
    """One search that finds something in a text exactly when one of ``strings`` is in it: a string holding another
    is left out (where it is, the other is too), and the rest share their prefixes ("fri|friday|frost" is
    "fr(?:i|ost)"): the scan tries each starting character once instead of each string."""
    if not strings:
        return None
    words = {s for s in strings if s != DIGIT}
    words = {s for s in words if not any(o != s and o in s for o in words)}
    parts = ([_trie(sorted(words))] if words else []) + ([r"\d"] if DIGIT in strings else [])
    return re.compile("|".join(parts))


def _trie(words: list[str]) -> str:
    """``words`` (none a prefix of another, sorted) as a pattern that matches where one of them starts."""
    if len(words) == 1:
        return re.escape(words[0])
    groups: dict[str, list[str]] = {}
    for w in words:
        groups.setdefault(w[0], []).append(w[1:])
    alts = [re.escape(ch) + _trie(rest) for ch, rest in groups.items()]
    return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"


# what the parts of a pattern need: (string, whether it is lower-cased for a case-blind search)
_Set = frozenset[tuple[str, bool]]


def _better(a: _Set | None, b: _Set | None) -> _Set | None:
    """The more telling of two needed sets: the one whose shortest string is longer, then whose strings are longer
    on average, then the fewer (a digit counts as a string of ``_DIGIT_WEIGHT``: few chat messages hold one)."""
    if a is None or b is None:
        return a if b is None else b
    return max(a, b, key=_telling)


def _telling(strings: _Set) -> tuple[int, float, int]:
    lengths = [_DIGIT_WEIGHT if s == DIGIT else len(s) for s, _ in strings]
    return min(lengths), sum(lengths) / len(lengths), -len(lengths)


def _sequence(items: list, caseless: bool) -> _Set | None:
    """Items matched one after the other: the best of what each needs; literals side by side are one string."""
    best, run = None, []

    def literal_run():
        s = "".join(run)
        if s and not (caseless and not s.isascii()):   # a non-ASCII letter may match unlike its lower case
            return frozenset({(s.lower(), True) if caseless else (s, False)})
        return None

    for op, av in items:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        best, run = _better(best, literal_run()), []
        best = _better(best, _item(op, av, caseless))
    return _better(best, literal_run())


def _item(op, av, caseless: bool) -> _Set | None:
    if op is sre.SUBPATTERN:
        _, add, remove, sub = av
        return _sequence(list(sub), bool((caseless or add & re.IGNORECASE) and not remove & re.IGNORECASE))
    if op is sre.ATOMIC_GROUP:
        return _sequence(list(av), caseless)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, _, sub = av
        return _sequence(list(sub), caseless) if low >= 1 else None
    if op is sre.BRANCH:
        alternatives = [_sequence(list(b), caseless) for b in av[1]]
        return None if any(a is None for a in alternatives) else frozenset().union(*alternatives)
    if op is sre.IN:
        return _in_class(av, caseless)
    return None   # a position (\b, ^), a look-around, any character, a back-reference: nothing needed from it


def _in_class(items: list, caseless: bool) -> _Set | None:
    """The characters of a class ``[...]`` (``DIGIT`` for ``\\d``); None for a negated, large or other class."""
    out: set[str] = set()
    for op, av in items:
        if op is sre.LITERAL:
            out.add(chr(av))
        elif op is sre.RANGE and av[1] - av[0] < _MAX_CLASS:
            out.update(chr(c) for c in range(av[0], av[1] + 1))
        elif op is sre.CATEGORY and av is sre.CATEGORY_DIGIT:
            out.add(DIGIT)
        else:
            return None
    if caseless and any(not c.isascii() for c in out if c != DIGIT):
        return None
    got = {(DIGIT, False) if c == DIGIT else (c.lower(), True) if caseless else (c, False) for c in out}
    return frozenset(got) if 0 < len(got) <= _MAX_CLASS else None
