"""One batch of journaled turns → one Neo4j write transaction.

gate (rules 1–2) → extraction (``graphmem.linking``) → linking against the user's own entities → embeddings
(the turns' and statements' on a second thread while spaCy parses, new names' after) → versioning plan → gate
rule 3 (near-duplicate) and the optional judge → UNWIND rows → one managed write transaction (which also refreshes
cards and regenerates profiles). Runs on the writer's background threads only. The journal codec (``Prepared``)
is ``graphmem.write.codec``; a turn's reading ``graphmem.linking.analysis``; a statement's slot and stored value
``graphmem.write.values``; the transaction's rows ``graphmem.write.rows``.
"""

from __future__ import annotations

import logging
import re
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import numpy as np

from graphmem.linking import api as linking, lexicon, subject_types
from graphmem.linking.analysis import SPEAKS_FOR_SELF, analyse, reaction_only
from graphmem.linking.nlp import DOC_CACHE, english_docs
from graphmem import lang as langs, scopes
from graphmem.model import FactInput
from graphmem.store import Store, Tx
from graphmem.write import ids, retime, rows, smalltalk, tombstones, values
from graphmem.write.gate import ACCEPT, Judge, exact_repeat, rules, settle
from graphmem.write.codec import Prepared, utc
from graphmem.write.rows import SKIP
from graphmem.write.journal import Entry
from graphmem.write.versioning import REPEAT, Planner, Version

log = logging.getLogger("graphmem.write")

_PRONOUNS = lexicon.marker_set("zh_pronoun_thing") | lexicon.marker_set("zh_pronoun_person") | \
    lexicon.marker_set("en_pronoun_thing") | lexicon.marker_set("en_pronoun_person") | \
    lexicon.marker_set("en_demonstrative") | lexicon.marker_set("en_reference") | lexicon.marker_set("zh_reference")
SELF_WORDS = frozenset({"", "i", "me", "my", "myself", "mine", "user", "the user", "我", "我自己", "自己", "本人"})
RECENT_EVENTS = 64
PARSE_CHUNK = 64          # turns parsed by one spaCy pipe before their vectors go to the embedding thread
NEW_FROM_MENTION = ("named", "possessive")


# -- per-user state kept by the worker ----------------------------------------------------------------------
@dataclass
class UserState:
    tenant: str
    user_id: str
    gazetteer: Any
    names: dict[str, str]                                 # normalised name/alias → entity id
    persisted: set[str] = field(default_factory=set)        # entity ids known to be in Neo4j
    recent: deque = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))   # (said_by, normalised text)
    sessions: dict[str, Any] = field(default_factory=dict)  # session_id → SlotTable
    loaded_at: float = 0.0

    @property
    def self_id(self) -> str:
        return ids.self_entity_id(self.tenant, self.user_id)

    def slots(self, session_id: str):
        if session_id not in self.sessions:
            if len(self.sessions) > 64:
                self.sessions.pop(next(iter(self.sessions)))
            self.sessions[session_id] = linking.SlotTable()
        return self.sessions[session_id]


@dataclass
class EntityRef:
    id: str
    name: str
    type: str
    tenant: str = ""
    user_id: str = ""
    is_self: bool = False
    new: bool = False
    aliases: set[str] = field(default_factory=set)
    mentions: int = 0
    at: datetime | None = None
    score: float = 1.0


@dataclass
class TurnWork:
    turn: Prepared
    label: str = "informative"
    has_information: bool = True
    personal: bool = False          # the classifier found a statement about the user (stored even without a fact)
    advice: bool = False            # an assistant recommendation or conclusion (stored as an "advice" event)
    chatty: bool = False            # no fact in it, and it reads like the small-talk examples
    language: str = "en"
    statements: list[FactInput] = field(default_factory=list)
    mentions: list = field(default_factory=list)
    gazetteer_version: int = -1     # the user's gazetteer when the mentions were extracted
    replaces: dict[int, list[str]] = field(default_factory=dict)   # statement → facts of the same kind it replaces
    role_surfaces: dict[str, str] = field(default_factory=dict)       # "sister" → "My sister" (this turn)
    referents: dict[str, str] = field(default_factory=dict)          # "he" → "Callum": whom a pronoun means
    mention_ids: list[str] = field(default_factory=list)
    entity_of: dict[int, EntityRef] = field(default_factory=dict)    # statement index → subject entity
    object_of: dict[int, EntityRef] = field(default_factory=dict)    # relation statement index → object
    verdict: str = ""
    reason: str = ""
    error: str = ""
    decisions: dict[int, Any] = field(default_factory=dict)
    duplicate: bool = False
    said: int = -1                  # statements the turn said; the planner appends derived ones after them

    def drop_derived(self) -> None:
        """Forget what the planner derived (a retried transaction plans again)."""
        if self.said >= 0:
            for i in range(self.said, len(self.statements)):
                self.entity_of.pop(i, None)
            del self.statements[self.said:]


@dataclass
class BatchResult:
    done: list[str] = field(default_factory=list)         # journal keys finished (written, skipped or rejected)
    written: int = 0
    skipped: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    facts_created: int = 0
    facts_superseded: int = 0
    facts_repeated: int = 0
    entities_created: int = 0
    relations: int = 0
    llm_calls: int = 0
    submitted: list[float] = field(default_factory=list)


@dataclass
class Batch:
    """A prepared batch: analysed, linked and embedded; versioning and the transaction come in ``commit``."""
    works: list[TurnWork]
    refs: dict[str, EntityRef]
    res: BatchResult
    vec: dict[str, np.ndarray] = field(default_factory=dict)
    written: set[str] = field(default_factory=set)
    accepted: list[tuple[tuple[str, str], tuple]] = field(default_factory=list)   # (user, (said_by, text))
    judged: dict[str, Any] = field(default_factory=dict)
    forgotten: set[tuple[str, str]] = field(default_factory=set)   # users forgotten since a turn was journaled


