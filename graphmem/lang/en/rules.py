"""English word rules that must be code: second-person rewriting and how a name is said to its owner.
Their words are this folder's data files."""

from __future__ import annotations

import re
from itertools import islice

from graphmem import lang
from graphmem.linking import prefilter

__all__ = ["about_speaker", "agent_nouns", "allergy_list", "ambient_units", "appositions", "asked_types", "body",
           "children", "clause_statements", "clock", "content_terms", "content_units", "cue_re", "diet", "dropped", "enumerations",
           "grams", "hobbies", "is_change", "is_question", "job_employer", "job_owner", "kin_mentions", "languages_spoken",
           "learning", "may_have_cue", "name_age", "named_ages", "noun_type", "occupation_other", "of_speaker", "others_facts", "owned", "pets",
           "possessive", "preferred_over", "quantity_units", "removable", "retimed_date", "role_name", "search_terms",
           "short_answer", "short_item", "split_owner", "subject", "to_second_person", "unqualified", "work_city",
           "workplaces"]

_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_WORD_RUN = re.compile(r"[A-Za-z]+")
_WORD2 = re.compile(r"[a-z]{2,}", re.I)
_NUMBERED = re.compile(r"-\d")
_UNIT_CHAR = re.compile(r"[a-z%k$€£¥]", re.I)
_NOT_ABOUT_SELF = re.compile(r"\s+(?:you|your|so|not)\b", re.I)   # "I hope you …", "I think so"
_LOW_WORD = re.compile(r"[a-z']+")
_LETTER = re.compile(r"[A-Za-z]")


def _p():
    return lang.pack("en")


def split_owner(name: str) -> tuple[str, str] | None:
    """ "my laptop" -> ("my ", "laptop"); None when the name does not open with the speaker's possessive."""
    m = _p().regex("my").match(name)
    return (m.group(0), name[m.end():]) if m else None


def subject(name: str | None, is_self: bool, capital: bool = True) -> str:
    """The entity as the user hears it: "my laptop" -> "your laptop"; the user -> "you"."""
    if is_self or not name:
        s = "you"
    elif own := split_owner(name):
        s = "your " + own[1]
    else:
        s = name
        for other in lang.others("en"):   # "我的笔记本" keeps its language: "你笔记本"
            if found := other.fn("split_owner")(name):
                s = other.say("your_word") + found[1]
                break
    swap = _p().table("_second_person")
    s = _p().regex("_name_speaker").sub(lambda m: swap[m.group(1).lower()], s)
    return s[:1].upper() + s[1:] if capital else s


def possessive(name: str | None, is_self: bool) -> str:
    """Whose a fact is: "Your", "Your laptop's", "James'"."""
    if is_self or not name:
        return "Your"
    s = subject(name, False)
    return s + ("'" if s.endswith("s") else "'s")


def role_name(role: str) -> str:
    """What someone is to the user ("son_in_law" -> "son in law")."""
    return _p().table("role_names").get(role, role.replace("_", " "))


def to_second_person(text: str) -> str | None:
    """ "I booked a flight" -> "You booked a flight"; None when the text also addresses someone as "you"."""
    p = _p()
    if p.regex("_addressee").search(text) or not p.regex("_speaker").search(text):
        return None
    swap = p.table("_second_person")
    words = list(_WORD.finditer(text))
    out, pos = [], 0
    for i, m in enumerate(words):
        w = m.group(0)
        low = w.lower()
        rep = swap.get(low)
        if low == "am" and not (i and words[i - 1].group(0).lower() == "i"):
            rep = None
        if low == "was" and i and words[i - 1].group(0).lower() == "i":
            rep = "were"
        if rep is None or (low == "i" and _NUMBERED.match(text, m.end())):   # "I-35", a road: not the speaker
            continue
        if m.start() == 0 or (w[0].isupper() and not low.startswith("i")):
            rep = rep[0].upper() + rep[1:]
        out.append(text[pos:m.start()])
        out.append(rep)
        pos = m.end()
    out.append(text[pos:])
    s = "".join(out).strip()
    return s[:1].upper() + s[1:]


# -- lists (linking/lists.py) -----------------------------------------------------------------------------------
def preferred_over(subject: str, text: str) -> tuple[str, str]:
    """A statement subject "tea over coffee" -> ("tea", "coffee"); (subject, "") when nothing is preferred over."""
    m = _p().regex("_prefer_over").match(subject)
    return (m.group(1).strip(), m.group(2).strip()) if m else (subject, "")


