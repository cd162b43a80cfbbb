"""Merge, de-duplicate and rank recall candidates. Pure functions, configured by :class:`ScoringConfig`.

relevance = σ(bias + Σ w_f · f)      a linear model over :data:`FEATURES`, fitted on the order of labelled recall data
score     = relevance × status × current

- the features (each in [0, 1], see :func:`features`): semantic similarity, BM25, graph link weight, the
  period the question names, the speaker the question names, the relevance of the messages another speaker
  said right before and after (the exchange), being a question, being a fact, recency, recency for a question
  about how things stand, importance, activity;
- the weights are not hand-set: ``bench/fit_ranking.py --pairwise`` fits the order (every pair of a memory that
  answers a question and one that does not, each question weighted equally) on the LoCoMo dev split, the
  LongMemEval-shaped dev split and the project's own suite and dev sets, then a probability on that order, and
  writes ``graphmem/data/ranking_model.json``; a feature stays only while it helps there (how many path
  families found a memory did not: bench/results/ranking_fit.md);
- status: active 1; outdated 0 (left out) unless the question asks about the past, then outdated ranks
  first and active close behind; stale (a message part of which was since changed: it says more than
  the changed value, so it is demoted, not hidden) ``stale_now``, or as outdated about the past; archived
  never;
- current: 1 + ``current_boost`` for an active memory that announces a change ("we've shifted everything to
  September 19th", "换成缬沙坦了") when the question asks for the value that holds now ("…now?", 现在, 最后定的),
  in full from ``current_gate`` semantic + lexical relevance up (less for an off-topic change); else 1.
Later versions: of two active memories that say the same thing (``link_newer``: cosine ≥ ``same_thing``, two
content terms in common, and the later one gives a new value: a change word, the same kind of quantity or date,
a number; or one content term and a quantity of the same kind, from ``term_value``: "日薪200" → "日薪可以给到260"; or,
for a question about how things stand, the same thing named (no person or pet) and a change announced, from
``thing_change``: "sent an application to Cobaltline" → "I withdrew from Cobaltline"),
the later one scores at least ``newer_share`` × the earlier one's score and is read first (:func:`later_first`),
unless the question asks about the past, or what happened without asking how it ended up ("When did Caroline go to
the support group?" is not answered by her later "It was so inspiring!"): "现在每天新词50个" above "每天新词30个".
So does the change that made a message stale ("最后定在5月2号开门" above "开业日子定在4月18号，正好周六").
And, for a question about how things stand, of two chosen memories that both answer it (relevance within
``answer_ratio`` of each other) with a value of one kind, the later is read first (:func:`answers_later_first`)
even when the two are less alike than ``link_newer`` asks ("120 guests" in January, "we cut the guest list down to
80" last week); two whose only value in common is "a number" must still be about one thing (cosine ≥
``number_pair_sim``), and two with no value in common are a pair when the later one announces a change and the two
are close (cosine ≥ ``change_pair_sim``: "每天给他自己带午饭" → "以后中午就在园里吃"); an earlier answer that
announces a change ("dropped my calories to 2200") keeps its place unless the later one announces one too. Not for
a question that asks for a name unless it asks what holds now ("who is my trainer?", "我那个客户叫什么？"): a name
is not a value that changes, and the two answers' numbers say nothing about it.
These version rules read what people said and the facts, never the assistant's replies (:func:`states`), and
neither runs for a chat (a query that tells more than a question does, :func:`tells`: it asks neither how things
stand nor for the latest value; on the dialogue bench's held-out English chats they put later events that share
a number or a date above the one the chat is about, bench/results/own_sets.md, stop 62).
Diversity: a candidate too similar to one already chosen (character-bigram overlap ≥ ``dup_threshold``,
or the same fact slot) is skipped, unless it says more (the whole message a clause came from): within
``fuller_ratio`` of its score it takes that place, or within ``more_ratio`` when at least ``more_share`` of
its bigrams are new (it says much more). Each further memory about the same entity costs
``same_entity_penalty``, unless the entity is the user (every memory of theirs is about them). Below ``min_score``
(a probability) a memory is not returned. Whether a session's context gets any of them is stricter
(:mod:`graphmem.recall.gate`): nothing relevant, nothing injected.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np

from graphmem import cardinality
from graphmem import lang as langs
from graphmem.linking import lexicon
from graphmem.recall.query import QueryInfo, content_terms, marks_change
from graphmem.recall.types import ASSISTANT_KINDS, Candidate

#: the signals the ranking model weighs, each in [0, 1] (see :func:`features`)
FEATURES = ("semantic", "lexical", "graph", "key", "slot", "time_match", "speaker", "neighbour", "question", "fact",
            "recency", "recency_now", "importance", "activity", "assistant", "answer_form")
_MODEL_FILE = Path(__file__).resolve().parent.parent / "data" / "ranking_model.json"


@lru_cache(maxsize=1)
def fitted_model() -> tuple[float, tuple[tuple[str, float], ...]]:
    """The ranking model fitted by ``bench/fit_ranking.py`` (on the order of labelled recall data, then a probability)."""
    data = json.loads(_MODEL_FILE.read_text(encoding="utf-8"))
    return float(data["bias"]), tuple((f, float(data["weights"].get(f, 0.0))) for f in FEATURES)


@dataclass(frozen=True)
class ScoringConfig:
    model: tuple[float, tuple[tuple[str, float], ...]] | None = None   # (bias, weights); None: the fitted one
    sim_floor: float = 0.1           # USE multilingual: unrelated pairs ~0.0-0.15, a question and its answer
    sim_ceiling: float = 0.6         # often only 0.25-0.5
    half_life_event_days: float = 30.0
    half_life_fact_days: float = 180.0
    activity_saturation: int = 10
    outdated_now: float = 0.0         # multiplier for outdated memories when the question is about now
    stale_now: float = 0.7            # ... and for stale ones (partly changed since)
    outdated_past: float = 1.1        # ... and when it asks about the past
    active_past: float = 0.75
    min_score: float = 0.01          # the fitted probability below which a memory is not worth injecting
    current_boost: float = 0.6       # a question about the value now: a memory announcing a change weighs this much more
    current_gate: float = 0.4        # ... in full from this semantic + lexical relevance up
    same_thing: float = 0.35         # two memories this cosine-similar, sharing two content terms, say the same
                                     # thing: the later one holds now ...
    newer_share: float = 1.01        # ... and scores at least this share of the earlier one's score
    same_entity_value: float = 0.3   # ... or names the same entity with a value of the same kind, this close
    term_value: float = 0.35         # ... or shares a content term and gives a value of the same kind, this close
    thing_change: float = 0.2        # ... or, asked how things stand, names the same thing (not a person) and
                                     # announces a change, this close (bench/results/own_sets.md, stop 55)
    change_similarity: float = 0.3    # an older memory this close to a later "I've switched to …" is outdated
    change_similarity_explicit: float = 0.12  # ... or this close when the change names what it drops ("no more X")
    dup_threshold: float = 0.8
    more_share: float = 0.3          # a fuller message with this share of new bigrams says much more ...
    more_ratio: float = 0.4          # ... and replaces its clause within this score ratio (bench/results/fuller.md;
                                     # 0.3 and 0.2 measured at stop 57, own_sets.md)
    fuller_ratio: float = 0.85       # a near-duplicate that says more replaces the chosen one within this score ratio
    same_entity_penalty: float = 0.03  # each further memory about one entity (not the user: all of theirs are about
                                       # them; own sets +1 R@1, -0.5 recall@5, +1 context(), LoCoMo dev the same;
                                       # 0 or 0.01 for all: LoCoMo dev R@10 -0.5 / -0.1, stop 60)
    answer_ratio: float = 0.15       # two chosen memories within this relevance ratio that give a value of one
                                     # kind both answer the question: the later is read first (0: off; 0.05 for
                                     # the pointwise model, whose unrelated memories scored about a third as much:
                                     # 0.1 / 0.15 / 0.2 measured at stop 56, bench/results/ranking_fit.md) ...
    number_pair_sim: float = 0.15    # ... and two whose only value in common is "a number", from this cosine up
                                     # (USE: unrelated pairs ~0.0-0.15; bench/results/later_answers.md, stop 52)
    change_pair_sim: float = 0.5     # ... or, with no value in common, the later announcing a change, from this
                                     # cosine up ("自己带午饭" → "以后中午就在园里吃"; bench/results/later_answers.md, stop 55)

    def weights(self) -> tuple[float, tuple[tuple[str, float], ...]]:
        return self.model if self.model is not None else fitted_model()


def norm_sim(sim: float | None, cfg: ScoringConfig) -> float:
    if sim is None:
        return 0.0
    return min(1.0, max(0.0, (sim - cfg.sim_floor) / (cfg.sim_ceiling - cfg.sim_floor)))


def _utc(t: datetime | None) -> datetime | None:
    if t is None:
        return None
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)


def features(c: Candidate, q: QueryInfo, now: datetime, cfg: ScoringConfig) -> dict[str, float]:
    """The ranking model's inputs for one candidate, each in [0, 1]:

    semantic (cosine, mapped from [sim_floor, sim_ceiling]); lexical (BM25 / the query's best, or the full-text
    score / the best); graph (link weight: 1 for an entity named in the input, less per hop); key (the user's own
    attribute the question asks about: "what do I do for work?" → their job); slot (the entity "that plan" points
    back to in the session); time_match (it happened or was said in the period the question names); speaker (the
    question names who said it); neighbour (how relevant the messages just before and after it are); question (it
    is itself a question: :func:`asks`); fact (a fact, not a message); assistant (the assistant's own words, and
    the question does not ask what it said); recency (0.5 ** (age / half-life)); recency_now (the same, for a
    question about how things stand rather than what happened or what was before); importance; activity (log
    mentions); answer_form (it holds a value of a kind the question asks for: "How old are my kids?" a number, "哪天"
    a date, "Who is our vet?" a name)."""
    seen = _utc(c.last_seen or c.t_from or c.recorded_at)
    age = max(0.0, (now - seen).total_seconds() / 86400.0) if seen else 365.0
    half = cfg.half_life_event_days if c.label == "event" else cfg.half_life_fact_days
    semantic = norm_sim(c.sim, cfg)
    lexical = c.features.get("lexical", c.paths.get("fulltext", 0.0))
    f = {
        "semantic": semantic,
        "lexical": max(0.0, min(1.0, lexical)),
        "graph": max(0.0, min(1.0, max(c.paths.get("graph", 0.0), c.paths.get("entity", 0.0)))),
        "key": 1.0 if "key" in c.paths else 0.0,
        "slot": max(0.0, min(1.0, c.paths.get("slots", 0.0))),
        "time_match": 0.0,
        "speaker": c.features.get("speaker", 0.0),
        "neighbour": c.features.get("neighbour", 0.0),
        "question": c.features.get("question", 0.0),
        "assistant": c.features.get("assistant", 0.0),
        "fact": 1.0 if c.label != "event" else 0.0,
        "recency": 0.5 ** (age / half) if half > 0 else 0.0,
        "recency_now": 0.0 if q.happened or q.past else 0.5 ** (age / half) if half > 0 else 0.0,
        "importance": max(0.0, min(1.0, float(c.importance if c.importance is not None else 0.5))),
        "activity": min(1.0, math.log1p(max(1, c.mention_count or 1)) / math.log1p(cfg.activity_saturation)),
        "answer_form": 1.0 if holds_answer_form(c.text or "", q.answer_kinds) else 0.0,
    }
    if q.window:   # it happened, or was said, in the period the question names
        start, end = q.window
        if any(t is not None and start <= _utc(t) < end for t in (c.t_from, c.recorded_at)):
            f["time_match"] = 1.0
    return f


def holds_answer_form(text: str, kinds: Sequence[str]) -> bool:
    """Does the text hold a value of one of the kinds a question asks for (a number, a date, a name: the packs'
    ``answer_forms``)?"""
    return any(_holds(text, k) for k in kinds)


@langs.cached(maxsize=32768)   # built from the packs: cleared when a pack is added
def _holds(text: str, kind: str) -> bool:
    """Remembered: a search costs 10–20 µs, and the same memories are ranked for question after question (32k
    entries keep a few MB of texts alive, some 25 MB if every one were a LongMemEval-long reply)."""
    return bool(langs.union("answer_forms", kind).search(text))


def components(c: Candidate, q: QueryInfo, now: datetime, cfg: ScoringConfig) -> dict[str, float]:
    """Each feature, its contribution (``w_<feature>``: weight × value), and the score:
    ``relevance`` = the fitted model's probability that the memory answers the question (σ of a linear score over
    :data:`FEATURES`), × ``status`` (active 1; outdated 0 unless the question asks about the past, then outdated
    ranks first; stale demoted; archived never) × ``current`` (a memory announcing a change, when the question
    asks for the value now)."""
    f = features(c, q, now, cfg)
    bias, weights = cfg.weights()
    comp = dict(f)
    logit = bias
    for name, w in weights:
        part = comp["w_" + name] = w * f[name]
        logit += part
    comp["relevance"] = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))
    if c.status == "archived":
        status = 0.0
    elif c.status in ("outdated", "stale"):
        status = cfg.outdated_past if q.past else cfg.outdated_now if c.status == "outdated" else cfg.stale_now
    else:
        status = cfg.active_past if q.past else 1.0
    comp["status"] = status
    changed = q.current and c.status == "active" and announces_change(c.text or "")
    # as far as it is on topic: "it's June 2nd now" says nothing about a dose
    on_topic = min(1.0, (f["semantic"] + f["lexical"]) / cfg.current_gate) if cfg.current_gate > 0 else 1.0
    comp["current"] = 1.0 + cfg.current_boost * on_topic if changed else 1.0
    comp["score"] = comp["relevance"] * status * comp["current"]
    return comp


_BIGRAM_TOKEN = re.compile(r"[a-z0-9]+|[\u3400-\u9fff]")


@lru_cache(maxsize=8192)
def shingles(text: str) -> frozenset[str]:
    """Word and CJK-character bigrams of a text (for near-duplicate detection in both languages)."""
    toks = _BIGRAM_TOKEN.findall(text.lower())
    if len(toks) < 2:
        return frozenset(toks)
    return frozenset(a + " " + b for a, b in zip(toks, toks[1:]))


def overlap(a: frozenset[str], b: frozenset[str]) -> float:
    """Overlap coefficient |a∩b| / min(|a|, |b|): 1 when one text is contained in the other."""
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


_STATUS_RANK = {"active": 0, "stale": 1, "outdated": 2, "archived": 3}


def states(c: Candidate) -> bool:
    """The memory is someone's statement of how things are (the user's or a participant's words, or a fact), which
    a later one can change; the assistant's replies are not: its tips, plans and lists give numbers and dates by the
    dozen, and a reply never makes what the user said out of date. The version rules (:func:`implicit_supersede`,
    :func:`link_newer`, :func:`answers_later_first`) read only these: on the LongMemEval-shaped dev set, letting the
    assistant's replies in took R@1 from 23.9 to 10.0 and changed nothing on LoCoMo, the dialogue sets or the
    suite's held-out sets (``bench/results/longmem.md``)."""
    return c.kind not in ASSISTANT_KINDS


