"""Linking decisions: each mention → linked / new / ambiguous, with a score and a reason.

Pure functions over a ``SlotTable`` (the session), a ``Gazetteer`` (the user's graph) and, optionally, an
embedder. No spaCy, jieba, neo4j or torch imports (text input is handed to ``mentions`` lazily).

Evidence, strongest first:
1. an exact (normalised) name/alias hit from the gazetteer;
2. for demonstratives, pronouns, definite and bare nouns: the session slot table, most recent
   type-compatible slot first ("that laptop" → the laptop talked about two turns ago); a pronoun only within
   ``PRONOUN_REACH`` turns;
3. for possessives with a role ("my sister", "我妹妹"): the known entity holding that role;
4. fuzzy names (rapidfuzz on CJK-aware normalised names), types enforced;
5. embedding similarity (when an embedder is given) to break ties or rescue near misses.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Sequence

import numpy as np
from rapidfuzz import fuzz

from . import lexicon as lx
from . import nlp
from .gazetteer import Gazetteer
from .normalize import normalise
from .slots import Slot, SlotTable
from .types import Candidate, KnownEntity, Link, Mention

LINK_FUZZY = 0.88        # fuzzy name score to link outright
AMBIGUOUS_MARGIN = 0.03  # a runner-up this close makes a fuzzy link ambiguous
NEAR_FUZZY = 0.80        # below LINK_FUZZY but above this: ambiguous (or embedding decides)
LINK_EMBED = 0.85        # cosine for an embedding-only link of a named mention
EMBED_MARGIN = 0.04      # cosine lead needed to pick one of several type-compatible entities
#: a pronoun ("it", "she", "它") is linked only to what was mentioned in its own turn or the two before: every
#: labelled pronoun of the linking sets (25, en and zh) points at most two messages back, while on LoCoMo an
#: unbounded "it" went to whatever thing was named last, however long ago ("I love it" → "Gather", 30 turns on)
PRONOUN_REACH = 2


def link(text_or_mentions: str | Sequence[Mention], slots: SlotTable | None, known: Gazetteer | None,
         embedder=None, *, turn: int | None = None, record: bool = True) -> list[Link]:
    """Link every mention of a message (or an already extracted mention list).

    ``turn``: the current turn number (in the numbering of ``slots``): a pronoun reaches back
    ``PRONOUN_REACH`` turns from it (without it, to any slot); the links are recorded into ``slots`` unless
    ``record`` is false.
    """
    known = known if known is not None else Gazetteer()
    slots = slots if slots is not None else SlotTable()
    if isinstance(text_or_mentions, str):
        from .mentions import extract_mentions  # lazy: this module stays model-free

        mentions = extract_mentions(text_or_mentions, known)
    else:
        mentions = list(text_or_mentions)
    links = [_decide(m, slots, known, turn) for m in mentions]
    if embedder is not None:
        links = _embedding_pass(links, slots, known, embedder)
    links = [_with_alias(lk, known) for lk in links]
    if turn is not None and record:
        record_links(links, slots, turn)
    return links


# ---- helpers ------------------------------------------------------------------------------------------------

def _cand_entity(e: KnownEntity, score: float, source: str) -> Candidate:
    return Candidate(e.id, e.name, e.type, round(float(score), 4), source)


def _cand_slot(s: Slot, score: float) -> Candidate:
    return Candidate(s.key, s.name, s.type, round(float(score), 4), "slot")


def _linked(m: Mention, c: Candidate, reason: str, cands=()) -> Link:
    return Link(m, "linked", c.entity_id, c.score, reason, tuple(cands) or (c,), None, c.name, c.type)


def _new(m: Mention, reason: str, cands=()) -> Link:
    return Link(m, "new", None, 0.0, reason, tuple(cands), None, m.surface, m.type)


def _ambiguous(m: Mention, reason: str, cands: Sequence[Candidate]) -> Link:
    top = cands[0].score if cands else 0.0
    return Link(m, "ambiguous", None, top, reason, tuple(cands), None, m.surface, m.type)


def _slot_ok(s: Slot, m: Mention) -> bool:
    if m.kind == "pronoun":
        return s.type == "person" if m.type == "person" else s.type != "person"
    if m.type:
        return lx.compatible(s.type, m.type)
    if m.head:   # untyped head ("这个问题"): only a slot that is called that
        h = normalise(m.head)
        return h in normalise(s.name) or (s.surface and h in normalise(s.surface))
    return s.type != "person"


def _words(e: KnownEntity) -> str:
    return " ".join(normalise(x) for x in (e.name, *e.aliases))


def _modifier_hits(m: Mention, e: KnownEntity) -> int:
    words = _words(e)
    hits = 0
    for mod in m.modifiers:
        if mod in ("indefinite", "other", "nonperson", "which", "plural") or \
                mod.startswith(("ner:", "propn", "described:")):
            continue
        if m.head and lx.type_of_noun(f"{mod} {m.head}", m.language):
            continue   # "coffee" in "the coffee shop": part of the type phrase, not a distinguishing word
        if len(mod) >= 2 and normalise(mod) in words:
            hits += 1
    if m.head and len(m.head) >= 2 and normalise(m.head) in words:
        hits += 1
    return hits


# ---- the decision -------------------------------------------------------------------------------------------

def _decide(m: Mention, slots: SlotTable, known: Gazetteer, turn: int | None) -> Link:
    if m.known_ids:
        return _decide_exact(m, slots, known)
    if m.kind == "pronoun":
        return _decide_pronoun(m, slots, turn)
    if m.kind == "demonstrative":
        return _decide_reference(m, slots, known)
    if m.kind == "possessive":
        return _decide_possessive(m, slots, known)
    if m.kind == "noun":
        if "indefinite" in m.modifiers:
            return _new(m, "indefinite noun phrase introduces a new entity")
        return _decide_bare_noun(m, slots)
    return _decide_named(m, slots, known)


def _decide_exact(m: Mention, slots: SlotTable, known: Gazetteer) -> Link:
    ents = [known.get(i) for i in m.known_ids if known.get(i) is not None]
    typed = [e for e in ents if lx.compatible(e.type, m.type)] if m.type else ents
    ents = typed or ents
    if len(ents) == 1:
        return _linked(m, _cand_entity(ents[0], 1.0, "gazetteer"), f"exact name/alias match {m.surface!r}")
    recent = {s.key: s.turn for s in slots}
    in_session = sorted((e for e in ents if e.id in recent), key=lambda e: -recent[e.id])
    cands = [_cand_entity(e, 0.9, "gazetteer") for e in ents]
    if in_session and (len(in_session) == 1 or recent[in_session[0].id] > recent[in_session[1].id]):
        return _linked(m, _cand_entity(in_session[0], 0.9, "gazetteer"),
                       f"{m.surface!r} names {len(ents)} entities; the one mentioned this session", cands)
    return _ambiguous(m, f"{m.surface!r} is a name/alias of {len(ents)} entities", cands)


def _decide_pronoun(m: Mention, slots: SlotTable, turn: int | None) -> Link:
    recent = [s for s in slots.recent() if turn is None or s.turn >= turn - PRONOUN_REACH]
    none = _ambiguous(m, f"pronoun {m.surface!r} has no antecedent in this session"
                         + (f" within {PRONOUN_REACH} turns" if turn is not None else ""), [])
    if "plural" in m.modifiers:   # "them" after "Acme sent me an offer": an organisation, or several things
        if recent:
            last = [s for s in recent if s.turn == recent[0].turn]
            orgs = [s for s in last if lx.compatible(s.type, "organization") and s.type]
            if len(orgs) == 1 and len(last) == 1:
                return _linked(m, _cand_slot(orgs[0], 0.75),
                               f"plural pronoun {m.surface!r} → the organisation just mentioned: {orgs[0].name!r}")
            return _ambiguous(m, f"plural pronoun {m.surface!r} may mean several entities",
                              [_cand_slot(s, 0.4) for s in last[:5]])
        return none
    cands = [s for s in recent if _slot_ok(s, m)]
    if not cands:
        return none
    top = cands[0]
    tied = [s for s in cands if s.turn == top.turn]
    cl = [_cand_slot(s, 0.85 if s is top else 0.6) for s in cands[:5]]
    if len(tied) > 1:
        return _ambiguous(m, f"pronoun {m.surface!r}: {len(tied)} candidates from turn {top.turn}",
                          [_cand_slot(s, 0.5) for s in tied])
    return _linked(m, cl[0], f"pronoun {m.surface!r} → most recent {'person' if m.type else 'non-person'} "
                             f"in session: {top.name!r} (turn {top.turn})", cl)


def _pick_by_name(m: Mention, slots: Sequence[Slot]) -> list[Slot]:
    """Slots whose name contains the mention's head or a modifier ("that MacBook" among two laptops)."""
    keys = [normalise(x) for x in (m.head, *m.modifiers) if x and len(x) >= 2
            and x not in ("indefinite", "other", "nonperson")]
    lt = lx.type_of_noun(m.head, m.language) if m.head else ""
    keys = [k for k in keys if not (lt and lx.type_of_noun(k, m.language) == lt)]  # the type word itself
    return [s for s in slots if any(k and k in normalise(s.name) for k in keys)]


