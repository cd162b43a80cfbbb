"""The retriever's per-user caches, kept in process: the user's entity names (for linking the input) and the
user's vectors with their texts (cosine top-k with numpy, BM25 over the texts, the session order of messages, who
is mentioned where), and one query's view over them. Copy on write: a top-up makes a new cache, so a reader is
never disturbed. Pure, no I/O: the retriever loads and refreshes them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from graphmem.recall import lexical
from graphmem.recall.lexical import BM25


@dataclass
class UserNames:
    loaded: float
    gazetteer: Any
    names: dict[str, str]
    ids: dict[str, dict]
    self_id: str | None
    version: Any = None
    written: int = 0      # the user's commits by this process it holds (``Retriever.written``)


#: the columns of a fact or an event that are set when it is made and never change: served from the cache, so the
#: fetch by id (``recall/by_id_graph``) returns only what can change (status, text, validity, counts, importance, entity)
STATIC = ("kind", "key", "value", "polarity", "referents", "t_from", "recorded_at", "quality", "language",
          "session_id", "source_id", "speaker", "role")
_LOADED_AS = {"recorded_at": "at"}   # the name ``recall/user_vectors`` gives a static column, where it differs
STATIC_BYTES = 250                   # about what one memory's static columns hold (a tuple and a few short values)


def _neighbours(seq: list[tuple[int, str]]) -> dict[str, tuple[str, ...]]:
    """Each message of a session's ordered ``(when, id)``s → the ones just before and after it."""
    return {i: tuple(x for _, x in seq[max(0, n - 1):n] + seq[n + 1:n + 2]) for n, (_, i) in enumerate(seq)}


def _grown_f32(before: np.ndarray | None, mat: np.ndarray, replaced: bool) -> np.ndarray:
    """The float32 copy of ``mat`` (float16) given ``before``, the copy of its first rows: only the rows added are
    converted, unless a row was replaced."""
    if before is None or replaced or before.shape[0] > mat.shape[0]:
        return mat.astype(np.float32)
    if before.shape[0] == mat.shape[0]:
        return before
    return np.vstack([before, mat[before.shape[0]:].astype(np.float32)])


