"""Chinese word rules that must be code: second-person rewriting and how a name is said to its owner.
Their words are this folder's data files."""

from __future__ import annotations

import re
from functools import lru_cache
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


def _p():
    return lang.pack("zh")


def split_owner(name: str) -> tuple[str, str] | None:
    """我的笔记本 -> ("我的", "笔记本"); None when the name does not open with the speaker's possessive."""
    m = _p().regex("my").match(name)
    return (m.group(0), name[m.end():]) if m else None


def subject(name: str | None, is_self: bool, capital: bool = True) -> str:
    """The entity as the user hears it: 我的笔记本 -> 你的笔记本, 我妹妹 -> 你妹妹; the user -> 你."""
    if is_self or not name:
        return "你"
    if own := split_owner(name):
        return ("你的" if own[0] == "我的" else "你") + own[1]
    for other in lang.others("zh"):   # "my laptop" -> 你的laptop
        if found := other.fn("split_owner")(name):
            return "你的" + found[1]
    return name


def possessive(name: str | None, is_self: bool) -> str:
    """Whose a fact is: 你的, 你妹妹的."""
    return "你的" if is_self else subject(name, False) + "的"


def role_name(role: str) -> str:
    """What someone or something is to the user (sister -> 妹妹; a thing's type, phone -> 手机); unknown roles as
    stored."""
    p = _p()
    return p.table("role_names").get(role) or p.table("type_nouns").get(role, "").split(",")[0] or role


def to_second_person(text: str) -> str | None:
    """我妹妹推荐了我们这家店 -> 你妹妹推荐了你们这家店; None when the text addresses someone (你, 您)."""
    p = _p()
    if p.regex("_addressee").search(text) or not p.regex("_speaker").search(text):
        return None
    for mine, yours in p.table("_second_person").items():
        text = text.replace(mine, yours)
    return text


# -- lists (linking/lists.py) -----------------------------------------------------------------------------------
def preferred_over(subject: str, text: str) -> tuple[str, str]:
    """比起咖啡，我更喜欢茶 -> (subject, "咖啡"); (subject, "") when nothing is preferred over."""
    m = _p().regex("_prefer_over").search(text or "")
    return subject, (m.group(1) if m else "")


def short_item(item: str) -> bool:
    """An item short enough to be one thing of a list (six characters at most)."""
    return len(item) <= 6


def _pet_noun(noun: str) -> str:
    from graphmem.linking import lexicon as lx
    return noun if lx.type_of_noun(noun, "zh") == "pet" else ""


def pets(text: str) -> list[tuple[str, str]]:
    """The speaker's pets with their names: 养了一只仓鼠叫团子 -> [("团子", "仓鼠")]."""
    p = _p()
    found: list[tuple[str, str]] = []
    for m in prefilter.finditer(p.regex("_pets_listed"), text):
        found += [(n, m.group("noun")) for n in p.regex("_pet_name_each").findall(m.group("rest"))]
    for m in prefilter.finditer(p.regex("_pets"), text):
        noun = m.group("noun")
        if m.group("verb").startswith("养") or _pet_noun(noun):
            found.append((m.group("names"), noun))
    return found


def owned(text: str) -> list[str]:
    """What the speaker says they own (我有一台MacBook -> MacBook, 家里有辆车 -> 车, 骑的是一辆捷安特 -> 捷安特): the
    first ownable jieba word after a possession phrase (``owns.re``), with the model letters and digits after it."""
    from graphmem.linking import lexicon as lx
    from graphmem.linking.nlp import zh_tokens

    def head(w: str) -> bool:
        return lx.ownable(w, "zh") or (w.isascii() and lx.ownable(w, "en"))

    out = []
    for m in prefilter.finditer(_p().regex("owns"), text):
        words = [t[0] for t in zh_tokens(m.group("thing"))]
        at = next((i for i, w in enumerate(words) if head(w)), None)
        if at is None or at > 1:
            continue
        end = at + 1
        while end < len(words) and (words[end].isascii() or head(words[end])):
            end += 1
        out.append("".join(words[at:end]).strip())
    return out


