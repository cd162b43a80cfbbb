"""Mention extraction: English via spaCy (NER + noun chunks), Chinese via spaCy blank zh + jieba POS flags.

The user's known names and aliases (a ``Gazetteer``) are found first and win over model guesses, so a brand
that jieba mis-tags (联想 as a verb) or spaCy misses (a lower-cased "thinkpad") is still a named mention.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Iterable, Sequence

from graphmem import lang as langs

from . import lexicon as lx
from . import nlp
from .common_words import is_common_word
from .normalize import detect_language, has_cjk, normalise
from .types import Mention

_PUNCT = set("，。！？、,.!?;；：:（）()【】[]「」“”\"'‘’…~～\n\t")
_ZH_NAMED_FLAGS = {"nr", "nrfg", "nrt", "ns", "nt", "nz", "eng"}
_EN_ENT_LABELS = {"PERSON", "ORG", "PRODUCT", "GPE", "LOC", "FAC", "WORK_OF_ART", "EVENT"}
_EN_NAME_LABELS = {"PERSON", "GPE", "LOC", "FAC"}   # a recogniser's person or place is a name, common word or not
_EN_ENT_TYPE = {"PERSON": "person", "GPE": "geo", "LOC": "place", "FAC": "place", "ORG": "organization"}
_PRIORITY = {"demonstrative": 0, "possessive": 0, "pronoun": 1, "named": 2, "noun": 3}


def is_english_text(text: str) -> bool:
    """Whether a message's mentions come from the English spaCy parse (else jieba, or nothing when empty)."""
    return bool(text and text.strip()) and not (has_cjk(text) and detect_language(text) != "en")


def extract_mentions(text: str, known=None) -> list[Mention]:
    """Mentions in one message, in text order. ``known``: the user's ``Gazetteer`` (optional)."""
    if not text or not text.strip():
        return []
    lang = detect_language(text)
    gaz = known.find(text) if known is not None and len(known) else []
    if has_cjk(text) and lang != "en":
        return _named_descriptions(_no_fillers(_zh_mentions(text, gaz, known, lang)), text)
    return _named_descriptions(_no_fillers(_en_mentions(text, nlp.english_doc(text), gaz, known, lang)), text)


def known_names(text: str, known=None) -> tuple:
    """All that ``known`` adds to ``extract_mentions(text, known)``: its name spans in ``text`` with their ids and
    the type those ids give. Two gazetteers with the same view give the same mentions (``linking.analysis``)."""
    if not text or not text.strip() or known is None or not len(known):
        return ()
    return tuple((s, e, ids, _type_of_ids(known, ids)) for s, e, ids in known.find(text))


def _no_fillers(ms: list[Mention]) -> list[Mention]:
    """A filler, an interjection, small talk ("hey hey", "谢谢") or a number word ("ELEVEN") is never a mention
    ("好饿，去吃饭了 bye", "aaaah I'm so happy"); the words are the packs' fillers, interjection and number_word."""
    fillers, phrases = lx.fillers(), lx.gate_phrases()

    def empty(m: Mention) -> bool:
        low = m.surface.lower()
        if low in fillers or langs.union("interjection").match(low):
            return True
        if m.kind != "named" or m.known_ids:
            return False
        words = low.split()
        return all(w in fillers or w in phrases for w in words) or low in phrases or bool(langs.union("number_word").match(low))

    return [m for m in ms if not empty(m)]


DESCRIBED = "described:"   # a named mention's modifier: the possessive description it names ("described:My car")


def descriptions(m: Mention) -> list[str]:
    """The possessive descriptions a named mention stands for ("our cat" of "our cat Biscotti"): its aliases."""
    return [x[len(DESCRIBED):] for x in m.modifiers if x.startswith(DESCRIBED)]


@langs.cached
def _described_rows() -> tuple:
    return tuple(p.patterns("described_name") for p in langs.packs())


def _named_descriptions(ms: list[Mention], text: str) -> list[Mention]:
    """A possessive description the text names is that name's alias, not an entity of its own: "our cat Biscotti",
    "My car is a 2015 Honda Fit", "My cat is named Python", 我的手机是iPhone 13, 我家猫，它叫年糕. The description
    leaves the mentions and rides on the name as a ``described:`` modifier (the writer makes it an alias). A
    named name gives the description's type; a copula or apposition needs agreeing types (each pack's
    ``described_name.tsv``)."""
    if not any(m.kind == "possessive" for m in ms):
        return ms
    out = list(ms)
    for m in ms:
        if m.kind != "possessive" or m.known_ids or "name" in m.modifiers or not (m.type or m.role) or m not in out \
                or m.surface.strip() == m.head:
            continue   # (a bare kin word, 父亲, has no possessor: not the user's)
        nxt = next((n for n in out if n.start >= m.end), None)
        for rows in _described_rows():
            named = rows.get("naming") and rows["naming"].match(text, m.end)
            if named and named.end() > m.end:
                if nxt is None or nxt.start != named.end() or nxt.kind != "named":
                    nxt = _name_after(text, named.end(), rows.get("end"), m)
                if nxt is None or nxt.known_ids and nxt.type and not lx.compatible(nxt.type, m.type):
                    break
                typ = m.type or nxt.type
            elif nxt is not None and nxt.kind == "named" and not (nxt.type and m.type and not (
                    lx.compatible(nxt.type, m.type) or lx.compatible(m.type, nxt.type))):
                gap = text[m.end:nxt.start]
                end = rows.get("end")
                if not (rows.get("apposition") and rows["apposition"].fullmatch(gap) or rows.get("copula") and
                        rows["copula"].fullmatch(gap) and end is not None and end.match(text, nxt.end)):
                    continue
                typ = nxt.type or m.type
                if gap.strip() and rows["apposition"].fullmatch(gap):   # "our neighbour Mrs. Okafor": the title's
                    at = m.end + gap.index(gap.strip())
                    out.remove(nxt)
                    nxt = replace(nxt, surface=text[at:nxt.end], start=at, head=text[at:nxt.end])
            else:
                continue
            if text[nxt.end:nxt.end + 2] in ("'s", "’s", "的"):
                break   # "my sister is Anna's friend": the name owns something else
            if nxt in out:
                out.remove(nxt)
            out.remove(m)
            out.append(replace(nxt, type=typ, modifiers=nxt.modifiers + (DESCRIBED + m.surface,)))
            break
    return sorted(out, key=lambda x: x.start)


def _name_after(text: str, start: int, end_re, m: Mention) -> Mention | None:
    """The name a naming verb introduces where no mention starts ("它叫年糕"): up to the end of the clause, a few
    characters or two words, the description's language."""
    stop = start
    while stop < len(text) and not (end_re is not None and end_re.match(text, stop) and stop > start):
        stop += 1
        if stop - start > 24:
            return None
    name = text[start:stop].strip()
    if not name or len(name.split()) > 2 or (has_cjk(name) and len(name) > 5) or not name[0].isalpha():
        return None
    s = start + text[start:stop].index(name)
    return Mention(name, s, s + len(name), "named", head=name, type=m.type, language=m.language)


def _prepare(text: str, gaz, known, lang: str):
    clean, variants = _split_variants(text, gaz)
    return clean, _gaz_mentions(text, clean + variants, known, lang)


def extract_mentions_batch(texts: Sequence[str], known=None, batch_size: int = 64) -> list[list[Mention]]:
    """Like ``extract_mentions`` for many messages; English ones go through ``nlp.pipe`` (faster)."""
    out: list[list[Mention] | None] = [None] * len(texts)
    en_idx = []
    for i, t in enumerate(texts):
        if is_english_text(t):
            en_idx.append(i)
        else:
            out[i] = extract_mentions(t, known)
    if en_idx:
        docs = nlp.english_docs([texts[i] for i in en_idx], batch_size=batch_size)
        for i, doc in zip(en_idx, docs):
            t = texts[i]
            gaz = known.find(t) if known is not None and len(known) else []
            out[i] = _named_descriptions(_no_fillers(_en_mentions(t, doc, gaz, known, detect_language(t))), t)
    return [o or [] for o in out]


