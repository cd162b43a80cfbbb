"""Offline rescoring: recompute importance and quality of a tenant's (or one user's) facts and events and
archive what falls below the policy's thresholds. Lowers only; never deletes.

Never archived, whatever the scores say (``RescoreReport.protected`` counts them by reason):

- ``recalled``: recall returned it within ``recent_days`` (``last_recalled``, see ``graphmem.usage``);
- ``unique``: it holds a fact nothing else holds: an active fact (the current value of its attribute); an event
  that is the only remaining source of an active fact; a turn that mentions something and is not an exact
  repeat of another turn (a statement event is covered by its turn while that is kept). Text below the
  quality floor (punctuation, noise) is not protected by this;
- ``kept``: a person restored it (``graphmem restore``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from graphmem.store import Store
from graphmem.times import native
from graphmem.write.scoring import RescorePolicy, rescore as rescore_one


@dataclass(frozen=True)
class RescoreReport:
    examined: int
    lowered: int
    archived: int
    archived_items: tuple[dict, ...] = ()      # what was (or, with dry_run, would be) archived, with its text
    protected: dict[str, int] = field(default_factory=dict)   # would have been archived; kept, by reason
    dry_run: bool = False


def _norm(text: str) -> str:
    return " ".join((text or "").casefold().split())


def _protection(r: dict, since: datetime, repeats: set[str], junk: bool) -> str | None:
    """Why the memory of candidate row ``r`` must not be archived, or None. ``junk``: its text scored below the
    quality floor (punctuation, noise): that is archived even when it is the only thing of its kind."""
    recalled = native(r.get("last_recalled"))
    if recalled is not None and recalled >= since:
        return "recalled"
    if r.get("kept_at") is not None:
        return "kept"
    if junk:
        return None
    if r["label"] == "fact":
        return "unique" if r["status"] == "active" else None
    if r.get("sole_source"):
        return "unique"
    if r.get("mentions") and not r.get("in_turn") and r["id"] not in repeats:
        return "unique"
    return None


def _repeats(rows: list[dict]) -> set[str]:
    """Ids of events that repeat an earlier kept event of the same user word for word (the earliest stays)."""
    seen: set[tuple[str, str]] = set()
    out: set[str] = set()
    events = sorted((r for r in rows if r["label"] == "event"),
                    key=lambda r: (str(native(r["recorded_at"]) or ""), r["id"]))
    for r in events:
        key = (r["user_id"], _norm(r["text"]))
        if not key[1]:
            continue
        if key in seen:
            out.add(r["id"])
        seen.add(key)
    return out


def rescore(store: Store, *, tenant: str | None = None, user_id: str | None = None, now: datetime | None = None,
            policy: RescorePolicy = RescorePolicy(), batch: int = 1000, dry_run: bool = False,
            recent_days: float = 30.0) -> RescoreReport:
    """Lower importance/quality by age and archive low-quality, stale memories, except protected ones (see the
    module). ``dry_run``: compute and report, change nothing."""
    tenant = tenant or store.settings.tenant
    now = now or datetime.now(timezone.utc)
    since = now - timedelta(days=recent_days)
    rows = store.run("read/rescore_candidates", {"tenant": tenant, "user_id": user_id})
    repeats = _repeats(rows)
    changes, items = [], []
    protected: dict[str, int] = {}
    for r in rows:
        last = native(r["last_seen"])
        new = rescore_one(kind=r["kind"] or ("message" if r["label"] == "event" else "attribute"), status=r["status"],
                          text=r["text"] or "", importance_now=r["base_importance"], quality_now=r["base_quality"],
                          mention_count=int(r["mention_count"] or 1), last_seen=last, now=now, policy=policy)
        status = new.status
        if new.archived and r["status"] != "archived":
            reason = _protection(r, since, repeats, new.quality < policy.archive_quality)
            if reason:
                protected[reason] = protected.get(reason, 0) + 1
                status = r["status"]
            else:
                items.append({"id": r["id"], "user_id": r["user_id"], "label": r["label"], "status": r["status"],
                              "text": r["text"] or r["states"] or ""})
        if (new.importance, new.quality, status) != (r["importance"], r["quality"], r["status"]):
            changes.append({"id": r["id"], "user_id": r["user_id"], "importance": new.importance,
                            "quality": new.quality, "status": status})
    if not dry_run:
        for i in range(0, len(changes), batch):
            store.run("write/rescore_apply", {"rows": changes[i:i + batch], "tenant": tenant, "now": now}, write=True)
        _refresh_profiles(store, tenant, {i["user_id"] for i in items if i["label"] == "fact"}, now)
    return RescoreReport(len(rows), len(changes), len(items), tuple(items), protected, dry_run)


def _refresh_profiles(store: Store, tenant: str, user_ids: set[str], now: datetime) -> None:
    """The profile is made of active facts: regenerate it for every user a fact of whom was archived."""
    from graphmem import derived

    for user_id in sorted(user_ids):
        store.write(lambda tx, u=user_id: derived.refresh_profile(tx, tenant, u, now))
