"""Long-term recall: multi-path retrieval from the user's graph, explainable ranking, second-person rewrite.

    Retriever(store, settings, *, embedder=None, config=RecallConfig(), llm_rewrite=None)
        .recall(user_id, query, k, *, explain=False, slots=None, session_id=None) -> list[Recalled]
        .related(user_id, entity, hops=2) -> list[RelatedEntity]
        .card(user_id, entity) / .history(user_id, entity, attribute) / .as_of(user_id, when) / .profile(user_id)
        retriever(user_input, session)     the short-term Session's retriever interface

Pure parts (no I/O, no models): :mod:`.query`, :mod:`.scoring`, :mod:`.rewrite`, :mod:`.packing`.
"""

from graphmem.recall.query import QueryInfo, analyse, asks_about_past, lucene_escape, lucene_query, time_window
from graphmem.recall.retriever import RecallConfig, Retriever, render
from graphmem.recall.scoring import ScoringConfig, components, merge, rank
from graphmem.recall.types import PATHS, Candidate, Recalled, RelatedEntity

__all__ = ["PATHS", "Candidate", "QueryInfo", "RecallConfig", "Recalled", "RelatedEntity", "Retriever",
           "ScoringConfig", "analyse", "asks_about_past", "components", "lucene_escape", "lucene_query", "merge",
           "rank", "render", "time_window"]
