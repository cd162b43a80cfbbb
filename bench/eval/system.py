"""graphmem as the suite drives it: real turns in through the public API, probes answered by recall and
``context()``. Two modes, picked by what the library offers:

* ``memory`` — the ``graphmem.memory.Memory`` facade: every turn goes through
  ``session.add_user_message``/``add_assistant_message`` (stamped with the scenario's day), probes through
  ``memory.recall`` (the top-k statements the judge sees) and a fresh probe session's ``context()`` (the
  tokens injected);
* ``writer`` — only the write path exists (``graphmem.write.Writer``): turns are ingested and the gate is
  measured, but there is nothing to recall with, so recall metrics are reported as missing (never as zero).
"""

from __future__ import annotations

import inspect
import time
from datetime import datetime, timezone

from graphmem.write import ids
from graphmem.write.journal import remove as remove_journal

from bench.eval.data import Probe, TurnSpec


def _accepts(fn, name: str) -> bool:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return False
    return name in sig.parameters or any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())


def _text(item) -> str:
    if isinstance(item, str):
        return item
    return str(getattr(item, "text", None) or item)


class GraphmemSystem:
    name = "graphmem"

    def __init__(self, settings, store, *, k: int = 5, budget: int = 2000, counter=None, embedder=None,
                 force_writer: bool = False):
        self.settings, self.store, self.k, self.budget = settings, store, k, budget
        self.counter = counter
        self.memory = None
        self.writer = None
        self._sessions: dict[tuple[str, str], object] = {}
        self._turn_ids: dict[tuple[str, str, int], str] = {}
        self.notes: list[str] = []
        Memory = None
        if not force_writer:
            try:
                from graphmem.memory import Memory  # noqa: F811
            except ImportError:
                Memory = None
        self.now = datetime.now(timezone.utc)
        if Memory is not None:
            self.mode = "memory"
            journal = settings.home / f"eval-journal-{settings.tenant}.sqlite3"
            self._journal = journal
            # the scenario's simulated clock: "last week" and time decay are relative to the probe's day
            clock = lambda: self.now  # noqa: E731
            kw = {"clock": clock} if _accepts(Memory, "clock") else {}
            self.memory = Memory(settings, store=store, embedder=embedder, journal_path=journal,
                                 session_defaults={"clock": clock}, **kw)
            if not kw:
                if hasattr(type(self.memory.retriever), "clock"):
                    self.memory.retriever.clock = clock
                elif hasattr(self.memory.retriever, "_clock"):
                    self.memory.retriever._clock = clock
                else:
                    self.notes.append("the retriever has no clock to set: temporal probes use the wall clock")
            # diagnostic ablation on the SAME graph: the default ranking without the minimum-score cut-off
            self.nofloor = None
            try:
                from dataclasses import replace

                from graphmem.recall.retriever import RecallConfig, Retriever

                cfg = RecallConfig()
                cfg = replace(cfg, scoring=replace(cfg.scoring, min_score=0.0))
                self.nofloor = Retriever(store, settings, embedder=embedder, config=cfg, clock=lambda: self.now)
            except Exception as e:  # the ablation is optional; the suite does not depend on it
                self.notes.append(f"no min_score ablation: {type(e).__name__}: {e}")
        else:
            from graphmem.write import Writer

            self.mode = "writer"
            self._journal = settings.home / f"eval-journal-{settings.tenant}.sqlite3"
            self.writer = Writer(store, settings, embedder=embedder, journal_path=self._journal)
            self.notes.append("graphmem.memory.Memory is not available: turns were ingested through the Writer only; "
                              "recall metrics for graphmem are missing")

    # -- ingest --------------------------------------------------------------------------------------
    def session(self, user: str, sid: str):
        key = (user, sid)
        if key not in self._sessions:
            self._sessions[key] = self.memory.session(user, sid)
        return self._sessions[key]

    def add(self, user: str, t: TurnSpec) -> None:
        if self.mode == "writer":
            self.writer.add(user, t.session, t.turn_id, t.text, role=t.role, at=t.at)
            self._turn_ids[(user, t.session, t.turn_id)] = str(t.turn_id)
            return
        self.now = t.at
        s = self.session(user, t.session)
        fn = s.add_user_message if t.role == "user" else s.add_assistant_message
        msg = fn(t.text, at=t.at) if _accepts(fn, "at") else fn(t.text)
        if t.role == "user":
            # MemorySession writes turn "<n>.<session token>" (graphmem/memory.py); no public accessor yet
            self._turn_ids[(user, t.session, t.turn_id)] = f"{msg.turn}.{getattr(s, '_token', '')}"

    def flush(self) -> None:
        for s in list(self._sessions.values()):
            f = getattr(s, "flush", None)
            if f:
                f()
        if self.memory is not None:
            self.memory.flush()
        if self.writer is not None:
            self.writer.flush()

    # -- probes --------------------------------------------------------------------------------------
    def can_recall(self) -> bool:
        return self.memory is not None

    def recall(self, user: str, query: str, now: datetime, k: int | None = None) -> list[str]:
        self.now = now
        fn = self.memory.recall
        kw = {"k": k or self.k}
        if _accepts(fn, "now"):
            kw["now"] = now
        return [_text(x) for x in fn(user, query, **kw)]

    def context(self, user: str, sid: str, query: str, now: datetime):
        """A fresh session on the probe's day; returns (long-term texts, long-term tokens, total tokens)."""
        self.now = now
        s = self.memory.session(user, sid)
        fn = s.context
        kw = {"budget": self.budget}
        if _accepts(fn, "now"):
            kw["now"] = now
        # the question is NOT recorded (add_user_message would also write it to long-term memory, and the
        # next probe would recall the previous probe's question); context() takes it as the current input
        ctx = fn(query, **kw)
        lt = [_text(m) for m in (getattr(ctx, "long_term", None) or [])]
        layer = getattr(ctx, "layer_tokens", {}) or {}
        lt_tokens = layer.get("long_term")
        if lt_tokens is None and self.counter is not None:
            lt_tokens = sum(self.counter(x) for x in lt)
        end = getattr(self.memory, "end_session", None)
        if end:
            end(user, sid)
        return lt, int(lt_tokens or 0), int(getattr(ctx, "tokens", 0) or 0)

    def probe(self, p: Probe) -> dict:
        t0 = time.perf_counter()
        texts = self.recall(p.user, p.q, p.now)
        t1 = time.perf_counter()
        lt, lt_tokens, total = self.context(p.user, f"probe-{p.id.replace('#', '-')}", p.q, p.now)
        t2 = time.perf_counter()
        nofloor = None
        if getattr(self, "nofloor", None) is not None:
            self.now = p.now
            nofloor = [_text(x) for x in self.nofloor.recall(p.user, p.q, self.k, now=p.now)]
        return {"nofloor_texts": nofloor, "recall_texts": texts, "context_texts": lt, "context_tokens": lt_tokens, "prompt_tokens": total,
                "recall_ms": (t1 - t0) * 1e3, "context_ms": (t2 - t1) * 1e3}

    def old_in_history(self, user: str, old_forms, when: datetime) -> dict:
        """Change probes: is the outdated value still in the graph as a version that was true at ``when``
        (the end of the day it was said), and is it marked outdated now? Uses ``Memory.as_of``."""
        from bench.eval.judge import contains

        try:
            facts = self.memory.as_of(user, when)
        except Exception as e:  # noqa: BLE001 - reported, not fatal
            return {"kept": False, "outdated": False, "error": f"{type(e).__name__}: {e}"}
        hits = [f for f in facts if any(contains(f"{f.value} {f.text}", o) for o in old_forms)]
        return {"kept": bool(hits), "outdated": any(f.status == "outdated" for f in hits)}

    # -- the gate --------------------------------------------------------------------------------------
    def stored(self, user: str, turns: list[TurnSpec]) -> dict[tuple[str, int], bool]:
        """Which of the user's turns became an Event in the graph."""
        tenant = self.settings.tenant
        want = {}
        for t in turns:
            tid = self._turn_ids.get((user, t.session, t.turn_id))
            if tid is not None:
                want[ids.event_id(tenant, user, t.session, tid)] = (t.session, t.turn_id)
        if not want:
            return {}
        have = {r["id"] for r in self.store.run("read/existing_events", {"rows": [
            {"id": i, "tenant": tenant, "user_id": user} for i in want]})}
        return {v: (k in have) for k, v in want.items()}

    def llm_calls(self) -> int:
        n = 0
        for obj in (getattr(self.memory, "_writer", None), self.writer):
            if obj is None:
                continue
            st = getattr(obj, "stats", None)
            if callable(st):
                try:
                    s = st()
                except Exception:
                    continue
                n += int(getattr(s, "llm_calls", 0) or (s.get("llm_calls", 0) if isinstance(s, dict) else 0))
        return n

    def writer_stats(self) -> dict:
        w = getattr(self.memory, "_writer", None) if self.memory is not None else self.writer
        if w is None:
            return {}
        from dataclasses import asdict

        try:
            return asdict(w.stats())
        except Exception:  # noqa: BLE001
            return {}

    def close(self) -> None:
        for s in list(self._sessions.values()):
            c = getattr(s, "close", None)
            if c:
                c()
        if self.memory is not None:
            self.memory.close()
        if self.writer is not None:
            self.writer.close()
        remove_journal(self._journal)
