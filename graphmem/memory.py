"""One facade over the whole system: short-term sessions, the durable write path and the retriever.

    from graphmem import Memory, Settings

    mem = Memory(Settings.from_env())
    s = mem.session("alice", "chat-1", at=datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc))
    s.add_user_message("我的预算改成八千了")                  # or add_user_message(text, at=when it was said)
    ctx = s.context("我的预算改成八千了", budget=2000)     # ctx.messages → your model
    s.add_assistant_message(reply)
    mem.close()                                               # flushes the write path

Every user message goes to the journaled writer (off the caller's thread) and every ``context()`` recalls
from the user's long-term graph; what the user said in the current session beats old memory on conflict.
No LLM calls unless you pass one.
"""

from __future__ import annotations

import gc
import inspect
import logging
import secrets
import threading
import time
import weakref
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from graphmem.errors import GraphmemError, InputError
from graphmem.model import EntityCard, FactVersion, Profile
from graphmem.recall.retriever import RecallConfig, Retriever
from graphmem.recall.types import Recalled, RelatedEntity
from graphmem.settings import Settings
from graphmem.short_term.session import Message, Session, validate_message
from graphmem.store import Store

log = logging.getLogger("graphmem.memory")


_SESSION_ARGS = frozenset(inspect.signature(Session.__init__).parameters)
#: questions ``Memory.warm`` recalls once per user (a question about now, in each language: the later path too)
WARM_QUESTIONS = ("What is the plan now?", "现在的计划是什么？")


def _clock_from(at: datetime) -> Callable[[], datetime]:
    """A clock that reads ``at`` now and runs on from there (a naive ``at`` is UTC)."""
    if not isinstance(at, datetime):
        raise InputError(f"at must be a datetime, got {type(at).__name__}")
    at = at if at.tzinfo else at.replace(tzinfo=timezone.utc)
    start = time.monotonic()
    return lambda: at + timedelta(seconds=time.monotonic() - start)


class MemorySession(Session):
    """A :class:`graphmem.short_term.Session` whose user messages are also written to long-term memory and
    whose ``context()`` recalls from it. Everything else is the short-term session."""

    def __init__(self, memory: "Memory", user_id: str, session_id: str, *, write_assistant: bool = False,
                 at: datetime | None = None, **kwargs: Any) -> None:
        if at is not None and kwargs.get("clock") is None:
            kwargs["clock"] = _clock_from(at)
        kwargs.setdefault("tenant", memory.settings.tenant)
        kwargs.setdefault("retriever", memory._session_recall)
        if "known" in _SESSION_ARGS and "known" not in kwargs:
            kwargs["known"] = memory._known(user_id, kwargs["tenant"])
        super().__init__(user_id, session_id, **kwargs)
        self.memory = memory
        self.write_assistant = write_assistant
        self._token = secrets.token_hex(3)   # two Session objects on one session id never collide on turn ids
        self.event_ids: dict[int, str] = {}  # user turn number → the id of the Event it becomes when stored
        self.message_ids: set[str] = set()   # turn ids add_messages() already recorded in this window

    def turn_id(self, turn: int, role: str = "user") -> str:
        """The write path's turn id of this session's user turn ``turn`` (assistant turns: ``role``)."""
        return f"{turn}{role[0] if role in ('assistant', 'participant') else ''}.{self._token}"

    def add_user_message(self, text: str, at: datetime | None = None) -> Message:
        """Record the message and journal it (once this returns it survives a crash); it is read off this thread,
        once: the writer takes the session's reading (``Reading``) instead of reading the text again."""
        msg, reading = self._add_user(text, at)
        try:
            self.event_ids[msg.turn] = self.memory.writer.add(self.user_id, self.session_id, self.turn_id(msg.turn),
                                                              msg.text, role="user", at=msg.at, tenant=self.tenant,
                                                              analysis=reading)
        finally:
            self._start_reading()
        return msg

    def _recall_prepare(self):
        """The memory's own retriever prepares a recall (``Retriever.prepare``); another one, if it can."""
        if self.retriever == self.memory._session_recall:
            return self.memory.retriever.prepare
        return super()._recall_prepare()

    def add_participant_message(self, speaker: str, text: str, at: datetime | None = None) -> Message:
        msg = super().add_participant_message(speaker, text, at)
        self.memory.writer.add(self.user_id, self.session_id, self.turn_id(msg.seq, "participant"),
                               msg.text[len(msg.speaker) + 2:], speaker=msg.speaker, at=msg.at, tenant=self.tenant)
        return msg

    def add_assistant_message(self, text: str, at: datetime | None = None) -> Message:
        msg = super().add_assistant_message(text, at)
        if self.write_assistant:
            self.memory.writer.add(self.user_id, self.session_id, self.turn_id(msg.turn, "assistant"), msg.text,
                                   role="assistant", at=msg.at, tenant=self.tenant)
        return msg


