"""Memory recall in dialogue, the shape of MADial-Bench's memory-recall task: each user has an archive of past events
(a date each), the query is the whole chat before the assistant's turn that should bring one up (every earlier line
joined, greetings and all), and the answer is the event(s) it should recall. graphmem beside BM25, dense and their
fusion over the raw events, in the same run, measured with the shared protocol (``../shared/tools/retrieval_eval.py``,
its ``load_madial`` loader).

The sets are ``bench/eval/dialogue_recall/{dev,heldout}/{zh,en}``: written for this benchmark by writers who had not
seen graphmem's rules (our own text, so they live in the repository); ``dev`` may be looked at while changing
recall, ``heldout`` only measured. ``--data DIR`` adds any directory in MADial-Bench's layout (the public release's
``zh`` or ``en``, where one has it). graphmem ingests each event through ``Memory.add`` as the user's own words at
its date (no speaker: the archive is the user's life), flushes, and answers with ``Memory.recall`` a day after the
last event.

    python -m bench.dialogue_recall_bench [--sets dev,heldout] [--langs zh,en] [--data DIR]
                                          [--systems graphmem,bm25,dense,hybrid] [--out bench/results/dialogue_recall.md]

Exits 0, saying so, when the protocol's tool (``../shared/tools``) is absent.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

from bench.locomo_bench import TOOL, GraphmemAdapter, _close, _git, _open, _p50_p95, load_tool  # noqa: E402

SETS = ROOT / "eval" / "dialogue_recall"
KS = (1, 5, 10, 20)


def measure_groups(ev, convs, name: str, memory=None, tenant: str = "") -> dict[str, dict]:
    """One system over ``convs``, per question category and overall: n, recall@k per k, all@10 (every evidence
    turn in the top 10), chars@10, and ms per query (p50 / p95 for graphmem, whose adapter times each call; the
    protocol's mean for the baselines)."""
    stats: dict = {}
    factory = (lambda: GraphmemAdapter(memory, tenant, stats)) if name == "graphmem" else ev.BUILTIN[name]()
    run = ev.evaluate(convs, factory, KS, progress=False)
    groups = ev.aggregate(run)["groups"]
    if stats.get("ms"):
        timed = _p50_p95("recall_ms", stats["ms"])
    else:
        mean = run["query_s"] * 1e3 / max(1, groups["overall"]["n"])
        timed = {"recall_ms_p50": mean, "recall_ms_p95": mean}
    if stats.get("ingest_s"):
        timed["ingest_turns_per_s"] = stats["turns"] / stats["ingest_s"]
    return {c: {"n": g["n"], **{f"R@{k}": 100 * g[f"recall@{k}"] for k in KS}, "all@10": 100 * g["all@10"],
                "chars@10": g["chars@10"], **timed} for c, g in groups.items()}


def measure_sets(ev, sets: dict[str, list], systems: list[str], name: str) -> dict[str, dict[str, dict]]:
    """Every system over every set (label → the protocol's conversations), graphmem in one ``Memory`` of a fresh
    tenant ``<name>-…`` deleted at the end: label → system → :func:`measure_groups`, printing overall R@k."""
    opened = _open(name) if "graphmem" in systems else None
    memory, tenant = (opened[0], opened[2]) if opened else (None, "")
    out: dict[str, dict[str, dict]] = {}
    try:
        for label, convs in sets.items():
            out[label] = runs = {}
            for system in systems:
                t0 = time.perf_counter()
                runs[system] = measure_groups(ev, convs, system, memory, tenant)
                o = runs[system]["overall"]
                print(f"{label:16} {system:9} " + " ".join(f"R@{k} {o[f'R@{k}']:5.1f}" for k in KS)
                      + f"  ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    finally:
        if opened:
            _close(*opened)
    return out


def render(report: dict) -> str:
    lines = ["# Memory recall in dialogue (MADial-Bench's task shape)", "",
             f"Commit `{report['commit']}`, {report['when']}, box load {report['load']:.1f} (2 cores). Protocol: "
             "`../shared/tools/retrieval_eval.py` (`load_madial`; recall@k = share of a dialogue's relevant events in "
             "the top k). All systems in one run. Regenerate: `python -m bench.dialogue_recall_bench`.", "",
             "| set | system | n | R@1 | R@5 | R@10 | R@20 | chars@10 | ms p50 | ms p95 |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for label, runs in report["sets"].items():
        for name, r in runs.items():
            lines.append(f"| {label} | {name} | {r['n']} | " + " | ".join(f"{r[f'R@{k}']:.1f}" for k in KS)
                         + f" | {r['chars@10']:.0f} | {r['recall_ms_p50']:.1f} | {r['recall_ms_p95']:.1f} |")
    lines.append("\nBaselines' ms is their mean per query; graphmem's is `Memory.recall` alone.")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="dev,heldout")
    ap.add_argument("--langs", default="zh,en")
    ap.add_argument("--data", action="append", default=[], help="a directory in MADial-Bench's layout (repeatable)")
    ap.add_argument("--systems", default="graphmem,bm25,dense,hybrid")
    ap.add_argument("--out", default=str(ROOT / "results" / "dialogue_recall.md"))
    a = ap.parse_args(argv)
    if not TOOL.exists():
        print(f"dialogue_recall_bench: {TOOL} is absent (the shared protocol is not on this machine); nothing to do")
        return 0
    ev = load_tool()
    dirs = {f"{s}/{lang}": SETS / s / lang for s in a.sets.split(",") if s for lang in a.langs.split(",") if lang}
    dirs.update({Path(d).name: Path(d) for d in a.data})
    for label in [k for k, d in dirs.items() if not any(d.glob("*-dialogue.json"))]:
        print(f"dialogue_recall_bench: no *-dialogue.json in {dirs.pop(label)}; left out", file=sys.stderr)
    systems = [s for s in a.systems.split(",") if s]
    runs = measure_sets(ev, {label: ev.load_madial(str(d)) for label, d in dirs.items()}, systems, "dialogue")
    report = {"commit": _git(), "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
              "load": os.getloadavg()[0],
              "sets": {label: {system: groups["overall"] for system, groups in r.items()} for label, r in runs.items()}}
    md = render(report)
    print(md)
    Path(a.out).write_text(md, encoding="utf-8")
    Path(a.out).with_suffix(".json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
