"""Statements that lists carry (issue 17): several liked things ("Thai food and Italian food", "爬山和拍照"), pets
with their names ("two cats, Miso and Tofu", "养了一只仓鼠叫团子") and languages spoken ("I speak English and
Portuguese", "我会说普通话、粤语和英语"). Each item is a statement of its own, so each is a value of a
multi-valued key (graphmem.cardinality)."""

from __future__ import annotations

import re
from dataclasses import replace

from . import lexicon as lx
from .types import Statement

_LIST_END_EN = re.compile(r"\s(?:and|&)\s|\s&", re.I)
_SEP_EN = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*")
_SEP_ZH = re.compile(r"[、，,]|和|跟|及|与")
_OVER = re.compile(r"^(.+?)\s+(?:over|rather than|instead of)\s+(.+)$", re.I)
_OVER_ZH = re.compile(r"比起([\u4e00-\u9fffA-Za-z]{1,6}?)[，,]?\s*(?:我|现在|还是)*更(?:喜欢|爱)")
_NUM_EN = r"(?:a|an|one|two|three|four|five|\d+)"
_PET_EN = re.compile(r"\b" + _NUM_EN + r"\s+(?P<noun>[a-z]+(?: [a-z]+)?)\s*(?:,\s*|\s+(?:called|named)\s+)"
                     r"(?P<names>[A-Z][\w'-]+(?:\s*(?:,|and|&)\s*[A-Z][\w'-]+)*)")
_PET_ZH = re.compile(r"(?P<verb>养了|养着|养|有)(?:[一两二三四五六七八九十\d]+)?(?:只|条|个)(?P<noun>[\u4e00-\u9fff]{1,3}?)[，,]?"
                     r"(?:叫|名叫|名字叫)(?P<names>[\u4e00-\u9fffA-Za-z]{1,4}?)(?=[，。！,.!…\s]|$|[了呢啊])")
_PET_ZH_LIST = re.compile(r"(?P<verb>有|养了)(?P<count>[两二三四五\d])(?:只|条)(?P<noun>[\u4e00-\u9fff]{1,3}?)[，,]"
                          r"(?P<rest>(?:[一另]只叫[\u4e00-\u9fff]{1,4}[，,]?)+)")
_LANG_EN = re.compile(r"\bI (?:can |also |do )?speak (?P<names>[A-Z][a-z]+(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)[A-Z][a-z]+)*)")
_LANG_ZH = re.compile(r"我(?:也|还)?(?:会说|会讲|能说)(?P<names>[\u4e00-\u9fff、和及与]+?)(?=[，。！,.!]|$)")
_ALLERGY_EN = re.compile(r"\b(?:i'?m|i am|i'?ve been|also|still)\s+(?:\w+\s+){0,2}?allergic to\s+(?P<names>.+?)"
                         r"(?=[.;!?]|,?\s+(?:fyi|so|but|which|too|as well|though)\b|,\s*(?:i|we|my)\b|$)", re.I)
_ALLERGY_ZH = re.compile(r"(?:我|我也|我还)(?:也|还)?对(?P<names>[\u4e00-\u9fff、和及与跟]{2,16}?)(?:都|也)?过敏")
_SELF_EN = re.compile(r"\b(?:i|we|i've|we've|i'm|we're|my family|our family)\b", re.I)


def split_preferences(statements: list[Statement]) -> list[Statement]:
    """A preference whose subject lists several things is one preference per thing; "tea over coffee" is a
    preference for tea (the change cue supersedes the other liked drink)."""
    out = []
    for s in statements:
        subj = s.subject or ""
        if s.kind != "preference" or s.key or not subj:
            out.append(s)
            continue
        m = _OVER.match(subj)
        if m:
            subj = m.group(1).strip()
        over = (m.group(2).strip() if m else "") or _zh_over(s.text)
        if over and (s.polarity or 0) > 0:   # "now prefer tea over coffee": the old favourite is no longer liked
            out.append(replace(s, subject=over, polarity=-1, is_change=True))
        cjk = bool(re.search(r"[\u4e00-\u9fff]", subj))
        parts = [p.strip(" ,.") for p in (_SEP_ZH if cjk else _SEP_EN).split(subj) if p and p.strip(" ,.")]
        short = all(len(p) <= 6 if cjk else len(p.split()) <= 4 for p in parts)
        if 2 <= len(parts) <= 5 and short:
            out.extend(replace(s, subject=p) for p in parts)
        else:
            out.append(replace(s, subject=subj))
    return out


