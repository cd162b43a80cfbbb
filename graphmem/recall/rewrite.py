"""Second-person rewrite of recalled memories by each language pack's templates (no LLM).

    "You prefer dark themes; you said so in March and again last week."
    "你喜欢深色主题（3月说过，上周又提到）。"

The words are ``graphmem/lang/<code>/templates.tsv`` and their tables, the rules that must be code the pack's
``rules.py``. An optional ``llm(text, language) -> str`` callable may polish the template output; it is never required
and a failing call falls back to the template. Pure, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

from graphmem import lang as langs
from graphmem.lang import keys
from graphmem.linking.gate import without_small_talk
from graphmem.model import polarity_sign
from graphmem.recall.focus import CUT
from graphmem.recall.query import content_terms
from graphmem.recall.types import ASSISTANT_KINDS, Candidate
from graphmem.times import human


def _utc(t: datetime | None) -> datetime | None:
    if t is None:
        return None
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)


def when_phrase(t: datetime | None, now: datetime, lang: str = "en", bare: bool = False) -> str:
    """A short relative time: "today", "yesterday", "last week", "in March", "in March 2025" / 今天, 上周, 3月;
    ``bare``: a month without its preposition ("March"), for a note in brackets ("Melanie (March): …")."""
    t, now = _utc(t), _utc(now)
    if t is None:
        return ""
    p = langs.pack(lang)
    days = (now.date() - t.date()).days
    month = p.seq("months")[t.month - 1]
    if days < 0:
        return p.say("when_future", d=t.day, month=month)
    if days == 0:
        return p.say("when_today")
    if days == 1:
        return p.say("when_yesterday")
    if days < 7:
        return p.say("when_days", n=days)
    if days < 14:
        return p.say("when_last_week")
    if days < 28:
        return p.say("when_weeks", n=days // 7)
    bare = "_bare" if bare else ""
    if t.year == now.year:
        return p.say("when_month" + bare, month=month)
    return p.say("when_month_year" + bare, month=month, y=t.year)


def said_so(first: datetime | None, last: datetime | None, mentions: int, now: datetime, lang: str,
            who: str | None = None) -> str:
    """ "you said so in March and again last week" / "3月说过，上周又提到"; ``who``: the participant who said it
    ("Melanie said so in August")."""
    a = when_phrase(first, now, lang)
    if not a:
        return ""
    b = when_phrase(last, now, lang) if last and first and mentions > 1 else ""
    p = langs.pack(lang)
    said = "their_said" if who else "said"
    if b and b != a:
        return p.say(f"{said}_twice", a=a, b=b, who=who)
    return p.say(f"{said}_once", a=a, who=who) + (p.say("said_times", n=mentions) if mentions > 1 else "")


def subject(name: str | None, is_self: bool, lang: str = "en", capital: bool = True) -> str:
    """The entity as the user hears it, in ``lang``: "my laptop" -> "your laptop", 我妹妹 -> 你妹妹."""
    return langs.pack(lang).fn("subject")(name, is_self, capital)


def to_second_person(text: str, lang: str) -> str | None:
    """The speaker's own words said back to them ("I booked" -> "You booked"); None when that cannot be done."""
    return langs.pack(lang).fn("to_second_person")(text)


WORDS_MORE = 2     # a current fact is told in the user's words when they say this many content terms more
_STOPS = "。.;；"   # the end marks a line's own end replaces
_ASKS = "!！?？"    # those a participant's line keeps: their words as said, a question as one


def _clean(text: str, ends: str = _STOPS + _ASKS) -> str:
    text = " ".join((text or "").split())
    return text.rstrip(ends)


# -- the templates ---------------------------------------------------------------------------------------------
def _obj(c: Candidate, lang: str) -> str:
    name = c.entity or ""
    if c.key and c.key not in ("preference", "goal") and c.value not in (None, "", "like", "dislike", "want",
                                                                          "no longer want"):
        name = f"{c.value}" if c.is_self else f"{name} {c.value}".strip()
    return subject(name, False, lang, capital=False)


