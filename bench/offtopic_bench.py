"""Off-topic benchmark (issue 20): does ``context()`` inject nothing when nothing is relevant, and at what cost?

The eval users (``bench/eval/users``, ``bench/eval/dev``) are ingested through ``GraphmemSystem`` (a fresh tenant,
deleted at the end). Each user is asked (a) every question of ``bench/eval/offtopic/questions.yaml`` (no memory
answers them) and (b) its own probes (``expect``ed forms, the suite's judge). The LoCoMo dev split
(``../shared/bench-data``; left out, saying so, when absent) adds its questions with evidence turns.

For every question it keeps what recall ranks for the context (``RecallConfig.k``, scores and ``explain``
components, with the context gate off) and what a real ``context()`` injected as configured. A grid of
:class:`graphmem.recall.gate.ContextGate` rules is then applied to the recalled list (and packed into the
long-term share as ``Retriever.__call__`` does):

- off-topic: share of questions with nothing injected, mean memories injected;
- on-topic cost: share of probes whose injected context loses an expected form it had without a gate; LoCoMo:
  share of questions whose evidence turn leaves the injected top.

Only the dev half of the off-topic set is used for the grid; the held-out half is reported for the configured
rule and for no gate. Results: ``bench/results/offtopic.md`` and ``.json``.

    python -m bench.offtopic_bench [--no-locomo] [--rows /tmp/offtopic_rows.json] [--reuse]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import uuid
from dataclasses import asdict, replace
from datetime import timedelta
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import yaml  # noqa: E402

from graphmem.recall.gate import LINKS, ContextGate, gate, semantic  # noqa: E402
from graphmem.write.journal import remove as remove_journal  # noqa: E402

ROOT = Path(__file__).resolve().parent
QUESTIONS = ROOT / "eval" / "offtopic" / "questions.yaml"
OUT = ROOT / "results" / "offtopic.md"
#: earlier held-out looks, so a later one reads as what it is
HELDOUT_SEEN = ["9459504 (first run): min_best 0.03 — 63.0 % empty, mean 2.55; then the demo's question (d-en-01 of "
                "the dev half) still got 5 memories and a semantic condition was chosen on the dev half",
                "56b4c1e: min_best 0.03, min_semantic 0.1, sure 0.2 — 78.1 % empty, mean 1.53; then the MCP test's "
                "'What should I avoid eating?' lost its allergy (score 0.011, semantic 0.35) and 'close' was chosen on "
                "the dev half",
                "6bc54c1 (min_best 0.03, min_semantic 0.1, sure 0.2, close 0.3): 73.8 %, mean 1.83; then a stricter gate "
                "for a question not about the user was chosen on the dev half",
                "0518d76's tree (that gate, past requests still counted): 87.7 %, mean 0.89; then past requests for a "
                "text were set aside, chosen on the dev half",
                "2d91289 (and past requests not counted): 88.5 %, mean 0.83; then he/she/they and a definite 'the ...' "
                "were read as about the user, because the own held-out recall sets (heldout2-4) lost probes to the "
                "stricter gate; checked on the dev half",
                "5105e9f (that, very close 0.5): 87.1 %, mean 0.93; then, because the held-out recall sets lost one "
                "probe more (heldout6: 'Would signing up for UberEats be a good way to grow sales?', semantic 0.50), "
                "'very close' for a question not about the user went from 0.5 to 0.4 (dev half 91.5 -> 89.5 %)",
                "d0000fb (that): 85.1 %, mean 1.07; then a memory not tied to the question (no shared content term, no "
                "link) was held to a stricter gate, chosen on the dev half; eda127c (that, with an untied memory about "
                "the user also held to semantic 0.2 / 0.4): 86.6 %, printed by the run that collected rows of full "
                "texts; then, because the held-out own recall sets lost 7 probes to it (5 about the user: 'What vehicle "
                "do I drive?', '我媳妇叫什么名字？'), an untied memory about the user went back to the old gate",
                "d92abc5 (that: tied 0.02, untied the old gate about the user; not about the user untied 0.1 + "
                "semantic 0.5): 85.4 %, mean 1.03; then the demo's 'House prices in Boston ...' got 'Noodle House' by "
                "the tie (semantic 0.09), so the gate about the user went back to the old one, and the held-out own "
                "sets' lost '卧室地板选什么颜色比较好？' and '这周四家里有什么事？' set the untied gate for a question "
                "not about the user to 0.25 + semantic 0.25 (dev half 95.2 -> 93.7 %)",
                "1d2806b (that): a run wrote its held-out figure, not read; then heldout6's 'Would signing up for "
                "UberEats be a good way to grow sales?' (0.022, semantic 0.50), lost to it, set 'very close' 0.45 for "
                "an untied memory (dev half 93.7 -> 91.9 %)",
                "a49fc4f (that): 87.7 %, mean 0.89; then the ranking model was fitted on the order (2c45acb), its "
                "scores were lower, and the levels 0.03 about the user and 0.1 for a tied memory not about the user "
                "were chosen again, scaled, on the dev half (0.025 and 0.05); the run that chose them printed 89.1 %",
                "5624fd4 (that): 89.2 %, mean 0.86; then the ranking model got the answer_form feature, and the levels "
                "were chosen again on the dev half (0.02 about the user, 0.07 for a tied memory not about the user); "
                "the run that chose them printed 89.0 %"]
BEST = (0.02, 0.03, 0.05, 0.07, 0.1, 0.15, 0.2, 0.3)
EACH = (0.02, 0.03, 0.05, 0.07, 0.1)
SEMANTIC = (0.1, 0.2, 0.3)
SURE = (0.0, 0.1, 0.2, 0.3)
#: (min_best, min_semantic, sure, close) for a question not about the user
IMPERSONAL = ((0.03, 0.1, 0.2, 0.3), (0.03, 0.2, 0.2, 0.3), (0.03, 0.2, 0.0, 0.4), (0.03, 0.3, 0.0, 0.0),
              (0.05, 0.2, 0.0, 0.5), (0.1, 0.1, 0.0, 0.5), (0.1, 0.2, 0.0, 0.4), (0.1, 0.2, 0.0, 0.5),
              (0.1, 0.2, 0.3, 0.5), (0.1, 0.3, 0.0, 0.5), (0.15, 0.2, 0.0, 0.5), (0.2, 0.4, 0.0, 0.0),
              (0.1, 0.2, 0.0, 0.3), (0.1, 0.2, 0.0, 0.35), (0.1, 0.2, 0.0, 0.45),
              (1.0, 1.0, 0.0, 0.0))

GATE_FIELDS = ("min_best", "min_semantic", "sure", "close")
#: (about the user: tied, unlinked; not about the user: tied, unlinked), each (min_best, min_semantic, sure, close)
UNLINKED = tuple((a_t, a_u, (0.1, sm, 0.0, 0.0), (0.1, su, 0.0, cu))
                 for a_t in ((0.03, 0.1, 0.2, 0.3), (0.02, 0.0, 0.0, 0.0), (0.03, 0.0, 0.0, 0.0))
                 for a_u in ((0.03, 0.1, 0.2, 0.3), (0.03, 0.2, 0.2, 0.4))
                 for sm in (0.1, 0.2) for su, cu in ((0.2, 0.4), (0.3, 0.5), (0.5, 0.0), (0.5, 0.5), (0.5, 0.6)))


def grid() -> list[ContextGate]:
    rules = [ContextGate()]
    rules += [ContextGate(min_best=b) for b in BEST]
    rules += [ContextGate(min_each=e) for e in EACH]
    rules += [ContextGate(min_best=b, min_each=e) for b in BEST[:5] for e in EACH if e < b]
    rules += [ContextGate(min_best=b, min_semantic=m, sure=u) for b in BEST[:3] for m in SEMANTIC for u in SURE
              if not u or u > b]
    rules += [ContextGate(min_best=0.03, min_semantic=0.1, sure=0.2, close=c) for c in (0.3, 0.35, 0.4, 0.5)]
    # a stricter gate for a question not about the user (graphmem.recall.gate.about_user)
    rules += [ContextGate(min_best=0.03, min_semantic=0.1, sure=0.2, close=0.3, impersonal=ContextGate(
        min_best=b, min_semantic=m, sure=u, close=c, past_requests=p)) for b, m, u, c in IMPERSONAL for p in (True, False)]
    # a memory not tied to the question (no shared content term, no link) held to a stricter gate of its own
    for a_tied, a_un, i_tied, i_un in UNLINKED:
        rules.append(ContextGate(**dict(zip(GATE_FIELDS, a_tied)), unlinked=ContextGate(**dict(zip(GATE_FIELDS, a_un))),
                                 impersonal=ContextGate(**dict(zip(GATE_FIELDS, i_tied)), past_requests=False,
                                                        unlinked=ContextGate(**dict(zip(GATE_FIELDS, i_un))))))
    # the earlier gate about the user, a tie only for a question not about the user
    rules += [ContextGate(min_best=0.03, min_semantic=0.1, sure=0.2, close=0.3, impersonal=ContextGate(
        min_best=0.1, min_semantic=m, past_requests=False, unlinked=ContextGate(min_best=b, min_semantic=u)))
        for m in (0.1, 0.2) for b, u in ((0.1, 0.5), (0.2, 0.25), (0.25, 0.25), (0.3, 0.25), (0.3, 0.3))]
    rules += [ContextGate(min_best=0.03, min_semantic=0.1, sure=0.2, close=0.3, impersonal=ContextGate(
        min_best=0.1, min_semantic=0.1, past_requests=False, unlinked=ContextGate(min_best=0.25, min_semantic=0.25,
                                                                                  close=c))) for c in (0.45, 0.5)]
    # that rule's two score levels scaled, for a model whose scores are lower (the order-fitted one, stop 56)
    rules += [ContextGate(min_best=a, min_semantic=0.1, sure=0.2, close=0.3, impersonal=ContextGate(
        min_best=i, min_semantic=0.1, past_requests=False, unlinked=ContextGate(min_best=0.25, min_semantic=0.25,
                                                                                close=0.45)))
              for a in (0.015, 0.02, 0.025) for i in (0.04, 0.05, 0.07, 0.1)]
    return rules


def _found(found, tokens, mark) -> list[dict]:
    def comp(r):
        return (r.explanation or {}).get("components", {})

    return [{"score": r.score, "semantic": semantic(r), "lexical": comp(r).get("lexical", 0.0),
             "features": {k: round(v, 4) for k, v in comp(r).items() if not k.startswith("w_")},
             "paths": list(r.paths), "tokens": tokens(r.text), "hit": mark(r), "text": r.text,
             "source": r.source_text or ""} for r in found]


def collect_own(settings, store) -> list[dict]:
    """One row per (user, question): off-topic questions and the users' probes."""
    from bench.eval.data import load_users
    from bench.eval.judge import contains
    from bench.eval.system import GraphmemSystem

    questions = yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))["questions"]
    system = GraphmemSystem(settings, store)
    specs = [u for folder in ("users", "dev") for u in load_users(directory=ROOT / "eval" / folder)]
    t0 = time.perf_counter()
    for spec in specs:
        for t in spec.turns:
            system.add(spec.user, t)
    system.flush()
    print(f"  ingested {len(specs)} users in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    ret = system.memory.retriever
    counter = ret.counter
    tok = lambda text: counter("- " + text) + 1  # noqa: E731  as packing counts it
    rows = []
    for spec in specs:
        last = max(t.at for t in spec.turns) + timedelta(days=1)
        asks = [("offtopic", q["id"], q["split"], q["q"], last, ()) for q in questions]
        asks += [("probe", p.id, "own", p.q, p.now, p.expect) for p in spec.probes if p.expect]
        for i, (kind, qid, split, text, now, expect) in enumerate(asks):
            system.now = now
            found = ret.recall(spec.user, text, ret.config.k, explain=True, now=now)

            def mark(r, expect=expect):
                return [j for j, forms in enumerate(expect) if any(contains(r.text, f) for f in forms)]

            lt, _, _ = system.context(spec.user, f"offtopic-{i}", text, now)
            ctx_hit = sorted({j for t in lt for j, forms in enumerate(expect) if any(contains(t, f) for f in forms)})
            rows.append({"kind": kind, "id": qid, "split": split, "user": spec.user, "lang": spec.lang, "q": text,
                         "found": _found(found, tok, mark), "context": len(lt), "context_hit": ctx_hit,
                         "groups": len(expect)})
        print(f"  {spec.user}: {len(asks)} questions", file=sys.stderr)
    system.close()
    return rows


def collect_locomo(memory, tenant: str) -> list[dict]:
    from bench.locomo_bench import DATA, ingest, load_tool

    if not DATA.exists():
        print(f"offtopic_bench: {DATA} is absent; LoCoMo is left out")
        return []
    ev = load_tool()
    ret = memory.retriever
    tok = lambda text: ret.counter("- " + text) + 1  # noqa: E731
    rows = []
    for conv in ev.load_locomo(str(DATA)):
        user = "offtopic-" + conv.conv_id
        now = ingest(memory, user, conv)
        for qu in conv.questions:
            if not qu.evidence:
                continue
            found = ret.recall(user, qu.question, ret.config.k, explain=True, now=now, tenant=tenant)
            ev_turns = set(qu.evidence)
            rows.append({"kind": "locomo", "id": conv.conv_id, "split": "locomo", "user": user, "q": qu.question,
                         "found": _found(found, tok, lambda r: [0] if getattr(r, "turn_id", None) in ev_turns else [])})
        print(f"  {conv.conv_id}: {len(conv.questions)} questions", file=sys.stderr)
    return rows


def injected(row: dict, g: ContextGate, budget: int) -> list[dict]:
    kept, _ = gate(row["found"], g, question=row.get("q"), score=lambda f: f["score"], sem=lambda f: f["semantic"],
                   links=lambda f: any(f.get("features", {}).get(k, 0.0) > 0 for k in LINKS),
                   graph=lambda f: f.get("features", {}).get("graph", 0.0),
                   source=lambda f: f.get("source", ""), text=lambda f: f.get("text", ""))
    out, left = [], budget
    for f in kept:   # Retriever.__call__ packs into the long-term share
        if f["tokens"] <= left:
            out.append(f)
            left -= f["tokens"]
    return out


def covered(fs: list[dict]) -> set[int]:
    return {j for f in fs for j in f["hit"]}


def evaluate(rows: list[dict], g: ContextGate, budget: int, splits=("dev",)) -> dict:
    base = ContextGate()
    out = {"rule": asdict(g)}
    for split in splits:
        off = [injected(r, g, budget) for r in rows if r["kind"] == "offtopic" and r["split"] == split]
        if off:
            out[f"off_{split}_empty"] = 100 * sum(not x for x in off) / len(off)
            out[f"off_{split}_mean"] = statistics.fmean(len(x) for x in off)
    for kind in ("probe", "locomo"):
        rs = [r for r in rows if r["kind"] == kind]
        if not rs:
            continue
        lost = sum(bool(covered(injected(r, base, budget)) - covered(injected(r, g, budget))) for r in rs)
        out[f"{kind}_lost"] = 100 * lost / len(rs)
        out[f"{kind}_had"] = 100 * sum(bool(covered(injected(r, base, budget))) for r in rs) / len(rs)
        out[f"{kind}_empty"] = 100 * sum(not injected(r, g, budget) for r in rs) / len(rs)
        out[f"{kind}_n"] = len(rs)
    return out


def causes(rows: list[dict], g: ContextGate, budget: int, split: str = "dev") -> dict[str, int]:
    """Why the off-topic questions of ``split`` that still get memories under ``g`` do: the question's own words
    (the packs' ``self_reference``, a pointer back), a recalled memory linked to it (by which feature), or neither (a memory
    relevant enough for a question not about the user)."""
    from graphmem.lang import languages, pack
    from graphmem.recall.query import back_reference

    out: dict[str, int] = {}
    for r in rows:
        if r["kind"] != "offtopic" or r["split"] != split or not injected(r, g, budget):
            continue
        q = r["q"]
        links = sorted({k for f in r["found"] for k in LINKS if f.get("features", {}).get(k, 0.0) > 0})
        why = ("a word of the user's in the question (I/my, she, 'the ...')" if any(pack(c).regex("self_reference").search(q) for c in languages())
               else "a pointer word in the question" if back_reference(q)[0]
               else "a memory linked by " + "+".join(links) if links
               else "a memory close enough for a question not about the user")
        out[why] = out.get(why, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def _name(g: ContextGate) -> str:
    parts = [f"{k} {v}" for k, v in asdict(g).items() if v and k not in ("impersonal", "past_requests", "unlinked")]
    if not g.past_requests:
        parts.append("past requests not counted")
    if g.unlinked is not None:
        parts.append(f"untied [{_name(g.unlinked)}]")
    if g.impersonal is not None:
        parts.append(f"not about the user: {_name(g.impersonal)}")
    return ", ".join(parts) or "no gate"


def render(report: dict) -> str:
    cfg = report["configured"]
    lines = [
        "# Off-topic benchmark: nothing relevant, nothing injected (issue 20)",
        "",
        f"`python -m bench.offtopic_bench` on {report['git']}; {report['users']} users "
        f"(bench/eval/users + bench/eval/dev), {report['questions']} off-topic questions "
        "(bench/eval/offtopic: 32 dev, 32 held-out), "
        f"{report['probes']} probes, LoCoMo dev: {report['locomo'] or 'absent'}.",
        "",
        "Rules are applied to what recall ranks for the context (k and the long-term share as `context()` uses "
        "them). *off empty*: off-topic questions (× users) with nothing injected; *mean*: memories injected; "
        "*probes lost*: probes whose injected context loses an expected form it had without a gate; "
        "*LoCoMo lost*: questions whose evidence turn leaves the injected top.",
        "",
        "## Held-out half (reported, not used to choose)",
        "",
        "| rule | off empty % | mean injected |",
        "|---|---|---|",
    ]
    for r in report["heldout"]:
        lines.append(f"| {r['name']} | {r['off_heldout_empty']:.1f} | {r['off_heldout_mean']:.2f} |")
    lines += ["", "Earlier held-out looks: " + "; ".join(HELDOUT_SEEN)
              + f". The figure above is look {len(HELDOUT_SEEN) + 1}: read it as less than fresh."]
    if report.get("causes"):
        lines += ["", "Why the dev questions (× users) that still get memories under the configured rule do: "
                  + ", ".join(f"{k} {v}" for k, v in report["causes"].items()) + "."]
    lines += ["", "By kind, configured rule (dev + held-out; % of questions × users with nothing injected): "
              + ", ".join(f"{k} {v:.0f}" for k, v in report["by_kind"].items()) + "."]
    lines += ["", f"Configured in `RecallConfig.context_gate`: **{cfg['name']}**. A real `context()` as configured: "
              f"off-topic dev empty {cfg['context_off_dev_empty']:.1f}%, held-out {cfg['context_off_heldout_empty']:.1f}%; "
              f"probes with every expected form injected {cfg['context_probe_all']:.1f}% "
              f"(mean memories injected on probes {cfg['context_probe_mean']:.2f}).",
              "", "## Dev half: the grid (used to choose)", "",
              "| rule | off empty % | mean injected | probes lost % | probes empty % | LoCoMo lost % | LoCoMo empty % |",
              "|---|---|---|---|---|---|---|"]
    for r in report["grid"]:
        loc = (f"{r['locomo_lost']:.1f} | {r['locomo_empty']:.1f}" if "locomo_lost" in r else "— | —")
        lines.append(f"| {r['name']} | {r['off_dev_empty']:.1f} | {r['off_dev_mean']:.2f} | {r['probe_lost']:.1f} | "
                     f"{r['probe_empty']:.1f} | {loc} |")
    base = report["grid"][0]
    lines += ["", f"Without a gate {base['probe_had']:.1f}% of probes and "
              f"{base.get('locomo_had', float('nan')):.1f}% of LoCoMo questions have an expected form / evidence turn "
              "in the injected block.", ""]
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-locomo", action="store_true")
    ap.add_argument("--rows", type=Path, help="keep the collected rows here (JSON)")
    ap.add_argument("--reuse", action="store_true", help="evaluate the rows in --rows again, collect nothing")
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args(argv)
    from bench.locomo_bench import _git
    from graphmem.recall.retriever import RecallConfig

    cfg = RecallConfig()
    budget = min(cfg.token_budget, int(2000 * 0.4))   # the session's defaults: budget 2000, long_term_share 0.4
    if a.reuse:
        rows = json.loads(a.rows.read_text(encoding="utf-8"))
    else:
        from graphmem import Memory, Settings
        from graphmem.store import Store
        from graphmem.write import delete_tenant

        settings = Settings.from_env().with_(tenant="offtopic-" + uuid.uuid4().hex[:8])
        store = Store(settings)
        journal = settings.home / f"offtopic-{settings.tenant}.sqlite3"
        memory = Memory(settings, store=store, journal_path=journal,
                        recall=replace(cfg, context_gate=ContextGate()) if hasattr(cfg, "context_gate") else cfg)
        try:
            rows = collect_own(settings, store)
            if not a.no_locomo:
                rows += collect_locomo(memory, settings.tenant)
        finally:
            memory.close()
            delete_tenant(store, settings.tenant)
            remove_journal(journal)
        if a.rows:
            a.rows.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    grid_rows = []
    for g in grid():
        r = evaluate(rows, g, budget)
        r["name"] = _name(g)
        grid_rows.append(r)
        print(f"{r['name']:<32} off-dev empty {r['off_dev_empty']:5.1f}% mean {r['off_dev_mean']:.2f}  "
              f"probes lost {r['probe_lost']:4.1f}% empty {r['probe_empty']:4.1f}%  "
              f"LoCoMo lost {r.get('locomo_lost', float('nan')):4.1f}% empty {r.get('locomo_empty', float('nan')):4.1f}%")
    chosen = getattr(cfg, "context_gate", ContextGate())
    held = []
    for g in dict.fromkeys([ContextGate(), chosen]):
        r = evaluate(rows, g, budget, splits=("heldout",))
        r["name"] = _name(g)
        held.append(r)
        print(f"held-out {r['name']:<32} empty {r['off_heldout_empty']:5.1f}% mean {r['off_heldout_mean']:.2f}")
    own = [r for r in rows if r["kind"] != "locomo"]
    kinds = {q["id"]: f"{q['kind']} {q['lang']}" for q in yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))["questions"]}
    by_kind: dict[str, list[bool]] = {}
    for r in own:
        if r["kind"] == "offtopic":
            by_kind.setdefault(kinds[r["id"]], []).append(not injected(r, chosen, budget))
    by_kind = {k: 100 * sum(v) / len(v) for k, v in sorted(by_kind.items())}
    probes = [r for r in own if r["kind"] == "probe"]

    def ctx_empty(split):
        xs = [r for r in own if r["kind"] == "offtopic" and r["split"] == split]
        return 100 * sum(r["context"] == 0 for r in xs) / len(xs)

    configured = {"name": _name(chosen), "context_off_dev_empty": ctx_empty("dev"),
                  "context_off_heldout_empty": ctx_empty("heldout"),
                  "context_probe_all": 100 * sum(len(r["context_hit"]) == r["groups"] for r in probes) / len(probes),
                  "context_probe_mean": statistics.fmean(r["context"] for r in probes)}
    print(f"context() as configured ({configured['name']}): off-topic dev empty {configured['context_off_dev_empty']:.1f}%, "
          f"held-out {configured['context_off_heldout_empty']:.1f}%; probes all forms injected "
          f"{configured['context_probe_all']:.1f}%")
    git = _git()
    if a.reuse:
        git += " (re-rendered from rows collected earlier)"
    report = {"git": git, "users": len({r["user"] for r in own}), "questions": len({r["id"] for r in own if r["kind"] == "offtopic"}),
              "probes": len(probes), "locomo": sum(r["kind"] == "locomo" for r in rows), "grid": grid_rows,
              "heldout": held, "configured": configured, "by_kind": by_kind,
              "causes": causes(rows, chosen, budget) if all("q" in r for r in own) else {}}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(render(report), encoding="utf-8")
    a.out.with_suffix(".json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
