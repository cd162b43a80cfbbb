"""The graph-aware retriever: multi-path recall from Neo4j, merged and ranked by the pure scoring function,
rewritten in the second person and packed for the short-term layer.

Paths (each a named query in ``cypher/recall/``, each scoped by ``(tenant, user_id)`` with parameters):

- ``vector``: facts and events (and entities, which seed the graph path) by cosine to the query. Neo4j 5.26
  vector indexes cannot filter, so ``index`` mode over-fetches from the HNSW index and filters by tenant,
  user and status (fine while a user owns a large share of the store; with 100 users the user's nodes are
  mostly not among the global nearest, see ``bench/results/recall.md``). ``scan`` mode computes the exact
  cosine in Cypher over the user's own nodes (owner index; ~0.1 ms a node). ``cache`` mode (the default)
  keeps each active user's vectors in this process (loaded once by ``recall/user_vectors``, refreshed with
  what was recorded since, least-recently-used users dropped beyond ``vector_cache_mb``), ranks them with
  numpy, over-fetches, and fetches the winners by id with the tenant/user/status filter in Cypher.
- ``fulltext``: in cache mode, Okapi BM25 over the user's own texts (:mod:`.lexical`: English words, Chinese
  characters and bigrams; a participant's turn is indexed with their name). In the other modes the
  ``memory_text`` index (``cjk`` analyzer), over-fetched and filtered by tenant/user/status, with
  ``recall/fulltext_scan`` over the user's own nodes when other users' matches crowd them out.
- ``graph``: entities linked in the input (the user's names and aliases, and the linker when it finds more)
  → their cards' facts, events that mention them (in cache mode from the cached mentions), and ``RELATED``
  entities up to two hops (the user's own entity is never a hop, or everything would be two hops from
  everything).
- ``session``: the messages said right before and after the best vector and BM25 hits (an answer follows its
  question).
- ``later``: for a question about the value that holds now ("…at the moment?", 现在), the later messages that
  restate the best hits, and then what restates those ("41 cent for February" → "back up a bit, 43 cent for
  March"): a changed value need not repeat the question's words (cache mode; ranking decides, by ``link_newer``).
- ``recency``: the latest events (inside the period the question names, if any) and the latest facts.
- ``window``: for a question that names a period ("last week", "上个月"), the latest events and facts said in it
  (``recency`` within the period; nothing when ``recency`` runs, when no period is named, or when the input does
  not ask: a chat that tells of a day asks for other memories).
- ``slots``: when nothing links and the input points back ("那个方案", "that plan"), the entity of the
  session's slot table it points to seeds the graph path.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Any

import numpy as np

from graphmem import give_way, lang as langs
from graphmem.errors import InputError
from graphmem.linking import lexicon
from graphmem.linking.kin import named_roles
from graphmem.model import EntityCard, FactVersion, Profile, polarity_sign
from graphmem.recall import packing, rewrite as rw, scoring
from graphmem.recall.focus import focus, stems
from graphmem.recall import paths as recall_paths
from graphmem.recall.cache import NONE, QueryView, UserNames, UserVectors
from graphmem.recall.paths import native_time
from graphmem.recall.gate import ContextGate, Injected, gate
from graphmem.recall.query import QueryInfo, analyse
from graphmem.recall.scoring import ScoringConfig
from graphmem.recall.types import ASSISTANT_KINDS, PATHS, Candidate, Recalled, RelatedEntity
from graphmem.settings import Settings
from graphmem.short_term.session import validate_message
from graphmem.store import Store, Tx
from graphmem.write.sanitize import owner_id

log = logging.getLogger("graphmem.recall")

@dataclass(frozen=True)
class RecallConfig:
    """Everything the retriever does is set here; the defaults are the measured ones."""

    # recency is a feature of every memory, not a path of its own: as a path it cost 1 point of R@10 on the LoCoMo
    # dev split for 0.5 on the own sets (a path stays only if it helps on both); paths=PATHS still runs it. Within
    # the period a question names (``window``) it helps on both: own sets recall@5 +2.5 probes, context() +2.5,
    # LoCoMo dev R@5 / R@20 +0.3 / +0.2 (bench/results/own_sets.md, stop 60)
    paths: frozenset[str] = frozenset(PATHS) - {"recency"}
    k: int = 8                        # memories returned to the short-term layer (before packing)
    token_budget: int = 600           # at most this many tokens of long-term memory handed to a session
    vector_k: int = 12                # per label (facts, events)
    entity_k: int = 4
    vector_mode: str = "cache"        # cache | scan | index (see the module docstring)
    vector_cache_mb: int = 256        # cache mode: the users' vectors kept in this process, least recent out
    vector_hot_mb: int = 64           # ... and the most recently recalled users' also as float32 (no conversion a query)
    over_fetch: int = 25              # index mode: fetch k × over_fetch from the index, then filter
    index_fetch_max: int = 4_000
    fulltext_k: int = 20              # 12 / 16 / 20 / 30 measured at stop 57 (bench/results/own_sets.md)
    fulltext_fetch: int = 300
    quote_whole: int = 2              # the best this many memories are quoted whole; a longer message after them is
    quote_chars: int = 200            # cut to its sentences that bear on the question (0: never; bench/quote_sweep.py)
    whole_chars: int = 200            # a clause or fact is shown as the message it was drawn from when that is
                                      # this short (0: never): the words around it answer too (own_sets.md, stop 59)
    graph_hops: int = 2
    graph_per_entity: int = 6
    session_of: int = 8               # the neighbours (previous and next message) of this many best hits
    later_of: int = 3                 # later messages that say again what this many best hits say ...
    later_k: int = 2                  # ... at most this many of each (the best by BM25 of the hit's text ...
    later_fetch: int = 12             # ... among this many)
    later_current_only: bool = True   # ... only for a question about the value that holds now
    later_chain: bool = True          # ... and again from each one found
    graph_max_seeds: int = 5
    graph_fetch: int = 60
    entity_link_min: float = 0.55     # an entity found by vector/full-text seeds the graph at this cosine
    hop_weight: float = 0.6           # graph weight per hop (1, 0.6, 0.36)
    slot_weight: float = 0.9
    type_weight: float = 0.6          # entities of the type a question asks for ("what car" → the user's cars)
    type_max_seeds: int = 3           # ... the most recently mentioned ones
    recency_k: int = 4
    exclude_current_session: bool = True   # this session's turns are already in the short-term layer
    use_linker: bool = False          # also ask graphmem.linking (spaCy mentions + link) besides exact names: off,
                                      # it changed no result on LoCoMo dev or the own sets and cost ~20 ms a query
    entity_cache_seconds: float = 30.0
    scoring: ScoringConfig = field(default_factory=ScoringConfig)
    # context() only (recall() keeps min_score): inject nothing unless a memory scores 0.02 and is semantically
    # close (0.1) or scores 0.2, or is very close (0.3); a question not about the user needs a memory tied to it (a
    # shared content term or a link) scoring 0.07 and close (0.1), or an untied one scoring 0.25 and close (0.25) or
    # very close (0.45), and a past request for a text is no evidence; a memory reached from an entity the question
    # names ("my little girl" → Nora) counts as close. How these were fitted, and what each cost:
    # graphmem.recall.gate's docstring and bench/results/offtopic.md
    context_gate: ContextGate = ContextGate(
        min_best=0.02, min_semantic=0.1, sure=0.2, close=0.3, named=1.0,
        impersonal=ContextGate(min_best=0.07, min_semantic=0.1, past_requests=False,
                               unlinked=ContextGate(min_best=0.25, min_semantic=0.25, close=0.45)))

    def without(self, *paths: str) -> "RecallConfig":
        return replace(self, paths=frozenset(self.paths) - set(paths))


def _norm(s: str) -> str:
    import unicodedata

    return " ".join(unicodedata.normalize("NFKC", s or "").casefold().split())


def _of_types(u: "UserNames", types: Sequence[str], n: int) -> list[tuple[str, str]]:
    """The user's ``n`` most recently mentioned entities whose type is one of ``types`` or below one."""
    hits = [r for eid, r in u.ids.items() if eid != u.self_id and r["type"]
            and any(t in lexicon.ancestors(r["type"]) for t in types)]
    hits.sort(key=lambda r: (r.get("last_seen") or 0, r.get("mention_count") or 0), reverse=True)
    return [(r["id"], r["name"] or "") for r in hits[:n]]


