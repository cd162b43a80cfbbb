"""Attribute cardinality (issue 17, item 3): is an attribute key single-valued (a new value supersedes) or
multi-valued (a new value is added; only an explicit change or removal outdates one)? Read from
``graphmem/data/attribute_keys.tsv``; a key not listed there is multi-valued."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "attribute_keys.tsv"
SINGLE, MULTI = "single", "multi"


@lru_cache(maxsize=1)
def _table() -> dict[str, str]:
    out = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, card = line.split("\t")[:2]
            out[key.strip().lower()] = card.strip()
    return out


def cardinality(key: str) -> str:
    """``single`` or ``multi`` for an attribute key (unknown keys: ``multi``)."""
    return _table().get((key or "").strip().lower(), MULTI)


def is_multi(key: str) -> bool:
    return cardinality(key) == MULTI
