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
from graphmem.write import ids, tombstones
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
        missing = NotFound(f"no user {user_id!r} in tenant {scope['tenant']!r} (see `graphmem users`)")
        missing.user_id = scope["user_id"]   # the CLI looks for it in other tenants
        raise missing
    return scope


def tenants(store: Store, user_id: str | None = None, limit: int = 10) -> list[dict]:
    """Tenants with users (or with the user ``user_id``), most users first: ``{tenant, users}``."""
    return store.run("curate/tenants", {"user_id": user_id, "limit": limit})


# -- listing ------------------------------------------------------------------------------------------

def users(store: Store) -> list[dict]:
    return store.run("curate/users", {"tenant": owner_id(store.settings.tenant, "tenant")})


def entities(store: Store, user_id: str, type: str | None = None, limit: int = 500) -> list[dict]:
    return store.run("curate/entities", {**require_user(store, user_id), "type": type, "limit": limit})


def events(store: Store, user_id: str, since: datetime | None = None, until: datetime | None = None,
           limit: int = 500, *, agent: str | None = None, scope: str | None = None,
           status: str | None = None) -> list[dict]:
    """The event log, oldest first; ``agent``/``scope``: only what that agent wrote / that scope holds
    (``private`` means the agent's own, see :mod:`graphmem.scopes`); ``status``: active, outdated or archived."""
    if status is not None and status not in ("active", "outdated", "archived"):
        raise InputError(f"status must be active, outdated or archived, got {status!r}")
    from graphmem import scopes

    if agent is not None:
        agent = scopes.name(agent, "agent")
    scope = None if scope is None else scopes.normalise(scope, agent)
    return store.run("curate/events", {**require_user(store, user_id), "since": since, "until": until, "limit": limit,
                                       "agent": agent, "scope": scope, "status": status})


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
    kept: list[str] = field(default_factory=list)             # turns that mention the entity and other things
    described: dict[str, str] = field(default_factory=dict)   # id -> what it says, for what goes and what stays

    @property
    def count(self) -> int:
        return sum(len(v) for v in self.planned.values())


def forget(store: Store, user_id: str, *, entity: str | None = None, event: str | None = None,
           fact: str | None = None, everything: bool = False, dry_run: bool = False,
           embedder=None) -> ForgetReport:
    """Remove memory and verify nothing of it remains (nodes, edges, references, vector-index hits, text).

    ``entity``: the entity, its card and facts, the turns only about it, and facts derived only from them; a turn
    that also mentions something else, or states a fact about something else, stays (``ForgetReport.kept``)
    with the entity's names redacted.
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
    kept = sorted(set(rows[0].get("kept") or []))
    described = describe(store, user_id, [i for k in FORGET_KINDS if k != "sessions" for i in planned[k]] + kept) \
        if kind != "all" else {}
    ids = [i for k in FORGET_KINDS for i in planned[k]]
    texts, said = _redactions(store, scope, planned["facts"], ids) if kind != "all" else ({}, {})
    if kept:   # kept turns keep their words about other things; the forgotten entity's names are redacted
        names = [n for n in rows[0].get("names") or [] if n and n.strip()]
        for r in store.run("forget/kept_texts", {**scope, "turns": kept}):
            label, text, speaker = texts.get(r["id"], ("event", r["text"] or "", r["speaker"]))
            if derived.states(text, names):
                texts[r["id"]] = (label, derived.redact(text, names), speaker)
                said.setdefault(r["id"], []).extend(names)
    if dry_run:
        return ForgetReport(f"{kind} {target}", planned, True, redacted=sorted(texts), kept=kept, described=described)
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
    return ForgetReport(f"{kind} {target}", planned, False, remaining, sorted(texts), kept, described)


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
    from graphmem.write.rows import _caption

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

def merge(store: Store, user_id: str, keep: str, absorb: str, *, dry_run: bool = False) -> dict:
    """Fold entity ``absorb`` into ``keep``: names become aliases, facts (with their history), mentions,
    preferences and relations move over; clashing active values are resolved newest-wins, never deleted.
    What ``absorb`` was is recorded on ``keep`` (``merge_log``), so :func:`unmerge` can undo it.
    ``dry_run``: what would move, with the facts' values; nothing changes."""
    scope = require_user(store, user_id)
    a = entity_id(store, user_id, keep, tenant=scope["tenant"])
    b = entity_id(store, user_id, absorb, tenant=scope["tenant"])
    if a == b:
        raise InputError(f"{keep!r} and {absorb!r} are the same entity")
    params = {**scope, "a": a, "b": b, "now": _now()}
    found = store.run("merge/record", params)
    if not found:
        raise NotFound(f"entity {keep!r} or {absorb!r} not found for user {user_id!r}")
    if dry_run:
        return {**_merge_preview(found[0], a, b), "dry_run": True}

    def work(tx):
        rec = tx.run("merge/record", params)[0]
        for step in ("mentions", "facts", "preferences", "related_out", "related_in", "resolve_slots"):
            tx.run(f"merge/{step}", params)
        merged = tx.run("merge/absorb", params)
        after = {r["id"]: r for r in tx.run("merge/fact_states", {**scope, "ids": [f["id"] for f in rec["active"]]})}
        slots = [{**f, "by": after[f["id"]]["superseded_by"]} for f in rec["active"]
                 if f["id"] in after and after[f["id"]]["status"] != f["status"]]
        record = {"at": params["now"].isoformat(), "b": b, "a_props": rec["a_props"], "b_props": rec["b_props"],
                  "card_props": rec["card_props"], "facts": rec["facts"], "slots": slots, "mentions": rec["mentions"],
                  "preferences": [f for f in rec["preferences"] if f],
                  "related": [{"dir": "out", **r} for r in rec["related_out"]]
                  + [{"dir": "in", **r} for r in rec["related_in"]]
                  + [{"dir": "b_to_a", "other": None, "props": p} for p in rec["b_to_a"]]
                  + [{"dir": "a_to_b", "other": None, "props": p} for p in rec["a_to_b"]]}
        tx.run("merge/log", {**scope, "a": a, "record": json.dumps(_to_json(record), ensure_ascii=False,
                                                                    sort_keys=True)})
        tx.run("curate/refresh_card", {**scope, "entity_id": a, "now": params["now"]})
        derived.refresh_profile(tx, scope["tenant"], scope["user_id"], params["now"])
        return [{**merged[0], **_merge_preview(rec, a, b)}] if merged else []

    merged = store.write(work)
    if not merged:
        raise NotFound(f"entity {keep!r} or {absorb!r} not found for user {user_id!r}")
    return merged[0]


