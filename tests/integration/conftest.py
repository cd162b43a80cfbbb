"""Integration fixtures: the real Neo4j server started by the project's launcher, schema applied,
a fresh tenant per test removed afterwards."""

from __future__ import annotations

import uuid

import pytest

from graphmem import admin
from graphmem.errors import StoreUnavailable
from graphmem.store import Store


@pytest.fixture(scope="session")
def store(settings):
    s = Store(settings)
    try:
        s.ping()
    except StoreUnavailable as e:
        pytest.fail(f"integration tests need the real server: {e}", pytrace=False)
    admin.init(settings)
    yield s
    s.close()


@pytest.fixture
def tenant(store, settings):
    """A tenant id no other test uses; everything it owns is deleted after the test."""
    name = f"t-{uuid.uuid4().hex[:12]}"
    yield name
    store.run_auto("admin/delete_tenant", {"tenant": name})


@pytest.fixture
def tenant_settings(settings, tenant):
    return settings.with_(tenant=tenant)
