"""Issue 17: a language's words live in its pack (``graphmem/lang/<code>/``); code elsewhere asks the pack and never
branches on a language code. This test fails when a zh/en branch appears outside the packs."""

import re
from pathlib import Path

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