def short_item(item: str) -> bool:
    """An item short enough to be one thing of a list (four words at most)."""
    return len(item.split()) <= 4


def _pet_noun(noun: str) -> str:
    from graphmem.linking import lexicon as lx
    for n in (noun[:-1] if noun.endswith("s") else noun, noun):
        if lx.type_of_noun(n, "en") == "pet":
            return n
    return ""


def pets(text: str) -> list[tuple[str, str]]:
    """The speaker's pets with their names: "two cats, Miso and Tofu" -> [("Miso", "cat"), ("Tofu", "cat")]."""
    p = _p()
    found: list[tuple[str, str]] = []
    for m in p.regex("_pets").finditer(text):
        noun = _pet_noun(m.group("noun").split()[-1])
        if noun and p.regex("_self").search(text[:m.start()]):
            found += [(n, noun) for n in p.regex("_pet_names_sep").split(m.group("names")) if n]
    return found


def owned(text: str) -> list[str]:
    """What the speaker says they own ("I also have an old MacBook Air at home" -> MacBook Air, "we've got two
    bikes" -> bikes): the ownable head after a possession verb (``owns.re``), with the model words around it."""
    from graphmem.linking import lexicon as lx

    def head(w: str) -> bool:
        return lx.ownable(w, "en") or (w.endswith("s") and lx.ownable(w[:-1], "en"))

    def named(w: str) -> bool:
        return w[:1].isupper() or w[:1].isdigit()

    out = []
    for m in prefilter.finditer(_p().regex("owns"), text):
        words = m.group("thing").split()
        at = next((i for i, w in enumerate(words) if head(w)), None)
        if at is None:
            continue
        end = at + 1
        while end < len(words) and (named(words[end]) or head(words[end])):
            end += 1
        start = at
        while start > 0 and named(words[start - 1]):
            start -= 1
        out.append(" ".join(words[start:end]))
    for m in _p().regex("_owns_my").finditer(text):   # "my Subaru fits five": a brand names the thing
        words = m.group("thing").split()
        if lx.brands().get(lx.normalise(words[0]), "") in lx.owned_types():
            out.append(" ".join(words))
    return out


def languages_spoken(text: str) -> list[str]:
    """ "I speak English and Portuguese" -> ["English", "Portuguese"]."""
    p = _p()
    names: list[str] = []
    for m in p.regex("_languages").finditer(text):
        names += [p.regex("_language_level").sub("", n) for n in p.regex("_languages_sep").split(m.group("names")) if n]
    return names


def allergy_list(text: str) -> list[str]:
    """The speaker's allergies when a list names several ("allergic to peanuts, shellfish and penicillin")."""
    p = _p()
    names: list[str] = []
    for m in prefilter.finditer(p.regex("_allergies"), text):
        listed = m.group("names")
        parts = [p.regex("_allergy_item_lead").sub("", x.strip(" ,")) for x in p.regex("list_sep").split(listed)]
        # a list ends in "and"/"&" ("peanuts, shellfish and penicillin"); "peanuts, please remember that" is none
        if 2 <= len(parts) <= 5 and p.regex("_list_end").search(listed) and all(x and len(x.split()) <= 3 for x in parts):
            names += parts
    return names


def short_answer(text: str) -> bool:
    """A direct answer ("Shanghai, next Friday"): six words at most."""
    return len(_WORD_RUN.findall(text)) <= 6


def noun_type(word: str, nouns: dict[str, str]) -> str:
    """The type of a head noun from the pack's ``type_nouns`` (lower case): "laptops" -> laptop."""
    lw = word.lower()
    for w in (lw, lw[:-1] if lw.endswith("s") else "", lw[:-2] if lw.endswith("es") else ""):
        if w and w in nouns:
            return nouns[w]
    return ""


# -- facts said in passing (linking/passing.py) -------------------------------------------------------------------
def diet(text: str) -> str:
    """ "I'm vegetarian" -> "vegetarian"; "" when no diet is said."""
    m = prefilter.search(_p().regex("_diet"), text)
    return m.group(1).lower() if m else ""


def workplaces(text: str) -> list[tuple[str, bool]]:
    """(employer, a change of job) said in passing: "my job at the bank", "accepted the Fernleaf offer" (a change)."""
    p = _p()
    m = prefilter.search(p.regex("_workplace"), text) or prefilter.search(p.regex("_job_offer"), text)
    return [(next(g for g in m.groups() if g), m.re is p.regex("_job_offer"))] if m else []


def children(text: str) -> list[tuple[str, str]]:
    """(daughter/son, name) of children named on introduction ("we have a daughter, Lia")."""
    return [(m.group(1), m.group(2)) for m in _p().regex("_child").finditer(text)]


