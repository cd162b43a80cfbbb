import sys
from pathlib import Path
import threading

import pytest

from graphmem.errors import InputError
from graphmem.linking.slots import SlotTable
from graphmem.linking.types import Mention
from graphmem.model import Turn
from graphmem.short_term.conflict import MemoryItem
from graphmem.short_term.packing import count_messages
from graphmem.short_term.session import Session
from graphmem.short_term.tokens import HeuristicCounter

sys.path.insert(0, str(Path(__file__).parent))  # works with --import-mode=importlib too
from st_helpers import NOW, fake_extractor  # noqa: E402


def make(executor=None, **kw):
    kw.setdefault("extractor", fake_extractor)
    kw.setdefault("linker", lambda t, slots, turn: [])
    kw.setdefault("counter", HeuristicCounter())
    return Session("u1", "s1", tenant="t", system_prompt="You are a helpful assistant.", executor=executor,
                   clock=lambda: NOW, **kw)


@pytest.mark.parametrize("bad", ["", "   \n ", b"bytes", bytearray(b"x"), 42, None, "a\x00b", "\ud800 lone",
                                 "\x01\x02\x03\x04\x05\x06\x07\x08 binary", "x" * 40_000])
def test_bad_messages_raise_input_error(bad):
    s = make()
    with pytest.raises(InputError):
        s.add_user_message(bad)
    with pytest.raises(InputError):
        s.context(bad) if bad is not None else s.add_assistant_message(bad)
    assert s.messages == [] and s.turn == 0


def test_context_returns_while_compression_is_still_running(executor):
    started, release = threading.Event(), threading.Event()

    def slow_llm(prompt):
        if "Summarise" in prompt:
            started.set()
            assert release.wait(10)
            return "The user wants a quiet hotel room and said their budget is 8000."
        return "{}"

    s = make(executor, llm=slow_llm, window_tokens=120, min_recent=2)
    for i in range(12):
        s.add_user_message(f"Message {i}: I would like a quiet room with a view of the lake please.")
        s.add_assistant_message(f"Reply {i}: noted, a quiet room with a lake view.")
    assert started.wait(10)
    ctx = s.context("and breakfast?", budget=400)  # returns although the summary is blocked
    assert s.compressing and s.compressions == 0
    assert ctx.tokens <= 400 and ctx.messages[-1] == {"role": "user", "content": "and breakfast?"}
    before = len(s.messages)
    release.set()
    assert s.flush(10)
    assert s.compressions >= 1 and len(s.messages) < before
    assert "budget is 8000" in s.context("and breakfast?", budget=400).text


def test_compression_keeps_hard_facts_and_drops_superseded_values(executor):
    s = make(executor, window_tokens=150, min_recent=2, summary_tokens=120)
    s.add_user_message("My budget is 5000 yuan for the trip.")
    s.add_user_message("I'm allergic to peanuts, remember that.")
    s.add_user_message("Please change my budget to 8000 now.")
    for i in range(30):
        s.add_user_message(f"Filler message number {i} about nothing important at all, just chatting along.")
        s.add_assistant_message(f"Filler answer {i}, sure thing, happy to chat.")
    assert s.flush(10) and s.compressions >= 1
    assert all(m.turn > 3 for m in s.messages)  # the fact turns left the window
    text = s.context("what's my budget?", budget=600).text
    assert "allergic to peanuts" in text
    assert "change my budget to 8000 now. (changed)" in text
    assert "5000" not in text


def test_session_beats_long_term_and_reports_it(executor):
    def retriever(user_input, session):
        return ["Your budget is 5000 yuan.", "You like jazz.",
                MemoryItem("You like sushi.", kind="preference", subject="sushi", value="sushi", polarity=1),
                {"text": "You live in Hangzhou.", "kind": "attribute", "key": "city", "value": "Hangzhou"}]

    s = make(executor, retriever=retriever)
    s.add_user_message("My budget is 5000 yuan.")
    s.add_user_message("Actually change my budget to 8000.")
    s.add_user_message("I dislike sushi these days.")
    ctx = s.context(budget=800)
    assert "You like jazz." in ctx.text and "You live in Hangzhou." in ctx.text
    assert "Your budget is 5000 yuan." not in ctx.text and "You like sushi." not in ctx.text
    assert sorted(i.text for i, _ in ctx.contradicted) == ["You like sushi.", "Your budget is 5000 yuan."]
    assert sum("contradicted by this session" in o.reason for o in ctx.omitted) == 2
    # the long-term block sits above the session's facts in the prompt
    assert ctx.text.index("You like jazz.") < ctx.text.index("change my budget to 8000")