def languages_spoken(text: str) -> list[str]:
    """我会说普通话、粤语和英语 -> [普通话, 粤语, 英语]."""
    p = _p()
    names: list[str] = []
    for m in prefilter.finditer(p.regex("_languages"), text):
        names += [n for n in p.regex("_languages_sep").split(m.group("names")) if n and n[-1] in p.words("_language_end")]
    return names


def allergy_list(text: str) -> list[str]:
    """The speaker's allergies when a list names several (我对花生和芒果过敏)."""
    p = _p()
    names: list[str] = []
    for m in p.regex("_allergies").finditer(text):
        parts = [x for x in p.regex("_allergies_sep").split(m.group("names")) if x]
        if 2 <= len(parts) <= 5 and all(len(x) <= 6 for x in parts):
            names += parts
    return names


def short_answer(text: str) -> bool:
    """A direct answer (下周五，杭州): ten characters at most."""
    return sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff") <= 10


def noun_type(word: str, nouns: dict[str, str]) -> str:
    """The type of a head noun from the pack's ``type_nouns``, else of its longest known suffix (日料店 -> 店 ->
    restaurant, 游戏本 -> laptop)."""
    w = word.lower()
    if w in nouns:
        return nouns[w]
    for k in range(len(w) - 1, 0, -1):
        if w[-k:] in nouns:
            return nouns[w[-k:]]
    return ""


# -- facts said in passing (linking/passing.py) -------------------------------------------------------------------
def diet(text: str) -> str:
    """我吃素的 -> 素食; "" when no diet is said (or it is someone else's: 她是素食者)."""
    return "素食" if prefilter.search(_p().regex("_diet"), text) and not re.search(r"[他她]是素食者", text) else ""


def _someone_else(before: str) -> bool:
    """The sentence so far is about someone else: he or she and no 我 ("她老公是个程序员，叫王磊，在字节上班"), or a
    relative named after its last 我, or with no 我 at all ("我闺女晓敏在深圳上班", "闺女在深圳上班")."""
    sentence = re.split(r"[。！？!?]", before)[-1]
    if re.search(r"[他她]", sentence) and "我" not in sentence:
        return True
    last = sentence[max(0, sentence.rfind("我")):]   # the whole sentence when it has no 我
    return any(w in last for w in _kin_words())


def workplaces(text: str) -> list[tuple[str, bool]]:
    """(employer, a change of job) said in passing: 在阿里上班, 跳槽去了字节 (a change)."""
    from graphmem.linking import lexicon as lx
    from graphmem.linking.passing import starts_with_verb

    p = _p()
    out: list[tuple[str, bool]] = []
    for m in prefilter.finditer(p.regex("_workplace"), text):
        place = m.group(1)
        if place not in p.words("_not_workplace") and not lx.type_of_noun(place, "zh") and not re.match(r"[这那哪]", place) \
                and not starts_with_verb(place) and (m.group(0).startswith("我") or not _someone_else(text[:m.start()])):
            out.append((re.sub(r"^(?:一家|家)", "", place), False))
    m = prefilter.search(p.regex("_workplace_new"), text)
    if m and not out and not _someone_else(text[:m.start()]):
        out.append((re.sub(r"^在", "", m.group(1)), True))
    return out


def children(text: str) -> list[tuple[str, str]]:
    """(女儿/儿子, name) of children named on introduction (我有个女儿叫朵朵)."""
    return [(m.group(1), m.group(2)) for m in prefilter.finditer(_p().regex("_child"), text)]


def name_age(text: str) -> tuple[str, str] | None:
    """(name, age as written) of a self-introduction (我叫陈晨，28岁)."""
    m = prefilter.search(_p().regex("_name_age"), text)
    return (m.group(1), m.group(2)) if m else None


