"""The rows of a prepared, planned batch and its one write transaction's statements (``cypher/write/*``, UNWIND
batches). Datetimes travel as ISO strings and become DateTime in Cypher; vectors as plain lists with a short
``repr`` (see ``_Vector``).

The statements a batch runs (these, and the reads of ``Pipeline``) begin with ``CYPHER replan=skip``: Neo4j plans a
cached query again whenever a label's count has moved by more than ~75 % (a young database; a tenant written, then
deleted), and those re-plans cost the server more than running the statements (LoCoMo dev, server time a run:
2.9-9.7 s with them, 0.7-1.5 s without). The plans cannot go stale: every node is found by its unique id
(``USING INDEX`` where the owner index could compete) or by its owner's index."""

from __future__ import annotations

import logging
import re
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from graphmem.model import REJECT_REASONS
from graphmem.store import Tx
from graphmem.write import ids, profile_text, scoring, values
from graphmem.write.codec import Prepared, utc
from graphmem.write.gate import ACCEPT
from graphmem.write.versioning import CHANGE, REPEAT

if TYPE_CHECKING:
    from graphmem.write.pipeline import Batch

log = logging.getLogger("graphmem.write")

SKIP = "skip"   # verdict of a turn found already committed (by another writer) inside the transaction
_TYPE_RE = re.compile(r"[^0-9A-Za-z_\u3400-\u9fff]+")