# ---- shared helpers -----------------------------------------------------------------------------------------

def _type_of_ids(known, ids: Iterable[str]) -> str:
    if known is None:
        return ""
    types = {known.get(i).type for i in ids if known.get(i) is not None}
    return types.pop() if len(types) == 1 else ""


def _variant() -> re.Pattern:
    """A model after a name: a code with a digit ("M3", "15") or a suffix word of ``linking/data/model_suffixes.tsv``
    ("Pro"), and one more suffix word marked ``again`` ("15 Pro Max")."""
    words = lx.model_suffixes()
    one = "|".join(re.escape(w) for w, _ in words)
    again = "|".join(re.escape(w) for w, a in words if a)
    return _compiled(rf"[ \t]?(?:[A-Za-z]{{0,3}}\d+[A-Za-z0-9]*|{one})(?![A-Za-z0-9])"
                     rf"(?:[ \t]+(?:{again})(?![A-Za-z0-9]))?")


@lru_cache(maxsize=64)
def _compiled(pattern: str) -> re.Pattern:
    return re.compile(pattern)


def _gaz_mentions(text: str, gaz, known, lang: str) -> list[Mention]:
    """Known names found in the text. "MacBook Air M3" is not the user's "MacBook Air (M2)": a model
    extension right after a known name makes it a named mention of its own, resolved by fuzzy matching."""
    out = []
    for s, e, ids in gaz:
        if ids == ():   # a variant span (see _split_variants)
            out.append(Mention(text[s:e], s, e, "named", head=text[s:e], language=lang, modifiers=("variant",)))
            continue
        out.append(Mention(text[s:e], s, e, "named", head=text[s:e], type=_type_of_ids(known, ids), language=lang,
                           known_ids=ids))
    return out


def _split_variants(text: str, gaz):
    """Known-name spans, minus those extended by a model suffix ("MacBook Air" + " M3"), which come back as
    (start, end, ()) so they are named mentions without a gazetteer verdict."""
    clean, variants = [], []
    for s, e, ids in gaz:
        v = _variant().match(text, e)
        if v and v.end() > e and text[e - 1:e].isalnum():
            variants.append((s, v.end(), ()))
        else:
            clean.append((s, e, ids))
    return clean, variants


def _inner_gaz(gaz, start: int, end: int):
    for s, e, ids in gaz:
        if s >= start and e <= end:
            return s, e, ids
    return None


def _resolve_overlaps(ms: list[Mention]) -> list[Mention]:
    # a known name wins over a model guess it only partly overlaps ("The Model 3 update" → "Model 3")
    ms = sorted(ms, key=lambda m: (0 if m.known_ids else 1, _PRIORITY[m.kind], -(m.end - m.start), m.start))
    kept: list[Mention] = []
    for m in ms:
        if all(m.end <= k.start or m.start >= k.end for k in kept):
            kept.append(m)
    return sorted(kept, key=lambda m: m.start)


def _absorb(outer: Mention, gaz, known=None) -> Mention:
    """A demonstrative/possessive phrase containing a known name carries that name's ids."""
    inner = _inner_gaz(gaz, outer.start, outer.end)
    # only when the name is the head: "my thinkpad x1", "那个ThinkPad" — not "my sister's wedding"
    if inner and not outer.known_ids and (inner[1] == outer.end or outer.head and
                                           outer.head in outer.surface[inner[0] - outer.start:]):
        return replace(outer, known_ids=inner[2], type=outer.type or _type_of_ids(known, inner[2]),
                       head=outer.surface[inner[0] - outer.start:inner[1] - outer.start])
    return outer


# ---- Chinese ------------------------------------------------------------------------------------------------

def _starts_with_any(text: str, i: int, words: Sequence[str]) -> str:
    for w in words:  # longest first
        if text.startswith(w, i):
            return w
    return ""


def _zh_head(text: str, j: int, gaz, allow_far: bool = True) -> tuple[int, int, str]:
    """Find the head noun after a determiner ending at ``j``: (start, end, head) or (j, j, '')."""
    k = j
    while k < len(text) and text[k] == " ":
        k += 1
    window_end = k
    while window_end < len(text) and window_end - k < 12 and text[window_end] not in _PUNCT:
        window_end += 1
    nouns = lx.zh_type_nouns()
    for p in range(k, window_end):
        between = text[k:p]
        if p > k and not (p - k <= 2 or "的" in between):
            continue
        if p > k and not allow_far:
            break
        for s, e, _ids in gaz:
            if s == p:
                return s, e, text[s:e]
        for L in range(min(5, window_end - p), 0, -1):
            w = text[p:p + L]
            if w in nouns:
                # prefer the longest noun ending here ("咖啡店" over "店")
                return p, p + L, w
        m = re.match(r"[A-Za-z][A-Za-z0-9\-]*", text[p:window_end])
        if m and (p == k or "的" in between):
            return p, p + m.end(), m.group(0)
    return j, j, ""


def _zh_recall(text: str, i: int) -> bool:
    back = text[max(0, i - 14):i].rstrip()
    if not back.endswith("的"):
        return False
    seg = re.split(r"[，。！？,.!?；;]", back)[-1]
    return any(v in seg for v in lx.markers("zh_recall_verb")) or any(t in seg for t in lx.markers("zh_recall_time"))


