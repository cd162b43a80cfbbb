"""An import file is checked before anything is written: its shape (an export of one user), and every property:
text, numbers, booleans, times (``{"$datetime": ...}``) or flat lists of them, within the sizes graphmem
itself writes (a property of 5 MB is not a memory). Every refusal is an InputError naming the node. Pure."""

from __future__ import annotations

import math
import re
from datetime import date, datetime
from typing import Any

from graphmem.errors import InputError

FORMAT = "graphmem-export/1"
MAX_TEXT = 100_000          # characters in one text property (a turn is refused above this: sanitize.MAX_CHARS)
MAX_LIST = 4096             # items in one list property (an embedding has at most 4096 dimensions)
MAX_ITEMS = 2_000_000       # nodes plus relationships in one file
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def check(data: Any) -> tuple[list[dict], list[dict]]:
    """``(nodes, relationships)`` of a well-formed export, or InputError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(f"not a graphmem export (expected format {FORMAT!r})")
    nodes, rels = data.get("nodes", []), data.get("relationships", [])
    if not isinstance(nodes, list) or not isinstance(rels, list):
        raise InputError("an export's nodes and relationships must be lists")
    if len(nodes) + len(rels) > MAX_ITEMS:
        raise InputError(f"the export holds {len(nodes) + len(rels)} items; the limit is {MAX_ITEMS}")
    keys: set[str] = set()
    for i, n in enumerate(nodes):
        if not isinstance(n, dict) or not isinstance(n.get("key"), str) or not isinstance(n.get("props"), dict) \
                or not isinstance(n.get("labels"), list) or not all(isinstance(x, str) for x in n["labels"]):
            raise InputError(f"node #{i} is not {{key: text, labels: [text], props: {{...}}}}")
        if n["key"] in keys:
            raise InputError(f"node {n['key']!r:.80} appears twice")
        keys.add(n["key"])
        _props(n["props"], f"node {n['key']!r:.80}")
    for i, r in enumerate(rels):
        if not isinstance(r, dict) or not all(isinstance(r.get(k), str) for k in ("start", "type", "end")) \
                or not isinstance(r.get("props", {}), dict):
            raise InputError(f"relationship #{i} is not {{start, type, end: text, props: {{...}}}}")
        _props(r.get("props", {}), f"relationship #{i}")
    return nodes, rels


def _props(props: dict, where: str) -> None:
    for k, v in props.items():
        if not isinstance(k, str) or not k or _SURROGATE.search(k):
            raise InputError(f"{where} has a property name that is not text: {k!r:.40}")
        if isinstance(v, list):
            if len(v) > MAX_LIST:
                raise InputError(f"{where}: property {k!r} holds {len(v)} items; the limit is {MAX_LIST}")
            if len({type(x) for x in v}) > 1 or any(isinstance(x, (list, dict)) for x in v):
                raise InputError(f"{where}: property {k!r} must be a flat list of one type")
            for x in v:
                _value(x, where, k)
        else:
            _value(v, where, k)


def _value(v: Any, where: str, k: str) -> None:
    if v is None or isinstance(v, (bool, int)):
        return
    if isinstance(v, float):
        if not math.isfinite(v):
            raise InputError(f"{where}: property {k!r} is not a finite number")
        return
    if isinstance(v, str):
        if len(v) > MAX_TEXT:
            raise InputError(f"{where}: property {k!r} is {len(v)} characters; the limit is {MAX_TEXT}")
        if _SURROGATE.search(v):
            raise InputError(f"{where}: property {k!r} holds lone surrogates")
        return
    (tag, text), = v.items() if isinstance(v, dict) and len(v) == 1 else (("", None),)
    if tag in ("$datetime", "$date") and isinstance(text, str):
        try:
            (datetime if tag == "$datetime" else date).fromisoformat(text)
            return
        except ValueError:
            raise InputError(f"{where}: property {k!r} is not a valid {tag[1:]}: {text!r:.40}") from None
    raise InputError(f"{where}: property {k!r} is not text, a number, a boolean, a time or a list of them")
