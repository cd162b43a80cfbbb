"""Fit the recall ranking model (``graphmem/data/ranking_model.json``) on labelled recall data.

The model is linear over :data:`graphmem.recall.scoring.FEATURES`, read as a probability σ(bias + Σ w·f). For every
question, every memory the recall paths find (``Retriever.candidates``, the same pool recall ranks) is labelled 1
when it answers the question. Sources of labels, each question weighing the same and each source as much as another:

* the LoCoMo dev split (``../shared/bench-data``): a memory is relevant when the turn it comes from is one of the
  question's evidence turns;
* the project's own sets (``bench/eval/users`` and ``bench/eval/dev``; never the held-out sets): a memory is
  relevant when its text contains one of the probe's expected forms (the suite's judge);
* with ``--longmem``, the LongMemEval-shaped dev split (``bench/eval/longmem/dev``), by evidence turns.
* with ``--dialogue``, the dialogue bench's dev split (``bench/eval/dialogue_recall/dev``; the query is a chat), by
  relevant events (measured at stop 62, not in the landed model: ``bench/results/ranking_fit.md``).

Two fits: pointwise (a logistic regression, one row per memory) or, with ``--pairwise`` (the landed model), the
order (:func:`pairwise`: an answering memory above another of the same question) and then a probability on it
(:func:`calibrate`). It prints the fitted weights and, per source, recall@k of ranking by the model alone with
leave-one-group-out cross-validation (each LoCoMo conversation, the own sets and each haystack scored by a model
fitted without it) beside the current model. ``--write`` stores the model fitted on everything.

    python -m bench.fit_ranking --pairwise --longmem [--write]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import uuid
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from graphmem.recall import scoring  # noqa: E402
from graphmem.write.journal import remove as remove_journal  # noqa: E402

ROOT = Path(__file__).resolve().parent
MODEL = ROOT.parent / "graphmem" / "data" / "ranking_model.json"
L2 = 1.0


def logistic(X: np.ndarray, y: np.ndarray, w8: np.ndarray, l2: float = L2, iters: int = 50) -> np.ndarray:
    """Weighted L2-regularised logistic regression by Newton's method; returns [bias, weights...]."""
    A = np.hstack([np.ones((len(X), 1)), X])
    beta = np.zeros(A.shape[1])
    reg = np.full(A.shape[1], l2)
    reg[0] = 0.0
    for _ in range(iters):
        p = 1 / (1 + np.exp(-np.clip(A @ beta, -30, 30)))
        g = A.T @ (w8 * (p - y)) + reg * beta
        H = (A * (w8 * p * (1 - p))[:, None]).T @ A + np.diag(reg) + 1e-9 * np.eye(A.shape[1])
        step = np.linalg.solve(H, g)
        beta -= step
        if np.abs(step).max() < 1e-7:
            break
    return beta


def logistic_one(x: np.ndarray, y: np.ndarray, w8: np.ndarray, offset: np.ndarray, l2: float = L2,
                 iters: int = 50) -> float:
    """The weight of one feature ``x`` in the same regression, every other term held (``offset``: their logit)."""
    w = 0.0
    for _ in range(iters):
        p = 1 / (1 + np.exp(-np.clip(offset + w * x, -30, 30)))
        step = (x @ (w8 * (p - y)) + l2 * w) / (x @ (w8 * p * (1 - p) * x) + l2 + 1e-9)
        w -= step
        if abs(step) < 1e-7:
            break
    return float(w)


def pairwise(groups: list[tuple[dict, float]], l2: float = L2) -> np.ndarray:
    """A ranking fit: logistic regression on the feature differences of every (answering, other) candidate pair of a
    question (RankNet's loss with a linear scorer), each question weighing ``weight`` in all; both orders of a pair
    are rows, so the fitted bias is 0. Returns [0, weights...]: only the order is fitted, not a probability."""
    D, w8 = [], []
    for g, weight in groups:
        rel = np.array([bool(u & g["relevant"]) for u in g["units"]])
        if rel.all() or not rel.any():
            continue
        d = (g["X"][rel][:, None, :] - g["X"][~rel][None, :, :]).reshape(-1, g["X"].shape[1])
        D.append(d)
        w8.append(np.full(len(d), weight / len(d)))
    D, w8 = np.vstack(D), np.concatenate(w8)
    X, y = np.vstack([D, -D]), np.concatenate([np.ones(len(D)), np.zeros(len(D))])
    w8 = np.concatenate([w8, w8])
    return logistic(X, y, w8 * len(y) / w8.sum(), l2)


def calibrate(X: np.ndarray, y: np.ndarray, w8: np.ndarray, beta: np.ndarray) -> np.ndarray:
    """``beta``'s order with a probability: σ(a · (X @ w) + b) fitted pointwise; returns [b, a · weights...]."""
    a, b = logistic(X @ beta[1:][:, None], y, w8, 0.0)[::-1]
    return np.concatenate([[b], a * beta[1:]])


