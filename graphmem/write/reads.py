"""Reads of the long-term graph the write path owns: version history, as-of, entity cards, the profile,
per-user stats. Every read is scoped by (tenant, user_id), with parameters."""

from __future__ import annotations

from datetime import datetime, timezone

from graphmem import lang
from graphmem.errors import InputError, NotFound
from graphmem.model import EntityCard, FactVersion, Profile
from graphmem.store import Store
from graphmem.times import native
from graphmem.write import ids
from graphmem.write.sanitize import entity_ref, moment, owner_id

FAR_FUTURE = datetime(9999, 1, 1, tzinfo=timezone.utc)


def _owner(store: Store, user_id: object, tenant: str | None) -> tuple[str, str]:
    """``(tenant, user_id)`` checked by the same rule as writes (``sanitize.owner_id``)."""
    return owner_id(tenant or store.settings.tenant, "tenant"), owner_id(user_id, "user_id")


def _fact(r: dict) -> FactVersion:
    return FactVersion(
        id=r["id"], entity_id=r["entity_id"], entity=r["entity"], kind=r["kind"], key=r["key"], value=r["value"],
        polarity=r["polarity"], text=r["text"] or "", status=r["status"], version=int(r["version"] or 1),
        valid_from=native(r["valid_from"]), valid_to=native(r["valid_to"]), recorded_at=native(r["recorded_at"]),
        last_seen=native(r["last_seen"]), mention_count=int(r["mention_count"] or 0),
        importance=float(r["importance"] or 0), quality=float(r["quality"] or 0), supersedes=r["supersedes"],
        event_id=r["event_id"], agent=r.get("agent"), scope=r.get("scope") or "user")


def _of_a_user(store: Store, tenant: str, user_id: str, rows: list[dict]) -> list[dict]:
    """``rows``; when there are none, NotFound if the user does not exist (an empty answer means "no memory")."""
    if not rows and not store.run("curate/user_exists", {"tenant": tenant, "user_id": user_id})[0]["exists"]:
        raise NotFound(f"no user {user_id!r} in tenant {tenant!r}")
    return rows


def find_entities(store: Store, user_id: str, name: str, *, tenant: str | None = None) -> list[dict]:
    """The user's entities whose name or alias equals ``name`` (case-insensitive), most mentioned first."""
    tenant, user_id = _owner(store, user_id, tenant)
    return store.run("read/find_entities", {"tenant": tenant, "user_id": user_id, "name": name})


def entity_id(store: Store, user_id: str, entity: str, *, tenant: str | None = None) -> str:
    """``entity`` as an id: an id is returned as is; ``"me"``/``""`` (the packs' ``self_names``) is the user; else
    looked up by name."""
    tenant, user_id = _owner(store, user_id, tenant)
    entity = entity_ref(entity)
    if entity.startswith("en_"):
        return entity
    if ids.norm_name(entity) in lang.self_names():
        return ids.self_entity_id(tenant, user_id)
    found = find_entities(store, user_id, entity, tenant=tenant)
    if not found:
        raise NotFound(f"user {user_id!r} has no entity called {entity!r}")
    return found[0]["id"]


def history(store: Store, user_id: str, entity: str, key: str | None = None, *,
            tenant: str | None = None) -> list[FactVersion]:
    """Every version of an entity's attributes (or one ``key``), oldest first; outdated ones included."""
    tenant, user_id = _owner(store, user_id, tenant)
    key = None if key is None else entity_ref(key, "attribute")
    eid = entity_id(store, user_id, entity, tenant=tenant)
    rows = store.run("read/fact_history", {"tenant": tenant, "user_id": user_id, "entity_id": eid, "key": key})
    return [_fact(r) for r in _of_a_user(store, tenant, user_id, rows)]


