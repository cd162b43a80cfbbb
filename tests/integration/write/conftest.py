"""Fixtures for the write path's integration tests: a real embedder, writers on a temporary journal."""

from __future__ import annotations

import pytest

from graphmem.embedders import get_embedder
from graphmem.write import Writer


@pytest.fixture(scope="session")
def embedder(settings):
    return get_embedder(settings)


@pytest.fixture
def make_writer(store, tenant_settings, embedder, tmp_path):
    """``make_writer(**kw)`` → a started Writer for this test's tenant; closed after the test."""
    made: list[Writer] = []

    def make(**kw) -> Writer:
        kw.setdefault("journal_path", tmp_path / "journal.sqlite3")
        kw.setdefault("embedder", embedder)
        w = Writer(store, tenant_settings, **kw).start()
        made.append(w)
        return w

    yield make
    for w in made:
        w.close(timeout=60)


@pytest.fixture
def writer(make_writer):
    return make_writer()