def _decide_reference(m: Mention, slots: SlotTable, known: Gazetteer) -> Link:
    if "name" in m.modifiers and m.head:       # "the MacBook", "那个ThinkPad": resolved by the name
        inner = _decide_named(replace(m, surface=m.head, kind="named", modifiers=()), slots, known)
        if inner.status == "linked" or (inner.status == "new" and any(ch.isdigit() for ch in m.head)) \
                or not any(_slot_ok(s, m) for s in slots):
            # a model name the user does not own ("the Dell XPS 15") is new, not "the computer"
            return replace(inner, mention=m)
    cands = [s for s in slots.recent() if _slot_ok(s, m)]
    if m.type and m.type != "thing":   # "那个笔记本": a recent laptop before a more recent thing of unknown type
        cands = [s for s in cands if s.type and s.type != "thing"] + [s for s in cands if not s.type or s.type == "thing"]
    if "other" in m.modifiers:
        if cands:
            top = cands[0]
            others = [s for s in cands[1:] if s.type == top.type and s.key != top.key]
            if others:
                return _linked(m, _cand_slot(others[0], 0.75),
                               f"'the other one': {top.name!r} was just discussed, the other "
                               f"{top.type or 'one'} is {others[0].name!r}",
                               [_cand_slot(s, 0.5) for s in others[:5]])
        return _ambiguous(m, "'the other one' without two comparable entities in session",
                          [_cand_slot(s, 0.4) for s in cands[:5]])
    if "plural" in m.modifiers and len(cands) != 1:   # "这两个项目": several entities at once
        if cands:
            top_turn = cands[0].turn
            group = [s for s in cands if s.turn >= top_turn - 1][:5]
            return _ambiguous(m, f"{m.surface!r} refers to several entities", [_cand_slot(s, 0.5) for s in group])
    if "which" in m.modifiers:   # "哪家公司", "which one": a question over the candidates
        if len(cands) == 1:
            return _linked(m, _cand_slot(cands[0], 0.6), f"{m.surface!r}: only {cands[0].name!r} fits")
        return _ambiguous(m, f"{m.surface!r} asks to choose between {len(cands)} candidates",
                          [_cand_slot(s, 0.5) for s in cands[:5]])
    if cands:
        top = cands[0]
        tied = [s for s in cands if s.turn == top.turn]
        if len(tied) > 1:
            named = _pick_by_name(m, tied)
            if len(named) == 1:
                return _linked(m, _cand_slot(named[0], 0.85), f"{m.surface!r} → {named[0].name!r}: name matches "
                                                               f"among {len(tied)} recent candidates")
            return _ambiguous(m, f"{m.surface!r}: {len(tied)} type-compatible entities were mentioned together "
                                 f"(turn {top.turn})", [_cand_slot(s, 0.5) for s in tied])
        return _linked(m, _cand_slot(top, 0.9),
                       f"{m.surface!r} → most recent {m.type or 'compatible'} entity in session: {top.name!r} "
                       f"(turn {top.turn})", [_cand_slot(s, 0.9 if s is top else 0.5) for s in cands[:5]])
    return _decide_from_graph(m, known, "no compatible entity in this session")