def merge(groups: Iterable[tuple[str, Sequence[Candidate]]]) -> dict[str, Candidate]:
    """Union of every path's candidates by id (paths and the best similarity merged); a message event
    whose facts were found too, in (nearly) the same words, is folded into them (same memory, more
    agreement); a message that says more than its facts stays. A message the store marks ``stale`` (every
    fact drawn from it was superseded; ``superseded_by``: the message that said what replaced them) is outdated
    unless it says more than one thing."""
    out: dict[str, Candidate] = {}
    for path, cands in groups:
        for c in cands:
            cur = out.get(c.id)
            if cur is None:
                out[c.id] = c
                continue
            for p, s in c.paths.items():
                cur.add_path(p, s, c.via.get(p, ""))
            if c.sim is not None and (cur.sim is None or c.sim > cur.sim):
                cur.sim = c.sim
            if _STATUS_RANK.get(c.status, 0) > _STATUS_RANK.get(cur.status, 0):
                cur.status = c.status
    for c in out.values():   # a message whose facts were all superseded: stale only if it said more than them
        if c.status == "stale" and not says_more(c.text):
            c.status = "outdated"
    by_source: dict[str, list[Candidate]] = {}
    for c in out.values():
        if c.label == "fact" and c.source_id:
            by_source.setdefault(c.source_id, []).append(c)
    for eid in [i for i, c in out.items() if c.label == "event" and i in by_source]:
        ev = out[eid]
        same = [f for f in by_source[eid] if jaccard(shingles(f.text), shingles(ev.text)) >= 0.7]
        if not same:
            continue       # the message says more than its facts: keep both
        del out[eid]
        for f in same:
            for p, s in ev.paths.items():
                f.add_path(p, s, ev.via.get(p, ""))
            if ev.sim is not None and (f.sim is None or ev.sim > f.sim) and f.status == ev.status:
                f.sim = max(f.sim or 0.0, ev.sim * 0.95)
    return out


