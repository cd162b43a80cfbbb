"""``graphmem browse`` in one step, end to end: headless Debian Chromium opens the short one-time link, and with
nothing typed and nothing pressed Neo4j Browser connects, applies graphmem's style and draws the user's graph.
The password is in no URL; the link works once; the user's id (a hostile one) never becomes Cypher text.
Needs Debian's chromium and chromium-driver and selenium (see docker/browser/guide.md)."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from graphmem.browser import parse_grass, serve, style_text
from graphmem.model import FactInput
from graphmem.write import Writer

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
NASTY_USER = "o'brien & \"co\" #1 $x => 50% +小明;"
WAIT = 120   # seconds; two shared cores


def write_graph(store, tenant_settings, tmp_path, user_id):
    w = Writer(store, tenant_settings, journal_path=tmp_path / "journal.sqlite3")
    try:
        w.add(user_id, "s1", 1, "My budget for the laptop is 5000", at=T0,
              facts=[FactInput("attribute", "", "budget", 5000)])
        w.add(user_id, "s1", 2, "I really like sushi", at=T0 + timedelta(minutes=5),
              facts=[FactInput("preference", "sushi", polarity=1, text="I really like sushi")])
        w.add(user_id, "s2", 1, "Actually my budget is 8000 now", at=T0 + timedelta(days=3),
              facts=[FactInput("attribute", "", "budget", 8000, is_change=True)])
        assert w.flush(120)
    finally:
        w.close(timeout=60)


def test_the_link_is_short_works_once_and_holds_no_password(store, tenant, tenant_settings, settings, tmp_path):
    write_graph(store, tenant_settings, tmp_path, "u1")
    link = serve(store, "u1", tenant=tenant, ttl=60)
    try:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/[\w-]{11}", link.url)
        assert settings.resolved_password() not in link.url
        with urllib.request.urlopen(link.url, timeout=30) as first:
            page = first.read().decode()
            assert first.status == 200 and first.headers["Cache-Control"] == "no-store"
        with pytest.raises(urllib.error.HTTPError) as again:
            urllib.request.urlopen(link.url, timeout=30)
        assert again.value.code == 410                                    # a second open gets nothing
        seed = json.loads(re.search(r"const seed = (.*);\n", page).group(1))
        command = seed["settings"]["initCmd"]
        assert command.startswith("MATCH (u:User) WHERE elementId(u) = \"4:") and "u1" not in command
        assert seed["connections"]["connectionsById"]["$$discovery"]["password"] == settings.resolved_password()
        assert seed["grass"]["node.Fact"]["color"] == "#FFC454"
    finally:
        link.close()


def test_parse_grass_keeps_every_rule_of_the_style_sheet():
    rules = parse_grass(style_text())
    assert rules["node.User"]["color"] == "#F79767" and rules["node"]["caption"] == "{caption}"
    assert len(rules) == style_text().count("{\n")


def test_one_link_connects_styles_and_draws_the_users_graph(chrome, store, tenant, tenant_settings, tmp_path):
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    write_graph(store, tenant_settings, tmp_path, NASTY_USER)
    link = serve(store, NASTY_USER, tenant=tenant, ttl=WAIT + 60)
    drv = chrome
    ARTIFACTS.mkdir(exist_ok=True)

    def captions() -> set[str]:
        return {t.text for t in drv.find_elements(By.CSS_SELECTOR, '[data-testid="frame"] svg text') if t.text}

    try:
        drv.get(link.url)                                     # nothing typed, nothing pressed from here on
        try:
            WebDriverWait(drv, WAIT).until(lambda d: "sushi" in captions())
        except TimeoutException:
            drv.save_screenshot(str(ARTIFACTS / "browser-one-step-failure.png"))
            pytest.fail(f"Browser drew no graph within {WAIT}s (see tests/artifacts/browser-one-step-failure.png)")
        time.sleep(2)
        frames = [f.text for f in drv.find_elements(By.CSS_SELECTOR, '[data-testid="frame"]')]
        graph = next(t for t in frames if "Displaying" in t)
        for label in ("User (1)", "Entity (2)", "Card (2)", "Fact (3)", "Event (3)", "Session (2)",
                      "SUPERSEDES (1)", "PREFERS (1)", "MENTIONS (1)", "OWNS (2)"):
            assert label in graph, (label, graph)
        seen = captions()
        assert any("[outdated]" in c for c in seen) and any("[active]" in c for c in seen), seen   # the style's caption
        fills = {c.get_attribute("fill").upper() for c in drv.find_elements(By.CSS_SELECTOR, '[data-testid="frame"] svg circle')
                 if c.get_attribute("fill")}
        assert {"#F79767", "#57C7E3", "#8DCC93", "#FFC454", "#4C8EDA"} <= fills, fills   # User, Entity, Card, Fact, Event
        assert not drv.find_elements(By.CSS_SELECTOR, '[data-testid="password"]')       # never asked for it
        command = next(line for line in graph.splitlines() if line.startswith("MATCH (u:User)"))
        assert "elementId(u)" in command and "小明" not in command and "o'brien" not in command   # ids as data only
        shot = ARTIFACTS / "browser-one-step.png"
        assert drv.save_screenshot(str(shot)) and shot.stat().st_size > 20_000
    finally:
        link.close()