# -- a plan's date moved (graphmem/write/retime.py) ----------------------------------------------------------------
def retimed_date(old: str, new: str) -> str:
    """The new date as it replaces ``old`` (八月三号 as it is)."""
    return new


def grams(text: str) -> set[str]:
    """The character bigrams of a text that say what a plan is about (both characters Chinese)."""
    return {text[i:i + 2] for i in range(len(text) - 1) if all("\u4e00" <= ch <= "\u9fff" for ch in text[i:i + 2])}


# -- statements (linking/statements.py) ------------------------------------------------------------------------------
def is_question(clause: str, full: str) -> bool:
    """A clause that asks or requests rather than states (好吃吗, 你觉得呢, 帮我订)."""
    c = clause.strip()
    p = _p()
    return bool(p.regex("_question_end").search(c)) or any(w in c for w in p.seq("_question_words"))


# -- the write gate (linking/gate.py) --------------------------------------------------------------------------------
def about_speaker(clause: str) -> bool:
    """The clause says something about the speaker or their world: 我 with content (not 我也是, 我好累), a habit,
    state, plan or life event (喜欢, 每天, 入职), a count (三个建材市场; 一个 alone is only an article)."""
    p = _p()
    if p.regex("_asks").search(clause):
        return False
    for m in p.regex("_self_said").finditer(clause):
        if not p.regex("_self_said_empty").match(m.group(1)):
            return True
    if p.regex("_habit").search(clause):
        return True
    return any(not p.regex("_article").fullmatch(m.group(0)) for m in p.regex("_quantity").finditer(clause))


# ---- a recall query (graphmem.recall.query) ---------------------------------------------------------------------
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def _stop_split() -> re.Pattern:
    return _alternatives(_p().seq("query_stop_words"))


@lru_cache(maxsize=4)
def _alternatives(words: tuple[str, ...]) -> re.Pattern:
    """Any of ``words``, the longest first."""
    return re.compile("|".join(sorted(map(re.escape, words), key=len, reverse=True)))


def asked_types(text: str, max_wh: int) -> list[str]:
    """The entity types a known type noun next to a question word names (什么车 -> car, 哪家医院 -> hospital)."""
    from graphmem.linking import lexicon
    found: list[str] = []
    nouns = lexicon.zh_type_nouns()
    for wh in islice(_p().regex("_wh").finditer(text), max_wh):
        span = text[max(0, wh.start() - 6):wh.end() + 8]
        i = 0
        while i < len(span):
            for n in range(min(6, len(span) - i), 0, -1):
                t = nouns.get(span[i:i + n])
                if t and (n > 1 or i + 1 == len(span) or not _CJK.match(span[i + 1])):
                    found.append(t)
                    i += n - 1
                    break
            i += 1
    return found


def agent_nouns(text: str) -> list[str]:
    """No agent-noun rule in Chinese (a who-question names the role itself: 谁教我 / 我的老师)."""
    return []


def content_terms(token: str) -> list[str]:
    """A run of Chinese characters as its character bigrams, split first at the query stop words."""
    out: list[str] = []
    for part in _stop_split().split(token):
        out += [part[i:i + 2] for i in range(len(part) - 1)]
    return out


def search_terms(token: str) -> list[str]:
    """A run of Chinese characters as search terms: its pieces between query stop words (a lone character
    only when the run is one character)."""
    return [part for part in _stop_split().split(token) if len(part) >= 2 or (part and len(token) == 1)]


# ---- recall scoring (graphmem.recall.scoring) -------------------------------------------------------------------
def quantity_units(text: str) -> set[str]:
    """The units numbers are given in (一百八十斤 -> {"#斤"})."""
    return {"#" + m.group(1) for m in _p().regex("_qty_unit").finditer(text)}