def _named(row: dict | None) -> tuple | None:
    """What of a cached entity row the gazetteer and the names read."""
    return None if row is None else (row["name"], row["type"], tuple(row["aliases"] or ()), row["is_self"])


def _user_names(ids: dict[str, dict], version: Any, written: int, loaded: float,
                like: UserNames | None = None) -> UserNames:
    """The names cache of a user's entity rows (``like``: a cache whose names are the same, whose gazetteer and
    name index are kept)."""
    from graphmem.linking.gazetteer import Gazetteer
    from graphmem.linking.types import KnownEntity

    self_id = next((i for i, r in ids.items() if r["is_self"]), None)
    if like is not None:
        return UserNames(loaded, like.gazetteer, like.names, ids, self_id, version, written)
    known, names = [], {}
    for r in ids.values():
        if r["is_self"]:
            continue
        known.append(KnownEntity(r["id"], r["name"] or "", r["type"] or "", tuple(r["aliases"] or ())))
        for s in (r["name"], *(r["aliases"] or ())):
            if s:
                names.setdefault(_norm(s), r["id"])
    return UserNames(loaded, Gazetteer(known), names, ids, self_id, version, written)


QUERY_VECTORS = 256   # prepared query vectors a retriever keeps at most (``Retriever._query_vector``)


class _Timed:
    """A transaction that adds each query's wall time to ``spent`` (``last_timings``: where a slow recall spends
    its time)."""

    def __init__(self, tx: Tx, spent: dict[str, float]) -> None:
        self.tx, self.spent = tx, spent

    def run(self, name: str, params: dict) -> list[dict]:
        t0 = time.perf_counter()
        try:
            return self.tx.run(name, params)
        finally:
            key = "q_" + name.split("/")[-1] + "_ms"
            self.spent[key] = self.spent.get(key, 0.0) + (time.perf_counter() - t0) * 1e3


