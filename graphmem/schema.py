"""Schema migrations: ``cypher/schema/NNN_name.cypher``, each applied once and recorded in the graph."""

from __future__ import annotations

import time

from graphmem.errors import SchemaError, StoreError
from graphmem.queries import names
from graphmem.store import Store


def migrations() -> list[str]:
    """Every migration query name, in order (``schema/001_...`` first)."""
    return names("schema")


def latest_version() -> int:
    return int(migrations()[-1].split("/")[1].split("_")[0])


def applied(store: Store) -> list[str]:
    return [r["name"] for r in store.run("admin/migrations_applied")]


def version(store: Store) -> int:
    """The number of the newest applied migration (0 for an empty database)."""
    done = applied(store)
    return int(done[-1].split("/")[1].split("_")[0]) if done else 0


def apply(store: Store, dimensions: int) -> list[str]:
    """Run the migrations not yet recorded; returns their names. Safe to call any number of times."""
    done = set(applied(store)) if _has_migration_constraint(store) else set()
    new: list[str] = []
    for name in migrations():
        if name in done:
            continue
        try:
            store.run_auto(name, {"dimensions": dimensions})
        except StoreError as e:
            raise SchemaError(f"migration {name} failed: {e}") from e
        store.run("admin/record_migration", {"name": name}, write=True)
        new.append(name)
    return new


def _has_migration_constraint(store: Store) -> bool:
    return any(r["name"] == "migration_name" for r in store.run("admin/constraints"))


def indexes(store: Store) -> list[dict]:
    return store.run("admin/indexes")


def wait_online(store: Store, timeout: float = 120.0) -> list[dict]:
    """Block until every index is ONLINE; raises SchemaError naming the ones that are not."""
    deadline = time.monotonic() + timeout
    while True:
        rows = indexes(store)
        pending = [r for r in rows if r["state"] != "ONLINE"]
        if not pending:
            return rows
        failed = [r["name"] for r in pending if r["state"] == "FAILED"]
        if failed or time.monotonic() > deadline:
            states = ", ".join(f"{r['name']}={r['state']}" for r in pending)
            raise SchemaError(f"indexes not ONLINE: {states}; drop and re-run `graphmem init`")
        time.sleep(0.2)


def vector_dimensions(store: Store) -> dict[str, int]:
    """Dimensions of each vector index, read back from the server."""
    return {
        r["name"]: int(r["options"]["indexConfig"]["vector.dimensions"])
        for r in indexes(store)
        if r["type"] == "VECTOR"
    }
