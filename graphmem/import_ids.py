"""Ids in an import file must be the importing owner's. graphmem's ids are hashes of ``(tenant, user, ...)``
(``graphmem.write.ids``), so anyone can compute another owner's next ids; an import holding them would take
those ids before their owner writes them. Every id an export of ``(tenant, user)`` can hold is recomputed from
the node's own properties; one that does not match is re-keyed (a fresh id bound to the importer, references
rewritten), so a file made by ``graphmem export`` round-trips exactly and a crafted one cannot reach anyone
else. Pure, no I/O."""

from __future__ import annotations

from typing import Any

from graphmem.write import ids

MAX_STATEMENTS = 256   # statement indexes tried for fact and statement-event ids
PREFIX = {"Entity": "en_", "Card": "ca_", "Fact": "fa_", "Event": "ev_", "Session": "se_", "Profile": "pr_"}


def _label(node: dict) -> str:
    return next((x for x in node.get("labels") or () if x in PREFIX), "")


def bound(label: str, node_id: str, p: dict, tenant: str, user_id: str) -> bool:
    """Whether ``node_id`` is the id graphmem makes for this node of ``(tenant, user_id)`` (or gave it when it
    was re-keyed on an earlier import)."""
    if label in PREFIX and node_id.startswith(PREFIX[label]) and ids.is_rekeyed(tenant, user_id, label, node_id[3:]):
        return True
    if label == "Profile":
        return node_id == ids.profile_id(tenant, user_id)
    if label == "Session":
        return node_id == ids.session_key(tenant, user_id, p.get("session_id"))
    if label == "Entity":
        if p.get("is_self"):
            return node_id == ids.self_entity_id(tenant, user_id)
        return isinstance(p.get("name"), str) and node_id == ids.entity_id(tenant, user_id, p["name"])
    if label in ("Fact", "Event") and node_id.startswith(PREFIX[label]):
        session, turn = p.get("session_id"), p.get("turn_id")
        if label == "Event" and node_id == ids.event_id(tenant, user_id, session, turn):
            return True
        tail = node_id[3:]
        return any(ids.fact_id(tenant, user_id, session, turn, i)[3:] == tail for i in range(MAX_STATEMENTS))
    return False


def rekey(nodes: list[dict], rels: list[dict], tenant: str, user_id: str) -> tuple[list[dict], list[dict], int]:
    """``(nodes, relationships, how many ids changed)``: ids not bound to the owner replaced everywhere they
    occur (node keys, relationship ends, properties such as ``entity_id``, ``event_id``, ``fact_id``). A card
    follows its entity (``ca_`` + the entity id's hash)."""
    new: dict[str, str] = {}
    for n in nodes:
        label, nid = _label(n), n["props"].get("id")
        if label and label != "Card" and isinstance(nid, str) and not bound(label, nid, n["props"], tenant, user_id):
            new[nid] = PREFIX[label] + ids.rekeyed(tenant, user_id, label, nid)
    for n in nodes:
        nid, entity = n["props"].get("id"), n["props"].get("entity_id")
        if _label(n) == "Card" and isinstance(nid, str) and isinstance(entity, str):
            card = ids.card_id(new.get(entity, entity))
            if card != nid:
                new[nid] = card
    if not new:
        return nodes, rels, 0
    swap = lambda v: new.get(v, v) if isinstance(v, str) else v  # noqa: E731
    nodes = [{**n, "key": swap(n["key"]), "props": _swapped(n["props"], swap)} for n in nodes]
    rels = [{**r, "start": swap(r["start"]), "end": swap(r["end"]), "props": _swapped(r.get("props") or {}, swap)}
            for r in rels]
    return nodes, rels, len(new)


def _swapped(props: dict[str, Any], swap) -> dict[str, Any]:
    return {k: [swap(x) for x in v] if isinstance(v, list) else swap(v) for k, v in props.items()}