def dropped(text: str) -> list[str]:
    """What the user tried and turned down or a change drops (试了宜家的但是太软 -> 宜家, 不再喝奶茶 -> 奶茶)."""
    p = _p()
    return ([m.group(1) for m in p.regex("_tried").finditer(text)]
            + [p.regex("_dropped_verb").sub("", m.group(1)) for m in p.regex("_dropped").finditer(text)])


# ---- facts about others and the body (graphmem.linking.others) -------------------------------------------------
def others_facts(text: str, lang_: str, change: bool) -> list:
    """A named thing's problem ("那个笔记本键盘有个键松了") and price ("这双跑鞋三千五百块")."""
    from graphmem.linking import others
    from graphmem.linking.normalize import numeral_runs, parse_number
    p = _p()
    if p.regex("_asks_at_end").search(text):
        return []
    out: list = []
    problems = others._cues("problem", _p())
    for clause in re.split(r"[，。！？；,!?;]+", text):
        m = p.regex("_thing_demonstrative").search(clause)
        noun = m and _zh_thing(m.group(2))
        rest = clause[m.start(2) + len(noun):] if noun else ""
        if rest and any(w in rest for w in problems):
            rest = p.regex("_trailing_particles").sub("", rest).strip()
            if rest:
                out.append(others._st("problem", rest, m.group(1) + noun, clause, lang_, change))
        q = p.regex("_thing_price").search(clause)
        if q and (noun := _zh_thing(q.group(1) or q.group(3))):
            raw = (q.group(2) or q.group(4)) + ("万" if clause[q.end() - 1] == "万" else "")
            v = parse_number(raw) if numeral_runs().fullmatch(raw) or raw.replace(".", "").isdigit() else None
            if v:
                out.append(others._st("price", v, clause[q.start():q.start(1) if q.group(1) else q.start(3)] + noun,
                                      clause, lang_, change, unit="元"))
    return out


def named_ages(text: str, lang_: str, change: bool) -> list:
    """"我有个女儿叫朵朵，今年六岁": an age clause without a subject after a name is that person's age."""
    from graphmem.linking import others
    from graphmem.linking.normalize import parse_number
    p, out = _p(), []
    clauses = [c.strip() for c in re.split(r"[，。！,!；;]", text)]
    for i, c in enumerate(clauses):
        m = p.regex("_age_only").match(c)
        named = p.regex("_named").search(clauses[i - 1]) if i > 0 and not p.regex("_self_named").search(clauses[i - 1]) \
            else None
        if m and named and (v := parse_number(m.group(1))):
            out.append(others._st("age", v, named.group(1), c, lang_, change))
    return out


def learning(text: str, lang_: str, change: bool) -> list:
    """What the user or a named person is learning ("朵朵在学钢琴和游泳", "我最近在学吉他"): one statement a thing."""
    from graphmem.linking import lexicon as lx, others, prefilter
    p, out = _p(), []
    for m in prefilter.finditer(p.regex("_class_signup"), text):   # "我还报了个日语班": 日语
        if "我" in text[:m.start()] or not re.search(r"[他她]", text[:m.start()]):
            out.append(others._st("learning", m.group(1), "", others._clause_at(text, m.start()), lang_, change))
    for m in prefilter.finditer(p.regex("_learning"), text):
        if not others._zh_word_at(text, text.index("学", m.start()), ("学", "学习", "学说")):
            continue   # "在学校": a school, not learning
        before = re.split(r"[，。！？,!?；;]", text[:m.start()])[-1].strip()
        b = p.regex("_learning_adverbs").sub("", before)
        if b in ("", "我", "我也", "我还"):
            if not b and re.search(p.regex("_third_person").pattern + "|" + "|".join(lx.zh_kin_words()), text[:m.start()]):
                continue   # "儿子小宝下个月满三岁，最近在学说英语": the child's, not the user's
            who = ""
        elif re.fullmatch(r"[\u4e00-\u9fff]{2,3}", b) and p.regex("_named").search(text[:m.start()]) is None \
                and (lx.role_of(b) or _known_name(b, text)):
            who = b if not lx.role_of(b) else ("我" + b if not b.startswith("我") else b)
        else:
            continue
        for part in p.regex("_learning_sep").split(m.group(1)):
            if 1 <= len(part) <= 6:
                out.append(others._st("learning", part, who, others._clause_at(text, m.start()), lang_, change))
    return out


