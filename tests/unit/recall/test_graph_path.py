"""The graph path's plan from the user's cache: the events that mention a linked entity, the most similar first."""

from datetime import datetime, timezone

from graphmem.recall import RecallConfig
from graphmem.recall.cache import UserVectors
from graphmem.recall.paths import Run, plan_graph
from graphmem.recall.query import analyse

NOW = datetime(2026, 5, 6, tzinfo=timezone.utc)


def test_of_events_as_similar_to_the_question_the_newest_are_kept_whatever_their_ids():
    cfg = RecallConfig()
    n = cfg.graph_per_entity + 3
    for ids in ([f"ev_{k}" for k in range(n)], [f"ev_{n - k}" for k in range(n)]):   # id order with time, then against
        vc = UserVectors().extended([{"id": i, "label": "events", "embedding": [1.0, 0.0], "text": "Biscotti again",
                                      "at": k + 1, "mentions": ["en_biscotti"]} for k, i in enumerate(ids)])
        run = Run(cfg, analyse("How is Biscotti?", NOW), [1.0, 0.0], cfg.paths, None, vc, {},
                  {"en_biscotti": (1.0, "graph", "")})
        rows = {"facts": [], "events": []}
        plan_graph(run, rows)
        assert sorted(r["id"] for r in rows["events"]) == sorted(ids[-cfg.graph_per_entity:])
