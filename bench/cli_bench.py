"""CLI start-up benchmark: cold processes of ``graphmem --help``, ``graphmem users --help``, the inspect
commands ``users`` and ``card`` and ``recall``, each beside a bare ``python -c "import typer, rich"`` in the
same run (rounds interleave every command, so all see the same machine load). Medians over the rounds.

Targets (issue 20): ``--help`` and inspect commands within 3x of the bare start-up; ``recall`` <= 2.5 s cold.
A user with a few turns is written to the tenant ``bench-cli`` first (kept for the next run).

    python bench/cli_bench.py [--rounds 7] [--tree PATH] [--label NAME] [--report bench/results/cli.md]

``--tree`` measures another checkout's ``graphmem`` (e.g. the commit before a change) through a symlinked
package layout; its figures are added to the report beside this tree's. The last line is key=value pairs.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TENANT = "bench-cli"
USER = "ana"
TURNS = ["My laptop is a Lenovo ThinkPad E14 and it is getting slow.",
         "My budget for a new laptop is 5000.",
         "Actually my budget is 8000 now.",
         "I really like dark themes in every editor.",
         "My sister Lily recommended the noodle place on Fifth Street."]
BARE = [sys.executable, "-c", "import typer, rich"]
CASES = [  # name, argv after `graphmem`, target
    ("graphmem --help", ["--help"], "help"),
    ("graphmem users --help", ["users", "--help"], "help"),
    ("graphmem users", ["users"], "inspect"),
    ("graphmem card ana me", ["card", USER, "me"], "inspect"),
    ("graphmem recall ana 'what is my budget?'", ["recall", USER, "what is my budget?"], "recall"),
]
RECALL_LIMIT = 2.5
RATIO_LIMIT = 3.0


def prepare(tenant: str) -> None:
    """The bench user, written once through the write path (extraction included)."""
    from graphmem import Memory, Settings
    from graphmem.store import Store

    settings = Settings.from_env(tenant=tenant)
    with Store(settings) as store:
        if store.run("curate/user_exists", {"tenant": tenant, "user_id": USER})[0]["exists"]:
            return
    t0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
    with tempfile.TemporaryDirectory() as tmp, Memory(settings, journal_path=Path(tmp) / "j.sqlite3") as mem:
        for i, text in enumerate(TURNS):
            mem.add(USER, "s1", i, text, at=t0 + timedelta(days=i))
        assert mem.flush(300), "bench user not written"


def graphmem_argv(tree: Path | None) -> tuple[list[str], dict[str, str]]:
    """How to start the CLI of ``tree`` (None: the installed one) and the environment it needs."""
    env = {**os.environ, "GRAPHMEM_TENANT": TENANT, "OMP_NUM_THREADS": "1"}
    if tree is None:
        return [str(Path(sys.executable).with_name("graphmem"))], env
    farm = Path(tempfile.mkdtemp(prefix="graphmem-tree-"))
    pkg = farm / "graphmem"
    pkg.mkdir()
    for child in (tree / "graphmem").iterdir():
        (pkg / child.name).symlink_to(child)
    for sub, folder in (("linking", "linking"), ("cli", "cli"), ("cypher", "cypher"), ("docker", "docker")):
        (pkg / sub).symlink_to(tree / folder)
    env["PYTHONPATH"] = str(farm)
    start = "import sys; from graphmem.cli.app import main; sys.argv[0] = 'graphmem'; main()"
    return [sys.executable, "-c", start], env


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one process."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()   # cwd: not a checkout (`python -c` puts the cwd first on sys.path)
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tempfile.gettempdir())
    took = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv[-3:])} failed ({done.returncode}): {done.stderr.decode()[-400:]}")
    return took, r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime


def measure(rounds: int, tree: Path | None) -> dict[str, tuple[float, float]]:
    """Per command: (median wall seconds, median CPU seconds)."""
    cli, env = graphmem_argv(tree)
    times: dict[str, list[tuple[float, float]]] = {"bare": [], **{name: [] for name, _, _ in CASES}}
    for argv in [BARE] + [cli + a for _, a, _ in CASES]:   # one warm-up of each (file cache), not counted
        timed(argv, env)
    for _ in range(rounds):
        times["bare"].append(timed(BARE, env))
        for name, args, _ in CASES:
            times[name].append(timed(cli + args, env))
    return {name: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for name, v in times.items()}


def verdict(kind: str, seconds: float, bare: float) -> str:
    if kind == "recall":
        return f"≤ {RECALL_LIMIT} s: " + ("yes" if seconds <= RECALL_LIMIT else "NO")
    return f"≤ {RATIO_LIMIT:.0f}× bare: " + ("yes" if seconds <= RATIO_LIMIT * bare else "NO")


def render(runs: list[tuple[str, dict[str, tuple[float, float]]]], rounds: int, load: tuple[float, float]) -> str:
    head = (["command"] + [f"{label}: wall s (× bare)" for label, _ in runs] + ["target, on wall time"]
            + [f"{label}: CPU s (× bare)" for label, _ in runs])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines.append("| bare `python -c \"import typer, rich\"` | " + " | ".join(f"{m['bare'][0]:.3f}" for _, m in runs)
                 + " | | " + " | ".join(f"{m['bare'][1]:.3f}" for _, m in runs) + " |")
    for name, _, kind in CASES:
        wall = [f"{m[name][0]:.3f} ({m[name][0] / m['bare'][0]:.1f}×)" for _, m in runs]
        cpu = [f"{m[name][1]:.3f} ({m[name][1] / m['bare'][1]:.1f}×)" for _, m in runs]
        last = runs[-1][1]
        lines.append(f"| `{name}` | " + " | ".join(wall) + f" | {verdict(kind, last[name][0], last['bare'][0])} | "
                     + " | ".join(cpu) + " |")
    return "\n".join([
        "# CLI start-up (cold processes)", "",
        f"`python bench/cli_bench.py` on {datetime.now().date()}: {rounds} interleaved rounds, medians of wall time "
        f"and of CPU time (user + system, which the machine's load changes less); 2 shared cores, load average "
        f"{load[0]:.1f} at the start and {load[1]:.1f} at the end (other sessions' benchmarks and tests); Neo4j on "
        "the same box. Every process is a new interpreter (models and the driver load from disk each time; the OS "
        "file cache is warm after one uncounted warm-up of each command).", "",
        *lines, "",
        "How: command modules import the library inside each command; read-only commands read over Neo4j's HTTP "
        "Query API (the Bolt driver's import alone is about 0.3 s of CPU); Typer 0.29's per-parameter pydantic "
        "conversion is replaced for plain types and help is Click's plain text (no pydantic, no rich markdown); "
        "`graphmem.write` loads its parts on first use. `recall` reads the USE tokenizer from a cache in "
        "GRAPHMEM_CACHE instead of parsing it (about 0.4 s of CPU less) and starts loading the embedder on a thread "
        "while the library imports; spaCy, the USE weights and the driver still load in every process.", ""])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--tree", type=Path, action="append", default=[],
                    help="another checkout to measure as well (repeatable)")
    ap.add_argument("--label", action="append", default=[], help="a name per --tree")
    ap.add_argument("--report", type=Path, default=ROOT / "bench" / "results" / "cli.md")
    args = ap.parse_args()
    prepare(TENANT)
    start_load = os.getloadavg()[0]
    runs = [(args.label[i] if i < len(args.label) else str(t), measure(args.rounds, t.resolve()))
            for i, t in enumerate(args.tree)]
    runs.append(("this tree", measure(args.rounds, None)))
    text = render(runs, args.rounds, (start_load, os.getloadavg()[0]))
    args.report.write_text(text, encoding="utf-8")
    print(text)
    last = runs[-1][1]
    print(" ".join(f"{re.sub(r'[^a-z]+', '_', k.lower()).strip('_')}={v[0]:.3f}" for k, v in last.items()))


if __name__ == "__main__":
    main()