def _zh_mentions(text: str, gaz, known, lang: str) -> list[Mention]:
    toks = nlp.zh_tokens(text, [(s, e) for s, e, _ in gaz if " " not in text[s:e] and has_cjk(text[s:e])])
    starts = {s for _, _, s, _ in toks}
    gaz, out = _prepare(text, gaz, known, lang)
    classifiers, dets = lx.markers("zh_classifier"), lx.marker_set("zh_det_char")
    nouns = lx.zh_type_nouns()
    others = lx.markers("zh_other")
    others_begin = {w[0] for w in others}   # a character no such word starts with needs no look

    # demonstratives ("那个笔记本", "这台车", "那家店", "之前说的那个方案", "另一个") and indefinites ("一个手机")
    i = 0
    while i < len(text):
        ch = text[i]
        other = _starts_with_any(text, i, others) if ch in others_begin else ""
        kind = None
        plural = False
        if other:
            j, kind, cls = i + len(other), "demonstrative", other[-1]
        elif ch in dets and not (i > 0 and text[i - 1] in dets):
            j = i + 1
            plural = False
            if text.startswith("些", j):
                j, plural = j + 1, True
            if text[j:j + 1] in lx.marker_set("zh_det_count") and _starts_with_any(text, j + 1, classifiers):
                j, plural = j + 1, True
            if text.startswith("一", j) and _starts_with_any(text, j + 1, classifiers):
                j += 1
            cls = _starts_with_any(text, j, classifiers)
            j += len(cls)
            if j < len(text) and text[j] in lx.marker_set("zh_det_not_head") and not cls:
                i += 1
                continue
            kind = "demonstrative"
        elif ch in lx.marker_set("zh_count_char") and _starts_with_any(text, i + 1, classifiers) \
                and not (i > 0 and text[i - 1].isdigit()):
            cls = _starts_with_any(text, i + 1, classifiers)
            j, kind = i + 1 + len(cls), "noun"
        if kind is None:
            i += 1
            continue
        if _starts_with_any(text, j, lx.markers("zh_time_after_det")):
            i = j
            continue
        _, he, head = _zh_head(text, j, gaz)
        if not head and kind == "demonstrative" and cls:
            # an untyped head noun right after the determiner ("这个问题")
            tok = next((t for t in toks if t[2] == j), None)
            if tok and tok[1].startswith("n") and tok[0] not in _PUNCT:
                he, head = tok[3], tok[0]
        if not head and (kind == "noun" or not cls):
            i = max(j, i + 1)
            continue
        end = he if head else j
        typ = lx.type_of_noun(head, "zh") if head else ""
        if head and not typ:
            typ = lx.brands().get(normalise(head), "")
        mods = []
        if head and head.isascii() and any(ch.isupper() for ch in head) and not other:
            mods.append("name")     # "那个MacBook": a name, resolved by name rather than by type
        if other:
            mods.append("other")
        if ch == "哪" and not other:
            mods.append("which")
        if kind == "demonstrative" and not other and ch in "这那" and plural:
            mods.append("plural")
        if kind == "noun":
            mods.append("indefinite")
        m = Mention(text[i:end], i, end, kind, head=head, type=typ, language=lang, role=lx.role_of(head),
                    modifiers=tuple(mods), recall_cue=kind == "demonstrative" and _zh_recall(text, i))
        out.append(_absorb(m, gaz, known))
        i = max(end, i + 1)

    # pronouns (它, 他, 她) — single jieba words only, so 其他/吉他/他们 are not pronouns
    thing_p = lx.marker_set("zh_pronoun_thing")
    person_p = lx.marker_set("zh_pronoun_person")
    for w, f, s, e in toks:
        if w in lx.marker_set("zh_pronoun_single"):
            typ = "person" if w in person_p else ""
            out.append(Mention(w, s, e, "pronoun", head=w, type=typ, language=lang,
                               modifiers=() if w in person_p else ("nonperson",)))
        elif w in thing_p | person_p:
            continue

    # possessives ("我妹妹", "我的电脑", "我家狗", "我老板")
    roles = lx.role_words()
    for w, f, s, e in toks:
        if not w.startswith("我"):
            continue
        possessor = _starts_with_any(text, s, lx.markers("zh_possessor"))
        if not possessor:
            continue
        j = s + len(possessor)
        if possessor == "我" and j < len(text) and text[j] in "们":
            if not lx.role_of(text[j + 1:j + 3]) and not lx.role_of(text[j + 1:j + 2]):
                continue   # "我们女儿朵朵": our relative; "我们去", "我们公司": no possessive here
            possessor, j = possessor + text[j], j + 1
        inner = next((g for g in gaz if g[0] == j), None)
        if inner:
            out.append(Mention(text[s:inner[1]], s, inner[1], "possessive", head=text[inner[0]:inner[1]],
                               type=_type_of_ids(known, inner[2]), language=lang, known_ids=inner[2]))
            continue
        head = ""
        for L in range(4, 0, -1):
            cand = text[j:j + L]
            if len(cand) == L and cand.isalnum() and (normalise(cand) in roles or cand in nouns):
                head = cand
                break
        if not head or (j + len(head) not in starts and j + len(head) < len(text)):
            # "我妈" is fine; "我爱" is not a possessive — the head must end on a jieba word boundary
            if not head:
                continue
        end = j + len(head)
        rest = text[end:end + 4]
        next_tok = next((t for t in toks if t[2] == end), None)
        role = lx.role_of(head)
        if len(head) == 1 and not role and next_tok is not None and next_tok[1].startswith("v"):
            continue  # "我会说英语", "我要买": a modal verb before a verb, not "my meeting"
        if not role and any(lx.role_of(text[end:end + n]) or lx.type_of_noun(text[end:end + n], "zh") == "person"
                            for n in (2, 3)):
            continue  # "我大学同学小林": 大学 says which classmate; the classmate is the mention
        typ = "person" if role and role not in ("dog", "cat") else ("pet" if role else lx.type_of_noun(head, "zh"))
        if role and any(g[0] == end for g in gaz):
            continue  # apposition with a known name: the gazetteer's mention
        name_end = _zh_name_end(toks, end) if role else None
        if name_end:   # apposition "我同事李娜", "我女儿朵朵", "我同事小刘", "我老板 Mark": the name is the mention
            said = text[s:end]
            end += len(text[end:name_end]) - len(text[end:name_end].lstrip())
            out.append(Mention(text[end:name_end], end, name_end, "named", head=text[end:name_end],
                               type="pet" if role in ("dog", "cat") else "person", language=lang,
                               modifiers=(DESCRIBED + said,)))
            continue
        del rest
        out.append(Mention(text[s:end], s, end, "possessive", head=head, type=typ, language=lang, role=role))

    # a bare kinship word is the user's relative ("奶奶上周摔了一跤", "大姑说…"), unless someone else's ("他奶奶")
    taken = [(m.start, m.end) for m in out]
    named_kin = {}
    for w, f, s, e in toks:
        role = lx.role_of(w) if len(w) >= 2 and w not in lx.marker_set("zh_not_kin") else ""
        if role in lx.FAMILY_ROLES and not any(a <= s < b for a, b in taken) \
                and text[max(0, s - 1):s] not in lx.marker_set("zh_owner"):
            if _zh_name_end(toks, e):
                named_kin[e] = w   # "表哥小峰", "儿子小宝": the name is the mention, the kin word its alias
            else:
                out.append(Mention(w, s, e, "possessive", head=w, type="person", language=lang, role=role))

    # named words from jieba POS flags (and merged Latin runs: "Model 3", "Type-C")
    eng_stop = lx.marker_set("zh_eng_stop")
    surn = lx.surnames()
    n = len(toks)
    k = 0
    while k < n:
        w, f, s, e = toks[k]
        if f not in _ZH_NAMED_FLAGS:
            k += 1
            continue
        if f in ("nr", "nrfg") and (not (len(w) >= 2 and (w[0] in surn or w[:2] in surn)) or lx.role_of(w)):
            k += 1
            continue   # not a surname first, or a kinship or role word ("她老公", "老板"): no name
        if f in ("nr", "nrfg") and len(w) == 2 and w[1] in lx.marker_set("zh_intensifier") and k + 1 < n \
                and toks[k + 1][1].startswith("a"):
            k += 1
            continue   # "掉毛超厉害": a character and an intensifier before an adjective, not a name (毛超)
        cl = toks[k - 1][0][-1:] if k > 0 and toks[k - 1][1] == "m" else ""
        if f != "eng" and cl in classifiers and cl not in _counted_types() and nlp.zh_flag(w) \
                and cl not in lx.marker_set("zh_classifier_keeps_name") and normalise(w) not in lx.brands() \
                and (k + 1 == n or toks[k + 1][1].startswith(("x", "w", "u", "y", "v", "d", "p", "c"))):
            k += 1
            continue   # "住院一个礼拜", "刷到一个段子": a counted dictionary word is a common noun; not a product
            # (一辆捷安特), the going (去了一次云台山), a person (一位陈小姐, 一个梁姐), a word before more (一个香港储蓄险)
        if f.startswith("nr") and len(w) > 2 and w[-1:] in lx.marker_set("zh_people_suffix") \
                and nlp.zh_flag(w) and nlp.zh_flag(w[:-1]) == "ns":
            out.append(Mention(w[:-1], s, e - 1, "named", head=w[:-1], type="geo", language=lang))
            k += 1
            continue   # "马来西亚人": someone from a place; the place is the mention
        end_k = k
        if f == "eng":
            while end_k + 1 < n:
                nw, nf, ns_, ne = toks[end_k + 1]
                if nf == "eng" or (nw.isascii() and (nw.isdigit() or nw.isalnum())) or _ACCENTED.fullmatch(nw):
                    end_k += 1
                elif nw in (" ", "-") and end_k + 2 < n and toks[end_k + 2][0].isascii() \
                        and toks[end_k + 2][0].strip() and toks[end_k + 2][0][0].isalnum():
                    end_k += 2
                else:
                    break
        elif f == "ns":   # "海淀黄庄", "平江路", "南京西路": one place; "北欧风" is a style, not a place
            suffix, chars = lx.marker_set("zh_place_suffix"), lx.marker_set("zh_place_char")
            admin = lx.marker_set("zh_admin_suffix")
            while end_k + 1 < n and (toks[end_k + 1][1] == "ns" or toks[end_k + 1][0] in suffix
                                     or toks[end_k + 1][1].startswith("nr") and toks[end_k + 1][0][-1:] in chars):
                if toks[end_k][0][-1:] in admin and toks[end_k + 1][1] == "ns":
                    break   # "朝阳区望京": a district, then the place in it, two places
                end_k += 1
            if end_k + 1 < n and toks[end_k + 1][0] in lx.marker_set("zh_style_suffix"):
                k = end_k + 1
                continue
        s0, e0 = s, toks[end_k][3]
        surface = text[s0:e0]
        k = end_k + 1
        if f == "eng" and (surface.lower() in eng_stop or (surface.islower() and lx.type_of_noun(surface, "en"))):
            continue
        if f == "eng" and _LOWER_WORDS.fullmatch(surface) and normalise(surface) not in lx.brands():
            continue   # "producer", "push 到", "we met in the middle": English words in Chinese, not names
        if f == "eng" and len(_ALPHA_WORD.findall(surface)) >= 2 and any(
                normalise(w) not in lx.brands() for w in _LOWER_WORD.findall(surface)):
            out += _en_names_in(text, s0, e0, lang)
            continue   # "My roommate", "a guy from work called Tom": English prose, read by the English rules
        if f == "nz" and k < n and toks[k][1] in ("n", "vn") and toks[k][2] == e0:
            continue   # "中文输入法", "英语老师": a word that modifies the noun after it, not a thing of its own
        typ = _brand_type(surface) or ("person" if surface in surn else "") \
            or {"nr": "person", "nrfg": "person", "ns": "geo", "nt": "organization"}.get(f, "") \
            or lx.type_of_noun(surface, "zh")   # a surname alone (欧阳) is how a person is called
        out.append(Mention(surface, s0, e0, "named", head=surface, type=typ, language=lang))

    # bare type nouns ("笔记本有点卡") aligned on jieba words
    for w, f, s, e in toks:
        if w in nouns and f.startswith("n") and len(w) >= 2:
            # "太重的电脑": a described kind of thing, not a reference to one already talked about
            generic = ("generic",) if s > 0 and text[s - 1] == "的" else ()
            out.append(Mention(w, s, e, "noun", head=w, type=nouns[w], language=lang, modifiers=generic))
    out += _zh_counted_products(text) + _zh_model_names(text, toks) + _zh_homophones(text, toks, known, lang)
    out = [replace(m, modifiers=m.modifiers + (DESCRIBED + named_kin[m.start],))
           if m.kind == "named" and m.start in named_kin and not m.known_ids and not descriptions(m) else m
           for m in out]
    return _resolve_overlaps(_zh_context_types(_zh_proper_with_common(out, text), text))