def write(b: "Batch", tx: Tx) -> None:
    """The batch's rows (users, entities, events, facts, versions, relations, cards, gate counts, profiles),
    written with one UNWIND statement each, in this order: later statements match earlier nodes."""
    works, refs, res = b.works, b.refs, b.res
    sessions, events, stmt_events, facts, supersede, repeats, prefs, relations = {}, [], [], [], [], [], [], []
    cards: dict[str, dict] = {}   # card → its refresh row, at the last turn that changed its facts
    elsewhere: list[tuple[int, str, Prepared]] = []   # (turn no., fact replaced, turn): its card may be another's
    gate: dict[tuple[str, str], dict] = {}
    used_by: list[tuple[Prepared, dict[str, None]]] = []   # each turn and the entities it writes, in order
    profile_at: dict[tuple[str, str], datetime] = {}   # user → the last turn that created or repeated a fact
    for w in works:
        t = w.turn
        used: dict[str, None] = {}   # the entities this turn writes (``_entity_rows``), filled in below
        used_by.append((t, used))
        res.done.append(t.key)
        if w.verdict == SKIP:
            res.skipped += 1
            continue
        if w.verdict != ACCEPT:
            reason = w.reason if w.reason in REJECT_REASONS else "chitchat"
            log.debug("turn %s rejected by the gate: %s", t.key, reason)
            res.rejected[reason] = res.rejected.get(reason, 0) + 1
            g = gate.setdefault((t.tenant, t.user_id), {"tenant": t.tenant, "user_id": t.user_id, "at": t.at,
                                                        "keys": [], **{r: 0 for r in REJECT_REASONS}})
            g[reason] += 1
            g["keys"].append(t.key)
            if w.duplicate:   # a repeat: no event, but the repeated facts gain a mention (once per turn)
                for fact_id in dict.fromkeys(d.fact_id for d in w.decisions.values()):
                    repeats.append({"tenant": t.tenant, "user_id": t.user_id, "id": fact_id, "count": 1,
                                    "at": t.at, "event_id": None})
                    profile_at[(t.tenant, t.user_id)] = t.at
                used.update(dict.fromkeys(w.mention_ids))
                _session_row(sessions, t)
            continue
        res.written += 1
        _session_row(sessions, t)
        used.update(dict.fromkeys(w.mention_ids))
        n_facts = len(w.decisions)
        kind = "advice" if w.advice else "assistant" if t.role == "assistant" else \
            "message" if not w.statements else "statement"
        # an event statement that is the whole turn makes the turn itself the event (no second node)
        whole = next((s for s in w.statements if s.kind == "event" and (s.text or t.text) == t.text), None)
        if whole is not None:
            kind = "event"
        events.append({"tenant": t.tenant, "user_id": t.user_id, "id": t.event_id,
                       "session_key": ids.session_key(t.tenant, t.user_id, t.session_id),
                       "mentions": w.mention_ids, "embedding": _list(b.vec.get(t.text)),
                       "props": {"session_id": t.session_id, "turn_id": t.turn_id, "role": t.role,
                                 "speaker": t.speaker, "kind": kind, "agent": t.agent, "scope": t.scope,
                                 "text": t.text, "language": w.language, "occurred_at": t.at, "recorded_at": t.at,
                                 "importance": scoring.importance(
                                     "message" if kind in ("message", "assistant") else "event", t.text,
                                     n_facts=n_facts),
                                 "quality": scoring.quality(t.text), "status": "active",
                                 "happened_at": (utc(whole.when) if whole is not None and whole.when else None),
                                 "name": _caption(t.text, t.speaker, t), "caption": _caption(t.text, t.speaker, t),
                                 "referents": _referents(w.referents, t.text)}})
        counted: set[str] = set()   # a fact the turn states many times gains one mention
        for i, s in enumerate(w.statements):
            ent = w.entity_of.get(i)
            if ent is None:
                continue
            used[ent.id] = None
            if s.kind == "event" and s is whole:
                continue
            if s.kind == "event":
                eid = "ev_" + ids.fact_id(t.tenant, t.user_id, t.session_id, t.turn_id, i)[3:]
                text = s.text or t.text
                when = utc(s.when) if s.when else t.at
                stmt_events.append({"tenant": t.tenant, "user_id": t.user_id, "id": eid, "source_id": t.event_id,
                                    "session_key": ids.session_key(t.tenant, t.user_id, t.session_id),
                                    "mentions": list(dict.fromkeys(
                                        ([] if ent.is_self else [ent.id]) + w.mention_ids)),
                                    "embedding": _list(b.vec.get(text)),
                                    "props": {"session_id": t.session_id, "turn_id": t.turn_id, "role": t.role,
                                              "speaker": t.speaker, "kind": "event", "text": text,
                                              "agent": t.agent, "scope": t.scope,
                                              "language": w.language,
                                              "occurred_at": when, "happened_at": when, "recorded_at": t.at,
                                              "key": s.key or "",
                                              "importance": scoring.importance("event", text, has_when=bool(s.when)),
                                              "quality": scoring.quality(text, confidence=s.confidence),
                                              "status": "active", "name": _caption(text, t.speaker, t),
                                              "caption": _caption(text, t.speaker, t),
                                              "referents": _referents(w.referents, text)}})
                continue
            if s.kind == "relation":
                obj = w.object_of[i]
                used[obj.id] = None
                rtype = _TYPE_RE.sub("_", (s.key or "related").strip()).strip("_").upper() or "RELATED"
                relations.append({"tenant": t.tenant, "user_id": t.user_id, "from_id": ent.id, "to_id": obj.id,
                                  "type": rtype, "at": utc(s.when) if s.when else t.at, "recorded_at": t.at,
                                  "event_id": t.event_id, "text": s.text or t.text, "agent": t.agent,
                                  "scope": t.scope, "speaker": t.speaker})
                res.relations += 1
                continue
            d = w.decisions[i]
            if d.action == REPEAT and d.fact_id in counted:
                continue
            counted.add(d.fact_id)
            if d.action == REPEAT:
                repeats.append({"tenant": t.tenant, "user_id": t.user_id, "id": d.fact_id, "count": 1, "at": t.at,
                                "event_id": t.event_id})
                profile_at[(t.tenant, t.user_id)] = t.at
                res.facts_repeated += 1
                continue
            cards[ids.card_id(ent.id)] = {"tenant": t.tenant, "user_id": t.user_id, "id": ids.card_id(ent.id),
                                          "at": t.at, "turn": len(used_by)}
            profile_at[(t.tenant, t.user_id)] = t.at
            key, value, pol = values.slot_key(s), values.stored_value(s), values.polarity(s)
            valid_from = utc(s.when) if s.when else t.at
            text = s.text or t.text
            num = s.value if isinstance(s.value, (int, float)) and not isinstance(s.value, bool) else None
            facts.append({"tenant": t.tenant, "user_id": t.user_id, "id": d.fact_id, "card_id": ids.card_id(ent.id),
                          "event_id": t.event_id, "embedding": _list(b.vec.get(text)),
                          "props": {"entity_id": ent.id, "kind": s.kind, "key": key, "value": value,
                                    "value_num": num, "unit": s.unit or None, "polarity": pol, "text": text,
                                    "status": "active", "version": d.version, "valid_from": valid_from,
                                    "valid_to": None, "recorded_at": t.at, "last_seen": t.at, "mention_count": 1,
                                    "importance": scoring.importance(s.kind, text, has_when=bool(s.when)),
                                    "quality": scoring.quality(text, confidence=s.confidence, link_score=ent.score_in(t.key)),
                                    "language": s.language or w.language, "session_id": t.session_id,
                                    "turn_id": t.turn_id, "event_id": t.event_id, "speaker": t.participant,
                                    "agent": t.agent, "scope": t.scope,
                                    "name": f"{ent.name}: {key} = {value}" + _scoped(t),
                                    "caption": f"{key} = {value}" + _scoped(t)}})
            res.facts_created += 1
            edge = values.edge(s.kind, pol)
            if edge and not ent.is_self and not t.participant and t.scope == "user":   # the user's shared likes only
                prefs.append({"tenant": t.tenant, "user_id": t.user_id, "entity_id": ent.id, "fact_id": d.fact_id,
                              "type": edge, "version": d.version, "valid_from": valid_from, "key": key,
                              "value": value})
            old_ids = ([d.supersedes] if d.action == CHANGE else []) + w.replaces.get(i, [])
            elsewhere += [(len(used_by), old_id, t) for old_id in dict.fromkeys(w.replaces.get(i, []))]
            for old_id in dict.fromkeys(old_ids):
                supersede.append({"tenant": t.tenant, "user_id": t.user_id, "new_id": d.fact_id,
                                  "old_id": old_id, "valid_to": valid_from})
                res.facts_superseded += 1
    entities = _entity_rows(b, used_by)
    b.written = {e["id"] for e in entities}
    users = list(sessions.values())
    gate_rows = list(gate.values())
    # datetimes travel as ISO strings and become DateTime in Cypher (``datetime(row.at)``): the driver's own
    # conversion of Python datetimes costs more than the rest of the row packing
    users, entities, events, stmt_events, facts, prefs, supersede, repeats, relations, gate_rows = (
        _wire(x) for x in (users, entities, events, stmt_events, facts, prefs, supersede, repeats, relations,
                           gate_rows))
    _cards_elsewhere(cards, elsewhere, {f["id"]: f["card_id"] for f in facts}, tx)
    card_rows = _wire([{k: v for k, v in c.items() if k != "turn"} for c in cards.values()])

    for name, rows in (("upsert_users", users), ("upsert_entities", entities), ("create_events", events),
                       ("create_statement_events", stmt_events), ("create_facts", facts),
                       ("preference_edges", prefs), ("supersede_facts", supersede), ("repeat_facts", repeats),
                       ("relations", relations), ("refresh_cards", card_rows if cards else []),
                       ("gate_counts", gate_rows)):   # in this order: later statements match earlier nodes
        if rows:
            tx.run(f"write/{name}", {"rows": rows})
    rows = []
    for tenant, user_id in sorted(profile_at):
        pf = tx.run("read/profile_facts", {"tenant": tenant, "user_id": user_id})
        p = profile_text.build(user_id, pf)
        rows.append({"tenant": tenant, "user_id": user_id, "id": ids.profile_id(tenant, user_id),
                     "text": p.text, "language": p.language, "fact_count": p.fact_count,
                     "at": profile_at[(tenant, user_id)].isoformat()})
    if rows:
        tx.run("write/upsert_profile", {"rows": rows})


