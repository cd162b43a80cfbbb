"""Statement extraction for the write path, English and Chinese. Pure rules over the text; cue phrases come
from the language packs (``graphmem/lang/<code>/statement_cues.tsv``, ``attribute_cues.tsv``).

Kinds: preference (polarity ±1), goal, attribute (key = value; numbers parsed, 五千 → 5000, "8k" → 8000;
dates for deadline/birthday), event (a clause with a time expression, ``when`` resolved against ``now``),
relation ("Lily is my sister", "我妹妹叫王丽丽"). ``is_change`` marks a supersede (改成/换成/不要了/instead/
no longer/actually/scratch that ...). Questions yield no statements.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from functools import lru_cache

from graphmem.lang import cached, of_label, of_text, others as other_packs, pack, packs, union

from . import lexicon as lx, lists, others, passing, prefilter, requests, subject_types
from .normalize import detect_language, number_phrases, numeral_runs, parse_english_number, parse_number
from .timeexpr import find_times, span_end
from .intents import intents
from .types import Statement

_DATE_KEYS = {"deadline", "birthday"}
_PHONE = re.compile(r"\+?[\d()][\d\s().-]{5,}\d")   # a phone number is text: "07700 900123", "555-0142"
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")   # an email is an address, not "to reschedule a meeting"
_UNITS = re.compile(r"[\u4e00-\u9fff]|[A-Za-z]+")   # a clause's words and characters (compiled once: asked per clause)
_LATIN = re.compile(r"[A-Za-z]+")
_TEXT_KEYS = {"name", "model", "color", "address", "email", "allergy", "employer", "location", "job", "phone",
              "hometown"}
_OWNED_KEYS = {"location", "address", "employer", "job", "hometown"}


def _zh_owner(before: str, p) -> str | None:
    """Whose attribute a Chinese clause states, from the words before its cue: "" the user's ("我住在", "我们住在",
    no subject), "我妈" a relative's ("我妈住在", "妈妈一个人住在"), None someone else ("他住在", "阿杰他妈住在")."""
    b = p.regex("_st_adverbs").sub("", before.strip(" ，,。")).removesuffix("家")   # "她家住在…" is hers
    if not b or p.regex("_st_self_end").search(b) or p.regex("_st_self_with").match(b):   # "我和老婆住在杭州"
        return ""
    if p.regex("_st_others_end").search(b):
        return None
    role = next((b[-n:] for n in (2, 1) if len(b) >= n and lx.role_of(b[-n:])), "")
    if not role:   # a kinship word the lexicon has no role for ("婆婆", "小姨") is still someone else
        return None if p.regex("_st_kin_end").search(b) else ""
    prefix = b[:-len(role)].removesuffix("的")
    if prefix and not prefix.endswith("我"):
        return None
    return role if role.startswith("我") else "我" + role


def _cues(category: str, lang: str) -> list[str]:
    return lx.statement_cues().get((category, lang), [])


@cached(maxsize=None)
def _cue_words(category: str, p) -> tuple[str, ...]:
    """Pack ``p``'s ``category`` cues (statement_cues.tsv), longest first."""
    return tuple(sorted(_cues(category, p.lang), key=len, reverse=True))


@cached(maxsize=None)
def _cue_re(category: str, p) -> re.Pattern:
    """Pack ``p``'s ``category`` cues as one pattern, found as its ``cue_re`` finds them."""
    return p.fn("cue_re")(_cue_words(category, p))


def _cue_finds(category: str, p, text: str) -> list[re.Match]:
    """Where pack ``p``'s ``category`` cues are in ``text``; the pattern is not run when the pack's
    ``may_have_cue`` (a scan per cue) says none can be."""
    words = _cue_words(category, p)
    return list(_cue_re(category, p).finditer(text)) if p.fn("may_have_cue")(words, text) else []


@cached(maxsize=None)
def _attribute_cues(p) -> tuple[str, ...]:
    """Pack ``p``'s attribute cues, longest first (the order the clause rules try them in)."""
    return tuple(sorted(lx.attribute_cues(p.lang), key=len, reverse=True))


@cached(maxsize=None)
def _any_attribute_cue(p) -> re.Pattern:
    """One search that finds something exactly where one of pack ``p``'s attribute cues is a substring."""
    return prefilter.any_of(frozenset(_attribute_cues(p)))


@lru_cache(maxsize=None)
def _word_re(cue: str) -> re.Pattern:
    """``cue`` as a whole word or phrase (not a part of a hyphenated word)."""
    return re.compile(r"(?<![\w-])" + re.escape(cue) + r"(?![\w-])")   # "color-code" is not the cue "color"


@cached(maxsize=1)
def _clause_split() -> re.Pattern:
    """Where a clause ends: punctuation, or a word that starts a new one (each pack's clause_start)."""
    return re.compile(r"[，。！？；;!?\n]+|,(?=\s)|\.(?=\s|$)|" + union("clause_start").pattern)


def _clauses(text: str) -> list[tuple[int, str]]:
    out, pos = [], 0
    for m in _clause_split().finditer(text):
        if m.start() > pos:
            out.append((pos, text[pos:m.start()]))
        pos = m.end()
    if pos < len(text):
        out.append((pos, text[pos:]))
    return [(s, c) for s, c in out if c.strip()]


@cached(maxsize=None)
def _any_cue(category: str, lang: str) -> re.Pattern:
    """One search that finds something exactly where one of ``lang``'s ``category`` cues is a substring."""
    return prefilter.any_of(frozenset(_cues(category, lang)))