def body(text: str, lang_: str, change: bool) -> list:
    """The user's weight said with a unit, or the weight they aim for ("我现在一百五十五斤，想减到一百三十斤")."""
    from graphmem.linking import others
    from graphmem.linking.normalize import parse_number
    p, out = _p(), []
    pattern, units = _weight_re()
    if not any(u in text for u in units):   # the pattern ends with a unit, said as it is
        return out
    for m in pattern.finditer(text):
        v = parse_number(m.group(2))
        if v and not p.regex("_third_person").search(text[:m.start()]):
            key = "weight" if m.group(1).startswith("我") else "target_weight"
            out.append(others._st(key, v, "", others._clause_at(text, m.start(2)), lang_, change, unit=m.group(3)))
    return out


@lang.cached(maxsize=1)
def _weight_re() -> tuple[re.Pattern, tuple[str, ...]]:
    """A weight said (``_weight_lead.re``, a numeral, a ``weight_unit`` cue, longest first) and those units."""
    from graphmem.linking import others
    units = tuple(sorted(others._cues("weight_unit", _p()), key=len, reverse=True))
    return re.compile(_p().regex("_weight_lead").pattern + r"([\d一二两三四五六七八九十百.]{2,8})("
                      + "|".join(re.escape(u) for u in units) + ")"), units


# ---- a clause's statements (graphmem.linking.statements) ----------------------------------------------------------
def clause_statements(clause: str, now, change: bool, lang_: str, user_spoke: bool, full: str) -> list:
    """The statements of one Chinese clause: ``statements``' Chinese clause rules, with this pack's words (``_st_*.re``)."""
    from graphmem.linking import statements
    return statements._zh_clause(clause, now, change, lang_, user_spoke, full, _p())


def job_owner(clause: str) -> str | None:
    """Whose job a "在…做/当…" clause states: "" the user's, "我姐姐" for "我姐姐在成都当护士", None for someone
    we cannot name ("他在银行当柜员")."""
    from graphmem.linking import statements
    return statements._occupation_owner(clause, _p())


def work_city(clause: str) -> str:
    """The place of "在南京做产品经理" when jieba tags it a place name."""
    from graphmem.linking import statements
    return statements._zh_work_city(clause, _p())


def job_employer(job: str, clause: str) -> str:
    """Where the job of "我在蔚来做产品经理" / "在一家外企做会计" is done: the words between 在 and the verb without a
    leading place name or quantity (蔚来, 外企); "" for a place alone, a bare kind of place (医院), 家 or 公司, and for
    a job told as done ("我在字节跳动做了四年后端开发", ``_st_job_done``): that turn is history, whose employer fact
    displaced the turn itself in recall (own suite zh10_zhengkai#1, taken back in 1c08664)."""
    from graphmem.linking import lexicon as lx
    from graphmem.linking.nlp import zh_tokens
    from graphmem.linking.passing import starts_with_verb
    p = _p()
    m = p.regex("_st_work_city").search(clause)
    if not m or p.regex("_st_job_done").match(clause, m.end()):
        return ""
    toks = zh_tokens(m.group(1))
    while toks and toks[0][1] in ("ns", "m", "uj"):   # 深圳, 上海的, 一家
        toks = toks[1:]
    rest = "".join(t[0] for t in toks)
    if len(rest) < 2 or rest in p.words("_not_workplace") or lx.type_of_noun(rest, "zh") or re.match(r"[这那哪]", rest) \
            or starts_with_verb(rest):
        return ""
    return rest