def name_age(text: str) -> tuple[str, str] | None:
    """(name, age as written) of a self-introduction ("I'm Sam, 34")."""
    m = _p().regex("_name_age").search(text)
    return (m.group(1), m.group(2)) if m else None


# -- a plan's date moved (graphmem/write/retime.py) ----------------------------------------------------------------
def retimed_date(old: str, new: str) -> str:
    """The new date as it replaces ``old``: English keeps the preposition ("in June" -> "on September 12")."""
    p = _p()
    if p.regex("_date_preposition").match(old) and new.isascii() and not p.regex("_date_opening_word").match(new):
        return ("on " if re.search(r"\d", new) or re.search(r"day\b", new, re.I) else "in ") + new
    return new


def grams(text: str) -> set[str]:
    """The words of a lower-cased text that say what a plan is about (three letters or more)."""
    return set(re.findall(r"[a-z][a-z0-9]{2,}", text))


# -- statements (linking/statements.py) ------------------------------------------------------------------------------
def is_question(clause: str, full: str) -> bool:
    """A clause that asks rather than states ("what do you think", "any ideas?"); ``full`` is the whole message."""
    c = clause.strip()
    return bool(_p().regex("_question_opening").match(c)) or (c.endswith("?") or full.strip().endswith("?") and c == full.strip())


# -- the write gate (linking/gate.py) --------------------------------------------------------------------------------
@lang.cached(maxsize=1024)   # asked of a clause by the gate, then of each statement read from it (``requests``)
def about_speaker(clause: str) -> bool:
    """The clause says something about the speaker or their world: first person with a verb and content ("we cut
    the guest list to 80"), "my X is/has ...", what someone reported, a quantity ("30 km a week")."""
    p = _p()
    c = p.regex("_intensifier").sub("", clause.replace("’", "'"))   # "I'm so happy" is "I'm happy": nothing
    if p.regex("_personal_question").match(c) or c.rstrip().endswith("?"):
        return False
    for m in p.regex("_self_said").finditer(c):
        verb = m.group(1).lower()
        if verb in p.words("_self_said_empty") and len(m.group(2).split()) < 3:
            continue
        if verb in ("hope", "wish", "think", "guess", "mean", "wonder") and _NOT_ABOUT_SELF.match(m.group(2)):
            continue
        return True
    if p.regex("_my_thing_is").search(c) or prefilter.search(p.regex("_reported"), c):
        return True
    words = len(_WORD2.findall(c))
    for q in prefilter.finditer(p.regex("_quantity"), c):
        v = q.group(0).strip()
        if p.regex("_quantity_empty").match(v):
            continue
        if _UNIT_CHAR.search(v):
            return True            # "30 km", "125k", "$300", "2400 calories"
        if len(v) >= 2 and words >= 3:
            return True            # a bare number inside a sentence ("cut the guest list down to 80"), not "ok 886"
    return False


# ---- a recall query (graphmem.recall.query) ---------------------------------------------------------------------
_EN_WORD = re.compile(r"[a-z]+(?:-[a-z]+)?")


def asked_types(text: str, max_wh: int) -> list[str]:
    """The entity types a few words after a question word name ("what kind of laptop" -> laptop)."""
    from graphmem.linking import lexicon
    found: list[str] = []
    for wh in islice(_p().regex("_wh").finditer(text), max_wh):
        words = _EN_WORD.findall(text[wh.start():wh.start() + 80].lower())[:8]
        for i, w in enumerate(words):
            t = lexicon.type_of_noun(" ".join(words[i:i + 2]), "en") or lexicon.type_of_noun(w, "en")
            if t:
                found.append(t)
    return found


def agent_nouns(text: str) -> list[str]:
    """"who teaches me" is answered by "my teacher is ...": the agent noun of the verb a who-question asks about."""
    out = []
    for m in _p().regex("_who_verb").finditer(text):
        verb = m.group(1).lower()
        out.append(verb + ("r" if verb.endswith("e") else "er"))
    return out


def content_terms(token: str) -> list[str]:
    """A lower-case word of 3+ letters as a content term, unless it is a query stop word."""
    return [] if token in _p().words("query_stop_words") else [token]


def search_terms(token: str) -> list[str]:
    """A token of the query as a search term (lower case; stop words and single letters out)."""
    w = token.strip("'._-")
    if (len(w) < 2 and not w.isdigit()) or w.lower() in _p().words("query_stop_words"):
        return []
    return [w.lower()]