def _decide_from_graph(m: Mention, known: Gazetteer, why: str) -> Link:
    """A reference with no session antecedent ("上次提到的那个医生"): the user's graph, by role/type."""
    pool: list[KnownEntity] = known.with_role(m.role) if m.role else []
    if not pool and m.type and (m.type not in ("thing", "place", "product") or m.recall_cue):
        # a broad type ("that place") only searches the graph when the user points back in time
        pool = known.of_types([m.type])
        if m.kind == "possessive" and pool and not any(e.type for e in pool):
            # "my espresso machine" is not "Two Rivers Moving" just because that name has no type: undecided
            return _ambiguous(m, f"{why}; only untyped names could be a {m.type}",
                              [_cand_entity(e, 0.3, "type") for e in pool[:5]])
    if not pool and m.head and len(m.head) >= 3:
        # "that fintech": a word of a description the user gave ("Cobaltline, the fintech startup")
        head = normalise(m.head)
        pool = [e for e in known.entities if e.aliases and head in " ".join(map(normalise, e.aliases)).split()]
        if len(pool) == 1:
            return _linked(m, _cand_entity(pool[0], 0.65, "alias"),
                           f"{why}; {pool[0].name!r} was described with {m.head!r}")
    if not pool:
        return _new(m, f"{why}; no known {m.type or 'entity'} fits") if (m.type or m.head) else \
            _ambiguous(m, f"{why}; nothing to resolve {m.surface!r} against", [])
    if len(pool) == 1:
        return _linked(m, _cand_entity(pool[0], 0.7, "type"),
                       f"{why}; {pool[0].name!r} is the only known {m.role or m.type}")
    hits = [(e, _modifier_hits(m, e)) for e in pool]
    best = max(h for _, h in hits)
    top = [e for e, h in hits if h == best]
    if best > 0 and len(top) == 1:
        return _linked(m, _cand_entity(top[0], 0.7, "type"),
                       f"{why}; {top[0].name!r} is the only known {m.type} matching {m.surface!r}")
    dated = sorted((e for e in pool if e.last_seen is not None), key=lambda e: e.last_seen, reverse=True)
    if m.recall_cue and dated and (len(dated) == 1 or dated[0].last_seen > dated[1].last_seen):
        # "上次住的那个酒店", "the cafe I mentioned": the one of that kind the user talked about last
        return _linked(m, _cand_entity(dated[0], 0.6, "recency"),
                       f"{why}; {dated[0].name!r} is the {m.role or m.type} mentioned most recently "
                       f"({dated[0].last_seen:%Y-%m-%d})", [_cand_entity(e, 0.4, "type") for e in dated[:5]])
    ordered = dated + [e for e in pool if e.last_seen is None]
    return _ambiguous(m, f"{why}; {len(pool)} known {m.role or m.type} entities fit",
                      [_cand_entity(e, 0.4, "type") for e in ordered[:5]])


