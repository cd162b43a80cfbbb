"""The later path: for a question about the value that holds now, the later messages that restate a best hit."""

from dataclasses import replace
from datetime import datetime, timezone

from graphmem.recall import RecallConfig
from graphmem.recall.cache import UserVectors
from graphmem.recall.paths import Run, plan_later
from graphmem.recall.query import analyse

NOW = datetime(2026, 5, 6, tzinfo=timezone.utc)
MESSAGES = [  # id, when (epoch ms), vector, text
    ("jan", 1, [1.0, 0.0, 0.0], "The co-op is paying 44 cent a litre for January milk."),
    ("feb", 2, [1.0, 0.2, 0.0], "The co-op dropped the price again, 41 cent for February."),
    ("vet", 3, [0.0, 0.0, 1.0], "The vet came out at 3 in the morning for a calving, 41 cows done."),
    ("mar", 4, [0.9, 0.4, 0.0], "Price is back up a bit, 43 cent for March."),
    ("old", 0, [1.0, 0.3, 0.0], "Milk price was 40 cent a litre last year."),
]


def cache() -> UserVectors:
    return UserVectors().extended([{"id": i, "label": "events", "embedding": v, "text": t, "at": at,
                                    "happened": at} for i, at, v, t in MESSAGES])


def planned(question: str, cfg: RecallConfig = RecallConfig(), hits=("feb",)) -> list[str]:
    vc = cache()
    run = Run(cfg, analyse(question, NOW), [1.0, 0.0, 0.0], cfg.paths, None, vc, {}, {})
    rows = {"facts": [], "events": [{"id": h, "sim": 0.5, "score": 1.0, "path": "fulltext"} for h in hits]}
    plan_later(run, rows)
    return [r["id"] for r in rows["events"] if r["path"] == "later"]


def test_a_question_about_now_brings_the_later_message_that_restates_a_best_hit():
    # "mar" shares the hit's words and is close to it; "vet" shares a number but is another thing; "old" is earlier
    assert planned("What's the co-op paying us per litre at the moment?") == ["mar"]


def test_only_for_a_question_about_the_value_that_holds_now_and_only_when_on():
    assert planned("What did the co-op pay per litre?") == []
    assert planned("What's the co-op paying us now?", RecallConfig().without("later")) == []
    assert planned("What did the co-op pay per litre?", replace(RecallConfig(), later_current_only=False)) == ["mar"]
    assert planned("What's the co-op paying us now?", hits=("mar",)) == []    # nothing said after the latest
