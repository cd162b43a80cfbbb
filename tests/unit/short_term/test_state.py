import json

from graphmem.short_term.state import SessionState, llm_update, update_state


def play(msgs):
    s = SessionState()
    states = []
    for m in msgs:
        s = update_state(s, m)
        states.append(s)
    return states


def test_booking_example_english_keeps_task_and_steers_back():
    states = play(["I need to book a hotel for my trip.",
                   "What's the weather like in Beijing tomorrow?",
                   "By the way, house prices in Shenzhen are crazy.",
                   "OK, back to the booking."])
    for s in states:
        assert "task: book a hotel" in s.render()
        assert "still needed: date, city" in s.render()
    assert states[1].digressing and "steer back" in states[1].render() and states[1].topic == "weather"
    assert states[2].topic == "house prices" and "steer back" in states[2].render()
    assert not states[3].digressing and states[3].topic == "hotel booking"
    assert states[1].slots == {}  # the weather question's city and date are not the hotel's


def test_booking_example_chinese():
    states = play(["我想订一家酒店", "明天上海天气怎么样？", "深圳房价太高了", "回到订酒店的事吧"])
    assert all("任务：订酒店" in s.render() and "还需要：日期、城市" in s.render() for s in states)
    assert "引导回任务" in states[1].render() and "引导回任务" in states[2].render()
    assert not states[3].digressing


def test_slots_fill_then_task_completes():
    s = play(["I need to book a hotel.", "Shanghai, next Friday please."])[-1]
    assert s.slots == {"city": "Shanghai", "date": "next Friday"} and s.pending == []
    s = update_state(s, "Your room is booked, confirmation 123.", role="assistant")
    assert s.goal is None and "book a hotel" in s.completed[-1] and "done" in s.completed[-1]


def test_assistant_questions_are_pending_until_user_answers():
    s = update_state(SessionState(), "I need to book a hotel.")
    s = update_state(s, "Sure. Which city? And which date?", role="assistant")
    assert s.questions == ["Which city?", "And which date?"]
    s = update_state(s, "Hangzhou")
    assert s.questions == [] and s.slots["city"] == "Hangzhou"


def test_generic_goal_and_cap_merges_completed_steps():
    s = update_state(SessionState(), "I want to learn Rust this year")
    assert s.goal == "learn Rust this year"
    for i in range(9):
        s = update_state(s, f"I need to book a hotel number {i}")
        s = update_state(s, "cancel it")
    assert len(s.completed) == 6
    assert s.completed[0].startswith("earlier: ")
    capped = SessionState(completed=[f"step {i}" for i in range(10)])
    capped = update_state(capped, "hello", cap=4)
    assert len(capped.completed) == 4 and "step 0" in capped.completed[0]


def test_llm_update_merges_json_and_ignores_garbage():
    s = update_state(SessionState(), "I need to book a hotel.")
    prompts = []

    def llm(prompt):
        prompts.append(prompt)
        return "Here: " + json.dumps({"goal": "book a hotel near the lake", "slots": {"city": "Hangzhou"}, "topic": "hotel"})

    out = llm_update(s, "near the West Lake please", "user", llm)
    assert out.goal == "book a hotel near the lake" and out.slots == {"city": "Hangzhou"}
    assert "near the West Lake" in prompts[0]
    assert llm_update(s, "x", "user", lambda p: "not json") is s
    assert llm_update(s, "x", "user", lambda p: (_ for _ in ()).throw(RuntimeError("down"))) is s


def test_requests_are_not_goals_and_stale_tasks_are_set_aside():
    s = update_state(SessionState(), "帮我解释一下什么是向量数据库")
    assert s.goal is None
    s = update_state(s, "I want to run a marathon next year?")
    assert s.goal is None  # a question is not a stated goal
    s = update_state(s, "我打算明年学会游泳")
    assert s.goal == "明年学会游泳"
    s = update_state(SessionState(), "I need to book a hotel.")
    for i in range(40):
        s = update_state(s, f"Unrelated chat about my favourite novel, chapter {i} was good.")
    assert s.goal == "book a hotel"
    s = update_state(s, "Another unrelated thought about the novel's ending, honestly.")
    assert s.goal is None and s.completed == ["book a hotel: set aside"]


def test_chat_mentioning_a_city_does_not_fill_the_hotel_slots():
    s = update_state(SessionState(), "I need to book a hotel.")
    s = update_state(s, "杭州这几天降温了，早上出门还挺冷的，我穿了两件毛衣还是觉得冷。")
    assert s.slots == {}
    s = update_state(s, "The hotel should be in Hangzhou, for next Friday.")
    assert s.slots == {"city": "Hangzhou", "date": "next Friday"}


def test_the_session_language_is_the_one_detectors():
    from graphmem.linking.normalize import detect_language

    for text, lang in [("I need to book a hotel.", "en"), ("我想订一家酒店。", "zh"),
                       ("ok，deadline是周五，我们team用的是Jira和Notion", "zh"),          # mixed: Chinese state
                       ("Book the Hilton in 杭州 for Friday please", "en")]:
        s = update_state(SessionState(), text)
        assert s.lang == lang
        assert (detect_language(text) != "en") == (lang == "zh")
