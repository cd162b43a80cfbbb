"""Cypher statements live in ``cypher/<area>/<verb>.cypher``; this module loads them by name."""

from __future__ import annotations

from functools import cache
from importlib import resources

from graphmem.errors import UnknownQuery

PACKAGE = "graphmem.cypher"


def _root():
    return resources.files(PACKAGE)


@cache
def query(name: str) -> str:
    """The text of ``cypher/<name>.cypher``, e.g. ``query("admin/ping")``."""
    parts = name.split("/")
    if not all(p and p.replace("_", "").isalnum() for p in parts):
        raise UnknownQuery(f"bad query name {name!r}")
    node = _root()
    for p in parts[:-1]:
        node = node / p
    node = node / f"{parts[-1]}.cypher"
    if not node.is_file():
        raise UnknownQuery(f"no Cypher file for query {name!r} (looked for cypher/{name}.cypher)")
    return node.read_text(encoding="utf-8").strip()


def names(area: str | None = None) -> list[str]:
    """Every query name, optionally only those of one area, sorted."""
    found: list[str] = []

    def walk(node, prefix: str) -> None:
        for child in node.iterdir():
            if child.is_dir() and not child.name.startswith("__"):
                walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(".cypher"):
                found.append(prefix + child.name[: -len(".cypher")])

    walk(_root(), "")
    return sorted(n for n in found if area is None or n.startswith(area + "/"))
