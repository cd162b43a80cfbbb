"""Aggregates of a results file: per system × category × language. Pure."""

from __future__ import annotations

from collections import defaultdict
from statistics import mean

from bench.eval.data import CATEGORIES, LANGS

SYSTEM_ORDER = ("graphmem", "graphmem-context", "graphmem-nofloor", "full", "last10", "bm25", "dense")


def systems(res: dict) -> list[str]:
    present = {r["system"] for r in res["probes"]}
    known = [s for s in SYSTEM_ORDER if s in present]
    return known + sorted(present - set(known))


def _agg(rows: list[dict]) -> dict:
    rec = [r["recall"] for r in rows if r["recall"] is not None]
    lat = [r["latest"] for r in rows if r["latest"] is not None]
    forb = [r for r in rows if r["cat"] in ("smalltalk", "isolation")]
    return {
        "n": len(rows),
        "recall": mean(rec) if rec else None,
        "hit": mean(1.0 if r["hit"] else 0.0 for r in rows) if rows else None,
        "latest": mean(1.0 if x else 0.0 for x in lat) if lat else None,
        "forbidden": mean(1.0 if r["forbidden"] else 0.0 for r in forb) if forb else None,
        "leak": mean(1.0 if r["leaked"] else 0.0 for r in rows) if rows else None,
        "tokens": mean(r["tokens"] for r in rows) if rows else None,
    }


def table(res: dict, by=("system", "cat")) -> dict[tuple, dict]:
    groups: dict[tuple, list] = defaultdict(list)
    for r in res["probes"]:
        groups[tuple(r[b] for b in by)].append(r)
        groups[tuple(r[b] if b == "system" else "all" for b in by)].append(r)
    return {k: _agg(v) for k, v in groups.items()}


def stored(res: dict) -> dict:
    """Junk-stored rate and informative-stored rate of graphmem, overall and per language."""
    out = {}
    for lang in ("all",) + LANGS:
        rows = [r for r in res["stored"] if lang == "all" or r["lang"] == lang]
        j, js = sum(r["junk"] for r in rows), sum(r["junk_stored"] for r in rows)
        i, is_ = sum(r["info"] for r in rows), sum(r["info_stored"] for r in rows)
        known = sum(r["known"] for r in rows)
        b, bs = sum(r.get("background", 0) for r in rows), sum(r.get("background_stored", 0) for r in rows)
        out[lang] = {"junk": j, "junk_stored": js, "junk_rate": js / j if j and known else None,
                     "background": b, "background_stored": bs, "background_rate": bs / b if b and known else None,
                     "info": i, "info_stored": is_, "info_rate": is_ / i if i and known else None}
    return out


def history(res: dict) -> dict:
    """Change probes: share whose old value is still in the graph's history, and marked outdated."""
    out = {}
    for lang in ("all",) + LANGS:
        rows = [r for r in res.get("history", []) if lang == "all" or r["lang"] == lang]
        out[lang] = {"n": len(rows), "kept": mean(1.0 if r["kept"] else 0.0 for r in rows) if rows else None,
                     "outdated": mean(1.0 if r["outdated"] else 0.0 for r in rows) if rows else None}
    return out


def fmt(x, pct=True, digits=0) -> str:
    if x is None:
        return "—"
    return f"{x * 100:.{digits}f}%" if pct else f"{x:.{digits}f}"


def headline(res: dict) -> str:
    t = table(res, ("system",))
    lines = [f"{'system':18} {'recall@k':>9} {'hit':>6} {'latest':>7} {'forbid':>7} {'leak':>6} {'tokens':>7}"]
    for s in systems(res):
        a = t.get((s,)) or t.get(("all",))
        a = t[(s,)] if (s,) in t else None
        if not a:
            continue
        lines.append(f"{s:18} {fmt(a['recall']):>9} {fmt(a['hit']):>6} {fmt(a['latest']):>7} {fmt(a['forbidden']):>7} "
                     f"{fmt(a['leak']):>6} {fmt(a['tokens'], pct=False):>7}")
    st = stored(res)["all"]
    lines.append(f"graphmem junk stored: {st['junk_stored']}/{st['junk']} ({fmt(st['junk_rate'])}); informative "
                 f"stored: {st['info_stored']}/{st['info']} ({fmt(st['info_rate'])}); LLM calls: {res['meta']['llm_calls']}; "
                 f"mode: {res['meta']['graphmem_mode']}")
    return "\n".join(lines)


__all__ = ["CATEGORIES", "headline", "stored", "systems", "table", "fmt"]
