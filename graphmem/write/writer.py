"""Durable asynchronous writes. The caller's thread only checks the turn and appends it to the local journal;
a background worker takes journaled turns in batches, runs the pipeline and commits to Neo4j, and only then
removes them from the journal. Leftovers (a crash, Neo4j down) are replayed on ``start``.

    with Writer(store) as w:
        w.add("u1", "s1", 1, "My budget is 8000 now")
        w.flush()
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Callable

from graphmem import give_way, scopes
from graphmem.errors import (AuthError, ConfigError, GraphmemError, InputError, ModelError, StoreBusy,
                             StoreUnavailable)
from graphmem.model import ROLES, STATEMENT_KINDS, FactInput, Turn, WriteStats
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.write import ids
from graphmem.write.gate import REJECT, Judge
from graphmem.write.journal import Journal
from graphmem.write.codec import fact_to_json, utc
from graphmem.write.pipeline import Batch, Pipeline
from graphmem.write.sanitize import clean_id, clean_speaker, message_text, moment, owner_id, repair

log = logging.getLogger("graphmem.write")
SAMPLES = 50_000
CLOSE_GIVES_UP = 10.0   # close() without a timeout stops waiting once the writer has backed off this long
#: the interpreter's thread switch interval while a writer runs: a caller thread waiting for the interpreter gets
#: it back within about this long, however busy the worker's analysis keeps it (Python's default is 5 ms)
SWITCH_INTERVAL = 0.001
#: faults of the server or the setup (no password, refused login, ...), not of a turn: back off and keep the
#: turns journaled (never dead-letter)
POSTPONE = (StoreUnavailable, AuthError, StoreBusy, ModelError, ConfigError)
#: how long the worker waits for a session's reading of a turn it took (``Session``: read off the caller's thread);
#: then it reads the turn itself
READING_WAIT = 30.0


@dataclass
class _Inflight:
    future: Future
    batch: Batch
    entries: list
    prep_s: float


def _n(job: "_Inflight | None") -> int:
    return len(job.entries) if job is not None else 0


def _commit(pipeline: Pipeline, prepared: Batch) -> float:
    """The committer thread's work: ``prepared`` committed, in seconds, once a caller inside ``context()``/``recall``
    has run (``give_way``: nobody on its path waits for the committer)."""
    give_way.pause()
    t0 = time.perf_counter()
    pipeline.commit(prepared)
    return time.perf_counter() - t0


def _not_stored(batch: Batch) -> list[str]:
    """Journal keys of the batch's turns the gate turned away (no Event): remembered, so a re-submit is not
    counted twice. Stored turns are not: the graph tells a repeat, and after a forget they may come back."""
    return [w.turn.key for w in batch.works if w.verdict == REJECT]


def _touched(batch: Batch) -> dict[tuple[str, str], set[str] | None]:
    """The (tenant, user)s of a committed batch, each with the ids of the entities it upserted (``Batch.written``)
    for that user: the recall caches read those again, not every entity of the user."""
    out: dict[tuple[str, str], set[str] | None] = {(w.turn.tenant, w.turn.user_id): set() for w in batch.works}
    for eid in batch.written:
        ref = batch.refs.get(eid)
        if ref is None or (ref.tenant, ref.user_id) not in out:
            return dict.fromkeys(out)   # not known whose: every entity of these users is read again
        out[(ref.tenant, ref.user_id)].add(eid)
    return out


def _pct(values, q: float) -> float:
    if not values:
        return 0.0
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


class Writer:
    """The long-term write path. Thread-safe ``submit``/``add``; one background worker per writer.

    ``judge``: optional ``callable(text) -> bool`` asked only about turns the rules leave undecided (the only
    LLM hook; none by default). ``hooks``: test seams ``before_commit``/``after_commit`` (callables).
    ``switch_interval``: while the writer runs, the interpreter's thread switch interval is at most this
    (``SWITCH_INTERVAL``, 1 ms; restored on close), so the caller's thread is not kept waiting behind the
    worker's analysis; None leaves the process's setting alone. One writer process per journal file.
    """

    def __init__(self, store: Store | None = None, settings: Settings | None = None, *, embedder=None,
                 judge: Judge | None = None, journal_path: Path | str | None = None, batch_size: int = 256,
                 linger: float = 0.02, durable: bool = False, link_with_embeddings: bool = True,
                 max_attempts: int = 5, hooks: dict | None = None,
                 switch_interval: float | None = SWITCH_INTERVAL):
        self.settings = settings or (store.settings if store else Settings.from_env())
        self._own_store = store is None
        self.store = store or Store(self.settings)
        self._embedder = embedder
        self.judge = judge
        self.journal = Journal(journal_path or self.settings.journal_path, durable=durable)
        self.batch_size = batch_size
        self.linger = linger
        self.link_with_embeddings = link_with_embeddings
        self.max_attempts = max_attempts
        self.hooks = hooks or {}
        self.switch_interval = switch_interval
        self._switch_was: float | None = None
        self._stats = WriteStats()
        self._buried = 0                      # turns moved to the dead table that no flush() has reported yet
        self.last_error: str | None = None    # why the last batch was postponed ("AuthRateLimited: ..."), if it was
        self._postponed_since: float | None = None
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stop = False
        self._closed = False
        self._busy = False
        self._pending = 0
        self._enqueue: deque[float] = deque(maxlen=SAMPLES)
        self._latency: deque[float] = deque(maxlen=SAMPLES)
        self._per_turn: deque[float] = deque(maxlen=SAMPLES)
        self._start_lock = threading.Lock()
        self._invalidate: list[tuple[str | None, str | None]] = []
        self._readings: dict[str, object] = {}   # journal key -> a session's reading still being made (``add``)
        # told the (tenant, user)s of each commit, each with the ids of the entities the commit upserted for it
        self.on_commit: list[Callable[[dict[tuple[str, str], set[str] | None]], None]] = []

    # -- lifecycle ------------------------------------------------------------------------------------------
    def start(self) -> "Writer":
        """Open the journal, start the worker; journaled leftovers are replayed first. Idempotent."""
        with self._start_lock:
            if self._closed:
                raise GraphmemError("this writer is closed; create a new one")
            if self._thread is None:
                if self.switch_interval and sys.getswitchinterval() > self.switch_interval:
                    self._switch_was = sys.getswitchinterval()
                    sys.setswitchinterval(self.switch_interval)
                self.journal.open()
                self._pending = self.journal.pending()
                self._stop = False
                self._thread = threading.Thread(target=self._run, name="graphmem-writer", daemon=True)
                self._thread.start()
        return self

    def __enter__(self) -> "Writer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def embedder(self):
        if self._embedder is None:
            from graphmem.embedders import get_embedder
            self._embedder = get_embedder(self.settings)
        return self._embedder

    # -- the caller's side ------------------------------------------------------------------------------------
    def add(self, user_id: str, session_id: str, turn_id: int | str, text: str, *, role: str | None = None,
            speaker: str | None = None, at: datetime | None = None, tenant: str | None = None,
            facts: list[FactInput] | tuple[FactInput, ...] | None = None, agent: str | None = None,
            scope: str | None = None, analysis=None) -> str:
        """Journal one turn (see :class:`graphmem.model.Turn`): ``speaker`` names who said it ("Melanie");
        without an explicit ``role`` a turn with a speaker is a ``participant``'s, one without is the user's.
        ``agent``/``scope``: the agent that wrote it and who may read it (:mod:`graphmem.scopes`);
        ``analysis``: the caller's reading of the text (``graphmem.linking.analysis``), reused by the writer, or a
        reading still being made (anything with ``result(timeout)``, a session's): the worker takes it with the turn."""
        return self.submit(Turn(user_id, session_id, turn_id, text, role, at, tenant,
                                None if facts is None else tuple(facts), speaker, agent, scope, analysis))

    def submit(self, turn: Turn) -> str:
        """Check and journal one turn; returns its event id. Raises InputError for input it cannot store.
        Submitting the same ``(tenant, user, session, turn)`` twice stores it once."""
        t0 = time.perf_counter()
        if self._thread is None:
            self.start()
        if self._closed:
            raise GraphmemError("this writer is closed")
        tenant = owner_id(turn.tenant or self.settings.tenant, "tenant")
        if self.settings.database_for(tenant) != self.settings.database:   # one transaction, one database
            raise InputError(f"tenant {tenant!r} lives in database {self.settings.database_for(tenant)!r}, this "
                             f"writer writes to {self.settings.database!r}: use a Memory set up for that tenant")
        user_id = owner_id(turn.user_id, "user_id")
        session_id = clean_id(turn.session_id, "session_id")
        turn_id = clean_id(turn.turn_id, "turn_id")
        text = message_text(turn.text)   # the one rule of every entry point (sanitize.validate_message)
        speaker = clean_speaker(turn.speaker)
        scope = scopes.normalise(turn.scope, turn.agent)
        role = turn.role if turn.role is not None else ("participant" if speaker else "user")
        if role not in ROLES:
            raise InputError(f"role must be one of {', '.join(ROLES)}, got {turn.role!r}")
        if role == "participant" and speaker is None:
            raise InputError("a participant's turn needs a speaker (their display name)")
        facts = None
        if turn.facts is not None:
            facts = []
            for f in turn.facts:
                if not isinstance(f, FactInput):
                    raise InputError(f"facts must be FactInput, got {type(f).__name__}")
                if f.kind not in STATEMENT_KINDS:
                    raise InputError(f"fact kind must be one of {', '.join(STATEMENT_KINDS)}, got {f.kind!r}")
                facts.append(fact_to_json(replace(
                    f, when=moment(f.when, "fact when"), text=repair(f.text, what="fact text"), subject=repair(f.subject or "", what="subject", limit=500),
                    key=repair(f.key or "", what="key", limit=200), value=repair(f.value, what="fact value"),
                    unit=repair(f.unit or "", what="unit", limit=50), language=repair(f.language or "", what="language"))))
        at = utc(moment(turn.at, "at"))
        payload = {"tenant": tenant, "user_id": user_id, "session_id": session_id, "turn_id": turn_id,
                   "text": text, "role": role, "speaker": speaker, "at": at.isoformat(), "facts": facts,
                   "agent": turn.agent, "scope": scope,
                   "submitted": time.time()}
        pending = turn.analysis if turn.analysis is not None and facts is None and hasattr(turn.analysis, "result") \
            else None
        if turn.analysis is not None and facts is None and pending is None and turn.analysis.matches(text, at, role):
            payload["analysis"] = turn.analysis.to_json()   # read once, by the session: the writer reuses it
        key = ids.turn_key(tenant, user_id, session_id, turn_id)
        if pending is not None:
            self._readings[key] = pending   # before the journal: the worker may take the turn at once
        added = self.journal.append(key, payload)
        if pending is not None and not added:
            self._readings.pop(key, None)
        with self._cond:
            self._stats.submitted += 1
            if added:
                self._pending += 1
                self._cond.notify_all()
            else:
                self._stats.duplicates_skipped += 1
        self._enqueue.append(time.perf_counter() - t0)
        return ids.event_id(tenant, user_id, session_id, turn_id)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every journaled turn is committed or rejected by the gate. False on timeout, and when a
        turn was moved to the dead table (see ``failed()``) since the last flush that reported one."""
        return self._wait(timeout, None)

    def _wait(self, timeout: float | None, give_up: float | None) -> bool:
        """``flush``; with ``give_up``, also False once the worker has been backing off that many seconds."""
        if self._thread is None:
            return True
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._pending > 0 or self._busy:
                if self._thread is None or not self._thread.is_alive():
                    raise GraphmemError("the writer's worker thread is not running")
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                since = self._postponed_since
                if give_up is not None and since is not None and time.monotonic() - since >= give_up:
                    return False
                self._cond.wait(0.5 if left is None else min(0.5, left))
            buried, self._buried = self._buried, 0
        return buried == 0

    def close(self, timeout: float | None = None) -> bool:
        """Flush (up to ``timeout``; without one, until done or until the writer has been backing off from a
        fault of the server or the setup for ``CLOSE_GIVES_UP`` seconds), stop the worker and close the journal.
        Unflushed turns stay journaled and are replayed by the next writer on the same journal. Returns whether
        everything was flushed."""
        if self._closed:
            return True
        flushed = self._wait(timeout, CLOSE_GIVES_UP if timeout is None else None)
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=30)
        self._thread = None
        with self._cond:
            self._closed = True
        self.journal.close()
        if self._own_store:
            self.store.close()
        if self._switch_was is not None and sys.getswitchinterval() == self.switch_interval:
            sys.setswitchinterval(self._switch_was)   # put back what the process had, unless changed since
        return flushed

    # -- observation ----------------------------------------------------------------------------------------------
    def stats(self) -> WriteStats:
        with self._cond:
            s = replace(self._stats, rejected=dict(self._stats.rejected))
            s.pending = self._pending
        return s

    def timings(self) -> dict[str, float]:
        """p50/p95 in milliseconds: caller-path enqueue, submit→commit latency, background time per turn."""
        e, l, p = list(self._enqueue), list(self._latency), list(self._per_turn)
        return {"enqueue_p50_ms": _pct(e, .5) * 1e3, "enqueue_p95_ms": _pct(e, .95) * 1e3,
                "commit_latency_p50_ms": _pct(l, .5) * 1e3, "commit_latency_p95_ms": _pct(l, .95) * 1e3,
                "write_per_turn_p50_ms": _pct(p, .5) * 1e3, "write_per_turn_p95_ms": _pct(p, .95) * 1e3}

    def invalidate(self, user_id: str | None = None, tenant: str | None = None) -> None:
        """Drop the worker's cached view of a user's entities (call after curating the graph: merge, forget);
        it is reloaded on the next batch. Cached views also expire after ``user_ttl`` seconds."""
        with self._cond:
            self._invalidate.append((tenant, user_id))

    def failed(self) -> list[dict]:
        """Turns that failed ``max_attempts`` times (kept in the journal's ``dead`` table)."""
        return self.journal.dead()

    # -- the worker ---------------------------------------------------------------------------------------------
    def _pipeline(self) -> Pipeline:
        return Pipeline(self.store, self.embedder, judge=self.judge, link_with_embeddings=self.link_with_embeddings,
                        hooks=self.hooks)

    def _run(self) -> None:
        """Batches flow through stages: ``prepare`` (extraction, linking) on this thread, the next batch's parse on
        the parse thread meanwhile, the vectors on the embedding thread, and ``commit`` (waiting for the vectors,
        versioning plan + one Neo4j transaction) on a committer thread, so batch N+1 is analysed while batch N is
        embedded and commits. Commits stay in journal order; a failed commit discards the prepared batch
        behind it, which is simply taken again."""
        pipeline: Pipeline | None = None
        self._backoff = 0.2
        committer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="graphmem-commit")
        inflight: _Inflight | None = None
        after = 0   # journal seq of the last entry handed to the committer
        try:
            while True:
                with self._cond:
                    while self._pending - _n(inflight) <= 0 and inflight is None and not self._stop:
                        self._cond.wait(1.0)
                    if self._stop and ((self._pending <= 0 and inflight is None) or self._closed):
                        return
                    self._busy = True
                try:
                    entries, ahead = [], []
                    if self._pending - _n(inflight) > 0:
                        if self.linger and inflight is None and self._pending < self.batch_size and not self._stop:
                            time.sleep(self.linger)
                        entries = self.journal.take(self.batch_size, after=after)
                        # the entries after these, parsed meanwhile (``Pipeline.parse_next``); not a session's turn
                        # whose reading is on its way: it brings its mentions
                        nxt = self.journal.take(self.batch_size, after=entries[-1].seq) if entries else []
                        ahead = [e for e in nxt if e.key not in self._readings]
                        self._with_readings(entries)
                    if pipeline is None:
                        pipeline = self._pipeline()
                    with self._cond:
                        todo, self._invalidate = self._invalidate, []
                    for tenant, user in todo:
                        pipeline.invalidate(tenant, user)
                    prepared, error, t0 = None, None, time.perf_counter()
                    if entries:
                        try:
                            prepared = pipeline.prepare(entries, ahead)
                        except Exception as e:
                            error = e
                    prep_s = time.perf_counter() - t0
                    if inflight is not None:
                        done, inflight = inflight, None
                        failed = self._finish(pipeline, done)
                        if failed is not None:
                            after = 0
                            pipeline.discard(prepared)   # prepared against what the failed batch taught it
                            if self._recover(pipeline, failed, done.entries):
                                return
                            continue          # what was prepared behind it is taken again
                    if error is not None:
                        after = 0
                        if self._recover(pipeline, error, entries):
                            return
                        continue
                    if prepared is not None:
                        inflight = _Inflight(committer.submit(_commit, pipeline, pipeline.queue(prepared)),
                                             prepared, entries, prep_s)
                        after = entries[-1].seq
                    elif not entries:
                        with self._cond:      # nothing to take although something is pending: resynchronise
                            self._pending = self.journal.pending()
                        after = 0
                except Exception:  # pragma: no cover - last resort: keep the worker alive
                    log.exception("writer worker error")
                    inflight, after = None, 0
                    time.sleep(0.5)
                finally:
                    with self._cond:
                        self._busy = inflight is not None
                        self._cond.notify_all()
        finally:
            committer.shutdown(wait=True)

    def _with_readings(self, entries) -> None:
        """A session's reading of a turn it journaled before reading it, waited for (``READING_WAIT``; it is made
        here if nobody has started it) and put in the entry, so the pipeline does not read the text again. Not
        ready in time, failed, or lost with the process (a replay): the pipeline reads the turn itself."""
        for e in entries:
            pending = self._readings.pop(e.key, None)
            if pending is None or "analysis" in e.payload:
                continue
            try:
                a = pending.result(READING_WAIT)
                p = e.payload
                if a is not None and a.matches(p["text"], utc(p["at"]), p["role"]):
                    p["analysis"] = a.to_json()
            except Exception as exc:
                log.warning("turn %s: the session's reading is not ready (%s); reading it here", e.key, exc)

    def _finish(self, pipeline: Pipeline, job: "_Inflight") -> Exception | None:
        """Wait for a commit; on success let the pipeline and the journal know. Returns the error, if any."""
        try:
            commit_s = job.future.result()
        except Exception as e:
            return e
        pipeline.after_commit(job.batch)
        self._account(job.batch, len(job.entries), job.prep_s + commit_s)
        return None

    def _recover(self, pipeline: Pipeline, error: Exception, entries) -> bool:
        """Handle a failed batch. A fault of the server or the setup (``POSTPONE``: unreachable, credentials
        refused or rate-limited, transient server error, model): back off, the turns stay journaled. Anything
        else: retry turn by turn so one bad turn cannot block the rest. Returns True if the worker should stop."""
        if not isinstance(error, POSTPONE):
            log.warning("write batch failed (%s: %s); retrying turn by turn", type(error).__name__, error)
            pipeline.users.clear()
            try:
                self._one_by_one(pipeline, entries)
                return False
            except POSTPONE as e:
                error = e
        self.last_error = f"{type(error).__name__}: {error}"
        if self._postponed_since is None:
            self._postponed_since = time.monotonic()
        log.warning("write batch postponed (%s); retrying in %.1fs", self.last_error, self._backoff)
        with self._cond:
            self._stats.retries += 1
            if self._stop:   # closing while Neo4j is away: the turns stay journaled for the next start
                return True
            self._cond.wait(self._backoff)
        self._backoff = min(self._backoff * 2, 5.0)
        return False

    def _process(self, pipeline: Pipeline, entries) -> None:
        t0 = time.perf_counter()
        batch = pipeline.prepare(entries)
        pipeline.commit(batch)
        pipeline.after_commit(batch)
        self._account(batch, len(entries), time.perf_counter() - t0)

    def _account(self, batch: Batch, n_entries: int, dt: float) -> None:
        res = batch.res
        self._backoff, self.last_error, self._postponed_since = 0.2, None, None
        self.journal.done(res.done, remember=_not_stored(batch))
        now = time.time()
        with self._cond:
            s = self._stats
            s.written += res.written
            s.duplicates_skipped += res.skipped
            for k, v in res.rejected.items():
                s.rejected[k] = s.rejected.get(k, 0) + v
            s.facts_created += res.facts_created
            s.facts_superseded += res.facts_superseded
            s.facts_repeated += res.facts_repeated
            s.entities_created += res.entities_created
            s.relations += res.relations
            s.llm_calls += res.llm_calls
            s.batches += 1
            self._pending -= len(res.done)
            for sub in res.submitted:
                if sub:
                    self._latency.append(max(0.0, now - sub))
            n = max(1, n_entries)
            self._per_turn.extend([dt / n] * n_entries)
            self._cond.notify_all()
        users = _touched(batch)
        for listener in self.on_commit:
            try:
                listener(users)
            except Exception:  # a listener's fault never fails a committed batch
                log.exception("on_commit listener failed")

    def _one_by_one(self, pipeline: Pipeline, entries) -> None:
        for entry in entries:
            while True:
                try:
                    self._process(pipeline, [entry])
                    break
                except POSTPONE:
                    raise
                except Exception as e:
                    pipeline.users.clear()
                    attempts = self.journal.failed_attempt(entry.key)
                    if attempts >= self.max_attempts:
                        log.error("turn %s failed %d times, moved to the dead table: %s", entry.key, attempts, e)
                        self.journal.bury(entry.key, f"{type(e).__name__}: {e}")
                        with self._cond:
                            self._stats.failed += 1
                            self._buried += 1
                            self._pending -= 1
                            self._cond.notify_all()
                        break
