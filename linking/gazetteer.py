"""The user's own graph as a gazetteer: an index over KnownEntity names and aliases.

- exact span finding in a message (trie over normalised, space-free keys; ASCII word boundaries respected),
  so a brand jieba mis-tags (联想 as a verb) is found once it is known;
- fuzzy lookup (rapidfuzz) on CJK-aware normalised names, restricted to compatible types;
- embedding lookup over entity name vectors (when entities carry embeddings or an embedder is given);
- homophones: a Chinese name typed with a character that sounds the same (杭洲 for 杭州; pypinyin).

Pure Python + rapidfuzz + numpy + pypinyin; no spaCy, no jieba. Rebuild (``Gazetteer(entities)``) or call
``add``/``add_alias`` when the user's graph changes.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import replace
from functools import lru_cache
from typing import Iterable, Sequence

import numpy as np
from rapidfuzz import fuzz, process

from .normalize import compact, normalise, normalise_chars
from .types import KnownEntity
from . import lexicon


def _is_word_char(c: str) -> bool:
    return c.isascii() and c.isalnum()


def _is_cjk(c: str) -> bool:
    return "\u4e00" <= c <= "\u9fff"


@lru_cache(maxsize=4096)
def _readings(ch: str) -> frozenset[str]:
    from pypinyin import Style, pinyin     # loaded on the first Chinese look-alike only

    return frozenset(pinyin(ch, style=Style.NORMAL, heteronym=True)[0])


def _sounds_alike(a: str, b: str) -> bool:
    """Two characters share a toneless pinyin reading (洲/州 zhou, 们/门 men)."""
    return bool(_readings(a) & _readings(b))


class Gazetteer:
    """Index over the user's known entities. Cheap to build (1,000 entities: a few milliseconds)."""

    min_alias_len_ascii = 2
    min_alias_len_cjk = 2

    def __init__(self, entities: Iterable[KnownEntity] = ()) -> None:
        self._entities: dict[str, KnownEntity] = {}
        self._trie: dict = {}
        self._keys: list[str] = []          # normalised name/alias strings for fuzzy search
        self._key_ids: list[str] = []
        self._emb_ids: list[str] = []
        self._emb: np.ndarray | None = None
        self._roles: dict[str, set[str]] = {}
        self.version = 0
        self._found: tuple = (-1, None, ())    # (version, text, spans): the last ``find``
        self._added_at: list[int] = []          # trie keys added since the last rebuild, and the version then
        self._added_keys: list[str] = []
        self._texts: dict[str, tuple] = {}      # text → (version, spans) of its last ``find``
        for e in entities:
            self._entities[e.id] = e
        self._rebuild()

    # ---- maintenance ---------------------------------------------------------------------------------------
    def _rebuild(self) -> None:
        self.version += 1
        self._aliased = False
        self._trie, self._keys, self._key_ids, self._roles = {}, [], [], {}
        self._by_len: tuple[int, dict[int, list[tuple[str, str]]]] = (-1, {})
        for e in self._entities.values():
            self._index_entity(e)
        self._rebuilt, self._added_at, self._added_keys, self._texts = self.version, [], [], {}
        self._index_embeddings()

    def _index_embeddings(self) -> None:
        self._emb = None
        rows = [(e.id, e.embedding) for e in self._entities.values() if e.embedding is not None]
        self._emb_ids = [i for i, _ in rows]
        if rows:
            self._emb = np.vstack([np.asarray(v, dtype=np.float32).reshape(1, -1) for _, v in rows])

    def _index_entity(self, e: KnownEntity) -> None:
        names = (e.name, *e.aliases)
        for surface in names:
            self._index_surface(e.id, surface)
        same = lexicon.transliterations()   # "京都" finds Kyoto, "Kyoto" finds 京都
        for other in dict.fromkeys(o for n in names for o in same.get(normalise(n), ()) if o not in names):
            self._index_surface(e.id, other)

    def _index_surface(self, entity_id: str, surface: str) -> None:
        key = compact(surface)
        if not key:
            return
        ascii_only = all(c.isascii() for c in key)
        if len(key) >= (self.min_alias_len_ascii if ascii_only else self.min_alias_len_cjk) \
                and not lexicon.is_stop_alias(key):
            node = self._trie
            for c in key:
                node = node.setdefault(c, {})
            node.setdefault("\0", set()).add(entity_id)
            self._added_at.append(self.version)
            self._added_keys.append(key)
        self._keys.append(normalise(surface))
        self._key_ids.append(entity_id)
        role = lexicon.role_of(surface)
        if role:
            self._roles.setdefault(role, set()).add(entity_id)

    def add(self, entity: KnownEntity) -> None:
        """Add or replace one entity."""
        if entity.id in self._entities:
            self._entities[entity.id] = entity
            self._rebuild()
        else:
            self._entities[entity.id] = entity
            self._index_entity(entity)
            self.version += 1
            if entity.embedding is not None:
                self._rebuild()

    def add_alias(self, entity_id: str, alias: str) -> bool:
        """Learn an alias ("my ThinkPad" for "Lenovo ThinkPad X1"). Returns False if already known."""
        e = self._entities.get(entity_id)
        if e is None or normalise(alias) in {normalise(a) for a in (e.name, *e.aliases)}:
            return False
        self._entities[entity_id] = replace(e, aliases=(*e.aliases, alias))
        self._index_surface(entity_id, alias)
        self.version += 1
        # the index now differs from what ``_rebuild`` makes of the same entities (the alias's key is last, not
        # after its entity's; its transliterations are not indexed): a rebuild changes it, so it is not skipped
        self._aliased = True
        return True

    # ---- access --------------------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._entities)

    def __contains__(self, entity_id: str) -> bool:
        return entity_id in self._entities

    def get(self, entity_id: str) -> KnownEntity | None:
        return self._entities.get(entity_id)

    @property
    def entities(self) -> list[KnownEntity]:
        return list(self._entities.values())

    def with_role(self, role: str) -> list[KnownEntity]:
        return [self._entities[i] for i in sorted(self._roles.get(role, ()))]

    def of_types(self, types: Sequence[str] | None) -> list[KnownEntity]:
        if not types:
            return self.entities
        return [e for e in self._entities.values() if lexicon.compatible(e.type, *types)]

    # ---- exact spans ---------------------------------------------------------------------------------------
    def find(self, text: str) -> list[tuple[int, int, tuple[str, ...]]]:
        """Longest non-overlapping known name/alias spans in ``text``: (start, end, entity ids). The last answer
        is remembered until the index changes (``version``): the writer asks whether a turn holds a name learnt
        since its mentions were read, then reads them again, which asks the same."""
        last = self._found
        if last[0] == self.version and last[1] == text:
            return list(last[2])
        version = self.version
        seen = self._texts.get(text)
        out = list(seen[1]) if seen is not None and not self._may_differ(text, seen[0]) else self._find(text)
        if len(self._texts) >= 4096:
            self._texts = {}
        spans = tuple(out)
        self._found, self._texts[text] = (version, text, spans), (version, spans)
        return out

    def _may_differ(self, text: str, since: int) -> bool:
        """Whether ``_find(text)`` may differ from what it gave at version ``since``: a rebuild since, or a key added
        since that occurs in the text (spaces aside). A key that does not occur in the text cannot change what the
        trie walk finds there (its nodes lie on its own path; a walk ends at a terminal of a key it spelt out); a
        vector changes nothing found (the writer's turns are looked up again after every name learnt)."""
        if since < self._rebuilt:
            return True
        new = self._added_keys[bisect_left(self._added_at, since):]
        if not new:
            return False
        flat = normalise_chars(text).replace(" ", "")
        return any(k in flat for k in new)

    def _find(self, text: str) -> list[tuple[int, int, tuple[str, ...]]]:
        norm = normalise_chars(text)
        pos = [i for i, c in enumerate(norm) if c != " "]
        chars = [norm[i] for i in pos]
        out: list[tuple[int, int, tuple[str, ...]]] = []
        n = len(chars)
        i = 0
        root = self._trie
        while i < n:
            if chars[i] not in root:   # no known name starts with this character
                i += 1
                continue
            start = pos[i]
            if _is_word_char(chars[i]) and start > 0 and _is_word_char(norm[start - 1]):
                i += 1
                continue
            node = root
            best = None
            j = i
            while j < n and chars[j] in node:
                node = node[chars[j]]
                j += 1
                if "\0" in node:
                    end = pos[j - 1] + 1
                    if not (_is_word_char(chars[j - 1]) and end < len(norm) and _is_word_char(norm[end])):
                        best = (j, end, tuple(sorted(node["\0"])))
            if best:
                out.append((start, best[1], best[2]))
                i = best[0]
            else:
                i += 1
        return out

    # ---- fuzzy ---------------------------------------------------------------------------------------------
    def fuzzy(self, surface: str, types: Sequence[str] | None = None, limit: int = 5,
              cutoff: float = 70.0) -> list[tuple[str, float, str]]:
        """Best entities for ``surface`` by rapidfuzz on normalised names: (id, score 0..1, matched key)."""
        q = normalise(surface)
        if not q or not self._keys:
            return []
        # C-speed shortlist (WRatio also sees partial/subset names), then the name-aware Python score
        short = process.extract(q, self._keys, scorer=fuzz.WRatio, limit=max(25, limit * 5), score_cutoff=50)
        hits = [(k, sc, i) for k, _, i in short if (sc := _score(q, k)) >= cutoff]
        hits.sort(key=lambda h: -h[1])
        best: dict[str, tuple[float, str]] = {}
        for key, score, idx in hits:
            eid = self._key_ids[idx]
            e = self._entities[eid]
            if types and not lexicon.compatible(e.type, *types):
                continue
            if eid not in best or score > best[eid][0]:
                best[eid] = (score, key)
        ranked = sorted(best.items(), key=lambda kv: -kv[1][0])[:limit]
        return [(eid, s / 100.0, k) for eid, (s, k) in ranked]

    def homophones(self, surface: str) -> list[str]:
        """Ids of entities with a Chinese name or alias that sounds like ``surface`` and differs from it in one
        character (杭洲 → 杭州, 厦们 → 厦门): a pinyin input typo, which character fuzzy matching scores 50 %."""
        q = normalise(surface)
        if len(q) < 2 or not all(_is_cjk(c) for c in q):
            return []
        if self._by_len[0] != len(self._keys):     # keys only grow between rebuilds
            by_len: dict[int, list[tuple[str, str]]] = {}
            for key, eid in zip(self._keys, self._key_ids):
                by_len.setdefault(len(key), []).append((key, eid))
            self._by_len = (len(self._keys), by_len)
        out: list[str] = []
        for key, eid in self._by_len[1].get(len(q), ()):
            if eid in out:
                continue
            diff = [(a, b) for a, b in zip(q, key) if a != b]
            if len(diff) == 1 and _is_cjk(diff[0][1]) and _sounds_alike(*diff[0]):
                out.append(eid)
        return out

    # ---- embeddings ----------------------------------------------------------------------------------------
    def embed_missing(self, embedder) -> None:
        """Give every entity without an embedding one from ``embedder`` (name + aliases)."""
        missing = [e for e in self._entities.values() if e.embedding is None]
        if not missing:
            return
        vecs = embedder.embed([e.name for e in missing])
        for e, v in zip(missing, vecs):
            self._entities[e.id] = replace(e, embedding=v)
        if self._aliased:
            self._rebuild()
        else:   # the index is what a rebuild makes (see ``add_alias``): only the vectors are indexed again
            self.version += 1
            self._index_embeddings()

    def nearest(self, vector: np.ndarray, types: Sequence[str] | None = None,
                limit: int = 5) -> list[tuple[str, float]]:
        if self._emb is None:
            return []
        sims = self._emb @ np.asarray(vector, dtype=np.float32).reshape(-1)
        order = np.argsort(-sims)
        out = []
        for k in order:
            e = self._entities[self._emb_ids[k]]
            if types and not lexicon.compatible(e.type, *types):
                continue
            out.append((e.id, float(sims[k])))
            if len(out) >= limit:
                break
        return out


