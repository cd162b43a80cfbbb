"""Facts said in passing (issue 17): a diet ("I'm vegetarian, so keep that in mind", "我吃素的"), a workplace
("在阿里上班", "my job at the bank", "accepted the Fernleaf offer"), children named on introduction ("我有个女儿
叫朵朵", "we have a daughter, Lia") and an age in a self-introduction ("I'm Sam, 34", "我叫陈晨，28岁"). The
speaker's own: a participant's "I" is theirs (the write path decides whose)."""

from __future__ import annotations

import re

from . import lexicon as lx
from .normalize import parse_number
from .types import Statement

_DIET_EN = re.compile(r"\b(?:i'?m|i am|we'?re|we are)\s+(?:a\s+|strictly\s+|also\s+|now\s+)?"
                      r"(vegetarian|vegan|pescatarian|pescetarian|halal|kosher|gluten[- ]free|lactose intolerant)\b",
                      re.I)
_DIET_ZH = re.compile(r"(?:我|我们)(?:是|也是|现在)?(?:吃素|素食者|吃全素|吃纯素|素食主义者|不吃肉)|(?:他|她)是素食者")
_WORK_ZH = re.compile(r"(?:我)?(?:现在)?在([\u4e00-\u9fffA-Za-z]{2,8}?)(?:上班|工作|实习)")
_WORK_ZH_NEW = re.compile(r"(?:换了份工作|换工作|跳槽|入职)[^。！？]*?(?:去|到|在)([\u4e00-\u9fffA-Za-z]{2,6}?)(?=[，。！？,.!?了]|$)")
_WORK_EN = re.compile(r"\bmy (?:job|position|role) at ((?:the )?[A-Z]?[\w&'-]+(?: [A-Z][\w&'-]+)*)", re.I)
_OFFER_EN = re.compile(r"\baccepted (?:the |an? )?(?:job )?offer (?:from|at) ([A-Z][\w&'-]+(?: [A-Z][\w&'-]+)*)|"
                       r"\baccepted the ([A-Z][\w&'-]+(?: [A-Z][\w&'-]+)*) offer")
_CHILD_ZH = re.compile(r"有(?:个|一个|两个)?(女儿|儿子)[，,]?(?:叫|名叫|名字叫)([\u4e00-\u9fff]{1,3}?)(?=[，。！,.!]|$|今年)")
_CHILD_EN = re.compile(r"\bwe have (?:a|one) (daughter|son)(?:,\s*|\s+(?:called|named)\s+)([A-Z][a-z]+)")
_AGE_EN = re.compile(r"\bI'?m ([A-Z][a-z]+),\s*(\d{1,2})\b")
_AGE_ZH = re.compile(r"我叫([\u4e00-\u9fff]{2,3})[，,]\s*([\d一二三四五六七八九十]{1,3})岁")
_NOT_WORKPLACE = frozenset({"家", "家里", "这里", "那里", "附近", "公司", "外面", "路上"})


def starts_with_verb(words: str) -> bool:
    """jieba reads the first word as a verb: 在 is then "doing", not "at" ("在投暑期实习" is applying for internships)."""
    from .nlp import zh_tokens

    first = zh_tokens(words)
    return bool(first) and first[0][1].startswith("v")


def _someone_else_zh(before: str) -> bool:
    """The sentence so far is about someone else ("她老公是个程序员，叫王磊，在字节上班")."""
    sentence = re.split(r"[。！？!?]", before)[-1]
    return bool(re.search(r"[他她]", sentence)) and "我" not in sentence


def _st(key: str, value, text: str, lang: str, change: bool, subject: str = "", kind: str = "attribute") -> Statement:
    return Statement(kind=kind, subject=subject, key=key, value=value, language=lang, text=text.strip(),
                     is_change=change)


def facts(text: str, lang: str, change: bool) -> list[Statement]:
    out: list[Statement] = []
    m = _DIET_EN.search(text)
    if m:
        out.append(_st("diet", m.group(1).lower(), text, lang, change))
    elif _DIET_ZH.search(text) and not re.search(r"[他她]是素食者", text):
        out.append(_st("diet", "素食", text, lang, change))
    for m in _WORK_ZH.finditer(text):
        place = m.group(1)
        if place not in _NOT_WORKPLACE and not lx.type_of_noun(place, "zh") and not re.match(r"[这那哪]", place) \
                and not starts_with_verb(place) and not _someone_else_zh(text[:m.start()]):
            out.append(_st("employer", re.sub(r"^(?:一家|家)", "", place), text, lang, change))
    m = _WORK_ZH_NEW.search(text)
    if m and not any(s.key == "employer" for s in out) and not _someone_else_zh(text[:m.start()]):
        out.append(_st("employer", re.sub(r"^在", "", m.group(1)), text, lang, True))
    m = _WORK_EN.search(text) or _OFFER_EN.search(text)
    if m:
        out.append(_st("employer", next(g for g in m.groups() if g), text, lang,
                       change or m.re is _OFFER_EN))
    for rx in (_CHILD_ZH, _CHILD_EN):
        for m in rx.finditer(text):
            out.append(_st(lx.role_of(m.group(1)) or m.group(1), m.group(2), text, lang, change,
                           subject=m.group(2), kind="relation"))
    m = _AGE_EN.search(text) or _AGE_ZH.search(text)
    if m:   # "I'm Sam, 34": the user's name and age
        n = parse_number(m.group(2)) if not m.group(2).isdigit() else int(m.group(2))
        if n:
            out += [_st("name", m.group(1), text, lang, change), _st("age", n, text, lang, change)]
    return out