def statement(c: Candidate, now: datetime, lang: str = "en", names: frozenset[str] = frozenset()) -> str:
    """The memory as one second-person sentence in ``lang`` (a pack's code), without the time note; ``names``:
    the conversation's people (lower case), whom a quote may address ("Thanks, Melanie!" is left out)."""
    p = langs.pack(lang)
    lang = p.lang
    old = c.status == "outdated"
    if _their_words(c):
        return _event_text(c, now, lang, names=names)
    if c.label == "fact" and c.kind in ("preference", "goal") and (c.is_self or not c.entity) and c.text:
        return _event_text(c, now, lang, names=names)   # "I want something light": the object is only in the words
    if c.label == "fact" and c.kind in ("preference", "goal"):
        pol = polarity_sign(c.polarity)
        obj = _obj(c, lang)
        if c.kind == "preference":
            said = p.say(("pref_like" if pol >= 0 else "pref_dislike") + ("_old" if old else ""), obj=obj)
        else:
            said = p.say("want_old" if old else "want" if pol >= 0 else "want_not", obj=obj)
        return _event_text(c, now, lang, names=names) if not old and _says_more(c.text, said, "", lang) else said
    if c.label == "fact":
        key = c.key or "note"
        value = human(c.value, lang, now)   # a date as the user reads it ("12 April"), else the value
        if key == "note" and c.text:
            return _event_text(c, now, lang, note=True, names=names)
        # a removed value: "not allergic to peanuts any more", "不再对花生过敏"
        tense = "fact_old" if old else "fact_removed" if polarity_sign(c.polarity) < 0 else "fact"
        said = keys.fact(key, lang, tense, is_self=c.is_self or not c.entity, who=subject(c.entity, c.is_self, lang),
                         owner=p.fn("possessive")(c.entity, c.is_self), value=value)
        if tense == "fact" and _says_more(c.text, said, key, lang):   # not "Your weight is 92": "…and want 85"
            return _event_text(c, now, lang, names=names)
        until = when_phrase(c.t_to, now, lang, bare=True) if old else ""
        return said + (p.say("fact_until", until=until) if until else "")
    if c.label == "relation":
        rtype = (c.key or "RELATED").upper()
        if c.is_self:   # the user —[SISTER]→ Lily: "Lily is your sister"
            return p.say("rel_self", value=c.value, role=p.fn("role_name")(rtype.lower()))
        if c.object_is_self:
            return p.say("rel_to_you", subject=subject(c.entity, False, lang), role=p.fn("role_name")(rtype.lower()))
        a, b = subject(c.entity, False, lang), subject(str(c.value or ""), False, lang, capital=False)
        if _owned_by(b, c.entity):   # "Melanie's son" says it all
            return subject(b, False, lang)
        verb = p.table("relation_verbs").get(rtype)
        if verb:
            return p.say("relation", a=a, verb=verb, b=b)
        return p.say("relation_other", a=a, b=b, rel=rtype.lower(), rel_words=rtype.lower().replace("_", " "))
    return _event_text(c, now, lang, names=names)


def _says_more(words: str, told: str, key: str, lang: str) -> bool:
    """The user's words, in the language they are told in (``lang``), hold at least ``WORDS_MORE`` content terms
    that the fact as told (``told``) and its key do not: told as a key and a value, the rest of what was said with it
    is lost ("whey isolate only"). In another language the template is kept: it is told in the reader's."""
    return bool(words) and langs.of_text(words) == lang \
        and len(content_terms(words) - content_terms(told) - content_terms(key.replace("_", " "))) >= WORDS_MORE


def _owned_by(name: str, owner: str | None) -> bool:
    """``name`` is ``owner``'s possessive in any pack's words ("Melanie's son", "Melanie的儿子")."""
    return bool(owner) and any(name.casefold().startswith(langs.pack(code).fn("possessive")(owner, False).casefold())
                               for code in langs.languages())