def recall_at(groups: list[dict], beta: np.ndarray, ks=(1, 5, 10)) -> dict[str, float]:
    """Mean recall@k when each question's candidates are ranked by the model alone."""
    out = {k: [] for k in ks}
    for g in groups:
        score = g["X"] @ beta[1:] + beta[0]
        order = np.argsort(-score, kind="stable")
        for k in ks:
            got = set()
            for i in order[:k]:
                got |= g["units"][i]
            out[k].append(len(got & g["relevant"]) / len(g["relevant"]))
    return {f"R@{k}": 100 * float(np.mean(v)) for k, v in out.items()}


def _rows(retriever, user: str, question: str, now, tenant: str, label) -> dict | None:
    q, cands, vc = retriever.candidates(user, question, tenant=tenant, now=now)
    if not cands:
        return None
    X, units = [], []
    for c in cands:
        f = scoring.features(c, q, now, retriever.config.scoring)
        X.append([f[name] for name in scoring.FEATURES])
        units.append(label(c, vc))
    return {"X": np.asarray(X, dtype=np.float64), "units": units}


def locomo_groups(memory, tenant: str) -> list[list[dict]]:
    """One group of questions per LoCoMo conversation."""
    from bench.locomo_bench import DATA, load_tool

    if not DATA.exists():
        print(f"fit_ranking: {DATA} is absent; LoCoMo is left out")
        return []
    return [_by_evidence(memory, tenant, conv) for conv in load_tool().load_locomo(str(DATA))]


def _by_evidence(memory, tenant: str, conv, user: str = "") -> list[dict]:
    """A protocol conversation ingested as ``user`` (``fit-<id>`` when not given), and the rows of its questions labelled by evidence
    turns (a memory's unit is the turn it comes from), each asked at its own time, else a day after the last turn."""
    from bench.locomo_bench import _at, ingest

    user = user or "fit-" + conv.conv_id
    now = ingest(memory, user, conv)

    def turn_of(c, vc) -> set[str]:
        turn = vc.turns.get(c.id) or vc.turns.get(c.source_id or "") if vc else None
        return {turn[1]} if turn else set()

    group = []
    for qu in conv.questions:
        g = _rows(memory.retriever, user, qu.question, _at(qu.time) or now, tenant, turn_of) if qu.evidence else None
        if g:
            g["relevant"] = set(qu.evidence)
            group.append(g)
    print(f"  {conv.conv_id}: {len(group)} questions", file=sys.stderr)
    return group


def longmem_groups(memory, tenant: str) -> list[list[dict]]:
    """One group of questions per haystack of the LongMemEval-shaped dev split (``bench/eval/longmem/dev``), asked
    at their dates; a memory is relevant when its turn is one of the question's evidence turns."""
    from bench.locomo_bench import TOOL, load_tool
    from bench.longmem_bench import SETS, load_haystacks

    if not TOOL.exists():
        print(f"fit_ranking: {TOOL} is absent; the LongMemEval-shaped set is left out")
        return []
    return [_by_evidence(memory, tenant, conv) for conv in load_haystacks(load_tool(), SETS / "dev")]


def dialogue_groups(memory, tenant: str) -> list[list[dict]]:
    """One group per language of the dialogue bench's dev split (``bench/eval/dialogue_recall/dev``): the query is
    the chat so far, a memory is relevant when it is one of the dialogue's relevant events."""
    from bench.dialogue_recall_bench import SETS
    from bench.locomo_bench import TOOL, load_tool

    if not TOOL.exists():
        print(f"fit_ranking: {TOOL} is absent; the dialogue bench is left out")
        return []
    return [[g for conv in load_tool().load_madial(str(SETS / "dev" / lang))
             for g in _by_evidence(memory, tenant, conv, f"fit-{lang}-{conv.conv_id}")] for lang in ("en", "zh")]