def _is_question(clause: str, full: str, lang: str) -> bool:
    """The clause asks rather than states, by the rules of its language's pack."""
    return pack(lang).fn("is_question")(clause, full)


def _is_change(text: str, lang: str) -> bool:
    """The message announces a change, by the rules of any pack (``is_change``)."""
    return any(p.fn("is_change")(text, lang) for p in packs())


def _trim_en(s: str, p) -> str:
    """A value without the words around it that are not part of it (pack ``p``'s ``_st_trailing``, ``_st_article``)."""
    s = s.strip(" ,.;:!?'\"")
    prev = None
    while prev != s:
        prev = s
        s = p.regex("_st_trailing").sub("", s).strip(" ,.;:!?")
    return p.regex("_st_article").sub("", s) if len(s.split()) > 1 else s


def _strip_light_verb(subj: str, p) -> str:
    """"do any more whiteboard challenges" → "whiteboard challenges"; "have the meeting on Friday" → "meeting on
    Friday"; a bare "watch movies" keeps its verb (nothing marks the verb as light)."""
    if p.regex("_st_light_verb").match(subj) and p.regex("_st_light_object").match(subj):
        rest = p.regex("_st_light_verb").sub("", subj).strip()
        return rest or subj
    return subj


def _trim_zh(s: str, p) -> str:
    s = s.strip(" ，。！？,.!?~～")
    while s and s[-1] in p.words("_st_trailing"):
        s = s[:-1]
    return s.strip()


def extract_statements(text: str, now: datetime) -> list[Statement]:
    """Statements of one user message; ``now`` is the message time (for "next week", 上周, 明天). The last few
    answers are remembered: the write gate and the write path ask about the same turn at the same time."""
    return list(_extract_cached(text, now))


@cached(maxsize=512)
def _extract_cached(text: str, now: datetime) -> tuple[Statement, ...]:
    return tuple(_extract(text, now))


def _extract(text: str, now: datetime) -> list[Statement]:
    if not text or not text.strip():
        return []
    lang = detect_language(text)
    change = _is_change(text, lang)
    out: list[Statement] = []
    user_spoke = False
    bare = ""        # the previous clause, when it said something (four words or characters) but yielded nothing
    intro = None     # the message introduces the speaker ("I'm Sam, 34, nurse in Leeds"): read when a job needs it
    named_before = ""   # the person the clause before named ("我老公叫王磊"), whom a clause without a subject is about
    for start, clause in _clauses(text):
        clang = of_label(detect_language(clause))   # the clause's pack: "mixed" is read by the other language's
        rules = pack(clang).fn
        if _is_question(clause, text, clang):
            bare = ""
            continue
        extract = rules("clause_statements")
        got = extract(clause, now, change, lang, user_spoke, text)
        if not got and bare and _only_a_time(clause, now):   # "出院日子也定了，二月二十七号": one statement
            got = extract(f"{bare}{pack(clang).say('clause_join')}{clause}", now, change, lang, user_spoke, text)
        bare = "" if got or len(_UNITS.findall(clause)) < 4 else clause
        job = _occupation(clause)
        if not job and intro is not False and (bare_job := _occupation(clause, bare=True)):   # "nurse in Leeds"
            intro = intro or any(p.fn("name_age")(text) for p in packs())       # counts in a self-introduction only
            job = bare_job if intro else ""
        whose = rules("job_owner")(clause) if job else ""
        if not job and named_before and (said_job := _occupation(clause, copula=True)):   # "我老公叫王磊，是中学数学老师": his
            job, whose = said_job, named_before
        if job and whose is not None and not any(g.kind == "attribute" and g.key == "job" for g in got):
            got.append(_st("attribute", clause, lang, change, key="job", value=job,
                           **({"subject": whose} if whose else {})))
            employer = rules("job_employer")(job, clause)   # "data analyst at Zalando", "在深圳腾讯做产品经理"
            if employer and not any(g.key == "employer" for g in got):
                got.append(_st("attribute", clause, lang, change, key="employer", value=employer,
                               **({"subject": whose} if whose else {})))
            city = rules("work_city")(clause)
            if city and not any(g.key == "location" for g in got):   # "在南京做产品经理": where they live and work
                got.append(_st("attribute", clause, lang, change, key="location", value=city,
                               **({"subject": whose} if whose else {})))
        named = {g.subject for g in got if g.kind == "relation"}   # apposition "我女儿朵朵今年四岁": 朵朵 is the
        got += [_st("relation", clause, lang, change, subject=name, key=role, value=name)   # user's daughter
                for role, name in rules("appositions")(clause) if name not in named]
        if got:
            user_spoke = True
        named_before = next((g.subject for g in got if g.kind == "relation" and g.subject), "")
        out.extend(_activity(s) for s in lists.split_preferences(got))
    have = {(s.key, str(s.value)) for s in out if s.kind == "attribute"}
    more = lists.pets(text, lang, change) + lists.languages(text, lang, change) + lists.owned(text, lang, change)
    more += passing.facts(text, lang, change)
    listed = lists.allergies(text, lang, change)
    if listed:   # "对花生和芒果过敏": one statement a value, instead of the clause rule's "花生和芒果"
        out = [s for s in out if not (s.kind == "attribute" and s.key == "allergy" and not s.subject)] + listed
        have = {(s.key, str(s.value)) for s in out if s.kind == "attribute"}
    more += others.facts(text, lang, change)
    more += others.learning(text, lang, change) + others.body(text, lang, change) + others.hobbies(text, lang, change)
    more += intents(text, lang) + _removals(text, now, lang)
    more += [Statement(kind="attribute", subject=who, key=key, value=item, language=lang, is_change=False,
                       text=text.strip())                   # "subscriptions: Netflix, Spotify and the NYT"
             for p in packs() for who, key, item in p.fn("enumerations")(text)]
    ages = others.named_ages(text, lang, change)
    if ages:   # "…叫朵朵，今年六岁": 朵朵's age, not an event of the user's
        out = [s for s in out if not (s.kind == "event" and s.text in {a.text for a in ages})]
        more += ages
    said = {(s.subject, s.key) for s in out}
    more = [s for s in more if not s.subject or (s.subject, s.key) not in said]
    out += [s for s in more if (s.key, str(s.value)) not in have
            and not (s.key == "age" and any(x.key == "age" for x in out))
            and not (s.key == "employer" and any(x.key == "employer" for x in out))]
    return subject_types.typed(requests.about_the_user(text, _not_yet(out, now)))