class Retriever:
    """Long-term recall for one store. Thread-safe. Plugs into ``graphmem.short_term.Session`` as its
    ``retriever`` (``retriever(user_input, session)``), and offers the relational API."""

    def __init__(self, store: Store | None = None, settings: Settings | None = None, *, embedder=None,
                 config: RecallConfig | None = None, llm_rewrite: Callable[[str, str], str] | None = None,
                 counter: Callable[[str], int] | None = None, clock: Callable[[], datetime] | None = None):
        self.settings = settings or (store.settings if store else Settings.from_env())
        self._own_store = store is None
        self.store = store or Store(self.settings)
        self._embedder = embedder
        self.config = config or RecallConfig()
        self.llm_rewrite = llm_rewrite
        self._counter = counter
        self._clock = clock or (lambda: datetime.now(timezone.utc))
        self._users: dict[tuple[str, str], UserNames] = {}
        self._vecs: dict[tuple[str, str], UserVectors] = {}
        self._loading: dict[tuple[str, str], threading.Lock] = {}
        self._executor = None
        self._refreshing: set[tuple] = set()
        self._priming: dict[tuple[str, str], Future] = {}   # per user, the read-ahead of the texts last loaded
        self._hot: dict[tuple[str, str], UserVectors] = {}    # users whose vectors are also float32, most recent last
        self._written: dict[tuple[str, str], int] = {}        # a user's commits by this process (a cache holds
        self._topping_up: set[tuple[str, str]] = set()        # all with .written equal); users being topped up
        # per user, the entities this process's commits upserted since the user's names were read (None: not known,
        # read them all again): a top-up reads only those
        self._touched: dict[tuple[str, str], set[str] | None] = {}
        self._lock = threading.Lock()
        self._query_vecs: dict[str, tuple[float, ...]] = {}   # vectors ``prepare`` embedded, not used yet
        self.last_timings: dict[str, float] = {}

    # -- plumbing ---------------------------------------------------------------------------------------------
    @property
    def embedder(self):
        if self._embedder is None:
            from graphmem.embedders import get_embedder
            self._embedder = get_embedder(self.settings)
        return self._embedder

    @property
    def counter(self) -> Callable[[str], int]:
        if self._counter is None:
            from graphmem.short_term.tokens import as_counter
            self._counter = as_counter(None)
        return self._counter

    @property
    def clock(self) -> Callable[[], datetime]:
        """What "now" is for time decay and "last week" (settable: a simulation's clock)."""
        return self._clock

    @clock.setter
    def clock(self, fn: Callable[[], datetime]) -> None:
        self._clock = fn

    def gazetteer(self, user_id: str, tenant: str | None = None):
        """The user's entity names and aliases as a ``graphmem.linking.Gazetteer`` (cached)."""
        return self._user(tenant or self.settings.tenant, user_id).gazetteer

    def close(self) -> None:
        """Stop the background work (cache top-ups, loads) before the store it uses closes."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
        if self._own_store:
            self.store.close()

    def invalidate(self, user_id: str | None = None, tenant: str | None = None) -> None:
        """Forget cached entity names (all users, or one) so the next recall sees new entities."""
        with self._lock:
            self._hot.clear()
            if user_id is None:
                self._users.clear()
                self._vecs.clear()
                self._touched.clear()
            else:
                self._users.pop((tenant or self.settings.tenant, user_id), None)
                self._vecs.pop((tenant or self.settings.tenant, user_id), None)
                self._touched.pop((tenant or self.settings.tenant, user_id), None)

    def written(self, users: Mapping[tuple[str, str], Collection[str] | None] | Iterable[tuple[str, str]]) -> None:
        """A writer of this process committed turns of these ``(tenant, user_id)``s (a mapping: to the ids of the
        entities the commit upserted, None where not known): their caches are topped up at once in the background
        (one query for what was recorded since, one for those entities), so the next recall usually finds them
        fresh; a recall that comes first waits for that top-up or makes it, so what this process wrote is seen at
        once. ``Memory`` wires it to its writer; writes from other processes are seen by the background check."""
        touched = users if isinstance(users, Mapping) else dict.fromkeys(users)
        start = []
        with self._lock:
            for key in touched.keys() & (self._users.keys() | self._vecs.keys()):
                self._written[key] = self._written.get(key, 0) + 1
                ids, had = touched[key], self._touched.get(key, set())
                self._touched[key] = None if ids is None or had is None else had | set(ids)
                if key not in self._topping_up:
                    self._topping_up.add(key)
                    start.append(key)
        for key in start:
            self._pool().submit(self._top_up, key)

    def _top_up(self, key: tuple[str, str]) -> None:
        """Bring the caches of ``key`` up to its last commit (again while commits come in during it), off the
        caller's thread."""
        tenant, user_id = key
        try:
            while True:
                with self._lock:
                    need = self._written.get(key, 0)
                    u, v = self._users.get(key), self._vecs.get(key)
                version = self._version(tenant, user_id) if (u and u.written < need) or (v and v.written < need) \
                    else None
                if u is not None and u.written < need:
                    self._load_user(tenant, user_id, version, stale=u, touched_only=True)
                if v is not None and v.written < need:
                    self._load_vectors(tenant, user_id, v, version)
                with self._lock:
                    if self._written.get(key, 0) == need:
                        self._topping_up.discard(key)
                        return
        except Exception as e:  # the next recall tops up itself
            log.info("recall cache top-up failed for %s: %s", key, e)
            with self._lock:
                self._topping_up.discard(key)

    def _behind(self, key: tuple[str, str], cache: "UserNames | UserVectors") -> bool:
        """Whether this process committed turns of ``key`` that ``cache`` does not hold."""
        with self._lock:
            return cache.written < self._written.get(key, 0)

    def _user(self, tenant: str, user_id: str) -> UserNames:
        key = (tenant, user_id)
        now = time.monotonic()
        with self._lock:
            u = self._users.get(key)
        if u is not None and not self._behind(key, u):
            if now - u.loaded >= self.config.entity_cache_seconds:
                self._refresh(key, lambda: self._revalidate(tenant, user_id))
            return u
        return self._load_user(tenant, user_id, stale=u, touched_only=True)

    def _version(self, tenant: str, user_id: str):
        rows = self.store.run("recall/user_version", {"tenant": tenant, "user_id": user_id})
        return native_time(rows[0]["version"]) if rows else None

    def _revalidate(self, tenant: str, user_id: str) -> None:
        """Background check of a user's caches: one index seek for the user's ``last_seen`` (the write path
        moves it with every stored turn); only if it moved are names reloaded and vectors topped up."""
        key = (tenant, user_id)
        version = self._version(tenant, user_id)
        now = time.monotonic()
        with self._lock:
            u, v = self._users.get(key), self._vecs.get(key)
        if u is not None:
            if u.version == version:
                u.loaded = now
            else:
                self._load_user(tenant, user_id, version, stale=u)
        if v is not None:
            if v.version == version:
                v.loaded = now
            else:
                self._load_vectors(tenant, user_id, v, version)

    def _load_user(self, tenant: str, user_id: str, version: Any = None, stale: UserNames | None = None,
                   touched_only: bool = False) -> UserNames:
        """The user's names loaded (``stale``: the cached ones found out of date; a newer load finished while this
        one waited for the user's loader is taken instead). ``touched_only``: the cache is behind only by this
        process's commits, so only the entities they upserted are read again, when they are known."""
        key = (tenant, user_id)
        with self._load_lock(("names", *key)):   # one loader per user; the others wait for its result
            with self._lock:
                cur, written = self._users.get(key), self._written.get(key, 0)
                if cur is not None and cur is not stale and cur.written >= written:
                    return cur
                touched = self._touched.pop(key, set())   # the commits up to ``written``: read below
            try:
                if cur is not None and touched_only and touched is not None:
                    return self._keep_user(key, self._reread_entities(cur, tenant, user_id, touched, written))
                return self._keep_user(key, self._read_user(tenant, user_id, version, written))
            except BaseException:
                with self._lock:   # not read: the next load reads every entity
                    self._touched[key] = None
                raise

    def _read_user(self, tenant: str, user_id: str, version: Any, written: int) -> UserNames:
        loaded = time.monotonic()
        if version is None:
            version = self._version(tenant, user_id)
        rows = self.store.run("recall/entities", {"tenant": tenant, "user_id": user_id})
        return _user_names({r["id"]: r for r in rows}, version, written, loaded)

    def _reread_entities(self, cur: UserNames, tenant: str, user_id: str, ids: set[str], written: int) -> UserNames:
        """``cur`` with the entities ``ids`` read again (those no longer found dropped); the gazetteer is built
        again only if a name, an alias or a type changed. It keeps ``cur``'s version (the user's ``last_seen`` at
        the last full read) and its time: what another process wrote meanwhile is read in full at the next check."""
        rows = self.store.run("recall/entities_by_id", {"tenant": tenant, "user_id": user_id, "ids": sorted(ids)}) \
            if ids else []
        found = {r["id"]: r for r in rows}
        same = all(_named(found.get(i)) == _named(cur.ids.get(i)) for i in ids)
        merged = {i: r for i, r in cur.ids.items() if i not in ids or i in found}
        merged.update(found)
        return _user_names(merged, cur.version, written, cur.loaded, like=cur if same else None)

    def _keep_user(self, key: tuple[str, str], u: UserNames) -> UserNames:
        with self._lock:
            if len(self._users) > 5_000:
                self._touched.pop(old := next(iter(self._users)), None)
                self._users.pop(old)
            self._users[key] = u
        return u

    def _vectors(self, tenant: str, user_id: str) -> UserVectors:
        """The user's vectors, loaded on first use. Once older than ``entity_cache_seconds`` a background check
        compares the user's ``last_seen`` and, only if it moved, tops the cache up with what was recorded since;
        the caller never waits for it. Least-recently-used users leave beyond ``vector_cache_mb``.
        (What this process's writer committed is seen at once: ``written`` marks the cache behind.)"""
        key = (tenant, user_id)
        with self._lock:
            v = self._vecs.pop(key, None)
            if v is not None:
                self._vecs[key] = v                  # most recently used last
        if v is not None and self._behind(key, v):
            return self._heat(key, self._load_vectors(tenant, user_id, v))   # this process wrote: its top-up first
        if v is not None:
            if time.monotonic() - v.loaded >= self.config.entity_cache_seconds:
                self._refresh(key, lambda: self._revalidate(tenant, user_id))
            return self._heat(key, v)                 # stale-while-revalidate: never wait for a top-up
        return self._heat(key, self._load_vectors(tenant, user_id, None))

    def _heat(self, key: tuple[str, str], v: UserVectors) -> UserVectors:
        """Keep ``v`` (the user's current cache) also as float32, and so the most recently recalled users' within
        ``vector_hot_mb``; the others' float32 copies are dropped."""
        budget = self.config.vector_hot_mb * 1024 * 1024
        if 2 * sum(m.nbytes for m in v.mats.values()) > budget:
            return v
        with self._lock:
            if self._hot.get(key) is v and next(reversed(self._hot)) == key:
                return v
            self._hot.pop(key, None)
            self._hot[key] = v
        used = v.hot()
        with self._lock:
            for k in list(reversed(self._hot))[1:]:
                old = self._hot[k]
                size = old.hot() if old is self._vecs.get(k) else 0
                if size == 0 or used + size > budget:
                    del self._hot[k]
                    old.hot(False)
                else:
                    used += size
        return v

    def _refresh(self, key: tuple, load: Callable[[], Any]) -> None:
        """Run ``load`` once in the background (a refresh already running for ``key`` is not repeated)."""
        with self._lock:
            if key in self._refreshing:
                return
            self._refreshing.add(key)

        def go() -> None:
            try:
                load()
            except Exception as e:  # the stale cache keeps serving; the next recall tries again
                log.info("recall cache refresh failed for %s: %s", key, e)
            finally:
                with self._lock:
                    self._refreshing.discard(key)
        self._pool().submit(go)

    def _load_vectors(self, tenant: str, user_id: str, v: "UserVectors | None", version: Any = None) -> UserVectors:
        key = (tenant, user_id)
        with self._load_lock(key):                   # one loader per user; the others wait for its result
            with self._lock:
                cur, written = self._vecs.get(key), self._written.get(key, 0)
            if cur is not None and cur is not v and cur.written >= written and \
                    time.monotonic() - cur.loaded < self.config.entity_cache_seconds:
                return cur
            base = cur or UserVectors()
            since = base.watermark if cur is not None else None
            if version is None:
                version = self._version(tenant, user_id)   # read first: a write racing the load is seen next time
            rows = self.store.run("recall/user_vectors", {"tenant": tenant, "user_id": user_id, "since": since})
            fresh = base.extended([{**r, "at": native_time(r["at"])} for r in rows])
            fresh.version, fresh.written = version, written
            fresh.loaded = time.monotonic()
            with self._lock:
                self._vecs[key] = fresh
                budget = self.config.vector_cache_mb * 1024 * 1024
                while len(self._vecs) > 1 and sum(x.nbytes for x in self._vecs.values()) > budget:
                    self._vecs.pop(next(iter(self._vecs)))
        said = [r["said"] for r in rows if r.get("said")]
        if said:
            priming = self._priming[key] = self._pool().submit(scoring.prime, said)
            priming.add_done_callback(lambda done: self._priming.get(key) is done and self._priming.pop(key, None))
        return fresh

    def _pool(self):
        if self._executor is None:
            with self._lock:
                if self._executor is None:
                    from concurrent.futures import ThreadPoolExecutor
                    self._executor = ThreadPoolExecutor(max_workers=6, thread_name_prefix="graphmem-recall")
        return self._executor

    def _load_lock(self, key) -> threading.Lock:
        with self._lock:
            return self._loading.setdefault(key, threading.Lock())

    def warm(self, user_id: str, tenant: str | None = None) -> None:
        """Load a user's names (and, in cache mode, vectors, with what ranking reads of their texts) now, so the
        first recall is fast."""
        tenant = tenant or self.settings.tenant
        self._user(tenant, user_id)
        if self.config.vector_mode == "cache" and "vector" in self.config.paths:
            self._vectors(tenant, user_id)
            priming = self._priming.pop((tenant, user_id), None)
            if priming is not None:
                priming.result()

    def warm_async(self, user_id: str, tenant: str | None = None) -> None:
        """:meth:`warm` on a background thread (errors are logged, never raised); nothing when the user's caches
        are already loaded (once per user, not per session: the next recall revalidates them in the background)."""
        key = (tenant or self.settings.tenant, user_id)
        need_vectors = self.config.vector_mode == "cache" and "vector" in self.config.paths
        with self._lock:
            if key in self._users and (key in self._vecs or not need_vectors):
                return

        def go() -> None:
            try:
                self.warm(user_id, tenant)
            except Exception as e:  # warming is an optimisation only
                log.info("could not warm recall caches for %s: %s", user_id, e)
        threading.Thread(target=go, name="graphmem-recall-warm", daemon=True).start()

    # -- linking the input -------------------------------------------------------------------------------------
    def _link(self, text: str, u: UserNames, q: QueryInfo, slots, paths: frozenset[str],
              linked: dict[str, str] | None = None) -> dict[str, tuple[float, str, str]]:
        """entity id → (weight, path, via) for the entities the input refers to."""
        seeds: dict[str, tuple[float, str, str]] = {}
        if "graph" in paths and len(u.gazetteer):
            for start, end, found in u.gazetteer.find(text):
                for eid in found:
                    # the session read this turn with the tagger: a name it did not link that is written in lower
                    # case is another word there ("I hope so" is no mention of Hope); without a reading, it counts
                    if linked is not None and text[start:end].islower() and eid not in linked:
                        continue
                    seeds[eid] = (1.0, "graph", text[start:end])
            for surface, role in named_roles(text):   # "my little girl": the one daughter the user has
                pool = [e.id for e in u.gazetteer.with_role(role) if e.id in u.ids]
                if len(pool) == 1:
                    seeds.setdefault(pool[0], (1.0, "graph", surface))
            if linked is not None:          # the session already linked this very turn
                for eid, surface in linked.items():
                    if eid in u.ids and eid != u.self_id and eid not in seeds:
                        seeds[eid] = (1.0, "graph", surface)
            elif self.config.use_linker:
                for eid, score, surface in self._linker(text, u, slots):
                    if eid in u.ids and eid not in seeds:
                        seeds[eid] = (max(0.5, min(1.0, score)), "graph", surface)
        if "graph" in paths and q.types:
            for eid, name in _of_types(u, q.types, self.config.type_max_seeds):
                seeds.setdefault(eid, (self.config.type_weight, "graph", name))
        if "slots" in paths and not seeds and q.back_reference and slots is not None:
            hit = self._from_slots(slots, u, q.head)
            if hit:
                seeds[hit[0]] = (self.config.slot_weight, "slots", hit[1])
        return seeds

    def _linker(self, text: str, u: UserNames, slots) -> list[tuple[str, float, str]]:
        try:
            from graphmem.linking.api import extract_mentions, link
        except ImportError:  # pragma: no cover - linking ships with graphmem
            return []
        try:
            mentions = extract_mentions(text, u.gazetteer)
            if not mentions:
                return []
            from graphmem.linking.slots import SlotTable
            links = link(mentions, slots if slots is not None else SlotTable(), u.gazetteer, None)
        except Exception as e:  # the linker is best effort here; exact names already linked
            log.debug("linker failed during recall: %s", e)
            return []
        return [(ln.entity_id, float(ln.score or 0.0), ln.mention.surface) for ln in links
                if ln.status == "linked" and ln.entity_id]

    def _from_slots(self, slots, u: UserNames, head: str) -> tuple[str, str] | None:
        """The most recent slot the input points to (one whose name/type/surface has the head noun, if any)."""
        recent = list(slots.recent()) if hasattr(slots, "recent") else list(slots)
        resolved = []
        for s in recent:
            eid = s.key if s.key in u.ids else u.names.get(_norm(s.name)) or u.names.get(_norm(s.surface or ""))
            if eid is None and s.name and len(u.gazetteer):
                found = u.gazetteer.find(s.name)
                eid = found[0][2][0] if found else None
                if eid is None:
                    hits = u.gazetteer.fuzzy(s.name, None, limit=1, cutoff=90.0)
                    eid = hits[0][0] if hits else None
            if eid and eid != u.self_id:
                resolved.append((eid, s))
        if not resolved:
            return None
        if head:
            for eid, s in resolved:
                if head.lower() in f"{s.name} {s.type} {s.surface}".lower():
                    return eid, s.name
        eid, s = resolved[0]
        return eid, s.name

    # -- recall ------------------------------------------------------------------------------------------------
    @give_way.calling   # the writer's thread pauses meanwhile
    def recall(self, user_id: str, query: str, k: int | None = None, *, tenant: str | None = None,
               slots=None, session_id: str | None = None, explain: bool = False, now: datetime | None = None,
               language: str | None = None, paths: Iterable[str] | None = None,
               linked: dict[str, str] | None = None) -> list[Recalled]:
        """The ``k`` memories of ``user_id`` most relevant to ``query``, best first, rewritten in the second
        person in the query's language (a participant's words as theirs: "Melanie said …"). ``slots``: the
        session's slot table (for "that plan"); ``session_id``: leave this session's own turns out; ``explain``:
        attach, per memory, the paths that found it, every feature and its weighted contribution, and the score;
        ``paths``: override which paths run."""
        k = self.config.k if k is None else _positive_k(k)
        now = now or self._clock()
        t0 = time.perf_counter()
        q, merged, vc = self.candidates(user_id, query, tenant=tenant, slots=slots, session_id=session_id, now=now,
                                        paths=paths, linked=linked)
        t3 = time.perf_counter()
        lang = language if langs.has(language) else q.language if langs.has(q.language) else langs.DEFAULT
        ranked = scoring.rank(merged, q, now, k, self.config.scoring, vc.cosine if vc is not None else None)
        out = []
        names = frozenset(w for c, _ in ranked if c.speaker for w in c.speaker.lower().split())
        terms = stems(query) if self.config.quote_chars else frozenset()
        for i, (c, comp) in enumerate(ranked):
            words = c.whole or c.text
            quoted = bool(terms and words) and i >= self.config.quote_whole
            shown = replace(c, text=focus(words, terms, self.config.quote_chars) if quoted else words)
            text = rw.rewrite(shown, now, lang, self.llm_rewrite, names)
            expl = None
            if explain:
                expl = {"paths": dict(c.paths), "via": dict(c.via), "components": dict(comp), "score": comp["score"],
                        "similarity": c.sim, "status": c.status}
            out.append(Recalled(
                id=c.id, label=c.label, text=text, source_text=c.text, score=comp["score"], kind=c.kind or c.label,
                subject="" if c.is_self else (c.entity or ""), key=c.key, value=c.value,
                polarity=polarity_sign(c.polarity), status=c.status, entity_id=c.entity_id, when=c.t_from, last_seen=c.last_seen,
                mention_count=c.mention_count, paths=tuple(sorted(c.paths)), explanation=expl,
                **_provenance(c, vc)))
        t4 = time.perf_counter()
        self.last_timings = {**self.last_timings, "rank_ms": (t4 - t3) * 1e3, "total_ms": (t4 - t0) * 1e3}
        return out

    def candidates(self, user_id: str, query: str, *, tenant: str | None = None, slots=None,
                   session_id: str | None = None, now: datetime | None = None, paths: Iterable[str] | None = None,
                   linked: dict[str, str] | None = None) -> tuple[QueryInfo, list[Candidate], "UserVectors | None"]:
        """Every memory the recall paths found for ``query``, merged, with its features set and the later
        versions linked, before ranking (what :meth:`recall` ranks; ``bench/fit_ranking.py`` fits on it)."""
        query = validate_message(query)     # the same rules as a message: text, not empty, binary or oversized
        user_id = owner_id(user_id, "user_id")         # the same id rule as writes: nothing repaired
        cfg = self.config
        tenant = owner_id(tenant or self.settings.tenant, "tenant")
        now = now or self._clock()
        enabled = frozenset(paths) if paths is not None else cfg.paths
        unknown = set(enabled) - set(PATHS)
        if unknown:
            raise InputError(f"unknown recall paths {sorted(unknown)}; use {', '.join(PATHS)}")
        t0 = time.perf_counter()
        q = analyse(query, now)
        vec = self._query_vector(query)
        t1 = time.perf_counter()
        u = self._user(tenant, user_id)
        seeds = self._link(query, u, q, slots, enabled, linked)
        t2 = time.perf_counter()
        groups = self._run_paths(tenant, user_id, q, vec, seeds, session_id, enabled, u)
        t3 = time.perf_counter()
        merged = scoring.merge(groups)
        scoring.normalise_lexical(merged.values())
        vc = self._vecs.get((tenant, user_id)) if self.config.vector_mode == "cache" else None
        if vc is not None:
            _annotate(merged.values(), vc.query(query, np.asarray(vec, dtype=np.float32)), vc, query,
                      self.store.defaults["scopes"], cfg.whole_chars)
            pair = vc.pairwise(merged)
            # who a memory is about (sharing "团子" only says both are about the cat), not what it is about
            people = {i for i, r in u.ids.items() if not r["is_self"]
                      and {"person", "pet"} & set(lexicon.ancestors(r["type"] or ""))}
            names = [u.ids[i]["name"] or "" for i in people]
            scoring.implicit_supersede(merged.values(), pair, cfg.scoring, names=names)

            def named(c) -> frozenset[str]:
                return vc.mentions.get(c.id, NONE) | vc.mentions.get(c.source_id, NONE)
            scoring.link_newer(merged.values(), pair, cfg.scoring, names=names, entities=named,
                               things=(lambda c: named(c) - people) if q.current else None)
        self.last_timings = {"embed_ms": (t1 - t0) * 1e3, "link_ms": (t2 - t1) * 1e3, "paths_ms": (t3 - t2) * 1e3,
                             "features_ms": (time.perf_counter() - t3) * 1e3, "candidates": len(merged),
                             **getattr(self, "_query_ms", {})}
        return q, list(merged.values()), vc

    def _run_paths(self, tenant: str, user_id: str, q: QueryInfo, vec: list[float], seeds: recall_paths.Seeds,
                   session_id: str | None, paths: frozenset[str], u: UserNames) -> recall_paths.Groups:
        """Run the recall paths (:mod:`.paths`): in cache mode the planned rows' fetch by id, the graph and the key
        queries as independent read transactions side by side (the server has more than one core)."""
        cfg = self.config
        vc = self._vectors(tenant, user_id) if cfg.vector_mode == "cache" and paths & {"vector", "fulltext", "graph"} \
            else None
        base = {"tenant": tenant, "user_id": user_id, "statuses": ["active", "outdated"] if q.past else ["active"],
                "session_id": session_id, "vector": None if vc is not None else vec}   # cache mode: cosines in process
        run = recall_paths.Run(cfg, q, vec, paths, u, vc, base, dict(seeds))
        spent: dict[str, float] = {}

        def timed(job: Callable[[Any, recall_paths.Groups], None]) -> Callable[[Tx], recall_paths.Groups]:
            def go(tx: Tx) -> recall_paths.Groups:
                out: recall_paths.Groups = []
                job(_Timed(tx, spent), out)
                return out
            return go

        if vc is not None and ("vector" in paths or "fulltext" in paths):
            rows = recall_paths.plan(run)
            jobs = []
            if rows["facts"] or rows["events"] or run.graph_on:   # the graph path's statement goes with the fetch
                jobs.append(lambda tx, out: recall_paths.fetch(run, tx, out, rows))
            if run.own_keys():
                jobs.append(lambda tx, out: recall_paths.own_keys(run, tx, out))
            # the others on the pool, the first on this thread (no hand-off to wait for), the groups in job order
            others = [self._pool().submit(self.store.read_auto, timed(job)) for job in jobs[1:]]
            parts = [self.store.read_auto(timed(jobs[0]))] if jobs else []
            groups = [g for part in parts + [f.result() for f in others] for g in part]
        else:
            def every(tx, out: recall_paths.Groups) -> None:
                for job in (recall_paths.uncached, recall_paths.graph_related, recall_paths.graph_events,
                            recall_paths.recency):
                    job(run, tx, out)
                if run.own_keys():
                    recall_paths.own_keys(run, tx, out)
            groups = self.store.read(timed(every))
        self._query_ms = spent
        if vc is not None:
            recall_paths.similarities(run, groups)
        return groups

    def _query_vector(self, query: str, keep: bool = False) -> list[float]:
        """``query``'s vector. ``keep``: kept for the next recall of the same text (``prepare`` embeds it ahead of
        that recall), which takes it: a vector is used once, so a repeated question costs what a new one does and
        what a benchmark times is the same with and without a recall before it. At most ``QUERY_VECTORS`` kept."""
        with self._lock:
            vec = self._query_vecs.pop(query, None)
        if vec is None:
            vec = tuple(float(x) for x in self.embedder.embed([query])[0])
        if keep:
            with self._lock:
                if len(self._query_vecs) >= QUERY_VECTORS:
                    self._query_vecs.pop(next(iter(self._query_vecs)))
                self._query_vecs[query] = vec
        return list(vec)

    # -- the short-term layer's retriever interface --------------------------------------------------------
    def prepare(self, user_input: str, session) -> None:
        """What the recall of ``user_input`` for ``session`` needs that does not depend on the session's reading of
        its last message: the query's vector and the user's caches brought up to this process's commits. A session's
        ``context()`` calls it while its worker reads the message just added (the embedding's numpy and the cache
        queries leave the interpreter to that reading), then waits for the reading and recalls as before."""
        query = validate_message(user_input)
        self._query_vector(query, keep=True)
        tenant = owner_id(getattr(session, "tenant", None) or self.settings.tenant, "tenant")
        user_id = owner_id(session.user_id, "user_id")
        self._user(tenant, user_id)
        if self.config.vector_mode == "cache" and self.config.paths & {"vector", "fulltext", "graph"}:
            self._vectors(tenant, user_id)

    def __call__(self, user_input: str, session) -> list:
        """``graphmem.short_term.Session`` calls this from ``context()``: recall for the session's user,
        with its slot table, leaving this session's own turns out, packed into the long-term share."""
        cfg = self.config
        lang = getattr(getattr(session, "state", None), "lang", None)
        slots = getattr(session, "slots", None)
        linked = None
        try:   # the input is the turn the session just recorded: its linker already put the entities in the slots
            last = [m for m in session.messages if m.role == "user"][-1:]
            if last and last[0].text == user_input and slots is not None:
                linked = {s.key: s.surface or s.name for s in slots.recent() if s.turn == last[0].turn}
        except Exception:  # a session without these attributes: link here
            linked = None
        found = self.recall(session.user_id, user_input, cfg.k, tenant=getattr(session, "tenant", None),
                            slots=slots, session_id=session.session_id if cfg.exclude_current_session else None,
                            language=lang if langs.has(lang) and _mixed(user_input) else None, linked=linked,
                            explain=cfg.context_gate.needs_semantic)
        found, why = gate(found, cfg.context_gate, question=user_input)   # nothing relevant: nothing injected
        budget = cfg.token_budget
        sb, share = getattr(session, "budget", None), getattr(session, "long_term_share", None)
        if sb and share:
            budget = min(budget, int(sb * share))
        counter = getattr(session, "counter", None) or self.counter
        kept, _ = packing.pack(found, budget, counter, text=lambda r: r.text)
        out = Injected(kept)   # the session's context views them as ``short_term.conflict.MemoryItem``
        out.why = why
        return out

    # -- the relational API ------------------------------------------------------------------------------------
    def related(self, user_id: str, entity: str, hops: int = 2, *, tenant: str | None = None,
                include_outdated: bool = False, limit: int = 50) -> list[RelatedEntity]:
        """Entities related to ``entity`` (a name, alias or id) within ``hops`` (1 or 2) ``RELATED`` edges,
        nearest first, with the relations walked."""
        from graphmem.write.reads import entity_id

        if hops not in (1, 2):
            raise InputError("hops must be 1 or 2")
        tenant = tenant or self.settings.tenant
        eid = entity_id(self.store, user_id, entity, tenant=tenant)
        rows = self.store.run("recall/related", {"tenant": tenant, "user_id": user_id, "entity_id": eid,
                                                 "hops": hops, "include_outdated": include_outdated, "limit": limit})
        return [RelatedEntity(r["id"], r["name"], r["type"], int(r["hops"]), tuple(r["path"])) for r in rows]

    def card(self, user_id: str, entity: str, *, tenant: str | None = None) -> EntityCard:
        from graphmem.write.reads import card
        return card(self.store, user_id, entity, tenant=tenant or self.settings.tenant)

    def history(self, user_id: str, entity: str, attribute: str | None = None, *,
                tenant: str | None = None) -> list[FactVersion]:
        from graphmem.write.reads import history
        return history(self.store, user_id, entity, attribute, tenant=tenant or self.settings.tenant)

    def as_of(self, user_id: str, when: datetime, *, attribute: str | None = None, entity: str | None = None,
              kind: str | None = None, tenant: str | None = None) -> list[FactVersion]:
        from graphmem.write.reads import as_of
        return as_of(self.store, user_id, when, key=attribute, entity=entity, kind=kind,
                     tenant=tenant or self.settings.tenant)

    def profile(self, user_id: str, *, tenant: str | None = None) -> Profile:
        from graphmem.write.reads import profile
        return profile(self.store, user_id, tenant=tenant or self.settings.tenant)


