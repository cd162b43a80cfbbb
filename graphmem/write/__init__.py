"""The long-term write path (see ``graphmem.model`` for the graph it writes).

    Writer(store, settings, *, embedder=None, judge=None, journal_path=None, ...)   durable async writes
        .add(user_id, session_id, turn_id, text, *, role, speaker, at, tenant, facts) -> event id
        .submit(Turn) -> event id;  .flush(timeout) -> bool;  .close(timeout) -> bool
        .stats() -> WriteStats;  .timings() -> dict;  .failed() -> list;  .invalidate(user_id=None, tenant=None)

    Per turn, on the writer's thread: gate rules 1–2 (greeting/smalltalk/chitchat via graphmem.linking) →
    statements + mentions (graphmem.linking) → linking against the user's own entities → embeddings →
    versioning plan → gate rule 3 (an exact repeat by the same speaker, nothing new) → optional judge
    for undecided turns → one UNWIND transaction per batch (cards and profile refreshed in it).
    history(store, user_id, entity, key=None)        every version, oldest first
    as_of(store, user_id, at, key=, entity=, kind=)  what was true at a time
    preferences(store, user_id, include_outdated=False)  PREFERS/DISLIKES/WANTS edges
    card(store, user_id, entity) -> EntityCard;  profile(store, user_id) -> Profile
    user_stats(store, user_id) -> dict (incl. gate rejections by reason);  events(store, user_id) event log
    rescore(store, tenant=, user_id=, now=, policy=) -> RescoreReport   offline, lowers/archives, never deletes
    delete_tenant(store, tenant)
"""

import importlib

# imported on first use, so ``graphmem.write.reads`` (the CLI's inspect commands) loads no model code
_WHERE = {**dict.fromkeys(("as_of", "card", "delete_tenant", "entity_id", "events", "find_entities", "history",
                           "preferences", "profile", "user_stats"), "reads"),
          "RescoreReport": "rescore", "rescore": "rescore", "RescorePolicy": "scoring", "Writer": "writer"}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module 'graphmem.write' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"graphmem.write.{_WHERE[name]}"), name)
    globals()[name] = value
    return value