def _not_yet(out: list[Statement], now: datetime) -> list[Statement]:
    """Without a workplace the speaker will have only later ("Next month I'm starting a new job at ByteDance"):
    the dated event says it, and the employer they have now stays theirs until then."""
    later = [s.text for s in out if s.kind == "event" and s.when and s.when.date() > now.date()]
    return [s for s in out if not (s.kind == "attribute" and s.key == "employer" and not s.subject
                                   and any(str(s.value) in t for t in later))]


def _removals(text: str, now: datetime, lang: str) -> list[Statement]:
    """Values the speaker no longer has, named but not keyed ("we had to rehome Biscuit", "钢琴先停了"; each pack's
    ``removed.re``): attribute statements without a key, polarity -1; the write path gives each the key under which
    the speaker holds that value, or drops it (``graphmem.write.removals``)."""
    out = []
    for p in packs():
        for m in prefilter.finditer(p.regex("removed"), text):
            for what in (v for k, v in m.groupdict().items() if k.startswith("what") and v):
                for t in reversed(find_times(what, now)):   # "团子上周死了": 团子
                    what = what[:t.start] + what[t.end:]
                what = what.strip(" ,.，。")
                if what and p.fn("removable")(what):
                    out.append(Statement(kind="attribute", value=what, polarity=-1, language=lang, is_change=True,
                                         text=others._clause_at(text, m.start())))
    return out


def _activity(s: Statement) -> Statement:
    """A liked or disliked activity, taste or quality ("hiking", 爬山, 辣, 屏幕好一点; the pack's ``activity.re``)
    is the user's own preference with it as the value: no entity is made for it. A thing with a qualifier after
    it ("a phone with the best camera") is the thing."""
    if s.kind != "preference" or s.key or not s.subject or s.value is not None:
        return s
    if pack(of_text(s.subject)).regex("activity").search(s.subject):
        return replace(s, subject="", value=s.subject)
    subject = s.subject
    for p in packs():   # each pack's ``unqualified``
        subject = p.fn("unqualified")(subject)
    return replace(s, subject=subject) if subject != s.subject else s


def _only_a_time(clause: str, now: datetime) -> bool:
    """The clause is a date and nothing else ("二月二十七号", "on the 3rd")."""
    ts = find_times(clause, now)
    if not ts:
        return False
    rest = clause[:ts[0].start] + clause[span_end(clause, ts, 0):]
    return len(_date_filler().sub("", rest)) < 2


@cached(maxsize=1)
def _date_filler() -> re.Pattern:
    """What is left out when asking whether a clause says more than its date: anything not a letter, and each
    pack's date_filler words."""
    return re.compile(r"[^\u4e00-\u9fffA-Za-z]|" + union("date_filler").pattern)


def _zh_work_city(clause: str, p) -> str:
    """The place of "在南京做产品经理" / "在成都当护士" / "在深圳腾讯做…" when jieba tags it a place name (ns); ""
    otherwise."""
    from .nlp import zh_tokens

    m = p.regex("_st_work_city").search(clause)
    if not m:
        return ""
    toks = zh_tokens(m.group(1))
    return toks[0][0] if toks and toks[0][1] == "ns" and len(toks[0][0]) >= 2 else ""


def _occupation_owner(clause: str, p) -> str | None:
    """Whose job a Chinese "在…做/当…" clause states: "" the user's, "我姐姐" for "我姐姐在成都当护士", None for
    someone we cannot name ("他在银行当柜员")."""
    m = p.regex("_st_works_in").search(clause)
    if not m or p.regex("_st_self_job").search(clause[:m.start()]):
        return ""
    return _zh_owner(clause[:m.start()], p)


@cached(maxsize=None)
def _occupation_re(p, name: str = "occupation") -> re.Pattern:
    """A pack's ``occupation.re`` (or ``occupation_bare.re``) with ``{occ}`` filled by the lexicon's occupations
    (group 1: the job)."""
    occ = prefilter.longest_first(lx.occupations())   # the flat alternation's matches, found faster
    return re.compile(p.regex(name).pattern.replace("{occ}", occ))


