"""Issue 17, item 1: the write path reads a turn at the turn's own time (``Pipeline._classify`` passes it to the
gate's classifier and to statement extraction): "tomorrow" is the day after the turn was said, not after the
writer's clock."""

from datetime import datetime, timedelta, timezone

from graphmem.write.pipeline import Pipeline, Prepared, TurnWork

SAID = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)


def test_a_turn_is_classified_at_its_own_time():
    w = TurnWork(Prepared("k1", "t", "u", "s", "1", "I'm flying to Paris tomorrow for the conference", "user",
                          SAID, None))
    Pipeline(None, None)._classify(w)
    assert not w.verdict and w.statements
    whens = [s.when for s in w.statements if s.when is not None]
    assert whens and all(w_.date() == (SAID + timedelta(days=1)).date() for w_ in whens)
