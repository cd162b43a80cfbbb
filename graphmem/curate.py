"""Inspect and curate one user's graph: list, forget (verified), merge, alias, outdate/restore, export/import.

Every function takes the Store and a user id and is scoped by ``(store.settings.tenant, user_id)``.
Nothing here deletes history except ``forget``, which is the explicit, verified way to remove memory.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any, Iterable

from graphmem import derived, import_file, import_ids
from graphmem.errors import InputError, ModelError, NotFound, StoreError
from graphmem.model import LABELS, RELATIONSHIPS
from graphmem.store import Store
from graphmem.write import tombstones
from graphmem.write.reads import entity_id
from graphmem.write.sanitize import entity_ref, owner_id

EXPORT_FORMAT = import_file.FORMAT
FORGET_KINDS = ("entities", "cards", "facts", "events", "sessions", "profiles")


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _scope(store: Store, user_id: str) -> dict[str, str]:
    return {"tenant": owner_id(store.settings.tenant, "tenant"), "user_id": owner_id(user_id, "user_id")}


def require_user(store: Store, user_id: str) -> dict[str, str]:
    scope = _scope(store, user_id)
    if not store.run("curate/user_exists", scope)[0]["exists"]:
        raise NotFound(f"no user {user_id!r} in tenant {scope['tenant']!r} (see `graphmem users`)")
    return scope


# -- listing ------------------------------------------------------------------------------------------

def users(store: Store) -> list[dict]:
    return store.run("curate/users", {"tenant": owner_id(store.settings.tenant, "tenant")})


def entities(store: Store, user_id: str, type: str | None = None, limit: int = 500) -> list[dict]:
    return store.run("curate/entities", {**require_user(store, user_id), "type": type, "limit": limit})


def events(store: Store, user_id: str, since: datetime | None = None, until: datetime | None = None,
           limit: int = 500, *, agent: str | None = None, scope: str | None = None) -> list[dict]:
    """The event log, oldest first; ``agent``/``scope``: only what that agent wrote / that scope holds
    (``private`` means the agent's own, see :mod:`graphmem.scopes`)."""
    from graphmem import scopes

    if agent is not None:
        agent = scopes.name(agent, "agent")
    scope = None if scope is None else scopes.normalise(scope, agent)
    return store.run("curate/events", {**require_user(store, user_id), "since": since, "until": until, "limit": limit,
                                       "agent": agent, "scope": scope})


def stats(store: Store) -> dict:
    return store.run("curate/stats", {"tenant": owner_id(store.settings.tenant, "tenant")})[0]


# -- forget -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ForgetReport:
    target: str
    planned: dict[str, list[str]]
    dry_run: bool
    remaining: dict[str, int] = field(default_factory=dict)   # all zeros after a verified forget
    redacted: list[str] = field(default_factory=list)         # events/facts that still stated a forgotten fact

    @property
    def count(self) -> int:
        return sum(len(v) for v in self.planned.values())


def forget(store: Store, user_id: str, *, entity: str | None = None, event: str | None = None,
           fact: str | None = None, everything: bool = False, dry_run: bool = False,
           embedder=None) -> ForgetReport:
    """Remove memory and verify nothing of it remains (nodes, edges, references, vector-index hits, text).

    ``entity``: the entity, its card and facts, the turns that mention it, and facts derived only from them.
    ``event``: the turn and the facts derived only from it. ``fact``: one fact version.
    A turn goes with the statement Events derived from it (copies of its clauses), whichever of them is named.
    ``everything``: all the user's memory, the user node included.
    A forgotten fact is redacted from the texts that remain and still state it (re-embedded with ``embedder``,
    default the configured one); cards and the profile are regenerated.
    """
    chosen = [k for k, v in (("entity", entity), ("event", event), ("fact", fact), ("all", everything)) if v]
    if len(chosen) != 1:
        raise InputError("forget takes exactly one of --entity, --event, --fact or --all")
    scope = require_user(store, user_id)
    kind = chosen[0]
    target = {"entity": lambda: entity_id(store, user_id, entity, tenant=scope["tenant"]),
              "event": lambda: entity_ref(event, "event id"), "fact": lambda: entity_ref(fact, "fact id"),
              "all": lambda: user_id}[kind]()
    rows = store.run(f"forget/plan_{kind}", {**scope, "id": target})
    if not rows:
        raise NotFound(f"user {user_id!r} has no {kind} {target!r}")
    planned = {k: sorted(set(rows[0][k])) for k in FORGET_KINDS}
    ids = [i for k in FORGET_KINDS for i in planned[k]]
    texts, said = _redactions(store, scope, planned["facts"], ids) if kind != "all" else ({}, {})
    if dry_run:
        return ForgetReport(f"{kind} {target}", planned, True, redacted=sorted(texts))
    probes = store.run("forget/embeddings", {**scope, "ids": ids, "limit": 25})
    owners = store.run("forget/fact_entities", {**scope, "ids": planned["facts"]})
    entity_ids = sorted({r["entity_id"] for r in owners} - set(planned["entities"]))
    redactions = _embedded(store, texts, embedder)
    now = _now()
    stone = {**scope, "at": time.time(), "all": kind == "all", "kind": kind, "keep_seconds": tombstones.KEEP_SECONDS,
             "event_ids": planned["events"], "entity_ids": planned["entities"],
             "slots": sorted({tombstones.slot(r["entity_id"], r["key"]) for r in owners}) if kind == "fact" else []}

    def work(tx):
        tx.run("write/lock_users", {"rows": [{**scope, "at": now.isoformat()}]})   # after commits in flight
        tx.run("forget/tombstone", stone)    # ... and before the turns still queued (graphmem.write.tombstones)
        tx.run("forget/delete_preference_edges", {**scope, "ids": ids})
        tx.run("forget/delete_nodes", {**scope, "ids": ids})
        tx.run("forget/repair_references", {**scope, "ids": ids})
        if redactions:
            tx.run("forget/redact", {**scope, "rows": redactions, "now": now})
        if kind == "all":
            tx.run("forget/delete_user", scope)
            return
        for eid in entity_ids:
            tx.run("curate/refresh_card", {**scope, "entity_id": eid, "now": now})
        derived.refresh_profile(tx, scope["tenant"], scope["user_id"], now)

    store.write(work)
    remaining = store.run("forget/remaining", {**scope, "ids": ids})[0]
    if kind != "all":
        remaining = {**remaining, "users": 0}
    remaining["vector_hits"] = store.run("forget/vector_hits", {**scope, "ids": ids, "probes": probes})[0]["hits"] \
        if probes else 0
    remaining["unredacted"] = sum(derived.states(r["text"], said[r["id"]])
                                  for r in store.run("forget/texts", {**scope, "ids": sorted(texts)}))
    if any(remaining.values()):
        raise StoreError(f"forget of {kind} {target!r} left traces behind: {remaining}")
    return ForgetReport(f"{kind} {target}", planned, False, remaining, sorted(texts))


def _redactions(store: Store, scope: dict, facts: list[str], ids: list[str]) -> tuple[dict, dict]:
    """``({node id: (label, redacted text, speaker)}, {node id: the terms it must no longer contain})`` for
    the texts that remain after forgetting ``facts`` and state one of them."""
    texts: dict[str, tuple[str, str, str | None]] = {}
    said: dict[str, list[str]] = {}
    for r in store.run("forget/derived_texts", {**scope, "facts": facts, "ids": ids}) if facts else []:
        found, clause = derived.terms(r), (r["clause"] or "").strip()
        label, text, speaker = texts.get(r["id"], (r["label"], r["text"] or "", r["speaker"]))
        if r["source"] or derived.states(text, found) or (clause and clause in text):
            texts[r["id"]] = (label, derived.redact(text, found, clause), speaker)
            said.setdefault(r["id"], []).extend(found)
    return texts, said


def _embedded(store: Store, texts: dict, embedder) -> list[dict]:
    """Rows for ``forget/redact``: the new text, caption and embedding (None if no model can be loaded: the
    old vector must not stay)."""
    if not texts:
        return []
    from graphmem.write.pipeline import _caption

    ids = sorted(texts)
    try:
        if embedder is None:
            from graphmem.embedders import get_embedder
            embedder = get_embedder(store.settings)
        vectors = [[float(x) for x in v] for v in embedder.embed([texts[i][1] for i in ids])]
    except ModelError:
        vectors = [None] * len(ids)
    return [{"id": i, "text": texts[i][1], "caption": _caption(texts[i][1], texts[i][2]), "embedding": v}
            for i, v in zip(ids, vectors)]


# -- merge, alias, outdate, restore -------------------------------------------------------------------

def merge(store: Store, user_id: str, keep: str, absorb: str) -> dict:
    """Fold entity ``absorb`` into ``keep``: names become aliases, facts (with their history), mentions,
    preferences and relations move over; clashing active values are resolved newest-wins, never deleted."""
    scope = require_user(store, user_id)
    a = entity_id(store, user_id, keep, tenant=scope["tenant"])
    b = entity_id(store, user_id, absorb, tenant=scope["tenant"])
    if a == b:
        raise InputError(f"{keep!r} and {absorb!r} are the same entity")
    params = {**scope, "a": a, "b": b, "now": _now()}

    def work(tx):
        for step in ("mentions", "facts", "preferences", "related_out", "related_in", "resolve_slots"):
            tx.run(f"merge/{step}", params)
        merged = tx.run("merge/absorb", params)
        tx.run("curate/refresh_card", {**scope, "entity_id": a, "now": params["now"]})
        derived.refresh_profile(tx, scope["tenant"], scope["user_id"], params["now"])
        return merged

    merged = store.write(work)
    if not merged:
        raise NotFound(f"entity {keep!r} or {absorb!r} not found for user {user_id!r}")
    return merged[0]


def alias(store: Store, user_id: str, entity: str, name: str) -> dict:
    name = entity_ref(name, "alias").strip()
    if not name:
        raise InputError("an alias must not be empty")
    scope = require_user(store, user_id)
    eid = entity_id(store, user_id, entity, tenant=scope["tenant"])
    rows = store.run("curate/alias", {**scope, "entity_id": eid, "alias": name}, write=True)
    if not rows:
        raise NotFound(f"user {user_id!r} has no entity {entity!r}")
    return rows[0]


def set_fact_status(store: Store, user_id: str, fact_id: str, *, active: bool) -> dict:
    """``active=False``: mark a fact outdated (kept, still in history). ``True``: make it the current value
    again; whatever was active for the same attribute becomes outdated and is superseded by it."""
    scope = require_user(store, user_id)
    fact_id, now = entity_ref(fact_id, "fact id"), _now()

    def work(tx):
        rows = tx.run("curate/set_fact_restored" if active else "curate/set_fact_outdated",
                      {**scope, "fact_id": fact_id, "now": now})
        if rows:
            eid = tx.run("curate/fact_entity", {**scope, "fact_id": fact_id})[0]["entity_id"]
            tx.run("curate/refresh_card", {**scope, "entity_id": eid, "now": now})
            derived.refresh_profile(tx, scope["tenant"], scope["user_id"], now)
        return rows

    rows = store.write(work)
    if not rows:
        raise NotFound(f"user {user_id!r} has no fact {fact_id!r}")
    return rows[0]


# -- export / import ----------------------------------------------------------------------------------

def _to_json(value: Any) -> Any:
    if hasattr(value, "to_native"):
        value = value.to_native()
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, date):
        return {"$date": value.isoformat()}
    if isinstance(value, dict):
        return {k: _to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_json(v) for v in value]
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"$datetime"}:
            return datetime.fromisoformat(value["$datetime"])
        if set(value) == {"$date"}:
            return date.fromisoformat(value["$date"])
        return {k: _from_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_from_json(v) for v in value]
    return value