def _occupation(clause: str, bare: bool = False, copula: bool = False) -> str:
    """The user's job when the clause states it: "I'm a nurse at Westmead Hospital", "I work as a nurse", "在上海做
    UI designer", "我是一名护士" → the occupation phrase (with the workplace when named); "" otherwise (and for
    questions). ``bare``: a clause that is only a job ("nurse in Leeds" of a self-introduction); ``copula``: a
    clause without a subject that says what someone is ("是中学数学老师")."""
    c = clause.replace("’", "'")
    if "?" in c or "？" in c:
        return ""
    name = "occupation_bare" if bare else "occupation_copula" if copula else "occupation"
    # each pack's, in order; not run on a clause without an occupation or the pattern's other needed words
    m = next(filter(None, (prefilter.search(_occupation_re(p, name), c) for p in packs())), None)
    if bare or copula:
        return m.group(1).strip() if m else ""
    if m:   # "做了四年后端开发": the aspect and the duration are not part of the job (each pack's occupation_lead)
        job = m.group(1)
        for p in packs():
            job = p.regex("occupation_lead").sub("", job)
        return job.strip()
    # a job without a known occupation: "I work as a groundsman", "I teach chemistry", "我在小学教语文"
    return next(filter(None, (p.fn("occupation_other")(c) for p in packs())), "")


def _st(kind, clause, lang, change, **kw) -> Statement:
    if kind == "attribute" and "polarity" not in kw:
        if _has_cue("removal", clause, lang):   # "I'm not allergic to peanuts any more": the value is removed
            kw["polarity"] = -1
        elif change and _has_cue("additive", clause, lang):   # "now I'm also allergic to shellfish": an addition
            change = False
    return Statement(kind=kind, language=lang, text=clause.strip(), is_change=change, **kw)


def _has_cue(category: str, text: str, lang: str) -> bool:
    return any(_cue_finds(category, p, text) for p in packs())


def _event(clause: str, lang: str, change: bool, times: list) -> Statement:
    """An event at the clause's first time; a *reschedule* when a time follows a moving verb ("改到八月三号",
    "pushed to September 12"): key "reschedule", value the new time as said (the write path moves the date of
    the plan it concerns)."""
    for i, t in enumerate(times):
        if _reschedule_re().search(clause[:t.start]):
            return _st("event", clause, lang, True, key="reschedule", value=clause[t.start:span_end(clause, times, i)],
                       when=t.when)
    return _st("event", clause, lang, change, value=clause.strip(), when=times[0].when)


@cached(maxsize=1)
def _reschedule_re() -> re.Pattern:
    """A moving verb right before a time: each pack's reschedule cues, then its ``reschedule.re``; an article
    (``date_article.re``) may come between."""
    cues = "|".join(_cue_re("reschedule", p).pattern for p in packs())
    return re.compile(rf"(?:{cues}|{union('reschedule').pattern})\s*(?:{union('date_article').pattern})?$", re.I)


# ---- English ------------------------------------------------------------------------------------------------

def _en_number_after(s: str, p):
    words = number_phrases().search(s)
    digits = p.regex("_st_number").search(s)
    if words and (not digits or words.start() < digits.start()) and not re.fullmatch(r"[\d.\s]+", words.group(0)):
        v = parse_english_number(words.group(0))
        if v is not None and words.group(0).lower() not in p.words("_st_not_a_number"):
            return v, "", words.end()
    for m in p.regex("_st_number").finditer(s):
        raw = m.group(1).replace(",", "")
        v = float(raw)
        suf = (m.group(2) or "").lower()
        v *= float(p.table("_st_number_scale").get(suf, 1))
        unit = "$" if "$" in m.group(0) else ""
        return (int(v) if v.is_integer() else v), unit, m.end()
    return None


