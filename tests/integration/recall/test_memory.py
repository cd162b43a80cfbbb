"""The Memory facade end to end on the real server: turns go through the journaled writer, flush(), then a new
session recalls them; the current session beats old memory on conflict; the relational API."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from graphmem import Memory
from graphmem.linking.types import Statement
from graphmem.model import FactInput

from .conftest import NOW, days_ago


def test_agent_loop_writes_then_recalls_in_a_new_session(memory):
    s = memory.session("alice", "monday")
    for text in ("My flight to Tokyo is CA1831 on March 3rd", "I am allergic to peanuts, please remember that"):
        s.add_user_message(text, at=days_ago(3))
        ctx = s.context(text, budget=1500)
        assert ctx.tokens <= 1500
        s.add_assistant_message("Noted.", at=days_ago(3))
    assert memory.flush(120)
    assert set(s.event_ids) == {1, 2}
    later = memory.session("alice", "friday")
    ctx = later.context("which flight am I taking to Tokyo?", budget=1500)
    lt = "\n".join(m.text for m in ctx.long_term)
    assert "CA1831" in lt and lt.startswith("You")      # second person, in the long-term block
    assert "CA1831" in ctx.text
    found = memory.recall("alice", "do I have any food allergies?", 3, explain=True)
    assert found and "peanuts" in found[0].text and found[0].explanation["paths"]


def test_the_current_session_beats_old_memory(store, tenant_settings, embedder, tmp_path):
    landed = threading.Event()     # the session's turn is held before its commit until context() has run
    landed.set()
    memory = Memory(tenant_settings, store=store, embedder=embedder, journal_path=tmp_path / "journal.sqlite3",
                    clock=lambda: NOW, hooks={"before_commit": lambda: landed.wait(60)})
    memory.add("bob", "old", 1, "My budget is 5000", at=days_ago(40),
               facts=[FactInput("attribute", "", "budget", 5000, text="My budget is 5000")])
    assert memory.flush(120)
    assert "5000" in memory.recall("bob", "what is my budget?", 3)[0].text

    def extract(text, now):   # this session's statement: budget 8000 (what linking extracts from the turn)
        return [Statement("attribute", "", "budget", 8000, is_change=True, text=text)] if "8000" in text else []

    s = memory.session("bob", "today", extractor=extract)
    landed.clear()
    s.add_user_message("let's make the budget 8000 instead", at=NOW - timedelta(minutes=5))
    ctx = s.context("what budget should you plan with?", budget=1500)
    landed.set()
    assert all("5000" not in m.text for m in ctx.long_term)
    assert [m.text for m, _ in ctx.contradicted] and "5000" in ctx.contradicted[0][0].text, ctx.omitted

    assert memory.flush(120)       # once stored, the graph itself has 8000 as the budget and 5000 outdated
    found = memory.recall("bob", "what is my budget?", 3)
    assert found and "8000" in found[0].text and all("5000" not in m.text for m in found)
    memory.close(timeout=60)


def test_recall_sees_what_this_process_just_wrote(memory):
    """A commit of this process's writer tops the user's recall caches up at the next recall (no flush,
    no waiting for the background check): the cached old budget does not hide the new one."""
    memory.add("dan", "old", 1, "My budget is 5000", at=days_ago(40),
               facts=[FactInput("attribute", "", "budget", 5000, text="My budget is 5000")])
    assert memory.flush(120)
    assert "5000" in memory.recall("dan", "what is my budget?", 3)[0].text     # the caches are loaded
    memory.add("dan", "today", 1, "Let's make the budget 8000 instead", at=days_ago(0.1),
               facts=[FactInput("attribute", "", "budget", 8000, text="Let's make the budget 8000 instead")])
    assert memory.writer.flush(120)  # the writer's own flush: the retriever's caches are not dropped
    found = memory.recall("dan", "what is my budget?", 3)
    assert found and "8000" in found[0].text, [m.text for m in found]


def _budget_recalled(memory, user: str):
    """``user`` said their budget is 5000 and recalled it: the retriever, the user's key, and its loaded caches."""
    memory.add(user, "old", 1, "My budget is 5000", at=days_ago(40),
               facts=[FactInput("attribute", "", "budget", 5000, text="My budget is 5000")])
    assert memory.flush(120)
    assert "5000" in memory.recall(user, "what is my budget?", 3)[0].text
    r, key = memory.retriever, (memory.settings.tenant, user)
    return r, key, r._users[key], r._vecs[key]