def _zh_homophones(text: str, toks, known, lang: str) -> list[Mention]:
    """A known Chinese name typed with a homophone (厦们 for 厦门), which jieba cuts into pieces: a span of whole
    jieba words, not itself a dictionary word, that sounds like a known non-person name with one character off.
    A named mention without ids; ``resolve`` links it to the one known entity it sounds like."""
    if known is None or not len(known):
        return []
    out = []
    for i, (w, f, s, e) in enumerate(toks):
        for j in range(i, min(i + 4, len(toks))):
            end = toks[j][3]
            if end - s > 4 or not toks[j][1].startswith(_TYPO_FLAGS) or not _CJK_RUN.fullmatch(toks[j][0]):
                break       # a typo's pieces are nouns or morphemes jieba could not place (厦/j 们/k), not 都/d 是/v
            span = text[s:end]
            if end - s < 2 or j == i and f.startswith("nr") or nlp.zh_is_word(span):
                continue    # a name jieba reads as a person's (华伟 is not 华为) or a word of its own
            ids = [x for x in known.homophones(span) if known.get(x).type != "person"]
            if len(ids) == 1:
                typ = known.get(ids[0]).type
                out.append(Mention(span, s, end, "named", head=span, type=typ, language=lang,
                                   modifiers=("homophone",)))
    return out


_TYPO_FLAGS = ("n", "j", "k", "b", "g", "tg")     # jieba flags: nouns, abbreviations, affixes, morphemes
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")


_MODEL_CODE = re.compile(r"[A-Za-z]{0,6}[ -]?\d+[A-Za-z0-9-]*(?![A-Za-z0-9])")


def _zh_model_names(text: str, toks) -> list[Mention]:
    """A Chinese name with a model code glued to it is one product: 哈弗H6, 华为Mate 60, 小米13 Pro (a code that
    starts with a letter, or digits after a known brand: not 房租3000, 月薪 25k)."""
    out = []
    for w, f, s, e in toks:
        if len(w) < 2 or not has_cjk(w) or not (f.startswith("n") or normalise(w) in lx.brands()):
            continue
        m = _MODEL_CODE.match(text, e)
        if not m or not (m.group(0)[:1].isalpha() or normalise(w) in lx.brands()):   # not 月薪 25k
            continue
        end = m.end()
        v = _variant().match(text, end)
        if v and v.end() > end:
            end = v.end()
        surface = text[s:end]
        out.append(Mention(surface, s, end, "named", head=surface, type=lx.brands().get(normalise(w), "") or "product",
                           language="zh"))
    return out


def _zh_context_types(ms: list[Mention], text: str) -> list[Mention]:
    """An untyped name takes its type from the words around it: 在X工作, 在深圳X做产品, 跳槽去X → organization; 去X, 住在X,
    在X (not 在X家, 在X上) → place; a person-tagged name ending in a place character after such a verb (爬白云山)
    → place; 找X, 约X, 问X → person."""
    work, verbs, joins = lx.markers("zh_work_after"), lx.markers("zh_place_verb"), lx.markers("zh_work_before")
    not_after, chars = lx.markers("zh_not_place_after"), lx.marker_set("zh_place_char")
    people = lx.markers("zh_person_before")
    geo = [m for m in ms if m.type == "geo"]
    out = []
    for m in ms:
        if m.kind != "named" or m.known_ids or m.type not in ("", "person"):
            out.append(m)
            continue
        before = text[:m.start].rstrip()
        prev = next((g for g in geo if g.end == len(before) and g is not m), None)
        lead = text[:prev.start].rstrip() if prev else before     # 在深圳腾讯: skip the city
        after = text[m.end:].lstrip()
        verb = next((v for v in verbs if before.endswith(v)), "")
        if len(verb) == 1 and before[-2:] not in verbs and nlp.zh_is_word(before[-2:]):
            verb = ""              # 现在 Tom, 实在: 在 inside another word is no verb
        typ = m.type
        if not typ and (lead.endswith("在") and after.startswith(work)
                        or verb and before[:-len(verb)].rstrip().endswith(joins)):
            typ = "organization"   # 在X工作, 跳槽去X
        elif verb and not after.startswith(not_after) and (not typ or len(m.surface) >= 3 and m.surface[-1] in chars):
            typ = "geo"
        elif not typ and before.endswith(people):
            typ = "person"         # 找Tom吃饭, 问一下 Anna
        out.append(replace(m, type=typ) if typ != m.type else m)
    return out


def _zh_names_in(text: str, lang: str) -> list[Mention]:
    """The names jieba finds in the Chinese runs of English text ("I'm flying to 东京 next Tuesday")."""
    out = []
    for r in _CJK_RUN.finditer(text):
        out += [replace(m, start=m.start + r.start(), end=m.end + r.start(), language=lang)
                for m in _zh_mentions(r.group(0), [], None, lang) if m.kind == "named"]
    return out


def _en_names_in(text: str, s0: int, e0: int, lang: str) -> list[Mention]:
    """The names the English rules find in an English run inside Chinese text."""
    sub = text[s0:e0]
    return [replace(m, start=m.start + s0, end=m.end + s0, language=lang)
            for m in _en_mentions(sub, nlp.english_doc(sub), [], None, lang) if m.kind == "named"]


@langs.cached
def _counted_types() -> dict[str, str]:
    return {k: v for p in langs.packs() for k, v in p.table("counted_types").items()}