def appositions(clause: str) -> list:
    """Relatives named in apposition ("我女儿朵朵今年四岁": 朵朵 is the user's daughter): (role, name) pairs."""
    from graphmem.linking.mentions import zh_appositions
    return zh_appositions(clause) if _may_name_relative(clause) else []


def _may_name_relative(clause: str) -> bool:
    """False only when no apposition can be found: one needs a role word (``lexicon.role_words``, as ``role_of``
    normalises it) after a 我, so most clauses are not segmented by jieba for it."""
    from graphmem.linking.normalize import normalise_chars
    i = clause.find("我")
    return i >= 0 and bool(_role_word_re().search(normalise_chars(clause[i + 1:])))


@lang.cached(maxsize=1)
def _role_word_re() -> re.Pattern:
    from graphmem.linking import lexicon as lx
    return re.compile("|".join(re.escape(w) for w in sorted(lx.role_words(), key=len, reverse=True)))


def is_change(text: str, text_lang: str) -> bool:
    """The message announces a change: a Chinese cue, or a negation closed by 了 ("我不吃牛肉了")."""
    from graphmem.linking import statements
    from graphmem.linking.normalize import has_cjk
    if not has_cjk(text):
        return False
    return any(c in text for c in statements._cues("change", "zh")) or bool(_p().regex("_negation_done").search(text))


# ---- a clause's job (graphmem.linking.statements._occupation) -------------------------------------------------------
def occupation_other(clause: str) -> str:
    """A job said without a known occupation: "我在小学教语文" -> 小学语文老师; "" otherwise."""
    m = prefilter.search(_p().regex("_teach"), clause)
    return f"{m.group(1) or ''}{m.group(2)}老师" if m else ""


def ambient_units(rest: str) -> int:
    """The content left beside weather/mood talk (linking/gate.py): a unit per three characters, fillers aside."""
    return len(_p().regex("_ambient_fill").sub("", "".join(re.findall(r"[\u4e00-\u9fff]+", rest)))) // 3


def content_units(words: list[str]) -> float:
    """The content among a message's leftover ``words`` (linking/gate.py): a third of a unit per character of the
    words not in Latin script, fillers aside."""
    return len(_p().regex("_ambient_fill").sub("", "".join(w for w in words if not w.isascii()))) / 3


def cue_re(words: tuple[str, ...]) -> re.Pattern:
    """Cue phrases (longest first) as one pattern, found anywhere (Chinese has no spaces between words)."""
    return re.compile("|".join(re.escape(w) for w in words)) if words else re.compile(r"(?!x)x")


def may_have_cue(words: tuple[str, ...], text: str) -> bool:
    """False only when ``cue_re(words)`` cannot match ``text``: one of the words, as it is, is in it."""
    return any(w in text for w in words)


def unqualified(subject: str) -> str:
    """A liked thing without a qualifier after it: no Chinese rule (a qualifier comes before the noun)."""
    return subject


def kin_mentions(text: str) -> list[tuple[str, str]]:
    """(surface, role) of each relative the text names with the user's possessive (我姐姐, 我的妹妹, 我家老公),
    longer kinship words first."""
    from graphmem.linking import lexicon as lx
    lead = _p().regex("_kin_lead").pattern
    return [(m.group(0), lx.role_of(w)) for w in _kin_words() if w in text
            for m in re.finditer(lead + re.escape(w), text)]   # a word not in the text cannot match: not searched


def _known_name(word: str, text: str) -> bool:
    """``word`` reads as a person's name: a nickname shape (朵朵, 小宝, 阿杰, 老王) or jieba's nr where it stands."""
    from graphmem.linking.nlp import zh_tokens

    if (len(word) == 2 and word[0] == word[1]) or (len(word) in (2, 3) and word[0] in _p().words("_nickname_start")):
        return True
    return any(w == word and flag == "nr" for w, flag, _, _ in zh_tokens(text))