def test_change_expression_goes_to_the_write_path_at_once_off_thread(executor):
    got = []
    s = make(executor, write_path=lambda turn: got.append((turn, threading.current_thread().name)))
    s.add_user_message("My budget is 5000.")
    s.add_user_message("Hello again!")
    assert s.flush(10) and got == []
    s.add_user_message("预算改成8000")
    assert s.flush(10)
    assert len(got) == 1
    turn, thread = got[0]
    assert isinstance(turn, Turn) and turn.text == "预算改成8000" and turn.turn_id == 3
    assert (turn.user_id, turn.session_id, turn.tenant) == ("u1", "s1", "t")
    assert thread != threading.current_thread().name


def test_budget_never_exceeded_and_omissions_reported(executor):
    s = make(executor, pinned_facts=["Check-in is at 14:00.", "退房时间是中午12点。"],
             retriever=lambda q, sess: [f"You mentioned topic {i} last month." for i in range(20)])
    for i in range(40):
        s.add_user_message(f"第{i}轮：我想订一家酒店，I need a quiet room near the station {i}.")
        s.add_assistant_message(f"Reply {i}: which city and date? 请问哪个城市？")
        if i % 5 == 0:
            s.add_tool_result("search", {"q": i}, {"hits": [{"id": j, "score": 0.5} for j in range(30)]})
    s.flush(10)
    h = HeuristicCounter()
    for budget in (120, 200, 350, 700, 1500, 5000):
        ctx = s.context("还有别的吗？", budget=budget)
        assert ctx.tokens <= budget and count_messages(ctx.messages, h) == ctx.tokens
        assert ctx.messages[0]["content"].startswith("You are a helpful assistant.")
        assert "Check-in is at 14:00." in ctx.messages[0]["content"]
        assert ctx.messages[-1]["content"] == "还有别的吗？"
        if budget < 5000:
            assert ctx.omitted and ctx.report()
    with pytest.raises(InputError):
        s.context("hi", budget=20)


def test_input_not_repeated_and_retriever_failure_reported(executor):
    def broken(q, sess):
        raise ConnectionError("neo4j down")

    s = make(executor, retriever=broken)
    s.add_user_message("Where should I stay in Hangzhou?")
    ctx = s.context("Where should I stay in Hangzhou?", budget=300)
    assert ctx.text.count("Where should I stay in Hangzhou?") == 1
    assert any(o.layer == "long_term" and "neo4j down" in o.reason for o in ctx.omitted)
    assert s.context(budget=300, recall=False).omitted == []


def test_slot_table_is_shared_and_places_fill_the_city_slot(executor):
    table = SlotTable()

    def mentions(text):
        if "Lakeview Inn" in text:
            return [Mention("Lakeview Inn", 0, 12, "named", type="hotel"), Mention("it", 0, 2, "pronoun")]
        if "Wuzhen" in text:
            return [Mention("Wuzhen", 0, 6, "named", type="city")]
        return []

    s = make(executor, slots=table, linker=lambda text, slots, turn: mentions(text))
    s.add_user_message("I need to book a hotel, maybe Lakeview Inn, is it good?")
    s.add_user_message("Let's do Wuzhen.")
    assert s.slots is table
    assert [sl.name for sl in table.recent()] == ["Wuzhen", "Lakeview Inn"]
    assert s.state.slots.get("city") == "Wuzhen" and s.state.pending == ["date"]


def test_booking_digression_in_context(executor):
    s = make(executor)
    for text in ["I need to book a hotel.", "What's the weather in Beijing tomorrow?",
                 "House prices in Shenzhen are insane.", "OK back to the booking."]:
        s.add_user_message(text)
        s.add_assistant_message("Sure.")
    text = s.context(budget=500).text
    assert "task: book a hotel" in text and "still needed: date, city" in text
    s.add_user_message("Is it going to rain there?")
    assert "steer back to the task: book a hotel (still needed: date, city)" in s.context(budget=500).text