def _referents(referents: dict[str, str], text: str) -> list[str]:
    """"he=Callum" for each person pronoun of ``text`` the linker resolved to someone the text does not name
    (stored with the event, shown when it is recalled: "He's lending you his Wahoo" alone does not say whose)."""
    if not referents:
        return []
    low = text.lower()
    # a plain substring check first: most pronouns the linker resolved are not in a statement's own text
    return [f"{p}={name}" for p, name in referents.items() if p in low and name.lower() not in low
            and (not p.isascii() or _standalone(p).search(low))]


@lru_cache(maxsize=256)
def _standalone(pronoun: str) -> re.Pattern:
    """An English pronoun as a word of its own ("he", not the "he" of "the")."""
    return re.compile(rf"(?<![a-z]){re.escape(pronoun)}(?![a-z])")


def _cards_elsewhere(cards: dict[str, dict], elsewhere: list[tuple[int, str, Prepared]], made: dict[str, str],
                     tx: Tx) -> None:
    """The cards of facts replaced by a version on another entity ("we switched to the log-cabin style" outdates
    the liked Nordic style, on the style's own card) are refreshed too, at the replacing turn unless a later turn
    of the batch changed them: a card lists its active facts whichever batch outdated one of them."""
    if not elsewhere:
        return
    asks = {old_id: {"tenant": t.tenant, "user_id": t.user_id, "id": old_id} for _, old_id, t in elsewhere
            if old_id not in made}   # ``made``: the batch's own new facts, not in the graph yet → their cards
    card_of = dict(made)
    if asks:
        card_of.update((r["id"], r["card_id"]) for r in tx.run("write/fact_cards", {"rows": list(asks.values())}))
    for n, old_id, t in elsewhere:
        cid = card_of.get(old_id)
        if cid is not None and not (cid in cards and cards[cid]["turn"] > n):
            cards[cid] = {"tenant": t.tenant, "user_id": t.user_id, "id": cid, "at": t.at, "turn": n}