def _zh_thing(word: str) -> str:
    """The first jieba word of ``word`` when it is a known thing noun ("笔记本键盘有个键" → "笔记本"), or ""."""
    from graphmem.linking import lexicon as lx
    from graphmem.linking.nlp import zh_tokens

    toks = zh_tokens(word)
    first = toks[0][0] if toks else ""
    return first if first and lx.type_of_noun(first, _p().lang) not in ("", "person") else ""


def of_speaker(surface: str, speaker: str) -> str | None:
    """A participant's possessive as a name of its own: 我妹妹 said by Melanie -> Melanie的妹妹; None when the surface
    does not open with one."""
    for (pre, *_) in _p().rows("_of_speaker"):
        if surface.startswith(pre) and len(surface) > len(pre):
            return f"{speaker}的{surface[len(pre):]}"
    return None


def clock(text: str) -> tuple | None:
    """The first time of day said in ``text`` ("下午三点半"): (hour, minute, start, end, said plainly: with the part
    of the day or what follows 点); ``()`` when one is said but is no time (25点); None when none is."""
    from graphmem.linking.normalize import parse_number
    m = _p().regex("_clock").search(text)
    if not m:
        return None
    h = parse_number(m.group("h"))
    if h is None or h > 24:
        return ()
    h = int(h)
    below = _p().table("_clock_pm").get(m.group("part") or "")
    if below and h < int(below):
        h += 12
    mins = _p().table("_clock_minutes").get(m.group("after") or "")
    if mins is None:
        mins = int(parse_number(m.group("min")) or 0) if m.group("min") else 0
    return h % 24, min(int(mins), 59), m.start(), m.end(), bool(m.group("part") or m.group("after"))


def removable(value: str) -> bool:
    """A value a removal may name (linking.statements._removals): not one adjective or verb, which 死了 only
    intensifies ("紧张死了", "开心死了")."""
    from graphmem.linking.nlp import zh_tokens
    toks = zh_tokens(value)
    return not (len(toks) == 1 and toks[0][1][:1] in ("a", "v", "d"))


def enumerations(text: str) -> list[tuple[str, str, str]]:
    """(whose, key, item) of each item of a list after a colon whose noun names a multi-valued key ("我现在在吃三种药：
    二甲双胍、阿托伐他汀，还有维生素D"; ``list_nouns.tsv``): the speaker's, or a relative's or a name's opening the
    words before it ("儿子周末上三个班：游泳、钢琴、乐高编程")."""
    from graphmem.linking import prefilter, statements
    p, out = _p(), []
    nouns = _list_nouns()
    for m in prefilter.finditer(p.regex("enumeration"), text):
        lead = m.group("lead")
        key = next((k for n, k in nouns if lead.endswith(n)), "")
        items = [p.regex("_item_lead").sub("", x.strip()) for x in p.regex("list_sep").split(m.group("items"))]
        items = [x for x in items if x]
        if key and 2 <= len(items) <= 8 and all(len(x) <= 8 for x in items):
            who = statements._zh_taste_owner(lead, "", p)
            out += [(who, key, x) for x in items]
    return out


def hobbies(text: str, lang_: str, change: bool) -> list:
    """Pastimes said as such: no Chinese rule beyond the likes (平时喜欢爬山) and learning (报了个日语班)."""
    return []


@lang.cached(maxsize=1)
def _kin_words() -> tuple[str, ...]:
    """The lexicon's Chinese kinship words, longer first (``kin_mentions`` tries them in this order)."""
    from graphmem.linking import lexicon as lx
    return tuple(sorted(lx.zh_kin_words(), key=len, reverse=True))


@lang.cached(maxsize=1)
def _list_nouns() -> list[tuple[str, str]]:
    """``list_nouns.tsv`` as (noun, key), longer nouns first (``enumerations`` tries them in this order)."""
    return sorted(_p().table("list_nouns").items(), key=lambda kv: -len(kv[0]))
