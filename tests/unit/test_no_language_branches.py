"""Issue 17: a language's words live in its pack (``graphmem/lang/<code>/``); code elsewhere asks the pack and never
branches on a language code. These tests fail when a zh/en branch, a regex that carries words or an inline list of
a language's words appears outside the packs (beyond the allowances below, each with its reason)."""

import ast
import re
from functools import lru_cache
from pathlib import Path

from spacy.lang.en.stop_words import STOP_WORDS

ROOT = Path(__file__).resolve().parents[2]
#: the source trees the packages are built from (graphmem, graphmem.linking, graphmem.cli)
TREES = ("graphmem", "linking", "cli")
#: ``== "zh"``, ``"en" !=``, ``"zh" if ...``, ``in ("zh", "en")``
BRANCH = re.compile(r"""(==|!=)\s*["'](zh|en)["']|["'](zh|en)["']\s*(==|!=)|["'](zh|en)["']\s+if\b"""
                    r"""|\bin\s*[(\[{]\s*["'](zh|en)["']\s*,\s*["'](zh|en)["']""")
#: the branches that may stay, and why (a file may have at most this many)
ALLOWED = {
    # a model's ability, not a word rule: English text goes to the English-only sentence model
    "graphmem/embedders.py": 1,
    # which parser reads a message: spaCy's English pipeline, or jieba for text in Chinese script
    "linking/mentions.py": 2,
}


def _branches() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith("graphmem/lang/"):
                continue
            hits = [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()
                    if BRANCH.search(ln) and not ln.lstrip().startswith("#")]
            if hits:
                found[rel] = hits
    return found


def test_no_language_branch_outside_the_packs():
    over = {f: hits for f, hits in _branches().items() if len(hits) > ALLOWED.get(f, 0)}
    assert over == {}, "branch on a language code outside graphmem/lang/: ask the pack instead (graphmem/lang/README.md)"


def test_the_pattern_catches_a_branch():
    for line in ('if lang == "zh":', "x = a if lang != 'en' else b", 'return "zh" if cjk else "en"',
                 'if code in ("zh", "en"):'):
        assert BRANCH.search(line), line
    assert not BRANCH.search('p = langs.pack(code)') and not BRANCH.search('DEFAULT = "en"')


# -- word rules: a regex that carries words, or an inline list of a language's words --------------------------
#: the functions of ``re`` whose first argument is a pattern
_RE_FUNCS = frozenset({"compile", "search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split"})
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _has_words(pattern: str) -> bool:
    """The pattern carries a word: two Latin letters in a row or a Chinese character, outside escapes (``\\b``),
    group syntax (``(?P<name>``, ``(?i)``) and character classes (``[a-z]``)."""
    p = re.sub(r"\\[A-Za-z]", "", pattern)
    p = re.sub(r"\(\?P<\w+>|\(\?P=\w+\)|\(\?-?[a-zA-Z]+[:)]|\(\?<?[:=!]", "", p)
    p = re.sub(r"\[[^\]]*\]", "", p)
    return bool(re.search(r"[A-Za-z]{2,}", p) or _CJK.search(p))


def _is_word_list(strs: list[str]) -> bool:
    """Three strings or more that are a language's words: two of them Chinese, or English ones half of which are
    function words (spaCy's stop words; names of fields and kinds, which are identifiers, are not)."""
    if len(strs) < 3:
        return False
    if sum(bool(_CJK.search(s)) for s in strs) >= 2:
        return True
    if any("_" in s for s in strs):
        return False
    en = [s.strip().lower() for s in strs if re.fullmatch(r"[A-Za-z][A-Za-z'’ ]*", s.strip() or "_")]
    return len(en) >= 3 and 2 * sum(w in STOP_WORDS for w in en) >= len(en)