def _en_clause(clause: str, now: datetime, change: bool, lang: str, user_spoke: bool,
               full: str, p) -> list[Statement]:
    """The statements of one English clause; ``p`` is the pack whose rules call it (its words: ``_st_*.re``)."""
    c = clause.strip()
    low = c.lower().replace("’", "'")
    out: list[Statement] = []
    consumed_time = False

    # relation: "Lily is my sister", "my sister's name is Lily", "my sister Lily"
    m = p.regex("_st_relation_is_my").match(c)
    if m and lx.role_of(m.group(2)):
        return [_st("relation", c, lang, change, subject=m.group(1), key=lx.role_of(m.group(2)), value=m.group(1))]
    m = p.regex("_st_relation_named").search(c)
    if m and lx.role_of(m.group(1)):
        return [_st("relation", c, lang, change, subject=m.group(2), key=lx.role_of(m.group(1)), value=m.group(2))]

    # standing instructions about answers ("please use a formal tone from now on", "always answer in Chinese")
    if p.regex("_st_standing").search(low) and p.regex("_st_standing_verb").search(low):
        instr = p.regex("_st_request_lead").sub("", c)
        return [_st("preference", c, lang, change, subject=_trim_en(instr, p), key="response_style", polarity=1)]
    m = prefilter.search(p.regex("_st_age"), c)
    if m:
        from .normalize import parse_english_number
        v = parse_number(m.group(2)) if m.group(2)[0].isdigit() else parse_english_number(m.group(2))
        if v is not None:
            subj = "" if m.group(1).lower() == "i" else m.group(1)
            return [_st("attribute", c, lang, change, subject=subj, key="age", value=v)]

    # goals first ("I want to" is a goal, not a preference for "to ..."); one search first: is any goal cue there
    for g in _cues("goal", p.lang) if _any_cue("goal", p.lang).search(low) else ():
        i = low.find(g)
        if i >= 0 and (i == 0 or not low[i - 1].isalnum()):
            rest = _trim_en(c[i + len(g):], p)
            if rest and len(rest.split()) >= 2 and not any(
                    re.match(re.escape(x) + r"\b", rest.lower()) for x in _cues("goal_exclude", p.lang)):
                out.append(_st("goal", c, lang, change, value=rest))
                return out
            if rest:
                return out   # "I need to go": a goal cue with nothing storable after it

    # attributes: "budget 8k", "my salary is 25k", "the deadline is this Friday", "my laptop is a ThinkPad X1"
    en_attr = lx.attribute_cues(p.lang)
    for cue in _attribute_cues(p) if _any_attribute_cue(p).search(low) else ():   # one search: is any cue there
        if cue not in low:   # cheap test first: the pattern below needs the cue itself
            continue
        mm = _word_re(cue).search(low)
        if not mm:
            continue
        key = en_attr[cue]
        after = c[mm.end():]
        whose = ""
        if p.regex("_st_not_now").search(c[:mm.start()]):
            continue   # "my 18th birthday ten years ago", "won at age fifteen": a day or an age then, not the value
        if key in _DATE_KEYS:   # "my mom's birthday" is hers; "his birthday" is nobody we can name here
            owner = p.regex("_st_owner").search(c[:mm.start()])
            if owner and not owner.group(1):
                continue
            whose = owner.group(1) if owner else ""
        if key in _DATE_KEYS:
            ts = find_times(after, now)
            if ts:
                out.append(_st("attribute", c, lang, change, subject=whose, key=key, value=ts[0].when))
                consumed_time = True
                break
            continue
        if key in _TEXT_KEYS:
            other = p.regex("_st_other_subject").search(c[:mm.start()])
            if key not in _OWNED_KEYS and other and (not other.group(1) or lx.role_of(other.group(1))):
                continue   # "my son turned out to be allergic to dogs": his (others.facts reads it), not the user's
            lead = p.regex("_st_value_lead").sub("", after)
            # "Google now and I love it": Google
            val = _trim_en(p.regex("_st_value_end").split(_trim_en(lead, p))[0], p)
            ts = find_times(val, now)   # "starting work at Google next week": the value, not when
            if ts and val[:ts[0].start].strip():
                val = val[:ts[0].start].strip()
            if key == "employer":
                if cue.startswith(("work", "employ")) and not p.regex("_st_self_subject").search(c[:mm.start()]) \
                        or p.regex("_st_was").search(c[:mm.start()]):
                    continue   # "dinners that work for her", "I was working at Tesco": not where the user works now
                if next(iter(lead.lower().split()), "") in p.words("_st_not_employer"):
                    continue   # "I work at home", "for myself", "at weekends", "at my desk": no employer
                name = p.regex("_st_place").match(lead)
                val = name.group(0) if name else val   # "Tesco when we met": Tesco
            if key == "email":   # "a polite email to reschedule a meeting": no address, no fact
                val = _EMAIL.search(after).group(0) if _EMAIL.search(after) else ""
            if val.lower() in p.words("_st_pronoun_value") or (key == "phone" and not _PHONE.fullmatch(val)):
                continue   # "new number was almost $5k": an amount, not a phone number
            owner = p.regex("_st_owner").search(c[:mm.start()])
            if owner and not owner.group(1):
                continue   # "Her name's Emma": someone's, but whose is not said in this clause
            whose = owner.group(1) if owner else ""
            if key in ("location", "hometown") and not whose and not p.regex("_st_self_cue").match(cue) \
                    and not p.regex("_st_self_subject").search(c[:mm.start()]) \
                    and not p.regex("_st_self_lead").match(c[:mm.start()]):
                named = p.regex("_st_named_subject").search(c[:mm.start()])
                if not named:
                    continue   # "my son and his wife live in Vancouver": where they live, not the user
                whose = named.group(1)   # "Tom lives in Lyon": Tom's home
            if key in ("location", "hometown"):   # a place is a name: "Leeds" of "moved to Leeds", not "the back row"
                place = p.regex("_st_place").match(val)
                if not place:
                    continue
                val = place.group(0)
            if val:
                out.append(_st("attribute", c, lang, change, key=key, value=val, **({"subject": whose} if whose else {})))
                job = p.regex("_st_job_as").search(after.strip(" .!"))
                if key == "employer" and job:
                    out.append(_st("attribute", c, lang, change, key="job", value=job.group(1).strip()))
                break
            continue
        num = _en_number_after(after, p)
        if num:
            out.append(_st("attribute", c, lang, change, key=key, value=num[0], unit=num[1]))
            break
    if not out:
        m = p.regex("_st_model").search(c)
        if m and lx.type_of_noun(m.group(1), p.lang):
            out.append(_st("attribute", c, lang, change, subject=f"my {m.group(1)}", key="model",
                           value=m.group(2)))

    # switches: "switch my preferred airline to Cathay", "let's go with Plan B"
    if not out:
        sm = next(iter(_cue_finds("switch", p, c)), None)
        sm2 = p.regex("_st_switch_to").search(c)
        target = sm2.group(1) if sm2 else (c[sm.end():] if sm else "")
        target = p.regex("_st_instead").split(target)[0]
        if target.strip() and not _en_number_after(target, p):
            out.append(_st("preference", c, lang, True, subject=_trim_en(target, p), polarity=1))

    # "No country, I can't stand it", "no cilantro please", "no milk in my coffee": what the speaker does not want
    m = p.regex("_st_no_thing").match(c) if not out else None
    if m and (not m.group(2) or subject_types.is_food(m.group(2))):   # "no signal in my room" is no taste
        out.append(_st("preference", c, lang, change, subject=_trim_en(m.group(1), p) or m.group(1), polarity=-1))

    # preferences
    if not out:
        best = None
        for cat, pol in (("pref_neg", -1), ("pref_pos", 1)):
            for mm in _cue_finds(cat, p, c):
                before = c[:mm.start()]
                if not (p.regex("_st_self_subject").search(before) or (not before.strip() and user_spoke)
                        or p.regex("_st_also").fullmatch(before)):   # "also big fan of jazz"
                    continue
                if best is None or mm.start() < best[0].start() or (mm.start() == best[0].start()
                                                                    and len(mm.group(0)) > len(best[0].group(0))):
                    best = (mm, pol)
            if best and cat == "pref_neg":
                break
        m_nl = prefilter.search(p.regex("_st_no_longer"), c)
        if m_nl and p.regex("_st_no_more").search(c):
            out.append(_st("preference", c, lang, True, subject=_strip_light_verb(_trim_en(m_nl.group(2), p), p),
                           polarity=-1))
        elif best:
            mm, pol = best
            subj = _trim_en(c[mm.end():], p)
            if p.regex("_st_used_to").search(c[:mm.start()]) and p.regex("_st_not_any_more").search(full or c):
                subj = _trim_en(p.regex("_st_but").split(c[mm.end():])[0], p)
                pol, change = -1, True
            raw = c[mm.end():].strip()
            if pol > 0 and p.regex("_st_want").fullmatch(mm.group(0).strip().lower()) and \
                    p.regex("_st_to_verb").match(raw):
                # "(I'm 92 kg and) want to get to 85 by summer": a goal, not a preference for "get to 85"
                return out + [_st("goal", c, lang, change, value=_trim_en(raw[3:], p))]
            subj = _strip_light_verb(subj, p)
            subj = p.regex("_st_laugh_end").sub("", subj)
            subj = p.regex("_st_it_when").sub("", subj)   # "I hate it when meetings run over"
            first = subj.split()[0].lower() if subj else ""
            wish = p.regex("_st_wish").search(c)
            offer = pol > 0 and wish is not None and wish.start() <= mm.start() < wish.end()
            for_others = p.regex("_st_want").search(mm.group(0).lower()) and p.regex("_st_object_control").match(subj)
            # "I love you", "I want it to be shorter", "I like that idea": about the conversation, not storable;
            # "I love how it shows …", "something I love is awesome": a clause, not a thing; "I'd love to check
            # them out": an offer or a wish, not a taste; "I want my kids to learn that": what others should do
            if subj and first not in p.words("_st_not_a_thing") and not p.regex("_st_to_be").match(subj) \
                    and not offer and not for_others:
                out.append(_st("preference", c, lang, change, subject=subj, polarity=pol))

    # apposition: "my friend Priya is moving to Berlin" → Priya is the user's friend (alongside the rest)
    for m in p.regex("_st_apposition").finditer(c):
        role = lx.role_of(m.group(1))
        if role and m.group(2) not in ("I",):
            out.append(_st("relation", c, lang, change, subject=m.group(2), key=role, value=m.group(2)))

    # allergies ("I'm allergic to peanuts") are attributes handled above; events: a time expression
    # (the clause's times are read only where an event may come of them)
    if not consumed_time and not any(s.kind in ("goal", "preference", "attribute") for s in out):
        ts = find_times(c, now)
        if ts:
            rest = (c[:ts[0].start] + c[ts[0].end:]).strip(" ,.")
            if len(_LATIN.findall(rest)) >= 2:
                out.append(_event(c, lang, change, ts))
    return out