def _their_words(c: Candidate) -> bool:
    """A fact drawn from a participant's message is told as their words, with when they said them ("Melanie
    (May): I love hiking"): the second-person statement and "you said so" are for the user's own words."""
    return c.label == "fact" and bool(c.speaker) and bool(c.text)


def _told_by_speaker(c: Candidate) -> bool:
    """A memory told as a named participant's words, a line of a transcript ("Melanie (May): Did you go?"), not
    the user's or assistant's."""
    return bool(c.speaker) and c.kind not in ASSISTANT_KINDS


def _event_text(c: Candidate, now: datetime, lang: str, note: bool = False,
                names: frozenset[str] = frozenset()) -> str:
    text = _clean(without_small_talk(c.text or "", names), _STOPS if _told_by_speaker(c) else _STOPS + _ASKS)
    p = langs.pack(lang)
    if c.kind == "advice":   # the assistant's own words: not something the user said
        return p.say("advice", text=text)
    if c.kind == "assistant":
        return p.say("assistant", text=text)
    if _told_by_speaker(c):   # a participant's own words stay theirs: only the user's words become "you"
        when = when_phrase(c.t_from, now, lang, bare=True)
        if when:
            return p.say("speaker_said_when", speaker=c.speaker, text=text, when=when)
        return p.say("speaker_said", speaker=c.speaker, text=text)
    src = langs.of_text(text)
    swapped = to_second_person(text, src)
    if swapped and src == p.lang:
        return swapped
    return p.say("you_said", text=text)


def who_is_meant(referents: tuple[str, ...], lang: str) -> str:
    """Whom the pronouns mean ("he=Callum" → " (he: Callum)", "（她：李娜）")."""
    pairs = [(p, _yours(n)) for p, n in (r.split("=", 1) for r in referents if "=" in r)]
    if not pairs:
        return ""
    p = langs.pack(lang)
    return p.say("referents", pairs=p.say("referent_sep").join(p.say("referent", p=a, n=b) for a, b in pairs))


def _yours(name: str) -> str:
    """A referent's name with the speaker's possessive made the user's, in whatever language it is written."""
    for code in langs.languages():
        q = langs.pack(code)
        name = q.regex("owner_word").sub(q.say("your_word"), name)
    return name


def rewrite(c: Candidate, now: datetime, lang: str = "en", llm: Callable[[str, str], str] | None = None,
            names: frozenset[str] = frozenset()) -> str:
    """The full rewritten line: statement plus when it was said ("…; you said so in March and again last week")."""
    p = langs.pack(lang)
    lang = p.lang
    body = statement(c, now, lang, names)
    if c.label == "event" or _their_words(c):
        refs = who_is_meant(c.referents, lang)
        stale = p.say("stale") if c.status == "stale" else ""   # part of what it says was changed later
        if refs or stale:   # a note follows: a participant's own end mark would stand mid-line
            body = _clean(body)
        body += refs
        when = when_phrase(c.t_from, now, lang, bare=True)
        if when and not _told_by_speaker(c):   # a participant's line says when itself ("Melanie (May): …")
            body = p.say("event_when", body=body, when=when)
        body += stale
        out = body if body.endswith(tuple(_ASKS + CUT)) else body + p.say("end")   # "…": a cut line ends there
    else:
        note = "" if c.status == "outdated" else said_so(c.t_from or c.recorded_at, c.last_seen, c.mention_count or 1,
                                                          now, lang, c.speaker if _told_by_speaker(c) else None)
        out = body + (p.say("note", note=note) if note else "") + p.say("end")
    if llm is not None:
        try:
            polished = llm(out, lang)
            if isinstance(polished, str) and polished.strip():
                return polished.strip()
        except Exception:  # an optional polish must never break recall
            pass
    return out
