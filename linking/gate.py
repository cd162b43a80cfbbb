"""Write-gate helpers: greeting / small talk / chit-chat / informative, English and Chinese. Pure.

A message is *not informative* only when nothing is left after removing the seed phrases of
``linking/data/gate.tsv`` (greetings, small talk, chit-chat), fillers, laughter, emoji and punctuation, and no
statement is extracted from it. So "hi! my budget is now 8000" or "谢谢！对了我妹妹下个月结婚" are
informative: small talk next to information never causes a drop.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from graphmem import lang as langs

from . import lexicon as lx, prefilter
from .normalize import normalise
from .statements import extract_statements
from .types import GateVerdict

_RANK = {"greeting": 0, "smalltalk": 1, "chitchat": 2}

# -- ambient chit-chat: weather, mood, holidays, sign-offs (no statement about the user next to it) -------------

def _laugh() -> re.Pattern:
    """A word that is only laughter or a sound (each pack's ``laugh.re``, the whole word)."""
    return _whole_word(langs.union("laugh").pattern)


@lru_cache(maxsize=8)   # keyed by the packs' pattern: a pack added later (``lang.add_path``) counts
def _whole_word(alternatives: str) -> re.Pattern:
    return re.compile(f"^(?:{alternatives})$")


@langs.cached(maxsize=64)   # read twice of a turn's leftover words (``_ambient_only``, then ``_substantive``)
def _without_ambient(text: str) -> str:
    for p in langs.packs():
        text = p.regex("ambient").sub(" ", text)
    return text


_CLAUSE_SPLIT = re.compile(r"[，。！？；;!?\n]+|,\s|\.\s|\.$|\s+-\s+|—")


@lru_cache(maxsize=16)
def _script_run(script: str, least: int) -> re.Pattern:
    """``least`` or more characters of a pack's ``script`` in a row (compiled once a script)."""
    return re.compile(f"(?:{script}){{{least},}}")


def _clauses(text: str) -> list[str]:
    return [c.strip() for c in _CLAUSE_SPLIT.split(text) if c.strip()]


def states_about_user(text: str) -> bool:
    """True when some (non-question) clause says something about the user or their world, by its language pack's
    ``about_speaker``: first person with a verb and content, "my X is/has …", what someone reported ("Dealer says
    it's a loose gas cap"), a quantity ("30 km a week", "一百七十二斤"), or (Chinese) a habit/state cue ("她特别喜欢画画",
    "它一直吃皇家的猫粮"). Pure, no models."""
    default = langs.pack(langs.DEFAULT)
    for c in _clauses(text):
        p = langs.pack(langs.of_text(c))
        script = p.regex("script").pattern
        if p is not default and _script_run(script, 2).search(c):
            if p.fn("about_speaker")(c):
                return True
            # a mixed clause: the default language's part may carry the statement ("I don't drink alcohol, 所以…")
            rest = re.sub(f"(?:{script})+", " ", c)
            if len(re.findall(f"(?:{default.regex('script').pattern})+", rest)) >= 3 and default.fn("about_speaker")(rest):
                return True
        elif default.fn("about_speaker")(c):
            return True
    return False


def _ambient_only(leftover: list[str]) -> bool:
    """Everything left after the seed phrases is weather / mood / holiday / sign-off talk with almost nothing
    else ("it's been raining sideways all day here", "今天下大雨，出门鞋都湿透了")."""
    text = " ".join(leftover)
    if not leftover:
        return False
    if not any(p.regex("ambient").search(text) for p in langs.packs()):
        return False
    rest = _without_ambient(text)
    units = sum(p.fn("ambient_units")(rest) for p in langs.packs())
    return units <= 1 and not re.search(r"\d", rest)


def _substantive(leftover: list[str]) -> bool:
    """Enough content left after small talk and fillers to be worth keeping even when no rule read a statement
    in it ("Oakview rang. Turns out the only space they have is on Thursdays"): six units by the packs'
    ``content_units`` (an English content word is one, three Chinese characters that are not fillers are one)."""
    rest = _without_ambient(" ".join(leftover)).split()
    return sum(p.fn("content_units")(rest) for p in langs.packs()) >= 6


def _sign_off() -> re.Pattern:
    """A message that ends by signing off or thanking (each pack's ``sign_off.re``: "cheers, ttyl", "好累，先睡了晚安",
    "ha, thanks for listening"): it says what the part before the sign-off says."""
    return _at_end(langs.union("sign_off").pattern)


@lru_cache(maxsize=8)
def _at_end(alternatives: str) -> re.Pattern:
    return re.compile(f"(?:{alternatives})[\\s!！.。~～…😘👋❤️]*$")


@langs.cached(maxsize=4096)   # asked of a turn where it is parsed ahead (``sign_off_bodies``) and where it is read
def _before_sign_off(text: str) -> str | None:
    """What a message says before it signs off or thanks ("Right, kettle's on" of "Right, kettle's on. Cheers!");
    None when it does not end that way."""
    m = _sign_off().search(text.strip())
    return text.strip()[:m.start()].strip(" ,，.。!！~～") if m else None


def sign_off_bodies(text: str) -> list[str]:
    """The texts ``classify_message`` may read besides ``text`` itself: what it says before it signs off, and what
    that says before its own sign-off ("…, thanks! Cheers"), in order. The writer parses them ahead with the
    text: the statement rules read the parse of each (LoCoMo: 13 of 1,451 turns, each parsed alone on the
    writer's thread otherwise)."""
    out: list[str] = []
    while text and text.strip():
        body = _before_sign_off(text)
        if not body or body == text.strip():
            break
        out.append(body)
        text = body
    return out


_REPEATS = re.compile(r"([a-z])\1{2,}")


def _norm(text: str) -> str:
    s = normalise(text.replace("'", "").replace("’", "").replace("~", " ").replace("～", " "))
    return _REPEATS.sub(r"\1", s)   # "heyyy" → "hey", "sooo" → "so"


@langs.cached(maxsize=1)
def _patterns() -> tuple[re.Pattern, re.Pattern, dict[str, str], frozenset[str]]:
    phrases = lx.gate_phrases()
    en = sorted((p for p in phrases if p.isascii()), key=len, reverse=True)
    zh = sorted((p for p in phrases if not p.isascii() and len(p) >= 2), key=len, reverse=True)
    singles = frozenset(p for p in phrases if not p.isascii() and len(p) == 1)
    en_re = re.compile(r"(?<![a-z0-9])" + prefilter.longest_first(en) + r"(?![a-z0-9])")   # the same matches
    zh_re = re.compile("|".join(re.escape(p) for p in zh))
    return en_re, zh_re, phrases, singles


def classify_message(text: str, now: datetime | None = None) -> GateVerdict:
    """Classify one user message for the write gate (see module doc)."""
    if not text or not text.strip():
        return GateVerdict("chitchat", False, ("empty message",))
    body = _before_sign_off(text)
    if body is not None and body != text.strip():
        said = classify_message(body, now) if body else GateVerdict("chitchat", False, ())
        if not said.has_information:
            return GateVerdict(said.label, False, said.reasons + ("signs off",))
    en_re, zh_re, phrases, singles = _patterns()
    s = _norm(text)
    found: list[tuple[int, str, str]] = []

    def take(m: re.Match) -> str:
        found.append((m.start(), phrases.get(m.group(0), "chitchat"), m.group(0)))
        return " "

    s = zh_re.sub(take, s)
    s = en_re.sub(take, s)
    fillers, laugh = lx.fillers(), _laugh()
    leftover = []
    for w in _WORD.findall(s):
        if w in fillers or laugh.match(w):
            continue
        if "\u4e00" <= w[0] <= "\u9fff" and all("\u4e00" <= ch <= "\u9fff" for ch in w):
            rest = "".join(ch for ch in w if ch not in singles and ch not in fillers)
            if not rest or laugh.match(rest):
                if w not in fillers:
                    found.append((0, "chitchat", w))
                continue
        leftover.append(w)
    statements = extract_statements(text, now or datetime.now())
    personal = states_about_user(text)
    if not leftover or (not personal and _ambient_only(leftover)):
        # "今天天气不错" has a time word but nothing happening: an event needs content beyond small talk;
        # "it's freezing out there this morning": weather/mood talk is small talk even with a time word
        statements = [st for st in statements if st.kind != "event"]
        if leftover and not statements:
            found.append((0, "chitchat", " ".join(leftover[:4])))
            leftover = []
    reasons = []
    if not personal and _substantive(leftover):   # a long message with real content is about the user's world
        personal = True
        reasons.append("a long message with content")
    if personal:
        reasons.append("states something about the user")
    if statements:
        reasons.append(f"{len(statements)} statement(s): " + ", ".join(sorted({st.kind for st in statements})))
    if leftover:
        reasons.append("content left after small-talk phrases: " + " ".join(leftover[:8]))
    if statements or leftover:
        if found:
            reasons.append("small talk present too: " + ", ".join(p for _, _, p in found[:4]))
        return GateVerdict("informative", True, tuple(reasons), personal=personal)
    if not found:
        return GateVerdict("chitchat", False, ("only punctuation, emoji or fillers",))
    label = min(found, key=lambda f: (f[0], _RANK[f[1]]))[1]
    return GateVerdict(label, False, tuple(f"{lab}: {p!r}" for _, lab, p in found[:4]))


_CONCRETE = re.compile(r"(?<!^)\b[A-Z][\w-]*|\d|[A-Za-z]{2,}(?=[^A-Za-z]*[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])[A-Za-z]{2,}")


@langs.cached(maxsize=1024)   # a batch's and the next batch's assistant turns
def is_advice(text: str) -> bool:
    """An assistant turn worth remembering: it recommends or concludes something concrete ("I'd suggest the
    Lenovo ThinkPad E14", "我推荐联想ThinkPad E14"), so "that laptop you suggested" can find it later.
    Remembered: the write path asks it of an assistant turn up to five times (which turns to parse, the gate)."""
    if not text or not text.strip():
        return False
    low = text.lower().replace("’", "'")
    cued = any(_advice_cue(c).search(low) for c in lx.advice_cues())
    return cued and bool(_CONCRETE.search(text.strip()))


@lru_cache(maxsize=None)
def _advice_cue(cue: str) -> re.Pattern:
    """``cue`` in lower-cased text, a whole word where it starts or ends with a Latin letter."""
    return re.compile(("(?<![a-z])" if cue[0].isascii() and cue[0].isalpha() else "") + re.escape(cue)
                      + ("(?![a-z])" if cue[-1].isascii() and cue[-1].isalpha() else ""))


# a sentence runs to its end marks; a Latin mark with no space after it is inside a word ("a.m.;", "3.5", "U.S.")
_SENTENCE = re.compile(r"(?:[^.!?。！？\n]|[.!?](?=[^\s.!?。！？]))+[.!?。！？]*")
_QUESTION_END = re.compile(r"(?:[?？]|[吗呢嘛][。！]?)\s*$")
REACTION_UNITS = 12   # an English word is one unit, a Chinese character half of one


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, stripped, in order (Latin and Chinese end marks)."""
    return [s.strip() for s in _SENTENCE.findall(text or "") if s.strip()]


@lru_cache(maxsize=1024)   # asked of an assistant turn as often as ``is_advice``
def is_reaction(text: str) -> bool:
    """An assistant turn that only reacts: it acknowledges, compliments, encourages or asks back ("Good to know.
    Is Tom a friend of yours?", "Welcome to Kyoto! Enjoy the temples.", "收到，不要香菜和葱。") — nothing of its own
    worth remembering. Without its questions at most ``REACTION_UNITS`` words and no number are left ("Booked
    for 7pm Friday" is kept). A reply with content, or a concrete recommendation (``is_advice``), is longer or
    is checked first."""
    said = [s for s in _SENTENCE.findall(text or "") if s.strip() and not _QUESTION_END.search(s)]
    if any(c.isdigit() for s in said for c in s):
        return False
    units = sum(len(re.findall(r"[A-Za-z0-9][\w'’-]*", s)) + len(re.findall(r"[\u4e00-\u9fff]", s)) / 2
                for s in said)
    return units <= REACTION_UNITS


# -- small talk inside a message: what a recalled quote can leave out ----------------------------------------
_SEGMENT = re.compile(r"[^,，]+[,，]\s*|[^,，]+$")
_NAME = re.compile(r"\b[A-Z][a-z]+\b")
_END = re.compile(r"[.!?。！？~]+\s*$")
_WORD = re.compile(r"[a-z0-9]+|[\u4e00-\u9fff]+")
SOCIAL_CHARS = 80   # longer than any greeting, thanks or cheer with a name (the longest phrase is 33 characters)


def is_social(sentence: str, names: frozenset[str] = frozenset()) -> bool:
    """A sentence or clause that only greets, thanks, cheers or agrees, or addresses someone ("Thanks, Melanie!",
    "Wow, John, that's awesome!", "Congrats!", "谢谢！"): the gate's phrases, fillers and the conversation's
    people (``names``, lower case) and nothing else. One other capitalised name is allowed beside a phrase (the
    person addressed); a name alone ("Paris?!") or two ("Luna and Oliver!") is content, and so is anything with
    a digit or a bracketed note."""
    if re.search(r"\d|\[", sentence) or len(sentence) > SOCIAL_CHARS:
        return False
    en_re, zh_re, _, singles = _patterns()
    fillers, short = lx.fillers(), _short_forms(names)
    capitalised = {n.lower() for n in _NAME.findall(sentence)}

    def other(w: str) -> bool:
        return not (w in fillers or w in short or _laugh().match(w) or (not w.isascii() and all(ch in singles for ch in w)))

    if sentence.isascii():   # quick no: more than one word that no phrase, filler or name has
        quick = _REPEATS.sub(r"\1", sentence.lower().replace("'", ""))
        unknown = [w for w in _WORD.findall(quick) if w not in _phrase_words() and other(w)]
        if len(unknown) > 1 or (unknown and unknown[0] not in capitalised):
            return False
    s = _norm(sentence)
    found = 0

    def take(_m: re.Match) -> str:
        nonlocal found
        found += 1
        return " "

    words = _WORD.findall(en_re.sub(take, zh_re.sub(take, s)))
    left = [w for w in words if other(w)]
    found += len(words) - len(left)
    return found > 0 and (not left or (len(left) == 1 and left[0] in capitalised))


@langs.cached(maxsize=1)
def _phrase_words() -> frozenset[str]:
    return frozenset(w for p in _patterns()[2] for w in _WORD.findall(p))


@lru_cache(maxsize=256)
def _short_forms(names: frozenset[str]) -> frozenset[str]:
    """The names and their short forms of three letters or more ("melanie" → "mel", "mela", …)."""
    return frozenset(n[:i] for n in names for i in range(3, len(n) + 1)) | names


def _without_social_clauses(sentence: str, names: frozenset[str]) -> str:
    """A sentence without its opening and closing small-talk clauses ("Yeah, they offer yoga, Maria." -> "They
    offer yoga.")."""
    clauses = _SEGMENT.findall(sentence.strip())
    a, b = 0, len(clauses)
    while a < b - 1 and is_social(clauses[a], names):
        a += 1
    while b - 1 > a and is_social(clauses[b - 1], names):
        b -= 1
    if (a, b) == (0, len(clauses)):
        return sentence.strip()
    core = "".join(clauses[a:b]).strip().rstrip(",，")
    end = _END.search(sentence.strip()) if b < len(clauses) else None
    return core[:1].upper() + core[1:] + (end.group(0).strip() if end and not _END.search(core) else "")


@langs.cached(maxsize=8192)
def without_small_talk(text: str, names: frozenset[str] = frozenset()) -> str:
    """``text`` without its small-talk sentences and clauses ("Thanks, Melanie! Yeah, I painted a sunrise." ->
    "I painted a sunrise."), so a recalled quote spends its characters on what was said; ``names``: the people
    of the conversation (lower case), who may be addressed. A message that is all small talk is kept whole."""
    kept = [s for s in _SENTENCE.findall(text or "") if s.strip() and not is_social(s, names)]
    if not kept:
        return text
    return " ".join(_without_social_clauses(s, names) for s in kept)
