"""Mention extraction (English via spaCy, Chinese via spaCy blank zh + jieba)."""

from __future__ import annotations

from .types import Mention


def extract_mentions(text: str, known=None) -> list[Mention]:
    return []
