"""One batch of journaled turns → one Neo4j write transaction.

gate (rules 1–2) → extraction (``graphmem.linking``) → linking against the user's own entities → embeddings
(on the embedding thread, ``graphmem.write.ahead``: the linker's names first, then the turns' and statements',
waited for by the commit, so they are computed while the next batch is parsed) → versioning plan → gate rule 3
(near-duplicate) and the optional judge → UNWIND rows → one managed write transaction (which also refreshes
cards and regenerates profiles). Runs on the writer's background threads only. The journal codec (``Prepared``)
is ``graphmem.write.codec``; a turn's reading ``graphmem.linking.analysis``; which entity each mention and
statement is about ``graphmem.write.entities``; a statement's slot and stored value ``graphmem.write.values``; the
transaction's rows ``graphmem.write.rows``.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from graphmem.linking import api as linking
from graphmem.linking.analysis import SPEAKS_FOR_SELF, analyse, reaction_only
from graphmem.linking.gate import sign_off_bodies
from graphmem.linking.nlp import DOC_CACHE, english_docs
from graphmem import give_way, scopes
from graphmem.short_term import claims
from graphmem.model import FactInput
from graphmem.store import Store, Tx
from graphmem.write import entities, ids, removals, retime, rows, smalltalk, tombstones, values
from graphmem.write.ahead import Once, later
from graphmem.write.entities import RECENT_EVENTS, EntityRef, UserState
from graphmem.write.gate import ACCEPT, Judge, exact_repeat, rejected_anyway, rules, settle
from graphmem.write.codec import Prepared, utc
from graphmem.write.rows import SKIP
from graphmem.write.journal import Entry
from graphmem.write.versioning import REPEAT, Planner, Version

log = logging.getLogger("graphmem.write")

#: texts in one spaCy pipe batch: the parser and NER spend less CPU a text in larger batches (the same annotations)
PARSE_BATCH = 256
PARSE_CHUNK = 64          # turns read (gate, statements, mentions) before their vectors go to the embedding thread
NEW_FROM_MENTION = ("named", "possessive")
COMMIT_WAIT = 300.0       # seconds a reload waits for the commit of the batch prepared before it (``_reload``)


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
    types: dict[str, str] = field(default_factory=dict)    # entity → its type once this turn was read (``rows``)
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
    """A prepared batch: analysed and linked, its vectors on their way (``early``, ``names``); ``commit`` waits
    for them (``finish``), then plans the versions and writes."""
    works: list[TurnWork]
    refs: dict[str, EntityRef]
    res: BatchResult
    vec: dict[str, np.ndarray] = field(default_factory=dict)
    early: list[Future] = field(default_factory=list)      # the turns' and statements' vectors, computed ahead
    names: Any = None                                      # the batch's ``Once``: names the linker embedded
    finished: bool = False
    written: set[str] = field(default_factory=set)
    accepted: list[tuple[tuple[str, str], tuple]] = field(default_factory=list)   # (user, (said_by, text))
    judged: dict[str, Any] = field(default_factory=dict)
    forgotten: set[tuple[str, str]] = field(default_factory=set)   # users forgotten since a turn was journaled
    committed: threading.Event = field(default_factory=threading.Event)   # its commit returned (or failed)
    learnt: set[tuple[str, str]] = field(default_factory=set)   # users whose state knows what it wrote
    ok: bool = False                                              # committed
    queued: bool = False          # handed to a committer (``Pipeline.queue``): a reload waits for its commit


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
        self._names = Once(embedder)    # the linker's and new names' vectors, one batch's (``prepare``)
        self._unsettled: list[Batch] = []   # prepared batches not through ``after_commit`` yet
        self._parsing: list[Future] = []   # the next batch's English turns, parsed ahead a chunk at a time

    # -- user state -------------------------------------------------------------------------------------
    def user(self, tenant: str, user_id: str) -> UserState:
        """The user's state for the batch being prepared: read from the graph if it is not held (a stale one is
        read again only where a batch starts, ``prepare``: never between two of a batch's turns, which would lose
        what the batch's earlier turns taught it)."""
        k = (tenant, user_id)
        if k not in self.users:
            self._load([k])
        return self.users[k]

    def _stale(self, k: tuple[str, str]) -> bool:
        old = self.users.get(k)
        return old is None or time.monotonic() - old.loaded_at > self.user_ttl

    def _reload(self, keys: list[tuple[str, str]]) -> None:
        """Read ``keys`` again where a batch starts (``user_ttl``: another process may have curated them).
        A batch prepared before and not yet through ``after_commit`` (the writer commits batch N while it prepares
        N+1) is in the graph only once committed: its commit is waited for and what it wrote is counted in first,
        so the read is compared with what this writer knows the graph holds. Nothing changed by anyone else: the
        state is kept as it is (it knows more than the graph: names of turns the gate turned away, types and
        aliases the batch learnt); a change: the state is read from the graph (``_install``)."""
        if not keys:
            return
        wanted = set(keys)
        for b in list(self._unsettled):
            mine = wanted & {(w.turn.tenant, w.turn.user_id) for w in b.works}
            if mine and b.queued:   # one not handed to a committer has written nothing, and will not meanwhile
                if not b.committed.wait(COMMIT_WAIT):
                    log.warning("a batch prepared before was not committed in %.0fs; reading its users anyway",
                                COMMIT_WAIT)
                elif b.ok:
                    self._learn_written(b, mine)
        self._load(keys)

    def _load(self, keys: list[tuple[str, str]]) -> None:
        """(Re)load the users ``keys`` from the graph: one read a tenant (``read/writer_users``), not two a user."""
        by_tenant: dict[str, list[str]] = {}
        for tenant, user_id in keys:
            by_tenant.setdefault(tenant, []).append(user_id)
        for tenant, user_ids in by_tenant.items():
            for r in self.store.run("read/writer_users", {"tenant": tenant, "user_ids": user_ids,
                                                          "limit": RECENT_EVENTS}):
                self._install(tenant, r["user_id"], r["entities"], r["recent"])

    def _install(self, tenant: str, user_id: str, rows: list[dict], recent: list[dict]) -> None:
        """A user's state from its entities (oldest first) and latest turns (newest first); the sessions' slot
        tables are kept across a reload. A state read again whose entities nobody else changed (the graph holds
        them as ``UserState.stored`` has them) is kept as it is, but for its latest turns if they differ."""
        old = self.users.get((tenant, user_id))
        stored = {r["id"]: entities.stored_entity(r["name"], r["type"], r["aliases"], bool(r["embedding"]))
                  for r in rows}
        said = [((r["role"] or "user", r["speaker"] or ""), ids.norm_name(r["text"] or "")) for r in reversed(recent)]
        if old is not None and not old.invalid and old.stored == stored:
            if sorted(old.recent) != sorted(said[-RECENT_EVENTS:]):   # another writer's turns (rule 3 reads them)
                old.recent.clear()
                old.recent.extend(said)
            old.loaded_at = time.monotonic()
            return
        self.users.pop((tenant, user_id), None)
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
                       sessions=old.sessions if old is not None else {}, loaded_at=time.monotonic(), stored=stored)
        st.recent.extend(said)
        if len(self.users) > 10_000:
            self.users.pop(next(iter(self.users)))
        self.users[(tenant, user_id)] = st

    def _learn_written(self, b: Batch, keys: set[tuple[str, str]] | None = None) -> None:
        """What committed batch ``b`` wrote of its users ``keys`` (all: None), once: its accepted turns join the
        recent ones (rule 3), its entities ``UserState.stored`` (as ``write/upsert_entities`` merges them)."""
        keys = {(w.turn.tenant, w.turn.user_id) for w in b.works} if keys is None else keys
        todo = keys - b.learnt
        b.learnt |= todo
        for k, said in b.accepted:
            st = self.users.get(k)
            if st is not None and k in todo:
                st.recent.append(said)
        for r in b.refs.values():
            st = self.users.get((r.tenant, r.user_id))
            if st is not None and (r.tenant, r.user_id) in todo and r.id in b.written:
                st.stored[r.id] = entities.merged_entity(st.stored.get(r.id), r, r.new and r.name in b.vec)

    def queue(self, b: Batch) -> Batch:
        """``b`` is handed to a committer thread (the writer's) and may commit while the next batch is prepared: a
        reload of its users waits for that commit (``_reload``)."""
        b.queued = True
        return b

    def discard(self, *batches: Batch | None) -> None:
        """Batches that will not be committed (their commit failed, or one before them did and they are taken
        again): what preparing them taught the users' states is not in the graph, so those users are read again
        and nothing waits for their commits."""
        for b in batches:
            if b is None:
                continue
            b.committed.set()
            with contextlib.suppress(ValueError):
                self._unsettled.remove(b)
            for w in b.works:
                self.invalidate(w.turn.tenant, w.turn.user_id)

    def invalidate(self, tenant: str | None = None, user_id: str | None = None) -> None:
        """Forget cached entities (all, or one user's) so the next batch reloads them from the graph."""
        for k in list(self.users):
            if (tenant is None or k[0] == tenant) and (user_id is None or k[1] == user_id):
                self.users[k].loaded_at = -1e18
                self.users[k].invalid = True

    # -- the batch ----------------------------------------------------------------------------------------
    def process(self, entries: list[Entry]) -> BatchResult:
        """``prepare`` then ``commit`` then ``after_commit`` (the writer overlaps them across batches)."""
        b = self.prepare(entries)
        self.commit(b)
        self.after_commit(b)
        return b.res

    def prepare(self, entries: list[Entry], ahead: list[Entry] | None = None) -> Batch:
        """Everything that does not depend on the previous batch being committed: gate rules 1–2, extraction,
        linking; the batch's vectors are sent to the embedding thread, not waited for. Runs on the worker thread.
        ``ahead``: the entries likely to come next, parsed meanwhile on the parse thread (``parse_next``)."""
        try:
            return self._prepare(entries, ahead)
        except BaseException:   # what the batch's earlier turns taught the users' states was never written
            for e in entries:
                self.invalidate(e.payload.get("tenant"), e.payload.get("user_id"))
            raise

    def _prepare(self, entries: list[Entry], ahead: list[Entry] | None) -> Batch:
        self._parsed()
        res = BatchResult()
        turns: list[Prepared] = []
        for e in entries:
            turns.append(Prepared.from_payload(e.key, e.payload))
        # an auto-commit read: one round trip, not BEGIN, RUN and COMMIT (it shares no snapshot with another read)
        existing = {r["id"] for r in self.store.read_auto(
            lambda tx: tx.run("read/existing_events", {"rows": _owned(t for t in turns)}))}
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
        # the batch's users not known yet (or not for ``user_ttl``), read at once rather than a user at a time
        self._reload([k for k in dict.fromkeys((w.turn.tenant, w.turn.user_id) for w in works) if self._stale(k)])
        refs: dict[str, EntityRef] = {}
        b = Batch(works, refs, res)
        # the batch's English turns not parsed ahead (a bulk load's first batches, a live agent's every batch: the
        # journal held nothing past the batch before when it was taken) are parsed on the parse thread a chunk at a
        # time, before the next batch: this thread reads a chunk while the next one is parsed
        chunks = [works[i:i + PARSE_CHUNK] for i in range(0, len(works), PARSE_CHUNK)]
        parsing = [_PARSE_AHEAD.submit(_parse_ahead, chunk) for chunk in chunks]
        if ahead:
            self.parse_next(ahead)
        if not works:
            return b
        self._names = b.names = Once(self.embedder)
        # a chunk's unknown names, which the linker embeds, go to the embedding thread first (mentions need no
        # names learnt in this batch: the gazetteer changes only in ``_analyse``, after every chunk's mentions are
        # read); its live turns and statements after them and after every name: the commit waits for those, so
        # they are computed while this thread reads the rest
        for chunk, parsed in zip(chunks, parsing):
            if not parsed.cancel():   # a chunk the parse thread has not started is parsed here: it is behind
                _settle(parsed)
            _parse_ahead(chunk)       # finds the Docs parsed, or parses them
            for w in chunk:
                give_way.pause()   # a caller inside context()/recall runs first
                self._classify(w)
            self._extract_mentions(chunk)
            if self.link_with_embeddings:
                self._names.prefetch(_unknown_names(chunk))
            b.early += later(self.embedder, _texts(chunk, self.judge is not None))
        for w in works:
            give_way.pause()
            self._analyse(w, refs)
        self._unsettled.append(b)
        return b

    def parse_next(self, entries: list[Entry]) -> None:
        """Parse the English turns of ``entries`` on the parse thread (spaCy's parser and its matrix products run
        without the GIL, beside this thread's rules), a chunk at a time; the next ``prepare`` finds their ``Doc``s
        in ``nlp``'s cache (a ``Doc`` is the same whichever way it was parsed) and parses the rest."""
        texts = _entry_texts(entries)[:DOC_CACHE // 2]
        self._parsing = [_PARSE_AHEAD.submit(english_docs, texts[i:i + PARSE_CHUNK], batch_size=PARSE_BATCH)
                         for i in range(0, len(texts), PARSE_CHUNK)]

    def _parsed(self) -> None:
        """Wait for the chunk of the turns parsed ahead that is being parsed; those not started are not waited for
        (``prepare`` hands them to the parse thread again, or parses them here)."""
        parsing, self._parsing = self._parsing, []
        for f in [f for f in reversed(parsing) if not f.cancel()]:
            _settle(f)

    def _persisted_meanwhile(self, b: Batch) -> None:
        """An entity the batch before this one created was new when this batch was prepared (beside that batch's
        commit); that batch's ``after_commit`` has run since: it is not new any more (not created, embedded or
        counted again: LoCoMo's ``entities_created`` was 195-197 for 164 entities)."""
        for r in b.refs.values():
            st = self.users.get((r.tenant, r.user_id))
            if r.new and st is not None and r.id in st.persisted:
                r.new = False

    def finish(self, b: Batch) -> None:
        """The batch's vectors (waiting for those computed ahead) and what reads them before the plan: the
        small-talk examples. Once per batch, before its transaction (a retried one reuses them)."""
        if not b.finished:
            self._embed(b, b.early)
            self._small_talk_by_example(b)
            b.finished = True

    def commit(self, b: Batch) -> None:
        """One write transaction: lock the batch's users, read their active versions, plan (versioning, gate
        rule 3, the judge), write. Locking first serialises concurrent writers of the same user (other
        processes, other hosts), so two of them can never both supersede the same version. Reads shared state
        (recent turns) but changes none of it; may run on a committer thread. Waits for the batch's vectors
        first (``finish``)."""
        try:
            self._commit(b)
            b.ok = True
        except BaseException:
            self.discard(b)   # nothing of it was written: what preparing it taught the users' states goes
            raise
        finally:
            b.committed.set()

    def _commit(self, b: Batch) -> None:
        if not b.works:
            return
        self._persisted_meanwhile(b)
        self.finish(b)
        pre = [(w.verdict, w.reason) for w in b.works]
        base_done, base_skipped = list(b.res.done), b.res.skipped
        # a user the batch creates is created by its first turn (what a one-turn batch of that turn would write)
        first = {}
        for w in b.works:
            first.setdefault((w.turn.tenant, w.turn.user_id), w.turn.at)
        users = [{"tenant": t, "user_id": u, "at": first[(t, u)].isoformat()} for t, u in sorted(first)]

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
            if t.role == "user":   # what the user's turn claims, for the conflict rule of a later recall of it
                claims.remember(t.text, t.at, a.statements)
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
        """Linking and entity resolution of one turn (``graphmem.write.entities``)."""
        if w.verdict:
            return
        try:
            entities.resolve_turn(w, self.user(w.turn.tenant, w.turn.user_id), refs,
                                  self._names if self.link_with_embeddings else None)
            # a type a later turn learns is not what this one wrote (``rows``: the row takes its last user's)
            w.types = {r.id: r.type for r in (*w.entity_of.values(), *w.object_of.values())}
            w.types.update((i, refs[i].type) for i in w.mention_ids if i in refs)
        except Exception as e:  # a turn the linker cannot handle is rejected and counted, never a crash
            self._invalid(w, e)

    # -- embeddings, versioning plan, gate rule 3 -----------------------------------------------------------
    def _embed(self, b: Batch, early: Future | list[Future] | None = None) -> None:
        """Vectors of the live turns, their statements and new entities' names; ``early``: those of the turns
        and statements, computed ahead (``_texts``), from which only what is still live is kept."""
        texts = _texts(b.works, self.judge is not None) + [r.name for r in b.refs.values() if r.new]
        known = {}
        for f in ([] if early is None else [early] if isinstance(early, Future) else early):
            known.update((t, v) for t, v in f.result().items() if t not in known)
        missing = [t for t in dict.fromkeys(texts) if t not in known]
        if missing:
            known.update(zip(missing, (b.names if b.names is not None else self._names).embed(missing)))
        b.vec = {t: known[t] for t in dict.fromkeys(texts)}

    def _small_talk_by_example(self, b: Batch) -> None:
        """Gate rule 1 where the rules have no words: a user turn without a fact (event clauses at most) that reads
        like small talk. A check that fails keeps the turns (the rules decide alone), it never loses them."""
        todo = [w for w in b.works if not w.verdict and _small_talk_read(w)]
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
        removals.resolve(live, tx)   # "we had to rehome Biscuit": the key that holds the value it removes
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
            # the last RECENT_EVENTS turns, whether the batch's own or committed before it (a batch saw more)
            w.duplicate = only_repeats and exact_repeat(said, (recent + mine)[-RECENT_EVENTS:])
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
        w.entity_of[i] = entities.self_entity(self.user(t.tenant, t.user_id), b.refs, t)
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
        with contextlib.suppress(ValueError):
            self._unsettled.remove(b)
        for tenant, user_id in b.forgotten:   # the cached entities of a forgotten user are reloaded
            self.invalidate(tenant, user_id)
        self._learn_written(b)
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
    texts = _parse_texts(works)
    if texts:
        english_docs(texts[:DOC_CACHE // 2], batch_size=PARSE_BATCH)   # the first ones: more would push them out


def _parse_texts(works: list[TurnWork]) -> list[str]:
    """The English turns to parse, each followed by what the gate reads of it besides (``sign_off_bodies``: the
    part before a sign-off, which the statement rules parse too)."""
    return [x for w in works for x in _to_parse(w.turn.text, w.turn.role, w.turn.facts,
                                                 w.turn.analysis is not None and w.turn.analysis.mentions is not None)]


def _entry_texts(entries: list[Entry]) -> list[str]:
    """``_parse_texts`` of journal entries, read from their payloads: a whole ``Prepared`` (its time, event id,
    facts) only for an entry journaled with a reading, whose mentions decide (LoCoMo: 256 entries a batch ahead)."""
    return [x for e in entries for x in (
        _parse_texts([TurnWork(Prepared.from_payload(e.key, e.payload))]) if e.payload.get("analysis")
        else _to_parse(e.payload["text"], e.payload.get("role") or "user", e.payload.get("facts"), False))]


def _to_parse(text: str, role: str, facts, mentions_read: bool) -> list[str]:
    """A turn's texts to parse: none for a turn with the caller's facts, with its mentions already read, not in
    English, or an assistant's mere reaction (the gate turns it away on its words alone, ``reaction_only``)."""
    if facts is not None or mentions_read or not linking.is_english_text(text) or reaction_only(text, role):
        return []
    return [text, *sign_off_bodies(text)]


#: one thread per process that parses the next batch's English turns while the writer's thread reads this one
_PARSE_AHEAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="graphmem-parse")


def _settle(parsing: Future) -> None:
    """Wait for a parse on the parse thread (one that failed is done again where the turns are read)."""
    try:
        parsing.result()
    except Exception as e:
        log.warning("parsing ahead failed, the turns are parsed where they are read: %s", e)


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


def _texts(works: list[TurnWork], judged: bool = False) -> list[str]:
    """The texts of the live turns of a batch to embed, in order and once each: the turn, its statements. Not a
    turn the gate rejects whatever the plan finds (``gate.rejected_anyway``; MemoryBank en: an assistant's reply with
    no statement and no mention, 7 % of the texts, whose vectors nothing read); one that a name learnt later in the
    batch keeps after all is embedded by ``_embed``."""
    out: dict[str, None] = {}
    for w in works:
        if not w.verdict and not rejected_anyway(w.label, w.has_information, len(w.statements), len(w.mentions),
                                                 w.personal, w.advice, judged or _small_talk_read(w)):
            out.setdefault(w.turn.text)
            for s in w.statements:
                if s.text:
                    out.setdefault(s.text)
    return list(out)


def _small_talk_read(w: TurnWork) -> bool:
    """Whether the gate reads the turn for small talk by its vector (``Pipeline._small_talk_by_example``)."""
    return w.turn.role in SPEAKS_FOR_SELF and w.turn.facts is None and all(s.kind == "event" for s in w.statements)


def _unknown_names(works: list[TurnWork]) -> list[str]:
    """Named mentions no known name covers, of the live turns: what the linker embeds ("new" or ambiguous named
    mentions) and what a new entity is named."""
    return [m.surface for w in works if not w.verdict for m in w.mentions if m.kind == "named" and not m.known_ids]
