"""Statements that lists carry (issue 17): several liked things ("Thai food and Italian food", "爬山和拍照"), pets
with their names ("two cats, Miso and Tofu", "养了一只仓鼠叫团子") and languages spoken ("I speak English and
Portuguese", "我会说普通话、粤语和英语"). Each item is a statement of its own, so each is a value of a
multi-valued key (graphmem.cardinality)."""

from __future__ import annotations

from dataclasses import replace

from graphmem import lang as langs

from .types import Statement


def split_preferences(statements: list[Statement]) -> list[Statement]:
    """A preference whose subject lists several things is one preference per thing; "tea over coffee" is a
    preference for tea (the change cue supersedes the other liked drink)."""
    out = []
    for s in statements:
        subj = s.subject or ""
        if s.kind != "preference" or s.key or not subj:
            out.append(s)
            continue
        over = ""
        for p in langs.packs():   # "tea over coffee", 比起咖啡，我更喜欢茶
            subj, over = p.fn("preferred_over")(subj, s.text)
            if over:
                break
        if over and (s.polarity or 0) > 0:   # "now prefer tea over coffee": the old favourite is no longer liked
            out.append(replace(s, subject=over, polarity=-1, is_change=True))
        p = langs.pack(langs.of_text(subj))
        parts = [x.strip(" ,.") for x in p.regex("list_sep").split(subj) if x and x.strip(" ,.")]
        short = all(p.fn("short_item")(x) for x in parts)
        if 2 <= len(parts) <= 5 and short:
            out.extend(replace(s, subject=x) for x in parts)
        else:
            out.append(replace(s, subject=subj))
    return out


def pets(text: str, lang: str, change: bool) -> list[Statement]:
    """The user's pets named in ``text``: ``pet`` = name for the user, ``species`` = the animal for the pet."""
    found = [pet for p in langs.packs() for pet in p.fn("pets")(text)]
    out = []
    for name, noun in dict.fromkeys(found):
        out.append(Statement(kind="attribute", key="pet", value=name, language=lang, text=text.strip(),
                             is_change=change))
        out.append(Statement(kind="attribute", subject=name, key="species", value=noun, language=lang,
                             text=text.strip(), is_change=False))
    return out


def languages(text: str, lang: str, change: bool) -> list[Statement]:
    """Languages the user speaks ("I speak English and Portuguese", "我会说普通话、粤语和英语")."""
    names = [n for p in langs.packs() for n in p.fn("languages_spoken")(text)]
    return [Statement(kind="attribute", key="language", value=n, language=lang, text=text.strip(), is_change=change)
            for n in dict.fromkeys(names)]


def owned(text: str, lang: str, change: bool) -> list[Statement]:
    """What the user owns ("I have an old MacBook Air", 家里有辆车): ``owns`` = the thing (a multi-valued key)."""
    names = [n for p in langs.packs() for n in p.fn("owned")(text)]
    return [Statement(kind="attribute", key="owns", value=n, language=lang, text=text.strip(), is_change=change)
            for n in dict.fromkeys(names) if n]


def allergies(text: str, lang: str, change: bool) -> list[Statement]:
    """The user's allergies when a list names several ("I'm allergic to peanuts and to penicillin", "我对花生和芒果
    过敏"): one ``allergy`` statement each (a multi-valued key)."""
    names = [n for p in langs.packs() for n in p.fn("allergy_list")(text)]
    return [Statement(kind="attribute", key="allergy", value=n, language=lang, text=text.strip(), is_change=change)
            for n in dict.fromkeys(names)]
