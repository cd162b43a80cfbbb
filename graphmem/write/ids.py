"""Deterministic ids: the same (tenant, user, session, turn, index) always gives the same id, so replaying a
turn (after a crash, or a caller submitting it twice) writes nothing new. Pure, no I/O."""

from __future__ import annotations

import hashlib
import unicodedata


def _h(*parts: object) -> str:
    raw = "\x1f".join(str(p) for p in parts)
    return hashlib.blake2b(raw.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


def norm_name(name: str) -> str:
    """Case-, width- and space-insensitive form of an entity name (the key for new-entity ids)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def turn_key(tenant: str, user_id: str, session_id: str, turn_id: object) -> str:
    return _h("turn", tenant, user_id, session_id, turn_id)


def event_id(tenant: str, user_id: str, session_id: str, turn_id: object) -> str:
    return "ev_" + _h("event", tenant, user_id, session_id, turn_id)


def fact_id(tenant: str, user_id: str, session_id: str, turn_id: object, index: int) -> str:
    return "fa_" + _h("fact", tenant, user_id, session_id, turn_id, index)


def entity_id(tenant: str, user_id: str, name: str) -> str:
    """Id of a new entity: the owner plus its normalised name, so two users' "my laptop" differ."""
    return "en_" + _h("entity", tenant, user_id, norm_name(name))


def self_entity_id(tenant: str, user_id: str) -> str:
    return "en_" + _h("self", tenant, user_id)


def card_id(entity: str) -> str:
    return "ca_" + entity[3:]


def session_key(tenant: str, user_id: str, session_id: str) -> str:
    return "se_" + _h("session", tenant, user_id, session_id)


def profile_id(tenant: str, user_id: str) -> str:
    return "pr_" + _h("profile", tenant, user_id)


def rekeyed(tenant: str, user_id: str, label: str, old: str) -> str:
    """A fresh id (without its prefix) bound to ``(tenant, user_id)`` for an imported node whose id was not
    (``graphmem.import_ids``): half of it names the old id, half proves the owner (see ``is_rekeyed``)."""
    r = _h("import", tenant, user_id, label, old)[:12]
    return r + _h("bound", tenant, user_id, label, r)[:12]


def is_rekeyed(tenant: str, user_id: str, label: str, tail: str) -> bool:
    return len(tail) == 24 and tail[12:] == _h("bound", tenant, user_id, label, tail[:12])[:12]
