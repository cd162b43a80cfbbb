"""``loop_700``'s plays: every call made on a user holding the same number of turns before it."""

from collections import namedtuple

from bench.session_caller_bench import windows

Turn = namedtuple("Turn", "text role")


def test_each_play_holds_the_turns_before_it_and_has_its_share_of_user_turns():
    every = [Turn(f"t{i}", "user" if i % 3 else "participant") for i in range(40)]
    plays = windows(every, held=10, calls=4)
    assert [t for _, turns in plays for t in turns] == every[10:]           # every turn after the held ones, once
    for held, turns in plays:
        assert len(held) == 10 and every.index(turns[0]) == every.index(held[-1]) + 1
        assert turns[0].role == "user"
        assert sum(t.role == "user" for t in turns) <= 4
    assert [sum(t.role == "user" for t in turns) for _, turns in plays] == [4, 4, 4, 4, 4]


def test_n_bounds_the_turns_played():
    every = [Turn(f"t{i}", "user") for i in range(30)]
    plays = windows(every, held=10, calls=6, n=8)
    assert [len(turns) for _, turns in plays] == [6, 2]
    assert plays[1][0] == every[6:16]
