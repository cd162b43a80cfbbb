"""Extraction benchmark on the hand-labelled set ``bench/eval/extraction/cases.jsonl`` (issue 17, item 6).

Every case's turns go through the real write path (``Memory.add`` with role, speaker and the turn's own time,
one user per case, a fresh tenant in the real Neo4j, deleted at the end); then the graph is read back (facts
with their status, relations, event statements, entities with types and aliases, which turns were stored) and
scored against the labels (matching rules: ``bench/extraction_score.py``).

    python -m bench.extraction_bench [--before] [--keep] [--cases en-001,zh-007] [--out extraction_later --note ..]
                                     [--set bench/eval/extraction2/cases.jsonl --out extraction2_before]

``--before`` writes ``bench/results/extraction_before.{json,md}`` (the run on the code before the issue-17
changes), ``--out NAME`` a further run ``bench/results/NAME.{json,md}`` (the set is seen after the first 'after'
run: say so with ``--note``), otherwise ``bench/results/extraction.{json,md}``. ``--set`` reads another labelled
set of the same format (e.g. the second held-out set); give it an ``--out`` name. The last output line is
``key=value`` pairs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import uuid
from datetime import datetime
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

from bench import extraction_score as score  # noqa: E402

HERE = Path(__file__).resolve().parent
CASES = HERE / "eval" / "extraction" / "cases.jsonl"
RESULTS = HERE / "results"
TARGETS = {"statement_f1": 0.90, "entity_precision": 0.95, "multi_superseded": 0}


def load(only: set[str] | None = None, path: Path = CASES) -> list[dict]:
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [c for c in cases if not only or c["id"] in only]


def ingest(cases: list[dict], keep: bool = False) -> tuple[dict, dict]:
    """Write every case through ``Memory.add`` into a fresh tenant; returns the graph read back per case id
    and timing figures."""
    from graphmem.embedders import get_embedder
    from graphmem.memory import Memory
    from graphmem.settings import Settings
    from graphmem.store import Store
    from graphmem.write.reads import delete_tenant

    settings = Settings.from_env()
    tenant = f"bench-extraction-{uuid.uuid4().hex[:6]}"
    st = settings.with_(tenant=tenant)
    embedder = get_embedder(st)
    embedder.embed(["warm up"])
    store = Store(st)
    try:
        with tempfile.TemporaryDirectory() as tmp, \
                Memory(st, store=store, embedder=embedder, journal_path=Path(tmp) / "j.sqlite3") as mem:
            mem.writer
            t0 = time.perf_counter()
            n = 0
            for c in cases:
                for i, t in enumerate(c["turns"]):
                    mem.add(c["id"], "s1", str(i + 1), t["text"], role=t["role"], speaker=t.get("speaker"),
                            at=datetime.fromisoformat(t["at"]))
                    n += 1
            ok = mem.flush(1800)
            secs = time.perf_counter() - t0
        rows = {name: store.run(f"bench/extraction_{name}", {"tenant": tenant})
                for name in ("facts", "entities", "events", "relations")}
        graph: dict[str, dict] = {c["id"]: {k: [] for k in rows} for c in cases}
        for name, rs in rows.items():
            for r in rs:
                if r["user_id"] in graph:
                    graph[r["user_id"]][name].append(r)
        return graph, {"turns": n, "seconds": round(secs, 2), "turns_per_s": round(n / secs, 1), "flushed": ok,
                       "tenant": tenant if keep else None}
    finally:
        if not keep:
            delete_tenant(store, tenant)
        store.close()


def markdown(res: dict, note: str = "") -> str:
    s = res["summary"]
    flag = " --before" if res["label"] == "before" else (f" --out {res['label']}" if res["label"] != "after" else "")
    cases_path = res.get("set", "bench/eval/extraction/cases.jsonl")
    flag = (f" --set {cases_path}" if cases_path != "bench/eval/extraction/cases.jsonl" else "") + flag
    lines = [f"# Extraction bench ({res['label']})", "", *([note, ""] if note else []),
             f"`python -m bench.extraction_bench{flag}` on commit "
             f"{res['commit']}, {res['date']}: {res['ingest']['turns']} turns of {res['cases']} cases "
             f"(`{cases_path}`) through `Memory.add` into the real Neo4j "
             f"({res['ingest']['turns_per_s']} turns/s). Matching rules: `bench/extraction_score.py`.", "",
             "| figure | value | target |", "|---|---|---|"]
    for k, label in (("statement_precision", "statement precision"), ("statement_recall", "statement recall"),
                     ("statement_f1", "statement F1"), ("key_agreement", "key agreement (matched pairs)"),
                     ("entity_precision", "entity precision (junk and duplicates are errors)"),
                     ("entity_recall", "entity recall (required)"), ("entity_type_accuracy", "entity type accuracy"),
                     ("stored_precision", "stored precision (all turns)"), ("stored_recall", "stored recall"),
                     ("stored_precision_speakers", "stored precision (user/participant turns)"),
                     ("stored_recall_speakers", "stored recall (user/participant turns)"),
                     ("final_active", "final_active agreement"), ("final_outdated", "final_outdated agreement"),
                     ("multi_superseded", "multi-valued value superseded by an addition")):
        target = TARGETS.get(k)
        tgt = "" if target is None else (f"= {target}" if k == "multi_superseded" else f">= {target}")
        lines.append(f"| {label} | {s[k]} | {tgt} |")
    lines += ["", f"Counts: {json.dumps(s['counts'])}", ""]
    for group in ("by_lang", "by_category"):
        lines += [f"## {group.replace('_', ' ')}", "",
                  "| group | stmt P | stmt R | stmt F1 | ent P | ent R | stored P | stored R | active | outdated "
                  "| multi superseded |", "|---|---|---|---|---|---|---|---|---|---|---|"]
        for g, v in res[group].items():
            lines.append(f"| {g} | {v['statement_precision']} | {v['statement_recall']} | {v['statement_f1']} | "
                         f"{v['entity_precision']} | {v['entity_recall']} | {v['stored_precision']} | "
                         f"{v['stored_recall']} | {v['final_active']} | {v['final_outdated']} | "
                         f"{v['multi_superseded']} |")
        lines.append("")
    lines += ["## Junk entities (first 40)", "", ", ".join(res["junk_entities"][:40]) or "none", "",
              "## Multi-valued values superseded by an addition", "",
              "; ".join(res["multi_superseded_list"]) or "none", ""]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", action="store_true", help="write extraction_before.{json,md}")
    ap.add_argument("--keep", action="store_true", help="keep the tenant (for Neo4j Browser)")
    ap.add_argument("--cases", default="", help="comma-separated case ids (a partial run writes no results)")
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--show", action="store_true", help="print each case's misses, junk and wrong verdicts")
    ap.add_argument("--note", default="", help="a paragraph written under the title (what the run is)")
    ap.add_argument("--set", default="", help="the labelled set to read (default bench/eval/extraction/cases.jsonl)")
    ap.add_argument("--out", default="", help="results name under bench/results (e.g. extraction_later): a further "
                                              "run beside the committed before/after runs")
    a = ap.parse_args(argv)
    only = {x.strip() for x in a.cases.split(",") if x.strip()} or None
    path = Path(a.set).resolve() if a.set else CASES
    if a.set and not a.out and not a.no_write and only is None:
        ap.error("--set needs --out NAME (the default results names belong to the first set)")
    cases = load(only, path)
    graph, ing = ingest(cases, keep=a.keep)
    from graphmem.embedders import get_embedder
    from graphmem.settings import Settings
    keysim = score.KeySimilarity(get_embedder(Settings.from_env()))
    res = score.score_all(cases, graph, keysim)
    from bench.locomo_bench import _git

    commit = _git()
    res.update({"label": "before" if a.before else (a.out.rsplit("/", 1)[-1].removesuffix(".md") or "after"),
                "commit": commit, "cases": len(cases), "set": _shown(path),
                "date": datetime.now().strftime("%Y-%m-%d %H:%M"), "ingest": ing})
    s = res["summary"]
    if a.show:
        for cid, d in res["cases_detail"].items():
            print(f"== {cid}", json.dumps(d["notes"], ensure_ascii=False, indent=1))
    for k, v in s.items():
        if k != "counts":
            print(f"{k:28s} {v}")
    for group in ("by_lang", "by_category"):
        for g, v in res[group].items():
            print(f"{group[3:]:9s} {g:18s} F1 {v['statement_f1']:.3f}  entP {v['entity_precision']:.3f}  "
                  f"entR {v['entity_recall']:.3f}  storedP {v['stored_precision']:.3f}  "
                  f"storedR {v['stored_recall']:.3f}  multi_sup {v['multi_superseded']}")
    if not a.no_write and only is None:
        name = a.out.removesuffix(".md").removesuffix(".json").removeprefix("bench/results/") or \
            ("extraction_before" if a.before else "extraction")
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / f"{name}.json").write_text(json.dumps(res, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        (RESULTS / f"{name}.md").write_text(markdown(res, a.note), encoding="utf-8")
        print(f"wrote bench/results/{name}.json and .md", file=sys.stderr)
    print(" ".join(f"{k}={s[k]}" for k in ("statement_f1", "entity_precision", "multi_superseded",
                                           "stored_precision", "stored_recall", "final_active", "final_outdated")))
    return 0


def _shown(path: Path) -> str:
    """The set's path as the results name it: relative to the repository when inside it."""
    try:
        return str(path.relative_to(HERE.parent))
    except ValueError:
        return str(path)


if __name__ == "__main__":
    raise SystemExit(main())