class Pipeline:
    def __init__(self, store: Store, embedder, *, judge: Judge | None = None, link_with_embeddings: bool = True,
                 hooks: dict | None = None, user_ttl: float = 60.0):
        self.store = store
        self.embedder = embedder
        self.judge = judge
        self.link_with_embeddings = link_with_embeddings
        self.hooks = hooks or {}
        self.users: dict[tuple[str, str], UserState] = {}
        self.user_ttl = user_ttl   # reload a user's entities this often (curation may merge or forget them)
        self._names = _Once(embedder)   # the linker's and new names' vectors, one batch's (``prepare``)

    # -- user state -------------------------------------------------------------------------------------
    def user(self, tenant: str, user_id: str) -> UserState:
        k = (tenant, user_id)
        old = self.users.get(k)
        if old is not None and time.monotonic() - old.loaded_at > self.user_ttl:
            del self.users[k]
        if k not in self.users:
            rows = self.store.run("read/known_entities", {"tenant": tenant, "user_id": user_id})
            known = [linking.KnownEntity(r["id"], r["name"], r["type"] or "", tuple(r["aliases"] or ()),
                                         np.asarray(r["embedding"], dtype=np.float32) if r["embedding"] else None)
                     for r in rows if not r["is_self"]]
            names = {}
            for r in rows:
                if r["is_self"]:
                    continue
                for s in (r["name"], *(r["aliases"] or ())):
                    names.setdefault(ids.norm_name(s), r["id"])
            st = UserState(tenant, user_id, linking.Gazetteer(known), names, {r["id"] for r in rows},
                           sessions=old.sessions if old is not None else {}, loaded_at=time.monotonic())
            for r in reversed(self.store.run("read/recent_events", {"tenant": tenant, "user_id": user_id,
                                                                    "limit": RECENT_EVENTS})):
                st.recent.append(((r["role"] or "user", r["speaker"] or ""), ids.norm_name(r["text"] or "")))
            if len(self.users) > 10_000:
                self.users.pop(next(iter(self.users)))
            self.users[k] = st
        return self.users[k]

    def invalidate(self, tenant: str | None = None, user_id: str | None = None) -> None:
        """Forget cached entities (all, or one user's) so the next batch reloads them from the graph."""
        for k in list(self.users):
            if (tenant is None or k[0] == tenant) and (user_id is None or k[1] == user_id):
                self.users[k].loaded_at = -1e18

    # -- the batch ----------------------------------------------------------------------------------------
    def process(self, entries: list[Entry]) -> BatchResult:
        """``prepare`` then ``commit`` then ``after_commit`` (the writer overlaps them across batches)."""
        b = self.prepare(entries)
        self.commit(b)
        self.after_commit(b)
        return b.res

    def prepare(self, entries: list[Entry]) -> Batch:
        """Everything that does not depend on the previous batch being committed: gate rules 1–2, extraction,
        linking, embeddings. Runs on the worker thread."""
        res = BatchResult()
        turns: list[Prepared] = []
        for e in entries:
            turns.append(Prepared.from_payload(e.key, e.payload))
        existing = {r["id"] for r in self.store.run("read/existing_events", {"rows": _owned(t for t in turns)})}
        seen: set[str] = set()
        works: list[TurnWork] = []
        for t in turns:
            res.submitted.append(t.submitted)
            if t.event_id in existing or t.event_id in seen:
                res.skipped += 1
                res.done.append(t.key)
                continue
            seen.add(t.event_id)
            works.append(TurnWork(t))
        refs: dict[str, EntityRef] = {}
        b = Batch(works, refs, res)
        if not works:
            return b
        self._names = _Once(self.embedder)
        # a chunk's live turns and statements are embedded on a second thread while spaCy parses the next chunk
        # on this one (both spend their time in native code that releases the GIL)
        # and so are its unknown names, which the linker embeds (mentions need no names learnt in this batch:
        # the gazetteer changes only in ``_analyse``, after every chunk's mentions are read)
        early = []
        for i in range(0, len(works), PARSE_CHUNK):
            chunk = works[i:i + PARSE_CHUNK]
            _parse_ahead(chunk)
            for w in chunk:
                self._classify(w)
            self._extract_mentions(chunk)
            if self.link_with_embeddings:
                self._names.prefetch(_unknown_names(chunk))
            early.append(_EMBED_AHEAD.submit(_vectors, self.embedder, _texts(chunk)))
        for w in works:
            self._analyse(w, refs)
        self._embed(b, early)
        self._small_talk_by_example(b)
        return b

    def commit(self, b: Batch) -> None:
        """One write transaction: lock the batch's users, read their active versions, plan (versioning, gate
        rule 3, the judge), write. Locking first serialises concurrent writers of the same user (other
        processes, other hosts), so two of them can never both supersede the same version. Reads shared state
        (recent turns) but changes none of it; may run on a committer thread."""
        if not b.works:
            return
        pre = [(w.verdict, w.reason) for w in b.works]
        base_done, base_skipped = list(b.res.done), b.res.skipped
        users = [{"tenant": t, "user_id": u, "at": max(w.turn.at for w in b.works
                                                        if (w.turn.tenant, w.turn.user_id) == (t, u)).isoformat()}
                 for t, u in sorted({(w.turn.tenant, w.turn.user_id) for w in b.works})]

        def work(tx: Tx) -> None:
            # a retried transaction starts again from what ``prepare`` left behind
            for w, (verdict, reason) in zip(b.works, pre):
                w.verdict, w.reason, w.decisions, w.duplicate = verdict, reason, {}, False
                w.drop_derived()
            b.accepted, b.written = [], set()
            r = b.res
            r.done, r.skipped, r.written, r.rejected = list(base_done), base_skipped, 0, {}
            r.facts_created = r.facts_superseded = r.facts_repeated = r.entities_created = r.relations = 0
            tx.run("write/lock_users", {"rows": users})
            # under the lock: a turn another writer committed meanwhile is skipped (idempotent across hosts)
            present = {x["id"] for x in tx.run("read/existing_events", {"rows": _owned(w.turn for w in b.works)})}
            for w in b.works:
                if w.turn.event_id in present:
                    w.verdict = SKIP
            self._drop_forgotten(b, tx)
            self._drop_replayed(b, tx)
            self._plan(b, tx)
            rows.write(b, tx)
            hook = self.hooks.get("before_commit")
            if hook:
                hook()

        self.store.write(work)
        hook = self.hooks.get("after_commit")
        if hook:
            hook()

    def _drop_forgotten(self, b: Batch, tx: Tx) -> None:
        """Under the lock: a turn journaled before a forget of its user that covers it is dropped, so the forget
        holds against queued writes (``graphmem.write.tombstones``)."""
        stones: dict[tuple[str, str], list[dict]] = {}
        for s in tx.run("write/tombstones", {"rows": tombstones.since(w.turn for w in b.works)}):
            stones.setdefault((s["tenant"], s["user_id"]), []).append(s)
        b.forgotten = set(stones)
        for w in b.works:
            t, mine = w.turn, stones.get((w.turn.tenant, w.turn.user_id))
            if not mine or w.verdict == SKIP:
                continue
            ents = set(w.mention_ids) | {r.id for r in (*w.entity_of.values(), *w.object_of.values())}
            slots = {tombstones.slot(w.entity_of[i].id, values.slot_key(s)) for i, s in enumerate(w.statements)
                     if i in w.entity_of}
            if tombstones.forgotten(t.submitted, t.event_id, ents, slots, mine):
                log.info("turn %s dropped: its user was forgotten after it was journaled", t.key)
                w.verdict = SKIP
        gone = [{"tenant": k[0], "user_id": k[1]} for k in stones
                if all(w.verdict == SKIP for w in b.works if (w.turn.tenant, w.turn.user_id) == k)]
        if gone:
            tx.run("write/drop_empty_users", {"rows": gone})

    def _drop_replayed(self, b: Batch, tx: Tx) -> None:
        """Under the lock: a turn the gate turned away in a committed batch (replayed after a kill between the
        commit and clearing the journal) is skipped, so its rejection and repeated mentions count once."""
        rows = [{"tenant": t, "user_id": u} for t, u in sorted({(w.turn.tenant, w.turn.user_id) for w in b.works})]
        done = {k for r in tx.run("write/rejected_keys", {"rows": rows}) for k in r["keys"]}
        for w in b.works:
            if w.turn.key in done:
                w.verdict = SKIP

    # -- analysis: classify, extract, link ------------------------------------------------------------------
    def _classify(self, w: TurnWork) -> None:
        """Gate rules 1–2 and statements from the turn's one reading (``linking.analysis``, against the turn's
        own time): journaled with it by a session, or read here."""
        t = w.turn
        try:
            if t.facts is not None:
                w.language = linking.detect_language(t.text)
                w.statements = list(t.facts)
                w.label, w.has_information = "informative", True
                return
            a = t.analysis if t.analysis is not None and t.analysis.matches(t.text, t.at, t.role) else \
                analyse(t.text, t.at, t.role)
            w.language, w.label, w.has_information = a.language, a.verdict.label, a.verdict.has_information
            w.personal = a.personal
            w.statements = list(a.stored)   # linking's Statements themselves (FactInput is Statement)
            if a.advice:   # an assistant's recommendation or conclusion
                w.label, w.has_information, w.advice = "informative", True, True
            if w.label in ("greeting", "smalltalk", "chitchat") and not w.has_information and not w.statements:
                w.verdict, w.reason = "reject", w.label
        except Exception as e:  # a turn the extractor cannot handle is rejected and counted, never a crash
            self._invalid(w, e)

    def _extract_mentions(self, works: list[TurnWork]) -> None:
        """Mentions of every turn still in play, one spaCy ``pipe`` per user (the batch's costliest step)."""
        groups: dict[tuple[str, str], list[TurnWork]] = {}
        for w in works:
            if not w.verdict and w.turn.facts is None:
                groups.setdefault((w.turn.tenant, w.turn.user_id), []).append(w)
        for (tenant, user_id), ws in groups.items():
            gaz = self.user(tenant, user_id).gazetteer
            for w in ws:   # a session's turn: the mentions journaled with it, if this gazetteer would give them
                if (ms := _journaled_mentions(w.turn, gaz)) is not None:
                    w.mentions, w.gazetteer_version = ms, gaz.version
            ws = [w for w in ws if w.gazetteer_version == -1]
            if not ws:
                continue
            try:
                found = _mentions_batch([w.turn.text for w in ws], gaz)
            except Exception:
                found = []
                for w in ws:
                    try:
                        found.append(linking.extract_mentions(w.turn.text, gaz))
                    except Exception as e:
                        self._invalid(w, e)
                        found.append([])
            for w, ms in zip(ws, found):
                w.mentions, w.gazetteer_version = ms, gaz.version

    def _invalid(self, w: TurnWork, e: Exception) -> None:
        log.warning("turn %s could not be analysed: %s", w.turn.key, e, exc_info=True)
        w.verdict, w.reason, w.error = "reject", "invalid", f"{type(e).__name__}: {e}"

    def _analyse(self, w: TurnWork, refs: dict[str, EntityRef]) -> None:
        """Linking and entity resolution of one turn (in order: earlier turns' entities are visible)."""
        t = w.turn
        if w.verdict:
            return
        st = self.user(t.tenant, t.user_id)
        try:
            self._refresh_mentions(w, st)
            links = self._link_mentions(w, st, refs)
            for i, s in enumerate(w.statements):
                if s.kind not in ("preference", "goal", "attribute", "event", "relation"):
                    continue
                if s.kind == "relation" and isinstance(s.value, str) and s.value.strip() \
                        and ids.norm_name(s.value) != ids.norm_name(s.subject or ""):
                    subj = self._resolve(s.subject, s.subject_type, st, refs, links, t)
                    obj = self._resolve(s.value, "", st, refs, links, t)
                    if subj is not None and obj is not None:
                        w.entity_of[i], w.object_of[i] = subj, obj
                elif s.kind == "relation":    # "Lily is my sister": the user (or the speaker) —SISTER→ Lily
                    obj = self._resolve(s.subject, s.subject_type or "person", st, refs, links, t)
                    if obj is None:
                        continue
                    w.entity_of[i], w.object_of[i] = self._me(st, refs, t), obj
                    surface = w.role_surfaces.get(s.key)
                    if surface and not obj.is_self and not t.participant:
                        _add_alias(obj, surface, st)   # "my sister" becomes an alias of Lily (roles then resolve)
                elif t.participant and s.kind == "preference":
                    self._participant_preference(w, i, s, st, refs, links)
                elif (ref := self._resolve(s.subject, s.subject_type, st, refs, links, t)) is not None:
                    w.entity_of[i] = ref
                _type_value(s, links)
            for ref in list(w.entity_of.values()) + list(w.object_of.values()):
                if not ref.is_self and ref.id not in w.mention_ids:
                    w.mention_ids.append(ref.id)
        except Exception as e:  # a turn the linker cannot handle is rejected and counted, never a crash
            self._invalid(w, e)

    @staticmethod
    def _refresh_mentions(w: TurnWork, st: UserState) -> None:
        """A name an earlier turn of this batch introduced ("我女儿朵朵…" then "朵朵在…") was not known when the
        batch's mentions were extracted: extract this turn's again if it contains one."""
        gaz = st.gazetteer
        if w.gazetteer_version in (-1, gaz.version):   # not extracted here (caller's facts), or nothing new
            return
        known = {i for m in w.mentions for i in m.known_ids}
        if any(set(found) - known for _, _, found in gaz.find(w.turn.text)):
            w.mentions = linking.extract_mentions(w.turn.text, gaz)
        w.gazetteer_version = gaz.version

    def _link_mentions(self, w: TurnWork, st: UserState, refs: dict[str, EntityRef]) -> list:
        t = w.turn
        mentions = w.mentions
        if not mentions:
            return []
        slots = st.slots(t.session_id)
        emb = self._names if self.link_with_embeddings else None
        links = linking.link(mentions, slots, st.gazetteer, emb)
        roles = {s.key for s in w.statements if s.kind == "relation"
                 and (not s.value or ids.norm_name(str(s.value)) == ids.norm_name(s.subject or ""))}
        out = []
        for ln in links:
            m = ln.mention
            ref = None
            if ln.status != "linked" and m.kind == "possessive" and m.role and m.role in roles:
                w.role_surfaces[m.role] = m.surface    # the named person of this turn holds the role
                continue
            people = {r.id: r for _, r, _ in out if r.type == "person" and not r.is_self}
            if t.participant and m.kind == "possessive" and (own := _of_speaker(m.surface, t.participant)) != \
                    " ".join(m.surface.split()):
                # a participant's "my sister" is theirs, never the user's: "Melanie's sister"
                ref = self._new(own, ln.entity_type or m.type, st, refs, t.at)
            elif m.kind == "pronoun" and m.type == "person" and len(people) == 1:
                # "My mate Callum is doing it with me. He's ridden it twice": the one person named before it
                ref = next(iter(people.values()))
            elif ln.status == "linked" and ln.entity_id:
                ref = self._ref_existing(ln.entity_id, st, refs, t.at, ln.entity_name, ln.entity_type)
                if ref and ln.new_alias and ln.new_alias != ref.name:
                    _add_alias(ref, ln.new_alias, st)
            elif ln.status == "ambiguous" and m.type and \
                    len(same := [c for c in ln.candidates if c.type == m.type]) == 1:
                # the only candidate of exactly the mention's type wins ("that laptop" vs an untyped "Photoshop")
                ref = self._ref_existing(same[0].entity_id, st, refs, t.at, same[0].name, same[0].type)
            elif ln.status == "new" and m.kind in NEW_FROM_MENTION and any(c.isalpha() for c in m.surface):
                # (a bare number the tagger called a product, "9000", is not a new entity)
                ref = self._new(ln.entity_name or m.surface, ln.entity_type or m.type, st, refs, t.at)
            if ref is not None and m.kind == "pronoun" and ref.type == "person" and not ref.is_self \
                    and not any(o.mention.kind == "named" and o.mention.start < m.start for o in links):
                # "He's lending me his Wahoo" → Callum; after a name in the text, the reader can tell
                w.referents.setdefault(m.surface.lower(), ref.name)
            if ref is not None:
                ref.score = min(ref.score, ln.score or 1.0)
                slots.mention(ref.id, ref.name, ref.type, _turn_no(t.turn_id, slots), m.surface)
                if ref.id not in w.mention_ids and not ref.is_self:
                    w.mention_ids.append(ref.id)
                out.append((m.surface, ref, m.type))
        for name, description in linking.en_appositions(t.text):   # "Cobaltline, the fintech startup"
            ref = next((r for surface, r, _ in out if ids.norm_name(surface) == ids.norm_name(name)), None)
            if ref is not None and not ref.is_self:
                _add_alias(ref, description, st)
        return out

    def _participant_preference(self, w: TurnWork, i: int, s: FactInput, st: UserState, refs, links) -> None:
        """A participant's "I love pottery" is theirs: a preference fact on the speaker's card whose value is the
        liked thing (one slot per thing), not the user's like of pottery. Their instructions to the assistant
        ("always answer in Chinese") are not the user's standing instructions: no fact."""
        t = w.turn
        if s.key == "response_style":
            return
        if not s.subject and s.value:   # an activity ("I love camping"): the value already names it, no entity
            w.statements[i] = replace(s, subject=t.participant or "")
            w.entity_of[i] = self._me(st, refs, t)
            return
        thing = self._resolve(s.subject, s.subject_type, st, refs, links, t)
        if thing is None or thing.is_self:
            return
        w.statements[i] = replace(s, subject=t.participant or "", value=thing.name)
        w.entity_of[i] = self._me(st, refs, t)
        if thing.id not in w.mention_ids:
            w.mention_ids.append(thing.id)

    def _me(self, st: UserState, refs: dict[str, EntityRef], t: Prepared) -> EntityRef:
        """Whom the turn's "I" means: the user's own entity, or for a participant's turn a person entity named
        after the speaker (found by name or alias, created if new)."""
        if t.participant:
            return self._new(t.participant, "person", st, refs, t.at)
        return self._self(st, refs, t.at)

    def _self(self, st: UserState, refs: dict[str, EntityRef], at: datetime) -> EntityRef:
        ref = refs.get(st.self_id)
        if ref is None:
            ref = refs[st.self_id] = EntityRef(st.self_id, st.user_id, "person", st.tenant, st.user_id,
                                               is_self=True, at=at)
        ref.mentions += 1
        ref.at = max(ref.at or at, at)
        return ref

    def _ref_existing(self, eid: str, st: UserState, refs, at, name="", type_="") -> EntityRef | None:
        ref = refs.get(eid)
        if ref is None:
            known = st.gazetteer.get(eid)
            if known is None and not name:
                return None
            ref = refs[eid] = EntityRef(eid, known.name if known else name, ((known.type if known else "") or type_ or ""),
                                        st.tenant, st.user_id, new=eid not in st.persisted, at=at)
        ref.mentions += 1
        ref.at = max(ref.at or at, at)
        return ref

    def _new(self, name: str, type_: str, st: UserState, refs, at) -> EntityRef:
        name = " ".join(name.split())[:200]
        eid = st.names.get(ids.norm_name(name)) or ids.entity_id(st.tenant, st.user_id, name)
        ref = refs.get(eid)
        if ref is None:
            known = st.gazetteer.get(eid)
            ref = refs[eid] = EntityRef(eid, known.name if known else name, ((known.type if known else "") or type_ or ""),
                                        st.tenant, st.user_id, new=eid not in st.persisted, at=at)
            if known is None:
                st.gazetteer.add(linking.KnownEntity(eid, name, type_ or ""))
            st.names.setdefault(ids.norm_name(name), eid)
        ref.mentions += 1
        ref.at = max(ref.at or at, at)
        return ref

    def _resolve(self, surface: str | None, type_: str, st: UserState, refs, links, t: Prepared) -> EntityRef | None:
        """``_find``; an entity with no type takes the one the statement gives ("my cousin Priya": a person)."""
        ref = self._find(surface, type_, st, refs, links, t)
        if ref is not None and type_ and not ref.type and not ref.is_self:
            ref.type = type_
        return ref

    def _find(self, surface: str | None, type_: str, st: UserState, refs, links, t: Prepared) -> EntityRef | None:
        """The entity a statement is about: the user (the speaker, in a participant's turn), what the linker
        resolved, a known name, or a new entity. None for a pronoun the linker could not place ("招牌就换成它了"
        with nothing before it): "it" is no entity, so that statement gets no fact (the message is still stored)."""
        at = t.at
        s = " ".join((surface or "").split())
        n = ids.norm_name(s)
        if n in SELF_WORDS:
            return self._me(st, refs, t)
        if t.participant and (own := _of_speaker(s, t.participant)) != s:
            for m_surface, ref, _ in links:       # the linker's verdict on "my sister" already names hers
                if ids.norm_name(m_surface) == n:
                    return ref
            return self._new(own, type_ or lexicon.head_type(s), st, refs, at)
        own = type_ or lexicon.head_type(s)
        for m_surface, ref, m_type in links:      # the linker already resolved this span
            mn = ids.norm_name(m_surface)
            if mn == n or (len(n) >= 2 and (n in mn or (mn in n and not _minor_part(mn, n)
                                                          and lexicon.compatible(m_type or ref.type, own)))):
                return ref
        if n in _PRONOUNS:
            return None
        eid = st.names.get(n)
        if eid:
            ref = self._ref_existing(eid, st, refs, at, s, type_)
            if ref:
                return ref
        return self._new(s, own, st, refs, at)

    # -- embeddings, versioning plan, gate rule 3 -----------------------------------------------------------
    def _embed(self, b: Batch, early: Future | list[Future] | None = None) -> None:
        """Vectors of the live turns, their statements and new entities' names; ``early``: those of the turns
        and statements, computed ahead (``_texts``), from which only what is still live is kept."""
        texts = _texts(b.works) + [r.name for r in b.refs.values() if r.new]
        known = {}
        for f in ([] if early is None else [early] if isinstance(early, Future) else early):
            known.update((t, v) for t, v in f.result().items() if t not in known)
        missing = [t for t in dict.fromkeys(texts) if t not in known]
        if missing:
            known.update(zip(missing, self._names.embed(missing)))
        b.vec = {t: known[t] for t in dict.fromkeys(texts)}

    def _small_talk_by_example(self, b: Batch) -> None:
        """Gate rule 1 where the rules have no words: a user turn without a fact (event clauses at most) that reads
        like small talk. A check that fails keeps the turns (the rules decide alone), it never loses them."""
        todo = [w for w in b.works if not w.verdict and w.turn.role in SPEAKS_FOR_SELF and w.turn.facts is None
                and all(s.kind == "event" for s in w.statements)]
        if not todo:
            return
        try:
            ex = smalltalk.examples(self.embedder)
            for w in todo:
                w.chatty = ex.reads_as_small_talk(b.vec.get(w.turn.text))
        except Exception as e:
            log.warning("small-talk examples unavailable, the word rules decide alone: %s", e)

    def _plan(self, b: Batch, tx: Tx) -> None:
        works = b.works
        live = [w for w in works if not w.verdict]
        # active versions of every slot this batch touches
        slots = {}
        for w in live:
            for i, s in enumerate(w.statements):
                if s.kind in ("preference", "goal", "attribute") and i in w.entity_of:
                    k = values.slot_key(s)
                    slots[(w.entity_of[i].id, k)] = {"tenant": w.turn.tenant, "user_id": w.turn.user_id,
                                                       "entity_id": w.entity_of[i].id, "key": k}
                if values.is_reschedule(s) and not w.turn.participant:   # the user's plans: one may have moved
                    me = ids.self_entity_id(w.turn.tenant, w.turn.user_id)
                    slots[(me, "goal")] = {"tenant": w.turn.tenant, "user_id": w.turn.user_id, "entity_id": me,
                                           "key": "goal"}
        active = {}
        if slots:
            for r in tx.run("read/active_facts", {"slots": list(slots.values())}):   # one per slot and scope
                active[values.slot_id(r["entity_id"], r["key"], r["value"] or "") + (r["scope"] or "user",)] = Version(
                    r["id"], r["value"] or "", int(r["polarity"] or 0), int(r["version"] or 1),
                    _native(r["valid_from"]), r["text"] or "")
        planner = Planner(active)
        replaced = self._replaced_of_kind(live, tx)
        liked: dict[tuple[str, str, str], list[tuple[str, str]]] = {}   # this batch's liked things per kind
        gone: set[str] = set()                                             # ... and the ones replaced already
        batch_recent: dict[tuple[str, str], list] = {}
        for w in live:
            t = w.turn
            st = self.users.get((t.tenant, t.user_id))
            recent = list(st.recent) if st is not None else []
            mine = batch_recent.setdefault((t.tenant, t.user_id), [])
            for i, s in enumerate(w.statements):
                if s.kind in ("preference", "goal", "attribute") and i in w.entity_of:
                    fid = ids.fact_id(t.tenant, t.user_id, t.session_id, t.turn_id, i)
                    slot = values.slot_id(w.entity_of[i].id, values.slot_key(s), values.stored_value(s))
                    w.decisions[i] = planner.plan(slot + (t.scope,), values.stored_value(s),
                                                  values.polarity(s), fid, utc(s.when) if s.when else t.at, s.text)
                    if w.decisions[i].action != REPEAT:   # versions in other scopes all its readers can see
                        w.replaces[i] = planner.outdated_elsewhere(
                            slot, t.scope, values.stored_value(s), values.polarity(s),
                            lambda older, t=t: scopes.covers(t.scope, t.agent, older))
                    if w.decisions[i].action != REPEAT and s.kind == "attribute" and s.is_change \
                            and values.polarity(s) >= 0 and len(slot) == 3:   # an explicit change of a multi-valued key
                        w.replaces[i] = w.replaces.get(i, []) + planner.outdate_others(
                            slot, lambda older, t=t: scopes.covers(t.scope, t.agent, older))
                    kind = "" if t.participant else values.liked_kind(s, w.entity_of[i])
                    if kind and w.decisions[i].action != REPEAT:
                        same = liked.setdefault((t.tenant, t.user_id, kind), [])
                        if s.is_change:   # the same kind liked earlier: in the graph, or earlier in this batch
                            old = replaced.get((t.key, i), []) + [
                                f for e, f, sc in same if e != w.entity_of[i].id and scopes.covers(t.scope, t.agent, sc)]
                            w.replaces[i] = w.replaces.get(i, []) + [f for f in old if f not in gone]
                            gone.update(old)      # each is replaced once, by the first change
                            same.clear()
                        same.append((w.entity_of[i].id, fid, t.scope))
            if w.said < 0:
                w.said = len(w.statements)
            for s in [s for s in w.statements[:w.said] if values.is_reschedule(s) and not t.participant]:
                self._reschedule(b, w, s, planner)
            only_repeats = all(d.action == REPEAT for d in w.decisions.values()) and \
                all(s.kind in ("preference", "goal", "attribute") for s in w.statements)
            said = (t.said_by, ids.norm_name(t.text))
            w.duplicate = only_repeats and exact_repeat(said, recent + mine)
            v = rules(w.label, w.has_information, len(w.statements), len(w.mention_ids), w.duplicate,
                      personal=w.personal, advice=w.advice, chatty=w.chatty)
            v, _ = settle(v, t.text, self._judge_once(b, w), w.has_information, len(w.mention_ids))
            w.verdict, w.reason = v.decision, v.reason
            if w.verdict == ACCEPT:   # st.recent itself only changes after the commit
                mine.append(said)
                b.accepted.append(((t.tenant, t.user_id), said))

    def _reschedule(self, b: Batch, w: TurnWork, s: FactInput, planner: Planner) -> None:
        """The date of one of the user's plans moved ("改到八月三号"): the plan gets a new version with the new
        date, derived from this turn, that supersedes the old one (``retime``)."""
        t = w.turn
        me = ids.self_entity_id(t.tenant, t.user_id)
        plans = {retime.Plan(v.id, v.text, v.value, v.version, v.valid_from): slot
                 for slot, v in planner.active.items()
                 if slot[:2] == (me, "goal") and scopes.covers(t.scope, t.agent, slot[-1]) and v.polarity > 0 and v.text and v.valid_from is not None
                 and v.valid_from < t.at and retime.dated(v.text, v.valid_from, t.at)}
        if not plans:
            return
        plan = retime.pick(list(plans), t.text, self._similarity(b, t.text, [p.text for p in plans]))
        if plan is None:
            return
        text = retime.retimed(plan.text, plan.said_at, s.value)
        value = retime.retimed(plan.value, plan.said_at, s.value) or plan.value
        i = len(w.statements)
        w.statements.append(FactInput(kind="goal", value=value, polarity=1, is_change=True, text=text,
                                      language=s.language))
        w.entity_of[i] = self._self(self.user(t.tenant, t.user_id), b.refs, t.at)
        fid = ids.fact_id(t.tenant, t.user_id, t.session_id, t.turn_id, i)
        w.decisions[i] = planner.move(plans[plan], values.slot_id(me, "goal", value) + (t.scope,), value, fid, t.at, text)
        self._embed_more(b, [text])   # the new version's vector, for the vector path

    def _embed_more(self, b: Batch, texts: list[str]) -> None:
        """Embed what the batch has not embedded yet (texts the planner derives)."""
        missing = [x for x in dict.fromkeys(texts) if x not in b.vec]
        if missing:
            b.vec.update(zip(missing, self.embedder.embed(missing)))

    def _similarity(self, b: Batch, text: str, others: list[str]) -> dict[str, float]:
        """Cosine of ``text`` with each of ``others``."""
        self._embed_more(b, [text, *others])
        a = b.vec[text]
        return {x: float(a @ b.vec[x] / ((np.linalg.norm(a) * np.linalg.norm(b.vec[x])) or 1.0)) for x in others}

    @staticmethod
    def _replaced_of_kind(live: list[TurnWork], tx: Tx) -> dict[tuple[str, int], list[str]]:
        """(turn, statement) → the active liked things of the same specific type that a preference *change*
        replaces ("我们决定改成原木风了" replaces the liked 北欧风: both are styles). Only typed entities, and
        types that say what kind of thing it is (not "thing" or "person")."""
        asks = []
        for w in live:
            for i, s in enumerate(w.statements):
                ent = w.entity_of.get(i)
                if s.is_change and not w.turn.participant and values.liked_kind(s, ent):
                    asks.append({"tenant": w.turn.tenant, "user_id": w.turn.user_id, "type": ent.type,
                                 "entity_id": ent.id, "turn": w.turn.key, "index": i})
        out: dict[tuple[str, int], list[str]] = {}
        turns = {w.turn.key: w.turn for w in live}
        for r in (tx.run("read/preferences_of_type", {"asks": asks}) if asks else []):
            t = turns[r["turn"]]
            if scopes.covers(t.scope, t.agent, r["scope"]):   # only what every reader of it can see is replaced
                out.setdefault((r["turn"], r["index"]), []).append(r["id"])
        return out

    def _judge_once(self, b: Batch, w: TurnWork):
        """The judge for one turn, asked at most once even if the transaction is retried (one LLM call)."""
        if self.judge is None:
            return None

        def ask(text: str) -> bool:
            if w.turn.key not in b.judged:
                b.res.llm_calls += 1
                try:
                    b.judged[w.turn.key] = bool(self.judge(text))
                except Exception as e:
                    b.judged[w.turn.key] = e
            answer = b.judged[w.turn.key]
            if isinstance(answer, Exception):
                raise answer
            return answer
        return ask

    def after_commit(self, b: Batch) -> None:
        """Shared state learns what was committed: recent turns (for rule 3), persisted entities, and new
        entities' name vectors in the linker's index (once per batch and user). Runs on the worker thread."""
        works, refs = b.works, b.refs
        for tenant, user_id in b.forgotten:   # the cached entities of a forgotten user are reloaded
            self.invalidate(tenant, user_id)
        for k, said in b.accepted:
            st = self.users.get(k)
            if st is not None:
                st.recent.append(said)
        by_user: dict[tuple[str, str], list[EntityRef]] = {}
        for w in works:
            for eid in w.mention_ids:
                r = refs.get(eid)
                if r is not None and r.new and r.name in b.vec:
                    by_user.setdefault((w.turn.tenant, w.turn.user_id), []).append(r)
        for w in works:
            st = self.users.get((w.turn.tenant, w.turn.user_id))
            if st is not None:
                st.persisted.update(r.id for r in refs.values() if r.tenant == st.tenant and r.user_id == st.user_id
                                    and r.id in b.written)
        for k, new in by_user.items():
            st = self.users.get(k)
            if st is None:
                continue
            ents = {e.id: e for e in st.gazetteer.entities}
            for r in new:
                if r.id in ents and ents[r.id].embedding is None:
                    ents[r.id] = replace(ents[r.id], embedding=b.vec[r.name])
                r.new = False
            st.gazetteer = linking.Gazetteer(ents.values())