def export(store: Store, user_id: str) -> dict:
    """Everything the user owns as JSON-ready data (embeddings and history included)."""
    scope = require_user(store, user_id)
    nodes = store.run("transfer/export_nodes", scope)
    rels = store.run("transfer/export_relationships", scope)
    return {
        "format": EXPORT_FORMAT, **scope,
        "nodes": [{"key": n["key"], "labels": sorted(n["labels"]), "props": _to_json(n["props"])} for n in nodes],
        "relationships": sorted(({"start": r["start"], "type": r["type"], "end": r["end"],
                                  "props": _to_json(r["props"])} for r in rels),
                                key=lambda r: json.dumps(r, sort_keys=True, ensure_ascii=False)),
    }


def import_(store: Store, data: dict, *, replace: bool = False, progress=None) -> dict[str, int]:
    """Load an export. Refuses to overwrite an existing user unless ``replace`` (which forgets it first).
    Labels and relationship types are checked against the graph model before anything is written; ids not made
    for this owner are re-keyed (``graphmem.import_ids``) and ids another owner holds are refused."""
    nodes, rels = import_file.check(data)   # shape and sizes: InputError, never a traceback
    user_id, tenant = data.get("user_id"), data.get("tenant")
    if tenant != store.settings.tenant:
        raise InputError(f"the export is for tenant {tenant!r:.80}; set GRAPHMEM_TENANT to it to import it")
    scope = _scope(store, user_id)
    for n in nodes:
        if not n.get("labels") or not set(n["labels"]) <= set(LABELS):
            raise InputError(f"node {n.get('key')!r} has labels outside the graph model: {n.get('labels')}")
        if n["props"].get("tenant") != tenant or n["props"].get("user_id") != user_id:
            raise InputError(f"node {n['key']!r} belongs to another user")
    keys = {n["key"] for n in nodes}
    for r in rels:
        if r.get("type") not in RELATIONSHIPS or r.get("start") not in keys or r.get("end") not in keys:
            raise InputError(f"relationship {r.get('start')}-[{r.get('type')}]->{r.get('end')} is not valid")
    nodes, rels, rekeyed = import_ids.rekey(nodes, rels, tenant, user_id)   # ids not made for this owner
    taken = store.run("transfer/foreign_ids", {**scope, "ids": [n["key"] for n in nodes if n["key"] != "user"]})
    if taken:
        raise InputError(f"the import holds ids another owner already has ({', '.join(r['id'] for r in taken)}); "
                         f"refused")
    if store.run("curate/user_exists", scope)[0]["exists"]:
        if not replace:
            raise InputError(f"user {user_id!r} already exists; use --replace to overwrite it")
        forget(store, user_id, everything=True)

    def work(tx):
        element = {}
        for chunk in _chunks(nodes, 500):
            rows = [{"key": n["key"], "labels": n["labels"], "props": _from_json(n["props"])} for n in chunk]
            element.update({r["key"]: r["element_id"] for r in tx.run("transfer/import_nodes", {"rows": rows})})
            if progress:
                progress(len(chunk))
        for chunk in _chunks(rels, 1000):
            rows = [{"start": element[r["start"]], "end": element[r["end"]], "type": r["type"],
                     "props": _from_json(r["props"])} for r in chunk]
            tx.run("transfer/import_relationships", {"rows": rows})
            if progress:
                progress(len(chunk))

    store.write(work)
    return {"nodes": len(nodes), "relationships": len(rels), **({"rekeyed": rekeyed} if rekeyed else {})}


def _chunks(items: list, size: int) -> Iterable[list]:
    for i in range(0, len(items), size):
        yield items[i:i + size]
