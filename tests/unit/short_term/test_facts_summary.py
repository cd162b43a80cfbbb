import sys
from pathlib import Path
from graphmem.linking.types import Statement
from graphmem.short_term import facts as facts_mod
from datetime import datetime, timezone

from graphmem.short_term.facts import FactLedger, HardFact, to_fact
from graphmem.short_term.summary import summarise, select, SummaryLine
from graphmem.short_term.tokens import HeuristicCounter

sys.path.insert(0, str(Path(__file__).parent))  # works with --import-mode=importlib too
from st_helpers import NOW, fake_extractor  # noqa: E402


def test_superseded_value_is_dropped_and_new_marked_changed():
    led = FactLedger()
    led.add_all(fake_extractor("My budget is 5000 yuan.", NOW), turn=1)
    led.add_all(fake_extractor("I'm allergic to peanuts.", NOW), turn=2)
    pairs = led.add_all(fake_extractor("Please change my budget to 8000.", NOW), turn=3)
    assert [old.value for _, old in pairs] == [5000]
    budget = [f for f in led if f.key == "budget"]
    assert len(budget) == 1 and budget[0].value == 8000 and budget[0].changed
    assert "(changed)" in budget[0].render() and "5000" not in budget[0].render()
    assert [f.value for f in led.superseded] == [5000]
    assert "My budget is 5000 yuan." in led.superseded_markers()


def test_repeats_are_merged_and_preference_flip_supersedes():
    led = FactLedger()
    assert led.add(to_fact(Statement("attribute", "", "budget", 5000, text="budget is 5000"), 1)) is None
    led.add(to_fact(Statement("attribute", "", "budget", 5000.0, text="budget is still 5000"), 2))
    assert len(led) == 1 and not led.facts[0].changed
    led.add(to_fact(Statement("preference", "sushi", "", "sushi", polarity=1, text="I like sushi"), 3))
    old = led.add(to_fact(Statement("preference", "sushi", "", "sushi", polarity=-1, text="I no longer like sushi"), 4))
    assert old is not None and old.polarity == 1
    assert [f.text for f in led if f.kind == "preference"] == ["I no longer like sushi"]


def test_events_accumulate_and_cap_keeps_attributes():
    led = FactLedger(max_facts=3)
    led.add(to_fact(Statement("attribute", "", "city", "Hangzhou", text="I live in Hangzhou"), 1))
    for i in range(5):
        led.add(to_fact(Statement("event", text=f"event number {i}"), i + 2))
    assert len(led) == 3 and led.facts[0].key == "city"
    assert [f.text for f in led.facts[1:]] == ["event number 3", "event number 4"]


def test_default_extractor_is_linkings(monkeypatch):
    import graphmem.linking.api as api

    seen = []
    monkeypatch.setattr(api, "extract_statements", lambda text, now: seen.append(text) or [Statement("goal", text=text)])
    out = facts_mod.extract("我想学游泳", NOW)
    assert seen == ["我想学游泳"] and out[0].kind == "goal"


def test_extractive_summary_keeps_facts_drops_filler_and_superseded():
    h = HeuristicCounter()
    turns = [(1, "user", "Hi!"), (1, "assistant", "Hello, how can I help?"),
             (2, "user", "My budget is 5000 yuan. I'm allergic to peanuts."),
             (2, "assistant", "Noted."), (3, "user", "谢谢"), (4, "user", "我们下周三在杭州开会。"),
             (5, "user", "The weather is nice today, I think we will go for a walk later maybe.")]
    lines = summarise(turns, budget=40, counter=h, fact_texts=["I'm allergic to peanuts."],
                      markers=["My budget is 5000 yuan."])
    texts = [ln.text for ln in lines]
    assert "我们下周三在杭州开会。" in texts
    assert "I'm allergic to peanuts." not in texts  # the hard-fact list already holds it
    assert not any("5000" in t for t in texts)
    assert not any(t in ("Hi!", "Noted.", "谢谢") for t in texts)
    assert sum(h(ln.render()) + 1 for ln in lines) <= 40
    assert [ln.turn for ln in lines] == sorted(ln.turn for ln in lines)


def test_rolling_merge_keeps_best_within_budget():
    h = HeuristicCounter()
    lines = [SummaryLine(i, "user", f"fact number {i} is important", float(i % 5)) for i in range(40)]
    kept = select(lines, 60, h)
    assert sum(h(ln.render()) + 1 for ln in kept) <= 60
    assert min(ln.score for ln in kept) >= 3.0


def test_a_date_value_reads_as_a_date():
    birthday = HardFact(Statement("attribute", "Mum", "birthday", datetime(2026, 4, 12, tzinfo=timezone.utc)), turn=1)
    assert birthday.structured() == "Mum birthday: 2026-04-12"


def test_a_hard_fact_is_the_statement_said_at_a_turn():
    """One statement type (issue 17): a hard fact holds linking's Statement itself and reads its fields through;
    only the turn and whether a later value replaced it are the session's own."""
    said = Statement("attribute", "", "budget", 8000, is_change=True, text="预算改成八千", language="zh", unit="元")
    f = to_fact(said, 3)
    assert f.statement == said and (f.turn, f.changed) == (3, False)
    assert (f.kind, f.key, f.value, f.unit, f.is_change, f.text) == ("attribute", "budget", 8000, "元", True, "预算改成八千")
    led = FactLedger()
    led.add(to_fact(Statement("attribute", "", "budget", 5000, text="budget 5000"), 1))
    led.add(f)
    assert led.facts[0].changed and led.facts[0].statement == said   # replacing marks it changed, same statement


