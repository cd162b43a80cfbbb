"""Facts said in passing (issue 17): a diet ("I'm vegetarian, so keep that in mind", "我吃素的"), a workplace
("在阿里上班", "my job at the bank", "accepted the Fernleaf offer"), children named on introduction ("我有个女儿
叫朵朵", "we have a daughter, Lia") and an age in a self-introduction ("I'm Sam, 34", "我叫陈晨，28岁"). The
speaker's own: a participant's "I" is theirs (the write path decides whose)."""

from __future__ import annotations

from graphmem import lang as langs

from . import lexicon as lx
from .normalize import parse_number
from .types import Statement


def starts_with_verb(words: str) -> bool:
    """jieba reads the first word as a verb: 在 is then "doing", not "at" ("在投暑期实习" is applying for internships)."""
    from .nlp import zh_tokens

    first = zh_tokens(words)
    return bool(first) and first[0][1].startswith("v")


def _st(key: str, value, text: str, lang: str, change: bool, subject: str = "", kind: str = "attribute") -> Statement:
    return Statement(kind=kind, subject=subject, key=key, value=value, language=lang, text=text.strip(),
                     is_change=change)


def facts(text: str, lang: str, change: bool) -> list[Statement]:
    """Diet, workplace, children and a self-introduced age, by each language pack's rules (packs in order)."""
    out: list[Statement] = []
    packs = langs.packs()
    diet = next((d for p in packs if (d := p.fn("diet")(text))), "")
    if diet:
        out.append(_st("diet", diet, text, lang, change))
    others_first = sorted(packs, key=lambda p: p.lang == langs.DEFAULT)   # kept from before: 在腾讯工作 before "my job at"
    for p in others_first:
        for employer, new_job in p.fn("workplaces")(text):
            out.append(_st("employer", employer, text, lang, change or new_job))
    for p in others_first:
        for role, name in p.fn("children")(text):
            out.append(_st(lx.role_of(role) or role, name, text, lang, change, subject=name, kind="relation"))
    for p in packs:   # "I'm diabetic", "我有糖尿病": a condition the speaker has (a multi-valued key)
        for m in p.regex("condition").finditer(text):
            c = next(v for k, v in m.groupdict().items() if k.startswith("c") and v)
            out.append(_st("condition", p.table("conditions").get(c.lower(), c), text, lang, change))
    said = next((x for p in packs if (x := p.fn("name_age")(text))), None)
    if said:   # "I'm Sam, 34": the user's name and age
        n = parse_number(said[1]) if not said[1].isdigit() else int(said[1])
        if n:
            out += [_st("name", said[0], text, lang, change), _st("age", n, text, lang, change)]
    return out