# -- small helpers ------------------------------------------------------------------------------------------------
def _minor_part(part: str, whole: str) -> bool:
    """A short Chinese mention inside a much longer subject is not what the subject names: "太甜的东西" is not
    the entity "东西" (the longer phrase becomes its own entity). Nor is one of another type: "北欧风" (a style)
    is not the region "北欧" (see ``_resolve``)."""
    return any("\u4e00" <= ch <= "\u9fff" for ch in whole) and len(part) * 2 < len(whole)


def _add_alias(ref: EntityRef, alias: str, st: UserState) -> None:
    """``alias`` names ``ref`` from now on: stored with the entity, and found by this user's later turns."""
    ref.aliases.add(alias)
    if ref.id in st.gazetteer:
        st.gazetteer.add_alias(ref.id, alias)
    st.names.setdefault(ids.norm_name(alias), ref.id)


def _of_speaker(surface: str, speaker: str) -> str:
    """A participant's first-person possessive as a name of its own ("my sister" said by Melanie → "Melanie's
    sister", "我妹妹" → "Melanie的妹妹"); any other surface is returned as it is (spaces normalised)."""
    s = " ".join(surface.split())
    return next(filter(None, (p.fn("of_speaker")(s, speaker) for p in langs.packs())), s)   # each pack's, in order