# when something happens, by kind: two memories giving the same kind (a day, a weekday, a month, a time of day)
# may be the same thing moved ("May 14" → "June 3", "7点50的航班" → "下午两点那班"): each pack's date_kinds.tsv
@langs.cached(maxsize=8192)
def _date_kinds(text: str) -> frozenset[str]:
    return frozenset(k for k in langs.table_keys("date_kinds") if langs.union("date_kinds", k).search(text))


@langs.cached(maxsize=8192)
def _number_besides_dates(text: str) -> bool:
    """A number in ``text`` that is not part of a date ("120 guests", "down to 80"; not the 19 of "September
    19th"): two memories that both give one may give the same thing's value, two that both name a day need not."""
    for k in langs.table_keys("date_kinds"):
        text = langs.union("date_kinds", k).sub(" ", text)
    return bool(_NUMBER.search(text))


_NUMERAL = re.compile(r"\d|[零一二两三四五六七八九十百千万亿半]")
_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"\d|[零一二两三四五六七八九十百千万亿半]{2,}")
_PLACE_KEYS = frozenset({"location", "address", "city", "home"})


def _dropped_terms(text: str) -> frozenset[str]:
    """What a change explicitly drops or the user tried and turned down ("no more oat latte", "不再喝奶茶"): each
    pack's ``dropped``."""
    out: set[str] = set()
    for phrase in (x for p in langs.packs() for x in p.fn("dropped")(text)):
        out |= content_terms(phrase)
    return frozenset(t for t in out if not _NUMERAL.search(t))


