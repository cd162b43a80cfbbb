"""Facts about someone or something other than the user (issue 17): "Tom lives in Lyon, works as a nurse" (Tom's
job), "he grew up in Kyoto" (the person named before), "she's 4", "That laptop keeps overheating" (the laptop's
problem), "it was 1400 euros" (the price of what "it" is), "我姐姐在成都当护士", "那个笔记本键盘有个键松了",
"这双跑鞋三千五百块". English reads spaCy's dependency parse (subjects, conjoined verbs, copulas, appositions);
Chinese reads the words before a cue. Cue words: ``graphmem/lang/<code>/statement_cues.tsv`` (problem_adj, problem_verb,
currency, problem). The user's own facts are left to ``statements``.
"""

from __future__ import annotations

import re

from graphmem import lang as langs

from . import lexicon as lx
from .types import Statement

_PERSON_PRONOUNS = {"he", "she"}
_THING_DETS = {"that", "this", "my", "our", "the"}
_COPULA = {"is", "'s", "was", "are", "'re", "were", "’s"}


def _cues(category: str, lang: str) -> frozenset[str]:
    return frozenset(lx.statement_cues().get((category, lang), []))


def _st(key: str, value, subject: str, text: str, lang: str, change: bool, unit: str = "") -> Statement:
    return Statement(kind="attribute", subject=subject, key=key, value=value, language=lang, text=text.strip(),
                     is_change=change, unit=unit)


def _verb_span(verb) -> str:
    """The words of one predicate: its subject, the verb and its objects, without conjoined or embedded clauses
    ("My son Freddie is 3" of "My son Freddie is 3 and goes to a childminder …"): a fact's text says that fact."""
    skip = ("conj", "cc", "punct", "advcl", "ccomp", "parataxis", "mark", "relcl")
    idx = {verb.i}
    for c in verb.children:
        if c.dep_ not in skip:
            idx |= {t.i for t in c.subtree}
    lo, hi = min(idx), max(idx)
    return verb.doc[lo:hi + 1].text.strip(" ,.;")


def _clause_at(text: str, pos: int) -> str:
    """The clause of ``text`` around character ``pos`` (the statement's text, as ``statements`` gives it: a fact's
    text is its clause, so recall can tell it from the whole message)."""
    from .statements import _clauses

    for start, clause in _clauses(text):
        if start <= pos < start + len(clause):
            return clause.strip()
    return text.strip()


# ---- English ---------------------------------------------------------------------------------------------------

def _phrase(tok) -> str:
    """A noun with its adjectives and compounds: "a retired teacher" → "retired teacher"."""
    left = [t for t in tok.lefts if t.dep_ in ("amod", "compound", "nummod")]
    words = [t.text for t in left if t.i < tok.i] + [tok.text]
    return " ".join(words)


def _proper(tok) -> str:
    parts = [t.text for t in tok.lefts if t.dep_ == "compound" and t.pos_ == "PROPN"] + [tok.text]
    return " ".join(parts)


def _object(tok) -> str:
    """"the cabin near Keswick" (the noun, its modifiers and a following place), without its article."""
    words = [t for t in tok.subtree if t.i >= tok.i or t.dep_ in ("amod", "compound")]
    end = next((k for k, t in enumerate(words) if t.i > tok.i and t.dep_ not in ("prep", "pobj", "compound")
                and t.head.dep_ != "pobj"), len(words))
    return " ".join(t.text for t in words[:end])


def _subject(tok, last_person: str, last_thing: str) -> tuple[str, str]:
    """(surface, "person" | "thing") of a subject token; ("", "") when it is the user or nobody we can name."""
    low = tok.text.lower()
    if low in ("i", "we", "you", "they", "me"):
        return "", ""
    if low in _PERSON_PRONOUNS:
        return (last_person, "person") if last_person else ("", "")
    if low == "it":
        return (last_thing or "it", "thing")
    poss = [t for t in tok.lefts if t.dep_ == "poss"]
    if poss and poss[0].text.lower() in ("my", "our") and (tok.pos_ == "PROPN" or any(
            t.dep_ == "compound" and t.pos_ == "PROPN" for t in tok.lefts)):
        return f"{poss[0].text.lower()} {_proper(tok)}", "thing"    # "My ThinkPad X1": a thing the user has
    if tok.pos_ == "PROPN" and tok.text[:1].isupper() and tok.ent_type_ in ("PERSON", "") \
            and not lx.type_of_noun(tok.text):
        return _proper(tok), "person"
    if tok.pos_ == "NOUN" and poss and poss[0].text.lower() in ("my", "our"):
        name = next((t for t in tok.rights if t.dep_ == "appos" and t.pos_ == "PROPN"), None)
        if lx.role_of(f"my {tok.text}"):
            return (_proper(name) if name is not None else f"{poss[0].text.lower()} {tok.text}"), "person"
    dets = [t.text.lower() for t in tok.lefts if t.dep_ in ("det", "poss")]
    if tok.pos_ in ("NOUN", "PROPN") and lx.type_of_noun(tok.text) and dets and dets[0] in _THING_DETS:
        return f"{dets[0]} {_phrase(tok)}", "thing"
    return "", ""


