"""Pack rewritten memories into a token budget for the short-term layer's long-term block. Pure."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def pack(items: Sequence[T], budget: int, counter: Callable[[str], int], *, text: Callable[[T], str] = str,
         prefix: str = "- ", header_tokens: int = 0) -> tuple[list[T], list[T]]:
    """(kept, dropped): items in rank order while they fit in ``budget`` tokens (each counted as it will be
    shown, ``prefix`` + text, plus a line break). A long item that does not fit is skipped and shorter,
    lower-ranked ones may still fit. ``header_tokens`` is reserved for the block's heading."""
    left = budget - header_tokens
    kept: list[T] = []
    dropped: list[T] = []
    for it in items:
        cost = counter(prefix + text(it)) + 1
        if cost <= left:
            kept.append(it)
            left -= cost
        else:
            dropped.append(it)
    return kept, dropped