# ---- recall scoring (graphmem.recall.scoring) -------------------------------------------------------------------
def quantity_units(text: str) -> set[str]:
    """The units numbers are given in ("30 km a week" -> {"#km"}, "$250" -> {"#$"})."""
    p, out = _p(), set()
    for m in p.regex("_qty_unit").finditer(text):
        u = (m.group(1) or m.group(2) or "").lower()
        u = u[:-1] if len(u) > 2 and u.endswith("s") else u
        if u:
            out.add("#" + p.table("_unit_names").get(u, u))
    return out


def dropped(text: str) -> list[str]:
    """What a change drops or the user tried and turned down ("no more oat latte" -> "oat latte")."""
    p = _p()
    return ([p.regex("_dropped_verb").sub(" ", m.group(1)) for m in p.regex("_dropped").finditer(text)]
            + [m.group(1) for m in p.regex("_tried").finditer(text)])


# ---- facts about others and the body (graphmem.linking.others) -------------------------------------------------
def others_facts(text: str, lang_: str, change: bool) -> list:
    """Facts about named others and things in an English message: read from spaCy's parse (``en_facts``)."""
    return en_facts(text, lang_, change)


def named_ages(text: str, lang_: str, change: bool) -> list:
    """No rule for an age said after a name in its own clause in English (spaCy's parse reads "she's 4")."""
    return []


def learning(text: str, lang_: str, change: bool) -> list:
    """What the user is learning ("I'm learning Japanese"; "learning Rust and Go": each one)."""
    from graphmem.linking import others, prefilter
    return [others._st("learning", thing, "", others._clause_at(text, m.start()), lang_, change)
            for m in prefilter.finditer(_p().regex("_learning"), text) for thing in re.split(r",? and |, ", m.group(1))]


def body(text: str, lang_: str, change: bool) -> list:
    """The user's weight and height said with a unit ("I'm 6'1 and 180 lbs", "I weigh 80 kg")."""
    from graphmem.linking import others
    p, out = _p(), []
    if not _DIGIT.search(text):   # a weight and a height both need a digit
        return out
    for m in _weight_re().finditer(text):
        out.append(others._st("weight", others._num(m.group(1)), "", others._clause_at(text, m.start(1)), lang_, change,
                              unit=m.group(2).lower()))
    m = p.regex("_height").search(text)
    if m:
        out.append(others._st("height", f"{m.group(1)}'{m.group(2)}", "", others._clause_at(text, m.start()), lang_,
                              change))
    return out


@lang.cached(maxsize=1)
def _weight_re() -> re.Pattern:
    """A weight the user gives: ``_weight_lead.re``, a number, a ``weight_unit`` cue (longest first)."""
    from graphmem.linking import others
    units = "|".join(re.escape(u) for u in sorted(others._cues("weight_unit", _p()), key=len, reverse=True))
    return re.compile(_p().regex("_weight_lead").pattern + r"(\d{2,3}(?:\.\d)?)\s?(" + units + r")\b", re.I)


_DIGIT = re.compile(r"\d")


# ---- a clause's statements (graphmem.linking.statements) ----------------------------------------------------------
def clause_statements(clause: str, now, change: bool, lang_: str, user_spoke: bool, full: str) -> list:
    """The statements of one English clause: ``statements``' English clause rules, with this pack's words (``_st_*.re``)."""
    from graphmem.linking import statements
    return statements._en_clause(clause, now, change, lang_, user_spoke, full, _p())


def job_owner(clause: str) -> str | None:
    """Whose job a clause that states one says: the English job rules read the user's own only ("")."""
    return ""


def work_city(clause: str) -> str:
    """The city right after the job a clause states ("data analyst at Zalando in Berlin", "nurse in Leeds")."""
    from graphmem.linking import statements
    c = clause.replace("’", "'")
    for name in ("occupation", "occupation_bare"):
        m = statements._occupation_re(_p(), name).search(c)
        if m:
            place = _p().regex("_job_in").match(c, m.end(1))
            return place.group(1) if place else ""
    return ""


def job_employer(job: str, clause: str) -> str:
    """Where a job is done when its phrase names it: "data analyst at Zalando" -> Zalando."""
    m = _p().regex("_job_at").search(job)
    return m.group(1) if m else ""


def appositions(clause: str) -> list:
    """Relatives named in apposition ("我女儿朵朵"): no English rule here (spaCy's parse reads "my daughter, Lia")."""
    return []


