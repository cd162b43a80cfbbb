"""How long a recalled quote may be (``RecallConfig.quote_chars``): what the top 10 cost and what they still say.

On the LoCoMo dev split, for each length, graphmem's top 10 of the protocol's 20 (as ``bench.locomo_bench`` asks)
are measured by the protocol's chars@10 and by answer words@10: the share of the labelled answer's words (lower
case, a few function words out) found in the top-10 text. A shorter quote costs fewer characters and may cut the
words that answer. BM25 over raw turns is measured beside. The ranking is the same at every length (recall@k does
not move); only the text is cut. Writes ``--out`` (markdown) and the same as JSON.

    python -m bench.quote_sweep [--whole 0,1,2,3] [--lengths 150,175,200,225,250] [--out bench/results/quote_sweep.md]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from dataclasses import replace
from pathlib import Path

from bench.locomo_bench import DATA, _at, _close, _open, data_absent, ingest, load_tool

_WORD = re.compile(r"[a-z0-9]+")
_FUNCTION_WORDS = frozenset("a an the of to in on at and or for with is was are were be been it its this that by from "
                            "as i my me you your he she they we our their his her".split())


def answer_words(answer: str | None) -> list[str]:
    """The words of a labelled answer that a context must hold to answer it."""
    return [w for w in _WORD.findall((answer or "").lower()) if w not in _FUNCTION_WORDS]


def coverage(words: list[str], text: str) -> float | None:
    """Share of ``words`` found in ``text`` (None when there are none to find)."""
    if not words:
        return None
    found = set(_WORD.findall(text.lower()))
    return sum(w in found for w in words) / len(words)


def _summary(rows: list[tuple[int, float | None]]) -> dict:
    covs = [c for _, c in rows if c is not None]
    return {"chars@10": statistics.mean(n for n, _ in rows), "answer_words@10": 100 * statistics.mean(covs),
            "all_answer_words@10": 100 * statistics.mean(c == 1 for c in covs), "questions": len(rows)}


def sweep(settings: list[tuple[int, int]]) -> dict:
    """Per (``quote_whole``, ``quote_chars``), and for BM25: mean chars@10 and answer words@10."""
    tool = load_tool()
    memory, store, tenant, journal = _open("quotes")
    base = memory.retriever.config
    rows: dict[str, list] = {f"{w}/{n}": [] for w, n in settings} | {"bm25": []}
    try:
        for i, conv in enumerate(tool.load_locomo(str(DATA))):
            user = f"conv{i}"
            now = ingest(memory, user, conv)
            bm25 = tool.BM25TurnRetriever()
            bm25.ingest(conv.turns)
            turn = {t.dialog_id: t for t in conv.turns}
            for q in (q for q in conv.questions if q.evidence):
                words = answer_words(q.answer)
                for w, n in settings:
                    memory.retriever.config = replace(base, quote_whole=w, quote_chars=n)
                    top = memory.recall(user, q.question, 20, now=_at(q.time) or now)[:10]
                    text = "\n".join(r.text for r in top)
                    rows[f"{w}/{n}"].append((len(text), coverage(words, text)))
                text = "\n".join(turn[t].render() for t in bm25.query(q.question, 10))
                rows["bm25"].append((len(text), coverage(words, text)))
    finally:
        memory.retriever.config = base
        _close(memory, store, tenant, journal)
    return {name: _summary(r) for name, r in rows.items()}


def render(result: dict) -> str:
    lines = ["# Quote length: characters against answer words (LoCoMo dev split)", "",
             "Regenerate: `python -m bench.quote_sweep`. quote_chars 0 quotes every message whole; BM25 ranks raw "
             "turns.", "", "| system | quote_whole | quote_chars | chars@10 | answer words@10 | all answer words@10 |",
             "|---|---|---|---|---|---|"]
    for name, s in result.items():
        row = "| bm25 | — | — |" if name == "bm25" else "| graphmem | {} | {} |".format(*name.split("/"))
        lines.append(f"{row} {s['chars@10']:.0f} | {s['answer_words@10']:.1f} | {s['all_answer_words@10']:.1f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--whole", default="0,1,2,3")
    ap.add_argument("--lengths", default="150,175,200,225,250")
    ap.add_argument("--out", default="bench/results/quote_sweep.md")
    a = ap.parse_args(argv)
    if data_absent("quote_sweep"):
        return 0
    lengths = [int(x) for x in a.lengths.split(",")]
    result = sweep([(0, 0)] + [(int(w), n) for w in a.whole.split(",") for n in lengths])
    md = render(result)
    print(md)
    Path(a.out).write_text(md, encoding="utf-8")
    Path(a.out).with_suffix(".json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