def test_llm_state_update_runs_off_thread_and_is_optional(executor):
    threads = []

    def llm(prompt):
        threads.append(threading.current_thread().name)
        return '{"goal": "book a hotel by the West Lake", "slots": {"city": "Hangzhou"}}'

    s = make(executor, llm=llm)
    s.add_user_message("I need to book a hotel near the West Lake.")
    assert s.flush(10)
    assert s.state.goal == "book a hotel by the West Lake" and s.state.slots == {"city": "Hangzhou"}
    assert threads and threading.current_thread().name not in threads
    plain = make(executor)
    plain.add_user_message("I need to book a hotel near the West Lake.")
    assert plain.state.goal == "book a hotel"


def test_default_extractor_failure_does_not_break_the_turn(executor):
    def boom(text, now):
        raise RuntimeError("model missing")

    s = make(executor, extractor=boom)
    s.add_user_message("My budget is 5000.")
    assert s.turn == 1 and s.hard_facts == [] and "model missing" in s.errors[-1]


def test_sessions_registry_per_user_and_session_with_lru(executor):
    from graphmem.short_term import Sessions

    reg = Sessions(max_sessions=2, system_prompt="sys", extractor=fake_extractor, linker=lambda t, sl, n: [],
                   counter=HeuristicCounter(), executor=executor)
    a = reg.get("alice", "s1")
    assert reg.get("alice", "s1") is a and reg.get("alice", "s2") is not a
    assert reg.get("bob", "s1").user_id == "bob" and len(reg) == 2
    assert reg.get("alice", "s1") is not a  # the oldest was evicted
    assert reg.end("bob", "s1") and not reg.end("bob", "s1")


def test_retriever_gets_the_query_and_the_session(executor):
    seen = []

    def retriever(q, sess):
        seen.append((q, sess.slots, sess.state.goal))
        return []

    s = make(executor, retriever=retriever)
    s.add_user_message("I need to book a hotel.")
    s.context()
    assert seen == [("I need to book a hotel.", s.slots, "book a hotel")]


def test_default_linker_is_linkings_link_with_the_sessions_slot_table(executor, monkeypatch):
    import graphmem.linking.api as api
    from graphmem.linking.types import Link

    calls = []

    def fake_link(text, slots, known, embedder=None, *, turn=None):
        calls.append((text, slots, known, turn))
        m = Mention("乌镇", 0, 2, "named", type="geo", language="zh")
        slots.mention("new:geo:乌镇", "乌镇", "geo", turn, "乌镇")
        return [Link(m, "new", None, 0.0, "no candidate", entity_name="乌镇", entity_type="geo")]

    monkeypatch.setattr(api, "link", fake_link)
    gaz = object()
    s = Session("u1", "s1", extractor=fake_extractor, counter=HeuristicCounter(), executor=executor, known=gaz)
    s.add_user_message("我想订一家酒店")
    s.add_user_message("去乌镇吧")
    table = s.slots   # a read: both messages are read (linked) first, in order
    assert calls[1] == ("去乌镇吧", table, gaz, 2)
    assert s.slots.get("new:geo:乌镇").turn == 2
    assert s.state.slots == {"city": "乌镇"}


def test_with_linkings_real_extractor_change_supersedes_and_beats_long_term(executor):
    """End to end with graphmem.linking's extract_statements (no fake): 5000 → 八千/8000."""
    s = Session("u1", "s1", counter=HeuristicCounter(), executor=executor, linker=lambda t, sl, n: [],
                retriever=lambda q, sess: ["你的预算是五千", "You live in Hangzhou."])
    s.add_user_message("My budget is 5000 yuan.")
    s.add_user_message("预算改成8000吧")
    budget = [f for f in s.hard_facts if f.key == "budget"]
    assert [f.value for f in budget] == [8000] and budget[0].changed
    ctx = s.context("帮我找酒店", budget=600)
    assert "你的预算是五千" not in ctx.text and "You live in Hangzhou." in ctx.text
    assert [i.text for i, _ in ctx.contradicted] == ["你的预算是五千"]


@pytest.mark.parametrize("kwargs", [{"budget": 0}, {"window_tokens": -5}, {"summary_tokens": 1.5},
                                    {"long_term_share": 0}, {"summary_share": 1.5}, {"budget": True}])
def test_bad_settings_raise_input_error(kwargs):
    with pytest.raises(InputError):
        make(**kwargs)
    with pytest.raises(InputError):
        Session("", "s1")


def test_bad_context_budget_raises_input_error():
    s = make()
    s.add_user_message("hello there")
    for bad in ("100", 12.5, -1, 0):
        with pytest.raises(InputError):
            s.context(budget=bad)


