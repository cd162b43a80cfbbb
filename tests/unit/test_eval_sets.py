"""Every hand-written user set of the suite's format (``bench/eval/dev``, ``dev2``, ``heldout`` … ``heldout8``)
passes the suite's own validator: sessions in order, small talk marked, every category probed, every expected and
old value said by the user, private markers said by that user only."""

from pathlib import Path

import pytest

from bench.eval.data import load_users, validate

EVAL = Path(__file__).resolve().parents[2] / "bench" / "eval"
SETS = sorted(d.name for d in EVAL.iterdir() if d.is_dir() and d.name.startswith(("dev", "heldout")))


def test_the_held_out_sets_are_all_here():
    assert {"dev", "dev2", "heldout", "heldout7", "heldout8"} <= set(SETS)


@pytest.mark.parametrize("name", SETS)
def test_a_user_set_passes_the_validator(name):
    users = load_users(directory=EVAL / name)
    assert len(users) >= 8
    assert validate(users) == []