def _type_value(s, links) -> None:
    """An entity with no type that an attribute's value names takes the type the key gives (在阿里上班: 阿里 is an
    organization; 搬到Lyon: a place)."""
    typ = subject_types.value_type(s)
    n = ids.norm_name(str(s.value)) if typ else ""
    for surface, ref, _ in links if n else ():
        if not ref.type and not ref.is_self and ids.norm_name(surface) == n:
            ref.type = typ


def _owned(turns) -> list[dict]:
    """Rows for ``read/existing_events``: each turn's event id with its owner (ids are matched per owner)."""
    return [{"id": t.event_id, "tenant": t.tenant, "user_id": t.user_id} for t in turns]


def _native(t):
    return t.to_native() if hasattr(t, "to_native") else t


def _parse_ahead(works: list[TurnWork]) -> None:
    """Parse the batch's English turns with one spaCy ``pipe`` before the gate and statement rules read them one
    at a time: they find the ``Doc`` in ``nlp``'s cache (a ``Doc`` is the same whichever way it was parsed). One
    parse a turn, batched: 2-3x less CPU than a ``Doc`` per call. An assistant's mere reaction is never parsed:
    the gate turns it away on its words alone (``reaction_only``). Nor is a session's turn journaled with its
    reading and mentions (``_journaled_mentions``)."""
    texts = [w.turn.text for w in works if w.turn.facts is None and linking.is_english_text(w.turn.text)
             and not reaction_only(w.turn.text, w.turn.role)
             and (w.turn.analysis is None or w.turn.analysis.mentions is None)]
    if texts:
        english_docs(texts[:DOC_CACHE // 2])   # the first ones: a larger batch would push them out again


def _journaled_mentions(t: Prepared, gazetteer) -> list | None:
    """The mentions a session read with the turn (``linking.analysis``) when ``gazetteer`` gives the text the view
    they were read with: an extraction against it would give exactly them. None: extract them."""
    a = t.analysis
    try:
        return a.mentions_for(gazetteer) if a is not None and a.matches(t.text, t.at, t.role) else None
    except Exception:   # a reading this version cannot compare: extract them again
        return None


def _mentions_batch(texts: list[str], gazetteer) -> list[list]:
    try:
        from graphmem.linking.mentions import extract_mentions_batch
    except ImportError:  # pragma: no cover - older linking without the batch entry point
        return [linking.extract_mentions(t, gazetteer) for t in texts]
    return extract_mentions_batch(texts, gazetteer)


#: one thread per process that embeds a batch's turns while the writer's thread parses them (``prepare``)
_EMBED_AHEAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="graphmem-embed")


def _texts(works: list[TurnWork]) -> list[str]:
    """The texts of the live turns of a batch to embed, in order and once each: the turn, its statements."""
    out: dict[str, None] = {}
    for w in works:
        if not w.verdict:
            out.setdefault(w.turn.text)
            for s in w.statements:
                if s.text:
                    out.setdefault(s.text)
    return list(out)


def _unknown_names(works: list[TurnWork]) -> list[str]:
    """Named mentions no known name covers, of the live turns: what the linker embeds ("new" or ambiguous named
    mentions) and what a new entity is named."""
    return [m.surface for w in works if not w.verdict for m in w.mentions if m.kind == "named" and not m.known_ids]


class _Once:
    """An embedder that embeds a text once (within one batch's ``prepare``): an unknown name is embedded by the
    linker, then as the new entity's name at the next turn's linking, then for its node; here once (LoCoMo: the
    writer thread's USE texts 595 -> 285, its calls 228 -> 178). ``prefetch``: texts embedded ahead on the
    embedding thread; a text asked for later always takes that vector (waiting for it), so the result does not
    depend on timing."""

    def __init__(self, embedder):
        self.embedder, self.vec, self.ahead = embedder, {}, {}

    def __getattr__(self, name):
        return getattr(self.embedder, name)

    def prefetch(self, texts) -> None:
        todo = [t for t in dict.fromkeys(texts) if t not in self.vec and t not in self.ahead]
        if todo:
            f = _EMBED_AHEAD.submit(_vectors, self.embedder, todo)
            self.ahead.update(dict.fromkeys(todo, f))

    def embed(self, texts) -> np.ndarray:
        texts = list(texts)
        for t in dict.fromkeys(texts):
            if t not in self.vec and t in self.ahead:
                self.vec.update(self.ahead[t].result())
        missing = [t for t in dict.fromkeys(texts) if t not in self.vec]
        if missing:
            self.vec.update(zip(missing, self.embedder.embed(missing)))
        if not texts:
            return np.zeros((0, self.embedder.dimensions), dtype=np.float32)
        return np.stack([self.vec[t] for t in texts])


def _vectors(embedder, texts: list[str]) -> dict[str, np.ndarray]:
    return dict(zip(texts, embedder.embed(texts))) if texts else {}


def _turn_no(turn_id: str, slots) -> int:
    """The number the session's slot table orders by: the turn id's leading number ("12", and "12a.f00d" from
    ``MemorySession``); any other id (a uuid) counts as the session's latest turn."""
    m = re.match(r"(\d+)a?(?:\.|$)", str(turn_id).strip())
    return int(m.group(1)) if m else max((s.turn for s in slots), default=0) + 1