# ---- Chinese ------------------------------------------------------------------------------------------------

def _zh_number_after(s: str, p):
    m = p.regex("_st_metres").search(s)
    if m:
        a = parse_number(m.group(1))
        b = parse_number(m.group(2)) if m.group(2).isdigit() else int("".join(
            str(parse_number(ch)) for ch in m.group(2)))
        return round(a + b / 100, 2), "m", m.end()
    for m in numeral_runs().finditer(s):
        raw = m.group(0)
        if raw in p.words("_st_lone_numeral") or not any(ch.isdigit() or ch in p.words("_st_value_numeral") for ch in raw):
            continue
        # "3k", "8k" written in a Chinese sentence
        tail = s[m.end():m.end() + 1]
        v = parse_number(raw + tail) if tail in "kKwW" and tail else parse_number(raw)
        if v is None:
            continue
        unit = "元" if s[m.end():m.end() + 1] in ("元", "块") else ""
        return v, unit, m.end()
    return None


def _zh_has_subject(before: str, user_spoke: bool, p) -> bool:
    b = before.strip()
    if not b:
        return user_spoke or True   # subject-less Chinese clauses are the norm ("预算八千", "喜欢吃辣")
    if p.regex("_st_carried").fullmatch(b):
        return True    # "也不要葱": the subject carries over
    return "我" in b and "你" not in b[b.rfind("我"):]


def _zh_verb_object(words: str) -> bool:
    """jieba reads ``words`` as a verb and its object ("喝茶" one verb, "吃鱼" verb + noun), not as a taste ("吃辣",
    an adjective): "喜欢喝茶" likes tea, "喜欢吃辣" keeps its verb."""
    from .nlp import zh_tokens

    flags = [t[1] for t in zh_tokens(words)]
    return flags == ["v"] or (len(flags) == 2 and flags[0] == "v" and flags[1].startswith("n"))


def _zh_liked(after: str, cue: str, p) -> str:
    """The liked thing after a Chinese preference cue: "最喜欢的水果是芒果" → 芒果, "不喜欢吃寿司" → 寿司."""
    subj = _trim_zh(after, p)
    named = p.regex("_st_favourite_named").match(subj)
    if named:
        subj = _trim_zh(named.group(1), p)
    if p.regex("_st_light_verb").match(subj) and (len(subj) >= 3 or _zh_verb_object(subj)) \
            and not cue.endswith(p.seq("_st_cue_verb")):
        subj = subj[1:]      # the cue "爱吃" already carries the verb
    return subj


