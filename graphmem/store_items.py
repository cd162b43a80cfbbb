"""Key-value items of agent frameworks (LangGraph's store) as graphmem memories: pure helpers, no I/O.

A namespace is ``(user_id, agent?, scope?, *folders)``: its first label is the user who owns the memory; the
second, when present, the agent that wrote it; the third its scope (``private``, ``shared``, ``team-x``, ...);
anything deeper a folder of the agent's own. Every item is one turn of the user's conversation with the store,
in the session ``langgraph/<agent>/<scope>/...``; each distinct value is its own turn (a new version, never an
overwrite), so graphmem's extraction, versioning, recall and verified forget all apply to it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from graphmem.errors import InputError

TEXT_FIELDS = ("text", "content", "memory", "data", "fact", "note")
SESSION_PREFIX = "langgraph"


def value_json(value: Any) -> str:
    """The value as canonical JSON (what is stored and compared), or InputError."""
    if not isinstance(value, Mapping):
        raise InputError(f"a store value must be a mapping (a dict), got {type(value).__name__}")
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise InputError(f"a store value must be JSON-serialisable: {e}") from None


def item_text(value: Mapping[str, Any], fields: list[str] | None = None) -> str:
    """The text to remember for ``value``: the listed ``fields`` (already extracted by the caller, joined);
    else its ``text``/``content``/``memory``/... string; else ``key: value`` pairs."""
    if fields:
        return "\n".join(f for f in fields if f.strip())
    for name in TEXT_FIELDS:
        v = value.get(name)
        if isinstance(v, str) and v.strip():
            return v
    parts = []
    for k, v in value.items():
        shown = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, sort_keys=True)
        parts.append(f"{k}: {shown}")
    return "; ".join(parts)


def owner(namespace: tuple[str, ...]) -> tuple[str | None, str | None]:
    """(agent, scope) of an item written under ``namespace`` (:mod:`graphmem.scopes`): ``(user,)`` is the
    user's own memory, shared with every agent; ``(user, agent)`` and ``(user, agent, label)`` are the agent's,
    private unless the label is ``shared``/``user`` or ``team-<id>``/``team:<id>`` (any other label is a folder
    of the agent's own, private)."""
    if len(namespace) < 2:
        return None, None
    label = namespace[2] if len(namespace) > 2 else "private"
    if label in ("shared", "user"):
        return namespace[1], "shared"
    if label.startswith(("team-", "team:")):
        return namespace[1], "team:" + label[5:]
    return namespace[1], "private"


def session_id(namespace: tuple[str, ...]) -> str:
    """The graphmem session an item of ``namespace`` is written to (the labels after the user)."""
    return "/".join((SESSION_PREFIX, *namespace[1:]))


def turn_id(namespace: tuple[str, ...], key: str, stored: str) -> str:
    """One turn per (namespace, key, value): putting the same value again writes nothing new."""
    raw = "\x1f".join((*namespace, "\x1e", key, "\x1e", stored))
    return "lg." + hashlib.blake2b(raw.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


def matches_namespace(namespace: tuple[str, ...], path: tuple[str, ...], match_type: str) -> bool:
    """LangGraph's namespace match: ``path`` is a prefix (or suffix) of ``namespace``; ``*`` matches any label."""
    if len(namespace) < len(path):
        return False
    if match_type == "prefix":
        pairs = zip(namespace, path)
    elif match_type == "suffix":
        pairs = zip(reversed(namespace), reversed(path))
    else:
        raise InputError(f"match type must be prefix or suffix, got {match_type!r}")
    return all(p == "*" or n == p for n, p in pairs)


def matches_filter(value: Any, wanted: Any) -> bool:
    """LangGraph's filter semantics: exact (nested) equality, or ``$eq $ne $gt $gte $lt $lte`` operators."""
    if isinstance(wanted, Mapping):
        if any(str(k).startswith("$") for k in wanted):
            return all(_operator(value, op, arg) for op, arg in wanted.items())
        return isinstance(value, Mapping) and all(matches_filter(value.get(k), v) for k, v in wanted.items())
    if isinstance(wanted, (list, tuple)):
        return (isinstance(value, (list, tuple)) and len(value) == len(wanted)
                and all(matches_filter(a, b) for a, b in zip(value, wanted)))
    return value == wanted


def _operator(value: Any, op: str, arg: Any) -> bool:
    if op == "$eq":
        return value == arg
    if op == "$ne":
        return value != arg
    if op not in ("$gt", "$gte", "$lt", "$lte"):
        raise InputError(f"unsupported filter operator {op!r} (use $eq $ne $gt $gte $lt $lte)")
    try:
        a, b = float(value), float(arg)
    except (TypeError, ValueError):
        return False
    return {"$gt": a > b, "$gte": a >= b, "$lt": a < b, "$lte": a <= b}[op]


def namespaces(found: list[tuple[str, ...]], conditions, max_depth: int | None, limit: int,
               offset: int) -> list[tuple[str, ...]]:
    """``list_namespaces``: those matching every condition, cut to ``max_depth``, distinct, sorted, paged."""
    keep = [ns for ns in found if all(matches_namespace(ns, tuple(c.path), c.match_type) for c in conditions or ())]
    if max_depth is not None:
        keep = [ns[:max_depth] for ns in keep]
    return sorted(set(keep))[offset:offset + limit]
