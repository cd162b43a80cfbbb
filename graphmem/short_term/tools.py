"""Tool results: big JSON outputs trimmed to their key fields; old tool calls summarised to one line.

Pure functions, no I/O. Key fields are hits/results lists, ids, names/titles, scores or confidence, counts,
status and errors; everything else in a big payload is dropped (and counted, so the model knows).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

KEY_FIELDS = (
    "error", "errors", "status", "ok", "success", "code",
    "id", "ids", "_id", "uuid", "key", "name", "title", "label",
    "score", "scores", "confidence", "similarity", "probability", "rank", "relevance",
    "total", "count", "num_results", "total_hits",
    "hits", "results", "items", "matches", "documents", "data", "records",
)
LIST_FIELDS = ("hits", "results", "items", "matches", "documents", "data", "records")
ERROR_FIELDS = ("error", "errors")
SCORE_FIELDS = ("score", "confidence", "similarity", "probability", "relevance")
ID_FIELDS = ("id", "_id", "uuid", "key", "name", "title")


def parse_result(result: Any) -> Any:
    """A tool's output as Python data: JSON text is parsed, anything else is returned as is."""
    if isinstance(result, (bytes, bytearray)):
        result = bytes(result).decode("utf-8", "replace")
    if isinstance(result, str):
        text = result.strip()
        if text[:1] in "{[":
            try:
                return json.loads(text)
            except ValueError:
                return result
    return result


def trim_result(result: Any, max_items: int = 5, max_str: int = 160, depth: int = 3) -> Any:
    """Keep only the key fields of a (possibly JSON-text) tool result.

    Dicts keep :data:`KEY_FIELDS` (all fields when none is a key field and the dict is small); lists keep
    their first ``max_items`` entries plus a ``"… N more"`` marker; strings are cut at ``max_str``.
    """
    return _trim(parse_result(result), max_items, max_str, depth)


def _trim(obj: Any, max_items: int, max_str: int, depth: int) -> Any:
    if isinstance(obj, str):
        return obj if len(obj) <= max_str else obj[:max_str] + "…"
    if isinstance(obj, (int, float, bool)) or obj is None:
        return obj
    if isinstance(obj, dict):
        keys = [k for k in obj if str(k).lower() in KEY_FIELDS]
        if not keys:
            keys = list(obj)[:max_items] if depth > 0 else []
        out: dict[str, Any] = {}
        for k in keys:
            v = obj[k]
            if depth <= 0 and isinstance(v, (dict, list)):
                continue
            out[str(k)] = _trim(v, max_items, max_str, depth - 1)
        dropped = len(obj) - len(out)
        if dropped:
            out["…"] = f"{dropped} fields dropped"
        return out
    if isinstance(obj, (list, tuple)):
        items = [_trim(v, max_items, max_str, depth - 1) for v in list(obj)[:max_items]]
        if len(obj) > max_items:
            items.append(f"… {len(obj) - max_items} more")
        return items
    return _trim(str(obj), max_items, max_str, depth)


def dumps(obj: Any) -> str:
    return obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str)


@dataclass(frozen=True)
class ToolRecord:
    """One tool call as the session keeps it: the trimmed output, never the raw payload."""

    name: str
    args: str          # compact JSON or text of the arguments, cut to 120 characters
    output: str        # the trimmed output as compact JSON
    summary: str       # the one-line form used once the call is old
    turn: int
    error: bool = False

    def render(self, full: bool = True) -> str:
        return f"[tool {self.name}({self.args})] → {self.output}" if full else f"[tool] {self.summary}"


def make_record(name: str, args: Any, result: Any, turn: int, max_items: int = 5) -> ToolRecord:
    data = parse_result(result)
    trimmed = trim_result(data, max_items=max_items)
    args_text = dumps(args if args is not None else {})
    args_text = args_text if len(args_text) <= 120 else args_text[:120] + "…"
    return ToolRecord(name, args_text, dumps(trimmed), summarise_call(name, args_text, data), turn,
                      error=_error_of(data) is not None)


def _error_of(data: Any) -> str | None:
    if isinstance(data, dict):
        for k in ERROR_FIELDS:
            if data.get(k):
                return dumps(data[k])[:120]
        if data.get("ok") is False or data.get("success") is False:
            return "failed"
    return None


def _hits_of(data: Any) -> list | None:
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        for k in LIST_FIELDS:
            if isinstance(data.get(k), list):
                return data[k]
    return None


def summarise_call(name: str, args: str, data: Any) -> str:
    """One line: ``search({"q":"hotel"}) → 37 results; top: h-1029 (score 0.91)`` or ``→ error: …``."""
    head = f"{name}({args if len(args) <= 60 else args[:60] + '…'})"
    err = _error_of(data)
    if err:
        return f"{head} → error: {err}"
    hits = _hits_of(data)
    if hits is not None:
        total = data.get("total") if isinstance(data, dict) and isinstance(data.get("total"), int) else len(hits)
        line = f"{head} → {total} results"
        if hits and isinstance(hits[0], dict):
            top = next((str(hits[0][k]) for k in ID_FIELDS if k in hits[0]), None)
            score = next((hits[0][k] for k in SCORE_FIELDS if k in hits[0]), None)
            if top:
                line += f"; top: {top[:60]}" + (f" ({score})" if score is not None else "")
        return line
    text = dumps(trim_result(data, max_items=2, max_str=60, depth=1))
    return f"{head} → {text[:100]}" + ("…" if len(text) > 100 else "")
