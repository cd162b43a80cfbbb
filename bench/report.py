"""Regenerate ``bench/REPORT.md`` and its plots (``bench/results/*.png``) from the results files.

    python -m bench.report --run     # THE one command: eval suite, held-out sets, perf bench, then the report
    python -m bench.report           # only re-render from bench/results/eval.json and perf.json

Reads (never writes) the other areas' results: ``bench/results/locomo.json`` and ``capacity_100k.json`` (recall
latency on real text), ``write.md``, ``linking.md``, ``short_term.md``, and links them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from statistics import mean

ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

from bench.eval.data import CATEGORIES, LANGS  # noqa: E402
from bench.eval.metrics import fmt, history, stored, systems, table  # noqa: E402

RESULTS = ROOT / "results"
REPORT = ROOT / "REPORT.md"
CAT_NAMES = {"fact": "single fact", "preference": "preference", "change": "changed value (latest wins)",
             "coref": "demonstrative / coreference", "temporal": "temporal", "multihop": "multi-hop relational",
             "smalltalk": "small talk (must not surface)", "isolation": "isolation (other users)"}
SYS_NAMES = {"graphmem": "graphmem recall@k", "graphmem-context": "graphmem context()",
             "graphmem-nofloor": "graphmem recall@k, no min_score (ablation)", "full": "full history",
             "bm25": "BM25 turns", "dense": "dense turns"}
COLORS = {"graphmem": "#1f77b4", "graphmem-context": "#6baed6", "graphmem-nofloor": "#9467bd", "full": "#7f7f7f",
          "last10": "#d62728", "bm25": "#ff7f0e", "dense": "#2ca02c"}


def sname(s: str) -> str:
    return SYS_NAMES.get(s, f"last-{s[4:]} window" if s.startswith("last") else s)


def _pair(point: dict, name: str) -> str:
    """``p50 / p95`` of ``name`` in a capacity point ("—" where that run did not measure it)."""
    p50, p95 = point.get(f"{name}_p50_ms"), point.get(f"{name}_p95_ms")
    return "—" if p95 is None else f"{p50:.1f} / {p95:.1f}"


# -- other areas' results ---------------------------------------------------------------------------------
def real_latency_lines() -> list[str]:
    """Recall latency on real conversation text, as the external benchmark (``locomo.json``: its users of 369-663
    turns and one of 1,082) and the capacity bench at 100k memories (``capacity_100k.json``) measured it."""
    rows = []
    loc = RESULTS / "locomo.json"
    if loc.exists():
        d = json.loads(loc.read_text(encoding="utf-8"))
        g, lu = d["runs"].get("graphmem", {}), d.get("long_user") or {}
        where = f"[`locomo_bench`](results/locomo.md), `{d['commit']}`, load {d['load']:.1f}"
        if g:
            rows.append([f"{d['stats']['conversations']} users, one LoCoMo conversation each "
                         f"({d['stats']['turns']:,} turns)", f"{g['recall_ms_p50']:.1f} / {g['recall_ms_p95']:.1f}",
                         f"{g['context_ms_p50']:.1f} / {g['context_ms_p95']:.1f}", where])
        if lu:
            rows.append([f"one user holding {lu['turns']:,} turns", f"{lu['recall_ms_p50']:.1f} / {lu['recall_ms_p95']:.1f}",
                         f"{lu['context_ms_p50']:.1f} / {lu['context_ms_p95']:.1f}", where])
    cap = RESULTS / "capacity_100k.json"
    if cap.exists():
        c = json.loads(cap.read_text(encoding="utf-8"))
        where = f"[`capacity_bench`](results/capacity_100k.md), `{c.get('commit', '?')}`"
        for p in c["points"]:
            size = f"{p['memories']:,} memories over {c['users']} users"
            for when, sfx in (("right after a restart", ""), ("the same users again", "_warm")):
                if p.get(f"recall{sfx}_p95_ms") is not None:
                    rows.append([f"{size}, {when}", _pair(p, f"recall{sfx}"), _pair(p, f"context{sfx}"),
                                 f"{where}, load {p['load']:.1f}"])
    if not rows:
        return ["No real-text latency results yet (`python -m bench.locomo_bench`, `python -m bench.capacity_bench "
                "--memories 100000 --users 100 --steps 100000 --report bench/results/capacity_100k.md`)."]
    return ([_row(["store (real conversation text)", "recall p50 / p95 ms", "context() p50 / p95 ms", "source"]),
             _row(["---"] * 4)] + [_row(r) for r in rows]
            + ["", "Target: p95 ≤ 30 ms on a user with 700 real turns and at 100k memories over 100 users."])


# -- plots ------------------------------------------------------------------------------------------------
def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_recall(res: dict, path: Path) -> None:
    plt = _plt()
    t = table(res)
    syss = systems(res)
    cats = [c for c in CATEGORIES if c != "smalltalk"]
    fig, ax = plt.subplots(figsize=(11, 5))
    w = 0.8 / max(1, len(syss))
    for i, s in enumerate(syss):
        vals = [(t.get((s, c)) or {}).get("recall") or 0 for c in cats]
        ax.bar([x + i * w for x in range(len(cats))], [v * 100 for v in vals], w, label=sname(s),
               color=COLORS.get(s))
    ax.set_xticks([x + w * (len(syss) - 1) / 2 for x in range(len(cats))])
    ax.set_xticklabels([CAT_NAMES[c].split(" (")[0] for c in cats], rotation=15, fontsize=8)
    ax.set_ylabel(f"recall@{res['meta']['k']} of expected memories, %")
    ax.set_ylim(0, 105)
    ax.legend(fontsize=7, ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.2), frameon=False)
    ax.set_title("Recall by category: graphmem vs baselines (same data, same judge)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_tokens(res: dict, path: Path) -> None:
    plt = _plt()
    by = defaultdict(lambda: defaultdict(list))
    for r in res["curve"]:
        by[r["system"]][(r["turns"] // 5) * 5].append(r["tokens"])
    fig, ax = plt.subplots(figsize=(7, 4))
    for s in [x for x in ("full", "last10", "bm25", "dense", "graphmem") if x in by] + \
            sorted(set(by) - {"full", "last10", "bm25", "dense", "graphmem"}):
        xs = sorted(by[s])
        ax.plot(xs, [mean(by[s][x]) for x in xs], marker="o", ms=3, label=sname(s) if s != "graphmem"
                else "graphmem (long-term block of context())", color=COLORS.get(s))
    ax.set_xlabel("turns already in the conversation history (all users, binned by 5)")
    ax.set_ylabel("tokens injected (mean)")
    ax.set_title("Tokens injected vs conversation length")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# -- the markdown -----------------------------------------------------------------------------------------
def _row(cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _metric_table(res, metric, by_lang: str | None, cats=CATEGORIES, pct=True) -> list[str]:
    syss = systems(res)
    rows = [r for r in res["probes"] if by_lang is None or r["lang"] == by_lang]
    sub = dict(res, probes=rows)
    t = table(sub)
    out = [_row(["category", "n"] + [sname(s) for s in syss]), _row(["---"] * (len(syss) + 2))]
    for c in list(cats) + ["all"]:
        n = (t.get((syss[0], c)) or {}).get("n", 0)
        if not n:
            continue
        cells = []
        for s in syss:
            v = (t.get((s, c)) or {}).get(metric)
            cells.append(fmt(v, pct=pct))
        out.append(_row([CAT_NAMES.get(c, "**all**"), n] + cells))
    return out


HELDOUT = (("eval_heldout_untuned.json", "`heldout`, first run (untuned)"),
           ("eval_heldout.json", "`heldout`, now (changes since were guided by its failures: no longer held out)"),
           ("eval_heldout2_first.json", "`heldout2`, first run (written after the changes above, never tuned on)"),
           ("eval_heldout2.json", "`heldout2`, now"),
           ("eval_heldout3_first.json", "`heldout3`, first run (written after all of the above, never tuned on)"),
           ("eval_heldout3.json", "`heldout3`, now (its small-talk and failure lists guided some general changes)"),
           ("eval_heldout4_first.json", "`heldout4`, first run (written after all of the above, never tuned on)"),
           ("eval_heldout4.json", "`heldout4`, now (its failure lists guided a few general changes after its first run)"),
           ("eval_heldout5_first.json", "`heldout5`, first run (written after all of the above, never tuned on)"),
           ("eval_heldout5.json", "`heldout5`, now (its failures guided four general changes after its first run)"),
           ("eval_heldout6.json", "`heldout6`, now (first run, on 746d7f7 for the recall issue: 84 %, latest 12/20; "
            "its latest-value misses guided the *later* path)"),
           ("eval_heldout7_first.json", "`heldout7`, first run (written before the fitted ranking, never tuned on)"),
           ("eval_heldout7.json", "`heldout7`, now"),
           ("eval_heldout8_first.json", "`heldout8`, first run (8 users, 95 probes, written at stop 50, never tuned on)"),
           ("eval_heldout8.json", "`heldout8`, now"),
           ("eval_dev.json", "`dev` (8 users, 88 probes, written to tune on; first run: 81 %, latest 9/16)"),
           ("eval_dev2_first.json", "`dev2`, first run (8 users, 121 probes, 64 of them changes; written at stop 51 to "
                                    "tune on)"),
           ("eval_dev2.json", "`dev2`, now"),
           ("eval_heldout3_use_st.json", "`heldout3`, now, with `GRAPHMEM_EMBEDDER=use+st` (opt-in)"),
           ("eval_dev_use_st.json", "`dev`, with `GRAPHMEM_EMBEDDER=use+st` (opt-in)"),
           ("eval_heldout5_use_st.json", "`heldout5`, now, with `GRAPHMEM_EMBEDDER=use+st` (opt-in; never tuned on)"))


def heldout_section() -> list[str]:
    """graphmem on the held-out sets (``bench/eval/heldout*``: users written by someone who saw only the schema)."""
    runs = [(label, json.loads((RESULTS / f).read_text(encoding="utf-8"))) for f, label in HELDOUT
            if (RESULTS / f).exists()]
    if not runs:
        return []
    L = ["## Held-out sets", "",
         "Users written by a helper that saw only the YAML schema, the judge and two example users — never the "
         "system, its rules or the suite's other users (`bench/eval/heldout/` … `heldout5/`; 10 users, "
         "100 probes each). `heldout` was run once untuned, then its failures guided general changes (the data was "
         "not edited). `heldout2` … `heldout5` were each written after the next round; each first "
         "run is the honest figure for unseen users at that point. Later changes were guided by their failure lists "
         "too, so the current rows are no longer held out. `bench/eval/dev/` and `dev2/` were written the same way "
         "but to be tuned on.", "",
         _row(["set", "recall@5", "context() recall", "hit", "latest value", "small talk stored",
               "informative stored", "leak", "by category", "by language"]), _row(["---"] * 10)]
    for label, r in runs:
        t = table(r, ("system",))
        g, c = t.get(("graphmem",)) or {}, t.get(("graphmem-context",)) or {}
        st = stored(r)["all"]
        cats, langs = table(r, ("system", "cat")), table(r, ("system", "lang"))
        by_cat = ", ".join(f"{k} {fmt(cats[('graphmem', k)]['recall'])}" for k in CATEGORIES
                           if ("graphmem", k) in cats and cats[("graphmem", k)]["recall"] is not None)
        by_lang = ", ".join(f"{k} {fmt(langs[('graphmem', k)]['recall'])}" for k in LANGS if ("graphmem", k) in langs)
        lat = [x["latest"] for x in r["probes"] if x["system"] == "graphmem" and x["latest"] is not None]
        L.append(_row([label, fmt(g.get("recall")), fmt(c.get("recall")), fmt(g.get("hit")),
                       f"{sum(lat)}/{len(lat)}", f"{st['junk_stored']}/{st['junk']}", f"{st['info_stored']}/{st['info']}",
                       fmt(g.get("leak"), digits=1), by_cat, by_lang]))
    return L + [""]


def external_section() -> list[str]:
    """The external benchmark (real long conversations; ``bench/locomo_bench.py``), as its results file says."""
    path = RESULTS / "locomo.md"
    if not path.exists():
        return []
    body = path.read_text(encoding="utf-8").split("\n", 1)[1]
    return ["## External benchmark: LoCoMo dev split", "",
            "Real long conversations (`../shared/bench-data`, never in the repository), measured with the shared "
            "protocol, graphmem beside BM25, dense MiniLM and their reciprocal-rank fusion over the raw turns in one "
            "run ([results/locomo.md](results/locomo.md)). The ranking model was fitted on this split (with "
            "leave-one-conversation-out figures in `graphmem/data/ranking_model.json`); the other seven LoCoMo "
            "conversations are held out and measured at release.", body.strip(), ""]


def render(res: dict, perf: dict | None) -> str:
    meta = res["meta"]
    d = meta["data"]
    syss = systems(res)
    t_all = table(res, ("system",))
    st = stored(res)
    L = ["# graphmem benchmark report", "",
         f"Generated by `python -m bench.report --run` (re-render only: `python -m bench.report`) from one run at "
         f"{meta['when']} on commit `{meta['git']}`; 2 shared cores, Neo4j 5.26 on the same box. "
         f"Embedder `{meta['embedder']}`, token counter `{meta['counter']}`, k = {meta['k']}, "
         f"context() budget {meta['budget']} tokens, last-N window N = {meta['last_n']}. "
         f"graphmem mode: `{meta['graphmem_mode']}`. Suite run time {meta['total_s']:.0f} s.", ""]
    for n in meta.get("notes") or []:
        L.append(f"> note: {n}")
    L += ["## The suite", "",
          "Hand-written test users (`bench/eval/users/*.yaml`, one file per user), each with ≥ 5 sessions on different "
          "days; every turn is stamped with its session's day and every probe has a fixed \"now\", so \"last week\" "
          "is meaningful. All users share ONE tenant during the run (their similar facts sit side by side), "
          "which is deleted afterwards. Probes are asked after all sessions, from a fresh session that does not "
          "record the question. Besides the sessions the probes are about, every user has two *background* "
          "sessions of everyday requests (an email, a recipe, a SQL question) that no probe asks about, so the "
          f"history is noisier. Even so a user's history is only ~{sum(b['turns'] for b in d['by_lang'].values()) / max(1, d['users']):.0f} "
          "turns (both roles): retrieval over raw turns with k = 5 sees about a quarter of it, which flatters the "
          "turn baselines compared with months of real use; the tokens-vs-turn plot shows where that goes.", "",
          _row(["language", "users", "sessions", "turns", "small-talk turns", "probes"]), _row(["---"] * 6)]
    for lang in LANGS:
        b = d["by_lang"].get(lang)
        if b:
            L.append(_row([lang, b["users"], b["sessions"], b["turns"], b["junk_turns"], b["probes"]]))
    L += ["", _row(["probes per category"] + list(LANGS)), _row(["---"] * (len(LANGS) + 1))]
    for c in CATEGORIES:
        L.append(_row([CAT_NAMES[c]] + [d["probes"].get(c, {}).get(lang, 0) for lang in LANGS]))
    L += ["", "**Judge** (`bench/eval/judge.py`, the same for every system): each probe lists expected memories as "
          "groups of surface forms (e.g. `[\"1800\", \"1,800\"]`, `[\"七千\", \"7000\"]`); recall@k is the share of "
          "groups with a form in the system's top-k texts (graphmem: the recalled statements; baselines: the "
          "retrieved turns). A probe is a *hit* when every group is found and nothing forbidden is. Latest-value "
          "accuracy (change probes): the latest value is in the top-k and the highest-ranked text mentioning the "
          "latest or an old value mentions the latest. Forbidden: small-talk content or another user's fact in the "
          "top-k; *leak*: any other user's private marker (names, products) in the top-k of ANY probe. Full history "
          "and last-N are judged newest first. `graphmem context()` is the long-term block that `context()` "
          "actually injects (packed into its token share), `graphmem recall@k` the top-k of `Memory.recall`. "
          "`no min_score (ablation)` is a diagnostic, not a system setting: the same graph and ranking with the "
          "retriever's minimum-score cut-off set to 0, to separate \"ranked too low\" from \"cut off\".", "",
          "**Caveat — the suite is not held out.** It is in the repository, and the other areas improved between "
          "runs partly on its failure list (graphmem recall@5 went from 66 % to 89 % within about an hour of "
          "commits on 29 Nov). The numbers below are therefore an upper bound for unseen conversations; a second, "
          "held-out set is the honest measure: see the Held-out sets section below. The data itself "
          "was never edited to fit the system (three temporal probes whose \"now\" pointed at the wrong week "
          "were corrected — see git log).", "",
          "## Headline", "",
          _row(["system", "recall@k", "hit rate", "latest-value acc.", "forbidden in top-k", "leak rate",
                "tokens injected (mean)"]), _row(["---"] * 7)]
    for s in syss:
        a = t_all.get((s,))
        if a:
            L.append(_row([sname(s), fmt(a["recall"]), fmt(a["hit"]), fmt(a["latest"]), fmt(a["forbidden"]),
                           fmt(a["leak"], digits=1), fmt(a["tokens"], pct=False)]))
    L += ["", f"- **Junk stored** (small-talk user turns that became an Event in the graph): graphmem "
          f"{st['all']['junk_stored']}/{st['all']['junk']} = **{fmt(st['all']['junk_rate'])}** "
          f"(en {fmt(st['en']['junk_rate'])}, zh {fmt(st['zh']['junk_rate'])}, mixed {fmt(st['mixed']['junk_rate'])}); "
          "every baseline keeps every turn (100 %).",
          f"- **Informative turns stored** (non-small-talk user turns of the probed sessions): "
          f"{st['all']['info_stored']}/{st['all']['info']} = {fmt(st['all']['info_rate'])} (en {fmt(st['en']['info_rate'])}, "
          f"zh {fmt(st['zh']['info_rate'])}, mixed {fmt(st['mixed']['info_rate'])}); background-session requests stored: "
          f"{st['all']['background_stored']}/{st['all']['background']} (either way is defensible).",
          f"- **LLM calls**: {meta['llm_calls']} (graphmem's writer and judge counters; baselines call none).",
          (f"- Write path counters (all turns, both roles that were written): "
           f"{', '.join(f'{k} {v}' for k, v in (meta.get('writer_stats') or {}).items() if k in ('submitted', 'written', 'facts_created', 'facts_superseded', 'entities_created', 'relations'))}; "
           f"rejected by reason: {(meta.get('writer_stats') or {}).get('rejected', {})}." if meta.get("writer_stats") else ""),
          ""]
    gm_ms = [r["ms"] for r in res["probes"] if r["system"] == "graphmem" and r.get("ms") is not None]
    cx_ms = [r["ms"] for r in res["probes"] if r["system"] == "graphmem-context" and r.get("ms") is not None]
    if gm_ms:
        gm_ms.sort()
        cx_ms.sort()
        L += [f"Probe latency in this run (small per-user graphs, shared box): `recall` median "
              f"{gm_ms[len(gm_ms) // 2]:.0f} ms, `context()` median {cx_ms[len(cx_ms) // 2]:.0f} ms.", ""]
    L += heldout_section()
    L += external_section()
    L += [
          "![recall by category](results/recall_by_category.png)", "",
          "## Recall@k by category and language", ""]
    for lang in (None,) + LANGS:
        L += [f"**{'all languages' if lang is None else lang}**", ""] + _metric_table(res, "recall", lang) + [""]
    ks = sorted({kk for r in res["probes"] for kk in (r.get("recall_at") or {})}, key=int)
    if ks:
        L += ["## Recall at other k (all probes with expected memories)", "",
              _row(["system"] + [f"@{kk}" for kk in ks[:2]] + [f"@{meta['k']}"] + [f"@{kk}" for kk in ks[2:]]),
              _row(["---"] * (len(ks) + 2))]
        for s_ in syss:
            rs = [r for r in res["probes"] if r["system"] == s_ and r.get("recall_at")]
            if not rs:
                continue
            vals = {kk: mean(r["recall_at"][kk] for r in rs if r["recall_at"].get(kk) is not None) for kk in ks}
            main_ = mean(r["recall"] for r in rs if r["recall"] is not None)
            L.append(_row([sname(s_)] + [fmt(vals[kk]) for kk in ks[:2]] + [fmt(main_)] + [fmt(vals[kk]) for kk in ks[2:]]))
        L += ["", "Full history and the last-N window return their whole window whatever k is (not listed).", ""]
    L += ["## Hit rate (all groups found, nothing forbidden) by category", ""] + _metric_table(res, "hit", None) + [""]
    L += ["## Latest-value accuracy (change probes) by language", "",
          _row(["language", "n"] + [sname(s) for s in syss]), _row(["---"] * (len(syss) + 2))]
    t_lang = table(res, ("system", "lang"))
    for lang in LANGS + ("all",):
        rows = [r for r in res["probes"] if r["cat"] == "change" and (lang == "all" or r["lang"] == lang)
                and r["system"] == syss[0]]
        cells = []
        for s in syss:
            v = [r["latest"] for r in res["probes"] if r["cat"] == "change" and r["system"] == s
                 and (lang == "all" or r["lang"] == lang) and r["latest"] is not None]
            cells.append(fmt(mean(1.0 if x else 0.0 for x in v)) if v else "—")
        L.append(_row([lang, len(rows)] + cells))
    h = history(res)
    if h["all"]["n"]:
        L += ["", f"Old value still in history (graphmem, `Memory.as_of` at the end of the day the old value was "
              f"said): {fmt(h['all']['kept'])} of {h['all']['n']} change probes (en {fmt(h['en']['kept'])}, zh "
              f"{fmt(h['zh']['kept'])}, mixed {fmt(h['mixed']['kept'])}); that old version marked `outdated`: "
              f"{fmt(h['all']['outdated'])}. Baselines keep every turn, so their history trivially holds it."]
    L += ["", "## Forbidden content and isolation", "", _row(["system", "small-talk probes: forbidden surfaced",
          "isolation probes: other user's fact surfaced", "any probe: other user's marker leaked"]), _row(["---"] * 4)]
    t_cat = table(res)
    for s in syss:
        L.append(_row([sname(s), fmt((t_cat.get((s, "smalltalk")) or {}).get("forbidden")),
                       fmt((t_cat.get((s, "isolation")) or {}).get("forbidden")),
                       fmt((t_all.get((s,)) or {}).get("leak"), digits=1)]))
    L += ["", "## Tokens injected", "", _row(["system", "mean tokens per probe", "by language (en / zh / mixed)"]),
          _row(["---"] * 3)]
    for s in syss:
        per = [fmt((t_lang.get((s, lang)) or {}).get("tokens"), pct=False) for lang in LANGS]
        L.append(_row([sname(s), fmt((t_all.get((s,)) or {}).get("tokens"), pct=False), " / ".join(per)]))
    L += ["", "By category (mean tokens per probe):", ""] + _metric_table(res, "tokens", None, pct=False)
    gm_prompt = [r.get("prompt_tokens") for r in res["probes"] if r["system"] == "graphmem-context" and r.get("prompt_tokens")]
    if gm_prompt:
        L.append(f"\nWhole prompt assembled by graphmem `context()` for a probe (fresh session: input + long-term "
                 f"block + headers): mean {mean(gm_prompt):.0f} tokens.")
    L += ["", "![tokens vs turn](results/tokens_vs_turn.png)", "",
          "Tokens vs turn: before each later session of every user, the first real message of that session is "
          "used as the query; the full-history line is the whole history so far, the others what each system "
          "would inject.", ""]
    # -- performance
    L += ["## Performance", ""] + real_latency_lines()
    if perf:
        ing = perf["ingest"]
        L += ["", f"- **Ingest throughput** of the hand-written suite (replayed through `Memory` sessions ×{perf['copies']}, "
              f"{ing['runs'][0]['turns']} turns per run, until `flush()` returns): **{ing['turns_per_s']:.1f} turns/s** "
              f"(median of {perf['repeats']}); caller time per message p50 {ing['caller_p50_ms']:.1f} ms, "
              f"p95 {ing['caller_p95_ms']:.1f} ms. On real long conversations: [`results/write.md`](results/write.md).",
              f"- **Process RSS** with the models loaded (USE embedder, spaCy en, jieba): "
              f"{perf['rss_models']['rss_mb']:.0f} MB; peak after ingest {perf['rss_ingest']['peak_mb']:.0f} MB "
              f"(target ≤ 1024 MB: {'met' if perf['rss_ingest']['peak_mb'] <= 1024 else '**not met**'}). "
              f"torch in the process: {'yes' if perf.get('torch_loaded') else 'no'} (spaCy's thinc would import it "
              "whenever the `[st]` extra installed it, ~0.5 GB the default USE embedder never uses; graphmem keeps it out).",
              "- Details: [`results/perf.md`](results/perf.md)."]
    L += ["", "[`results/recall.md`](results/recall.md) times each recall path switched off in turn on a synthetic "
          "store (template sentences over a small bilingual world): it says what each path costs, not how fast "
          "recall is on real text, so its figures are not quoted here.", ""]
    # -- failures
    fails = [r for r in res["probes"] if r["system"] == "graphmem" and not r["hit"] and r["recall"] is not None
             and r["recall"] < 1]
    wm = [r for r in fails if r.get("sources_stored") is not None and r["sources_stored"] < 1]
    if fails:
        L += ["## Where graphmem loses recall", "",
              f"Of {len(fails)} graphmem probes with a missing expected memory, {len(wm)} have a source turn that "
              "the write path never stored (the gate rejected it or it was treated as a duplicate) — recall cannot "
              f"find what was not written; the other {len(fails) - len(wm)} are ranking, cut-off, extraction or "
              "rewrite misses (the `no min_score` ablation shows how many the cut-off alone costs).", ""]
    L += ["## graphmem failures (every missed probe of `graphmem recall@k`)", "",
          "Listed so nobody tunes them away: the data is not edited to fit the system.", "", "<details><summary>"
          f"{sum(1 for r in res['probes'] if r['system'] == 'graphmem' and not r['hit'])} probes</summary>", "",
          _row(["probe", "cat", "question", "problem", "top-1 recalled"]), _row(["---"] * 5)]
    for r in res["probes"]:
        if r["system"] == "graphmem" and not r["hit"]:
            why = []
            if r["recall"] is not None and r["recall"] < 1:
                why.append(f"recall {r['recall']:.2f}")
            if r["forbidden"]:
                why.append("forbidden: " + ", ".join(r["forbidden"]))
            if r["leaked"]:
                why.append("leaked: " + ", ".join(r["leaked"]))
            if r.get("sources_stored") is not None and r["sources_stored"] < 1:
                why.append("source turn not stored" if r["sources_stored"] == 0 else "a source turn not stored")
            top = (r.get("top") or ["(nothing)"])[0].replace("|", "/")[:90]
            L.append(_row([r["probe"], r["cat"], r["q"].replace("|", "/"), "; ".join(why), top]))
    L += ["", "</details>", ""]
    junk = [(r["user"], x) for r in res["stored"] for x in r.get("junk_stored_texts", [])]
    if junk:
        L += ["<details><summary>small-talk turns graphmem stored</summary>", ""]
        L += [f"- {u}: {x}" for u, x in junk] + ["", "</details>", ""]
    missed = [(r["user"], x) for r in res["stored"] for x in r.get("info_missed_texts", [])]
    if missed:
        L += ["<details><summary>informative user turns graphmem did not store</summary>", ""]
        L += [f"- {u}: {x}" for u, x in missed] + ["", "</details>", ""]
    L += ["## Other areas' results", ""]
    for name, what in (("recall.md", "what each recall path costs, on a synthetic store"), ("write.md", "write path throughput"),
                       ("linking.md", "linking accuracy"), ("short_term.md", "short-term layer and token counting"),
                       ("perf.md", "ingest of the hand-written suite, RSS"),
                       ("offtopic.md", "off-topic questions: what context() injects when nothing is relevant"),
                       ("dialogue_recall_first.md", "memory recall in dialogue (MADial-Bench's task shape), zh and "
                                                    "en, beside BM25, dense and hybrid"),
                       ("longmem.md", "an assistant's memory of its user (LongMemEval's shape), beside BM25, dense and "
                                      "hybrid; its first run: longmem_first.md"),
                       ("fit_longmem.md", "the ranking model fitted with the LongMemEval-shaped dev split: measured, "
                                          "not adopted"),
                       ("ranking_fit.md", "the ranking model fitted on the order (pairwise), with the "
                                          "LongMemEval-shaped split as a source, and its feature for the kind of "
                                          "value a question asks for (stop 58): landed; harder BM25 stemming measured"),
                       ("quote_sweep.md", "how long a recalled quote may be: chars@10 against the answer's words "
                                          "kept in the top 10, on LoCoMo dev, beside BM25"),
                       ("own_sets.md", "the own sets against the recall issue's start, the recall levels chosen "
                                       "again at stop 57, and stop 58's changes"),
                       ("later_answers.md", "which of two answers is read first, on long messages: variants "
                                            "measured, one landed"),
                       ("dev2.md", "`dev2`, a set to tune on of changed values and small talk: its first run, 21 "
                                   "pairing variants, a refit of the ranking model and two small-talk classifiers, "
                                   "measured and not landed"),
                       ("question.md", "when a message counts as a question: a long message that ends by asking "
                                       "still tells its facts; thresholds measured, one landed"),
                       ("closest.md", "a relative-similarity ranking feature: measured, landed, reverted"),
                       ("session_caller.md", "the caller's cost of a session's messages and the agent loop's "
                                             "context() on real text"),
                       ("warmup.md", "a Neo4j server just started, with and without `graphmem neo4j warm`")):
        if (RESULTS / name).exists():
            L.append(f"- [`results/{name}`](results/{name}) — {what}")
    L += ["", "Reproduce: `python -m bench.report --run` (full suite + perf bench + this report, ~12 min on 2 cores); "
          "the reduced CI suite: `pytest tests/integration/eval`.", ""]
    return "\n".join(L)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run", action="store_true", help="run the full eval suite and the perf bench first")
    ap.add_argument("--skip-perf", action="store_true", help="with --run: keep the existing perf.json")
    ap.add_argument("--eval", type=Path, default=RESULTS / "eval.json")
    ap.add_argument("--perf", type=Path, default=RESULTS / "perf.json")
    ap.add_argument("--out", type=Path, default=REPORT)
    a = ap.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=str(ROOT.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if a.run:
        subprocess.run([sys.executable, "-m", "bench.eval.run", "--out", str(a.eval)], check=True, cwd=ROOT.parent,
                       env=env)
        for name, embedder in (("heldout", ""), ("heldout2", ""), ("heldout3", ""), ("heldout4", ""), ("heldout5", ""),
                               ("heldout6", ""), ("heldout7", ""), ("heldout8", ""), ("dev", ""), ("dev2", ""),
                               ("heldout3", "use+st"), ("dev", "use+st"), ("heldout5", "use+st")):
            suffix = "_" + embedder.replace("+", "_") if embedder else ""
            subprocess.run([sys.executable, "-m", "bench.eval.run", "--users-dir", str(ROOT / "eval" / name),
                            "--no-curve", "--out", str(RESULTS / f"eval_{name}{suffix}.json")], check=True,
                           cwd=ROOT.parent, env={**env, "GRAPHMEM_EMBEDDER": embedder} if embedder else env)
        if not a.skip_perf:
            subprocess.run([sys.executable, str(ROOT / "perf_bench.py"), "--out", str(a.perf)], check=True,
                           cwd=ROOT.parent, env=env)
    res = json.loads(a.eval.read_text(encoding="utf-8"))
    perf = json.loads(a.perf.read_text(encoding="utf-8")) if a.perf.exists() else None
    RESULTS.mkdir(parents=True, exist_ok=True)
    plot_recall(res, RESULTS / "recall_by_category.png")
    plot_tokens(res, RESULTS / "tokens_vs_turn.png")
    a.out.write_text(render(res, perf), encoding="utf-8")
    print(f"wrote {a.out} and plots in {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