def _merge_preview(rec: dict, a: str, b: str) -> dict:
    names = [rec["b_props"].get("name")] + list(rec["b_props"].get("aliases") or [])
    return {"keep": a, "absorb": b, "absorbed_names": [n for n in names if n], "facts": rec["fact_texts"],
            "mentions": len(rec["mentions"]), "relations": len(rec["related_out"]) + len(rec["related_in"])
            + len(rec["b_to_a"]) + len(rec["a_to_b"])}


def merges(store: Store, user_id: str, entity: str | None = None) -> list[dict]:
    """The merges that can be undone, newest first: ``{keep, name, absorbed, at}``."""
    scope = require_user(store, user_id)
    a = entity_id(store, user_id, entity, tenant=scope["tenant"]) if entity else None
    out = []
    for r in store.run("merge/records", {**scope, "a": a}):
        rec = json.loads(r["record"])
        out.append({"keep": r["a"], "name": r["name"], "absorbed": rec["b_props"].get("name"), "absorbed_id": rec["b"],
                    "at": rec["at"], "record": r["record"]})
    return sorted(out, key=lambda m: m["at"], reverse=True)


def unmerge(store: Store, user_id: str, entity: str | None = None, *, dry_run: bool = False) -> dict:
    """Undo the newest merge (into ``entity``, or any): the absorbed entity comes back with its card, its facts
    and their statuses, the mentions, preferences and relations it had, and ``keep`` loses the names it gained.
    Facts and turns added since stay where they are. ``dry_run``: say what would come back."""
    scope = require_user(store, user_id)
    found = merges(store, user_id, entity)
    if not found:
        raise NotFound(f"user {user_id!r} has no merge to undo" + (f" into {entity!r}" if entity else ""))
    m = found[0]
    rec = _from_json(json.loads(m["record"]))
    out = {"keep": m["keep"], "name": m["name"], "restored": rec["b"], "restored_name": m["absorbed"],
           "merged_at": m["at"], "facts": len(rec["facts"]), "mentions": len(rec["mentions"]),
           "relations": len(rec["related"]), "dry_run": dry_run}
    if dry_run:
        return out
    now, params = _now(), {**scope, "a": m["keep"], "b": rec["b"]}
    card = rec["card_props"] or {"id": ids.card_id(rec["b"]), "entity_id": rec["b"], **scope,
                                 "name": f"Card: {m['absorbed']}", "caption": f"Card: {m['absorbed']}"}

    def work(tx):
        made = tx.run("merge/undo_entity", {**params, "b_props": rec["b_props"], "card_props": card,
                                             "a_props": rec["a_props"], "record": m["record"]})
        if not made:
            raise InputError(f"cannot undo the merge of {m['absorbed']!r}: an entity with its id exists again")
        tx.run("merge/undo_facts", {**params, "facts": rec["facts"]})
        tx.run("merge/undo_slots", {**scope, "rows": rec["slots"]})
        tx.run("merge/undo_mentions", {**params, "mentions": rec["mentions"]})
        tx.run("merge/undo_preferences", {**params, "fact_ids": rec["preferences"]})
        tx.run("merge/undo_related", {**params, "rows": rec["related"]})
        for eid in (m["keep"], rec["b"]):
            tx.run("curate/refresh_card", {**scope, "entity_id": eid, "now": now})
        derived.refresh_profile(tx, scope["tenant"], scope["user_id"], now)

    store.write(work)
    return out


