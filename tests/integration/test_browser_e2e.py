"""Neo4j Browser end to end: headless Debian Chromium (driven by selenium through Debian's chromedriver; no
browser download) opens the ``browse_url`` link against the real server, connects, runs the prefilled
``:param`` commands and the user-subgraph query, applies the shipped style sheet with ``:style``, draws one
user's subgraph and saves a screenshot to ``tests/artifacts/browser.png``. The ``cypher/browser`` queries
the guide quotes are also run against a small graph and checked.

Needs ``apt-get install -y chromium chromium-driver`` and ``pip install selenium`` (see docker/browser/guide.md).
"""

from __future__ import annotations

import re
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from graphmem.browser import browse_url, style_text
from graphmem.model import FactInput
from graphmem.queries import query
from graphmem.write import Writer

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
#: every character Browser's URL and :param parsing could trip over, plus Chinese
NASTY_USER = "o'brien & \"co\" #1 $x => 50% +小明;"
WAIT = 90  # seconds; two shared cores


def write_user_graph(store, tenant_settings, tmp_path: Path, user_id: str) -> None:
    """Budget 5000 → 8000 (a SUPERSEDES chain), a liked dish, a repeated sentence the gate rejects as a duplicate."""
    w = Writer(store, tenant_settings, journal_path=tmp_path / "journal.sqlite3")
    try:
        sushi = FactInput("preference", "sushi", polarity=1, text="I really like sushi")
        w.add(user_id, "s1", 1, "My budget for the laptop is 5000", at=T0,
              facts=[FactInput("attribute", "", "budget", 5000)])
        w.add(user_id, "s1", 2, "I really like sushi", at=T0 + timedelta(minutes=5), facts=[sushi])
        w.add(user_id, "s1", 3, "I really like sushi", at=T0 + timedelta(minutes=6), facts=[sushi])
        w.add(user_id, "s2", 1, "Actually my budget is 8000 now", at=T0 + timedelta(days=3),
              facts=[FactInput("attribute", "", "budget", 8000, is_change=True)])
        assert w.flush(120)
        assert w.stats().failed == 0
    finally:
        w.close(timeout=60)


# -- the cypher/browser queries the guide quotes, on the real server ------------------------------------
def test_guide_queries_answer_on_a_small_graph(store, tenant, tenant_settings, tmp_path):
    write_user_graph(store, tenant_settings, tmp_path, "u1")
    p = {"tenant": tenant, "user_id": "u1"}

    (sub,) = store.run("browser/user_subgraph", p)
    captions = {n["caption"] for n in sub["nodes"]}
    assert {"User u1", "sushi", "budget = 5000", "budget = 8000"} <= captions
    assert all(n["tenant"] == tenant and n["user_id"] == "u1" for n in sub["nodes"])
    assert len(sub["relationships"]) >= len(sub["nodes"]) - 1          # connected, not a bag of nodes
    assert store.run("browser/user_subgraph", {**p, "user_id": "nobody"}) == []

    hist = store.run("browser/fact_history", {**p, "entity": "ME", "key": "budget"})
    assert [(r["version"], r["value"], r["status"], r["replaced_value"]) for r in hist] == [
        (1, "5000", "outdated", None), (2, "8000", "active", "5000")]
    assert hist[0]["first_said"] == "My budget for the laptop is 5000"

    card = store.run("browser/entity_card", {**p, "entity": "me"})
    chains = [r["chain"] for r in card if r["chain"] is not None]   # paths come back as [node, rel, node]
    assert len(chains) == 1 and (chains[0][0]["value"], chains[0][2]["value"]) == ("8000", "5000")
    assert {r["facts"][2]["caption"] for r in card} == {"budget = 5000", "budget = 8000"}

    def as_of(at: datetime) -> dict:
        return {r["key"]: r["value"] for r in store.run("browser/as_of", {**p, "at": at.isoformat()})}
    assert as_of(T0 + timedelta(days=1))["budget"] == "5000"
    assert as_of(T0 + timedelta(days=4))["budget"] == "8000"
    assert as_of(T0 - timedelta(days=1)) == {}

    events = store.run("browser/entity_events", {**p, "entity": "sushi"})
    assert [r["mention"][2]["text"] for r in events] == ["I really like sushi"]   # session, rel, event, rel, entity

    rejected = store.run("browser/gate_rejections", {**p, "user_id": None})
    assert [(r["user_id"], r["reason"], r["turns"]) for r in rejected] == [("u1", "duplicate", 1)]


# -- Chromium (the `chrome` fixture is in conftest.py) -----------------------------------------------

def run_in_editor(drv, text: str) -> None:
    """Replace the Browser editor's text and press its Run button. The text goes in as one IME commit on one
    line (the editor would auto-indent each new line); whatever the editor auto-closed after the cursor
    (a stray ``}``) is deleted before running."""
    from selenium.webdriver import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    drv.find_element(By.CSS_SELECTOR, '[data-testid="activeEditor"]').click()
    ActionChains(drv).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys(Keys.DELETE).perform()
    drv.execute_cdp_cmd("Input.insertText", {"text": " ".join(text.splitlines())})
    (ActionChains(drv).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys(Keys.END)
     .key_up(Keys.SHIFT).key_up(Keys.CONTROL).send_keys(Keys.DELETE).perform())
    drv.find_element(By.CSS_SELECTOR, '[data-testid="editor-Run"]').click()