@langs.cached(maxsize=1)
def _clause() -> re.Pattern:
    """Where a clause ends: punctuation, a dash, or a word that starts a new one (each pack's clause_word)."""
    return re.compile(r"[，。！？；;!?、]+|,\s*|\.\s+|\s+[—–-]+\s+|" + langs.union("clause_word").pattern)


@langs.cached(maxsize=8192)
def announces_change(text: str) -> bool:
    """The memory says something changed: a switch word, or (each pack's value_change) a change verb with a new value
    ("bump the weekly budget to $300", "涨到八千"), a fresh start ("starting this week", "从下周开始"), a replacement that
    arrived ("got a new laptop", "新烤箱到了"), a plain "now" state ("bumping to 55 km weekly now")."""
    return marks_change(text) or bool(langs.union("value_change").search(text))


@langs.cached(maxsize=8192)
def _quantity_units(text: str) -> frozenset[str]:
    """The units numbers are given in ("30 km a week" → {"#km"}, "$250" → {"#$"}, "一百八十斤" → {"#斤"}): two
    memories giving a number in the same unit talk about the same quantity."""
    return frozenset(u for p in langs.packs() for u in p.fn("quantity_units")(text))


_AMOUNT = re.compile(r"\d{1,3}(?:,\d{3})+|\d{3,}")


@langs.cached(maxsize=8192)
def value_kinds(text: str) -> frozenset[str]:
    """The kinds of quantity a memory gives: units, an amount of three digits or more ("12,400"). Not dates: a new
    date is a reschedule, which :func:`implicit_supersede` handles (and a person's memories are full of dates)."""
    return _quantity_units(text) | (frozenset({"#amount"}) if _AMOUNT.search(text) else frozenset())


def prime(texts: Iterable[str]) -> None:
    """Read ahead what ranking reads of a memory's text, each cached by text: its content terms and change words
    (of the text and of each clause), its quantities, its dates and the kinds of value it holds. The retriever calls
    it, in the background, on the texts that enter a user's recall cache; a memory's first recall then pays none of
    it (the agent loop of a 700-turn user, ``bench/results/session_caller.md``, stop 49). Nothing it computes changes
    a result."""
    for text in texts:
        for part in (text, *(x for x in _clause().split(text) if x.strip())):
            content_terms(part)
            announces_change(part)
        value_kinds(text)
        for kind in langs.table_keys("answer_forms"):
            _holds(text, kind)
        _date_kinds(text)
        _number_besides_dates(text)
        _states_target(text)
        asks(text)
        if announces_change(text):
            _change(text)


#: a message that ends with a question still tells something when it says more than this many content terms
#: outside its questions ("We brought home a retired racing greyhound yesterday! … What about food?"). Chosen on the
#: dev splits (bench/results/question.md): LoCoMo's "Wow, that sounds amazing! How long have you been painting?"
#: stays a question.
QUESTION_TELLS = 16
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[。！？])")
_QUESTION_MARKS = ("?", "？")


@langs.cached(maxsize=8192)
def asks(text: str) -> bool:
    """The message is a question: it ends with one and tells little else (:func:`tells`)."""
    return text.rstrip()[-1:] in _QUESTION_MARKS and not tells(text)


@langs.cached(maxsize=8192)
def tells(text: str) -> bool:
    """The message tells more than a question does: more than :data:`QUESTION_TELLS` content terms in its sentences
    that are not questions (a chat or a story; not "Will my TA money cover my new rent? Remind me of both numbers.")."""
    told = " ".join(s for s in _SENTENCE_END.split(text.rstrip()) if s.strip() and s.rstrip()[-1:] not in _QUESTION_MARKS)
    return len(content_terms(told)) > QUESTION_TELLS


def says_more(text: str | None) -> bool:
    """The message has more than one clause with content (so a change to one thing leaves the rest standing)."""
    return sum(1 for x in _clause().split(text or "") if content_terms(x)) > 1


def _said(c: Candidate) -> datetime | None:
    """When the memory was said (not when what it tells happens: "改到八月三号" is said in May)."""
    return _utc(c.recorded_at or c.t_from)


def _said_ms(c: Candidate) -> float:
    said = _said(c)
    return said.timestamp() * 1000 if said else 0.0