def is_change(text: str, text_lang: str) -> bool:
    """The message announces a change by an English cue (unless it is all another language's)."""
    from graphmem.linking import statements
    if lang.has(text_lang) and text_lang != "en" or not _may_find(_cue_search(tuple(statements._cues("change", "en"))),
                                                                 text):
        return False
    return bool(statements._cue_re("change", _p()).search(text))


@lang.cached(maxsize=None)
def _cue_parts(words: tuple[str, ...]) -> tuple[str, ...] | None:
    """The longest apostrophe-free piece of each cue, lower-cased: one is in any text ``cue_re(words)`` matches.
    None when a cue is not ASCII (no such test then)."""
    if not all(w.isascii() for w in words):
        return None
    return tuple(max(w.lower().split("'"), key=len) for w in words)


def _may_hold(parts: tuple[str, ...] | None, text: str) -> bool:
    """False only when no cue can match ``text``: ASCII (apostrophes either way) and none of ``parts`` in it, case
    aside (one scan for the parts as literals instead of the cue pattern's tries at every position)."""
    return _may_find(None if parts is None else _parts_search(parts), text)


@lang.cached(maxsize=None)
def _parts_search(parts: tuple[str, ...]) -> re.Pattern:
    """``parts`` as one search of literals: it finds something in a text exactly when one of them is in it (a tree
    of shared prefixes, ``prefilter.any_of``: a character is tested once, not once a part)."""
    return prefilter.any_of(frozenset(parts))


@lang.cached(maxsize=None)
def _cue_search(words: tuple[str, ...]) -> re.Pattern | None:
    """``_parts_search`` of ``_cue_parts(words)``; None when there is no literal test."""
    parts = _cue_parts(words)
    return None if parts is None else _parts_search(parts)


def _may_find(search: re.Pattern | None, text: str) -> bool:
    t = text.replace("’", "'")
    if search is None or not t.isascii():
        return True
    return search.search(t.lower()) is not None


# ---- a clause's job (graphmem.linking.statements._occupation) -------------------------------------------------------
def occupation_other(clause: str) -> str:
    """A job said without a known occupation: "I work as a groundsman" -> groundsman, "I teach chemistry" ->
    chemistry teacher; "" otherwise."""
    m = _p().regex("_work_as").search(clause)
    if m:
        return m.group(1).strip()
    m = _p().regex("_teach").search(clause)
    return f"{m.group(1)} teacher" if m else ""


def ambient_units(rest: str) -> int:
    """The content left beside weather/mood talk (linking/gate.py): words of two letters or more, stop words aside."""
    stop = _p().words("_ambient_stop")
    return len([w for w in _LOW_WORD.findall(rest) if w not in stop and len(w) > 1])


def content_units(words: list[str]) -> int:
    """The content words among a message's leftover ``words`` (linking/gate.py): three letters or more, stop words
    aside."""
    stop = _p().words("_ambient_stop")
    return len([w for w in words if w.isascii() and len(w) > 2 and w not in stop])


def cue_re(words: tuple[str, ...]) -> re.Pattern:
    """Cue phrases (longest first) as one pattern: whole words, any case, either apostrophe ("i'm into"). A cue that
    opens with a letter or digit has no word character or apostrophe before it: said once before all of them when
    every cue does, else right after that first character (``(?<![\\w'].)``, the same test), so the search can skip
    to where a cue's first character is instead of trying each cue at every position (2-8x faster)."""
    if not words:
        return re.compile(r"(?!x)x")
    if all(w[0].isalnum() for w in words):
        alts = "|".join(_apostrophes(w) for w in words)
        return re.compile(r"(?<![\w'])(?:" + alts + r")(?![\w'])", re.I)
    alts = "|".join(re.escape(w[0]) + r"(?<![\w'].)" + _apostrophes(w[1:]) if w[0].isalnum() else _apostrophes(w)
                    for w in words)
    return re.compile(r"(?:" + alts + r")(?![\w'])", re.I)


def _apostrophes(w: str) -> str:
    """``w`` as a literal in which an apostrophe may be either apostrophe or left out."""
    return re.escape(w).replace("'", "['’]?")


def may_have_cue(words: tuple[str, ...], text: str) -> bool:
    """False only when ``cue_re(words)`` cannot match ``text`` (see ``_may_hold``). The test is remembered by the
    tuple's identity (the statement rules pass each category's one cached tuple; hashing it is a step per cue)."""
    if type(words) is not tuple:   # a list may change: no memory of it
        return _may_find(_cue_search(tuple(words)), text)
    got = _BY_ID.get(id(words))
    if got is None or got[0] is not words:
        if len(_BY_ID) >= 256:
            _BY_ID.clear()
        got = _BY_ID[id(words)] = (words, _cue_search(tuple(words)))
    return _may_find(got[1], text)


