"""Offline rescoring: recompute importance and quality of a tenant's (or one user's) facts and events and
archive what falls below the policy's thresholds. Lowers only; never deletes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from graphmem.store import Store
from graphmem.write.scoring import RescorePolicy, rescore as rescore_one


@dataclass(frozen=True)
class RescoreReport:
    examined: int
    lowered: int
    archived: int


def rescore(store: Store, *, tenant: str | None = None, user_id: str | None = None, now: datetime | None = None,
            policy: RescorePolicy = RescorePolicy(), batch: int = 1000) -> RescoreReport:
    tenant = tenant or store.settings.tenant
    now = now or datetime.now(timezone.utc)
    rows = store.run("read/rescore_candidates", {"tenant": tenant, "user_id": user_id})
    changes = []
    archived = 0
    for r in rows:
        last = r["last_seen"]
        last = last.to_native() if hasattr(last, "to_native") else last
        new = rescore_one(kind=r["kind"] or ("message" if r["label"] == "event" else "attribute"), status=r["status"],
                          text=r["text"] or "", importance_now=r["base_importance"], quality_now=r["base_quality"],
                          mention_count=int(r["mention_count"] or 1), last_seen=last, now=now, policy=policy)
        if (new.importance, new.quality, new.status) != (r["importance"], r["quality"], r["status"]):
            changes.append({"id": r["id"], "user_id": r["user_id"], "importance": new.importance,
                            "quality": new.quality, "status": new.status})
            archived += int(new.archived and r["status"] != "archived")
    for i in range(0, len(changes), batch):
        store.run("write/rescore_apply", {"rows": changes[i:i + batch], "tenant": tenant, "now": now}, write=True)
    return RescoreReport(len(rows), len(changes), archived)
