"""Fixtures for recall on the real server: the real embedder, a writer on a temporary journal, a retriever
for the test's tenant, a ``write(user, [turns])`` helper that stores turns and waits for them, and a ``Memory``
on the test's tenant."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from graphmem import Memory
from graphmem.embedders import get_embedder
from graphmem.recall import RecallConfig, Retriever
from graphmem.write import Writer

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)


def days_ago(n: float) -> datetime:
    return NOW - timedelta(days=n)


@pytest.fixture(scope="session")
def embedder(settings):
    return get_embedder(settings)


@pytest.fixture
def writer(store, tenant_settings, embedder, tmp_path):
    w = Writer(store, tenant_settings, embedder=embedder, journal_path=tmp_path / "journal.sqlite3").start()
    yield w
    w.close(timeout=60)


@pytest.fixture
def write(writer):
    """``write(user, [(session, turn, text, at, facts|None), ...])`` → stored and flushed."""
    def go(user: str, turns) -> None:
        for session, turn, text, at, facts in turns:
            writer.add(user, session, turn, text, at=at, facts=facts)
        assert writer.flush(120)
    return go


@pytest.fixture
def retriever(store, tenant_settings, embedder):
    return Retriever(store, tenant_settings, embedder=embedder, config=RecallConfig(), clock=lambda: NOW)


@pytest.fixture
def memory(store, tenant_settings, embedder, tmp_path):
    m = Memory(tenant_settings, store=store, embedder=embedder, journal_path=tmp_path / "journal.sqlite3",
               clock=lambda: NOW)
    yield m
    m.close(timeout=60)