def _zh_counted_products(text: str) -> list[Mention]:
    """ "一辆 极氪 001", "买了台 小米 14": a counted name with a model number is a product of its classifier's type
    (the packs' ``counted_types``; a lead numeral or demonstrative is marker ``zh_counted_lead``; not 部分, 台湾:
    ``zh_not_classifier``)."""
    types = {k: v for p in langs.packs() for k, v in p.table("counted_types").items()}
    if not types:
        return []
    lead = "".join(sorted(lx.markers("zh_counted_lead")))
    counted = _compiled(rf"(?:[{lead}])?([{''.join(types)}])\s*([\u4e00-\u9fff]{{1,4}}\s*[A-Za-z]{{0,8}}\s*\d{{1,4}}"
                        r"[A-Za-z]{0,3})(?![\w\u4e00-\u9fff])")
    return [Mention(m.group(2), m.start(2), m.end(2), "named", head=m.group(2), type=types[m.group(1)],
                    language="zh") for m in counted.finditer(text)
            if text[m.start(1):m.start(1) + 2] not in lx.marker_set("zh_not_classifier")]


_ACCENTED = re.compile(r"[\u00c0-\u024f]+")          # "Vériel": jieba cuts Latin words at accented letters
_LOWER_WORDS = re.compile(r"[a-z]+(?:[ -][a-z]+)*")
_LOWER_WORD = re.compile(r"(?<!\S)[a-z]+(?!\S)")
_ALPHA_WORD = re.compile(r"(?<!\S)[A-Za-z][A-Za-z'-]*(?!\S)")


_NAME_START = re.compile(r"[A-Z]|[a-z]+[A-Z]")     # "Kindle", "iPhone", "eBay"


_NOT_NAME_TYPES = frozenset({"person", "thing", "plan", "food"})


_CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")


def _zh_name_end(toks, start: int) -> int | None:
    """End of a given name right at ``start`` (after a role word): a jieba person name, a doubled character
    (朵朵, tagged anything) or 小/阿 + a one-character name (小刘); None when there is none."""
    at = {s: (w, f, e) for w, f, s, e in toks}
    tok = at.get(start)
    if tok is None:
        return None
    w, f, e = tok
    if w == " " and (nxt := at.get(e)) is not None and nxt[1] == "eng" and nxt[0][:1].isupper():
        w, f, e = nxt      # "我老板 Mark": a Latin given name after a space
    if (f in ("nr", "nrfg") and len(w) >= 2) or (len(w) == 2 and w[0] == w[1] and _CJK_CHAR.match(w)
                                                  and not nlp.zh_flag(w).startswith(("d", "t"))):
        return e           # (a doubled adverb is no name: 跟我的朋友好好地沟通, 天天)
    if f == "eng" and w[:1].isupper() and w[1:].islower() and len(w) >= 2:
        return e           # "我同事Kenji"
    nxt = at.get(e)
    if w in ("小", "阿") and nxt and len(nxt[0]) == 1 and nxt[1].startswith("nr"):
        return nxt[2]
    return None




def zh_appositions(text: str) -> list[tuple[str, str]]:
    """(role, name) for "我女儿朵朵", "我同事小刘", "我妹妹丽丽" (a role word right before a given name)."""
    if "我" not in text:          # no "my …": spare the segmentation (statements call this per clause)
        return []
    toks = nlp.zh_tokens(text)
    out = []
    for i, (w, f, s, e) in enumerate(toks[:-1]):
        if w not in ("我", "我的"):
            continue
        role_tok = toks[i + 1] if toks[i + 1][0] != "的" else (toks[i + 2] if i + 2 < len(toks) else None)
        role = lx.role_of(role_tok[0]) if role_tok else ""
        if not role:
            continue
        end = _zh_name_end(toks, role_tok[3])
        if end:
            out.append((role, text[role_tok[3]:end].strip()))
    return out




def en_appositions(text: str) -> list[tuple[str, str]]:
    """(name, description) for "Cobaltline, the fintech startup" and "a fintech startup called Cobaltline":
    the description becomes an alias, so "that fintech" finds the name later. A description that is only a
    type word ("Acme, the company") says nothing the type does not already say and is left out."""
    out = []
    for m in langs.union("apposition").finditer(text):
        name, desc = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        words = desc.lower().split()
        if name.split()[0] in lx.markers("en_apposition_not_name") or len(words) > 4:
            continue
        if any(not lx.type_of_noun(w, "en") and w not in lx.marker_set("en_apposition_plain") for w in words):
            out.append((name.strip(), " ".join(words)))
    return out




def _zh_proper_with_common(ms: list[Mention], text: str) -> list[Mention]:
    """A name directly followed by a type noun is one named thing of that type: 华西 + 医院 → 华西医院
    (hospital), 北京 + 幼儿园 → 北京幼儿园 (school)."""
    nouns = {m.start: m for m in ms if m.kind == "noun" and m.type and m.type not in _NOT_NAME_TYPES
             and "generic" not in m.modifiers}
    out, used = [], set()
    for m in ms:
        n = nouns.get(m.end) if m.kind == "named" and not m.known_ids and m.type != "person" else None
        if n is None or n.surface != n.head:
            continue   # (成都 + 一家游戏: a counted noun starts a phrase of its own)
        surface = text[m.start:n.end]
        out.append(Mention(surface, m.start, n.end, "named", head=surface, type=n.type, language=m.language))
        used |= {id(m), id(n)}
    return out + [m for m in ms if id(m) not in used] if out else ms


# ---- English ------------------------------------------------------------------------------------------------

def _en_type(chunk_tokens) -> str:
    words = [t.text.lower() for t in chunk_tokens]
    for L in (3, 2, 1):
        if len(words) >= L:
            t = lx.type_of_noun(" ".join(words[-L:]), "en")
            if t:
                return t
    return ""


def _en_name_type(name: str) -> str:
    """The type a name's own first or last word gives ("Hotel Kanra" → hotel, "Mercy Hospital" → hospital)."""
    words = name.split()
    if len(words) < 2:
        return ""
    t = lx.head_type(name) or lx.type_of_noun(words[0], "en")
    return "" if t in _NOT_NAME_TYPES else t


def _ent_parts(doc):
    """(label, tokens) of the document's named entities; "two cats, Miso and Tofu" (one-word names joined by
    'and', listed or people) is two names; "Barnes and Noble" stays one."""
    ents, skip = list(doc.ents), False
    for k, ent in enumerate(ents):
        if skip:
            skip = False
            continue
        toks = list(ent)
        nxt = ents[k + 1] if k + 1 < len(ents) else None
        if nxt is not None and nxt.start == ent.end and nxt.label_ == "PRODUCT" and ent.label_ in ("ORG", "PRODUCT"):
            yield "PRODUCT", toks + list(nxt)    # "a 2015 Honda Fit": the maker's name runs into the model's
            skip = True
            continue
        ands = [i for i, t in enumerate(toks) if t.lower_ == "and"]
        parts = [toks[a + 1:b] for a, b in zip([-1] + ands, ands + [len(toks)])]
        listed = ent.label_ == "PERSON" or (ent.start > 0 and doc[ent.start - 1].text in (",", ":"))
        if ands and listed and all(len(p) == 1 and p[0].tag_ == "NNP" for p in parts) or \
                ands and all(len(p) >= 2 for p in parts):   # "Little Acorns on Elm St and Sunbeam Kids": two names
            yield from ((ent.label_, p) for p in parts)
        else:
            yield ent.label_, toks


def common_word_name(surface: str) -> bool:
    """One capitalised word that is a common English word and no brand: at the start of a sentence it is the common
    word ("Family's everything.", "Store's going good", "Blue's my fave"), whatever the tagger makes of it."""
    return surface[:1].isupper() and not surface.isupper() and is_common_word(surface) and not _brand_type(surface)


def _common_word_start(doc, i: int, j: int) -> bool:
    """Tokens ``i..j`` are one common word that starts a sentence (``common_word_name``); the parser's sentences
    miss some starts ("Yeah, Mel! Life's all about..."), so one after a sentence's end mark counts too."""
    return i == j and (doc[i].is_sent_start or doc[i - 1].text in _SENTENCE_END) and common_word_name(doc[i].text)