_DIGITS = re.compile(r"\d+")


def _score(a: str, b: str, **kw) -> float:
    """Fuzzy score for names: full ratio, forgiving a missing brand word ("thinkpad x1" ~ "lenovo
    thinkpad x1") but not a missing model number ("thinkpad" ≠ "thinkpad x1" at full confidence), and
    never equating different model numbers ("macbook air m3" ≠ "macbook air m2", "xps 15" ≠ "u2723qe")."""
    if a == b:
        return 100.0
    da, db = "".join(_DIGITS.findall(a)), "".join(_DIGITS.findall(b))
    if da and db and da != db:
        return min(70.0, fuzz.ratio(a, b))
    r = fuzz.ratio(a, b)
    ta, tb = set(a.split()), set(b.split())
    variant = {"pro", "max", "ultra", "plus", "mini", "se", "lite"}
    ext = ta - tb   # words the query adds to a known name: a model number or suffix makes another product
    if ta and tb and (ta <= tb or (tb <= ta and len(tb) >= 2 and not any(
            any(ch.isdigit() for ch in w) or w in variant for w in ext))) and len(ta & tb) >= 1:
        # the query is a shortened name ("iphone" ~ "iphone 15 pro"), or an extension of a multi-word name;
        # a one-word name inside a longer query ("tom" in "tom hanks") is not enough
        small, big = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
        missing = big - small
        # a shortened or extended name ("iphone" ~ "iphone 15 pro"): close, but a runner-up of the same
        # kind ("thinkpad x1" and "thinkpad t14") leaves it ambiguous
        r = max(r, max(84.0, 92.0 - 2.0 * len(missing)))
    elif any("\u4e00" <= ch <= "\u9fff" for ch in a + b):
        pr = fuzz.partial_ratio(a, b)
        if min(len(a), len(b)) >= 2:
            r = max(r, pr * 0.92)
    else:
        r = max(r, fuzz.token_sort_ratio(a, b))
    if tb and tb < ta and any(any(ch.isdigit() for ch in w) or w in variant for w in ext):
        r = min(r, 75.0)   # "macbook air m3" extends "macbook air" with a model: a different product
    return r
