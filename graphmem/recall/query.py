"""What a recall query asks for: its language, whether it asks about the past, a time window, a pointer
back to something said earlier ("that plan", "那个方案"), and its Lucene form. Pure, no I/O, no models."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from graphmem import lang as langs
from graphmem.linking import lexicon
from graphmem.linking.normalize import detect_language
from graphmem.linking.timeexpr import TimeExpr, find_times

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'._+#-]*|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def _other_packs_first() -> list:
    """Every pack, the default (English) last: where two packs' rules both apply, the other language's wins."""
    return sorted(langs.packs(), key=lambda p: p.lang == langs.DEFAULT)


def _says(name: str, text: str, key: str | None = None) -> bool:
    """Some pack's ``name.re`` (or row ``key`` of ``name.tsv``) occurs in the text."""
    return bool(langs.union(name, key).search(text))


def asks_about_past(text: str) -> bool:
    """True when the question is about an earlier value ("what was my budget before?", "我以前喜欢什么")."""
    return _says("past_question", text)


def past_tense(text: str) -> bool:
    """The question asks what happened (simple past), not how things stand now."""
    return _says("past_tense", text)


def asks_current(text: str) -> bool:
    """True when the question asks for the value that holds now ("what's the date of the wedding now?",
    "家里最后定的是什么风格"): memories that announce a change weigh more."""
    return not asks_about_past(text) and _says("current", text)


def asks_name(text: str) -> bool:
    """True when the question asks for a name ("who is my trainer?", "我那个客户叫什么？")."""
    return _says("name_question", text)


def back_reference(text: str) -> tuple[bool, str]:
    """(the text points back to something said earlier, its head noun if any): "那个方案" → (True, "方案")."""
    m = next((m for p in _other_packs_first() if (m := p.regex("back_head").search(text))), None)
    head = m.group(1) if m else ""
    return _says("back_cue", text), head


_CONTENT = re.compile(r"[a-z][a-z0-9]{2,}|[\u3400-\u9fff]{2,}")


@langs.cached(maxsize=8192)
def marks_change(text: str) -> bool:
    """The text announces a change ("I've switched to…", "no more…", "改成…", "不再…")."""
    return _says("change", text)


@langs.cached(maxsize=8192)
def content_terms(text: str) -> frozenset[str]:
    """Content terms of a text, each token's by the pack of its script (English: words of 3+ letters, stop words
    out; Chinese: character bigrams)."""
    out: set[str] = set()
    for tok in _CONTENT.findall(text.lower()):
        out.update(_terms(tok, "content_terms"))
    return frozenset(out)


@langs.cached(maxsize=65536)
def _terms(token: str, kind: str) -> tuple[str, ...]:
    """A token's ``content_terms`` or ``search_terms``, by the pack of the script it is written in."""
    return tuple(langs.pack(langs.of_text(token)).fn(kind)(token))


def lucene_escape(term: str) -> str:
    """Escape every Lucene query-syntax character in ``term``."""
    return _LUCENE_SPECIAL.sub(r"\\\1", term)


def search_terms(text: str, max_terms: int = 24) -> list[str]:
    """Content words of the text, each token's by the pack of its script (English: lower case, stop words out;
    Chinese: split at function words)."""
    terms: list[str] = []
    for tok in _TOKEN.findall(text):
        terms += _terms(tok, "search_terms")
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


_MAX_WH = 16                     # question words looked at (a question has a few; a pasted document has many)


def asked_types(text: str) -> tuple[str, ...]:
    """The entity types a question asks for ("What car do I drive?" → car, "我爸在哪家医院看病" → hospital):
    type nouns of ``linking/data/types.tsv`` in a question with a wh-word; broad types left out."""
    found: list[str] = []
    for p in _other_packs_first():   # a type noun next to a question word: 什么车, "what kind of laptop"
        found += p.fn("asked_types")(text, _MAX_WH)
    found += [t for t in langs.table_keys("type_cues") if _says("type_cues", text, t)]   # "where am I staying"
    return tuple(dict.fromkeys(t for t in found if t not in lexicon.BROAD_TYPES))


def agent_nouns(text: str) -> tuple[str, ...]:
    """"who teaches me" is answered by "my teacher is …": the agent noun of the verb a who-question asks
    about (teach → teacher, train → trainer, manage → manager)."""
    return tuple(n for p in langs.packs() for n in p.fn("agent_nouns")(text))


#: the type of the entity that answers a question about one of the user's attributes, when no fact holds it:
#: "which neighbourhood do I live in" ↔ "I'm in Marchmont" (a place the user named)
KEY_TYPES = {"location": "geo", "address": "geo", "employer": "organization"}


# questions about one of the user's own attributes ("what do I do for work?" → job, "我住哪" → location): each
# pack's key_questions.tsv
def asked_keys(text: str) -> tuple[str, ...]:
    """The user's own attributes a question asks about ("What do I do for work?" → job)."""
    keys = tuple(k for k in langs.table_keys("key_questions") if _says("key_questions", text, k))
    return tuple(dict.fromkeys(keys + ("address",))) if "location" in keys else keys    # the city, and where in it


def answer_kinds(text: str) -> tuple[str, ...]:
    """The kinds of value a question asks for ("How old are my kids?" → number, "IELTS 重考到底是哪天？" → date, "Who is
    our vet?" → name): the packs' ``answer_kinds`` and ``name_question``."""
    kinds = tuple(k for k in langs.table_keys("answer_kinds") if _says("answer_kinds", text, k))
    return kinds + ("name",) if asks_name(text) else kinds


def time_window(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    """The period a question is about ("last week", "昨天", "3 days ago"), read by the one date parser
    (``linking.timeexpr``, with the periods a question names), generous by a day on each side (a year by none).
    None when it names no period."""
    now = now if now.tzinfo else now.replace(tzinfo=timezone.utc)
    # a date with its year first: "last weekend before April 10, 2023" is about that April, not the last weekend
    for named in sorted(find_times(text, now, periods=True), key=lambda t: not t.year_said):
        start, end = named.period or _calendar(named)
        if start > now and not _says("ahead", named.text) and _says("window_past", text):
            continue   # "was it raining on Friday?": told as past, though the date parser read the coming one
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
    asks_name: bool = False           # it asks for a name
    answer_kinds: tuple[str, ...] = ()   # the kinds of value it asks for: number, date, name


def analyse(text: str, now: datetime, lang: str | None = None) -> QueryInfo:
    back, head = back_reference(text)
    return QueryInfo(text, lang or detect_language(text), asks_about_past(text), time_window(text, now), back, head,
                     lucene_query(text), tuple(dict.fromkeys((*scan_terms(text), *agent_nouns(text)))),
                     *_types_and_keys(text), asks_current(text), past_tense(text), asks_name(text),
                     answer_kinds(text))


def _types_and_keys(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The asked types, with the type of the answer to an attribute question asked in the first person ("我家在
    哪一块", "where do I work"; not "孩子他奶奶住在哪"), and the asked keys."""
    keys = asked_keys(text)
    mine = tuple(KEY_TYPES[k] for k in keys if k in KEY_TYPES) if _says("first_person", text) else ()
    return tuple(dict.fromkeys((*asked_types(text), *mine))), keys