class Memory:
    """Short-term + write path + retriever, wired. Thread-safe; one per process is enough.

    ``recall``: a :class:`RecallConfig`; ``llm_rewrite``: optional ``(text, language) -> text`` polish of
    recalled statements; ``judge``: optional write-gate judge; ``session_defaults``: keyword arguments for
    every :meth:`session` (``system_prompt``, ``budget``, ``counter``, ...). Constructors do no I/O."""

    def __init__(self, settings: Settings | None = None, *, store: Store | None = None, embedder=None,
                 recall: RecallConfig | None = None, llm_rewrite: Callable[[str, str], str] | None = None,
                 judge: Callable[[str], bool] | None = None, journal_path: Path | str | None = None,
                 writer=None, session_defaults: dict | None = None, clock: Callable[[], datetime] | None = None,
                 **writer_options: Any) -> None:
        self.settings = settings or (store.settings if store else Settings.from_env())
        self._own_store = store is None
        self.store = store or Store(self.settings)
        self._embedder = embedder
        self.retriever = Retriever(self.store, self.settings, embedder=embedder, config=recall,
                                   llm_rewrite=llm_rewrite, clock=clock)
        self._writer = writer
        self._followers: weakref.WeakSet[Retriever] = weakref.WeakSet()   # agent views' retrievers (``follow``)
        if writer is not None:
            writer.on_commit.append(self._committed)
        self._writer_args = {"judge": judge, "journal_path": journal_path, **writer_options}
        self._grants = None
        self.session_defaults = dict(session_defaults or {})
        self._sessions: dict[tuple[str, str], MemorySession] = {}
        self._lock = threading.Lock()
        self._closed = False
        from graphmem.usage import RecallLog
        self.recall_log = RecallLog(self.store)   # what recall returned: `graphmem maintain` keeps it

    def warm(self, *user_ids: str, tenant: str | None = None) -> None:
        """Load the models (embedder, spaCy, jieba) and, for each of ``user_ids``, the recall caches now, so no
        caller waits on them; then take what is loaded out of the garbage collector's full collections
        (``gc.freeze``): a full collection walking the models' objects stalled one call in a hundred for
        100-500 ms. Call it once at start-up (``graphmem mcp`` does)."""
        self.embedder.embed(["warm up"])
        from graphmem import linking
        linking.extract_mentions("My sister Lily lives in Boston.", None)
        linking.extract_statements("My budget is 8000 now.", datetime.now())
        linking.extract_mentions("我妹妹住在杭州。", None)
        for user_id in user_ids:
            self.retriever.warm(user_id, tenant)
            # what a first recall would do once (180 ms on a LoCoMo user of 369 turns): compile the ranking rules
            # of both languages, build the user's BM25 index; read only (nothing is noted as recalled)
            for question in WARM_QUESTIONS:
                self.retriever.recall(user_id, question, tenant=tenant)
        gc.collect()
        gc.freeze()

    # -- parts ------------------------------------------------------------------------------------------
    @property
    def embedder(self):
        return self.retriever.embedder

    @property
    def writer(self):
        """The journaled writer (started on first use)."""
        if self._writer is None:
            with self._lock:
                if self._writer is None:
                    from graphmem.write import Writer
                    self._writer = Writer(self.store, self.settings, embedder=self.retriever.embedder,
                                          **self._writer_args)
                    self._writer.on_commit.append(self._committed)   # recall sees what was just written
        if self._writer._thread is None and not self._closed:
            self._writer.start()
        return self._writer

    @property
    def grants(self):
        """The team memberships of this tenant's agents, kept in the graph (:class:`graphmem.grants.Grants`:
        ``grant(agent, team)``, ``revoke``, ``list``, ``teams(agent)``)."""
        if self._grants is None:
            from graphmem.grants import Grants
            with self._lock:
                if self._grants is None:
                    self._grants = Grants(self.store, self.settings.tenant)
        return self._grants

    def _known(self, user_id: str, tenant: str):
        """The user's names for the session's linker; None (and a warning) when the graph is unreachable."""
        try:
            return self.retriever.gazetteer(user_id, tenant)
        except GraphmemError as e:
            log.warning("session for %s starts without the user's entity names: %s", user_id, e)
            return None

    # -- sessions ---------------------------------------------------------------------------------------
    def session(self, user_id: str, session_id: str, *, at: datetime | None = None, **kwargs: Any) -> MemorySession:
        """The session ``(user_id, session_id)``: the same object while this Memory lives. ``session_id`` is a
        name, not a time: ``at`` is when the session starts (default now); a message added without its own
        ``at`` is stamped ``at`` plus the time since (replaying an old chat: give each message its ``at``)."""
        if self._closed:
            raise GraphmemError("this Memory is closed")
        key = (user_id, session_id)
        with self._lock:
            s = self._sessions.get(key)
            if s is None:
                s = MemorySession(self, user_id, session_id, at=at, **{**self.session_defaults, **kwargs})
                self._sessions[key] = s
                self.retriever.warm_async(user_id, s.tenant)   # the user's vectors load while they type
            return s

    def end_session(self, user_id: str, session_id: str) -> None:
        """Forget the short-term session (its turns are already on their way to long-term memory)."""
        with self._lock:
            s = self._sessions.pop((user_id, session_id), None)
        if s is not None:
            s.flush()

    # -- writing ----------------------------------------------------------------------------------------
    def add(self, user_id: str, session_id: str, turn_id: int | str, text: str, *, role: str | None = None,
            speaker: str | None = None, **kwargs: Any) -> str:
        """Write one turn to long-term memory directly (no short-term session); returns its event id.
        ``speaker``: who said it ("Melanie"); with a speaker and no ``role`` the turn is a ``participant``'s (a
        group chat, another agent), and statements in their first person are about them, not the user.
        ``role``: user (the owner; the default without a speaker), assistant or participant."""
        text = validate_message(text)   # the one rule of every entry point: no bytes, NUL, lone surrogates; 32,000 characters
        return self.writer.add(user_id, session_id, turn_id, text, role=role, speaker=speaker, **kwargs)

    def add_messages(self, user_id: str, messages: list[dict], *, session_id: str,
                     at: datetime | str | None = None, agent: str | None = None,
                     scope: str | None = None, session=None) -> list[str | None]:
        """Write chat messages in the OpenAI shape (``{"role", "content", "name"?, "id"?}``) to long-term memory;
        returns one event id per message, None for a skipped ``system``/``tool`` message. ``name`` on a user
        message is a named participant. ``at``: the first message's time (default now). Re-sending a batch
        stores nothing twice (see :mod:`graphmem.messages`). An open :meth:`session` of ``session_id`` also
        records them in its short-term window. InputError names the bad message's index; then nothing is written.
        ``agent``/``scope``: the agent writing and who may read them (:mod:`graphmem.scopes`; see :meth:`agent`);
        ``session``: the open session to record them in, when it is not this memory's own (an agent's view's)."""
        from graphmem import messages as msgs, scopes
        from graphmem.write.sanitize import clean_id, owner_id

        owner_id(user_id, "user_id")
        clean_id(session_id, "session_id")
        scopes.normalise(scope, agent)
        turns = msgs.parse(messages)
        stamps = msgs.times(at, len(turns))
        if session is None:
            with self._lock:
                session = self._sessions.get((user_id, session_id))
        # an open session records them first: the writer takes its readings of the user's messages (read once)
        readings = msgs.record(session, [t for t in turns if t is not None], stamps) if session is not None else {}
        return [None if t is None else self.writer.add(user_id, session_id, t.turn_id, t.text, role=t.role,
                                                       speaker=t.speaker, at=stamps[t.index], agent=agent,
                                                       scope=scope, analysis=readings.get(t.turn_id))
                for t in turns]

    def agent(self, agent: str, *, teams: tuple[str, ...] | list[str] | None = None, scope: str = "private"):
        """This memory as agent ``agent`` sees it, with the teams :attr:`grants` gives it (``teams``: only these
        of them; never more): see :class:`graphmem.agents.AgentMemory`."""
        from graphmem.agents import AgentMemory

        return AgentMemory(self, agent, teams=teams, scope=scope)

    def follow(self, retriever: Retriever) -> None:
        """Tell ``retriever`` (an agent view's) of this memory's commits, as the memory's own is told, for as long
        as it lives: it then sees what was just written without dropping its caches."""
        self._followers.add(retriever)

    def _committed(self, users: dict[tuple[str, str], set[str] | None]) -> None:
        self.retriever.written(users)
        for r in list(self._followers):
            r.written(users)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every written turn is in the graph; then recall sees it. False on timeout. Recall caches stay:
        a commit tops up its own users' caches (``Retriever.written``), so another user's next recall reloads
        nothing (``bench/results/flush.md``: 133 -> 15 ms p50 for a LoCoMo user). Another process's writes are seen
        within ``entity_cache_seconds``, or at once after ``retriever.invalidate()``."""
        done = True
        with self._lock:
            sessions = list(self._sessions.values())
        for s in sessions:
            done = s.flush(timeout) and done
        if self._writer is not None:
            done = self._writer.flush(timeout) and done
        return done

    # -- the relational API -----------------------------------------------------------------------------
    def recall(self, user_id: str, query: str, k: int = 8, *, explain: bool = False, **kwargs: Any) -> list[Recalled]:
        """The ``k`` memories most relevant to ``query``, rewritten in the second person (see
        :meth:`graphmem.recall.Retriever.recall`). With ``explain``, each also says which agent learnt it and
        its scope (``agent``, ``scope``, and in ``explanation``)."""
        found = self.retriever.recall(user_id, query, k, explain=explain, **kwargs)
        tenant = kwargs.get("tenant") or self.settings.tenant
        self.recall_log.note(tenant, user_id, found)
        if explain:
            from graphmem.agents import provenance
            found = provenance(self.store, tenant, user_id, found)
        return found

    def _session_recall(self, query: str, session) -> list:
        """The retriever as a session calls it from ``context()``, noting what it returned."""
        found = self.retriever(query, session)
        self.recall_log.note(getattr(session, "tenant", None) or self.settings.tenant, session.user_id, found or [])
        return found

    def related(self, user_id: str, entity: str, hops: int = 2, **kwargs: Any) -> list[RelatedEntity]:
        return self.retriever.related(user_id, entity, hops, **kwargs)

    def card(self, user_id: str, entity: str, **kwargs: Any) -> EntityCard:
        return self.retriever.card(user_id, entity, **kwargs)

    def history(self, user_id: str, entity: str, attribute: str | None = None, **kwargs: Any) -> list[FactVersion]:
        return self.retriever.history(user_id, entity, attribute, **kwargs)

    def as_of(self, user_id: str, when: datetime, **kwargs: Any) -> list[FactVersion]:
        return self.retriever.as_of(user_id, when, **kwargs)

    def profile(self, user_id: str, **kwargs: Any) -> Profile:
        return self.retriever.profile(user_id, **kwargs)

    # -- curation -----------------------------------------------------------------------------------------
    def forget(self, user_id: str, **target: Any):
        """:func:`graphmem.curate.forget` (``entity=``, ``event=``, ``fact=`` or ``everything=True``), after
        the pending writes are in, so nothing queued brings it back; caches of the user are dropped."""
        from graphmem import curate

        self.flush()
        return self._curated(user_id, curate.forget(self.store, user_id, **target))

    def merge(self, user_id: str, keep: str, absorb: str) -> dict:
        """:func:`graphmem.curate.merge`: entity ``absorb`` folds into ``keep``; caches of the user are dropped."""
        from graphmem import curate

        self.flush()
        return self._curated(user_id, curate.merge(self.store, user_id, keep, absorb))

    def _curated(self, user_id: str, result: Any) -> Any:
        if self._writer is not None:
            self._writer.invalidate(user_id, self.settings.tenant)
        self.retriever.invalidate(user_id, self.settings.tenant)
        return result

    # -- lifecycle --------------------------------------------------------------------------------------
    def close(self, timeout: float | None = None) -> bool:
        """Flush and stop the writer, close the store. Unflushed turns stay journaled for the next start."""
        if self._closed:
            return True
        with self._lock:
            sessions = list(self._sessions.values())
            self._sessions.clear()
        for s in sessions:
            s.flush(timeout)
        ok = True
        if self._writer is not None:
            ok = self._writer.close(timeout)
        self._closed = True
        self.recall_log.close()
        for r in [self.retriever, *self._followers]:
            r.close()            # their top-ups of the last commits use the store
        if self._own_store:
            self.store.close()
        return ok

    def __enter__(self) -> "Memory":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