_SENTENCE_END = {".", "!", "?", "…", "...", "!!", "?!"}
_NOT_NOMINAL = {"VERB", "AUX", "ADJ", "ADV", "ADP", "DET", "PRON", "CCONJ", "SCONJ", "PART", "INTJ"}


def _common_word_use(text: str, doc, s: int, e: int) -> bool:
    """A known name written in lower case where the tagger reads the common word as no noun: "I hope so" does not
    name Hope, "we will" does not name Will ("my family", "talked to john" still match a known name)."""
    surface = text[s:e]
    if surface != surface.lower() or not is_common_word(surface):
        return False
    span = doc.char_span(s, e, alignment_mode="expand")
    return span is not None and all(t.pos_ in _NOT_NOMINAL for t in span)


def _brand_type(name: str) -> str:
    """The type the brand list gives a name, whole ("VS Code") or by its first word ("Neovim 0.10")."""
    n = normalise(name)
    return lx.brands().get(n) or lx.brands().get(n.split(" ")[0], "")


def _en_context_type(last) -> str:
    """A name where a place goes ("lives in Lyon", "moved to Denver", "the wedding is in Bath") is a place, and one where
    someone works ("an analyst at Zalando", "started at Spotify") an organization, whatever the tagger's label."""
    prep = last.head if last.dep_ in ("pobj", "compound") else None
    while prep is not None and prep.dep_ == "compound":
        prep = prep.head
    if prep is not None and prep.lower_ == "at" and prep.head is not prep and (
            prep.head.lower_ in lx.marker_set("en_work_verb") or prep.head.lower_ in lx.occupations()):
        return "organization"
    if prep is None or prep.lower_ not in lx.marker_set("en_place_prep") or prep.head is prep:
        return ""
    if prep.lower_ in lx.marker_set("en_at_place_prep") and prep.head.lower_ in lx.marker_set("en_be"):   # "the wedding's in Goa"
        return "geo"
    return "geo" if prep.head.lower_ in lx.marker_set("en_place_verb") else ""


def _en_appos_type(last) -> str:
    """The type an apposition gives a name: "Bella Vista, the italian place downtown" → restaurant."""
    for a in last.children:
        if a.dep_ == "appos" and a.pos_ == "NOUN":
            words = [t for t in a.lefts if t.pos_ in ("ADJ", "NOUN")] + [a]
            t = _en_type(words)
            return "" if t in _NOT_NAME_TYPES else t
    return ""


@langs.cached
def _foods() -> frozenset[str]:
    return frozenset(f for p in langs.packs() for f in p.words("foods"))


def _en_food_head(last):
    """The food noun a name modifies ("Thai food", "Peking duck"; a packs' ``foods`` word or a food type noun), or None."""
    if last.dep_ not in ("compound", "amod") or last.head.i != last.i + 1 or last.head.pos_ != "NOUN":
        return None
    w, own = last.head.lower_, last.lower_
    foods = _foods()
    if w in foods or w.rstrip("s") in foods or lx.type_of_noun(w, "en") == "food":
        if w in lx.marker_set("en_generic_dish") and (own in foods or own.rstrip("s") in foods):
            return last   # "Kung Pao Chicken dish": the name is the dish already
        return last.head
    return None


def _en_noun_in_type(last, label: str) -> str:
    """A name the tagger calls a person, said as where a noun is ("a retired teacher in Cork", "a flat near Bath"),
    is a place: a person is not 'in' or 'near' a noun."""
    prep = last.head if last.dep_ == "pobj" else None
    if label == "PERSON" and prep is not None and prep.lower_ in lx.marker_set("en_at_place_prep") \
            and prep.head.pos_ == "NOUN" and prep.head is not prep:
        return "geo"
    return ""


def _en_role_type(first, last) -> str:
    """A name said with a role word before it or in apposition to one ("my colleague Kenji", "a friend, Priya") is a
    person (a pet after "dog", "cat"), whatever the tagger's label."""
    doc = first.doc
    prev = doc[first.i - 1] if first.i > 0 else None
    role = lx.role_of(prev.lower_) if prev is not None and prev.pos_ == "NOUN" else ""
    if not role and last.dep_ == "appos" and last.head.pos_ == "NOUN":
        role = lx.role_of(last.head.lower_)
    return ("pet" if role in ("dog", "cat") else "person") if role else ""


def _en_object_type(last) -> str:
    """A name watched is a show ("watched Severance on Netflix"), a name read a book."""
    if last.dep_ != "dobj":
        return ""
    verb = last.head.lower_
    return "show" if verb in lx.marker_set("en_show_verb") else "book" if verb in lx.marker_set("en_book_verb") else ""


def _en_intro_type(doc, i: int) -> str:
    """The type of the noun a name is introduced by: "a rabbit called Biscuit", "two cats, Miso and Tofu"."""
    j = i - 1
    while j >= 0 and (doc[j].lower_ in ("and", ",") or doc[j].tag_ == "NNP"):   # earlier names of the list
        if doc[j].text == "," and j > 0 and doc[j - 1].pos_ == "NOUN":
            break
        j -= 1
    if j >= 1 and doc[j].lower_ in ("called", "named") and doc[j - 1].pos_ == "NOUN":
        j -= 1
    elif not (j >= 1 and doc[j].text == "," and doc[j - 1].pos_ == "NOUN"):
        return ""
    else:
        j -= 1
    nouns = [doc[j].lower_, doc[j].lower_.rstrip("s")]
    if j >= 1 and doc[j - 1].dep_ == "compound" and doc[j - 1].head.i == j:
        nouns.insert(0, f"{doc[j - 1].lower_} {doc[j].lower_}")   # "a guinea pig named Oscar"
    t = next(filter(None, (lx.type_of_noun(n, "en") for n in dict.fromkeys(nouns))), "")
    return "pet" if lx.role_of(doc[j].lower_.rstrip("s")) in ("dog", "cat") else t


def _before_time_unit(doc, i: int) -> bool:
    """Token ``i`` is a number of a time span ("3 years ago", "2 weeks")."""
    return i + 1 < len(doc) and doc[i + 1].lower_ in lx.marker_set("en_time_unit")


def _en_recall_end(doc, idx: int) -> int | None:
    """Token index just past a recall clause starting at ``idx`` ("you recommended", "I mentioned last time")."""
    if idx + 1 < len(doc) and doc[idx].lower_ in lx.marker_set("en_recall_subject") \
            and doc[idx + 1].lower_ in lx.marker_set("en_recall_verb"):
        end = idx + 2
        # "you told me about", "I talked about"
        while end < len(doc) and doc[end].lower_ in lx.marker_set("en_recall_tail"):
            end += 1
        return end
    if idx + 2 < len(doc) and doc[idx].lower_ in ("that", "which") \
            and doc[idx + 1].lower_ in lx.marker_set("en_recall_subject") \
            and doc[idx + 2].lower_ in lx.marker_set("en_recall_verb"):
        return idx + 3
    return None




def _distinct_name_words(extra: str) -> bool:
    """Extra capitalised words that are not type/brand words make a longer name a different entity."""
    words = [w for w in re.findall(r"[A-Za-z][\w'-]*", extra)]
    caps = [w for w in words if w[0].isupper() and not lx.type_of_noun(w, "en")
            and normalise(w) not in lx.brands() and w.lower() not in lx.marker_set("en_determiner")]
    return bool(caps)