def _verb_subject(verb, subjects: dict) -> tuple[str, str]:
    """The subject of ``verb``: its own nsubj, else the subject of the verb it is conjoined with."""
    seen = 0
    while verb is not None and seen < 4:
        if verb.i in subjects:
            return subjects[verb.i]
        if verb.dep_ != "conj" or verb.head is verb:
            return "", ""
        verb, seen = verb.head, seen + 1
    return "", ""


def en_facts(text: str, lang: str, change: bool) -> list[Statement]:
    """Facts about named others and things in an English message (see the module docstring)."""
    if "?" in text or not re.search(r"[A-Za-z]", text):
        return []
    from .nlp import english_doc

    doc = english_doc(text)
    subjects: dict[int, tuple[str, str]] = {}
    last_person = last_thing = ""
    for tok in doc:
        if tok.dep_ == "appos" and tok.pos_ == "PROPN" and lx.role_of(f"my {tok.head.text}"):
            last_person = _proper(tok)   # "we have a daughter, Lia, she's 4": Lia
        if tok.dep_ == "dobj" and tok.pos_ == "NOUN" and any(t.dep_ == "det" for t in tok.lefts):
            last_thing = _object(tok)    # "I'll book the cabin near Keswick, it's £85 a night": the cabin
        if tok.dep_ in ("nsubj", "nsubjpass"):
            who, kind = _subject(tok, last_person, last_thing)
            if tok.text.lower() in ("i", "we"):
                subjects[tok.head.i] = ("", "")
            elif who:
                subjects[tok.head.i] = (who, kind)
                if kind == "person":
                    last_person = who
                elif who != "it":
                    last_thing = who
    out: list[Statement] = []
    for verb in doc:
        if verb.pos_ not in ("VERB", "AUX") or verb.dep_ == "aux":
            continue
        who, kind = _verb_subject(verb, subjects)
        if not who:
            continue
        clause = _verb_span(verb)
        out += _person_facts(verb, who, clause, lang, change) if kind == "person" else \
            _thing_facts(verb, who, doc, clause, lang, change)
    seen, uniq = set(), []
    for s in out:
        if (s.subject, s.key, str(s.value)) not in seen:
            seen.add((s.subject, s.key, str(s.value)))
            uniq.append(s)
    return uniq


def _pobj(verb, prep: str):
    for p in verb.rights:
        if p.dep_ == "prep" and p.text.lower() == prep:
            return next((o for o in p.rights if o.dep_ == "pobj"), None)
    return None


def _person_facts(verb, who: str, text: str, lang: str, change: bool) -> list[Statement]:
    v = verb.text.lower()
    out = []
    if v.startswith("work"):
        job = _pobj(verb, "as")
        if job is not None:
            out.append(_st("job", _phrase(job), who, text, lang, change))
    if v in ("grew", "grown", "raised") and (place := _pobj(verb, "in")) is not None and place.text[:1].isupper():
        out.append(_st("hometown", _proper(place), who, text, lang, change))
    if v in _COPULA:
        for t in verb.rights:
            if t.dep_ == "attr" and t.pos_ == "NOUN" and _is_occupation(_phrase(t)):
                out.append(_st("job", _phrase(t), who, text, lang, change))
                place = _pobj(t, "in")
                if place is not None and place.text[:1].isupper():
                    out.append(_st("location", _proper(place), who, text, lang, change))
            elif t.dep_ in ("attr", "acomp") and t.pos_ == "NUM" and t.text.isdigit() and int(t.text) < 120 \
                    and not any(c.dep_ in ("quantmod",) for c in t.children):
                out.append(_st("age", int(t.text), who, text, lang, change))
            elif t.dep_ == "acomp" and t.ent_type_ == "NORP":
                out.append(_st("nationality", t.text, who, text, lang, change))
            elif t.dep_ == "acomp" and t.text.lower() == "allergic" and (x := _pobj(t, "to")) is not None:
                out.append(_st("allergy", _phrase(x), who, text, lang, change))
    return out


def _is_occupation(phrase: str) -> bool:
    p = phrase.lower()
    return any(p == o or p.endswith(" " + o) for o in lx.occupations() if o.isascii())


