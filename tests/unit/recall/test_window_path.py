"""The window path: a question that names a period ("last week") reads the latest said in it, with no word in
common; the session path takes its neighbours from the hits, not from those latest."""

from datetime import datetime, timedelta, timezone

from graphmem.recall import RecallConfig
from graphmem.recall.cache import UserVectors
from graphmem.recall.paths import Run, plan_recency, plan_session
from graphmem.recall.query import analyse

NOW = datetime(2026, 5, 6, 12, tzinfo=timezone.utc)   # a Wednesday


def ms(days: float) -> int:
    return int((NOW - timedelta(days=days)).timestamp() * 1000)


MESSAGES = [  # id, said (days ago), session, text
    ("paint", 12, "flat", "We painted the hallway green over the weekend."),
    ("boiler", 9, "flat", "The boiler broke again and the landlord is ignoring my emails."),
    ("reply", 8.9, "flat", "That sounds exhausting, have you tried calling the letting agent?"),
    ("ikea", 20, "home", "Finally built the IKEA wardrobe, only one screw left over."),
    ("today", 0.1, "food", "Lunch was a sad desk salad."),
]


def run(question: str, cfg: RecallConfig = RecallConfig()) -> tuple[Run, dict]:
    vc = UserVectors().extended([{"id": i, "label": "events", "embedding": [1.0, 0.0], "text": t, "at": ms(d),
                                  "happened": ms(d), "session_id": s, "turn_id": i}
                                 for i, d, s, t in MESSAGES])
    return Run(cfg, analyse(question, NOW), [1.0, 0.0], cfg.paths, None, vc, {}, {}), {"facts": [], "events": []}


def test_a_question_naming_a_period_reads_what_was_said_in_it():
    r, rows = run("What was I moaning about last week?")
    plan_recency(r, rows)
    assert {x["id"] for x in rows["events"]} == {"boiler", "reply"} and {x["path"] for x in rows["events"]} == {"window"}
    r, rows = run("Honestly I was so tired all last week.")   # a period a chat tells of, not one asked about
    plan_recency(r, rows)
    assert r.q.window and rows["events"] == []
    r, rows = run("What was I moaning about?")            # no period: nothing (recency alone is off)
    plan_recency(r, rows)
    assert rows["events"] == []
    r, rows = run("What was I moaning about last week?", RecallConfig().without("window"))
    plan_recency(r, rows)
    assert rows["events"] == []
    r, rows = run("What was I moaning about?", RecallConfig(paths=RecallConfig().paths | {"recency"}))
    plan_recency(r, rows)
    assert [x["id"] for x in rows["events"]][:1] == ["today"] and rows["events"][0]["path"] == "recency"


def test_the_session_path_starts_from_hits_not_from_the_latest():
    r, rows = run("What was I moaning about last week?")
    plan_recency(r, rows)                                  # "boiler" and "reply", score 1
    rows["events"].append({"id": "today", "sim": 0.4, "score": 0.3, "path": "fulltext"})
    plan_session(r, rows)
    assert [x["id"] for x in rows["events"] if x["path"] == "session"] == []   # not "paint", said before "boiler"