def _outdate(c: Candidate, by: Candidate) -> None:
    """``c`` is contradicted by the later ``by``: outdated, or only stale when it is a message that says more
    than one thing ("a book club on the first Thursday, eight of us" keeps "eight of us" when the night moves)."""
    c.status = "stale" if c.label == "event" and says_more(c.text) else "outdated"
    c.superseded_by = by.id
    c.via["superseded_by"] = by.text[:80]


def implicit_supersede(cands: Iterable[Candidate], similarity, cfg: ScoringConfig = ScoringConfig(),
                       names: Iterable[str] = ()) -> int:
    """Mark as outdated the events (and preference / attribute facts) that a *later* recalled event announcing a
    change contradicts ("Actually I've switched to 美式, no more oat latte" outdates "每天早上必须一杯 oat latte";
    "I dropped my calories to 2200" outdates "Eating 2400 calories a day"): the later one has a change marker
    (switch words, a change verb with a new number, "starting this week", a new thing that arrived, a "now"
    state), the older one shares a content term with it that is not part of an entity name (sharing "团子" only
    says both are about the cat) or gives a number in the same unit, and is at least ``change_similarity``
    cosine-similar (``similarity(id_a, id_b)`` → cosine or None). Covers what the write path did not turn
    into versioned facts. A message that says more than the contradicted thing is only marked stale
    (demoted, see :func:`_outdate`). Returns how many were marked."""
    named = _name_terms(tuple(names))
    cands = [c for c in cands if c.status == "active" and states(c)
             and (c.label == "event" or c.kind in ("preference", "attribute"))]
    said_at = {c.id: _said(c) for c in cands}
    # what only the later path found is there to be read as a later version of a hit, not to outdate anything else
    changes = sorted((c for c in cands if c.label == "event" and said_at[c.id] is not None and set(c.paths) != {"later"}
                      and announces_change(c.text)), key=lambda c: said_at[c.id], reverse=True)
    marked = 0
    for ch in changes:
        if ch.status != "active":
            continue
        change = _change(ch.text)
        terms = change.terms - named
        if change.when:   # the change gives a new date: the one earlier memory giving that kind of date that it moves
            dated = [c for c in cands if c.status == "active" and said_at[c.id] is not None and said_at[c.id] < said_at[ch.id]
                     and change.when & _date_kinds(c.text or "") and not (c.source_id and c.source_id == ch.source_id)]
            moved_from = _rescheduled(ch, terms, dated, similarity)
            if moved_from is not None:
                _outdate(moved_from, ch)
                marked += 1
        if change.value_only:   # then only a number it replaces, about the same thing (not a shared "点五"), counts
            terms = frozenset(t for t in terms if not _NUMERAL.search(t))
        for c in cands:
            if (c is ch or c.status != "active" or said_at[c.id] is None or said_at[c.id] >= said_at[ch.id]
                    or (c.source_id and c.source_id == ch.source_id)):
                continue
            text = c.text or f"{c.entity or ''} {c.value or ''}"
            # said outright: "no more oat latte" outdates what says oat latte; a move outdates where you lived
            explicit = bool(change.dropped and change.dropped & content_terms(text))
            if explicit:
                sim = similarity(ch.id, c.id)
                explicit = sim is None or sim >= cfg.change_similarity_explicit
            if explicit or (change.moved and c.label == "fact" and c.key in _PLACE_KEYS):
                _outdate(c, ch)
                marked += 1
                continue
            if change.value_only and (not _NUMERAL.search(text) or (_states_target(text) and not change.target)):
                continue
            if not (terms & content_terms(text)) and not (change.units & _quantity_units(text)):
                continue
            sim = similarity(ch.id, c.id)
            if sim is not None and sim >= cfg.change_similarity:
                _outdate(c, ch)
                marked += 1
    return marked


class Change(NamedTuple):
    """What a message announcing a change says changed (:func:`implicit_supersede`)."""
    terms: frozenset[str]     # the content terms of the clauses that say what changed
    units: frozenset[str]     # the units their numbers are given in
    dropped: frozenset[str]   # what it drops outright ("no more oat latte"): named too
    moved: bool               # a move (each pack's ``move``): it outdates where the user lived
    when: frozenset[str]      # the kinds of date a switch gives ("pushed to June 3"): it moves a dated memory
    value_only: bool          # a new number with no switch word ("dropped my calories to 2200")
    target: bool              # it states a target ("raising my ask to 125k"), which only a target replaces


@langs.cached(maxsize=8192)
def _change(text: str) -> Change:
    """:class:`Change` of ``text``: only the clauses that say what changed count ("我把猫粮换成渴望了，团子吃得挺香的":
    猫粮/渴望, not 团子)."""
    said = " ".join(x for x in _clause().split(text) if x.strip() and announces_change(x)) or text
    return Change(content_terms(said), _quantity_units(said), _dropped_terms(text),
                  bool(langs.union("move").search(text)), _date_kinds(said) if marks_change(said) else frozenset(),
                  not marks_change(text), _states_target(said))


@langs.cached(maxsize=8192)
def _states_target(text: str) -> bool:
    """The memory states a target (each pack's target.re: "goal is 85 kg", "想减到一百五十五斤"): a new measurement
    does not contradict it, only a new target."""
    return bool(langs.union("target").search(text))


RESCHEDULE_MARGIN = 0.05   # with no shared word, how much more similar the moved memory must be than the next
RESCHEDULE_FLOOR = 0.2     # ... and how similar at least