def test_browse_link_connects_and_draws_the_users_subgraph(chrome, store, tenant, tenant_settings, settings, tmp_path):
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    started = time.monotonic()
    write_user_graph(store, tenant_settings, tmp_path, NASTY_USER)
    drv = chrome
    ARTIFACTS.mkdir(exist_ok=True)

    def wait_for(what: str, condition):
        """Wait for ``condition``; on time-out save the page as browser-failure.png and fail naming the step."""
        try:
            return WebDriverWait(drv, WAIT).until(condition)
        except TimeoutException:
            drv.save_screenshot(str(ARTIFACTS / "browser-failure.png"))
            pytest.fail(f"Browser never showed {what} within {WAIT}s (see tests/artifacts/browser-failure.png)")

    def body() -> str:
        return drv.find_element(By.TAG_NAME, "body").text

    def frame_texts() -> list[str]:
        return [f.text for f in drv.find_elements(By.CSS_SELECTOR, '[data-testid="frame"]')]

    # 1. the link: connect form filled from connectURL/db, editor filled with a :param command and the query
    drv.get(browse_url(store, NASTY_USER, tenant=tenant))
    password = wait_for("the connect form", EC.element_to_be_clickable((By.CSS_SELECTOR, '[data-testid="password"]')))
    assert drv.find_element(By.CSS_SELECTOR, '[data-testid="boltaddress"]').get_attribute("value") == "%s:%d" % settings.bolt_host_port
    assert drv.find_element(By.CSS_SELECTOR, '[data-testid="username"]').get_attribute("value") == settings.neo4j_user
    assert drv.find_element(By.CSS_SELECTOR, '[data-testid="database"]').get_attribute("value") == settings.neo4j_database
    editor_text = drv.find_element(By.CSS_SELECTOR, '[data-testid="activeEditor"]').text
    assert ":param [{tenant, user_id}] =>" in editor_text and "$user_id" in editor_text
    assert "elementId(u)" in editor_text and "小明" not in editor_text and "o'brien" not in editor_text  # no id text

    # 2. connect with the server's password
    password.send_keys(settings.resolved_password())
    drv.find_element(By.CSS_SELECTOR, '[data-testid="connect"]').click()
    wait_for("a connection", lambda d: "You are connected as user" in body())

    # 3. run what the link prefilled: the :param command and the subgraph query, one multi-statement frame
    drv.find_element(By.CSS_SELECTOR, '[data-testid="editor-Run"]').click()
    ok = '[data-testid="multi-statement-list-icon"][title="Status: success"]'
    wait_for("two successful statements", lambda d: len(d.find_elements(By.CSS_SELECTOR, ok)) == 2)
    drv.find_elements(By.CSS_SELECTOR, '[data-testid="multi-statement-list-title"]')[1].click()
    # "Completed after 3 ms", or "Completed in less than 1 ms" on a fast box
    wait_for("the query's summary", lambda d: re.search(r"Completed (?:after|in less than) \d+ ms", body()))
    # (Browser 5.24 shows only a summary per statement in a multi-statement frame: no rows, no graph)

    # 4. the shipped style sheet, then the query on its own so Browser draws it (with the parameters the
    #    link set: the graph only appears if the server handed the user id and tenant over intact)
    run_in_editor(drv, ":style " + style_text())
    wait_for("the :style frame", lambda d: any("node.Fact" in t and ":style" in t for t in frame_texts()))
    run_in_editor(drv, query("browser/user_subgraph"))

    def captions() -> set[str]:
        return {t.text for t in drv.find_elements(By.CSS_SELECTOR, '[data-testid="frame"] svg text') if t.text}

    wait_for("the graph", lambda d: "sushi" in captions() and "Displaying" in frame_texts()[0])
    overview = frame_texts()[0]          # newest frame first: the graph with its overview of labels and types
    for label in ("User (1)", "Entity (2)", "Card (2)", "Fact (3)", "Event (3)", "Session (2)",
                  "SUPERSEDES (1)", "PREFERS (1)", "DERIVED_FROM", "MENTIONS (1)", "OWNS (2)"):
        assert label in overview, (label, overview)
    seen = captions()
    assert any("[outdated]" in c for c in seen) and any("[active]" in c for c in seen), seen   # Fact caption
    fills = {c.get_attribute("fill").upper() for c in drv.find_elements(By.CSS_SELECTOR, '[data-testid="frame"] svg circle')
             if c.get_attribute("fill")}
    assert {"#F79767", "#57C7E3", "#8DCC93", "#FFC454", "#4C8EDA"} <= fills, fills   # User, Entity, Card, Fact, Event
    drv.find_elements(By.CSS_SELECTOR, '[data-testid="frame"] button[title="Fullscreen"]')[0].click()
    time.sleep(4)  # let the force layout settle before the screenshot

    shot = ARTIFACTS / "browser.png"
    assert drv.save_screenshot(str(shot)) and shot.stat().st_size > 20_000
    print(f"browser e2e: {time.monotonic() - started:.1f}s, screenshot {shot}")
