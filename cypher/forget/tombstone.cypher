// What a forget leaves behind so queued writes cannot bring it back: turns journaled before `at` (epoch
// seconds) are dropped if they are the user's (all), a forgotten turn, or mention a forgotten entity or slot.
// Holds ids and attribute keys only, never text. A forget of everything replaces the user's older tombstones.
OPTIONAL MATCH (old:Tombstone {tenant: $tenant, user_id: $user_id})
WHERE $all OR old.at < $at - $keep_seconds
DETACH DELETE old
WITH count(*) AS _
CREATE (:Tombstone {tenant: $tenant, user_id: $user_id, at: $at, all: $all, kind: $kind, event_ids: $event_ids,
                    entity_ids: $entity_ids, slots: $slots, name: 'Forgot ' + $kind, caption: 'Forgot ' + $kind})