def _rescheduled(ch: Candidate, terms: frozenset[str], dated: list[Candidate], similarity) -> Candidate | None:
    """Which earlier dated memory a change giving a new date moves ("the offsite got pushed to June 3" moves
    "the team offsite … is on May 14"): the one sharing most content terms with it, then the most similar. With
    no shared term, only a clear winner (``RESCHEDULE_MARGIN`` more similar than the next, or the only one
    and at least ``RESCHEDULE_FLOOR`` similar) — cosine alone cannot tell "the same event" from "another date"."""
    terms = frozenset(t for t in terms if not _date_kinds(t))   # sharing "June" says nothing: both give dates
    ranked = sorted(((len(terms & content_terms(c.text or "")), similarity(ch.id, c.id) or 0.0, c.id, c) for c in dated),
                    key=lambda x: x[:3], reverse=True)
    if not ranked:
        return None
    shared, sim, _, best = ranked[0]
    if shared:
        return best
    runner_up = ranked[1][1] if len(ranked) > 1 else RESCHEDULE_FLOOR - RESCHEDULE_MARGIN
    return best if sim - runner_up >= RESCHEDULE_MARGIN and sim >= RESCHEDULE_FLOOR else None



@langs.cached(maxsize=256)
def _name_terms(names: tuple[str, ...]) -> frozenset[str]:
    """The content terms of the user's people's names and of kinship words ("奶奶", "mom"): who a memory is
    about (the same for every recall until a name is added)."""
    return frozenset().union(_kin_terms(), *(content_terms(n) for n in names))


@langs.cached(maxsize=1)
def _kin_terms() -> frozenset[str]:
    return frozenset().union(*(content_terms(w) for w in lexicon.family_words() if " " not in w))


def link_newer(cands: Iterable[Candidate], similarity, cfg: ScoringConfig = ScoringConfig(),
               names: Iterable[str] = (), entities=lambda c: frozenset(),
               things: Callable[[Candidate], frozenset[str]] | None = None) -> int:
    """Point each active memory at the latest later one that says the same thing: cosine ≥ ``same_thing`` and
    two content terms in common that are not part of a name ("每天新词30个" → "现在每天新词50个"), or, from
    ``same_entity_value`` up, one of the entities it names (``entities(candidate)``) and a value of the same kind
    ("租给 Marcus，rent 是 12,800" → "和 Marcus 谈好了，12,400"), or, from ``term_value`` up, one content term and
    a quantity of the same kind ("健身卡年费2400" → "教练说年费可以打折到1980"), or, given ``things`` (the entities
    it names that are no person or pet: for a question about how things stand), from ``thing_change`` up, one of
    them and a change announced ("sent an application to Cobaltline" → "I withdrew from Cobaltline"); never from
    the same message.
    :func:`rank` then ranks the later one just above the earlier one unless the question asks about the past.
    Returns how many were linked."""
    named = _name_terms(tuple(names))   # sharing "小雨" only says both are about her
    cands = list(cands)
    said = {c.id: _said(c) for c in cands}
    live = sorted((c for c in cands if c.status == "active" and c.label in ("event", "fact") and said[c.id] and states(c)),
                  key=lambda c: said[c.id])
    terms = {c.id: content_terms(c.text or "") - named for c in live}
    kinds = {c.id: value_kinds(c.text or "") for c in live}
    signs = {c.id: _new_value_signs(c.text or "") for c in live}   # read once, not once a pair
    column = {t: k for k, t in enumerate({t for c in live for t in terms[c.id]})}
    holds = np.zeros((len(live), len(column)), dtype=np.float32)   # memory × content term: 1 where it has it
    for j, d in enumerate(live):
        holds[j, [column[t] for t in terms[d.id]]] = 1.0
    shared = holds @ holds.T   # how many content terms two memories have in common (small integers: exact)
    held = {c.id: things(c) for c in live} if things is not None and cfg.thing_change > 0 else {}   # read once
    two_later: list[list[int]] = [[] for _ in live]   # per memory, the later ones it has two terms in common with
    for i, j in zip(*(x.tolist() for x in np.nonzero(np.triu(shared, 1) >= 2))):
        two_later[i].append(j)
    linked = 0
    for i, c in enumerate(live):
        own = {c.id, c.source_id} - {None}

        def is_later(d: Candidate) -> bool:
            return said[d.id] > said[c.id] and d.id not in own and d.source_id not in own

        # the latest that says the same thing, else the closest about the same entity (cheap tests first)
        same = next((d for d in (live[j] for j in reversed(two_later[i])) if is_later(d)
                     and _gives_new_value(signs[c.id], signs[d.id], kinds[c.id], kinds[d.id])
                     and (similarity(c.id, d.id) or 0.0) >= cfg.same_thing), None)
        if same is None and kinds[c.id]:
            later = [d for d in reversed(live[i + 1:]) if is_later(d)]
            mine = entities(c)
            about = [(s, d.id, d) for d in later if kinds[c.id] & kinds[d.id] and mine & entities(d)
                     for s in (similarity(c.id, d.id) or 0.0,) if s >= cfg.same_entity_value]
            same = max(about)[2] if about else None
        if same is None and kinds[c.id] and cfg.term_value > 0:   # a word in common and a new quantity of its kind
            one = (np.flatnonzero(shared[i, i + 1:])[::-1] + (i + 1)).tolist()   # latest first
            same = next((d for d in (live[j] for j in one) if is_later(d)
                         and kinds[c.id] & kinds[d.id] and (similarity(c.id, d.id) or 0.0) >= cfg.term_value), None)
        mine = held.get(c.id) if same is None else None
        if mine:   # the same thing named again, with a change announced
            same = next((d for d in reversed(live[i + 1:]) if is_later(d) and signs[d.id][0] and mine & held[d.id]
                         and (similarity(c.id, d.id) or 0.0) >= cfg.thing_change), None)
        if same is not None:
            c.newer = same.id
            linked += 1
    return linked


