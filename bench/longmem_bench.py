"""An assistant's long-term memory of its user, the shape of LongMemEval: each haystack is one user's chats with an
assistant over months (most of them tasks with nothing personal in them and long replies, a few where the user
mentions their life in passing), and the questions come months later: what the user said, what the assistant
recommended, a preference a good answer uses, facts spread over sessions, the latest of a changed value, and
dates. graphmem beside BM25, dense and their fusion over the raw turns, in the same run, measured with the shared
protocol (``../shared/tools/retrieval_eval.py``); per question type, recall@k of the evidence turns and all@10
(every evidence turn in the top 10, LongMemEval's recall_all).

The sets are ``bench/eval/longmem/{dev,heldout}/*.json``, one haystack per file, written for this benchmark by
writers who had not seen graphmem's rules (our own text, so they live in the repository); ``dev`` may be looked at
while changing recall, ``heldout`` only measured. A file holds ``sessions`` (id, LongMemEval's date format, turns
of ``role`` / ``content``) and ``questions`` (LongMemEval's fields, ``evidence`` naming turns as
``<session id>_<1-based turn>``, the official files' dialog ids); a haystack's questions share its turns, so it is
ingested once. ``--data FILE`` adds an official LongMemEval file (``longmemeval_s_cleaned.json``; one haystack per
question, through the protocol's own loader; ``--limit`` its first N questions). graphmem ingests every turn with
its role (the user's own words, the assistant's) through ``Memory.add`` and asks each question at its date.

    python -m bench.longmem_bench [--sets dev,heldout] [--data FILE [--limit N]]
                                  [--systems graphmem,bm25,dense,hybrid] [--out bench/results/longmem.md]

Exits 0, saying so, when the protocol's tool (``../shared/tools``) is absent.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

from bench.dialogue_recall_bench import KS, measure_sets  # noqa: E402
from bench.locomo_bench import TOOL, _git, load_tool  # noqa: E402

SETS = ROOT / "eval" / "longmem"
DATE = "%Y/%m/%d (%a) %H:%M"   # LongMemEval's session and question dates
TYPES = ("single-session-user", "single-session-assistant", "single-session-preference", "multi-session",
         "knowledge-update", "temporal-reasoning", "overall")


def problems(h: dict) -> list[str]:
    """What is wrong with one haystack file's content (empty when nothing): dates in LongMemEval's format with the
    right weekday, sessions in date order, unique ids, known question types, evidence naming turns it has (none for
    an abstention question) and its sessions in ``answer_session_ids``."""
    out: list[str] = []

    def date(text: str, where: str) -> datetime | None:
        try:
            day = datetime.strptime(text, DATE)
        except (TypeError, ValueError):
            day = None
        if day is None or day.strftime(DATE) != text:   # strptime reads the weekday but does not check it
            out.append(f"{where}: {text!r} is not a date like '2023/05/20 (Sat) 14:02' with its weekday")
            return None
        return day

    sessions = h.get("sessions") or []
    days = [date(s.get("date"), s.get("id", "?")) for s in sessions]
    if None not in days and days != sorted(days):
        out.append("sessions are not in date order")
    turns = {f"{s['id']}_{i}" for s in sessions for i, _ in enumerate(s.get("turns") or [], 1)}
    for s in sessions:
        if any(t.get("role") not in ("user", "assistant") or not (t.get("content") or "").strip() for t in s["turns"]):
            out.append(f"{s['id']}: a turn without a user/assistant role or content")
    ids = [s["id"] for s in sessions] + [q.get("question_id") for q in h.get("questions") or []]
    if len(ids) != len(set(ids)):
        out.append("an id is used twice")
    for q in h.get("questions") or []:
        qid, evidence = q.get("question_id", "?"), set(q.get("evidence") or [])
        date(q.get("question_date"), qid)
        if q.get("question_type") not in TYPES[:-1]:
            out.append(f"{qid}: unknown question_type {q.get('question_type')!r}")
        if qid.endswith("_abs") != (not evidence):
            out.append(f"{qid}: an abstention question (and only one) has no evidence")
        if evidence - turns:
            out.append(f"{qid}: evidence names turns the haystack does not have: {sorted(evidence - turns)}")
        if {e.rsplit("_", 1)[0] for e in evidence} != set(q.get("answer_session_ids") or []):
            out.append(f"{qid}: answer_session_ids are not the evidence turns' sessions")
    return out


def load_haystacks(ev, directory: Path) -> list:
    """The protocol's conversations of a set: one per haystack file, with all its questions (abstention ones, the
    ``_abs`` ids, have no evidence and are not scored, as in the protocol's LongMemEval loader). Raises
    ``ValueError`` on a file with :func:`problems`."""
    convs = []
    for f in sorted(directory.glob("*.json")):
        h = json.loads(f.read_text(encoding="utf-8"))
        if wrong := problems(h):
            raise ValueError(f"{f}: " + "; ".join(wrong))
        turns = [ev.Turn(f"{s['id']}_{i}", s["id"], t["role"], t["content"], ev._parse_time(s["date"], [DATE]))
                 for s in h["sessions"] for i, t in enumerate(s["turns"], 1)]
        questions = [ev.Question(q["question_id"], q["question"],
                                 "abstention" if q["question_id"].endswith("_abs") else q["question_type"],
                                 list(q["evidence"]), list(q["answer_session_ids"]), str(q.get("answer")),
                                 ev._parse_time(q["question_date"], [DATE])) for q in h["questions"]]
        convs.append(ev.Conversation(h.get("persona", f.stem), turns, questions))
    return convs


def render(report: dict) -> str:
    lines = ["# An assistant's memory of its user (LongMemEval's shape)", "",
             f"Commit `{report['commit']}`, {report['when']}, box load {report['load']:.1f} (2 cores). Protocol: "
             "`../shared/tools/retrieval_eval.py` (recall@k = share of a question's evidence turns in the top k; "
             "all@10 = every evidence turn in the top 10). All systems in one run. Regenerate: "
             "`python -m bench.longmem_bench`.", ""]
    for label, s in report["sets"].items():
        lines += [f"## {label}: {s['haystacks']} haystacks, {s['turns']} turns, {s['questions']} scored questions", "",
                  "| question type | system | n | R@1 | R@5 | R@10 | R@20 | all@10 | chars@10 |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for c in TYPES:
            for name, groups in s["runs"].items():
                g = groups.get(c)
                if g:
                    lines.append(f"| {c} | {name} | {g['n']} | " + " | ".join(f"{g[f'R@{k}']:.1f}" for k in KS)
                                 + f" | {g['all@10']:.1f} | {g['chars@10']:.0f} |")
        lines += ["", "| system | ms p50 | ms p95 | ingest turns/s |", "|---|---|---|---|"]
        for name, groups in s["runs"].items():
            o = groups["overall"]
            tps = o.get("ingest_turns_per_s")
            lines.append(f"| {name} | {o['recall_ms_p50']:.1f} | {o['recall_ms_p95']:.1f} | "
                         f"{'%.0f' % tps if tps else '—'} |")
        lines.append("")
    lines.append("Baselines' ms is their mean per question; graphmem's is `Memory.recall` alone, and its ingest is "
                 "`Memory.add` of every turn and `flush()`.")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="dev,heldout")
    ap.add_argument("--data", help="an official LongMemEval file (one haystack per question)")
    ap.add_argument("--limit", type=int, help="with --data: its first N questions")
    ap.add_argument("--systems", default="graphmem,bm25,dense,hybrid")
    ap.add_argument("--out", default=str(ROOT / "results" / "longmem.md"))
    a = ap.parse_args(argv)
    if not TOOL.exists():
        print(f"longmem_bench: {TOOL} is absent (the shared protocol is not on this machine); nothing to do")
        return 0
    ev = load_tool()
    sets = {s: load_haystacks(ev, SETS / s) for s in a.sets.split(",") if s}
    if a.data:
        sets[Path(a.data).name] = ev.load_longmemeval(a.data, a.limit)
    systems = [s for s in a.systems.split(",") if s]
    report = {"commit": _git(), "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
              "load": os.getloadavg()[0], "sets": {}}
    for label, runs in measure_sets(ev, sets, systems, "longmem").items():
        convs = sets[label]
        report["sets"][label] = {"haystacks": len(convs), "turns": sum(len(c.turns) for c in convs),
                                 "questions": sum(1 for c in convs for q in c.questions if q.evidence), "runs": runs}
    md = render(report)
    print(md)
    Path(a.out).write_text(md, encoding="utf-8")
    Path(a.out).with_suffix(".json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