def _thing_facts(verb, who: str, doc, text: str, lang: str, change: bool) -> list[Statement]:
    v = verb.text.lower()
    out = []
    if who == "it":   # a bare "it" is a price of what the conversation was about, never a problem: "it's freezing"
        return [s for s in _price_facts(verb, who, text, lang, change)]
    if v in ("keeps", "keep", "kept") and verb.i + 1 < len(doc) and doc[verb.i + 1].text.lower().endswith("ing"):
        out.append(_st("problem", doc[verb.i + 1].text.lower(), who, text, lang, change))
    elif v in _cues("problem_adj", "en") and any(c.dep_ == "auxpass" for c in verb.lefts):   # "is broken"
        out.append(_st("problem", v, who, text, lang, change))
    elif v in _cues("problem_verb", "en") and any(c.dep_ == "aux" and c.text.lower() in _COPULA | {"been"}
                                                   for c in verb.lefts):
        out.append(_st("problem", v, who, text, lang, change))
    if v in _COPULA:
        for t in verb.rights:
            years = [n for n in t.lefts if n.dep_ == "npadvmod" and n.text.lower() in ("years", "year", "months")]
            if t.dep_ == "acomp" and t.text.lower() == "old" and years:   # "My ThinkPad X1 is 5 years old"
                num = next((n.text for n in years[0].lefts if n.like_num), "")
                if num:
                    out.append(_st("age", f"{num} {years[0].text.lower()}", who, text, lang, change))
            if t.dep_ == "acomp" and t.text.lower() in _cues("problem_adj", "en"):
                adv = [a.text for a in t.lefts if a.dep_ == "advmod"] + \
                      [a.text for a in verb.children if a.dep_ == "advmod" and a.i < t.i]
                out.append(_st("problem", " ".join(dict.fromkeys(adv + [t.text])), who, text, lang, change))
    return out + _price_facts(verb, who, text, lang, change)


def _price_facts(verb, who: str, text: str, lang: str, change: bool) -> list[Statement]:
    """"it was 1400 euros", "the cabin costs £85": the subject's price."""
    v = verb.text.lower()
    out = []
    if v in _COPULA:
        for t in verb.rights:
            if t.dep_ == "attr" and (price := _price(t)) is not None:
                out.append(_st("price", price[0], who, text, lang, change, unit=price[1]))
    if v in ("cost", "costs") and (obj := next((t for t in verb.rights if t.dep_ == "dobj"), None)) is not None \
            and (price := _price(obj)) is not None:
        out.append(_st("price", price[0], who, text, lang, change, unit=price[1]))
    return out


def _price(tok) -> tuple[float, str] | None:
    """"1400 euros", "$85", "£85" → (amount, currency word)."""
    cur = _cues("currency", "en")
    nums = [t for t in tok.subtree if t.pos_ == "NUM" or t.like_num]
    signs = [t.text.lower() for t in tok.subtree if t.text.lower() in cur]
    if not nums or not signs:
        return None
    try:
        value = float(nums[0].text.replace(",", ""))
    except ValueError:
        return None
    return (int(value) if value.is_integer() else value), signs[0]


# ---- every language: each pack's rules ------------------------------------------------------------------------

def facts(text: str, lang: str, change: bool) -> list[Statement]:
    """Facts about named others and things, read by the pack of the text's script (English: :func:`en_facts`;
    Chinese: a named thing's problem and price)."""
    return langs.pack(langs.of_text(text)).fn("others_facts")(text, lang, change)


def named_ages(text: str, lang: str, change: bool) -> list[Statement]:
    """An age said in its own clause right after a name ("我有个女儿叫朵朵，今年六岁"): that person's."""
    return langs.pack(langs.of_text(text)).fn("named_ages")(text, lang, change)


def learning(text: str, lang: str, change: bool) -> list[Statement]:
    """What the user (or a named person) is learning: "I'm learning Japanese", "朵朵在学钢琴和游泳", "我最近在学吉他"
    (a multi-valued key: one statement a thing); every pack's ``learning``."""
    return [s for p in langs.packs() for s in p.fn("learning")(text, lang, change)]


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


def _known_name(word: str, text: str) -> bool:
    """``word`` reads as a person's name: a nickname shape (朵朵, 小宝, 阿杰, 老王) or jieba's nr where it stands."""
    from .nlp import zh_tokens

    if (len(word) == 2 and word[0] == word[1]) or (len(word) in (2, 3) and word[0] in "小阿老"):
        return True
    return any(w == word and flag == "nr" for w, flag, _, _ in zh_tokens(text))


def _zh_thing(word: str) -> str:
    """The first jieba word of ``word`` when it is a known thing noun ("笔记本键盘有个键" → "笔记本"), or ""."""
    from .nlp import zh_tokens

    toks = zh_tokens(word)
    first = toks[0][0] if toks else ""
    return first if first and lx.type_of_noun(first, "zh") not in ("", "person") else ""