def _watch_loads(r, monkeypatch) -> list[str]:
    """The retriever's loads of names or vectors from now on (they load nothing: the caches are used as held)."""
    loads = []
    for name in ("_read_user", "_load_vectors"):
        monkeypatch.setattr(r, name, lambda *a, name=name, **k: loads.append(name))
    return loads


def test_a_commit_tops_the_users_caches_up_off_the_callers_thread(memory, monkeypatch):
    """A commit of this process's writer tops the user's loaded caches (names, vectors) up in the background: the
    next recall finds them holding the new turn and loads nothing on the caller's thread."""
    r, key, names, vectors = _budget_recalled(memory, "hal")
    memory.add("hal", "today", 1, "Let's make the budget 8000 instead", at=days_ago(0.1),
               facts=[FactInput("attribute", "", "budget", 8000, text="Let's make the budget 8000 instead")])
    assert memory.writer.flush(120)
    assert _until(lambda: r._users[key] is not names and r._vecs[key] is not vectors and key not in r._topping_up)
    assert r._vecs[key].count("facts") > vectors.count("facts") and r._vecs[key].written == r._written[key]
    loads = _watch_loads(r, monkeypatch)
    found = memory.recall("hal", "what is my budget?", 3)
    assert found and "8000" in found[0].text and loads == [], ([m.text for m in found], loads)


def test_a_commits_top_up_reads_only_the_entities_it_upserted_and_holds_what_a_full_read_holds(memory, monkeypatch):
    """A top-up after a commit reads again only the entities the commit upserted (new ones, new aliases, counts),
    keeps the gazetteer when no name changed, and holds the same names as a full read of the user."""
    user = "ivo"
    memory.add(user, "s1", 1, "My sister Mara lives in Porto and works at Farfetch.", at=days_ago(3))
    assert memory.flush(120)
    memory.recall(user, "where does Mara live?", 3)
    r, key = memory.retriever, (memory.settings.tenant, user)
    statements: list[str] = []
    run = memory.store.run
    monkeypatch.setattr(memory.store, "run", lambda name, *a, **k: (statements.append(name), run(name, *a, **k))[1])
    for turn, text, renamed in ((2, "Mara called me from Porto again today.", False),
                                (3, "Mara got a new job at Zalando in Berlin.", True)):
        before = r._users[key]
        memory.add(user, "s1", turn, text, at=days_ago(3 - turn / 2))
        assert memory.writer.flush(120)
        assert _until(lambda: r._users[key] is not before and key not in r._topping_up)
        after = r._users[key]
        assert "recall/entities_by_id" in statements and "recall/entities" not in statements, statements
        assert (after.gazetteer is before.gazetteer) is not renamed      # a new name (Zalando, Berlin): built again
        full = r._read_user(*key, None, after.written)
        assert after.ids == full.ids and after.names == full.names and after.self_id == full.self_id
        mara = next(i for i, row in after.ids.items() if row["name"] == "Mara")
        assert after.ids[mara]["mention_count"] > before.ids[mara]["mention_count"]
        statements.clear()
    assert {"Zalando", "Berlin"} <= {row["name"] for row in r._users[key].ids.values()}
    assert r.gazetteer(user).find("I start at Zalando")