def own_groups(memory, tenant: str, store) -> list[list[dict]]:
    """The suite's users (``bench/eval/users``, ``bench/eval/dev``), one group; a probe's expected groups are
    its relevant units (a memory counts for the groups its text contains)."""
    from bench.eval.data import load_users
    from bench.eval.judge import contains
    from bench.eval.system import GraphmemSystem

    system = GraphmemSystem(memory.settings, store)
    specs = [u for folder in ("users", "dev") for u in load_users(directory=ROOT / "eval" / folder)]
    for spec in specs:
        for s in spec.sessions:
            for t in s.turns:
                system.add(spec.user, t)
    system.flush()
    group = []
    for spec in specs:
        for p in spec.probes:
            if not p.expect:
                continue
            system.now = p.now
            forms = {i: forms for i, forms in enumerate(p.expect)}

            def units(c, vc, forms=forms):
                return {i for i, fs in forms.items() if any(contains(c.text or "", f) for f in fs)}

            g = _rows(system.memory.retriever, spec.user, p.q, p.now, system.settings.tenant, units)
            if g:
                g["relevant"] = set(forms)
                group.append(g)
    system.close()
    print(f"  own sets: {len(group)} probes", file=sys.stderr)
    return [group] if group else []


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true", help="store the model fitted on every group")
    ap.add_argument("--no-own", action="store_true", help="LoCoMo only")
    ap.add_argument("--longmem", action="store_true", help="add the LongMemEval-shaped dev split as a source")
    ap.add_argument("--dialogue", action="store_true", help="add the dialogue bench's dev split as a source")
    ap.add_argument("--only", choices=scoring.FEATURES, help="fit this feature's weight alone, the others held at "
                    "the current model's (a feature no other source has: the assistant's words)")
    ap.add_argument("--pairwise", action="store_true", help="fit the order (pairs of an answering and another "
                    "candidate of a question), then a probability on it")
    ap.add_argument("--l2", type=float, default=L2)
    a = ap.parse_args(argv)
    if a.only and a.pairwise:   # the order is fitted over every feature at once: one weight alone has no pairs
        ap.error("--only fits one weight pointwise; it cannot be combined with --pairwise")
    from graphmem import Memory, Settings
    from graphmem.store import Store
    from graphmem.write import delete_tenant

    settings = Settings.from_env().with_(tenant="fit-" + uuid.uuid4().hex[:8])
    store = Store(settings)
    journal = settings.home / f"fit-{settings.tenant}.sqlite3"
    memory = Memory(settings, store=store, journal_path=journal)
    try:
        sources = {"locomo": locomo_groups(memory, settings.tenant)}
        if not a.no_own:
            sources["own"] = own_groups(memory, settings.tenant, store)
        if a.longmem:
            sources["longmem"] = longmem_groups(memory, settings.tenant)
        if a.dialogue:
            sources["dialogue"] = dialogue_groups(memory, settings.tenant)
    finally:
        memory.close()
        delete_tenant(store, settings.tenant)
        remove_journal(journal)
    folds = [(name, i, g) for name, groups in sources.items() for i, g in enumerate(groups) if g]

    def fit(parts: list[list[dict]]) -> np.ndarray:
        X = np.vstack([g["X"] for part in parts for g in part])
        y = np.concatenate([[1.0 if u & g["relevant"] else 0.0 for u in g["units"]] for part in parts for g in part])
        # every question weighs the same, and each group as much as another
        w8 = np.concatenate([np.full(len(g["units"]), 1.0 / (len(g["units"]) * len(part)))
                             for part in parts for g in part])
        w8 = w8 * len(y) / w8.sum()
        if a.pairwise:
            return calibrate(X, y, w8, pairwise([(g, 1.0 / len(part)) for part in parts for g in part], a.l2))
        if not a.only:
            return logistic(X, y, w8, a.l2)
        j, beta = scoring.FEATURES.index(a.only), current.copy()
        beta[1 + j] = logistic_one(X[:, j], y, w8, X @ current[1:] + current[0] - X[:, j] * current[1 + j], a.l2)
        return beta

    current = np.asarray([scoring.fitted_model()[0]] + [w for _, w in scoring.fitted_model()[1]])
    report = {}
    for name, i, g in folds:
        rest = [h for n2, j, h in folds if (n2, j) != (name, i)]
        beta = fit(rest)
        report[f"{name}#{i}"] = {"n": len(g), "cv": recall_at(g, beta), "current": recall_at(g, current)}
        print(f"{name}#{i}: n={len(g)} cross-validated {report[f'{name}#{i}']['cv']}  current model "
              f"{report[f'{name}#{i}']['current']}")
    beta = fit([g for _, _, g in folds])
    weights = {f: round(float(w), 4) for f, w in zip(scoring.FEATURES, beta[1:])}
    print("bias", round(float(beta[0]), 4), json.dumps(weights))
    if a.write:
        held = json.loads(MODEL.read_text(encoding="utf-8")) if a.only else {}
        MODEL.write_text(json.dumps({
            "bias": round(float(beta[0]), 4), "weights": weights,
            "fitted_on": {name: sum(len(g) for g in groups) for name, groups in sources.items()},
            "method": (f"pairwise logistic regression (RankNet, linear), L2 {a.l2}, then σ(a·score + b) fitted "
                       "pointwise" if a.pairwise else f"logistic regression, L2 {a.l2}")
                      + ", each question weighted equally, each source equally; "
                      + (f"{a.only} fitted alone, the others held; " if a.only else "")
                      + "python -m bench.fit_ranking" + "".join(f" {o}" for o, on in (
                          (f"--only {a.only}", a.only), ("--pairwise", a.pairwise), ("--longmem", a.longmem),
                          ("--dialogue", a.dialogue)) if on)
                      + " --write",
            "cross_validated": report,
            **({"others_from": {k: held[k] for k in ("fitted_on", "method") if k in held}} if a.only else {})},
            indent=1) + "\n", encoding="utf-8")
        print(f"wrote {MODEL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