def test_a_recalled_memory_is_viewed_not_copied_by_the_retriever():
    """The retriever hands the session its ``Recalled`` memories; the context's ``MemoryItem`` is their view: a fact
    or relation claims its slot, an event's text is parsed instead (no kind, no key), the memory is ``source``."""
    from graphmem.recall.types import Recalled
    from graphmem.short_term.conflict import as_item

    fact = Recalled("f1", "fact", "Your budget is 5000.", "budget 5000", 0.8, kind="attribute", key="budget", value="5000")
    event = Recalled("e1", "event", "You said: budget 5000", "budget 5000", 0.5, kind="statement", key="budget")
    a, b = as_item(fact), as_item(event)
    assert (a.text, a.kind, a.key, a.value, a.score, a.source) == (fact.text, "attribute", "budget", "5000", 0.8, fact)
    assert (b.kind, b.key, b.source) == ("", "", event)
    led = FactLedger()
    led.add(to_fact(Statement("attribute", "", "budget", 8000, text="预算改成8000"), 1))
    from graphmem.short_term.conflict import resolve
    kept, dropped = resolve([fact, "You live in Hangzhou."], led)
    assert [i.text for i in kept] == ["You live in Hangzhou."] and dropped[0][0].source is fact


def test_memories_are_parsed_only_when_a_session_fact_has_a_slot():
    """A parsed claim can beat only a fact with a slot (attribute, preference, relation): beside events and goals
    alone the memories' texts are not parsed; beside an attribute they are, and the parse decides."""
    from graphmem.short_term.conflict import resolve

    parsed = []

    def parse(text):
        parsed.append(text)
        return fake_extractor(text, NOW)

    led = FactLedger()
    led.add(to_fact(Statement("event", "", "", None, text="went hiking on Sunday"), 1))
    kept, dropped = resolve(["My budget is 5000 yuan."], led, parse)
    assert parsed == [] and [i.text for i in kept] == ["My budget is 5000 yuan."] and dropped == []
    led.add(to_fact(Statement("attribute", "", "budget", 8000, text="budget is 8000"), 2))
    fact = {"text": "Your budget is 5000.", "kind": "attribute", "key": "budget", "value": 5000}
    told = []
    kept, dropped = resolve(["My budget is 5000 yuan.", fact], led, parse, ahead=told.append)
    assert parsed == ["My budget is 5000 yuan."] and kept == [] and dropped[0][1].value == 8000
    assert told == [["My budget is 5000 yuan."]]      # the texts about to be parsed, once, before any is parsed


def test_only_the_users_own_words_are_parsed_for_claims_about_the_user():
    """A participant's line or the assistant's reply ("My budget is 5000") says nothing of the user's budget: it is
    neither parsed nor dropped; the user's own recalled words are parsed and beaten by this session's change. A
    value the session replaced still marks any speaker's line that repeats it."""
    from graphmem.recall.types import Recalled
    from graphmem.short_term.conflict import resolve

    parsed = []

    def parse(text):
        parsed.append(text)
        return fake_extractor(text, NOW)

    led = FactLedger()
    led.add(to_fact(Statement("attribute", "", "budget", 8000, text="budget is 8000"), 1))
    friend = Recalled("e1", "event", "Melanie (May): My budget is 5000.", "My budget is 5000.", 0.6, speaker="Melanie")
    reply = Recalled("e2", "event", "The assistant said: my budget is 5000.", "my budget is 5000.", 0.5,
                     kind="assistant")
    own = Recalled("e3", "event", "You said: my budget is 5000.", "my budget is 5000.", 0.4, kind="statement")
    kept, dropped = resolve([friend, reply, own], led, parse, ahead=lambda texts: None)
    assert parsed == [own.text]
    assert [i.source for i in kept] == [friend, reply] and [d[0].source for d in dropped] == [own]
    led.superseded.append(to_fact(Statement("attribute", "", "budget", 5000, text="budget is 5000"), 0))
    kept, dropped = resolve([friend], led, parse)
    assert kept == [] and dropped[0][0].source is friend


def test_a_recalled_turn_the_write_path_read_is_judged_by_its_claims_without_parsing():
    """The user's recalled words whose turn this process read (the writer or the session: ``claims.remember``) are
    judged by that turn's statements, found by the stored words and when they were said; the line is not parsed.
    A turn never read is parsed as before; known claims that say nothing keep the memory without a parse."""
    from datetime import timedelta

    from graphmem.recall.types import Recalled
    from graphmem.short_term import claims
    from graphmem.short_term.conflict import resolve

    parsed, batched = [], []

    def parse(text):
        parsed.append(text)
        return fake_extractor(text, NOW)

    led = FactLedger()
    led.add(to_fact(Statement("attribute", "", "budget", 8000, text="budget is 8000"), 1))
    said = NOW - timedelta(days=30)
    read = Recalled("e1", "event", "You said: my budget is 5000.", "my budget is 5000.", 0.6, kind="statement",
                    when=said)
    quiet = Recalled("e2", "event", "You said: nice weather.", "nice weather.", 0.5, kind="statement", when=said)
    unread = Recalled("e3", "event", "You said: my budget is 6000.", "my budget is 6000.", 0.4, kind="statement",
                      when=said)
    claims.remember(read.source_text, said, fake_extractor(read.source_text, said))
    claims.remember(quiet.source_text, said, ())
    try:
        kept, dropped = resolve([read, quiet, unread], led, parse, ahead=batched.extend, known=claims.of_recalled)
        assert parsed == [unread.text] and batched == [unread.text]
        assert [i.source for i in kept] == [quiet] and [d[0].source for d in dropped] == [read, unread]
        assert claims.of(read.source_text, said + timedelta(seconds=1)) is None   # said another time: another turn
        parsed.clear()
        resolve([read], led, parse)   # no ``known``: parsed as before
        assert parsed == [read.text]
    finally:
        claims.clear()