_BY_ID: dict[int, tuple] = {}


def unqualified(subject: str) -> str:
    """A liked thing without the qualifier after it: "a phone with the best camera" -> "a phone"; "anything with a
    glossy screen" -> "glossy screen" (the head names no thing)."""
    head = _p().regex("_qualified").match(subject)
    if not head:
        return subject
    if _p().regex("_indefinite").fullmatch(head.group(1)):
        from graphmem.linking import statements
        rest = subject[head.end(1):].split(None, 1)
        return statements._trim_en(rest[1], _p()) if rest[0].lower() == "with" else subject
    return head.group(1)


def kin_mentions(text: str) -> list[tuple[str, str]]:
    """(surface, role) of each relative the text names with the user's possessive ("my little sister"): the role
    of the whole phrase ("my little girl": daughter), else of its last word ("my baby brother": brother)."""
    from graphmem.linking import lexicon as lx
    return [(m.group(0), lx.role_of(m.group(0)) or lx.role_of(f"my {m.group(1)}"))
            for m in _p().regex("_kin").finditer(text)]


# ---- facts about others: the English reading of spaCy's parse (graphmem.linking.others) ------------------------------------------------------------------------------------------------

def _st(*args, **kw):
    from graphmem.linking import others
    return others._st(*args, **kw)


def _cues(category: str) -> frozenset[str]:
    from graphmem.linking import others
    return others._cues(category, _p())


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
    from graphmem.linking import lexicon as lx
    low = tok.text.lower()
    if low in ("i", "we", "you", "they", "me"):
        return "", ""
    if low in _p().words("_person_pronoun"):
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
    named = next((t for t in tok.rights if t.dep_ == "appos" and t.pos_ == "PROPN"), None)
    if tok.pos_ == "NOUN" and named is not None and lx.role_of(f"my {tok.text}"):
        return _proper(named), "person"   # "Her fiancé Arjun is a pilot": Arjun
    dets = [t.text.lower() for t in tok.lefts if t.dep_ in ("det", "poss")]
    if tok.pos_ in ("NOUN", "PROPN") and lx.type_of_noun(tok.text) and dets and dets[0] in _p().words("_thing_det"):
        return f"{dets[0]} {_phrase(tok)}", "thing"
    return "", ""


def _verb_subject(verb, subjects: dict) -> tuple[str, str]:
    """The subject of ``verb``: its own nsubj, else the subject of the verb it is conjoined with."""
    seen = 0
    while verb is not None and seen < 4:
        if verb.i in subjects:
            return subjects[verb.i]
        if verb.dep_ not in ("conj", "xcomp") or verb.head is verb:   # "… and goes to", "turned out to be"
            return "", ""
        verb, seen = verb.head, seen + 1
    return "", ""


def en_facts(text: str, lang: str, change: bool) -> list:
    """Facts about named others and things in an English message ("Tom lives in Lyon, works as a nurse", "he grew
    up in Kyoto", "That laptop keeps overheating", "it was 1400 euros"; see ``graphmem.linking.others``)."""
    from graphmem.linking import lexicon as lx
    if "?" in text or not _LETTER.search(text):
        return []
    from graphmem.linking.nlp import english_doc

    doc = english_doc(text)
    subjects: dict[int, tuple[str, str]] = {}
    last_person = last_thing = ""
    for tok in doc:
        dep = tok.dep_
        if dep == "appos" and tok.pos_ == "PROPN" and lx.role_of(f"my {tok.head.text}"):
            last_person = _proper(tok)   # "we have a daughter, Lia, she's 4": Lia
        if dep == "dobj" and tok.pos_ == "NOUN" and any(t.dep_ == "det" for t in tok.lefts):
            last_thing = _object(tok)    # "I'll book the cabin near Keswick, it's £85 a night": the cabin
        if dep in ("nsubj", "nsubjpass"):
            who, kind = _subject(tok, last_person, last_thing)
            if tok.text.lower() in ("i", "we"):
                subjects[tok.head.i] = ("", "")
            elif who:
                subjects[tok.head.i] = (who, kind)
                if kind == "person":
                    last_person = who
                elif who != "it":
                    last_thing = who
    if not any(who for who, _ in subjects.values()):
        return []   # every verb's subject is the speaker's or unknown ("I …", "we …"): nothing of others here
    out: list = []
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


