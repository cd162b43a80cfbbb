"""Fixtures shared by unit and integration tests."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from graphmem.settings import Settings  # noqa: E402


@pytest.fixture(scope="session")
def settings() -> Settings:
    """Settings from the environment: the server `graphmem neo4j up` started."""
    return Settings.from_env()