def _en_mentions(text: str, doc, gaz, known, lang: str) -> list[Mention]:
    """The English rules' mentions (``_en_candidates``, read once per Doc) against the user's known names ``gaz``:
    a known name wins over a model guess it overlaps, except a longer name ("Tom Hanks" is not "Tom"); a phrase
    holding a known name carries its ids (``_absorb``)."""
    ents, propns, absorbed, plain = _en_candidates(text, doc, lang)
    gaz, out = _prepare(text, [g for g in gaz if not _common_word_use(text, doc, g[0], g[1])], known, lang)

    def covered_by_gaz(s: int, e: int) -> bool:
        return any(not (e <= gs or s >= ge) for gs, ge, _ in gaz)

    for s, e, m in ents:
        if covered_by_gaz(s, e):
            inner = _inner_gaz(gaz, s, e)
            extra = ""
            if inner and (inner[0] > s or inner[1] < e):
                extra = (text[s:inner[0]] + " " + text[inner[1]:e]).strip()
            if not extra or not _distinct_name_words(extra):
                continue
            # "Tom Hanks" is not "Tom": the gazetteer hit is dropped, the longer name stays
            gaz = [g for g in gaz if g is not inner]
            out = [k for k in out if not (k.known_ids and k.start == inner[0] and k.end == inner[1])]
        out.append(m)
    out += [m for s, e, m in propns if not covered_by_gaz(s, e)]
    for m, needs_name in absorbed:
        if needs_name and not _inner_gaz(gaz, m.start, m.end):
            continue   # "my X" of no known type or role counts only with a known name inside
        out.append(_absorb(m, gaz, known))
    return _resolve_overlaps(out + plain)


_CANDIDATES = "graphmem.mentions.candidates"


@langs.cached
def _generation() -> object:
    """A new token whenever the packs change (their words decide the candidates)."""
    return object()


def _en_candidates(text: str, doc, lang: str) -> tuple:
    """What the English rules find in a parsed message whatever the user knows, kept in the Doc (the writer reads a
    turn again when an earlier turn of its batch taught the user a name): named entities ``(start, end, mention)``,
    proper-noun runs ``(start, end, mention)`` (neither overlapping a named entity), the noun phrases and determiner
    phrases ``(mention, needs_name)`` (``needs_name``: "my X" kept only if a known name is inside), and the rest."""
    key = (_CANDIDATES, text, lang, _generation())
    got = doc.user_data.get(key)
    if got is None:
        got = doc.user_data[key] = _read_candidates(text, doc, lang)
    return got


