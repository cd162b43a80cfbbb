"""What a recall query asks for: its language, whether it asks about the past, a time window, a pointer
back to something said earlier ("that plan", "那个方案"), and its Lucene form. Pure, no I/O, no models."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice
from datetime import datetime, timedelta, timezone
from functools import lru_cache

from graphmem.linking import lexicon
from graphmem.linking.normalize import detect_language
from graphmem.linking.timeexpr import TimeExpr, find_times

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

# "asks about the past": a value that may have changed since ("used to", "before", "以前", "原来")
_PAST_EN = re.compile(
    r"\b(used to|use to|previous(?:ly)?|before|earlier|originally|at first|initially|formerly|former|old|"
    r"anymore|any more|no longer|back then|in the past|history|changed?|changes|first time)\b", re.I)
_PAST_ZH = re.compile(r"(以前|原来|原先|原本|当初|曾经|过去|起初|最初|最早|以往|旧的|改之前|改过|换过|变过|变化|历史|"
                      r"之前(?:的|是|用|喜欢|想|住|在)|早先)")
# a pointer back to something already in the conversation
_CUE_EN = re.compile(r"\b(that|this|those|these|it|its|the one|the same|the former|the latter|there)\b", re.I)
_CUE_ZH = re.compile(r"(那个|这个|那家|这家|那款|这款|那位|这位|那种|这种|那件|这件|那里|那儿|那边|它|上次说的|之前说的|刚才说的|那)")
_HEAD_ZH = re.compile(r"(?:那个|这个|那家|这家|那款|这款|那位|这位|那种|这种|那件|这件|那台|这台|那份|这份)"
                      r"([\u4e00-\u9fff]{1,4}?)(?=怎|呢|吗|的|了|是|还|在|有|现|呀|啊|吧|要|去|和|跟|多|能|会|$|[^\u4e00-\u9fff])")
_HEAD_EN = re.compile(r"\b(?:that|this|the same)\s+([A-Za-z][A-Za-z-]{2,})", re.I)

# query words that carry no content (removed before full-text search)
STOP_EN = frozenset("""a an and are as at be but by for if in into is it no not of on or such that the their then there
these they this to was will with what which who whom whose when where why how do does did done doing i me my mine
myself you your yours we our us he she his her him them its can could would should shall may might must have has had
having about tell remember recall know any some again please just also so than too very ever now today tonight
yesterday tomorrow currently still were been being from all more much many got get lol really actually""".split())
STOP_ZH = ("什么", "怎么", "怎样", "哪个", "哪些", "哪里", "哪儿", "多少", "是不是", "有没有", "吗", "呢", "吧", "啊", "呀",
           "我们", "你们", "我的", "你的", "我", "你", "您", "他", "她", "它", "的", "了", "是", "在", "和", "跟", "与",
           "还", "就", "都", "也", "又", "那个", "这个", "那", "这", "一下", "记得", "告诉", "说过", "说的", "提过", "之前", "上次")
_STOP_ZH_RE = re.compile("|".join(sorted(map(re.escape, STOP_ZH), key=len, reverse=True)))
_LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'._+#-]*|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def asks_about_past(text: str) -> bool:
    """True when the question is about an earlier value ("what was my budget before?", "我以前喜欢什么")."""
    return bool(_PAST_EN.search(text) or _PAST_ZH.search(text))


# a question about something that happened (simple past: "When did Melanie paint a sunrise?", "我上次去了哪"),
# as opposed to one about how things stand ("How many guests are we inviting?", "我开的是什么车")
_PAST_TENSE_EN = re.compile(r"\b(?:did|was|were|had|went|got|made|took|ago|yesterday|last (?:year|month|week|time))\b",
                            re.I)
_PAST_TENSE_ZH = re.compile(r"了|过|上次|那时|当时|昨天|去年|上个月|上周")


def past_tense(text: str) -> bool:
    """The question asks what happened (simple past), not how things stand now."""
    return bool(_PAST_TENSE_EN.search(text) or _PAST_TENSE_ZH.search(text))


def asks_current(text: str) -> bool:
    """True when the question asks for the value that holds now ("what's the date of the wedding now?",
    "家里最后定的是什么风格"): memories that announce a change weigh more."""
    return not asks_about_past(text) and bool(_CURRENT_EN.search(text) or _CURRENT_ZH.search(text))


def back_reference(text: str) -> tuple[bool, str]:
    """(the text points back to something said earlier, its head noun if any): "那个方案" → (True, "方案")."""
    m = _HEAD_ZH.search(text) or _HEAD_EN.search(text)
    head = m.group(1) if m else ""
    return bool(_CUE_EN.search(text) or _CUE_ZH.search(text)), head


_CHANGE_EN = re.compile(
    r"\b(switched|switching|switch to|changed|change to|no more|no longer|not anymore|any ?more|instead|actually|"
    r"stopped|quit|gave up|moved to|moving to|replaced|now on|these days|from now on|cancel(?:l?ed)?|postponed|"
    r"rescheduled|pushed back|upgraded|downgraded|broke up|shifted|withdrew|pulled out|going with|went with|"
    r"ended up|in the end|decided against|slid|slipped|migrat(?:e|ed|ing)\s+(?:to|到)|signed with|"
    r"moved (?:\w+ )?onto|put (?:her|him|them) on|pushed (?:\w+ )?(?:to|until|till)|delayed|brought forward|"
    r"bumped (?:\w+ )?to|(?:have|has|had) to wait (?:until|till)|won't (?:be|start|open) (?:until|till))\b", re.I)
_CHANGE_ZH = re.compile(r"(改成|换成|改为|(?<![该要得想])换了|(?<![该要得想])改了|不再|不喝了|不吃了|不用了|不要了|戒了|现在改|已经换|搬到|搬去|调到|取消了|推迟|"
                        r"延期|提前到|改到|挪到|分手|其实是|现在是|现在喝|现在用|现在住|退掉|重新约|重新订|重新定|重新选|"
                        r"转去|转到|改去|换到|改用|换用|不去了|不做了|转而|改报|改约|不用再|最终|就这么定了|定下来了|决定了|成交|"
                        r"最后(?:定|选|还是|出|订|买|是|决定|估计|算下来|花了)|推到|延到|拖到|顺延|push\s?到|"
                        r"(?:得|要|只能)等到)")
# a question about the value that holds now ("what's the date now?", "我现在用哪家", "最后定的是…")
_CURRENT_EN = re.compile(r"\b(?:now|currently|current|these days|at the moment|still|anymore|actually|in the end|"
                         r"ended up|latest|final|finally)\b", re.I)
_CURRENT_ZH = re.compile(r"现在|目前|眼下|如今|最后|最终|最近改|到底|还在|还是")
_CONTENT = re.compile(r"[a-z][a-z0-9]{2,}|[\u3400-\u9fff]{2,}")


def marks_change(text: str) -> bool:
    """The text announces a change ("I've switched to…", "no more…", "改成…", "不再…")."""
    return bool(_CHANGE_EN.search(text) or _CHANGE_ZH.search(text))


@lru_cache(maxsize=8192)
def content_terms(text: str) -> frozenset[str]:
    """Content words (English, 3+ letters, stop words out) and Chinese character bigrams of a text."""
    out: set[str] = set()
    for tok in _CONTENT.findall(text.lower()):
        if tok[0].isascii():
            if tok not in STOP_EN:
                out.add(tok)
        else:
            for part in _STOP_ZH_RE.split(tok):
                out.update(part[i:i + 2] for i in range(len(part) - 1))
    return frozenset(out)


def lucene_escape(term: str) -> str:
    """Escape every Lucene query-syntax character in ``term``."""
    return _LUCENE_SPECIAL.sub(r"\\\1", term)


def search_terms(text: str, max_terms: int = 24) -> list[str]:
    """Content words of the text, lower case (English stop words out; Chinese split at function words)."""
    terms: list[str] = []
    for tok in _TOKEN.findall(text):
        if _CJK.match(tok):
            for part in _STOP_ZH_RE.split(tok):
                if len(part) >= 2 or (part and len(tok) == 1):
                    terms.append(part)
        else:
            w = tok.strip("'._-")
            if len(w) < 2 and not w.isdigit():
                continue
            if w.lower() in STOP_EN:
                continue
            terms.append(w.lower())
    seen: list[str] = []
    for t in terms:
        if t not in seen:
            seen.append(t)
    return seen[:max_terms]


def lucene_query(text: str, max_terms: int = 24) -> str | None:
    """The user's text as a safe Lucene query: content words only, every special character escaped, boolean
    operators neutralised (lower case), Chinese split at function words so bigrams do not span them.
    None when nothing searchable is left."""
    terms = search_terms(text, max_terms)
    return " ".join(lucene_escape(t) for t in terms) if terms else None


def scan_terms(text: str, max_terms: int = 24) -> list[str]:
    """Terms for the exact per-user substring scan: the content words, plus the bigrams of longer Chinese
    segments (so 营销方案 also finds 方案)."""
    out: list[str] = []
    for t in search_terms(text, max_terms):
        out.append(t)
        if _CJK.match(t) and len(t) >= 3:
            out += [t[i:i + 2] for i in range(len(t) - 1)]
    return list(dict.fromkeys(out))


# "what car", "which laptop", "哪家医院", "什么车": a question asking for a thing of a named type
_WH_EN = re.compile(r"\b(?:what|which|where|who)\b", re.I)
_WH_ZH = re.compile(r"什么|哪|几|多少")
_EN_WORD = re.compile(r"[a-z]+(?:-[a-z]+)?")
_MAX_WH = 16                     # question words looked at (a question has a few; a pasted document has many)
# a where-question's verb can name the type too: "where am I staying" asks for a hotel
_WHERE_VERB_EN = re.compile(r"\bwhere\b.*\b(?:stay|staying|stayed|sleep|sleeping)\b", re.I)
_WHERE_VERB_ZH = re.compile(r"住(?:在)?哪家|哪家.{0,4}住|住宿")
# ... and "where is the wedding being held" asks for a venue
_WHERE_HELD_EN = re.compile(r"\bwhere\b.*\b(?:held|hold|holding|hosted|hosting|take place|taking place)\b", re.I)
_WHERE_HELD_ZH = re.compile(r"在哪(?:里|儿)?(?:办|举行|举办)")


def asked_types(text: str) -> tuple[str, ...]:
    """The entity types a question asks for ("What car do I drive?" → car, "我爸在哪家医院看病" → hospital):
    type nouns of ``linking/data/types.tsv`` in a question with a wh-word; broad types left out."""
    found: list[str] = []
    nouns = lexicon.zh_type_nouns()
    for wh in islice(_WH_ZH.finditer(text), _MAX_WH):   # the type noun sits next to the question word: 什么车
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
    for wh in islice(_WH_EN.finditer(text), _MAX_WH):   # ... or a few words after it: "what kind of laptop"
        words = _EN_WORD.findall(text[wh.start():wh.start() + 80].lower())[:8]
        for i, w in enumerate(words):
            t = lexicon.type_of_noun(" ".join(words[i:i + 2]), "en") or lexicon.type_of_noun(w, "en")
            if t:
                found.append(t)
    if _WHERE_VERB_EN.search(text) or _WHERE_VERB_ZH.search(text):
        found.append("hotel")
    if _WHERE_HELD_EN.search(text) or _WHERE_HELD_ZH.search(text):
        found.append("venue")
    return tuple(dict.fromkeys(t for t in found if t not in lexicon.BROAD_TYPES))


_WHO_VERB = re.compile(r"\bwho\s+(?:\w+\s+)?([a-z]{3,})(?:es|s)\b(?:\s+(?:me|us|my|our)\b)", re.I)


def agent_nouns(text: str) -> tuple[str, ...]:
    """"who teaches me" is answered by "my teacher is …": the agent noun of the verb a who-question asks
    about (teach → teacher, train → trainer, manage → manager)."""
    out = []
    for m in _WHO_VERB.finditer(text):
        verb = m.group(1).lower()
        out.append(verb + ("r" if verb.endswith("e") else "er"))
    return tuple(out)


# questions about one of the user's own attributes: "what do I do for work?" → job, "我住哪" → location
_KEY_QUESTIONS = tuple((k, re.compile(p, re.I)) for k, p in (
    ("job", r"\bfor (?:work|a living)\b|\bmy (?:job|occupation|profession)\b|做什么工作|是做什么的|什么职业|职业是"),
    ("location", r"\bwhere (?:do|did) (?:i|we) live\b|\bwhere am i (?:based|living)\b|\bam i based\b|"
                 r"\b(?:which|what) (?:city|town|country) (?:am i|do i|do we|are we)\b|住在哪|住哪(?:里|儿)?[？?]?$|"
                 r"我(?:现在)?(?:住)?在哪个城市|在哪个城市(?:住|生活|工作)"),
    ("address", r"哪个小区|什么小区|小区叫什么|住哪个小区|(?:在|住|家).{0,4}(?:哪一?块|哪一?区|哪个区|哪片)|"
                r"\bwhich (?:neighbou?rhood|estate|street)\b|\bmy (?:home )?address\b|家(?:的)?地址|住址"),
    ("employer", r"\bwhere do i work\b|\bwho do i work for\b|\b(?:which|what) company do i\b|\bmy (?:employer|company)\b|"
                 r"哪家公司|什么公司(?:上班|工作)|在哪(?:里|儿)?(?:上班|工作)|我的公司"),
    ("allergy", r"\ballergic\b|\ballerg(?:y|ies)\b|过敏"),
    ("age", r"\bhow old am i\b|我(?:今年)?(?:多大|几岁)"),
    ("birthday", r"\bmy birthday\b|我的生日|我生日"),
))


#: the type of the entity that answers a question about one of the user's attributes, when no fact holds it:
#: "which neighbourhood do I live in" ↔ "I'm in Marchmont" (a place the user named)
KEY_TYPES = {"location": "geo", "address": "geo", "employer": "organization"}


def asked_keys(text: str) -> tuple[str, ...]:
    """The user's own attributes a question asks about ("What do I do for work?" → job)."""
    keys = tuple(k for k, rx in _KEY_QUESTIONS if rx.search(text))
    return tuple(dict.fromkeys(keys + ("address",))) if "location" in keys else keys    # the city, and where in it