def test_flush_keeps_the_other_users_caches(memory, monkeypatch):
    """``Memory.flush()`` after another user's writes leaves a user's loaded caches as they are: that user's next
    recall loads nothing (it used to reload both after every MCP or LangGraph write: `bench/results/flush.md`)."""
    r, key, names, vectors = _budget_recalled(memory, "ivy")
    memory.add("jon", "today", 1, "My budget is 9000", at=days_ago(0.1),
               facts=[FactInput("attribute", "", "budget", 9000, text="My budget is 9000")])
    assert memory.flush(120)
    assert r._users[key] is names and r._vecs[key] is vectors
    loads = _watch_loads(r, monkeypatch)
    found = memory.recall("ivy", "what is my budget?", 3)
    assert found and "5000" in found[0].text and all("9000" not in m.text for m in found) and loads == []


def test_relational_api_through_the_facade(memory):
    memory.add("carol", "s1", 1, "My sister Lily recommended the Blue Bottle cafe", at=days_ago(5),
               facts=[FactInput("relation", "my sister Lily", "recommended", "Blue Bottle cafe",
                                text="My sister Lily recommended the Blue Bottle cafe"),
                      FactInput("attribute", "Blue Bottle cafe", "specialty", "pour-over coffee",
                                text="Blue Bottle cafe is known for pour-over coffee")])
    assert memory.flush(120)
    assert [r.name for r in memory.related("carol", "my sister Lily")] == ["Blue Bottle cafe"]
    assert [f.value for f in memory.card("carol", "Blue Bottle cafe").facts] == ["pour-over coffee"]
    assert [v.value for v in memory.history("carol", "Blue Bottle cafe", "specialty")] == ["pour-over coffee"]
    assert [f.value for f in memory.as_of("carol", NOW, attribute="specialty")] == ["pour-over coffee"]
    assert memory.profile("carol").text
    top = [m.text for m in memory.recall("carol", "which cafe did my sister recommend?", 3)]
    assert any(t.startswith("Your sister Lily recommended") and "Blue Bottle cafe" in t for t in top), top


def test_recall_makes_no_llm_calls_and_rejects_bad_input(memory):
    from graphmem.errors import InputError
    with pytest.raises(InputError):
        memory.recall("alice", "   ")
    with pytest.raises(InputError):
        memory.recall("alice", "budget", paths=["telepathy"])
    with pytest.raises(InputError, match="limit"):          # the same limits as a message
        memory.recall("alice", "我开什么车" * 10_000)
    with pytest.raises(InputError, match="binary"):
        memory.recall("alice", "budget\x00\x01")
    assert memory.recall("nobody-at-all", "what is my budget?") == []


def test_a_question_about_the_users_own_attribute_reaches_that_fact(memory):
    """"What do I do for work?" shares no word with "在上海做 UI designer": the job fact is found through the
    user's own card (the key path), not by similarity, and in both languages."""
    s = memory.session("dora", "monday")
    s.add_user_message("Hi! 我叫小雨，英文名 Alex，在上海做 UI designer。", at=days_ago(30))
    for i in range(6):   # other recent things to talk about
        s.add_user_message(f"This week I need to finish chapter {i + 1} of the onboarding guide", at=days_ago(5 - i % 5))
    assert memory.flush(120)
    for q in ("What do I do for work?", "我做什么工作？"):
        found = memory.recall("dora", q, 5, explain=True)
        assert found and "UI designer" in found[0].text, (q, [m.text for m in found])
        assert found[0].explanation["via"].get("key") == "your job"


