"""Facts about someone or something other than the user (issue 17): "Tom lives in Lyon, works as a nurse" (Tom's
job), "he grew up in Kyoto" (the person named before), "she's 4", "That laptop keeps overheating" (the laptop's
problem), "it was 1400 euros" (the price of what "it" is), "我姐姐在成都当护士", "那个笔记本键盘有个键松了",
"这双跑鞋三千五百块", each by its pack's ``others_facts``: English reads spaCy's dependency parse (subjects,
conjoined verbs, copulas, appositions; ``graphmem/lang/en/rules.py``), Chinese the words before a cue. Cue words: ``graphmem/lang/<code>/statement_cues.tsv`` (problem_adj, problem_verb,
currency, problem). The user's own facts are left to ``statements``.
"""

from __future__ import annotations

from graphmem import lang as langs

from . import lexicon as lx
from .types import Statement



def _cues(category: str, p) -> frozenset[str]:
    """Pack ``p``'s cue words of ``category`` (statement_cues.tsv)."""
    return frozenset(lx.statement_cues().get((category, p.lang), []))


def _st(key: str, value, subject: str, text: str, lang: str, change: bool, unit: str = "") -> Statement:
    return Statement(kind="attribute", subject=subject, key=key, value=value, language=lang, text=text.strip(),
                     is_change=change, unit=unit)


def _clause_at(text: str, pos: int) -> str:
    """The clause of ``text`` around character ``pos`` (the statement's text, as ``statements`` gives it: a fact's
    text is its clause, so recall can tell it from the whole message)."""
    from .statements import _clauses

    for start, clause in _clauses(text):
        if start <= pos < start + len(clause):
            return clause.strip()
    return text.strip()


# ---- every language: each pack's rules ------------------------------------------------------------------------

def facts(text: str, lang: str, change: bool) -> list[Statement]:
    """Facts about named others and things, read by the pack of the text's script (English: spaCy's parse, the en
    pack's ``en_facts``; Chinese: a named thing's problem and price)."""
    return langs.pack(langs.of_text(text)).fn("others_facts")(text, lang, change)


def named_ages(text: str, lang: str, change: bool) -> list[Statement]:
    """An age said in its own clause right after a name ("我有个女儿叫朵朵，今年六岁"): that person's."""
    return langs.pack(langs.of_text(text)).fn("named_ages")(text, lang, change)


def learning(text: str, lang: str, change: bool) -> list[Statement]:
    """What the user (or a named person) is learning: "I'm learning Japanese", "朵朵在学钢琴和游泳", "我最近在学吉他"
    (a multi-valued key: one statement a thing); every pack's ``learning``."""
    return [s for p in langs.packs() for s in p.fn("learning")(text, lang, change)]


def hobbies(text: str, lang: str, change: bool) -> list[Statement]:
    """Pastimes the speaker took up or does regularly ("I just picked up pottery"); every pack's ``hobbies``."""
    return [s for p in langs.packs() for s in p.fn("hobbies")(text, lang, change)]


def body(text: str, lang: str, change: bool) -> list[Statement]:
    """The user's weight and height said with a unit: "I'm 6'1 and 180 lbs", "I weigh 80 kg", "我现在一百五十五斤，
    想减到一百三十斤" (the second is ``target_weight``); every pack's ``body``."""
    return [s for p in langs.packs() for s in p.fn("body")(text, lang, change)]


def _num(s: str):
    v = float(s)
    return int(v) if v.is_integer() else v


def _zh_word_at(text: str, at: int, words: tuple[str, ...]) -> bool:
    """jieba cuts a word of ``words`` starting at ``at``."""
    from .nlp import zh_tokens

    return any(s == at and w in words for w, _, s, _ in zh_tokens(text))
