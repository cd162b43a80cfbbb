"""The ranking fit's pure parts: the pairwise order fit and the probability put on it."""

import numpy as np
import pytest

from bench.fit_ranking import calibrate, main, pairwise, recall_at


def groups(n: int = 60, seed: int = 7) -> list[dict]:
    """Questions of 8 candidates each: feature 0 tells the answer (noisily), feature 1 is noise that the answer
    tends to lack, so a pointwise fit and a ranking fit can disagree on it only through the order."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        X = rng.random((8, 2))
        answer = int(rng.integers(8))
        X[answer, 0] = min(1.0, X[answer, 0] + 0.6)
        out.append({"X": X, "units": [{"a"} if i == answer else set() for i in range(8)], "relevant": {"a"}})
    return out


def test_the_pairwise_fit_orders_answers_first_and_has_no_bias():
    gs = groups()
    beta = pairwise([(g, 1.0) for g in gs])
    assert abs(beta[0]) < 1e-6 and beta[1] > 0
    assert recall_at(gs, beta, ks=(1,))["R@1"] > 60.0          # feature 0 alone would give about 70


def test_a_question_whose_candidates_all_answer_or_none_adds_no_pair():
    gs = groups()
    none = {"X": np.ones((3, 2)), "units": [set(), set(), set()], "relevant": {"a"}}
    every = {"X": np.zeros((3, 2)), "units": [{"a"}] * 3, "relevant": {"a"}}
    assert np.allclose(pairwise([(g, 1.0) for g in gs]), pairwise([(g, 1.0) for g in gs + [none, every]]))


def test_the_probability_keeps_the_order_and_is_calibrated():
    gs = groups()
    order = pairwise([(g, 1.0) for g in gs])
    X = np.vstack([g["X"] for g in gs])
    y = np.concatenate([[1.0 if u else 0.0 for u in g["units"]] for g in gs])
    beta = calibrate(X, y, np.ones(len(y)), order)
    ratio = beta[1:] / order[1:]
    assert ratio[0] > 0 and np.allclose(ratio, ratio[0])       # the same order, scaled
    p = 1 / (1 + np.exp(-(X @ beta[1:] + beta[0])))
    assert abs(p.mean() - y.mean()) < 0.01                      # a logistic fit's mean matches the base rate


def test_one_weight_alone_cannot_be_fitted_on_the_order():
    with pytest.raises(SystemExit) as stop:
        main(["--only", "assistant", "--pairwise"])
    assert stop.value.code == 2