def _person_facts(verb, who: str, text: str, lang: str, change: bool) -> list:
    v = verb.text.lower()
    out = []
    if v.startswith("work"):
        job = _pobj(verb, "as")
        if job is not None:
            out.append(_st("job", _phrase(job), who, text, lang, change))
    if v in ("grew", "grown", "raised") and (place := _pobj(verb, "in")) is not None and place.text[:1].isupper():
        out.append(_st("hometown", _proper(place), who, text, lang, change))
    if v in _p().words("_copula"):
        for t in verb.rights:
            if t.dep_ == "attr" and t.pos_ == "NOUN" and _is_occupation(_phrase(t)):
                out.append(_st("job", _phrase(t), who, text, lang, change))
                place = _pobj(t, "in")
                if place is not None and place.text[:1].isupper():
                    out.append(_st("location", _proper(place), who, text, lang, change))
                org = next((o for o in (_pobj(t, w) for w in ("at", "with", "for")) if o is not None), None)
                if org is not None and org.pos_ == "PROPN":   # "a pilot with Air India"
                    out.append(_st("employer", _proper(org), who, text, lang, change))
            elif t.dep_ in ("attr", "acomp") and t.pos_ == "NUM" and t.text.isdigit() and int(t.text) < 120 \
                    and not any(c.dep_ in ("quantmod",) for c in t.children):
                out.append(_st("age", int(t.text), who, text, lang, change))
            elif t.dep_ == "acomp" and t.ent_type_ == "NORP":
                out.append(_st("nationality", t.text, who, text, lang, change))
            elif t.dep_ in ("attr", "acomp") and _p().regex("_diet_word").fullmatch(t.text):   # "Chris is vegan"
                out.append(_st("diet", t.text.lower(), who, text, lang, change))
            elif t.dep_ == "acomp" and t.text.lower() == "allergic" and (x := _pobj(t, "to")) is not None:
                for y in [x, *(c for c in x.children if c.dep_ == "conj")]:   # "allergic to eggs and milk"
                    out.append(_st("allergy", _phrase(y), who, text, lang, change))
    return out + _person_taste(verb, who, text, lang, change)


def _person_taste(verb, who: str, text: str, lang: str, change: bool) -> list:
    """"my wife hates the cold", "Tom really enjoys jazz", "my dad doesn't like hiking": what someone else likes or
    dislikes (``likes``/``dislikes`` on their card; the user's own tastes are preferences)."""
    key = _p().table("_person_taste").get(verb.text.lower())
    obj = next((t for t in verb.rights if t.dep_ in ("dobj", "xcomp")), None)
    if not key or obj is None or obj.pos_ == "PRON" or obj.text.lower() in _p().words("_st_not_a_thing"):
        return []
    if any(c.dep_ == "neg" for c in verb.children):
        key = "dislikes" if key == "likes" else "likes"
    return [_st(key, _object(obj), who, text, lang, change)]


def _is_occupation(phrase: str) -> bool:
    from graphmem.linking import lexicon as lx
    p = phrase.lower()
    return any(p == o or p.endswith(" " + o) for o in lx.occupations() if o.isascii())


def _thing_facts(verb, who: str, doc, text: str, lang: str, change: bool) -> list:
    v = verb.text.lower()
    out = []
    if who == "it":   # a bare "it" is a price of what the conversation was about, never a problem: "it's freezing"
        return [s for s in _price_facts(verb, who, text, lang, change)]
    if v in ("keeps", "keep", "kept") and verb.i + 1 < len(doc) and doc[verb.i + 1].text.lower().endswith("ing"):
        out.append(_st("problem", doc[verb.i + 1].text.lower(), who, text, lang, change))
    elif v in _cues("problem_adj") and any(c.dep_ == "auxpass" for c in verb.lefts):   # "is broken"
        out.append(_st("problem", v, who, text, lang, change))
    elif v in _cues("problem_verb") and any(c.dep_ == "aux" and c.text.lower() in _p().words("_copula") | {"been"}
                                                   for c in verb.lefts):
        out.append(_st("problem", v, who, text, lang, change))
    if v in _p().words("_copula"):
        for t in verb.rights:
            years = [n for n in t.lefts if n.dep_ == "npadvmod" and n.text.lower() in ("years", "year", "months")]
            if t.dep_ == "acomp" and t.text.lower() == "old" and years:   # "My ThinkPad X1 is 5 years old"
                num = next((n.text for n in years[0].lefts if n.like_num), "")
                if num:
                    out.append(_st("age", f"{num} {years[0].text.lower()}", who, text, lang, change))
            if t.dep_ == "acomp" and t.text.lower() in _cues("problem_adj"):
                adv = [a.text for a in t.lefts if a.dep_ == "advmod"] + \
                      [a.text for a in verb.children if a.dep_ == "advmod" and a.i < t.i]
                out.append(_st("problem", " ".join(dict.fromkeys(adv + [t.text])), who, text, lang, change))
    return out + _price_facts(verb, who, text, lang, change)