def _literal(node: ast.AST) -> str | None:
    """The text of a string literal, of an f-string's literal parts, or of ``"..." + "..."`` / ``"..." % x``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return (_literal(node.left) or "") + (_literal(node.right) or "")
    return None


def _word_rules(src: str) -> tuple[list[str], list[str]]:
    """(word regexes, inline word lists) of a module's source, each as ``line: text``."""
    regexes, lists = [], []
    for n in ast.walk(ast.parse(src)):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _RE_FUNCS \
                and isinstance(n.func.value, ast.Name) and n.func.value.id == "re" and n.args:
            p = _literal(n.args[0])
            if p and _has_words(p):
                regexes.append(f"{n.lineno}: {p[:60]}")
        strs = None
        if isinstance(n, (ast.List, ast.Tuple, ast.Set)) or isinstance(n, ast.Dict):
            elts = n.keys if isinstance(n, ast.Dict) else n.elts
            strs = [e.value for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            strs = strs if len(strs) == len(elts) else None
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "split" \
                and isinstance(n.func.value, ast.Constant) and isinstance(n.func.value.value, str):
            strs = n.func.value.value.split()   # "a b c".split()
        elif isinstance(n, ast.Compare) and any(isinstance(o, (ast.In, ast.NotIn)) for o in n.ops):
            strs = [ch for c in n.comparators if isinstance(c, ast.Constant) and isinstance(c.value, str)
                    for ch in _CJK.findall(c.value)]   # x in "了的啊呀": a string of Chinese words
        if strs and _is_word_list(strs):
            lists.append(f"{n.lineno}: {','.join(strs)[:60]}")
    return regexes, lists


@lru_cache(maxsize=1)
def _scan() -> dict[str, tuple[list[str], list[str]]]:
    found = {}
    for tree in ("graphmem", "linking"):
        for path in sorted((ROOT / tree).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith("graphmem/lang/"):
                found[rel] = _word_rules(path.read_text(encoding="utf-8"))
    return found


#: word regexes that stay outside the packs, and why (a file may have at most this many)
ALLOWED_REGEXES = {
    # no words: "$user_node" is a Cypher parameter of a Browser guide
    "graphmem/browser.py": 1,
}
#: inline word lists that stay outside the packs, and why (a file may have at most this many)
ALLOWED_LISTS = {
    # not a word list: the sentences that warm the sentence models
    "graphmem/embedders.py": 1,
    # not words: the kinds of a reference (indefinite, other, which …)
    "linking/resolve.py": 1,
}


def test_no_word_regex_outside_the_packs():
    over = {f: r for f, (r, _) in _scan().items() if len(r) > ALLOWED_REGEXES.get(f, 0)}
    assert over == {}, "a regex with words outside graphmem/lang/: put it in the pack (graphmem/lang/README.md)"


def test_no_word_list_outside_the_packs():
    over = {f: w for f, (_, w) in _scan().items() if len(w) > ALLOWED_LISTS.get(f, 0)}
    assert over == {}, "an inline word list outside graphmem/lang/: put it in the pack (graphmem/lang/README.md)"


def test_the_allow_lists_are_tight():
    """An allowance nobody uses any more is removed, so that the rule it allowed cannot come back unseen."""
    found = _scan()
    assert {f: n for f, n in ALLOWED_REGEXES.items() if len(found.get(f, ([], []))[0]) < n} == {}
    assert {f: n for f, n in ALLOWED_LISTS.items() if len(found.get(f, ([], []))[1]) < n} == {}


def test_the_scanner_catches_a_word_rule():
    src = '''
import re
A = re.compile(r"\\b(?:every|each)\\b", re.I)
B = re.search(r"每(?:个)?周", text)
C = re.compile(rf"(?<![a-z]){x}(?:the\\s+)?$")
D = {"her", "him", "them", "it"}
E = "the a an some".split()
F = s[-1] in "了的啊呀"
G = ("你", "这个回答", "您")
'''
    regexes, lists = _word_rules(src)
    assert len(regexes) == 3 and len(lists) == 4, (regexes, lists)
    clean = '''
import re
A = re.compile(r"[\\u4e00-\\u9fff]+|\\d+(?:\\.\\d+)?\\s*(?P<unit>[a-z]+)?", re.I)
B = re.compile(rf"(?<![a-z]){re.escape(cue)}(?![a-z])")
C = ("tenant", "user_id", "entity_id")
D = {"preference", "goal", "attribute"}
'''
    assert _word_rules(clean) == ([], [])