def _new_value_signs(text: str) -> tuple[bool, frozenset[str], bool]:
    """What :func:`_gives_new_value` reads of a text: whether it announces a change, its dates' kinds, whether it
    has a digit. Any digit, a date's too: :func:`_value_signs`' "a number besides the dates" here changes nothing
    on the dev sets, takes two held-out questions' answer off first place ("我闺女是几号出生的？") and puts one there
    (stop 54, ``bench/results/later_answers.md``)."""
    return announces_change(text), _date_kinds(text), bool(_DIGIT.search(text))


def _gives_new_value(c: tuple, d: tuple, c_kinds: frozenset[str], d_kinds: frozenset[str]) -> bool:
    """A later memory (its :func:`_new_value_signs` ``d``, quantity kinds ``d_kinds``) changes what an earlier one
    says rather than only talking about the same thing again: it announces a change, gives a quantity or a date of
    a kind the earlier one gives too, or both give a number ("每天新词30个" → "50个")."""
    return d[0] or bool(c_kinds & d_kinds) or bool(c[1] & d[1]) or (c[2] and d[2])


def normalise_lexical(cands: Iterable[Candidate]) -> None:
    """Lucene scores are unbounded: divide by the best one of this query. Scores of the substring scan
    and of the in-process lexical match (``via['fulltext']`` ``scan``/``cache``) are already in [0, 1]."""
    cands = [c for c in cands if "fulltext" in c.paths and c.via.get("fulltext") not in ("scan", "cache")]
    best = max((c.paths["fulltext"] for c in cands), default=0.0)
    if best > 0:
        for c in cands:
            c.paths["fulltext"] = c.paths["fulltext"] / best


def _lift(comp: dict[str, float], to: float) -> None:
    """Raise a later version's score to ``to`` (component ``newer``)."""
    if comp["score"] < to:
        comp["newer"], comp["score"] = comp.get("newer", 0.0) + to - comp["score"], to


def rank(cands: Iterable[Candidate], q: QueryInfo, now: datetime, k: int, cfg: ScoringConfig = ScoringConfig(),
         similarity: Callable[[str, str], float | None] | None = None) -> list[tuple[Candidate, dict[str, float]]]:
    """The best ``k`` candidates with their components, diverse (see the module docstring); ``similarity``: the
    cosine of two candidates by id (None: unknown)."""
    comps = {c.id: (c, components(c, q, now, cfg)) for c in cands}
    # a later version answers how things stand, not what happened ("When did Caroline go to the support group?"
    # is not answered by "It was so inspiring! Check out the crowd"), unless it asks how it ended up; a chat asks
    # neither how things stand nor for the latest value
    chat = tells(q.text)
    versions = (not q.happened or q.current) and not chat
    if not q.past:   # the later of two memories that say the same thing takes the earlier one's place
        before = {i: comp["score"] for i, (_, comp) in comps.items()}   # no chains: each lift from its own pair
        for c, comp in comps.values():
            later = comps.get(c.newer or c.superseded_by or "")
            if later is None:
                continue
            if comp["status"] > 0:
                if not versions:
                    continue
                lift = cfg.newer_share * before[c.id]
            else:   # left out as outdated: its successor takes the place it would have had
                lift = cfg.newer_share * components(replace(c, status="active"), q, now, cfg)["score"]
            _lift(later[1], lift)
    else:   # about the past: the version that was replaced ranks just above the one that replaced it
        now_scores = {i: comp["score"] for i, (_, comp) in comps.items()}
        for c, comp in comps.values():
            if c.status == "outdated" and c.superseded_by in now_scores:
                _lift(comp, cfg.newer_share * now_scores[c.superseded_by])
    scored = [(c, comp) for c, comp in comps.values() if comp["status"] > 0 and comp["score"] >= cfg.min_score]
    scored.sort(key=lambda p: (-p[1]["score"], -_said_ms(p[0]), p[0].text or "", p[0].id))   # ties: the newer first
    chosen: list[tuple[Candidate, dict[str, float]]] = []
    chosen_sh: list[frozenset[str]] = []
    slots: set[tuple] = set()
    per_entity: dict[str, int] = {}
    pool = [(c, comp, shingles(c.text or "")) for c, comp in scored]
    whole: set[str] = set()   # the messages already shown in the place of a clause drawn from them (``whole``)
    while pool and len(chosen) < k:
        best_i, best_s = None, float("-inf")
        for i, (c, comp, sh) in enumerate(pool):
            s = comp["score"] - (0.0 if c.is_self else cfg.same_entity_penalty) * per_entity.get(c.entity_id or "", 0)
            if s > best_s:
                best_i, best_s = i, s
        c, comp, sh = pool.pop(best_i)
        slot = (c.entity_id, c.key, c.status) if c.label == "fact" and c.key else None
        if slot and cardinality.is_multi(c.key):   # allergies, pets: each value is its own slot
            slot += (str(c.value or "").casefold(),)
        if (slot and slot in slots) or (c.whole and c.source_id in whole):
            continue
        dup = next((j for j, o in enumerate(chosen_sh) if overlap(sh, o) >= cfg.dup_threshold), None)
        if dup is not None:
            # the message a clause was drawn from says more: it takes the clause's place when nearly as good
            # (or, saying much more, when not much weaker)
            fuller = len(sh) > len(chosen_sh[dup])
            much_more = fuller and len(sh - chosen_sh[dup]) >= cfg.more_share * len(sh)
            ratio = cfg.more_ratio if much_more else cfg.fuller_ratio
            if fuller and comp["score"] >= ratio * chosen[dup][1]["score"]:
                place = chosen[dup][1]["score"]     # and its rank, unless it is more out of date
                if place > comp["score"] and comp["status"] >= chosen[dup][1]["status"]:
                    comp = {**comp, "fuller": place - comp["score"], "score": place}
                chosen[dup], chosen_sh[dup] = (c, comp), sh
            continue
        if slot:
            slots.add(slot)
        if c.whole:
            whole.add(c.source_id)
        if best_s != comp["score"]:
            comp = {**comp, "diversity": best_s - comp["score"], "score": best_s}
        chosen.append((c, comp))
        chosen_sh.append(sh)
        if c.entity_id:
            per_entity[c.entity_id] = per_entity.get(c.entity_id, 0) + 1
    chosen.sort(key=lambda p: -p[1]["score"])
    if q.past:
        return chosen
    if versions:
        chosen = later_first(chosen)
    if cfg.answer_ratio <= 0 or q.happened or (q.asks_name and not q.current) or chat:
        return chosen

    def close_from(t: float) -> Callable[[Candidate, Candidate], bool] | None:
        return None if similarity is None else (lambda c, d: (similarity(c.id, d.id) or 0.0) >= t)
    # a number in common needs cosine ≥ number_pair_sim (0: any pair); a change with no value in common, ≥
    # change_pair_sim (0: off)
    changed = close_from(cfg.change_pair_sim) if cfg.change_pair_sim > 0 else None
    return answers_later_first(chosen, cfg.answer_ratio, close_from(cfg.number_pair_sim), changed)