def _zh_taste_owner(before: str, earlier: str, p) -> str:
    """Whose taste a Chinese clause states when it is someone else's: a relative or a name opening the clause
    ("儿子很喜欢游泳", "我老公不爱吃辣", "小雨从小就喜欢…"), or, when the clause has no subject of its own, opening the
    clause before it in the sentence ("我侄子今年十二岁了，特别喜欢打篮球"); "" otherwise (the user's, or unknown)."""
    from .nlp import zh_tokens

    def opener(words: str) -> str:
        toks = zh_tokens(words.strip(" ，,"))
        mine = bool(toks) and toks[0][0] == "我"
        toks = toks[1:] if mine else toks
        if not toks:
            return ""
        w, flag = toks[0][0], toks[0][1]
        if lx.role_of(w) or lx.role_of("我" + w):
            return "我" + w
        return w if not mine and flag in ("nr", "nrt") and 2 <= len(w) <= 3 and "我" not in words else ""

    b = before.strip(" ，,")
    if b and not p.regex("_st_carried").fullmatch(b):
        return opener(b)
    sentence = re.split(r"[。！？!?]", earlier)[-1]
    last = [x for x in re.split(r"[，,；;]", sentence) if x.strip()]
    return opener(last[-1]) if last else ""


def _zh_someone_else(said_before: str) -> bool:
    """A subject-less clause carries the last subject named before it: "奶奶…，最喜欢喝小米粥" is grandma's taste,
    "我奶奶最喜欢…" too. True when that subject is someone other than the user (他/她 or a relative)."""
    me = said_before.rfind("我")
    other = max([said_before.rfind(w) for w in ("他", "她", *lx.zh_kin_words())], default=-1)
    return other > me


@cached(maxsize=None)
def _zh_attribute_cues(p) -> tuple[tuple[str, str, str], ...]:
    """(cue, key, cue lower-cased) of pack ``p``'s attribute cues and the other packs' cues in Latin script
    ("deadline是下周五"), longest first."""
    cues = list(lx.attribute_cues(p.lang).items()) + [(k, v) for q in other_packs(p.lang)
                                                      for k, v in lx.attribute_cues(q.lang).items() if k.isascii()]
    return tuple((cue, key, cue.lower()) for cue, key in sorted(cues, key=lambda kv: -len(kv[0])))