class UserVectors:
    """One user's vectors (facts, events, entities) as float16 matrices (1 KB a 512-d memory; ranking needs
    no more precision) plus their texts; exact cosine top-k and a lexical match with numpy/Python."""

    def __init__(self) -> None:
        self.ids: dict[str, list[str]] = {"facts": [], "events": [], "entities": []}
        self.mats: dict[str, np.ndarray] = {}
        self.row: dict[str, tuple[str, int]] = {}
        self.texts: dict[str, tuple[str, str]] = {}                    # id → (label, text: "Speaker: words")
        self.at: dict[str, int] = {}                                     # id → when recorded (epoch ms)
        self.mentions: dict[str, frozenset[str]] = {}                    # id → the entities it names (not the user)
        self.turns: dict[str, tuple] = {}            # id → (session, turn, speaker, role, source message or None)
        self.happened: dict[str, int] = {}           # id → when it happened (events) or was last said (facts), epoch ms
        self.scope: dict[str, str] = {}              # id → scope, of memories not shared with all agents
        self.static: dict[str, tuple] = {}           # fact/event id → its columns that never change (STATIC)
        self.lex_ids: dict[str, list[str]] = {}                          # label → ids in BM25 row order
        self._bm25: dict[str, BM25] = {}
        self._order: dict[str, tuple[str, ...]] | None = None             # message id → its neighbours
        self._sessions: dict[str, list[tuple[int, str]]] = {}             # session → its messages (when, id), in order
        self._mentioning: dict[str, list[str]] | None = None              # entity id → events naming it
        self.watermark = None
        self.version = None
        self.written = 0                              # the user's commits by this process it holds
        self.loaded = 0.0
        self.nbytes = 0
        self._last: tuple[np.ndarray, dict[str, np.ndarray]] | None = None   # the last query and its cosines
        self._f32: dict[str, np.ndarray] | None = None    # the matrices as float32 while the user is hot (see hot())
        self._lex_last: dict[tuple[str, tuple[str, ...]], np.ndarray] = {}   # recent queries' BM25 scores
        self._lex_row: dict[str, dict[str, int]] = {}     # label → id → its BM25 row
        self._static_rows: dict[str, dict] = {}           # id → its STATIC columns as a dict

    def extended(self, rows: list[dict]) -> "UserVectors":
        """A new cache with ``rows`` added (copy on write: readers of this one are never disturbed), holding what
        this one had built on first use (BM25 indexes, float32 copy, session order, who is mentioned where)
        extended by the rows added, so that a top-up made in the background spares the next recall that work. Rows
        are taken in the order they were recorded (``_load_order``), not the server's: the row order breaks ties
        between equal scores, and the server's follows the node ids, which differ between tenants holding the
        same conversation."""
        rows = sorted(rows, key=_load_order)
        out = UserVectors()
        out.ids = {k: list(v) for k, v in self.ids.items()}
        out.mats = dict(self.mats)
        out.row = dict(self.row)
        out.texts = dict(self.texts)
        out.at = dict(self.at)
        out.mentions = dict(self.mentions)
        out.turns = dict(self.turns)
        out.happened = dict(self.happened)
        out.scope = dict(self.scope)
        out.static = dict(self.static)
        out.watermark = self.watermark
        new: dict[str, list[tuple[str, list[float]]]] = {}
        retexted: set[str] = set()                   # labels where a cached node's text changed
        for r in rows:
            text = r.get("text") or ""    # as written (the lexical index folds case); a participant's name first
            if r.get("speaker"):
                text = f"{r['speaker']}: {text}"
            if self.texts.get(r["id"], (r["label"], text)) != (r["label"], text):
                retexted.add(r["label"])
            out.texts[r["id"]] = (r["label"], text)
            if r.get("scope") not in (None, "user"):
                out.scope[r["id"]] = r["scope"]
            if r.get("mentions"):
                out.mentions[r["id"]] = frozenset(r["mentions"])
            if r["label"] != "entities":
                out.static[r["id"]] = tuple(r.get(_LOADED_AS.get(k, k)) for k in STATIC)
            if r.get("turn_id") is not None:
                out.turns[r["id"]] = (r.get("session_id"), str(r["turn_id"]), r.get("speaker"), r.get("role"),
                                      r.get("source"))
            if r.get("embedding") is None:
                continue
            new.setdefault(r["label"], []).append((r["id"], r["embedding"]))
            if r.get("happened") is not None:
                out.happened[r["id"]] = r["happened"]
            at = r.get("at")
            if at is not None:
                out.at[r["id"]] = at
                if out.watermark is None or at > out.watermark:
                    out.watermark = at
        replaced: set[str] = set()
        added_rows: dict[str, list[str]] = {}
        for label, items in new.items():
            fresh = {i: v for i, v in items if i not in out.row}
            again = [(i, v) for i, v in items if i in out.row]
            if again:                                # a re-embedded node: replace its row
                replaced.add(label)
                mat = out.mats[label].copy()
                for i, v in again:
                    mat[out.row[i][1]] = unit(np.asarray(v, dtype=np.float32)[None, :])[0].astype(np.float16)
                out.mats[label] = mat
            if not fresh:
                continue
            mat = unit(np.asarray(list(fresh.values()), dtype=np.float32)).astype(np.float16)
            start = len(out.ids[label])
            out.ids[label].extend(fresh)
            added_rows[label] = list(fresh)
            out.mats[label] = mat if label not in out.mats else np.vstack([out.mats[label], mat])
            for n, i in enumerate(fresh):
                out.row[i] = (label, start + n)
        out.nbytes = sum(m.nbytes for m in out.mats.values()) + STATIC_BYTES * len(out.static)
        self._extend_lexical(out, [i for i in dict.fromkeys(r["id"] for r in rows) if i not in self.texts], retexted)
        self._extend_built(out, added_rows, replaced)
        return out

    def _extend_lexical(self, out: "UserVectors", added: list[str], retexted: set[str]) -> None:
        """Give ``out`` (this cache with the nodes ``added``) this cache's BM25 indexes extended by the added texts
        (only theirs are tokenised: rebuilding a 700-turn user's index after every write cost a recall ~30 ms); a
        label whose cached texts changed (``retexted``) is rebuilt on first use."""
        for label, index in self._bm25.items():
            if label in retexted:
                continue
            more = [i for i in added if out.texts[i][0] == label]
            out.lex_ids[label] = self.lex_ids[label] + more
            out._bm25[label] = index.extended([lexical.tokens(out.texts[i][1]) for i in more])

    def _extend_built(self, out: "UserVectors", added: dict[str, list[str]], replaced: set[str]) -> None:
        """Give ``out`` (this cache with the rows ``added``, per label; ``replaced``: labels with a re-embedded row)
        this cache's float32 copy, session order and mention index extended by those rows (the same arrays and
        indexes a build from scratch gives; a 700-turn user's top-up built them again in 3.5 ms of CPU after every
        commit)."""
        events = added.get("events", [])
        if self._f32 is not None:
            out._f32 = {label: _grown_f32(self._f32.get(label), mat, label in replaced)
                        for label, mat in out.mats.items()}
        if self._order is not None:
            out._grow_order(self, events)
        if self._mentioning is not None:
            index = dict(self._mentioning)
            for i in events:
                for e in out.mentions.get(i, ()):
                    index[e] = [*index.get(e, ()), i]
            out._mentioning = index

    def _grow_order(self, old: "UserVectors", events: list[str]) -> None:
        """``old``'s session order with the messages ``events`` added: only their sessions are ordered again."""
        fresh: dict[str, list[tuple[int, str]]] = {}
        for i in events:
            if self._in_order(i):
                fresh.setdefault(self.turns[i][0], []).append((self.at[i], i))
        self._sessions, self._order = dict(old._sessions), dict(old._order)
        for session, items in fresh.items():
            seq = self._sessions[session] = sorted(self._sessions.get(session, []) + items)
            self._order.update(_neighbours(seq))

    def _in_order(self, node_id: str) -> bool:
        """Whether a cached message takes part in its session's order (one said in a session, not one drawn from
        another message)."""
        turn = self.turns.get(node_id)
        return bool(turn) and turn[0] is not None and turn[4] is None and node_id in self.at

    def with_static(self, row: dict) -> dict:
        """A fetched row (its changing columns: ``recall/by_id_graph``) with the cached columns that never change."""
        return {**self.static_row(row["id"]), **row}

    def static_row(self, node_id: str) -> dict:
        """The columns of ``node_id`` that never change, as a dict (made once; read only)."""
        hit = self._static_rows.get(node_id)
        if hit is None:
            hit = self._static_rows[node_id] = dict(zip(STATIC, self.static[node_id]))
        return hit

    def bm25(self, label: str) -> BM25:
        """The BM25 index of one label's texts (built on first use, then kept: the cache is copy on write)."""
        index = self._bm25.get(label)
        if index is None:
            order = self.lex_ids.setdefault(label, [i for i, (lb, _) in self.texts.items() if lb == label])
            index = self._bm25[label] = BM25([lexical.tokens(self.texts[i][1]) for i in order])
        return index

    def bm25_scores(self, label: str, toks: Sequence[str]) -> np.ndarray:
        """Every text's BM25 for the query tokens ``toks`` (a query's paths and annotation ask for the same tokens:
        the last few queries' scores are kept; read only)."""
        key = (label, tuple(toks))
        hit = self._lex_last.get(key)
        if hit is None:
            hit = self.bm25(label).scores(toks)
            hit.flags.writeable = False
            if len(self._lex_last) >= 16:
                self._lex_last = {}
            self._lex_last[key] = hit
        return hit

    def lex_row(self, label: str) -> dict[str, int]:
        """id → its row in ``label``'s BM25 index (built once)."""
        rows = self._lex_row.get(label)
        if rows is None:
            self.bm25(label)
            rows = self._lex_row[label] = {i: n for n, i in enumerate(self.lex_ids[label])}
        return rows

    def lexical(self, query: str, n: int,
                labels: Sequence[str] = ("facts", "events", "entities")) -> dict[str, list[dict]]:
        """Per label (of ``labels``), the ``n`` best texts by BM25 for ``query``; score divided by the best score of
        the query among them."""
        toks = lexical.tokens(query)
        found = {label: [(self.lex_ids[label][i], s) for i, s in BM25.best(self.bm25_scores(label, toks), n)]
                 for label in labels}
        best = max((s for rows in found.values() for _, s in rows), default=0.0) or 1.0
        return {label: [{"id": i, "score": s / best, "bm25": s} for i, s in rows] for label, rows in found.items()
                if rows}

    def message(self, node_id: str) -> str:
        """The words of the cached message ``node_id`` as written, without who said them ("" if not cached)."""
        text = self.texts.get(node_id, ("", ""))[1]
        turn = self.turns.get(node_id)
        speaker = turn[2] if turn else None
        return text[len(speaker) + 2:] if speaker and text.startswith(f"{speaker}: ") else text

    def neighbours(self, node_id: str) -> tuple[str, ...]:
        """The messages said just before and after ``node_id`` in its session (the session neighbourhood)."""
        if self._order is None:
            by_session: dict[str, list[tuple[int, str]]] = {}
            for i in self.ids["events"]:
                if self._in_order(i):
                    by_session.setdefault(self.turns[i][0], []).append((self.at[i], i))
            order: dict[str, tuple[str, ...]] = {}
            for seq in by_session.values():
                seq.sort()
                order.update(_neighbours(seq))
            self._sessions, self._order = by_session, order
        return self._order.get(node_id, ())

    def latest(self, label: str, n: int, since: datetime | None = None, until: datetime | None = None) -> list[str]:
        """The ``n`` nodes of ``label`` that happened (events) or were said (facts) last, inside [since, until)."""
        lo = since.timestamp() * 1000 if since else None
        hi = until.timestamp() * 1000 if until else None
        when = self.happened
        ids = [i for i in self.ids[label] if i in when and (lo is None or when[i] >= lo) and (hi is None or when[i] < hi)]
        return sorted(ids, key=lambda i: when[i], reverse=True)[:n]

    def mentioning(self, entity_id: str) -> list[str]:
        """The events that mention ``entity_id``."""
        if self._mentioning is None:
            index: dict[str, list[str]] = {}
            for i in self.ids["events"]:
                for e in self.mentions.get(i, ()):
                    index.setdefault(e, []).append(i)
            self._mentioning = index
        return self._mentioning.get(entity_id, [])

    def query(self, text: str, qv: np.ndarray) -> "QueryView":
        return QueryView(self, text, qv)

    def count(self, label: str) -> int:
        return len(self.ids[label])

    def cosines(self, q: np.ndarray) -> dict[str, np.ndarray]:
        """Every cached vector's cosine with the query vector ``q``, per label: computed once for the array ``q``
        (a recall's paths and annotation pass the same vector; another thread's query only causes a recomputation)."""
        last = self._last
        if last is not None and (last[0] is q or np.array_equal(last[0], q)):
            return last[1]
        mats = self._f32 if self._f32 is not None else self.mats
        sims = {label: mat.astype(np.float32, copy=False) @ q for label, mat in mats.items()}
        self._last = (q, sims)
        return sims

    def hot(self, on: bool = True) -> int:
        """Keep the matrices also as float32 (``on``), so a query's cosines skip the float16 conversion (about a
        millisecond for a thousand turns), or drop that copy; the float32 copy's bytes."""
        if not on:
            self._f32 = None
            return 0
        if self._f32 is None:
            self._f32 = {label: mat.astype(np.float32) for label, mat in self.mats.items()}
        return sum(m.nbytes for m in self._f32.values())

    def top(self, label: str, q: np.ndarray, n: int) -> list[dict]:
        if label not in self.mats or n <= 0:
            return []
        sims = self.cosines(q)[label]
        ids = self.ids[label]
        return [{"id": ids[i], "sim": float(sims[i])} for i in lexical.best_rows(sims, np.arange(len(sims)), n)]

    def pairwise(self, ids: Iterable[str]) -> Callable[[str, str], float | None]:
        """Cosine between any two of ``ids`` (one matrix product; None for a node without a vector)."""
        found = [i for i in dict.fromkeys(ids) if i in self.row]
        if not found:
            return lambda a, b: None
        m = self._stack(found)
        sims, at = m @ m.T, {i: k for k, i in enumerate(found)}
        return lambda a, b: float(sims[at[a], at[b]]) if a in at and b in at else None

    def cosine(self, a: str, b: str) -> float | None:
        """The cosine between two cached nodes (None for a node without a vector): :meth:`pairwise` of the two."""
        return self.pairwise((a, b))(a, b)

    def _stack(self, ids: Sequence[str]) -> np.ndarray:
        """The vectors of ``ids`` (all cached) as one float32 matrix, a row each."""
        return np.stack([self.mats[label][r] for label, r in (self.row[i] for i in ids)]).astype(np.float32)

    def sims(self, ids: Sequence[str], q: np.ndarray) -> list[float | None]:
        """:meth:`sim` of each of ``ids``, in one pass."""
        sims, row = self.cosines(q), self.row
        out: list[float | None] = []
        for i in ids:
            hit = row.get(i) if i else None
            out.append(None if hit is None else float(sims[hit[0]][hit[1]]))
        return out

    def sim(self, node_id: str | None, q: np.ndarray) -> float | None:
        hit = self.row.get(node_id) if node_id else None
        if hit is None:
            return None
        return float(self.cosines(q)[hit[0]][hit[1]])


