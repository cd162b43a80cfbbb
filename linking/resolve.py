"""Linking decisions: mention → linked / new / ambiguous. Pure (no spaCy/jieba imports)."""

from __future__ import annotations

from .types import Link


def link(text_or_mentions, slots, known, embedder=None, *, turn=None) -> list[Link]:
    return []


def record_links(links, slots, turn) -> None:
    return None


def learn_aliases(links, known=None) -> list[tuple[str, str]]:
    return []