def test_a_question_for_a_kind_of_organisation_reaches_the_one_named(memory):
    """"Which moving company are we going with?" shares almost nothing with "we signed with Summit Hauling
    instead": spaCy calls Summit Hauling an organisation, and the question's type reaches it (graph path)."""
    s = memory.session("erin", "s1")
    s.add_user_message("Got a quote from Two Rivers Moving: $4,200 for the whole flat. Leaning towards them.",
                       at=days_ago(30))
    s.add_user_message("Ugh, Two Rivers came back saying fuel surcharges went up, new number was almost $5k. "
                       "Forget them, we signed with Summit Hauling instead for $3,650.", at=days_ago(20))
    for i in range(8):   # other things to talk about
        s.add_user_message(f"Packing list item {i + 1}: label the kitchen boxes and the books", at=days_ago(10 - i))
    assert memory.flush(120)
    found = memory.recall("erin", "Which moving company are we actually going with?", 5, explain=True)
    texts = [m.text for m in found]
    assert any("Summit Hauling" in t for t in texts), texts
    assert not any("phone" in t.lower() for t in texts)        # "new number was almost $5k" is no phone number


def test_a_pronoun_names_whom_it_means_and_a_drug_name_is_no_persons_name(memory):
    """Within a message "He" is the one person named before it; a message whose "他" means someone it does not
    name says whom when recalled. And a change that shares the drug's words with the old dose outdates it: only
    who a memory is about (a person's or pet's name) is left out of that comparison."""
    s = memory.session("fang", "s1")
    s.add_user_message("我爸今年六十八了，高血压好多年，每天早上吃一片氨氯地平。", at=days_ago(60))
    s.add_user_message("他口味很重，你帮我想想清淡点的菜谱", at=days_ago(60))
    s.add_user_message("李主任给我爸调了药，现在改成早晚各吃一片缬沙坦，氨氯地平停了。", at=days_ago(14))
    t = memory.session("fang", "s2")
    t.add_user_message("My mate Callum is doing the sportive with me. He's ridden it twice.", at=days_ago(5))
    assert memory.flush(120)
    found = [m.text for m in memory.recall("fang", "我爸现在吃什么降压药？", 5)]
    first = next(x for x in found if "氨氯地平" in x or "缬沙坦" in x)
    assert "缬沙坦" in first, found
    menu = [m.text for m in memory.recall("fang", "我爸口味怎么样？", 5)]
    assert any("口味很重" in x and "（他：你爸）" in x for x in menu), menu
    ride = [m for m in memory.recall("fang", "Who is doing the sportive with me?", 5) if "ridden" in m.text]
    assert ride and "Callum" in ride[0].text and "(he:" not in ride[0].text   # named in the text already


def _until(check, seconds: float = 120.0) -> bool:   # generous: background work on a slow, loaded box
    stop = threading.Event()
    for _ in range(int(seconds / 0.05)):
        if check():
            return True
        stop.wait(0.05)
    return check()


def test_a_users_caches_are_warmed_once_per_user_not_per_session(memory, monkeypatch):
    """A new session warms the user's recall caches in the background only while they are not loaded: a
    conversation of a user already served starts no thread (it was one thread per session, on the caller's path)."""
    memory.add("erin", "old", 1, "My budget is 5000", at=days_ago(40),
               facts=[FactInput("attribute", "", "budget", 5000, text="My budget is 5000")])
    assert memory.flush(120)
    warmed = []
    real = memory.retriever.warm
    monkeypatch.setattr(memory.retriever, "warm", lambda *a, **k: (warmed.append(a[0]), real(*a, **k)))
    tenant = memory.settings.tenant
    first = memory.session("erin", "s1")           # names loaded on the caller's path, vectors in the background
    assert _until(lambda: (tenant, "erin") in memory.retriever._vecs)
    assert warmed == ["erin"]
    assert "5000" in first.context("what is my budget?", 1500).long_term[0].text
    for i in range(5):                              # the same user's next conversations: nothing to warm
        ctx = memory.session("erin", f"s{i + 2}").context("what is my budget?", 1500)
        assert "5000" in ctx.long_term[0].text
    memory.session("frank", "s1")                   # another user: warmed once
    assert _until(lambda: (tenant, "frank") in memory.retriever._vecs)
    assert warmed == ["erin", "frank"]


