"""Integration fixtures: the real Neo4j server started by the project's launcher, schema applied,
a fresh tenant per test removed afterwards."""

from __future__ import annotations

import shutil
import tempfile
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from graphmem import admin
from graphmem.errors import StoreUnavailable
from graphmem.model import FactInput
from graphmem.store import Store
from graphmem.write import Writer


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


DAY = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)
TURNS = [  # facts given explicitly, so these tests do not depend on extraction quality
    ("My laptop is a Lenovo ThinkPad X1.", [FactInput("attribute", "Lenovo ThinkPad X1", "type", "laptop",
                                                      subject_type="laptop")]),
    ("My budget is 5000.", [FactInput("attribute", "", "budget", 5000)]),
    ("Actually my budget is 8000 now.", [FactInput("attribute", "", "budget", 8000, is_change=True)]),
    ("I like dark themes.", [FactInput("preference", "dark themes", polarity=1)]),
    ("My sister recommended the Noodle House.", [FactInput("relation", "my sister", "RECOMMENDED", "Noodle House",
                                                           subject_type="person")]),
]


@pytest.fixture
def sample_day() -> datetime:
    return DAY


@pytest.fixture
def sample_users(tenant_settings, tmp_path):
    """alice (laptop, budget 5000 -> 8000, a preference, a relation) and bob (another laptop), in a fresh tenant."""
    store = Store(tenant_settings)
    writer = Writer(store, tenant_settings, journal_path=tmp_path / "journal.sqlite3")
    for i, (text, facts) in enumerate(TURNS):
        writer.add("alice", "s1", i, text, role="user", at=DAY + timedelta(hours=i), facts=facts)
    writer.add("bob", "s1", 0, "My laptop is a MacBook Air.", role="user", at=DAY,
               facts=[FactInput("attribute", "MacBook Air", "type", "laptop", subject_type="laptop")])
    assert writer.flush(120)
    writer.close()
    yield store
    store.close()


CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1600,1000")


@pytest.fixture(scope="module")
def chrome(request):
    """Headless Debian Chromium through Selenium (both binaries given: Selenium Manager downloads nothing), in a
    throw-away profile; page loads wait the test module's ``WAIT`` seconds."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("selenium is not installed: pip install 'graphmem[dev]'", pytrace=False)
    binary, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not binary or not driver_path:
        pytest.fail("needs Debian's chromium and chromedriver: apt-get install -y chromium chromium-driver",
                    pytrace=False)
    profile = tempfile.mkdtemp(prefix="graphmem-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for flag in CHROMIUM_FLAGS + (f"--user-data-dir={profile}",):
        opts.add_argument(flag)
    drv = webdriver.Chrome(service=Service(driver_path), options=opts)
    drv.set_page_load_timeout(request.module.WAIT)
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)