def _entity_rows(b: "Batch", used_by: list[tuple[Prepared, dict[str, None]]]) -> list[dict]:
    """One row an entity the batch's stored turns use: what one-turn batches of those turns, in order, would write
    of it (its creation by the first of them, the mentions, aliases and last time of each), so where a batch
    starts changes nothing. A turn the gate turned away writes nothing of it (its mentions do not count); the
    type is the one its last stored turn knew (the graph keeps the first type written)."""
    types = {w.turn.key: w.types for w in b.works}
    turns: dict[str, list[Prepared]] = {}
    for t, used in used_by:
        for eid in used:
            turns.setdefault(eid, []).append(t)
    out = []
    for r in b.refs.values():
        ts = turns.get(r.id)
        if not ts:
            continue
        aliases: dict[str, None] = {}
        for t in ts:   # each turn's own, sorted, after the earlier turns' (the order the graph appends them)
            aliases.update(dict.fromkeys(sorted(r.taught.get(t.key, ()))))
        r.written_aliases = tuple(aliases)
        r.written_type = types.get(ts[-1].key, {}).get(r.id, r.type) or ""
        out.append({"tenant": r.tenant, "user_id": r.user_id, "id": r.id, "card_id": ids.card_id(r.id),
                    "name": r.name, "type": r.written_type, "is_self": r.is_self, "aliases": list(aliases),
                    "mentions": sum(r.seen.get(t.key, 0) for t in ts), "first": ts[0].at,
                    "at": max(t.at for t in ts),
                    "importance": scoring.importance("entity"), "quality": scoring.quality(r.name),
                    "embedding": _list(b.vec.get(r.name)) if r.new else None})
        b.res.entities_created += int(r.new)
    return out


def _session_row(sessions: dict, t: Prepared) -> None:
    """The turn's session (and user) row: started by the first stored turn, seen last at the latest."""
    k = (t.tenant, t.user_id, t.session_id)
    row = sessions.get(k)
    if row is None:
        sessions[k] = {"tenant": t.tenant, "user_id": t.user_id, "session_id": t.session_id, "first": t.at,
                       "at": t.at, "session_key": ids.session_key(t.tenant, t.user_id, t.session_id)}
    else:
        row["at"] = max(row["at"], t.at)


def _caption(text: str, speaker: str | None = None, t: "Prepared | None" = None, n: int = 60) -> str:
    """What Neo4j Browser shows: the text's start, after who said it ("Melanie: …") when a speaker is named,
    and the agent and scope of an agent's memory ("[planner, private] …")."""
    text = " ".join(text.split())
    if speaker:
        text = f"{speaker}: {text}"
    text = text if len(text) <= n else text[: n - 1] + "…"
    return (_scoped(t).strip() + " " + text) if t is not None and _scoped(t) else text


def _scoped(t: "Prepared") -> str:
    """`` [planner, private]`` for an agent's or a non-shared memory, else empty."""
    from graphmem.scopes import label
    return f" [{label(t.agent, t.scope)}]" if t.agent or t.scope != "user" else ""


def _wire_value(v):
    if isinstance(v, datetime):
        return v.isoformat()
    if isinstance(v, dict):
        return {k: _wire_value(x) for k, x in v.items()}
    return v


def _wire(rows: list[dict]) -> list[dict]:
    return [{k: _wire_value(v) for k, v in r.items()} for r in rows]


class _Vector(list):
    """An embedding on its way to Neo4j: a plain list to the driver, but a short ``repr`` — the neo4j driver
    formats every query's parameters for a debug line even when debug logging is off, and 512 floats per row
    cost about 0.6 ms per turn there."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<vector of {len(self)} floats>"


def _list(v) -> list[float] | None:
    return None if v is None else _Vector(v.tolist() if isinstance(v, np.ndarray) else [float(x) for x in v])
