"""The short-term layer: one :class:`Session` per (user, session).

It keeps the recent turns (the *window*), the session state, the entity slot table shared with linking,
the hard facts stated this session and a rolling summary of the turns that left the window. Adding a
message is cheap and synchronous; compression (summarising evicted turns) and the optional LLM state update
run on a background worker, never on the caller's thread. :meth:`Session.context` assembles the prompt
in priority layers within a token budget and reports what it left out.

A message is *read* (a user's: its one reading, statements, links into the slot table, state; an assistant's:
the state) off the caller's thread too, in the order it was added: an add validates, records it in the window and
returns. Every read of the session (``context()``, ``state``, ``slots``, ``hard_facts``, ``summary``,
``messages``) first makes sure every earlier message is read: it reads those nobody has started on its own
thread, and waits at most ``read_timeout`` seconds for one being read elsewhere (then :class:`GraphmemError`).
A user message's :class:`Reading` is what a session that writes to long-term memory hands the writer with the
turn: the writer takes its value (or reads it then) instead of reading the text again.

Interfaces it is given (all optional):

* ``retriever(user_input, session) -> list`` — long-term statements (strings or objects with ``text``);
* ``write_path(turn)`` — called (off-thread, at once) with a :class:`graphmem.model.Turn` when the user
  changes a value ("预算改成八千", "actually, 8000 instead");
* ``llm(prompt) -> str`` — refines session state and writes summaries; never required;
* ``extractor(text, now) -> list[Statement]`` — defaults to ``graphmem.linking.extract_statements``;
* ``linker(text, slots, turn) -> list[Link | Mention]`` — defaults to ``graphmem.linking.link`` of the mentions
  of the turn's one reading (``graphmem.linking.analysis``: extracted once against the optional ``known``
  gazetteer, journaled with the turn), linked against the slot table and recorded into it by linking's own
  ``record_links``; plain mentions a custom linker returns are recorded here.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Protocol

from graphmem import give_way, lang as langs
from graphmem.errors import GraphmemError, InputError
from graphmem.linking.slots import SlotTable
from graphmem.short_term import claims, conflict, facts, packing, state as st, summary as sm, tools as tl
from graphmem.short_term.conflict import MemoryItem
from graphmem.short_term.facts import FactLedger, HardFact
from graphmem.short_term.packing import Item, Layer, Omission
from graphmem.short_term.tokens import as_counter
from graphmem.write.sanitize import MAX_MESSAGE_CHARS, validate_message  # the one rule for every entry point

log = logging.getLogger(__name__)



class Retriever(Protocol):
    def __call__(self, user_input: str, session: "Session") -> Sequence[Any]: ...


@dataclass(frozen=True)
class Message:
    role: str          # "user" | "assistant"
    text: str
    turn: int          # user turn number this message belongs to (1-based)
    seq: int           # position in the whole session
    at: datetime
    tokens: int
    speaker: str | None = None   # a named participant's message (role "user", text "Melanie: …")


@dataclass
class Context:
    """What :meth:`Session.context` assembled: chat messages within ``budget`` and what was left out."""

    messages: list[dict]
    tokens: int
    budget: int
    omitted: list[Omission]
    layer_tokens: dict[str, int]
    long_term: list[MemoryItem] = field(default_factory=list)
    contradicted: list[tuple[MemoryItem, HardFact]] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n\n".join(f"[{m['role']}]\n{m['content']}" for m in self.messages)

    def report(self) -> str:
        """One line per omitted item, e.g. ``recent: turn 3 user (41 tokens, budget)``."""
        return "\n".join(f"{o.layer}: {o.label} ({o.tokens} tokens, {o.reason})" for o in self.omitted)


class Reading:
    """A message's reading, made off the caller's thread (see the module's docstring). ``result(timeout)``: its
    value (the user message's ``linking.analysis.Analysis``, or None: a custom extractor, or the reading
    failed), read on the calling thread if nobody has started it."""

    __slots__ = ("session", "job", "value", "done")

    def __init__(self, session: "Session", job: Callable[[], Any]) -> None:
        self.session, self.job, self.value, self.done = session, job, None, False

    def result(self, timeout: float | None = None) -> Any:
        self.session._catch_up(timeout, upto=self)
        return self.value


_shared_executor: ThreadPoolExecutor | None = None
_shared_lock = threading.Lock()


def _default_executor() -> ThreadPoolExecutor:
    global _shared_executor
    with _shared_lock:
        if _shared_executor is None:
            _shared_executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="graphmem-short-term")
        return _shared_executor


class Session:
    """Short-term memory of one conversation. Thread-safe; background work is serialised per session."""

    def __init__(
        self,
        user_id: str,
        session_id: str,
        *,
        tenant: str | None = None,
        system_prompt: str = "",
        pinned_facts: Sequence[str] = (),
        retriever: Retriever | None = None,
        write_path: Callable[[Any], Any] | None = None,
        llm: Callable[[str], str] | None = None,
        counter: Callable[[str], int] | None = None,
        extractor: Callable[[str, datetime], list] | None = None,
        linker: Callable[[str, SlotTable, int], list] | None = None,
        known: Any = None,
        slots: SlotTable | None = None,
        budget: int = 2000,
        window_tokens: int = 1200,
        min_recent: int = 4,
        summary_tokens: int = 300,
        full_tools: int = 2,
        max_tools: int = 20,
        state_cap: int = 6,
        long_term_share: float = 0.4,
        summary_share: float = 0.45,
        max_message_chars: int = MAX_MESSAGE_CHARS,
        executor: Executor | None = None,
        clock: Callable[[], datetime] | None = None,
        read_timeout: float = 30.0,
    ) -> None:
        if not user_id or not session_id:
            raise InputError("user_id and session_id must not be empty")
        for name, value in (("budget", budget), ("window_tokens", window_tokens), ("summary_tokens", summary_tokens),
                            ("max_message_chars", max_message_chars)):
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise InputError(f"{name} must be a positive integer, got {value!r}")
        for name, share in (("long_term_share", long_term_share), ("summary_share", summary_share)):
            if not 0 < share <= 1:
                raise InputError(f"{name} must be in (0, 1], got {share!r}")
        self.user_id, self.session_id, self.tenant = user_id, session_id, tenant
        self.system_prompt = system_prompt
        self.pinned_facts = [p for p in pinned_facts if p and p.strip()]
        self.retriever, self.write_path, self.llm = retriever, write_path, llm
        self.counter = as_counter(counter)
        self.extractor = extractor if extractor is not None else facts.extract
        self.known = known  # graphmem.linking.Gazetteer of the user's graph (names, aliases), optional
        self.linker = linker if linker is not None else self._linking_link
        self._slots = slots if slots is not None else SlotTable()
        self.budget, self.window_tokens, self.min_recent = budget, window_tokens, max(1, min_recent)
        self.summary_tokens, self.full_tools, self.max_tools = summary_tokens, full_tools, max_tools
        self.state_cap, self.max_message_chars = state_cap, max_message_chars
        self.long_term_share, self.summary_share = long_term_share, summary_share
        self._executor = executor
        self._clock = clock or (lambda: datetime.now(timezone.utc))

        self._lock = threading.RLock()
        self._idle = threading.Condition(self._lock)
        self._window: list[Message] = []
        self._summary: list[sm.SummaryLine] = []
        self._tools: list[tl.ToolRecord] = []
        self._old_tools: list[str] = []
        self.ledger = FactLedger()
        self._state = st.SessionState()
        self.turn = 0
        self._seq = 0
        self.history_tokens = 0          # every message ever added, for "injected vs full history"
        self.compressions = 0
        self.errors: list[str] = []      # background failures (kept short), for diagnostics
        self._queue: deque[Callable[[], None]] = deque()
        self._running = False
        self._compress_pending = False
        self._parsed: dict[str, list] = {}
        self._summary_cache: tuple | None = None
        self._summary_version = 0
        self.read_timeout = read_timeout
        self._unread: deque[Reading] = deque()   # messages added and not yet read, in order
        self._reader = threading.Lock()           # its holder reads the first of them
        self._reading_in: int | None = None       # the thread reading one now

    # -- recording ------------------------------------------------------------------------------------
    def add_user_message(self, text: str, at: datetime | None = None) -> Message:
        """Record a user message in the window and return; it is read (hard facts, slot table, session state) off
        this thread, before any read of the session. A change of a stated value goes to the write path then."""
        msg = self._add_user(text, at)[0]
        self._start_reading()
        return msg

    def _add_user(self, text: str, at: datetime | None) -> tuple[Message, Reading]:
        """``add_user_message`` but for ``_start_reading()`` (the caller's last step), and the message's
        :class:`Reading` (its value: ``facts.analyse``'s one reading; None with a custom extractor), which a session
        that also writes to long-term memory hands the writer."""
        text = validate_message(text, self.max_message_chars)
        at = at or self._clock()
        with self._lock:
            self.turn += 1
            turn = self.turn
            msg = self._append("user", text, at)
            reading = self._later(lambda: self._read_user(text, at, turn))
        return msg, reading

    def _read_user(self, text: str, at: datetime, turn: int) -> Any:
        """Read a user message: statements into the ledger, links into the slot table, the session state."""
        analysis = self._safe(lambda: facts.analyse(text, at), "extractor") if self.extractor is facts.extract \
            else None
        statements = list(analysis.statements) if analysis is not None else \
            self._safe(lambda: self.extractor(text, at), "extractor") or []
        if analysis is not None:
            claims.remember(text, at, analysis.statements)   # a recall of this turn finds its claims (conflict rule)
        analysis, links = self._link(text, turn, analysis)
        places = self._record_links(links, turn)
        with self._lock:
            changes = [(f, old) for f, old in self.ledger.add_all(statements, turn) if old is not None or f.is_change]
            self._state = st.update_state(self._state, text, "user", cap=self.state_cap, places=places)
        if changes and self.write_path is not None:
            self._submit(lambda: self._send_change(text, turn, at, changes))
        if self.llm is not None:
            self._submit(lambda: self._llm_state(text, "user", turn))
        return analysis

    def add_assistant_message(self, text: str, at: datetime | None = None) -> Message:
        """Record the assistant's reply; the session state reads it off this thread, in order."""
        text = validate_message(text, self.max_message_chars)
        with self._lock:
            msg = self._append("assistant", text, at or self._clock())
            self._later(lambda: self._read_assistant(text))
        self._start_reading(slack=1.0)
        return msg

    def _read_assistant(self, text: str) -> None:
        with self._lock:
            self._state = st.update_state(self._state, text, "assistant", cap=self.state_cap)

    def add_participant_message(self, speaker: str, text: str, at: datetime | None = None) -> Message:
        """Record what a named participant said (a friend in a group chat, another agent): in the window as
        theirs ("Melanie: …"); it is not the user's, so it changes neither their hard facts nor the task state."""
        from graphmem.write.sanitize import clean_speaker

        speaker = clean_speaker(speaker)
        if speaker is None:
            raise InputError("a participant's message needs the participant's name")
        text = validate_message(text, self.max_message_chars)
        with self._lock:
            msg = self._append("user", f"{speaker}: {text}", at or self._clock(), speaker)
        self._maybe_compress()
        return msg

    def add_tool_result(self, name: str, args: Any, result: Any) -> tl.ToolRecord:
        """Record a tool call; the output is kept trimmed to its key fields (hits, ids, scores, errors)."""
        if not isinstance(name, str) or not name.strip():
            raise InputError("tool name must not be empty")
        record = tl.make_record(name.strip(), args, result, self.turn)
        with self._lock:
            self._tools.append(record)
            while len(self._tools) > self.max_tools:
                self._old_tools.append(self._tools.pop(0).summary)
            self._old_tools = self._old_tools[-self.max_tools:]
        return record

    # -- reading, in order, off the caller's thread ------------------------------------------------------
    def _later(self, job: Callable[[], Any]) -> Reading:
        """Queue a message's reading (call under ``_lock``, right after ``_append``: the queue keeps their order)."""
        reading = Reading(self, job)
        self._unread.append(reading)
        return reading

    def _start_reading(self, slack: float = 1.5) -> None:
        """The background reading of what was added (and a compression if due): an add's last step, so the worker
        woken here does not take the interpreter from the caller's thread in the middle of the add."""
        self._submit(self._catch_up)
        self._maybe_compress(slack=slack)  # after a user message: see _maybe_compress

    def _catch_up(self, timeout: float | None = None, upto: Reading | None = None) -> None:
        """Read every message added so far (or up to ``upto``) that is not read yet: on this thread whatever nobody
        has started, waiting for one being read elsewhere up to ``timeout`` seconds (GraphmemError)."""
        if self._reading_in == threading.get_ident():
            return   # a reading itself reads the session: it sees what was read before it
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._lock:
                if not self._unread or (upto is not None and upto.done):
                    return
            left = -1 if deadline is None else max(0.0, deadline - time.monotonic())
            if not self._reader.acquire(timeout=left):
                raise GraphmemError(f"session {self.user_id}/{self.session_id}: a message is still being read on "
                                    f"another thread after {timeout:g} s (read_timeout); see Session.errors")
            try:
                with self._lock:
                    job = self._unread[0] if self._unread else None
                if job is not None:   # only the reader's holder runs or pops the first: readings keep their order
                    self._reading_in = threading.get_ident()
                    try:
                        job.value = job.job()
                    except Exception as exc:   # _read_* guard their steps; a fault here must not stop the reading
                        log.exception("short-term reading failed")
                        with self._lock:
                            self.errors = (self.errors + [f"reading: {type(exc).__name__}: {exc}"])[-20:]
                    finally:
                        self._reading_in = None
                        with self._lock:
                            job.done, job.job = True, None
                            self._unread.popleft()
                            self._idle.notify_all()
            finally:
                self._reader.release()

    def _read(self) -> None:
        """Before a read of the session: every earlier message read (``read_timeout``)."""
        self._catch_up(self.read_timeout)

    def _append(self, role: str, text: str, at: datetime, speaker: str | None = None) -> Message:
        self._seq += 1
        tokens = self.counter(text)
        msg = Message(role, text, max(self.turn, 1), self._seq, at, tokens, speaker)
        self._window.append(msg)
        self.history_tokens += tokens
        return msg

    def _link(self, text: str, turn: int, analysis: Any) -> tuple[Any, list]:
        """This turn's links. The default linker links the mentions of the turn's one reading, read here against
        the user's names (``known``) and journaled with it for the writer; a custom one reads ``text`` itself."""
        if analysis is None or self.linker != self._linking_link:
            return analysis, self._safe(lambda: self.linker(text, self._slots, turn), "linking") or []
        read = self._safe(lambda: analysis.with_mentions(self.known), "linking")
        if read is None:
            return analysis, []
        from graphmem.linking.api import link

        return read, self._safe(lambda: link(read.mentions, self._slots, self.known, turn=turn), "linking") or []

    def _linking_link(self, text: str, slots: SlotTable, turn: int) -> list:
        try:
            from graphmem.linking.api import link
        except ImportError:
            return []
        return link(text, slots, self.known, turn=turn)  # records into the slot table itself

    def _record_links(self, links: list, turn: int) -> list[str]:
        """Place names among this turn's entities (they fill a task's city slot). Plain mentions from a
        custom linker are recorded into the slot table here; linking's links are already recorded."""
        places = []
        for lk in links:
            m = getattr(lk, "mention", None)
            if m is None:  # a Mention
                m = lk
                kind = getattr(m, "kind", "named")
                name = getattr(m, "surface", "") or ""
                mtype = getattr(m, "type", "") or ""
                if kind in ("pronoun", "demonstrative") or not name:
                    continue  # they refer to slots; they do not create them
                self._slots.mention("new:" + facts.norm(name), name, mtype, turn, name)
            else:
                name = getattr(lk, "entity_name", "") or getattr(m, "surface", "")
                mtype = getattr(lk, "entity_type", "") or getattr(m, "type", "") or ""
            if name and mtype.lower() in st.PLACE_TYPES:
                places.append(name)
        return places

    # -- reading --------------------------------------------------------------------------------------
    @property
    def state(self) -> st.SessionState:
        """The session state (task, goal, slots, language) after every message added so far."""
        self._read()
        return self._state

    @state.setter
    def state(self, value: st.SessionState) -> None:
        self._state = value

    @property
    def slots(self) -> SlotTable:
        """The entity slot table shared with linking, with every message added so far linked into it."""
        self._read()
        return self._slots

    @property
    def messages(self) -> list[Message]:
        """The messages still in the window (older ones live on as summary and hard facts)."""
        self._read()
        with self._lock:
            return list(self._window)

    @property
    def summary(self) -> list[sm.SummaryLine]:
        self._read()
        with self._lock:
            markers = self.ledger.superseded_markers()
            return [ln for ln in self._summary if not sm.is_superseded(ln.text, markers)]

    @property
    def hard_facts(self) -> list[HardFact]:
        self._read()
        with self._lock:
            return list(self.ledger.facts)

    @property
    def tool_records(self) -> list[tl.ToolRecord]:
        with self._lock:
            return list(self._tools)

    @property
    def compressing(self) -> bool:
        """True while background work (compression, LLM state update, change notice) is queued or running."""
        with self._lock:
            return self._running or bool(self._queue)

    def window_token_count(self) -> int:
        with self._lock:
            return sum(m.tokens for m in self._window)

    @give_way.calling   # the writer's thread pauses meanwhile
    def context(self, user_input: str | None = None, budget: int | None = None, *, recall: bool = True) -> Context:
        """Assemble the prompt: system > pinned facts > long-term memory > summary > session state > recent
        turns (newest first) > tool records, within ``budget`` tokens. Never blocks on compression.

        ``user_input`` is the message being answered; if it is already the last recorded user message it is
        not repeated. Raises :class:`InputError` if the system prompt, pinned facts and the input alone do
        not fit."""
        if budget is not None and (not isinstance(budget, int) or isinstance(budget, bool)):
            raise InputError(f"budget must be an integer number of tokens, got {budget!r}")
        budget = self.budget if budget is None else budget
        if user_input is not None:
            user_input = validate_message(user_input, self.max_message_chars)
        if recall and self.retriever is not None and self._unread:
            self._prepare_recall(user_input)   # while the worker reads the message just added
        self._read()   # the messages added so far, read: the input just added is not read again below
        with self._lock:
            window = list(self._window)
            summary_lines = self._summary
            summary_key = (self.ledger.version, self._summary_version, self._state.lang)
            fact_list = list(self.ledger.facts)
            markers = self.ledger.superseded_markers()
            state_text = self._state.render()
            lang = self._state.lang
            records = list(self._tools)
            old_tools = list(self._old_tools)
            ledger = FactLedger(facts=list(self.ledger.facts), superseded=list(self.ledger.superseded))

        query = user_input
        if query is None:
            query = next((m.text for m in reversed(window) if m.role == "user"), "")
        if window and window[-1].role == "user" and user_input is not None and window[-1].text == user_input:
            window = window[:-1]
            input_text = user_input
        elif user_input is not None:
            input_text = user_input
        else:
            input_text = None

        omitted_extra: list[Omission] = []
        lt_kept: list[MemoryItem] = []
        lt_dropped: list[tuple[MemoryItem, HardFact]] = []
        if recall and self.retriever is not None and query:
            try:
                found = self.retriever(query, self)
                raw = list(found or [])
                if getattr(found, "why", None):   # the retriever found nothing worth injecting, and says why
                    omitted_extra.append(Omission(packing.LONG_TERM, "long-term memory", 0, found.why))
            except Exception as exc:  # long-term memory down: the short-term context still works
                omitted_extra.append(Omission(packing.LONG_TERM, "retriever", 0, f"failed: {type(exc).__name__}: {exc}"))
                raw = []
            parse = self._parse if (raw and ledger.facts) else None  # nothing to contradict: skip parsing
            known = claims.of_recalled if self.extractor is facts.extract else None   # the write path's reading
            lt_kept, lt_dropped = conflict.resolve(raw, ledger, parse, self._parse_ahead, known)
            for item, beaten in lt_dropped:
                omitted_extra.append(Omission(packing.LONG_TERM, item.text[:60], self.counter(item.text),
                                              f"contradicted by this session: {beaten.render(lang)[:60]}"))

        say = langs.pack(lang).say   # the layer headers are the language pack's context_* templates
        c = self.counter
        layers: list[Layer] = []
        if self.system_prompt:
            layers.append(Layer(packing.SYSTEM, [Item(packing.SYSTEM, self.system_prompt, c(self.system_prompt), "system prompt")],
                                required=True))
        if self.pinned_facts:
            layers.append(Layer(packing.PINNED, [Item(packing.PINNED, f"- {p}", c(f"- {p}"), f"pinned {i}", order=i)
                                                 for i, p in enumerate(self.pinned_facts)],
                                header=say("context_pinned"), required=True))
        if input_text is not None:
            layers.append(Layer(packing.INPUT, [Item(packing.INPUT, input_text, c(input_text), "current input", role="user")],
                                required=True))
        if lt_kept:
            layers.append(Layer(packing.LONG_TERM,
                                [Item(packing.LONG_TERM, f"- {m.text}", c(f"- {m.text}"), m.text[:60], order=i)
                                 for i, m in enumerate(lt_kept)],
                                header=say("context_long_term"),
                                cap=self.long_term_share))
        cached = self._summary_cache
        if cached is not None and cached[0] == summary_key:
            summary_items = cached[1]  # facts and summary unchanged since the last call: reuse their items
        else:
            summary_items = self._summary_items(fact_list, summary_lines, markers, lang)
            self._summary_cache = (summary_key, summary_items)
        if summary_items:
            layers.append(Layer(packing.SUMMARY, summary_items,
                                header=say("context_summary"),
                                cap=self.summary_share))
        if state_text:
            layers.append(Layer(packing.STATE, [Item(packing.STATE, state_text, c(state_text), "session state")]))
        if window:
            layers.append(Layer(packing.RECENT,
                                [Item(packing.RECENT, m.text, m.tokens, f"turn {m.turn} {m.role}", role=m.role, order=m.seq)
                                 for m in reversed(window)],
                                contiguous=True))
        tool_items = self._tool_items(records, old_tools)
        if tool_items:
            layers.append(Layer(packing.TOOLS, tool_items, header=say("context_tools")))

        layers = self._prompt_order(layers)
        packed = packing.pack(sorted(layers, key=lambda l: packing.PRIORITY.index(l.name)), budget, c)
        messages = packing.assemble(packed, layers)
        total = packing.count_messages(messages, c)
        while total > budget:  # joins can tokenise differently from the parts: drop the least important
            victim = next((i for i in reversed(packed.items) if i.layer not in (packing.SYSTEM, packing.PINNED, packing.INPUT)), None)
            if victim is None:
                raise InputError(f"the required layers need {total} tokens; the budget is {budget}")
            packed.items.remove(victim)
            packed.omitted.append(Omission(victim.layer, victim.label, victim.tokens, "budget (final check)"))
            messages = packing.assemble(packed, layers)
            total = packing.count_messages(messages, c)
        return Context(messages, total, budget, omitted_extra + packed.omitted, packed.layer_tokens, lt_kept, lt_dropped)

    def _prepare_recall(self, user_input: str | None) -> None:
        """Before ``context()`` waits for the reading of the messages just added: the retriever's work that does not
        depend on it (its ``prepare(query, session)``, if it has one: embedding the query, loading the user's caches),
        so the caller's thread does that while the session's worker reads, instead of reading itself and then
        recalling. Nothing it computes differs; a failure here is the recall's to report."""
        prepare = self._recall_prepare()
        if prepare is None:
            return
        query = user_input
        if query is None:
            with self._lock:
                query = next((m.text for m in reversed(self._window) if m.role == "user"), "")
        if query:
            try:
                prepare(query, self)
            except Exception:   # noqa: BLE001 - the recall runs again below and reports it
                log.debug("retriever prepare failed", exc_info=True)

    def _recall_prepare(self) -> Callable[[str, "Session"], None] | None:
        return getattr(self.retriever, "prepare", None)

    def _parse(self, text: str) -> list:
        """Statements in a long-term memory text, cached (the same memories come back turn after turn)."""
        with self._lock:
            hit = self._parsed.get(text)
        if hit is None:
            hit = list(self.extractor(text, self._clock()) or [])
            with self._lock:
                if len(self._parsed) >= 2048:
                    self._parsed.clear()
                self._parsed[text] = hit
        return hit

    def _parse_ahead(self, texts: list[str]) -> None:
        """The long-term memory texts :meth:`_parse` has not read yet, parsed in one batch first."""
        if self.extractor is facts.extract:
            with self._lock:
                todo = [t for t in dict.fromkeys(texts) if t not in self._parsed]
            facts.parse_ahead(todo)

    @staticmethod
    def _prompt_order(layers: list[Layer]) -> list[Layer]:
        order = (packing.SYSTEM, packing.PINNED, packing.LONG_TERM, packing.SUMMARY, packing.STATE, packing.TOOLS,
                 packing.RECENT, packing.INPUT)
        return sorted(layers, key=lambda l: order.index(l.name))

    def _summary_items(self, fact_list: list[HardFact], lines: list[sm.SummaryLine], markers: list[str],
                       lang: str) -> list[Item]:
        c = self.counter
        items: list[Item] = []
        # hard facts first (preferences/attributes before events and goals), newest first within a kind
        ranked = sorted(enumerate(fact_list), key=lambda p: (p[1].kind in ("event", "goal"), -p[1].turn))
        for pos, f in ranked:
            text = f"- {f.render(lang)}"
            items.append(Item(packing.SUMMARY, text, c(text), f"fact t{f.turn}: {f.key or f.kind}", order=pos))
        kept = [ln for ln in lines if not sm.is_superseded(ln.text, markers)]
        for ln in sorted(kept, key=lambda ln: -ln.score):
            text = f"- {ln.render()}"
            items.append(Item(packing.SUMMARY, text, c(text), f"summary t{ln.turn}", order=10_000 + ln.turn))
        return items

    def _tool_items(self, records: list[tl.ToolRecord], old: list[str]) -> list[Item]:
        c = self.counter
        items: list[Item] = []
        n = len(records)
        for i, r in enumerate(reversed(records)):
            text = r.render(full=i < self.full_tools)
            items.append(Item(packing.TOOLS, text, c(text), f"tool {r.name} t{r.turn}", order=n - i + len(old)))
        for j, s in enumerate(reversed(old)):
            text = f"[tool] {s}"
            items.append(Item(packing.TOOLS, text, c(text), "old tool call", order=len(old) - j))
        return items

    # -- background work ------------------------------------------------------------------------------
    def _submit(self, job: Callable[[], None]) -> None:
        with self._lock:
            self._queue.append(job)
            if self._running:
                return
            self._running = True
        (self._executor or _default_executor()).submit(self._drain)

    def _drain(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._running = False
                    self._idle.notify_all()
                    return
                job = self._queue.popleft()
            try:
                job()
            except Exception as exc:  # a background failure must not kill the worker
                log.exception("short-term background job failed")
                with self._lock:
                    self.errors = (self.errors + [f"{type(exc).__name__}: {exc}"])[-20:]

    def flush(self, timeout: float | None = None) -> bool:
        """Wait for queued background work (the messages' readings included); True when idle."""
        try:
            self._catch_up(timeout)   # a reading nobody has started is made here
        except GraphmemError:
            return False
        with self._idle:
            return self._idle.wait_for(lambda: not self._running and not self._queue and not self._unread, timeout)

    close = flush

    def _safe(self, fn: Callable[[], Any], what: str) -> Any:
        try:
            return fn()
        except Exception as exc:
            log.warning("short-term %s failed: %s", what, exc)
            with self._lock:
                self.errors = (self.errors + [f"{what}: {type(exc).__name__}: {exc}"])[-20:]
            return None

    def _maybe_compress(self, slack: float = 1.0) -> None:
        """Schedule a compression when the window is over budget. After a user message it waits until the
        window is ``slack`` × over: the caller is about to call ``context()`` and a compression running on
        the other thread would compete with it for the GIL; after the assistant's reply (the idle time
        until the user speaks again) it starts as soon as the window is over budget."""
        with self._lock:
            if self._compress_pending:
                return
            limit = self.window_tokens * slack
            if sum(m.tokens for m in self._window) <= limit or len(self._window) <= self.min_recent:
                return
            self._compress_pending = True
        self._submit(self._compress)

    def _compress(self) -> None:
        """Evict the oldest turns until the window is at 60 % of its budget; summarise them; keep facts."""
        try:
            self._catch_up()   # the facts of the turns it evicts are in the ledger first
            with self._lock:
                target = int(self.window_tokens * 0.6)
                total = sum(m.tokens for m in self._window)
                n = 0
                while total > target and len(self._window) - n > self.min_recent:
                    total -= self._window[n].tokens
                    n += 1
                evict = self._window[:n]
                fact_texts = [f.text for f in self.ledger.facts if f.text and f.kind != "event"]
                event_texts = [f.text for f in self.ledger.facts if f.text and f.kind == "event"]
                markers = self.ledger.superseded_markers()
            if not evict:
                return
            turns = [(m.turn, m.role, m.text) for m in evict]
            time.sleep(0)  # hand the GIL to the caller's thread between steps (context() must stay fast)
            lines = rolled = None
            if self.llm is not None:
                lines = self._safe(lambda: sm.llm_summarise(turns, max(20, self.summary_tokens // 2), self.counter,
                                                            self.llm), "llm summary")
                if lines is not None:  # roll: the LLM condenses old summary + new chunk when they outgrow the cap
                    merged = list(self._summary) + lines  # only this worker writes _summary
                    if sum(self.counter(ln.render()) + 1 for ln in merged) <= self.summary_tokens:
                        rolled = merged
                    else:
                        rolled = self._safe(lambda: sm.llm_condense(merged, self.summary_tokens, self.counter,
                                                                    self.llm), "llm condense")
            if lines is None:  # extractive, a message at a time, handing over the GIL in between
                candidates: list[sm.SummaryLine] = []
                for one in turns:
                    candidates.extend(sm.extract_lines([one], fact_texts, event_texts=event_texts))
                    time.sleep(0)
                lines = sm.select(candidates, self.summary_tokens, self.counter, markers)
            time.sleep(0)
            with self._lock:
                if self._window[: len(evict)] == evict:
                    del self._window[: len(evict)]
                markers = self.ledger.superseded_markers()
                if rolled is not None:
                    self._summary = rolled
                else:  # extractive rolling merge: the best lines of old summary + new chunk within the cap
                    self._summary = sm.select(self._summary + lines, self.summary_tokens, self.counter, markers)
                self._summary_version += 1
                self.compressions += 1
        finally:
            with self._lock:
                self._compress_pending = False
        self._maybe_compress()

    def _llm_state(self, text: str, role: str, turn: int) -> None:
        with self._lock:
            base = self._state
        new = st.llm_update(base, text, role, self.llm, cap=self.state_cap)
        with self._lock:
            if self._state is base and self.turn == turn:  # nothing newer arrived meanwhile
                self._state = new

    def turn_id(self, turn: int, role: str = "user") -> int | str:
        """The write path's id of this session's user turn ``turn`` (override to match your writer's ids)."""
        return turn if role == "user" else f"{turn}a"

    def _send_change(self, text: str, turn: int, at: datetime, changes: list) -> None:
        self.write_path(make_turn(self, text, turn, at))


def make_turn(session: Session, text: str, turn: int, at: datetime) -> Any:
    """The write path's input for one user turn (``graphmem.model.Turn``; facts left to the writer)."""
    try:
        from graphmem.model import Turn
    except ImportError:  # pragma: no cover - the model module ships with graphmem
        from types import SimpleNamespace

        return SimpleNamespace(user_id=session.user_id, session_id=session.session_id, turn_id=session.turn_id(turn),
                               text=text, role="user", at=at, tenant=session.tenant, facts=None)
    return Turn(user_id=session.user_id, session_id=session.session_id, turn_id=session.turn_id(turn), text=text,
                role="user", at=at, tenant=session.tenant, facts=None)


class Sessions:
    """Sessions by (tenant, user, session), created on first use with shared settings; the least recently
    used are closed past ``max_sessions``. ``Sessions(system_prompt=..., retriever=...).get("u1", "s1")``."""

    def __init__(self, max_sessions: int = 1000, **session_kwargs: Any) -> None:
        from collections import OrderedDict

        self.max_sessions = max_sessions
        self.kwargs = session_kwargs
        self._sessions: OrderedDict[tuple, Session] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, user_id: str, session_id: str, tenant: str | None = None) -> Session:
        key = (tenant or self.kwargs.get("tenant"), user_id, session_id)
        evicted = []
        with self._lock:
            s = self._sessions.get(key)
            if s is None:
                kwargs = {**self.kwargs, "tenant": key[0]}
                s = self._sessions[key] = Session(user_id, session_id, **kwargs)
                while len(self._sessions) > self.max_sessions:
                    evicted.append(self._sessions.popitem(last=False)[1])
            else:
                self._sessions.move_to_end(key)
        for old in evicted:
            old.flush(5)
        return s

    def end(self, user_id: str, session_id: str, tenant: str | None = None) -> bool:
        """Forget a session (after its background work is done). True if it existed."""
        with self._lock:
            s = self._sessions.pop((tenant or self.kwargs.get("tenant"), user_id, session_id), None)
        if s is not None:
            s.flush(5)
        return s is not None

    def __len__(self) -> int:
        return len(self._sessions)
