"""A removal that names a value but not its key ("we had to rehome Biscuit", "医生让我把阿托伐他汀停了"): the key is
the one under which the speaker holds that value now, in the graph or earlier in the batch; the statement then
outdates that value like any negated one. Without such a value nothing is removed: a removal never guesses."""

from __future__ import annotations

from dataclasses import replace

from graphmem.write import ids, values


def unkeyed(s) -> bool:
    """An attribute statement that removes a value without saying its key."""
    return s.kind == "attribute" and not s.key and (s.polarity or 0) < 0


def resolve(live: list, tx) -> None:
    """Give each unkeyed removal of ``live`` (the batch's turns, in order) the key that holds its value, or drop it
    (no subject entity: no fact)."""
    todo = {(w.turn.tenant, w.turn.user_id, w.entity_of[i].id) for w in live
            for i, s in enumerate(w.statements) if unkeyed(s) and i in w.entity_of}
    if not todo:
        return
    held: dict[tuple[str, str], str] = {}
    for r in tx.run("read/held_values", {"slots": [{"tenant": t, "user_id": u, "entity_id": e} for t, u, e in todo]}):
        held.setdefault((r["entity_id"], ids.norm_name(r["value"] or "")), r["key"])
    for w in live:   # in order: a value said earlier in the batch counts too
        for i, s in enumerate(w.statements):
            if i not in w.entity_of or s.kind != "attribute":
                continue
            slot = (w.entity_of[i].id, ids.norm_name(values.stored_value(s)))
            if unkeyed(s):
                if slot in held:
                    w.statements[i] = replace(s, key=held[slot])
                else:
                    del w.entity_of[i]
            elif s.key and (s.polarity or 0) >= 0:
                held.setdefault(slot, s.key)
