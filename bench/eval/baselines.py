"""The baselines, run on the same turns and judged by the same judge as graphmem.

* ``full``  — full history: every earlier turn of the user (both roles, small talk included), newest first;
* ``lastN`` — the last N turns (default 10), newest first;
* ``bm25``  — BM25 (``rank-bm25``, Okapi) over the user's turns; jieba search-mode tokens for Chinese and
  mixed text, lower-cased words for English; top k;
* ``dense`` — cosine over the user's turns embedded with the SAME embedder graphmem uses; top k.

Every baseline "stores" every turn, so its junk-stored rate is 100 % by construction, and none calls an LLM.
"""

from __future__ import annotations

import re
import unicodedata

import numpy as np

from bench.eval.data import TurnSpec

_TOKEN = re.compile(r"[0-9a-z\u3400-\u9fff]", re.I)
EN_STOP = frozenset("""a an the and or but if of to in on at for with by from is are was were be been am do does did i me
my mine you your it its this that these those what which who whom how when where why can could should would will
shall may might must have has had so as about any some just not no yes up out""".split())
ZH_STOP = frozenset("的 了 吗 呢 吧 啊 我 你 是 在 有 和 就 都 也 还 要 会 把 那 这 个 么 什么 怎么 哪".split())


def tokenize(text: str) -> list[str]:
    import jieba

    t = unicodedata.normalize("NFKC", text).lower()
    out = []
    for tok in jieba.lcut_for_search(t):
        tok = tok.strip()
        if not tok or not _TOKEN.search(tok) or tok in EN_STOP or tok in ZH_STOP:
            continue
        out.append(_stem(tok))
    return out


def _stem(tok: str) -> str:
    """A crude English suffix stripper (recommended → recommend, runs → run) so BM25 is not handicapped."""
    if not tok.isascii() or not tok.isalpha() or len(tok) <= 4:
        return tok
    for suf in ("ing", "ed", "es", "s"):
        if tok.endswith(suf) and len(tok) - len(suf) >= 3:
            return tok[: -len(suf)]
    return tok


class Baseline:
    name = "baseline"

    def __init__(self) -> None:
        self.turns: dict[str, list[TurnSpec]] = {}

    def add(self, user: str, turn: TurnSpec) -> None:
        self.turns.setdefault(user, []).append(turn)
        self._dirty(user)

    def _dirty(self, user: str) -> None:
        pass

    def retrieve(self, user: str, query: str, k: int) -> list[str]:
        raise NotImplementedError


class FullHistory(Baseline):
    name = "full"

    def retrieve(self, user, query, k):
        return [t.text for t in reversed(self.turns.get(user, []))]


class LastN(Baseline):
    def __init__(self, n: int = 10) -> None:
        super().__init__()
        self.n = n
        self.name = f"last{n}"

    def retrieve(self, user, query, k):
        return [t.text for t in reversed(self.turns.get(user, [])[-self.n:])]


class BM25Turns(Baseline):
    name = "bm25"

    def __init__(self) -> None:
        super().__init__()
        self._index: dict[str, object] = {}

    def _dirty(self, user):
        self._index.pop(user, None)

    def retrieve(self, user, query, k):
        from rank_bm25 import BM25Okapi

        turns = self.turns.get(user, [])
        if not turns:
            return []
        if user not in self._index:
            self._index[user] = BM25Okapi([tokenize(t.text) or ["∅"] for t in turns])
        scores = self._index[user].get_scores(tokenize(query))
        order = sorted(range(len(turns)), key=lambda i: (-scores[i], -i))[:k]
        return [turns[i].text for i in order]


class DenseTurns(Baseline):
    name = "dense"

    def __init__(self, embedder) -> None:
        super().__init__()
        self.embedder = embedder
        self._vecs: dict[str, np.ndarray] = {}

    def _dirty(self, user):
        self._vecs.pop(user, None)

    def retrieve(self, user, query, k):
        turns = self.turns.get(user, [])
        if not turns:
            return []
        if user not in self._vecs:
            self._vecs[user] = self.embedder.embed([t.text for t in turns])
        q = self.embedder.embed([query])[0]
        sims = self._vecs[user] @ q
        order = np.argsort(-sims, kind="stable")[:k]
        return [turns[int(i)].text for i in order]


def all_baselines(embedder, last_n: int = 10) -> list[Baseline]:
    return [FullHistory(), LastN(last_n), BM25Turns(), DenseTurns(embedder)]