def _positive_k(k) -> int:
    """``k`` as a count of memories: a positive whole number (not NaN, not a bool, not ≤ 0)."""
    if isinstance(k, bool) or not isinstance(k, (int, float)) or k != k or k < 1 or k != int(k):
        raise InputError(f"k must be a positive whole number, got {k!r}")
    return int(k)


def _annotate(cands: Iterable[Candidate], view: "QueryView", vc: "UserVectors", query: str,
              scopes: Sequence[str] | None = None, whole_chars: int = 0) -> None:
    """The query-dependent features the cache can tell for any memory: BM25, who said it (and whether the
    question names them), how relevant its neighbouring messages are (someone else's, the user and the assistant
    being two people; only those the reader may see: ``scopes``, None for all), whether it is itself a question.
    Asked what the assistant said (each pack's ``asks_assistant``: "which plant did you recommend?"), an assistant
    reply is as similar and as lexically close as the user's message it answered: the question names the exchange,
    the reply holds the answer (LongMemEval-shaped dev: R@1 23.9 -> 27.2, nothing else moved). A clause or fact drawn
    from a message of at most ``whole_chars`` characters is shown as that message (``Candidate.whole``): "I started
    full-time freelance last October" leaves out the "…, doing UI design" the question asks for."""
    low = query.casefold()
    seen = None if scopes is None else frozenset(scopes)
    to_assistant = bool(langs.union("asks_assistant").search(query))   # "which plant did you recommend?"
    for c in cands:
        turn = vc.turns.get(c.id) or vc.turns.get(c.source_id or "")
        if c.label == "event" and turn and turn[4]:
            c.source_id = turn[4]          # a clause drawn from a message: its source is that message
        words = vc.message(c.source_id) if c.source_id and c.source_id != c.id else ""
        if len(c.text or "") < len(words) <= whole_chars:
            c.whole = words
        if c.speaker is None and turn and turn[3] == "participant":
            c.speaker = turn[2]
        c.features["lexical"] = view.lexical(c.id)
        if c.speaker:
            c.features["speaker"] = 1.0 if _names(c.speaker.casefold(), low) else 0.0
        message = c.id if c.label == "event" and (not turn or turn[4] is None) else (turn[4] if turn else None)
        # an exchange: what someone else said right before or after it ("What did it look like?" → the answer)
        near = [n for n in vc.neighbours(message) if vc.turns[n][2:4] != (turn[2:4] if turn else (None, None))
                and (seen is None or vc.scope.get(n, "user") in seen)] if message else ()
        c.features["neighbour"] = max((view.relevance(n) for n in near), default=0.0)
        if to_assistant and c.kind in ASSISTANT_KINDS:   # asked what it said: its reply to the exchange that matches
            asked = [n for n in near if vc.turns[n][3] == "user"]
            c.features["lexical"] = max([c.features["lexical"], *(view.lexical(n) for n in asked)])
            c.sim = max([c.sim or 0.0, *(view.sim(n) for n in asked)])
        c.features["assistant"] = 1.0 if c.kind in ASSISTANT_KINDS and not to_assistant else 0.0
        c.features["question"] = 1.0 if c.label == "event" and scoring.asks(c.text or "") else 0.0


def _names(name: str, text: str) -> bool:
    """``text`` names ``name`` (its first word, as a whole word: "Caroline" in "What did Caroline research?")."""
    first = name.split()[0] if name.split() else ""
    if not first:
        return False
    if not first.isascii():
        return first in text
    i = text.find(first)
    while i >= 0:
        before, after = text[i - 1:i], text[i + len(first):i + len(first) + 1]
        if not (before.isalnum() or after.isalnum()):
            return True
        i = text.find(first, i + 1)
    return False


def _provenance(c: Candidate, vc: "UserVectors | None") -> dict:
    """The session, turn and speaker of the message a memory comes from (from the user's cached index)."""
    turn = vc.turns.get(c.id) or vc.turns.get(c.source_id or "") if vc is not None else None
    if not turn:
        return {"session_id": c.session_id}
    session, turn_id, speaker, role, _ = turn
    return {"session_id": session, "turn_id": turn_id, "speaker": speaker if role == "participant" else None}


def _mixed(text: str) -> bool:
    from graphmem.linking.normalize import detect_language
    return detect_language(text) == "mixed"


def render(memories: Sequence[Recalled]) -> str:
    """One memory per line, as the long-term block shows them."""
    return "\n".join(f"- {m.text}" for m in memories)