def _decide_bare_noun(m: Mention, slots: SlotTable) -> Link:
    if m.type and "generic" not in m.modifiers:
        recent = [s for s in slots.recent() if lx.compatible(s.type, m.type) and s.type]
        if recent:
            top = recent[0]
            tied = [s for s in recent if s.turn == top.turn]
            if len(tied) == 1:
                return _linked(m, _cand_slot(top, 0.7),
                               f"bare noun {m.surface!r} → the {top.type} in session: {top.name!r}")
    return _new(m, f"common noun {m.surface!r} with no antecedent")


def _decide_possessive(m: Mention, slots: SlotTable, known: Gazetteer) -> Link:
    if "name" in m.modifiers and m.head:
        inner = _decide_named(replace(m, surface=m.head, kind="named", modifiers=()), slots, known)
        return replace(inner, mention=m)
    if m.role:
        pool = known.with_role(m.role)
        if len(pool) == 1:
            return _linked(m, _cand_entity(pool[0], 0.95, "role"),
                           f"{m.surface!r}: {pool[0].name!r} is the user's {m.role}")
        if len(pool) > 1:
            return _ambiguous(m, f"{m.surface!r}: {len(pool)} known entities are the user's {m.role}",
                              [_cand_entity(e, 0.6, "role") for e in pool[:5]])
        for s in slots.recent():
            if s.surface and lx.role_of(s.surface) == m.role:
                return _linked(m, _cand_slot(s, 0.85), f"{m.surface!r}: the user's {m.role} mentioned this session")
        return _new(m, f"no known {m.role} of the user")
    if m.type:
        cands = [s for s in slots.recent() if lx.compatible(s.type, m.type) and s.type]
        if cands:
            top = cands[0]
            tied = [s for s in cands if s.turn == top.turn]
            if len(tied) == 1:
                return _linked(m, _cand_slot(top, 0.8), f"{m.surface!r} → the {top.type} in session: {top.name!r}")
        return _decide_from_graph(m, known, f"{m.surface!r} not in session")
    return _new(m, f"possessive {m.surface!r} of unknown type")


def _variants(surface: str) -> list[str]:
    """The surface, and the surface without trailing lower-case words ("Macbok Air fan" → "Macbok Air")."""
    out = [surface]
    words = surface.split()
    while len(words) > 1 and words[-1].islower() and words[-1].isalpha():
        words = words[:-1]
        out.append(" ".join(words))
    return out