NONE: frozenset[str] = frozenset()


class QueryView:
    """One query's lexical and dense scores over every text of one user's cache (computed once per query)."""

    def __init__(self, vc: UserVectors, text: str, qv: np.ndarray) -> None:
        self.vc, self.qv = vc, qv
        toks = lexical.tokens(text)
        self.bm25 = {label: vc.bm25_scores(label, toks) for label in ("facts", "events")}
        self.best = max((float(a.max()) for a in self.bm25.values() if len(a)), default=0.0) or 1.0
        self.rows = {label: vc.lex_row(label) for label in self.bm25}
        self.sims = vc.cosines(qv)   # every cosine, once

    def lexical(self, node_id: str) -> float:
        """BM25 of the node divided by the query's best BM25 (0 for a node the cache does not hold)."""
        for label, rows in self.rows.items():
            n = rows.get(node_id)
            if n is not None:
                return float(self.bm25[label][n]) / self.best
        return 0.0

    def sim(self, node_id: str) -> float:
        hit = self.vc.row.get(node_id)
        return float(self.sims[hit[0]][hit[1]]) if hit else 0.0

    def relevance(self, node_id: str) -> float:
        """A quick relevance of any cached node: the mean of its lexical score and its similarity."""
        return 0.5 * self.lexical(node_id) + 0.5 * max(0.0, self.sim(node_id))


def _load_order(row: dict) -> tuple:
    """When a node was recorded, then what it is: the same for the same history whatever its ids."""
    return (row.get("at") or 0, row["label"], str(row.get("session_id") or ""), str(row.get("turn_id") or ""),
            row.get("text") or "", row["id"])


def unit(mat: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(mat, axis=1, keepdims=True)
    return mat / np.where(norms == 0, 1, norms)