def test_warm_loads_the_models_and_the_named_users_caches_then_freezes_them(memory):
    """Memory.warm at start-up: the user's recall caches are there before the first call, their BM25 index built
    (a first recall did that), nothing noted as recalled, and what is loaded has left the collector's full
    collections (a full collection walking the models stalled a call for 100-500 ms)."""
    import gc

    memory.add("gwen", "old", 1, "My budget is 5000", at=days_ago(3))
    assert memory.flush(120)
    memory.retriever.invalidate()
    tenant = memory.settings.tenant
    try:
        gc.unfreeze()
        memory.warm("gwen")
        assert (tenant, "gwen") in memory.retriever._vecs and (tenant, "gwen") in memory.retriever._users
        assert "events" in memory.retriever._vecs[(tenant, "gwen")]._bm25
        assert not memory.recall_log._pending
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()


def test_the_texts_a_users_cache_loads_are_read_ahead_for_ranking(memory):
    """Loading a user's recall cache reads ahead, in the background, what ranking reads of each memory's text
    (``scoring.prime``, on the ``said`` column of ``recall/user_vectors``; ``warm`` waits for it): ranking's readings
    of those texts are cache hits afterwards, for messages and for facts alike."""
    import uuid

    from graphmem.recall import query, scoring

    tag = uuid.uuid4().hex[:8]
    said = [f"My rent for the flat on {tag} street is 1,200 euros a month", f"No more {tag} lattes, I switched to tea"]
    for n, text in enumerate(said):
        memory.add("hana", "s1", n + 1, text, at=days_ago(3 - n))
    assert memory.flush(120)
    memory.retriever.invalidate()
    memory.retriever.warm("hana")   # waits for the read-ahead it started
    rows = memory.store.run("recall/user_vectors", {"tenant": memory.settings.tenant, "user_id": "hana", "since": None})
    texts = [r["said"] for r in rows if r["said"]]
    assert set(said) <= set(texts) and len(texts) > len(said)   # the messages and the facts read from them
    reads = (query.content_terms, scoring.announces_change, scoring.value_kinds, scoring._date_kinds,
             scoring._states_target)
    before = [f.cache_info().misses for f in reads]
    for text in texts:
        for f in reads:
            f(text)
    assert [f.cache_info().misses for f in reads] == before


def test_two_tenants_holding_the_same_history_recall_it_alike(store, settings, tenant, embedder, tmp_path):
    """Ids are derived from the tenant and the server returns a user's memories in the order of their ids; the
    ties between equal scores (forty messages that match the question's words alike) must not follow them."""
    import uuid

    things = ["hiking", "painting", "pottery", "chess", "surfing", "baking", "cycling", "fishing", "karaoke",
              "knitting", "climbing", "gardening", "origami", "skating", "camping", "archery", "rowing", "juggling",
              "sailing", "yoga", "fencing", "bowling", "dancing", "sketching", "golf", "tennis", "poetry", "kayaking",
              "birding", "quilting", "running", "boxing", "crochet", "diving", "rugby", "snooker", "hockey",
              "curling", "skiing", "cricket"]
    other = f"t-{uuid.uuid4().hex[:12]}"
    found = []
    try:
        for name in (tenant, other):
            memory = Memory(settings.with_(tenant=name), store=store, embedder=embedder,
                            journal_path=tmp_path / f"{name}.sqlite3", clock=lambda: NOW)
            try:
                for n, thing in enumerate(things):
                    memory.add("ann", "s1", n + 1, f"Caroline joined a {thing} club downtown", speaker="Caroline",
                               at=days_ago(60 - n))
                assert memory.flush(120)
                found.append([[(r.text, round(r.score, 9)) for r in memory.recall("ann", q, 12)]
                              for q in ("Which club did Caroline join downtown?", "the club downtown")])
            finally:
                memory.close(timeout=60)
    finally:
        store.run_auto("admin/delete_tenant", {"tenant": other})
    assert all(len(answers) == 12 for answers in found[0])
    assert found[0] == found[1]