Chosen = list[tuple[Candidate, dict[str, float]]]


def _later_up(chosen: Chosen, later_of: Callable[[Chosen], tuple[int, int] | None]) -> Chosen:
    """Move the later memory of each pair ``later_of`` finds (indices earlier-ranked, later-said) to the place of
    the one above it, taking its score (component ``newer``), until no pair is left. Only the order changes."""
    out = list(chosen)
    for _ in range(len(out)):
        move = later_of(out)
        if move is None:
            break
        i, j = move
        later, comp = out.pop(j)
        place = out[i][1]["score"]
        out.insert(i, (later, {**comp, "newer": place - comp["score"], "score": place}))
    return out


def later_first(chosen: Chosen) -> Chosen:
    """Of two chosen memories that say the same thing (``Candidate.newer``, see :func:`link_newer`), the later
    one takes the earlier one's place (component ``newer``): the value that holds now is read first. Only
    the order of what was chosen changes; nothing enters or leaves the list."""
    def pair(out: Chosen) -> tuple[int, int] | None:
        at = {c.id: i for i, (c, _) in enumerate(out)}
        return next(((i, at[c.newer]) for i, (c, _) in enumerate(out) if c.newer in at and at[c.newer] > i), None)
    return _later_up(chosen, pair)


def _value_signs(text: str) -> tuple[frozenset[str], frozenset[str], bool]:
    """What :func:`_gives_value` compares of a text: its quantities' kinds, its dates' kinds, whether it has a
    number besides its dates (digits, or two Chinese numerals in a row: "十二", not the 一 of "一下")."""
    return value_kinds(text), _date_kinds(text), _number_besides_dates(text)


def _gives_value(a: tuple, b: tuple, alike: Callable[[], bool]) -> bool:
    """Two texts (their :func:`_value_signs`) both give a value of one kind: a quantity in the same unit or an
    amount, a date of the same kind, or both a number when they are ``alike()``."""
    return bool(a[0] & b[0] or a[1] & b[1]) or (a[2] and b[2] and alike())


def answers_later_first(chosen: Chosen, ratio: float,
                        alike: Callable[[Candidate, Candidate], bool] | None = None,
                        changed: Callable[[Candidate, Candidate], bool] | None = None) -> Chosen:
    """For a question about how things stand: of two chosen memories that both answer it — each at least
    ``ratio`` × the other's relevance — and give a value of one kind (:func:`_gives_value`), the one said later
    takes the earlier one's place ("120 guests" in January, "we cut the guest list down to 80" last week). The
    pair need not be as similar as :func:`link_newer` asks: the question is what they share. Two whose only value
    in common is "a number" must be ``alike`` (None: never): in a haystack of long messages every message has a
    number ("I need to find customers who haven't ordered in the last 90 days" was read first for "Where am I
    working these days?"). Two with no value in common are a pair when the later one announces a change and they
    are ``changed`` (close: "我现在每天给他自己带午饭" → "以后中午就在园里吃，我不用再送了"). An earlier answer that
    announces a change keeps its place before a later one that does not: "weighed in at 88 kg today" is no later
    answer to what "dropped my calories to 2200" changed, while "是11月12号不是2号" (a correction) is."""
    said = {c.id: _said(c) for c, _ in chosen}
    signs = {c.id: _value_signs(c.text or "") for c, _ in chosen}
    changes = {c.id: announces_change(c.text or "") for c, _ in chosen}
    known: dict[tuple[str, str], bool] = {}   # a move changes scores, not relevance: each pair is read once

    def both_answer(c: Candidate, cc: dict, d: Candidate, dc: dict) -> bool:
        key = (c.id, d.id)
        if key not in known:
            sc, sd = said[c.id], said[d.id]
            known[key] = (bool(sc and sd) and sd > sc and states(c) and states(d)
                          and not {c.id, c.source_id} & {d.id, d.source_id} - {None}
                          and (changes[d.id] or not changes[c.id])
                          and min(cc["relevance"], dc["relevance"]) >= ratio * max(cc["relevance"], dc["relevance"])
                          and (_gives_value(signs[c.id], signs[d.id], lambda: alike is not None and alike(c, d))
                               or (changes[d.id] and changed is not None and changed(c, d))))
        return known[key]

    def pair(out: Chosen) -> tuple[int, int] | None:
        return next(((i, j) for i, (c, cc) in enumerate(out) for j in range(i + 1, len(out))
                     if both_answer(c, cc, *out[j])), None)
    return _later_up(chosen, pair)


def with_weights(cfg: ScoringConfig, **weights: float) -> ScoringConfig:
    return replace(cfg, **weights)