def _every_word_close(q: str, key: str) -> bool:
    """Each query word has a look-alike in the key: a plausible typo, not a different name."""
    kw = key.split()
    if not kw:
        return False
    for w in q.split():
        if max(fuzz.ratio(w, k) for k in kw) < 75 and not any(w in k or k in w for k in kw):
            return False
    return True


def _ner_label(m: Mention) -> str:
    for mod in m.modifiers:
        if mod.startswith("ner:"):
            return mod[4:]
    return ""


def _decide_named(m: Mention, slots: SlotTable, known: Gazetteer) -> Link:
    q = normalise(m.surface)
    # a new entity named earlier this session (provisional slot)
    for s in slots.recent():
        if normalise(s.name) == q:
            return _linked(m, _cand_slot(s, 0.95), f"{m.surface!r} was named earlier this session")
    best: dict[str, tuple[Candidate, str, str]] = {}
    for variant in _variants(m.surface):
        vq = normalise(variant)
        for eid, score, key in known.fuzzy(variant, None, limit=8, cutoff=NEAR_FUZZY * 100 - 5):
            e = known.get(eid)
            if m.type and not lx.compatible(e.type, m.type):
                # a model type guess (NER/POS) that disagrees with the graph: only a typo-level match survives
                if fuzz.ratio(vq, key) < 90:
                    continue
            if eid not in best or score > best[eid][0].score:
                best[eid] = (_cand_entity(e, score, "fuzzy"), vq, key)
    ranked = sorted(best.values(), key=lambda x: -x[0].score)
    cands = [c for c, _, _ in ranked]
    if not (cands and cands[0].score >= LINK_FUZZY) and m.type != "person":
        alike = [e for i in known.homophones(m.surface) if (e := known.get(i)) is not None and e.type != "person"
                 and (not m.type or lx.compatible(e.type, m.type))]
        if len(alike) == 1 and not nlp.zh_is_word(normalise(m.surface)):   # 杭洲 → 杭州; not 山西 (a word) for 陕西
            c = _cand_entity(alike[0], LINK_FUZZY, "homophone")
            return _linked(m, c, f"{m.surface!r} sounds like {c.name!r} (one character off)", (c, *cands[:4]))
    if not cands:
        return _new(m, f"no known entity resembles {m.surface!r}")
    top = cands[0]
    runner = next((c for c in cands[1:] if c.entity_id != top.entity_id), None)
    if top.score >= LINK_FUZZY:
        if runner and runner.score >= top.score - AMBIGUOUS_MARGIN:
            return _ambiguous(m, f"{m.surface!r} resembles {top.name!r} and {runner.name!r} equally",
                              cands[:5])
        return _linked(m, top, f"fuzzy name match {m.surface!r} ~ {top.name!r} ({top.score:.2f})", cands[:5])
    if top.score >= NEAR_FUZZY and _every_word_close(ranked[0][1], ranked[0][2]):
        return _ambiguous(m, f"{m.surface!r} only loosely resembles {top.name!r} ({top.score:.2f})", cands[:5])
    return _new(m, f"no known entity resembles {m.surface!r} closely (best {top.name!r} {top.score:.2f})",
                cands[:5])


# ---- embeddings ---------------------------------------------------------------------------------------------

def _embedding_pass(links: list[Link], slots: SlotTable, known: Gazetteer, embedder) -> list[Link]:
    """Second opinion by embeddings for ambiguous links and unresolved named mentions."""
    todo = [i for i, lk in enumerate(links)
            if (lk.status == "ambiguous" and lk.candidates and lk.mention.kind != "pronoun"
                and (lk.mention.kind == "named" or _distinguishing(lk.mention)))
            or (lk.status == "new" and lk.mention.kind == "named")]
    if not todo:
        return links
    known.embed_missing(embedder)
    vecs = embedder.embed([_embed_text(links[i].mention) for i in todo])
    out = list(links)
    for i, v in zip(todo, vecs):
        out[i] = _embed_decide(links[i], v, slots, known)
    return out


def _distinguishing(m: Mention) -> list[str]:
    """Modifiers that say which one ("Japanese" in "the Japanese restaurant"), not the type phrase itself."""
    out = []
    for mod in m.modifiers:
        if mod in ("indefinite", "other", "nonperson", "which", "plural", "name") or mod.startswith(("ner:", "propn")):
            continue
        if m.head and lx.type_of_noun(f"{mod} {m.head}", m.language):
            continue
        if mod in lx.marker_set("en_demonstrative") or mod in lx.marker_set("en_determiner"):
            continue
        out.append(mod)
    return out