def as_of(store: Store, user_id: str, at: datetime, *, key: str | None = None, entity: str | None = None,
          kind: str | None = None, known_at: datetime | None = None, tenant: str | None = None) -> list[FactVersion]:
    """The facts that were true at ``at`` ("what did I prefer on 1 March?"), as known at ``known_at``
    (default: now). Outdated versions count for the time they were valid."""
    from graphmem.write.codec import utc

    tenant, user_id = _owner(store, user_id, tenant)
    key, kind = (None if v is None else entity_ref(v, what) for v, what in ((key, "attribute"), (kind, "kind")))
    eid = entity_id(store, user_id, entity, tenant=tenant) if entity is not None else None
    at, known_at = moment(at, "at"), moment(known_at, "known_at")
    if at is None:
        raise InputError("as_of needs a time (a datetime or an ISO 8601 string)")
    rows = store.run("read/facts_as_of", {"tenant": tenant, "user_id": user_id, "at": utc(at), "key": key,
                                          "entity_id": eid, "kind": kind,
                                          "known_at": utc(known_at) if known_at else FAR_FUTURE})
    return [_fact(r) for r in _of_a_user(store, tenant, user_id, rows)]


def card(store: Store, user_id: str, entity: str, *, tenant: str | None = None) -> EntityCard:
    """An entity's attribute card: its active facts and relations."""
    tenant, user_id = _owner(store, user_id, tenant)
    eid = entity_id(store, user_id, entity, tenant=tenant)
    rows = store.run("read/entity_card", {"tenant": tenant, "user_id": user_id, "entity_id": eid})
    if not rows:
        raise NotFound(f"user {user_id!r} has no entity {entity!r}")
    r = rows[0]
    facts = tuple(f for f in history(store, user_id, eid, tenant=tenant) if f.status == "active")
    rel = tuple(x for x in r["relations"] if x)
    return EntityCard(r["id"], r["name"], r["type"] or "", tuple(r["aliases"]), int(r["mention_count"] or 0), facts,
                      rel, r["summary"])


def preferences(store: Store, user_id: str, *, include_outdated: bool = False,
                tenant: str | None = None) -> list[dict]:
    """The user's PREFERS/DISLIKES/WANTS edges (active only unless ``include_outdated``), oldest first."""
    tenant, user_id = _owner(store, user_id, tenant)
    rows = store.run("read/preferences", {"tenant": tenant, "user_id": user_id,
                                          "include_outdated": include_outdated})
    return [{**r, "valid_from": native(r["valid_from"]), "valid_to": native(r["valid_to"])} for r in rows]


def events(store: Store, user_id: str, *, limit: int = 1000, tenant: str | None = None) -> list[dict]:
    """The user's event log, oldest first: turns and the event clauses derived from them."""
    tenant, user_id = _owner(store, user_id, tenant)
    rows = store.run("read/user_events", {"tenant": tenant, "user_id": user_id, "limit": limit})
    return [{**r, "occurred_at": native(r["occurred_at"]), "happened_at": native(r["happened_at"])} for r in rows]


def profile(store: Store, user_id: str, *, tenant: str | None = None) -> Profile:
    tenant, user_id = _owner(store, user_id, tenant)
    rows = store.run("read/profile", {"tenant": tenant, "user_id": user_id, "id": ids.profile_id(tenant, user_id)})
    if not rows:
        raise NotFound(f"user {user_id!r} has no profile yet")
    r = rows[0]
    return Profile(user_id, r["text"], r["language"], native(r["updated_at"]), int(r["fact_count"] or 0))


def user_stats(store: Store, user_id: str, *, tenant: str | None = None) -> dict:
    """Counts for one user: entities, facts by status, events, relations, and gate rejections by reason."""
    tenant, user_id = _owner(store, user_id, tenant)
    rows = store.run("read/user_stats", {"tenant": tenant, "user_id": user_id})
    if not rows:
        raise NotFound(f"no user {user_id!r}")
    return rows[0]


def delete_tenant(store: Store, tenant: str) -> None:
    """Remove every node of one tenant (tests and `graphmem forget --tenant`)."""
    store.run_auto("admin/delete_tenant", {"tenant": tenant})