def test_llm_summary_failure_falls_back_to_extractive(executor):
    def broken_llm(prompt):
        raise TimeoutError("model timed out")

    s = make(executor, llm=broken_llm, window_tokens=100, min_recent=2)
    s.add_user_message("My daughter's birthday is May 3rd, she turns seven.")
    for i in range(12):
        s.add_assistant_message(f"Reply {i}: noted, anything else you would like me to remember today?")
        s.add_user_message(f"Question {i}: could you tell me more about lighthouse keepers?")
    assert s.flush(10) and s.compressions >= 1
    assert any("May 3rd" in ln.text for ln in s.summary)
    assert any("model timed out" in e for e in s.errors)


def test_tool_results_bytes_and_cap(executor):
    s = make(executor, max_tools=3)
    rec = s.add_tool_result("fetch", None, b'{"results": [{"id": 1, "score": 0.5, "body": "x"}], "error": null}')
    assert rec.output == '{"results":[{"id":1,"score":0.5,"…":"1 fields dropped"}],"error":null}'
    for i in range(5):
        s.add_tool_result("fetch", {"i": i}, "plain text output")
    assert len(s.tool_records) == 3
    with pytest.raises(InputError):
        s.add_tool_result("  ", {}, "x")


def test_change_notice_uses_the_sessions_turn_ids(executor):
    class MySession(Session):
        def turn_id(self, turn, role="user"):
            return f"{turn}.abc"

    got = []
    s = MySession("u1", "s1", extractor=fake_extractor, linker=lambda t, sl, n: [], counter=HeuristicCounter(),
                  executor=executor, write_path=got.append)
    s.add_user_message("My budget is 5000.")
    s.add_user_message("Please change my budget to 6000.")
    assert s.flush(10) and [t.turn_id for t in got] == ["2.abc"]


def test_llm_rolling_summary_condenses_instead_of_dropping_new_chunks(executor):
    calls = {"summarise": 0, "merge": 0}

    def llm(prompt):
        if prompt.startswith("Merge"):
            calls["merge"] += 1
            return f"merged summary number {calls['merge']} " + "word " * 30
        if prompt.startswith("Summarise"):
            calls["summarise"] += 1
            return f"chunk summary number {calls['summarise']} " + "word " * 30
        return "{}"

    s = make(executor, llm=llm, window_tokens=80, min_recent=2, summary_tokens=90)
    for i in range(30):
        s.add_user_message(f"Message {i}: talking about lighthouses and the sea for a while now.")
        s.add_assistant_message(f"Reply {i}: lighthouses are lovely, tell me more.")
        assert s.flush(10)  # one compression at a time, as with real reply gaps
    assert calls["merge"] >= 1 and s.compressions >= 5
    lines = s.summary
    assert len(lines) <= 2 and sum(s.counter(ln.render()) + 1 for ln in lines) <= 90
    # the newest chunk is never the one dropped
    assert f"chunk summary number {calls['summarise']}" in " ".join(ln.text for ln in lines) or \
        lines[-1].text.startswith(f"merged summary number {calls['merge']}")


def test_the_default_linker_links_the_mentions_of_the_turns_one_reading(executor, monkeypatch):
    """A user turn's mentions are extracted once, with its one reading (``linking.analysis``), against the
    session's names; the session links those and hands the same reading (mentions included) to the writer."""
    from graphmem.linking import Gazetteer, KnownEntity, analysis, extract_mentions

    read: list[str] = []
    real = analysis.extract_mentions
    monkeypatch.setattr(analysis, "extract_mentions", lambda text, known=None: read.append(text) or real(text, known))
    gaz = Gazetteer([KnownEntity("e1", "ThinkPad X1", "laptop")])
    s = Session("u1", "s1", counter=HeuristicCounter(), executor=executor, known=gaz)
    text = "My ThinkPad X1 keeps overheating, that laptop is old"
    a = s._add_user(text, NOW)[1].result(10)   # the reading the writer is handed
    assert read == [text]
    assert list(a.mentions) == extract_mentions(text, gaz) and a.mentions_for(gaz) == list(a.mentions)
    assert s.slots.get("e1") is not None and s.slots.get("e1").turn == 1
    again = s._add_user("我想订一家酒店", NOW)[1].result(10)
    assert read == [text, "我想订一家酒店"] and again.mentions is not None
    custom = Session("u1", "s2", counter=HeuristicCounter(), executor=executor, linker=lambda t, sl, n: [])
    assert custom._add_user(text, NOW)[1].result(10).mentions is None and read == [text, "我想订一家酒店"]