def _price_facts(verb, who: str, text: str, lang: str, change: bool) -> list:
    """"it was 1400 euros", "the cabin costs £85": the subject's price."""
    v = verb.text.lower()
    out = []
    if v in _p().words("_copula"):
        for t in verb.rights:
            if t.dep_ == "attr" and (price := _price(t)) is not None:
                out.append(_st("price", price[0], who, text, lang, change, unit=price[1]))
    if v in ("cost", "costs") and (obj := next((t for t in verb.rights if t.dep_ == "dobj"), None)) is not None \
            and (price := _price(obj)) is not None:
        out.append(_st("price", price[0], who, text, lang, change, unit=price[1]))
    return out


def _price(tok) -> tuple[float, str] | None:
    """"1400 euros", "$85", "£85" → (amount, currency word)."""
    cur = _cues("currency")
    nums = [t for t in tok.subtree if t.pos_ == "NUM" or t.like_num]
    signs = [t.text.lower() for t in tok.subtree if t.text.lower() in cur]
    if not nums or not signs:
        return None
    try:
        value = float(nums[0].text.replace(",", ""))
    except ValueError:
        return None
    return (int(value) if value.is_integer() else value), signs[0]


def of_speaker(surface: str, speaker: str) -> str | None:
    """A participant's possessive as a name of its own: "my sister" said by Melanie -> "Melanie's sister"; None when
    the surface does not open with one."""
    m = _p().regex("_of_speaker").match(surface)
    return f"{speaker}'s {m.group(1)}" if m else None


def clock(text: str) -> tuple | None:
    """The first time of day said in ``text`` ("3pm", "at 10:30", "noon"): (hour, minute, start, end, said plainly:
    with am/pm or the minutes); ``()`` when one is said but is no time ("at 25"); None when none is. A bare "at 5"
    (1 to 7) is in the afternoon. The groups of ``_clock.re`` it reads: word, h/min/ampm, at/at_min."""
    m = _p().regex("_clock").search(text)
    if not m:
        return None
    g = m.groupdict()
    if g.get("word"):
        return int(_p().table("_clock_words")[g["word"].lower()]), 0, m.start(), m.end(), False
    if g.get("h"):
        h, mins = int(g["h"]), int(g.get("min") or 0)
        half = _p().table("_clock_half").get((g.get("ampm") or "").lower())
        if half == "pm" and h < 12:
            h += 12
        if half == "am" and h == 12:
            h = 0
    else:
        h, mins = int(g["at"]), int(g.get("at_min") or 0)
        if 1 <= h <= 7:
            h += 12
    if h < 24 and mins < 60:
        return h, mins, m.start(), m.end(), bool(g.get("ampm") or g.get("min") or g.get("at_min"))
    return ()


def removable(value: str) -> bool:
    """A value a removal may name (linking.statements._removals): any English words."""
    return True


def enumerations(text: str) -> list[tuple[str, str, str]]:
    """(whose, key, item) of each item of a list after a colon whose noun names a multi-valued key ("I'm paying for
    way too many subscriptions: Netflix, Spotify, Disney+ and the NYT"; ``list_nouns.tsv``): the speaker's."""
    from graphmem.linking import prefilter
    p, out = _p(), []
    for m in prefilter.finditer(p.regex("enumeration"), text):
        key = p.table("list_nouns").get(m.group("noun").lower())
        items = [p.regex("_st_article").sub("", x.strip(" ,")) for x in p.regex("list_sep").split(m.group("items"))]
        items = [x for x in items if x]
        if key and 2 <= len(items) <= 8 and all(len(x.split()) <= 4 for x in items):
            out += [("", key, x) for x in items]
    return out


def hobbies(text: str, lang_: str, change: bool) -> list:
    """Pastimes the speaker took up or does regularly ("I just picked up pottery", "also joined a choir", "I do
    bouldering twice a week"): ``hobby``, a multi-valued key."""
    from graphmem.linking import lexicon as lx, others, prefilter
    return [others._st("hobby", x, "", others._clause_at(text, m.start()), lang_, change)
            for m in prefilter.finditer(_p().regex("_hobby"), text) for x in m.groupdict().values()
            if x and not lx.type_of_noun(x.split()[-1], "en")]