def _zh_clause(clause: str, now: datetime, change: bool, lang: str, user_spoke: bool,
               full: str, p) -> list[Statement]:
    """The statements of one Chinese clause; ``p`` is the pack whose rules call it (its words: ``_st_*.re``)."""
    c = clause.strip()
    out: list[Statement] = []
    consumed_time = False

    # relation: "我妹妹叫王丽丽", "王丽丽是我妹妹"
    m = p.regex("_st_relation_named").search(c)
    if m and lx.role_of(m.group(1)):
        return [_st("relation", c, lang, change, subject=m.group(2), key=lx.role_of(m.group(1)), value=m.group(2))]
    m = p.regex("_st_relation_is_my").search(c)
    if m and lx.role_of(m.group(2)):
        return [_st("relation", c, lang, change, subject=m.group(1), key=lx.role_of(m.group(2)), value=m.group(1))]

    # standing instructions about answers ("以后回答我都用中文", "每次都简短一点")
    if p.regex("_st_standing").search(c) and p.regex("_st_standing_verb").search(c) \
            and not p.regex("_st_asks_end").search(c) and not p.regex("_st_reported").search(c) \
            and not p.regex("_st_past_habit").search(c):   # "之前一直用VS Code": a past habit, no instruction
        return [_st("preference", c, lang, change, subject=_trim_zh(c, p), key="response_style", polarity=1)]
    m = p.regex("_st_age").search(c)
    if m:
        v = parse_number(m.group(2))
        if v is not None:
            subj = "" if m.group(1) == "我" else m.group(1)
            return [_st("attribute", c, lang, change, subject=subj, key="age", value=v)]
    m = p.regex("_st_workplace").search(c)
    if m and not passing.starts_with_verb(m.group(1)):
        return [_st("attribute", c, lang, change, key="school" if m.group(2) in ("读书", "上学") else "employer",
                    value=m.group(1))]
    # "我在飞鸢科技做硬件": a named company (its kind word says so) and what the user does there
    m = p.regex("_st_company_job").search(c)
    if m:
        return [_st("attribute", c, lang, change, key="employer", value=m.group(1)),
                _st("attribute", c, lang, change, key="job", value=_trim_zh(m.group(2), p))]

    # goals ("我的目标是…", "我打算…", "我想学…")
    for g in _cues("goal", p.lang):
        i = c.find(g)
        if i < 0:
            continue
        rest = _trim_zh(c[i + len(g):], p)
        if g in p.words("_st_wish") and (not rest or rest[0] in p.words("_st_thing_start")):
            break   # "我想要一个手机": a wish for a thing — a preference, below
        if len(rest) >= 2 and not any(rest.startswith(x) for x in _cues("goal_exclude", p.lang)):
            return [_st("goal", c, lang, change, value=rest)]
        if rest:
            return []   # "我想想", "我想问一下": nothing storable

    # attributes ("预算八千", "月薪两万五", "对花生过敏", "我的笔记本是ThinkPad X1", "deadline是下周五")
    m = p.regex("_st_allergy").search(c)   # "对了，我还对芒果过敏" → 芒果
    if m:
        return [_st("attribute", c, lang, change, key="allergy", value=m.group(1))]
    low = c.lower()
    for cue, key, cue_low in _zh_attribute_cues(p):
        i = low.find(cue_low)
        if i < 0 or key == "allergy":
            continue
        if cue.isascii() and ((i > 0 and c[i - 1].isascii() and c[i - 1].isalnum()) or
                              (i + len(cue) < len(c) and c[i + len(cue)].isascii() and c[i + len(cue)].isalnum())):
            continue
        if cue.isascii() and c[i].isupper() and i > 0 and not c[i - 1].isspace() and not c[i - 1].isascii():
            continue   # part of a product name glued to Chinese text ("特斯拉Model 3"), not the word "model"
        after = c[i + len(cue):]
        before, whose = p.regex("_st_de_end").sub("", c[:i]), ""
        if key in _DATE_KEYS:   # "我爸的生日" is his; "他生日" is nobody we can name here
            if p.regex("_st_others_end").search(before):
                continue
            role = next((before[-n:] for n in (2, 1) if lx.role_of(before[-n:])), "")
            whose = ("我" + role if not role.startswith("我") else role) if role else ""
        if key in _DATE_KEYS:
            ts = find_times(after, now)
            if ts:
                out.append(_st("attribute", c, lang, change, subject=whose, key=key, value=ts[0].when))
                consumed_time = True
                break
            continue
        if key in _OWNED_KEYS:
            whose = _zh_owner(before, p)
            if whose is None:
                continue
        if key in _TEXT_KEYS:
            val = _trim_zh(p.regex("_st_value_lead").sub("", after), p)
            if key == "phone":
                phone = _PHONE.search(val)
                val = phone.group(0) if phone else ""
            if key == "email":   # "我的邮箱满了": no address, no fact
                val = _EMAIL.search(val).group(0) if _EMAIL.search(val) else ""
            if key == "location" and (p.regex("_st_not_location").match(val) or p.regex("_st_not_place").match(val)):
                continue   # "我住院了", "我住得远", "工资调到一万", "moved to Thursday": not where the user lives
            if key == "location" and p.regex("_st_area").search(val):
                key = "address"   # 南山区, 滨江花园: where in the city, which does not replace the city (深圳)
            if key == "name" and not re.fullmatch(r"[\u4e00-\u9fff]{2,4}|[A-Za-z][A-Za-z ]{1,20}", val) \
                    or key == "name" and val[0] in p.words("_st_not_name_start"):
                continue   # "我叫了外卖", "我叫他等一下": no name
            if key == "hometown":
                val = p.regex("_st_de_end").sub("", val)   # "老家是武汉的"
            if val:
                out.append(_st("attribute", c, lang, change, subject=whose, key=key, value=val))
                break
            continue
        # the value after a change verb wins: "预算从五千提高到七千五"
        mm = p.regex("_st_change_verb").search(after)
        num = _zh_number_after(after[mm.end():], p) if mm else None
        num = num or _zh_number_after(after, p)
        if num:
            out.append(_st("attribute", c, lang, change, key=key, value=num[0], unit=num[1]))
            break
    if not out:
        m = p.regex("_st_model").search(c)
        if m and lx.type_of_noun(m.group(1), p.lang) and (m.group(2)[:1].isascii() or re.match(
                r"[\u4e00-\u9fff]+", m.group(2)).group(0)[:2] in {k[:2] for k in lx.brands()}):
            out.append(_st("attribute", c, lang, change, subject=m.group(1), key="model", value=m.group(2).strip()))
    if out:
        return out

    # switches ("还是换成MacBook吧", "改喝茶")
    for cue in _cues("switch", p.lang):
        i = c.find(cue)
        if i >= 0:
            target = _trim_zh(c[i + len(cue):], p)
            if target and not _zh_number_after(target, p):
                return [_st("preference", c, lang, True, subject=target, polarity=1)]

    # preferences: longest cue wins at a position; negative cues contain the positive ones (不喜欢 ⊃ 喜欢)
    found = [(c.find(cue), cue, pol) for cat, pol in (("pref_neg", -1), ("pref_pos", 1))
             for cue in _cues(cat, p.lang) if cue in c]
    best = min(found, key=lambda x: (x[0], -len(x[1]))) if found else None
    if best:
        i, cue, pol = best
        before = c[:i]
        earlier = full[:max(0, full.find(c))] if full else ""
        whose = _zh_taste_owner(before, earlier, p)
        if whose:   # "小雨从小就喜欢打游戏，最爱原神", "我侄子…，特别喜欢打篮球": theirs, on their card
            subj = _zh_liked(c[i + len(cue):], cue, p)
            if subj:
                return [_st("attribute", c, lang, change, subject=whose, key="likes" if pol > 0 else "dislikes",
                            value=subj)]
        elif _zh_has_subject(before, user_spoke, p) and not p.regex("_st_someone").search(before) \
                and not _zh_someone_else(earlier + before):
            subj = _zh_liked(c[i + len(cue):], cue, p)
            if subj and not subj.startswith(p.seq("_st_reply_start")):   # feedback on the reply, not a preference
                out.append(_st("preference", c, lang, change, subject=subj, polarity=pol))
                return out

    # events: a clause with a time expression and something happening in it
    ts = find_times(c, now)
    if ts and not consumed_time:
        rest = c[:ts[0].start] + c[ts[0].end:]
        content = re.sub(r"[^\u4e00-\u9fffA-Za-z]", "", rest)
        if len(content) >= 2 and not p.regex("_st_no_event").fullmatch(content):
            out.append(_event(c, lang, change, ts))
    return out