def rename(store: Store, user_id: str, entity: str, name: str, *, dry_run: bool = False) -> dict:
    """Give an entity a new name; the old name stays as an alias, so mentions of it still link here."""
    name = entity_ref(name, "name").strip()
    if not name:
        raise InputError("a name must not be empty")
    scope = require_user(store, user_id)
    eid = entity_id(store, user_id, entity, tenant=scope["tenant"])
    if dry_run:
        return {"id": eid, "old_name": describe(store, user_id, [eid]).get(eid, entity), "name": name, "dry_run": True}
    now = _now()

    def work(tx):
        rows = tx.run("curate/rename", {**scope, "entity_id": eid, "name": name})
        if rows:   # the profile names entities
            derived.refresh_profile(tx, scope["tenant"], scope["user_id"], now)
        return rows

    rows = store.write(work)
    if not rows:
        raise NotFound(f"user {user_id!r} has no entity {entity!r}")
    return {**rows[0], "dry_run": False}


def describe(store: Store, user_id: str, node_ids: Iterable[str]) -> dict[str, str]:
    """What each of the user's nodes says, for a person deciding: an entity's names, ``key = value [status]``
    of a fact, a turn's text; ids that do not exist are left out."""
    scope = require_user(store, user_id)
    wanted = sorted(set(node_ids))
    if not wanted:
        return {}
    return {r["id"]: r["text"] for r in store.run("curate/describe", {**scope, "ids": wanted})}


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


def set_fact_status(store: Store, user_id: str, fact_id: str, *, active: bool, dry_run: bool = False) -> dict:
    """``active=False``: mark a fact outdated from now (its period ends; kept in history). ``True``: see
    :func:`restore`. ``dry_run``: the fact as it is, nothing changes."""
    if active:
        return restore(store, user_id, fact_id, dry_run=dry_run)
    scope = require_user(store, user_id)
    fact_id, now = entity_ref(fact_id, "fact id"), _now()
    if dry_run:
        return _current(store, scope, user_id, fact_id)

    def work(tx):
        rows = tx.run("curate/set_fact_outdated", {**scope, "fact_id": fact_id, "now": now})
        if rows:
            _refresh(tx, scope, fact_id, now)
        return rows

    rows = store.write(work)
    if not rows:
        raise NotFound(f"user {user_id!r} has no fact {fact_id!r}")
    return {**rows[0], "text": describe(store, user_id, [rows[0]["id"]]).get(rows[0]["id"], "")}


def restore(store: Store, user_id: str, memory_id: str, *, dry_run: bool = False) -> dict:
    """Bring a memory back. An archived fact or event (``graphmem maintain``) gets the status it had and is
    never archived by maintain again. An outdated fact version becomes the current value again as a new version
    valid from now: the old version keeps its own period, so ``as_of`` a time before the change still gives
    what was true then, alone; the value it replaces is outdated from now. ``dry_run``: nothing changes."""
    scope = require_user(store, user_id)
    memory_id, now = entity_ref(memory_id, "memory id"), _now()
    rows = store.run("curate/memory_status", {**scope, "id": memory_id})
    if not rows:
        raise NotFound(f"user {user_id!r} has no fact or event {memory_id!r}")
    label, status = rows[0]["label"], rows[0]["status"]
    if status == "active":
        raise InputError(f"{label} {memory_id!r} is already current")
    if status != "archived" and label != "fact":
        raise InputError(f"event {memory_id!r} is {status}; only archived events can be restored")
    if dry_run:
        return {**_current(store, scope, user_id, memory_id),
                "becomes": (rows[0]["archived_from"] or "active") if status == "archived"
                else "the current value again, as a new version valid from now"}
    new_id = ids.fact_id(scope["tenant"], scope["user_id"], "curation", f"restore {memory_id} {now.isoformat()}", 0)

    def work(tx):
        if status == "archived":
            done = tx.run("curate/unarchive", {**scope, "id": memory_id, "now": now})
        else:
            done = tx.run("curate/restore_version", {**scope, "fact_id": memory_id, "new_id": new_id, "now": now})
        if done and label == "fact":
            _refresh(tx, scope, done[0]["id"], now)
        return done

    done = store.write(work)
    if not done:
        raise NotFound(f"user {user_id!r} has no fact or event {memory_id!r} to restore")
    return {**done[0], "text": describe(store, user_id, [done[0]["id"]]).get(done[0]["id"], "")}


def _current(store: Store, scope: dict, user_id: str, memory_id: str) -> dict:
    rows = store.run("curate/memory_status", {**scope, "id": memory_id})
    if not rows:
        raise NotFound(f"user {user_id!r} has no fact or event {memory_id!r}")
    text = describe(store, user_id, [memory_id]).get(memory_id, "")
    return {"id": memory_id, "status": rows[0]["status"], "text": text, "dry_run": True}


def _refresh(tx, scope: dict, fact_id: str, now: datetime) -> None:
    """The fact's card summary and the user's profile, after a curation changed the fact."""
    eid = tx.run("curate/fact_entity", {**scope, "fact_id": fact_id})[0]["entity_id"]
    tx.run("curate/refresh_card", {**scope, "entity_id": eid, "now": now})
    derived.refresh_profile(tx, scope["tenant"], scope["user_id"], now)


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
