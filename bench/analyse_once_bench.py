"""How often a session's user turn is read: spaCy parses, jieba cuts and mention extractions per turn (issue 17).

MemoryBank user turns (en and cn) go through ``MemorySession.add_user_message`` into the real writer and Neo4j,
in a fresh tenant. Counted per turn, apart for the session's reading (off the caller's thread since issue 16 item 4,
on whichever thread ran it) and the writer's:
- ``live``: the writer runs beside the sessions (a parse the session made is usually still cached);
- ``replay``: the sessions' journal is written by a writer that starts afterwards (a restart), no parse cached.
The data is read from ``../shared/bench-data`` at run time (licence: benchmark only); without it the bench says so.

    python -m bench.analyse_once_bench [--turns 60] [--report bench/results/analyse_once.md]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

from bench import ingest_real_bench as real  # noqa: E402

COUNTS: Counter = Counter()
TEXTS: set[str] = set()


def _side() -> str:
    """``session``: inside a session's reading of a message (``Session._read_user``, on whichever thread ran it:
    the session's worker, the caller's ``context()``, or the writer taking the reading); else ``writer``."""
    f = sys._getframe(1)
    while f is not None:
        if f.f_code.co_name == "_read_user":
            return "session"
        f = f.f_back
    return "writer"


def _count(what: str, text: str) -> None:
    if text in TEXTS:
        COUNTS[(_side(), what)] += 1


def instrument() -> None:
    """Count spaCy parses (``nlp.english().pipe``), jieba cuts and mention extractions of the measured texts."""
    import jieba.posseg

    from graphmem.linking import mentions, nlp

    english = nlp.english

    class Counted:
        def __init__(self, en):
            self.en = en

        def pipe(self, texts, **kw):
            texts = list(texts)
            for t in texts:
                _count("spaCy parses", t)
            return self.en.pipe(texts, **kw)

        def __getattr__(self, name):
            return getattr(self.en, name)

    nlp.english = lambda: Counted(english())
    cut = jieba.posseg.cut
    jieba.posseg.cut = lambda text, *a, **k: (_count("jieba cuts", text), cut(text, *a, **k))[1]
    for name in ("_en_mentions", "_zh_mentions"):
        f = getattr(mentions, name)
        setattr(mentions, name, lambda text, *a, _f=f, **k: (_count("mention extractions", text), _f(text, *a, **k))[1])


class Held:
    """A writer stand-in that holds what the sessions hand it, for a writer that starts later (``replay``)."""

    def __init__(self):
        self.on_commit, self.calls, self._thread = [], [], object()

    def add(self, *a, **k):
        self.calls.append((a, k))
        return ""

    def flush(self, timeout=None):
        return True

    def close(self, timeout=None):
        return True


def run(lang: str, n: int, mode: str, settings, embedder) -> dict:
    from graphmem.linking import nlp
    from graphmem.memory import Memory
    from graphmem.store import Store
    from graphmem.write.reads import delete_tenant

    turns = [t for t in real.memorybank(lang) if t.role == "user"][:n]
    COUNTS.clear()
    TEXTS.clear()
    TEXTS.update(t.text for t in turns)
    tenant = f"bench-analyse-once-{lang}-{os.getpid()}"
    st = settings.with_(tenant=tenant)
    store = Store(st)
    held = Held() if mode == "replay" else None
    nlp._docs.clear()   # every run parses its texts afresh
    cpu = time.process_time()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            with Memory(st, store=store, embedder=embedder, writer=held, journal_path=Path(tmp) / "j.sqlite3") as mem:
                sessions = {}
                for t in turns:
                    s = sessions.get((t.user, t.session)) or sessions.setdefault(
                        (t.user, t.session), mem.session(t.user, t.session, at=t.at))
                    s.add_user_message(t.text, at=t.at)
                assert mem.flush(600)
            if held is not None:
                nlp._docs.clear()   # a writer in a new process has no parse cached
                with Memory(st, store=store, embedder=embedder, journal_path=Path(tmp) / "r.sqlite3") as mem:
                    for a, k in held.calls:   # a new process has the journal, not the session's readings in memory
                        live = hasattr(k.get("analysis"), "result")
                        mem.writer.add(*a, **{**k, "analysis": None} if live else k)
                    assert mem.flush(600)
    finally:
        delete_tenant(store, tenant)
        store.close()
    out = {"lang": lang, "mode": mode, "turns": len(turns), "texts": len(TEXTS),
           "cpu_s": round(time.process_time() - cpu, 2)}
    for side in ("session", "writer"):
        for what in ("spaCy parses", "jieba cuts", "mention extractions"):
            out[f"{side} {what}"] = round(COUNTS[(side, what)] / max(len(TEXTS), 1), 2)
    return out


def report(path: Path, rows: list[dict], load: tuple[float, float]) -> None:
    cols = [f"{s} {w}" for s in ("session", "writer") for w in ("spaCy parses", "jieba cuts", "mention extractions")]
    lines = ["# A turn read once: parses and mention extractions per user turn", "",
             f"Run {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, `python -m bench.analyse_once_bench`, load "
             f"{load[0]:.1f} → {load[1]:.1f}. MemoryBank user turns through `MemorySession.add_user_message`, real "
             "writer and Neo4j. *live*: the writer runs beside the sessions; *replay*: it writes their journal after "
             "them, with no parse cached (a restart). Counts per distinct text.", "",
             "| set | mode | turns | " + " | ".join(cols) + " |", "|---|---|---|" + "---|" * len(cols)]
    for r in rows:
        lines.append(f"| MemoryBank {r['lang']} | {r['mode']} | {r['turns']} | " + " | ".join(str(r[c]) for c in cols)
                     + " |")
    lines += ["", "The session reads each turn once (its statements, gate verdict and mentions: "
              "`graphmem.linking.analysis`) and journals that reading; the writer takes the mentions whenever its "
              "own gazetteer gives the text the same view, and reads the turn again only when an earlier turn of "
              "its batch, or the user's graph, named something the session's names did not have.", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=60, help="user turns per language")
    ap.add_argument("--report", default=str(ROOT / "results" / "analyse_once.md"))
    args = ap.parse_args(argv)
    if not Path(str(real.MEMORYBANK).format("en")).exists():
        print(f"MemoryBank not found under {real.DATA} (never copied into the repository): nothing to measure")
        return 0
    from graphmem.embedders import get_embedder
    from graphmem.settings import Settings

    instrument()
    settings = Settings.from_env()
    embedder = get_embedder(settings)
    embedder.embed(["warm up", "预热"])
    load0 = os.getloadavg()[0]
    rows = []
    for mode in ("live", "replay"):
        for lang in ("en", "cn"):
            rows.append(run(lang, args.turns, mode, settings, embedder))
            print(" ".join(f"{k}={v}" for k, v in rows[-1].items()), flush=True)
    report(Path(args.report), rows, (load0, os.getloadavg()[0]))
    print("report:", args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
