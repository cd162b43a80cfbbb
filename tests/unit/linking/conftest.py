"""Shared fixtures for graphmem.linking tests: a small known-entity graph. Real spaCy and jieba throughout."""

from __future__ import annotations

import pytest

from graphmem.linking.api import Gazetteer, KnownEntity


ENTITIES = [
    KnownEntity("thinkpad", "Lenovo ThinkPad X1 Carbon", "laptop", ("ThinkPad X1", "联想ThinkPad")),
    KnownEntity("macbook", "MacBook Air M2", "laptop", ("MacBook Air", "苹果笔记本")),
    KnownEntity("lenovo", "联想", "organization", ("Lenovo",)),
    KnownEntity("haidilao", "海底捞", "restaurant", ("Haidilao",)),
    KnownEntity("sushi", "Sushi Zen", "restaurant", ()),
    KnownEntity("lily", "Lily Wang", "person", ("Lily", "my sister", "妹妹")),
    KnownEntity("xiaoming", "王小明", "person", ("小明",)),
    KnownEntity("mochi", "Mochi", "pet", ("麻薯", "my cat")),
    KnownEntity("plan_a", "方案A", "plan", ("Plan A",)),
    KnownEntity("plan_b", "方案B", "plan", ("Plan B",)),
    KnownEntity("hangzhou", "杭州", "city", ("Hangzhou",)),
]


@pytest.fixture()
def known() -> Gazetteer:
    return Gazetteer(ENTITIES)