def _embed_text(m: Mention) -> str:
    if m.kind == "named":
        return m.surface
    return " ".join([*_distinguishing(m), m.head or m.surface])


def _embed_decide(lk: Link, v: np.ndarray, slots: SlotTable, known: Gazetteer) -> Link:
    m = lk.mention
    if lk.status == "ambiguous":
        ids = [c.entity_id for c in lk.candidates if known.get(c.entity_id) is not None
               and known.get(c.entity_id).embedding is not None]
        if len(ids) < 2:
            return lk
        sims = sorted(((float(np.dot(known.get(i).embedding, v)), i) for i in ids), reverse=True)
        (s1, best), (s2, _) = sims[0], sims[1]
        if s1 - s2 >= EMBED_MARGIN and s1 >= 0.3:
            e = known.get(best)
            return _linked(m, _cand_entity(e, s1, "embedding"),
                           f"{lk.reason}; embedding prefers {e.name!r} ({s1:.2f} vs {s2:.2f})", lk.candidates)
        return lk
    if m.type == "person" or any(x in ("ner:PERSON",) for x in m.modifiers):
        return lk   # name embeddings of people say nothing about identity ("陈静" ~ "陈若曦")
    types = [m.type] if m.type else None
    near = [(i, sc) for i, sc in known.nearest(v, types, limit=3) if known.get(i).type != "person"]
    if near and near[0][1] >= LINK_EMBED and (len(near) == 1 or near[0][1] - near[1][1] >= EMBED_MARGIN):
        e = known.get(near[0][0])
        return _linked(m, _cand_entity(e, near[0][1], "embedding"),
                       f"embedding match {m.surface!r} ~ {e.name!r} ({near[0][1]:.2f})")
    return lk


# ---- aliases and the slot table -----------------------------------------------------------------------------

def _with_alias(lk: Link, known: Gazetteer) -> Link:
    if lk.status != "linked" or lk.entity_id is None or lk.mention.kind not in ("named", "possessive"):
        return lk
    e = known.get(lk.entity_id)
    if e is None:
        return lk
    surface = lk.mention.surface.strip()
    existing = {normalise(x) for x in (e.name, *e.aliases)}
    if normalise(surface) in existing or not surface:
        return lk
    source = lk.candidates[0].source if lk.candidates else ""
    if lk.mention.kind == "possessive":
        if lk.mention.role:         # roles already resolve; "我妹妹" needs no alias
            return lk
        ok = True                   # "my ThinkPad", "我的笔记本" → how the user refers to it
    elif source == "fuzzy":
        qa, qb = set(normalise(surface).split()), set(normalise(e.name).split())
        ok = bool(qa) and (qa <= qb or qb <= qa)   # a shortened/extended name, not a typo
    else:   # found by embedding, in the session, or as the same name in another language (Kyoto = 京都)
        same = lx.transliterations()
        ok = source in ("embedding", "slot") or any(normalise(surface) in same.get(n, ()) for n in existing)
    return replace(lk, new_alias=surface) if ok else lk


def learn_aliases(links: Iterable[Link], known: Gazetteer | None = None) -> list[tuple[str, str]]:
    """Aliases to persist, as (entity_id, alias); applied to ``known`` when given."""
    out = []
    for lk in links:
        if lk.new_alias and lk.entity_id:
            out.append((lk.entity_id, lk.new_alias))
            if known is not None:
                known.add_alias(lk.entity_id, lk.new_alias)
    return out


def provisional_key(m: Mention) -> str:
    return f"new:{m.type or 'thing'}:{normalise(m.surface)}"


def renews_slot(m: Mention) -> bool:
    """Whether linking ``m`` renews its entity's turn in the slot table: not through a pronoun (a chain of "it"
    does not keep a thing in ``PRONOUN_REACH``)."""
    return m.kind != "pronoun"


def record_links(links: Iterable[Link], slots: SlotTable, turn: int) -> None:
    """Record this turn's entities into the session slot table: linked ones by id (``renews_slot``), new
    named/typed ones under a provisional key (``SlotTable.rekey`` it once the write path gives it a graph id)."""
    for lk in links:
        m = lk.mention
        if lk.status == "linked" and lk.entity_id and renews_slot(m):
            slots.mention(lk.entity_id, lk.entity_name, lk.entity_type, turn, m.surface)
        elif lk.status == "new" and m.kind in ("named", "possessive", "noun") and (m.type or m.kind == "named"):
            slots.mention(provisional_key(m), m.surface, m.type, turn, m.surface)