def _read_candidates(text: str, doc, lang: str) -> tuple:
    name_stop = lx.marker_set("en_name_stop")
    ents, propns, absorbed, plain = [], [], [], []
    # named entities
    ent_spans = []
    for label, toks in _ent_parts(doc):
        if label not in _EN_ENT_LABELS:
            continue
        while toks and toks[0].lower_ in lx.marker_set("en_name_article") \
                or len(toks) > 1 and toks[0].lower_ in lx.marker_set("en_name_lead"):
            toks = toks[1:]   # "the Hiltons"; "Bye Caroline", "Yep Jon": a greeting or a reaction before the name
        if len(toks) > 1 and toks[0].is_sent_start and toks[0].lower_ in lx.marker_set("en_opening_verb"):
            toks = toks[1:]   # "Quit Bistro Lumen today": the subjectless verb is no part of the name
        cut = next((i for i, t in enumerate(toks) if i and (t.lower_ in lx.marker_set("en_when_word") or t.text in (",", ";", ":", "(", "!", "?")
                                                             or t.like_num and label not in ("PRODUCT", "ORG"))), None)
        toks = toks[:cut]   # "Freddie Sunday to Tuesday", "Easter, 4 days": the tagger ran a name into the days
        num = next((i for i, t in enumerate(toks) if i and t.like_num and _before_time_unit(doc, t.i)), None)
        toks = toks[:num]   # "they met in Bristol 3 years ago": the number belongs to the time
        if not any(ch.isupper() or ch.isdigit() for t in toks for ch in t.text):
            continue        # "kinda", "lol": a name has a capital (or a digit: "A1c")
        if toks and toks[0].is_sent_start and not any(t.tag_ in ("NNP", "NNPS") for t in toks):
            continue        # "Understood, flagship it is", "Quick intro so you know me": capitalised, not a name
        while toks and toks[-1].tag_ == "POS":
            toks = toks[:-1]
        if not toks:
            continue
        nx = toks[-1].i + 1
        if nx < len(doc) and doc[nx].text.isdigit() and (nx + 1 == len(doc) or doc[nx + 1].is_punct) \
                and toks[-1].pos_ == "PROPN" and toks[0].i > 0 and doc[toks[0].i - 1].lower_ in lx.marker_set("en_name_article"):
            toks = toks + [doc[nx]]   # "switched to a Pixel 9,": the number after the name is its model
        s, e = toks[0].idx, toks[-1].idx + len(toks[-1].text)
        food = _en_food_head(toks[-1])
        if food is not None:
            e = food.idx + len(food.text)   # "Peking duck", "New York pizza": a dish, not the place
        surface = text[s:e]
        if surface.lower() in name_stop or label not in _EN_NAME_LABELS and _common_word_start(doc, toks[0].i, toks[-1].i):
            continue
        ent_spans.append((s, e))
        typ = ("food" if food is not None else "") or _brand_type(surface) or _en_role_type(toks[0], toks[-1]) \
            or _en_name_type(surface) or _en_noun_in_type(toks[-1], label) \
            or _en_appos_type(toks[-1]) or _en_context_type(toks[-1]) or _en_intro_type(doc, toks[0].i) or _en_object_type(toks[-1]) \
            or _EN_ENT_TYPE.get(label, "")
        ents.append((s, e, Mention(surface, s, e, "named", head=surface, type=typ, language=lang,
                                   modifiers=(f"ner:{label}",))))

    # proper-noun runs spaCy did not label ("Kindle", "Doudou")
    lower, pos = [], []   # each token read once (a Token object per ``doc[i]``): the scans below look at these
    for t in doc:
        lower.append(t.lower_)
        pos.append(t.pos_)
    i, n = 0, len(lower)
    while i < n:
        if pos[i] != "PROPN":
            i += 1
            continue
        t = doc[i]
        if _NAME_START.match(t.text) and lower[i] not in name_stop:
            j = i
            # a model after the name: "iPhone 15 Pro", "Model 3", "MacBook Air M3"
            while j + 1 < len(doc) and doc[j + 1].lower_ not in name_stop and (
                    doc[j + 1].pos_ == "PROPN" or doc[j + 1].pos_ == "NUM" and doc[j + 1].text.isdigit()
                    and not (j + 2 < len(doc) and doc[j + 2].lower_ == "of")          # not "2 of them"
                    and not _before_time_unit(doc, j + 1)                             # not "Bristol 3 years ago"
                    or doc[j + 1].text[:1].isupper() and doc[j].pos_ == "NUM"):
                j += 1
            s, e = t.idx, doc[j].idx + len(doc[j].text)
            food = _en_food_head(doc[j])
            if food is not None:
                e = food.idx + len(food.text)   # "Thai food": a cuisine, not a name of its own
            if i == 1 and doc[0].pos_ == "NOUN" and doc[0].dep_ == "compound" and doc[0].head.i in range(i, j + 1):
                s = doc[0].idx   # "Project Hail Mary, almost done": the capitalised first word is the name's
            if not any(not (e <= a or s >= b) for a, b in ent_spans) and not _common_word_start(doc, i, j):
                surface = text[s:e]
                typ = ("food" if food is not None else "") or _brand_type(surface) or _en_role_type(doc[i], doc[j]) \
                    or _en_appos_type(doc[j]) \
                    or _en_context_type(doc[j]) \
                    or _en_intro_type(doc, i) or _en_object_type(doc[j])
                propns.append((s, e, Mention(surface, s, e, "named", head=surface, type=typ, language=lang,
                                             modifiers=("propn",))))
            i = j + 1
        else:
            i += 1

    thing_p = lx.marker_set("en_pronoun_thing")
    person_p = lx.marker_set("en_pronoun_person")
    dems = lx.marker_set("en_demonstrative")
    indef = lx.marker_set("en_indefinite")
    poss = lx.marker_set("en_possessor")
    not_body = dems | indef | poss | {"the"}
    for chunk in doc.noun_chunks:
        toks = list(chunk)
        root = chunk.root
        first = toks[0].lower_
        # possessor inside the chunk: "my sister's wedding" → "my sister", "my little girl's name" → "my little
        # girl" (and not the whole chunk)
        sub = False
        for t in toks[1:] if first in poss else ():
            between = doc[toks[0].i + 1:t.i]
            if t.dep_ == "poss" and all(b.pos_ == "ADJ" for b in between):
                s, e = toks[0].idx, t.idx + len(t.text)
                role = lx.role_of(" ".join(b.text for b in (*between, t))) or lx.role_of(t.text)
                typ = "person" if role else lx.type_of_noun(t.text, "en")
                if role or typ:
                    absorbed.append((Mention(text[s:e], s, e, "possessive", head=t.text, type=typ,
                                             language=lang, role=role), False))
                    sub = True
        if sub:
            continue
        if root.pos_ == "PRON" and len(toks) == 1:
            continue   # pronouns: token scan below
        body = [t for t in toks if t.lower_ not in not_body and t.tag_ != "POS"]
        head = root.text
        is_one = root.lower_ in ("one", "ones")
        typ = "" if is_one else _en_type(body)
        mods = tuple(t.lower_ for t in body if t.i != root.i and t.pos_ in ("ADJ", "NOUN", "PROPN", "NUM"))
        other = any(t.lower_ in ("other", "another") for t in toks) and (is_one or typ)
        end_tok = chunk.end
        recall = False
        rc = _en_recall_end(doc, chunk.end)
        if rc is not None:
            recall, end_tok = True, rc
        s = toks[0].idx
        e = doc[end_tok - 1].idx + len(doc[end_tok - 1].text)
        kind = None
        if first == "which" and (typ or is_one):
            kind, mods = "demonstrative", mods + ("which",)
        elif first in dems:
            kind = "demonstrative"
        elif first == "the" and (typ or is_one or recall):
            kind = "demonstrative"
        elif first in poss:
            kind = "possessive"
        elif first in indef and (typ or is_one) and not other:
            kind = "noun"
        elif other and (typ or is_one):
            kind = "demonstrative"
        if kind is None:
            continue
        name_words = [t for t in body if (t.pos_ == "PROPN" and t.text[:1].isupper())
                      or normalise(t.text) in lx.brands() or (t.like_num and t.i > body[0].i)
                      or (t.text[:1].isupper() and any(ch.isdigit() for ch in t.text))]
        if name_words and all(t.like_num for t in name_words):
            name_words = []
        named_head = False
        if kind in ("possessive", "demonstrative") and name_words and not lx.role_of(head) and not recall:
            # "my ThinkPad", "the Sony ones", "the tesla": naming the thing — resolved by its name
            head = " ".join(t.text for t in name_words)
            typ = typ or lx.brands().get(normalise(name_words[0].text), "")
            mods = mods + ("name",)
            named_head = True
        role = lx.role_of(" ".join(t.text for t in body)) or lx.role_of(head)   # "my little girl": daughter
        needs_name = not named_head and kind == "possessive" and not (typ or role)
        if role and not typ:
            typ = "pet" if role in ("dog", "cat") else "person"
        m = Mention(text[s:e], s, e, kind, head="" if is_one and not named_head else head, type=typ,
                    language=lang, role=role,
                    modifiers=mods + (("other",) if other else ()) + (("indefinite",) if kind == "noun" else ()),
                    recall_cue=recall)
        absorbed.append((m, needs_name))
    # determiner + (up to two words) + a known type noun or role word, where the parser missed the chunk
    # ("Honestly that cat is ..." parses "that" as a conjunction; "My brother just got ..." has no chunk)
    for ti, w in enumerate(lower):
        if w not in dems and w not in poss and w not in ("the", "which"):
            continue
        t = doc[ti]
        for j in range(t.i + 1, min(t.i + 4, len(doc))):
            u = doc[j]
            if u.is_punct or u.pos_ in ("VERB", "AUX", "ADP", "PRON", "SCONJ", "CCONJ"):
                break
            typ = lx.type_of_noun(u.text, "en")
            brand = lx.brands().get(normalise(u.text), "")
            nameish = brand or (u.pos_ == "PROPN" and u.text[:1].isupper() and t.lower_ != "my")
            if nameish and w != "which":
                brand = brand or typ
                k = j
                while k + 1 < len(doc) and (doc[k + 1].pos_ in ("PROPN", "NUM") or doc[k + 1].like_num
                                            or any(ch.isdigit() for ch in doc[k + 1].text)) \
                        and not doc[k + 1].is_punct:
                    k += 1
                s, e = t.idx, doc[k].idx + len(doc[k].text)
                u = doc[k] if k > j else u
                kind = "possessive" if w in poss else "demonstrative"
                absorbed.append((Mention(text[s:e], s, e, kind, head=text[doc[j].idx:e], type=brand,
                                         language=lang, modifiers=("name",)), False))
                break
            role = lx.role_of(u.text) if w in poss else ""
            if not (typ or role) or u.pos_ not in ("NOUN", "PROPN"):
                continue
            s, e = t.idx, u.idx + len(u.text)
            if j + 1 < len(doc) and doc[j + 1].tag_ == "POS":
                break
            kind = "possessive" if w in poss else "demonstrative"
            extra = ("which",) if w == "which" else ()
            if role and not typ:
                typ = "pet" if role in ("dog", "cat") else "person"
            rc = _en_recall_end(doc, j + 1)
            if rc is not None:
                e = doc[rc - 1].idx + len(doc[rc - 1].text)
            absorbed.append((Mention(text[s:e], s, e, kind, head=u.text, type=typ, language=lang, role=role,
                                     modifiers=tuple(doc[k].lower_ for k in range(t.i + 1, j)) + extra,
                                     recall_cue=rc is not None), False))
            break
    # pronouns, by token (the parser does not make every object pronoun a chunk: "for it", "with them")
    plural_p = lx.marker_set("en_pronoun_plural")
    pronouns = thing_p | person_p | plural_p
    for ti, w in enumerate(lower):
        if pos[ti] not in ("PRON", "DET") and w not in pronouns:
            continue
        t = doc[ti]
        if w in lx.marker_set("en_poss_pronoun") and t.dep_ == "poss" and w != "her":
            continue
        if w in thing_p:
            if w == "it" and (t.dep_ == "expl" or _expletive_it(doc, t.i)):
                continue
            plain.append(Mention(t.text, t.idx, t.idx + len(t.text), "pronoun", head=w, type="", language=lang,
                               modifiers=("nonperson",)))
        elif w in person_p:
            plain.append(Mention(t.text, t.idx, t.idx + len(t.text), "pronoun", head=w, type="person", language=lang))
        elif w in plural_p:
            plain.append(Mention(t.text, t.idx, t.idx + len(t.text), "pronoun", head=w, type="", language=lang,
                               modifiers=("plural",)))
    # "this one", "that one", "the other one" (spaCy does not always make them noun chunks)
    if has_cjk(text):
        plain += _zh_names_in(text, lang)
    for mt in langs.union("one_reference").finditer(text):
        s, e = mt.start(), mt.end()
        other = "other" in mt.group(0).lower()
        which = mt.group(0).lower().startswith("which")
        plain.append(Mention(text[s:e], s, e, "demonstrative", head="", type="", language=lang,
                             modifiers=("other",) if other else ("which",) if which else ()))
    return ents, propns, absorbed, plain


def _expletive_it(doc, i: int) -> bool:
    """ "it's raining", "it is important to", "it feels good to be back", "it seems like nature has a way", "it looks
    as if": weather, extraposition and raising "it" refer to nothing ("it looks like a bike", "it feels soft" do)."""
    nxt = doc[i + 1:i + 4]
    if not len(nxt):
        return False
    low = [t.lower_ for t in nxt]
    if low[0] in ("'s", "is", "was"):
        return any(x in lx.marker_set("en_expletive_next") for x in low) or (len(low) >= 3 and low[2] == "to")
    if low[0] not in lx.marker_set("en_raising_verb"):
        return False
    return len(nxt) >= 2 and nxt[1].dep_ == "mark" or len(nxt) >= 3 and nxt[1].pos_ == "ADJ" and low[2] == "to"