def time_window(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    """The period a question is about ("last week", "昨天", "3 days ago"), read by the one date parser
    (``linking.timeexpr``, with the periods a question names), generous by a day on each side (a year by none).
    None when it names no period."""
    now = now if now.tzinfo else now.replace(tzinfo=timezone.utc)
    for named in find_times(text, now, periods=True):
        start, end = named.period or _calendar(named)
        if start > now and not _AHEAD.search(named.text) and _PAST_TENSE.search(text):
            continue   # "what did I spend in February?": not next February; which one is not said
        if named.granularity == "year" and end > now:
            continue   # a year still running holds nearly everything; one ahead is no period a memory is in
        pad = timedelta(days=0 if named.granularity == "year" else 1)
        return start - pad, end + pad
    return None


def _calendar(x: TimeExpr) -> tuple[datetime, datetime]:
    """The day, week, month or year a time expression names."""
    d = x.when.replace(hour=0, minute=0, second=0, microsecond=0)
    if x.granularity == "week":
        return d, d + timedelta(days=7)
    if x.granularity == "month":
        return d, (d.replace(day=28) + timedelta(days=4)).replace(day=1)
    if x.granularity == "year":
        return d, d.replace(year=d.year + 1)
    return d, d + timedelta(days=1)


_PAST_TENSE = re.compile(r"\b(?:did|was|were|went|spent|paid|bought|said|told)\b|过|了", re.I)
_AHEAD = re.compile(r"\b(?:next|tomorrow|coming)\b|下|明|后天|大后天", re.I)   # said to be ahead: "next Friday", "下周三"


@dataclass(frozen=True)
class QueryInfo:
    text: str
    language: str
    past: bool
    window: tuple[datetime, datetime] | None
    back_reference: bool
    head: str
    lucene: str | None
    terms: tuple[str, ...] = ()
    types: tuple[str, ...] = ()       # entity types the question asks for
    keys: tuple[str, ...] = ()        # the user's own attributes it asks about
    current: bool = False             # it asks for the value that holds now
    happened: bool = False            # it asks what happened (simple past), not how things stand


def analyse(text: str, now: datetime, lang: str | None = None) -> QueryInfo:
    back, head = back_reference(text)
    return QueryInfo(text, lang or detect_language(text), asks_about_past(text), time_window(text, now), back, head,
                     lucene_query(text), tuple(dict.fromkeys((*scan_terms(text), *agent_nouns(text)))),
                     *_types_and_keys(text), asks_current(text), past_tense(text))


_FIRST_PERSON = re.compile(r"\b(?:i|my|me|we|our|us)\b|我", re.I)


def _types_and_keys(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The asked types, with the type of the answer to an attribute question asked in the first person ("我家在
    哪一块", "where do I work"; not "孩子他奶奶住在哪"), and the asked keys."""
    keys = asked_keys(text)
    mine = tuple(KEY_TYPES[k] for k in keys if k in KEY_TYPES) if _FIRST_PERSON.search(text) else ()
    return tuple(dict.fromkeys((*asked_types(text), *mine))), keys
