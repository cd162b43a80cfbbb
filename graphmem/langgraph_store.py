"""LangGraph's long-term store (``langgraph.store.base.BaseStore``) backed by graphmem
(``pip install 'graphmem[langgraph]'``).

    from graphmem import Memory
    from graphmem.langgraph_store import GraphmemStore

    store = GraphmemStore(Memory())
    store.put(("alice", "planner", "private"), "diet", {"text": "I am vegetarian since March."})
    store.search(("alice",), query="what does she eat?")   # graphmem recall, mapped back to items

Namespaces are ``(user_id, agent?, scope?, *folders)`` (see :mod:`graphmem.store_items`): an item under
``(user, agent, "private")`` (or any folder of the agent's) is that agent's private memory, ``"shared"`` the
user's shared memory, ``"team-<id>"`` the team's; other agents' recall sees it only as :mod:`graphmem.scopes`
allows. ``put`` writes the item's text as a turn of the user (extraction, linking, versioning as for any message) and waits until it is
in the graph; the item keeps its exact value. A new value for a key is a new version (the old one stays in the
history); ``get`` returns the newest. ``search`` with a ``query`` runs graphmem recall over the user's memory
and returns the items under the prefix whose memories it found, best first; without a query, the newest items.
``delete`` is graphmem's verified forget of every version (and of facts derived only from them).
Not supported: TTLs (``supports_ttl`` is False); ``index=False`` still makes the item a memory (graphmem
remembers what it is given); a search must name the user (its prefix starts with the user id).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from langgraph.store.base import (BaseStore, GetOp, InvalidNamespaceError, Item, ListNamespacesOp, Op, PutOp,
                                  Result, SearchItem, SearchOp)
from langgraph.store.base.embed import get_text_at_path

from graphmem import store_items as si
from graphmem.errors import InputError
from graphmem.write import ids
from graphmem.write.sanitize import owner_id

RECALL_POOL = 4   # recall this many times the page size, then keep the hits that are items under the prefix


def _native(t: Any) -> datetime:
    return t.to_native() if hasattr(t, "to_native") else t


class GraphmemStore(BaseStore):
    """A LangGraph ``BaseStore`` over a :class:`graphmem.Memory` (scoped to its tenant). Thread-safe."""

    supports_ttl = False

    def __init__(self, memory, *, flush_timeout: float = 120.0) -> None:
        self.memory = memory
        self.flush_timeout = flush_timeout

    # -- BaseStore ----------------------------------------------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run the operations in order; puts are written together (one flush for the batch)."""
        ops = list(ops)
        results: list[Result] = [None] * len(ops)
        puts = [(i, op) for i, op in enumerate(ops) if isinstance(op, PutOp) and op.value is not None]
        if puts:
            self._put([op for _, op in puts])
        for i, op in enumerate(ops):
            if isinstance(op, GetOp):
                results[i] = self._get(op)
            elif isinstance(op, SearchOp):
                results[i] = self._search(op)
            elif isinstance(op, ListNamespacesOp):
                results[i] = self._namespaces(op)
            elif isinstance(op, PutOp) and op.value is None:
                self._delete(op)
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return await asyncio.to_thread(self.batch, list(ops))

    # -- operations ---------------------------------------------------------------------------------------
    @property
    def _tenant(self) -> str:
        return self.memory.settings.tenant

    def _scope(self, namespace: tuple[str, ...]) -> dict[str, str]:
        if not namespace:
            raise InvalidNamespaceError("graphmem namespaces start with the user id: (user_id, agent?, scope?, ...)")
        try:
            return {"tenant": self._tenant, "user_id": owner_id(namespace[0], "user id (the namespace's first label)")}
        except InputError as e:
            raise InvalidNamespaceError(str(e)) from None

    def _put(self, ops: list[PutOp]) -> None:
        now = datetime.now(timezone.utc)
        rows = []
        for op in ops:
            scope = self._scope(op.namespace)
            stored = si.value_json(op.value)
            fields = [t for path in op.index for t in get_text_at_path(op.value, path)] if op.index else None
            text = si.item_text(op.value, fields)
            if not text.strip():
                raise InputError(f"the item {op.namespace}/{op.key} has no text to remember")
            session, turn = si.session_id(op.namespace), si.turn_id(op.namespace, op.key, stored)
            agent, where = si.owner(op.namespace)
            try:
                self.memory.add(scope["user_id"], session, turn, text, role="user", at=now, agent=agent, scope=where)
            except InputError as e:   # an agent or team label graphmem cannot name
                raise InvalidNamespaceError(str(e)) from None
            rows.append((scope, op, stored, text, session, turn))
        self.memory.flush(self.flush_timeout)
        vectors = self.memory.embedder.embed([r[3] for r in rows])
        from graphmem.linking import detect_language
        from graphmem.write import scoring

        for (scope, op, stored, text, session, turn), vec in zip(rows, vectors):
            event = ids.event_id(scope["tenant"], scope["user_id"], session, turn)
            caption = text[:80]
            props = {"session_id": session, "turn_id": turn, "role": "user", "speaker": None, "kind": "message",
                     "text": text, "language": detect_language(text), "status": "active", "name": caption,
                     "caption": caption, "importance": scoring.importance("message", text),
                     "quality": scoring.quality(text)}
            self.memory.store.run("langgraph/put_item", {
                **scope, "id": event, "session_id": session, "at": now.isoformat(), "props": props,
                "session_key": ids.session_key(scope["tenant"], scope["user_id"], session),
                "embedding": [float(x) for x in vec], "ns": list(op.namespace), "key": op.key, "value": stored},
                write=True)
        for scope in {r[0]["user_id"] for r in rows}:
            self.memory.retriever.invalidate(scope, self._tenant)

    def _versions(self, scope: dict, keys: list[tuple[tuple[str, ...], str]]) -> dict[tuple, list[dict]]:
        rows = self.memory.store.run("langgraph/item_versions",
                                     {**scope, "rows": [{"ns": list(ns), "key": k} for ns, k in keys]})
        out: dict[tuple, list[dict]] = {}
        for r in rows:
            out.setdefault((tuple(r["ns"]), r["key"]), []).append(r)
        return out

    @staticmethod
    def _item(versions: list[dict], score: float | None = None, search: bool = False) -> Item:
        newest = max(versions, key=lambda r: _native(r["updated_at"]))
        created = min(_native(r["recorded_at"]) for r in versions)
        args = {"namespace": tuple(newest["ns"]), "key": newest["key"], "value": json.loads(newest["value"]),
                "created_at": created, "updated_at": _native(newest["updated_at"])}
        return SearchItem(**args, score=score) if search else Item(**args)

    def _get(self, op: GetOp) -> Item | None:
        scope = self._scope(op.namespace)
        found = self._versions(scope, [(tuple(op.namespace), op.key)])
        versions = found.get((tuple(op.namespace), op.key))
        return self._item(versions) if versions else None

    def _search(self, op: SearchOp) -> list[SearchItem]:
        scope = self._scope(op.namespace_prefix)
        prefix = list(op.namespace_prefix)
        if op.query:
            want = (op.offset + op.limit) * RECALL_POOL
            hits = self.memory.recall(scope["user_id"], op.query, max(1, min(100, want)))
            order: dict[str, float] = {}
            for h in hits:   # the memory itself, or the turn it came from
                for eid in (h.id, ids.event_id(scope["tenant"], scope["user_id"], h.session_id, h.turn_id)
                            if h.session_id and h.turn_id else None):
                    if eid and eid not in order:
                        order[eid] = h.score
            rows = self.memory.store.run("langgraph/items_of_events", {**scope, "ids": list(order), "prefix": prefix})
            best: dict[tuple, float] = {}
            for r in sorted(rows, key=lambda r: -order[r["id"]]):
                best.setdefault((tuple(r["ns"]), r["key"]), order[r["id"]])
            versions = self._versions(scope, list(best))
            items = [self._item(versions[k], score, search=True) for k, score in best.items() if k in versions]
        else:
            rows = self.memory.store.run("langgraph/list_items", {**scope, "prefix": prefix})
            grouped: dict[tuple, list[dict]] = {}
            for r in rows:
                grouped.setdefault((tuple(r["ns"]), r["key"]), []).append(r)
            items = sorted((self._item(v, search=True) for v in grouped.values()), key=lambda i: i.updated_at,
                           reverse=True)
        if op.filter:
            items = [i for i in items if si.matches_filter(i.value, op.filter)]
        return items[op.offset:op.offset + op.limit]

    def _delete(self, op: PutOp) -> None:
        scope = self._scope(op.namespace)
        versions = self._versions(scope, [(tuple(op.namespace), op.key)]).get((tuple(op.namespace), op.key), [])
        for v in versions:
            self.memory.forget(scope["user_id"], event=v["id"])

    def _namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        found = [tuple(r["ns"]) for r in self.memory.store.run("langgraph/namespaces", {"tenant": self._tenant})]
        return si.namespaces(found, op.match_conditions, op.max_depth, op.limit, op.offset)