def _zh_over(text: str) -> str:
    m = _OVER_ZH.search(text or "")
    return m.group(1) if m else ""


def _pet_noun(noun: str, lang: str) -> str:
    for n in (noun[:-1] if lang == "en" and noun.endswith("s") else noun, noun):
        if lx.type_of_noun(n, lang) == "pet":
            return n
    return ""


def pets(text: str, lang: str, change: bool) -> list[Statement]:
    """The user's pets named in ``text``: ``pet`` = name for the user, ``species`` = the animal for the pet."""
    found: list[tuple[str, str]] = []
    for m in _PET_EN.finditer(text):
        noun = _pet_noun(m.group("noun").split()[-1], "en")
        if noun and _SELF_EN.search(text[:m.start()]):
            found += [(n, noun) for n in re.split(r"\s*(?:,|and|&)\s*", m.group("names")) if n]
    for m in _PET_ZH_LIST.finditer(text):
        found += [(n, m.group("noun")) for n in re.findall(r"[一另]只叫([\u4e00-\u9fff]{1,4}?)(?=[，,]|$)", m.group("rest"))]
    for m in _PET_ZH.finditer(text):
        noun = m.group("noun")
        if m.group("verb").startswith("养") or _pet_noun(noun, "zh"):
            found.append((m.group("names"), noun))
    out = []
    for name, noun in dict.fromkeys(found):
        out.append(Statement(kind="attribute", key="pet", value=name, language=lang, text=text.strip(),
                             is_change=change))
        out.append(Statement(kind="attribute", subject=name, key="species", value=noun, language=lang,
                             text=text.strip(), is_change=False))
    return out


def languages(text: str, lang: str, change: bool) -> list[Statement]:
    """Languages the user speaks ("I speak English and Portuguese", "我会说普通话、粤语和英语")."""
    names: list[str] = []
    for m in _LANG_EN.finditer(text):
        names += [n for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("names")) if n]
    for m in _LANG_ZH.finditer(text):
        names += [n for n in re.split(r"[、和及与]", m.group("names")) if n and n[-1] in "语话文"]
    return [Statement(kind="attribute", key="language", value=n, language=lang, text=text.strip(), is_change=change)
            for n in dict.fromkeys(names)]


def allergies(text: str, lang: str, change: bool) -> list[Statement]:
    """The user's allergies when a list names several ("I'm allergic to peanuts and to penicillin", "我对花生和芒果
    过敏"): one ``allergy`` statement each (a multi-valued key)."""
    names: list[str] = []
    for m in _ALLERGY_EN.finditer(text):
        listed = m.group("names")
        parts = [re.sub(r"^(?:to|the)\s+", "", p.strip(" ,"), flags=re.I) for p in _SEP_EN.split(listed)]
        # a list ends in "and"/"&" ("peanuts, shellfish and penicillin"); "peanuts, please remember that" is none
        if 2 <= len(parts) <= 5 and _LIST_END_EN.search(listed) and all(p and len(p.split()) <= 3 for p in parts):
            names += parts
    for m in _ALLERGY_ZH.finditer(text):
        parts = [p for p in re.split(r"[、和及与跟]", m.group("names")) if p]
        if 2 <= len(parts) <= 5 and all(len(p) <= 6 for p in parts):
            names += parts
    return [Statement(kind="attribute", key="allergy", value=n, language=lang, text=text.strip(), is_change=change)
            for n in dict.fromkeys(names)]
