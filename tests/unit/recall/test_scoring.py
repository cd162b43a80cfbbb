"""The pure ranking: components, status rule, lexical evidence, time windows, diversity, merge."""

import math
from dataclasses import replace
from datetime import datetime, timedelta, timezone

from graphmem.recall.query import analyse
from graphmem.recall.scoring import (FEATURES, QUESTION_TELLS, ScoringConfig, answers_later_first, asks, components,
                                     later_first, link_newer, merge, normalise_lexical, overlap, rank, shingles, tells)
from graphmem.recall.types import Candidate

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)
CFG = ScoringConfig()


def fact(id_, text, sim=0.6, status="active", key="budget", entity_id="en_self", days=10, paths=None, **kw):
    c = Candidate(id=id_, label="fact", text=text, kind="attribute", key=key, value=text.split()[-1], status=status,
                  entity_id=entity_id, is_self=entity_id == "en_self", t_from=NOW - timedelta(days=days),
                  last_seen=NOW - timedelta(days=days), sim=sim, **kw)
    for p, s in (paths or {"vector": sim}).items():
        c.add_path(p, s)
    return c


def event(id_, text, sim=0.5, days=3, paths=None, **kw):
    c = Candidate(id=id_, label="event", text=text, t_from=NOW - timedelta(days=days), last_seen=NOW - timedelta(days=days),
                  sim=sim, **kw)
    for p, s in (paths or {"vector": sim}).items():
        c.add_path(p, s)
    return c


def test_components_are_the_fitted_model_and_sum_to_the_score():
    c = fact("f1", "Your budget is 8000", paths={"vector": 0.6, "fulltext": 1.0, "graph": 1.0})
    comp = components(c, analyse("what is my budget", NOW), NOW, CFG)
    bias, weights = CFG.weights()
    assert [name for name, _ in weights] == list(FEATURES)
    logit = bias
    for name, w in weights:
        assert 0.0 <= comp[name] <= 1.0 and comp["w_" + name] == w * comp[name]
        logit += comp["w_" + name]
    assert abs(comp["relevance"] - 1 / (1 + math.exp(-logit))) < 1e-12
    assert abs(comp["score"] - comp["relevance"] * comp["status"] * comp["current"]) < 1e-12


def test_a_given_model_replaces_the_fitted_one():
    c = event("e", "I booked Tokyo", sim=0.6)
    only_semantic = replace(CFG, model=(0.0, tuple((f, 1.0 if f == "semantic" else 0.0) for f in FEATURES)))
    comp = components(c, analyse("q", NOW), NOW, only_semantic)
    assert abs(comp["relevance"] - 1 / (1 + math.exp(-comp["semantic"]))) < 1e-12


def test_outdated_is_left_out_unless_the_question_is_about_the_past():
    new = fact("f2", "budget 8000", days=5)
    old = fact("f1", "budget 5000", status="outdated", days=60)
    now_q, past_q = analyse("what is my budget?", NOW), analyse("what was my budget before?", NOW)
    assert [c.id for c, _ in rank([old, new], now_q, NOW, 5, CFG)] == ["f2"]
    ranked = [c.id for c, _ in rank([old, new], past_q, NOW, 5, CFG)]
    assert ranked[0] == "f1" and "f2" in ranked


def test_more_similar_ranks_higher_and_recency_breaks_ties():
    a = fact("a", "alpha budget 1", sim=0.7, key="a")
    b = fact("b", "beta budget 2", sim=0.4, key="b")
    assert [c.id for c, _ in rank([b, a], analyse("q", NOW), NOW, 5, CFG)] == ["a", "b"]
    old = event("old", "I went to Kyoto", sim=0.6, days=300)
    new = event("new", "I went to Berlin", sim=0.6, days=1)
    assert [c.id for c, _ in rank([old, new], analyse("trip", NOW), NOW, 5, CFG)][0] == "new"


def test_a_memory_the_full_text_path_also_found_ranks_higher():
    one = event("one", "I booked Tokyo", sim=0.5, paths={"vector": 0.5})
    two = event("two", "I booked Osaka", sim=0.5, paths={"vector": 0.5, "fulltext": 0.5})
    q = analyse("q", NOW)
    assert components(two, q, NOW, CFG)["lexical"] == 0.5 and components(one, q, NOW, CFG)["lexical"] == 0.0
    assert [c.id for c, _ in rank([one, two], q, NOW, 5, CFG)] == ["two", "one"]


def test_the_question_naming_who_said_it_and_a_relevant_reply_lift_a_message():
    q = analyse("What did Caroline research?", NOW)
    plain = event("a", "I looked into adoption agencies", sim=0.4)
    named = event("b", "I looked into adoption agencies", sim=0.4, speaker="Caroline")
    named.features["speaker"] = 1.0
    assert components(named, q, NOW, CFG)["score"] > components(plain, q, NOW, CFG)["score"]
    replied = event("c", "I looked into adoption agencies", sim=0.4)
    replied.features["neighbour"] = 0.8
    assert components(replied, q, NOW, CFG)["neighbour"] == 0.8


def test_time_window_bonus():
    q = analyse("what did I do last week?", NOW)
    inside = event("in", "I went climbing", sim=0.3, days=8)
    outside = event("out", "I went sailing", sim=0.3, days=40)
    assert components(inside, q, NOW, CFG)["time_match"] > 0 == components(outside, q, NOW, CFG)["time_match"]
    assert rank([outside, inside], q, NOW, 1, CFG)[0][0].id == "in"


def test_a_memory_holding_the_kind_of_value_asked_for_ranks_higher():
    for question, holds, lacks in (
            ("How old are my kids?", "You have twins, Ava and Noah, they're 7", "The twins love swimming"),
            ("钢琴最后多少钱买下来的？", "Deal done！ 最后砍到 14000 成交", "琴到了以后每周三晚上也加一节课"),
            ("IELTS 重考到底是哪天？", "IELTS 重考改到了 6月14号", "IELTS 口语还要多练"),
            ("Who is our vet?", "First check-up with Dr. Ferreira at Millbrook Vets", "the vet check-up went well"),
            ("我老婆叫什么名字？", "我老婆 Mei Ling 比较在意距离", "我老婆比较在意距离")):
        q = analyse(question, NOW)
        a, b = event("holds", holds, sim=0.3), event("lacks", lacks, sim=0.3)
        ca, cb = components(a, q, NOW, CFG), components(b, q, NOW, CFG)
        assert (ca["answer_form"], cb["answer_form"]) == (1.0, 0.0), question
        assert ca["w_answer_form"] > 0 and rank([b, a], q, NOW, 1, CFG)[0][0].id == "holds", question
    # a question that asks for no such value weighs none
    q = analyse("What kind of cake do I want?", NOW)
    assert components(event("x", "Lemon cake for 120 guests", sim=0.3), q, NOW, CFG)["answer_form"] == 0.0


def test_low_relevance_is_dropped():
    junk = event("junk", "unrelated", sim=0.0, days=200, paths={"recency": 1.0})
    q = analyse("what is my budget", NOW)
    score = components(junk, q, NOW, CFG)["score"]
    assert score < 0.05
    assert rank([junk], q, NOW, 5, replace(CFG, min_score=score * 1.01)) == []
    assert [c.id for c, _ in rank([junk], q, NOW, 5, replace(CFG, min_score=score * 0.99))] == ["junk"]


def test_diversity_no_five_near_copies():
    copies = [event(f"e{i}", f"I really like dark themes in every editor {'!' * i}", sim=0.7 - i * 0.01) for i in range(5)]
    other = event("x", "My sister lives in Hangzhou", sim=0.4)
    ranked = rank(copies + [other], analyse("dark theme", NOW), NOW, 5, CFG)
    ids = [c.id for c, _ in ranked]
    assert ids == ["e0", "x"]


def test_same_slot_once_and_same_entity_penalty():
    a = fact("a", "budget 8000", key="budget", sim=0.7)
    b = fact("b", "budget is eight thousand now", key="budget", sim=0.69)
    assert [c.id for c, _ in rank([a, b], analyse("budget", NOW), NOW, 5, CFG)] == ["a"]
    cfg = replace(CFG, same_entity_penalty=0.5)
    x1 = fact("x1", "laptop colour black", key="colour", entity_id="en_laptop", sim=0.7)
    x2 = fact("x2", "laptop weight 1.1 kg", key="weight", entity_id="en_laptop", sim=0.69)
    y = fact("y", "phone colour red", key="colour", entity_id="en_phone", sim=0.6)
    ranked = rank([x1, x2, y], analyse("colour", NOW), NOW, 3, cfg)
    assert [c.id for c, _ in ranked][:2] == ["x1", "y"]
    assert ranked[-1][1]["diversity"] < 0
    # the user's own memories are all about them: no penalty ("I'm vegetarian" after "the budget is £22,000")
    mine = [fact("m1", "budget 22000", key="budget", sim=0.7), fact("m2", "diet vegetarian", key="diet", sim=0.69)]
    ranked = rank([*mine, y], analyse("colour", NOW), NOW, 3, cfg)
    assert [c.id for c, _ in ranked] == ["m1", "m2", "y"] and "diversity" not in ranked[1][1]


def test_merge_unions_paths_and_folds_message_events_into_their_facts():
    f1 = fact("f1", "Actually my budget is 8000 now", sim=0.5, paths={"vector": 0.5}, source_id="ev1")
    f1_again = fact("f1", "Actually my budget is 8000 now", sim=0.5, paths={"graph": 1.0})
    ev = event("ev1", "Actually my budget is 8000 now", sim=0.8, paths={"fulltext": 3.0})
    other = event("ev2", "I went to Kyoto", sim=0.2)
    f3 = fact("f3", "budget 100", key="b3", source_id="ev3")
    longer = event("ev3", "My budget is 100 and I want something light because I cycle to work")
    merged = merge([("vector", [f1, f3]), ("graph", [f1_again]), ("fulltext", [ev, other, longer])])
    assert set(merged) == {"f1", "ev2", "f3", "ev3"}     # the message that says more than its fact stays
    assert set(merged["f1"].paths) == {"vector", "graph", "fulltext"}
    assert merged["f1"].sim > 0.5
    normalise_lexical(merged.values())
    assert merged["f1"].paths["fulltext"] == 1.0


def test_shingles_work_for_chinese_and_english():
    assert overlap(shingles("我喜欢深色主题"), shingles("我很喜欢深色主题")) > 0.6
    assert overlap(shingles("I like dark themes"), shingles("My sister lives in Hangzhou")) == 0


def test_a_later_change_outdates_older_similar_memories():
    from graphmem.recall.scoring import implicit_supersede
    old = event("old", "每天早上必须一杯 oat latte，不然一整天都没精神", days=60)
    other = event("other", "I am allergic to cats", days=50)
    unrelated_latte = event("far", "oat latte recipe from the cafe", days=40)
    change = event("new", "Actually I've switched to 美式, black, no more oat latte", days=5)
    sims = {("new", "old"): 0.42, ("new", "other"): 0.16, ("new", "far"): 0.1}
    n = implicit_supersede([old, other, unrelated_latte, change], lambda a, b: sims.get((a, b)), CFG)
    # the old message says more than the latte ("不然一整天都没精神"): stale, demoted below the change
    assert n == 1 and old.status == "stale" and old.superseded_by == "new"
    assert other.status == unrelated_latte.status == change.status == "active"
    q = analyse("what coffee do I drink now?", NOW)
    assert [c.id for c, _ in rank([old, change], q, NOW, 5, CFG)][0] == "new"
    # a message that only said the old thing is outdated: left out of answers about now
    only = event("only", "每天早上必须一杯 oat latte", days=60)
    assert implicit_supersede([only, change], lambda a, b: 0.42, CFG) == 1 and only.status == "outdated"
    assert "only" not in [c.id for c, _ in rank([only, change], q, NOW, 5, CFG)]


def test_a_change_said_in_the_same_message_or_earlier_outdates_nothing():
    """"改到八月三号" is said in May about August: what counts is when each was said, and a message never
    outdates what was drawn from itself."""
    from graphmem.recall.scoring import implicit_supersede
    msg = event("msg", "出发时间改了，改到八月三号，七月公司走不开", days=10)
    part = event("part", "改到八月三号", days=10)
    part.source_id = msg.source_id = "msg"
    part.t_from = NOW + timedelta(days=60)        # what it tells happens later than anything said
    assert implicit_supersede([msg, part], lambda a, b: 0.9, CFG) == 0
    assert msg.status == part.status == "active"


def test_sharing_only_an_entity_name_is_not_a_change():
    from graphmem.recall.scoring import implicit_supersede
    vet = event("vet", "团子最近软便，朋友说可以去安安宠物医院看看", days=30)
    food = event("food", "你把猫粮换成渴望了，团子吃得挺香的", days=7)
    n = implicit_supersede([vet, food], lambda a, b: 0.45, CFG, names=["团子"])
    assert n == 0 and vet.status == "active"


def test_a_new_number_with_a_change_verb_outdates_the_old_number_in_the_same_unit():
    from graphmem.recall.scoring import implicit_supersede
    old = event("old", "Eating 2400 calories a day, high protein.", days=40)
    new = event("new", "Weight loss stalled so I dropped my calories to 2200.", days=5)
    km_old = event("km0", "Right now I'm running about 30 km a week", days=60)
    km_new = event("km1", "Bumping to 55 km weekly now, that's the peak block.", days=6)
    book = event("book", "Jordan told me to read The Making of a Manager before interviewing for lead roles", days=20)
    n = implicit_supersede([old, new, km_old, km_new, book], lambda a, b: 0.4, CFG)
    # "high protein" still holds: the calories message is stale (demoted), the km one said only the number
    assert old.status == "stale" and km_old.status == "outdated" and new.status == km_new.status == "active"
    assert book.status == "active" and n == 2


def test_a_new_measurement_does_not_outdate_a_target_or_share_only_digits():
    from graphmem.recall.scoring import implicit_supersede
    goal = event("goal", "过完年胖了不少，现在一百八十斤，想减到一百五十五斤。", days=60)
    weigh = event("weigh", "称了一下，一百七十二斤了！", days=20)
    target = event("target", "中介说要求提高了，我的目标改成总分七分，单项不低于六点五", days=14)
    listening = event("listen", "听力最近进步很大，能到七点五了。", days=7)
    implicit_supersede([goal, weigh, target, listening], lambda a, b: 0.5, CFG)
    assert goal.status == target.status == "active"


def test_what_a_change_drops_outright_is_outdated_and_a_move_outdates_the_old_location():
    from graphmem.recall.scoring import implicit_supersede
    from graphmem.recall.types import Candidate
    latte = event("latte", "My favourite coffee place is Seesaw, their oat latte is the best", days=40)
    switch = event("sw", "Actually I've switched to 美式, black, no more oat latte", days=5)
    tea = event("tea", "我每天下午都喝奶茶", days=30)
    quit_tea = event("qt", "我现在不再喝奶茶了", days=3)
    loc = Candidate(id="loc", label="fact", kind="attribute", key="location", text="I live in Phibsborough",
                    t_from=NOW - timedelta(days=60))
    move = event("mv", "I'm moving to a flat in Ranelagh on March 15th", days=10)
    far = event("far", "oat latte recipe from the cafe", days=20)
    sims = {("sw", "latte"): 0.25, ("qt", "tea"): 0.22, ("sw", "far"): 0.1}
    implicit_supersede([latte, switch, tea, quit_tea, loc, move, far], lambda a, b: sims.get((a, b), 0.05), CFG)
    assert tea.status == loc.status == "outdated"
    assert latte.status == "stale"       # Seesaw is still the favourite place; only the latte is dropped
    assert switch.status == quit_tea.status == move.status == far.status == "active"


def test_only_the_clause_that_changes_something_decides_what_it_outdates():
    from graphmem.recall.scoring import implicit_supersede
    cat = event("cat", "我养了一只英短蓝猫，叫团子，两岁了", days=60)
    food = event("food", "它一直吃皇家的室内猫粮", days=50)
    switch = event("sw", "上周我把猫粮换成渴望了，团子吃得挺香的", days=7)
    implicit_supersede([cat, food, switch], lambda a, b: 0.45, CFG)
    assert food.status == "outdated" and cat.status == "active"


def test_a_message_whose_facts_were_all_superseded_is_outdated_unless_it_said_more():
    only = event("only", "My budget for the new laptop is 5000", status="stale")
    more = event("more", "我在 Boston 读 CS master, 第一年, 住在 Allston。", status="stale")
    merged = merge([("vector", [only, more])])
    assert merged["only"].status == "outdated" and merged["more"].status == "stale"


def test_the_message_a_clause_came_from_replaces_it_when_nearly_as_good():
    q = analyse("我开什么车？", NOW)
    clause = event("clause", "周末开去马来西亚玩", sim=0.40)
    message = event("msg", "刚提了一辆 极氪 001, 周末开去马来西亚玩。", sim=0.38)
    other = event("other", "周末想做个简单的 laksa", sim=0.2)
    ids = [c.id for c, _ in rank([clause, message, other], q, NOW, 5, CFG)]
    assert "msg" in ids and "clause" not in ids
    far = event("far", "刚提了一辆 极氪 001, 周末开去马来西亚玩。", sim=0.12)    # much weaker: the clause stays
    ids = [c.id for c, _ in rank([clause, far], q, NOW, 5, CFG)]
    assert ids == ["clause"]


def test_a_weaker_message_that_says_much_more_replaces_its_clause():
    q = analyse("What sort of wedding cake am I after?", NOW)
    clause = fact("f", "I definitely don't want a traditional fruit cake", sim=0.5, key="")
    message = event("m", "I definitely don't want a traditional fruit cake. Thinking lemon and elderflower, "
                         "something light.", sim=0.38)
    assert [c.id for c, _ in rank([clause, message], q, NOW, 5, CFG)] == ["m"]
    copy = event("c", "I definitely don't want a traditional fruit cake!", sim=0.3)    # says nothing more: a copy
    assert [c.id for c, _ in rank([clause, copy], q, NOW, 5, CFG)] == ["f"]


def test_a_message_that_says_much_more_replaces_its_clause_at_half_its_score():
    q = analyse("我儿子生下来多重？", NOW)
    clause = event("c", "我儿子上周五出生了", sim=0.6)
    score = components(clause, q, NOW, CFG)["score"]
    half = next(m for m in (event("m", "我儿子上周五出生了！小名叫小核桃，七斤二两。", sim=s / 100) for s in range(60, 0, -1))
                if 0.47 <= components(m, q, NOW, CFG)["score"] / score <= 0.58)   # between the old ratio and the new
    assert [c.id for c, _ in rank([clause, half], q, NOW, 5, CFG)] == ["m"]
    assert [c.id for c, _ in rank([clause, half], q, NOW, 5, replace(CFG, more_ratio=0.6))] == ["c"]


def test_a_question_about_the_value_now_lifts_memories_that_announce_a_change():
    old = event("old", "Theo and I finally picked a date: October 10th this year", sim=0.37, days=30)
    new = event("new", "Theo's brother is deployed in October, so we've shifted everything to September 19th",
                sim=0.33, days=20)
    now_q = analyse("What's the date of the wedding now?", NOW)
    assert now_q.current and [c.id for c, _ in rank([old, new], now_q, NOW, 5, CFG)] == ["new", "old"]
    comp = components(new, now_q, NOW, CFG)
    assert comp["current"] == 1 + CFG.current_boost
    plain = analyse("When is the wedding?", NOW)          # not asking for the current value: similarity decides,
    no_answers = replace(CFG, answer_ratio=0)            # unless both answer it with a date: then the later one
    assert not plain.current and [c.id for c, _ in rank([old, new], plain, NOW, 5, no_answers)] == ["old", "new"]
    assert [c.id for c, _ in rank([old, new], plain, NOW, 5, CFG)] == ["new", "old"]
    assert components(old, now_q, NOW, CFG)["current"] == 1.0   # no change announced
    off = event("off", "the clinic bumped my follow up, it's June 2nd now", sim=0.15, days=1)
    boost = components(off, now_q, NOW, CFG)["current"] - 1     # off topic: only part of the lift
    assert 0 < boost < CFG.current_boost / 2


def test_the_later_of_two_memories_that_say_the_same_thing_ranks_just_above_the_earlier():
    old = event("old", "单词用Anki背，每天新词30个，复习大概要四十分钟", sim=0.55, days=40, recorded_at=NOW - timedelta(days=40))
    new = event("new", "现在Anki每天新词50个，为了N2得拼一把", sim=0.39, days=1, recorded_at=NOW - timedelta(days=1))
    topic = event("topic", "新年新计划：开始学日语了", sim=0.3, days=50, recorded_at=NOW - timedelta(days=50))
    sims = {frozenset(("old", "new")): 0.47, frozenset(("topic", "new")): 0.39, frozenset(("old", "topic")): 0.4}
    similarity = lambda a, b: sims.get(frozenset((a, b)))  # noqa: E731  (pure logic: cosines given)
    assert link_newer([old, new, topic], similarity, CFG) == 1
    assert old.newer == "new" and topic.newer is None          # "学日语" shares no two content terms with it
    q = analyse("我每天背多少个新单词？", NOW)
    ranked = rank([old, new, topic], q, NOW, 5, CFG)
    assert [c.id for c, _ in ranked][:2] == ["new", "old"]
    assert ranked[0][1]["newer"] > 0
    past = analyse("我以前每天背多少个新单词？", NOW)                 # about the past: no lift
    assert [c.id for c, _ in rank([old, new], past, NOW, 5, CFG)][0] == "old"


def test_a_later_version_answers_how_things_stand_not_what_happened():
    went = event("went", "I went to a LGBTQ support group yesterday", sim=0.6, days=40, recorded_at=NOW - timedelta(days=40))
    later = event("later", "The support group was so inspiring, check out the crowd", sim=0.4, days=10,
                  recorded_at=NOW - timedelta(days=10))
    went.newer = "later"
    happened = analyse("When did I go to the support group?", NOW)
    assert happened.happened and not happened.current
    assert [c.id for c, _ in rank([went, later], happened, NOW, 5, CFG)] == ["went", "later"]
    ended = analyse("Which support group did I end up going to?", NOW)     # what happened, and how it ended up
    assert ended.happened and ended.current
    assert [c.id for c, _ in rank([went, later], ended, NOW, 5, CFG)] == ["later", "went"]


def test_of_several_later_memories_that_say_the_same_thing_the_latest_is_the_newer_version():
    said = [("a", "每天新词30个", 40), ("b", "现在每天新词40个", 20), ("c", "现在每天新词50个", 3), ("d", "今天天气很好", 1)]
    cands = [event(i, text, days=d, recorded_at=NOW - timedelta(days=d)) for i, text, d in reversed(said)]
    assert link_newer(cands, lambda x, y: 0.8, CFG) == 2
    assert {c.id: c.newer for c in cands} == {"a": "c", "b": "c", "c": None, "d": None}


def test_sharing_only_a_name_or_the_same_message_is_not_saying_the_same_thing():
    a = event("a", "小雨管账，外卖平台也归小雨", sim=0.5, days=30, recorded_at=NOW - timedelta(days=30))
    b = event("b", "小雨尝了说咸度刚好，小雨很满意", sim=0.3, days=5, recorded_at=NOW - timedelta(days=5))
    assert link_newer([a, b], lambda x, y: 0.5, CFG, names=["小雨"]) == 0
    clause = event("c", "每天新词50个", sim=0.5, days=5, recorded_at=NOW - timedelta(days=5), source_id="m")
    whole = event("m", "现在Anki每天新词50个", sim=0.4, days=5, recorded_at=NOW - timedelta(days=4), source_id="m")
    assert link_newer([clause, whole], lambda x, y: 0.9, CFG) == 0


def test_a_new_date_moves_the_dated_memory_it_is_about():
    """"the offsite got pushed to June 3" moves the offsite, not the dentist; the moved message, which says more,
    is stale and ranks below the change even when the change is worded far from the question."""
    from graphmem.recall.scoring import implicit_supersede
    off = event("off", "The team offsite at Quarry Hill is on May 14, all twelve of us", sim=0.6, days=30,
                recorded_at=NOW - timedelta(days=30))
    dentist = event("dentist", "Dentist check-up on May 20", sim=0.3, days=25, recorded_at=NOW - timedelta(days=25))
    moved = event("moved", "Bad news, the venue double-booked us, so the offsite got pushed to June 3", sim=0.35,
                  days=5, recorded_at=NOW - timedelta(days=5))
    sims = {("moved", "off"): 0.2, ("moved", "dentist"): 0.25}
    assert implicit_supersede([off, dentist, moved], lambda a, b: sims.get((a, b)), CFG) == 1
    assert off.status == "stale" and off.superseded_by == "moved" and dentist.status == "active"
    q = analyse("When is the offsite?", NOW)
    assert [c.id for c, _ in rank([off, dentist, moved], q, NOW, 5, CFG)][0] == "moved"


def test_a_new_date_sharing_no_word_moves_only_a_clear_winner():
    from graphmem.recall.scoring import implicit_supersede
    opening = event("open", "咖啡馆的开业日子定在4月18号", days=30, recorded_at=NOW - timedelta(days=30))
    dentist = event("dentist", "牙医复诊约在4月20号下午", days=30, recorded_at=NOW - timedelta(days=30))
    weekly = event("weekly", "每周二下午去健身房", days=30, recorded_at=NOW - timedelta(days=30))
    moved = event("moved", "消防验收没过，只能往后推，最后定在5月2号开门", days=5, recorded_at=NOW - timedelta(days=5))
    clear = {("moved", "open"): 0.29, ("moved", "dentist"): 0.12, ("moved", "weekly"): 0.5}
    assert implicit_supersede([opening, dentist, weekly, moved], lambda a, b: clear.get((a, b)), CFG) == 1
    # a weekday is another kind of date than "5月2号": however similar, the weekly habit is not what moved
    assert opening.status == "outdated" and dentist.status == weekly.status == "active"
    opening.status = "active"
    close = {("moved", "open"): 0.29, ("moved", "dentist"): 0.27}   # no clear winner: nothing is moved
    assert implicit_supersede([opening, dentist, moved], lambda a, b: close.get((a, b)), CFG) == 0


def test_what_the_user_tried_and_turned_down_is_dropped():
    from graphmem.recall.scoring import implicit_supersede
    old = event("old", "Looking at upright pianos for Mia, the Yamaha U1 is top of the list", days=20,
                recorded_at=NOW - timedelta(days=20))
    new = event("new", "We tried the Yamaha but it felt stiff, so we went with a Kawai K300 in the end", days=2,
                recorded_at=NOW - timedelta(days=2))
    assert implicit_supersede([old, new], lambda a, b: 0.2, CFG, names=["Mia"]) == 1 and old.status == "stale"


def test_a_new_time_of_day_moves_the_earlier_time():
    from graphmem.recall.scoring import implicit_supersede
    flight = event("flight", "出发日期定在9月26号，玩八天。先看了那天早上7点50的航班", days=9, recorded_at=NOW - timedelta(days=9))
    party = event("party", "纪念日是10月8号", days=20, recorded_at=NOW - timedelta(days=20))
    later = event("later", "机票最后出的是下午两点那班，让他们俩睡个懒觉再出门", days=1, recorded_at=NOW - timedelta(days=1))
    sims = {("later", "flight"): 0.3, ("later", "party"): 0.3}
    assert implicit_supersede([flight, party, later], lambda a, b: sims.get((a, b)), CFG) == 1
    assert flight.status == "stale" and flight.superseded_by == "later" and party.status == "active"


def test_sharing_only_a_kinship_word_is_not_a_change():
    """"奶奶今天转到长青康复医院了" changes where she is, not her medicine: sharing "奶奶" says who, not what."""
    from graphmem.recall.scoring import implicit_supersede
    drug = event("drug", "医生查出来奶奶还有房颤，说出院以后要一直吃华法林", days=30, recorded_at=NOW - timedelta(days=30))
    moved = event("moved", "奶奶今天转到长青康复医院了", days=20, recorded_at=NOW - timedelta(days=20))
    assert implicit_supersede([drug, moved], lambda a, b: 0.5, CFG) == 0 and drug.status == "active"


def test_the_successor_of_a_memory_left_out_as_outdated_takes_its_place():
    from graphmem.recall.scoring import implicit_supersede
    old = event("old", "Two Rivers Moving quoted $4,200", sim=0.6, days=30,
                recorded_at=NOW - timedelta(days=30))
    new = event("new", "Forget them, we signed with Summit Hauling instead for $3,650", sim=0.15, days=20,
                recorded_at=NOW - timedelta(days=20))
    other = event("other", "The movers need the parking permit sorted", sim=0.3, days=10,
                  recorded_at=NOW - timedelta(days=10))
    assert implicit_supersede([old, new, other], lambda a, b: 0.45 if {a, b} == {"old", "new"} else 0.1, CFG) == 1
    assert old.status == "outdated"
    ranked = rank([old, new, other], analyse("which moving company are we going with?", NOW), NOW, 5, CFG)
    assert [c.id for c, _ in ranked][0] == "new" and ranked[0][1]["newer"] > 0


def test_a_later_value_about_the_same_entity_is_the_newer_version():
    """"和 Marcus 谈好了，12,400" follows "Marcus 想把 rent 降到 12,000" (same tenant, an amount each) though they
    share no two words; an amount about someone else, or no amount, is not a later version."""
    from graphmem.recall.scoring import value_kinds
    assert value_kinds("rent 是 12,800 一个月，lease 到 3 月底") == {"#amount"}
    assert value_kinds("OK 和 Marcus 谈好了，12,400，签两年") == {"#amount"}
    assert value_kinds("签两年") == frozenset()
    old = event("old", "Marcus wants to renew，但是他想把 rent 降到 12,000", sim=0.5, days=40,
                recorded_at=NOW - timedelta(days=40))
    new = event("new", "OK 和 Marcus 谈好了，we met in the middle，12,400，签两年", sim=0.05, days=14,
                recorded_at=NOW - timedelta(days=14))
    other = event("other", "陶师傅说热水器也该换了，报价 3,200", sim=0.1, days=1, recorded_at=NOW - timedelta(days=1))
    chat = event("chat", "Marcus 说 aircon 不制热了", sim=0.1, days=2, recorded_at=NOW - timedelta(days=2))
    names = {"old": {"marcus"}, "new": {"marcus"}, "other": {"tao"}, "chat": {"marcus"}}
    assert link_newer([old, new, other, chat], lambda a, b: 0.44, CFG, entities=lambda c: names[c.id]) == 1
    assert old.newer == "new"
    assert link_newer([old, new], lambda a, b: 0.2, CFG, entities=lambda c: names[c.id]) == 0   # too far apart
    q = analyse("那个租客续约以后每个月付多少？", NOW)
    old.newer = "new"
    assert [c.id for c, _ in rank([old, new], q, NOW, 5, CFG)] == ["new", "old"]


def test_asked_how_things_stand_a_later_change_naming_the_same_thing_is_the_newer_version():
    """"I withdrew from Cobaltline" follows "I also sent an application to Cobaltline": no value, one word in
    common (the company), but it names the same thing and announces a change. Only given ``things`` (the retriever
    gives them for a question about how things stand, people and pets left out), and from ``thing_change`` up."""
    applied = event("applied", "I also sent an application to Cobaltline, the fintech startup", days=20,
                    recorded_at=NOW - timedelta(days=20))
    withdrew = event("withdrew", "And I withdrew from Cobaltline, their process was chaos anyway", days=5,
                     recorded_at=NOW - timedelta(days=5))
    chat = event("chat", "Cobaltline posted a new office photo", days=3, recorded_at=NOW - timedelta(days=3))
    things = {"applied": {"cobaltline"}, "withdrew": {"cobaltline"}, "chat": {"cobaltline"}}
    cands = [applied, withdrew, chat]
    assert link_newer(cands, lambda a, b: 0.23, CFG) == 0                              # no things given: no link
    assert link_newer(cands, lambda a, b: CFG.thing_change - 0.01, CFG, things=lambda c: things[c.id]) == 0
    assert link_newer(cands, lambda a, b: 0.23, CFG, things=lambda c: things[c.id]) == 1
    assert applied.newer == "withdrew"                  # the one that announces a change, not the later chat
    applied.newer = None
    assert link_newer(cands, lambda a, b: 0.23, CFG, things=lambda c: frozenset()) == 0   # a person is no thing


def test_a_message_that_replaces_its_clause_keeps_the_clause_rank():
    """The fuller message takes the clause's place *and* its rank (above what the clause outranked), unless it
    is more out of date than the clause."""
    q = analyse("我开什么车？", NOW)
    clause = event("clause", "周末开去马来西亚玩", sim=0.40)
    message = event("msg", "刚提了一辆 极氪 001, 周末开去马来西亚玩。", sim=0.36)
    middle = event("mid", "周末想做个简单的 laksa", sim=0.38)
    ranked = rank([clause, message, middle], q, NOW, 5, CFG)
    assert [c.id for c, _ in ranked] == ["msg", "mid"] and ranked[0][1]["fuller"] > 0
    stale = event("msg", "刚提了一辆 极氪 001, 周末开去马来西亚玩。", sim=0.38, status="stale")
    ranked = rank([clause, stale, middle], q, NOW, 5, CFG)
    assert "fuller" not in ranked[[c.id for c, _ in ranked].index("msg")][1]


def test_two_clauses_shown_as_their_one_message_are_one_line():
    """Two clauses of one message, each shown as that message (``whole``), take one place, not two."""
    q = analyse("When do I fly out to Burlington?", NOW)
    said = "Next week I'm visiting Emma and Theo in Burlington, I fly out Tuesday."
    visit = event("visit", "Next week I'm visiting Emma and Theo in Burlington", sim=0.5, source_id="msg", whole=said)
    fly = event("fly", "I fly out Tuesday", sim=0.45, source_id="msg", whole=said)
    other = event("other", "The Burlington hotel has a pool", sim=0.3)
    assert [c.id for c, _ in rank([visit, fly, other], q, NOW, 5, CFG)] == ["visit", "other"]
    fly.whole = ""
    assert [c.id for c, _ in rank([visit, fly, other], q, NOW, 5, CFG)] == ["visit", "fly", "other"]


def test_of_two_chosen_versions_the_later_is_read_first_and_nothing_else_moves():
    old = event("old", "budget 120 guests", sim=0.6)
    other = event("other", "the venue is in Sonoma", sim=0.5)
    new = event("new", "we cut it down to 80 guests", sim=0.4)
    old.newer = "new"
    chosen = [(old, {"score": 0.5}), (other, {"score": 0.4}), (new, {"score": 0.3})]
    out = later_first(chosen)
    assert [c.id for c, _ in out] == ["new", "old", "other"]
    assert out[0][1]["score"] == 0.5 and out[0][1]["newer"] == 0.2
    assert later_first([(old, {"score": 0.5}), (other, {"score": 0.4})]) == [(old, {"score": 0.5}),
                                                                             (other, {"score": 0.4})]


def test_of_two_answers_with_a_value_of_one_kind_the_later_is_read_first():
    old = event("old", "We're thinking about 120 guests, somewhere in Sonoma", days=60, recorded_at=NOW - timedelta(days=60))
    new = event("new", "Update: we cut the guest list down to 80", days=7, recorded_at=NOW - timedelta(days=7))
    talk = event("talk", "The caterer wants the menu by Friday", days=1, recorded_at=NOW - timedelta(days=1))
    chosen = [(old, {"score": 0.5, "relevance": 0.5}), (new, {"score": 0.1, "relevance": 0.1}),
              (talk, {"score": 0.09, "relevance": 0.09})]
    alike = lambda c, d: True   # noqa: E731 - "120 guests" and "down to 80" share only a number
    out = answers_later_first(chosen, 0.05, alike)
    assert [c.id for c, _ in out] == ["new", "old", "talk"] and out[0][1]["newer"] == 0.4
    # far less relevant, or no value of the same kind: the order stands
    assert answers_later_first(chosen, 0.3, alike) == chosen
    assert answers_later_first([(old, {"score": 0.5, "relevance": 0.5}), (talk, {"score": 0.4, "relevance": 0.4})],
                               0.05, alike)[0][0].id == "old"
    # the number of a day is no value of the guests' kind: "September 19th" does not answer "how many guests?"
    booked = event("booked", "And we booked Beltane Ranch for September 19th", days=3, recorded_at=NOW - timedelta(days=3))
    assert answers_later_first([(old, {"score": 0.5, "relevance": 0.5}), (booked, {"score": 0.4, "relevance": 0.4})],
                               0.05, alike)[0][0].id == "old"
    moved = event("moved", "We moved the wedding to the 26th, and it's 90 now", days=3, recorded_at=NOW - timedelta(days=3))
    pair = [(old, {"score": 0.5, "relevance": 0.5}), (moved, {"score": 0.4, "relevance": 0.4})]
    assert answers_later_first(pair, 0.05, alike)[0][0].id == "moved"   # a number besides the date is, when the
    assert answers_later_first(pair, 0.05, lambda c, d: False) == pair   # two are about one thing (unknown: no)
    assert answers_later_first(pair, 0.05) == pair


def test_two_answers_that_share_only_a_number_must_be_alike():
    """In long messages every message has a number: the job the user took and a database task they asked about
    share nothing else, and the task is no later answer to "where am I working these days?"."""
    job = event("job", "I started at Arbor Creek Cancer Center as an oncology pharmacist on April 17, 4 shifts a week",
                sim=0.6, days=30, recorded_at=NOW - timedelta(days=30))
    task = event("task", "I need to find customers who haven't placed an order in the last 90 days", sim=0.3,
                 days=14, recorded_at=NOW - timedelta(days=14))
    chosen = [(job, {"score": 0.4, "relevance": 0.4}), (task, {"score": 0.04, "relevance": 0.04})]
    assert answers_later_first(chosen, 0.05, lambda c, d: False) == chosen
    assert answers_later_first(chosen, 0.05, lambda c, d: True)[0][0].id == "task"
    q = analyse("Where am I working these days?", NOW)     # rank asks its similarity, from number_pair_sim up
    for cosine, order in ((CFG.number_pair_sim - 0.01, ["job", "task"]), (CFG.number_pair_sim, ["task", "job"]),
                          (None, ["job", "task"])):
        assert [c.id for c, _ in rank([job, task], q, NOW, 5, CFG, lambda a, b, cosine=cosine: cosine)] == order


def test_an_earlier_answer_that_announces_a_change_keeps_its_place_unless_the_later_one_does_too():
    """"Weighed in at 88 kg today" gives a number too, but it does not change the calories the earlier message
    dropped to; a later correction or change does."""
    dropped = event("dropped", "Weight loss stalled so I dropped my calories to 2200", days=7,
                    recorded_at=NOW - timedelta(days=7))
    weighed = event("weighed", "Weighed in at 88 kg today", days=1, recorded_at=NOW - timedelta(days=1))
    again = event("again", "Cut my calories again, down to 2000 now", days=1, recorded_at=NOW - timedelta(days=1))
    alike = lambda c, d: True   # noqa: E731
    for later, first in ((weighed, "dropped"), (again, "again")):
        chosen = [(dropped, {"score": 0.3, "relevance": 0.3}), (later, {"score": 0.1, "relevance": 0.1})]
        assert answers_later_first(chosen, 0.05, alike)[0][0].id == first, later.text
    said = event("said", "跟小雯的结婚纪念日快到了，11月2号，她喜欢拍照，手机都换了三个了", days=20,
                 recorded_at=NOW - timedelta(days=20))   # "换了" reads as a change
    corrected = event("corrected", "哦说错了，是11月12号不是2号", days=19, recorded_at=NOW - timedelta(days=19))
    chosen = [(said, {"score": 0.6, "relevance": 0.6}), (corrected, {"score": 0.06, "relevance": 0.06})]
    assert answers_later_first(chosen, 0.05, alike)[0][0].id == "corrected"


def test_a_later_answer_announcing_a_change_is_read_first_when_the_two_are_alike_without_a_value():
    """"以后中午就在园里吃，我不用再送了" changes where the boy has lunch; it gives no value of the earlier message's
    kind, and they share no word but his name: their closeness (``change_pair_sim``) tells they are about one
    thing."""
    packed = event("packed", "乐乐在向日葵幼儿园上中班，我现在每天给他自己带午饭，不敢让他吃食堂。", days=30,
                   recorded_at=NOW - timedelta(days=30))
    school = event("school", "跟园长谈了一次，他们同意单独给乐乐做无坚果的餐，以后中午就在园里吃，我不用再送了。", days=7,
                   recorded_at=NOW - timedelta(days=7))
    chosen = [(packed, {"score": 0.39, "relevance": 0.39}), (school, {"score": 0.36, "relevance": 0.23})]
    close = lambda c, d: True   # noqa: E731
    assert answers_later_first(chosen, 0.05, changed=close)[0][0].id == "school"
    assert answers_later_first(chosen, 0.05, changed=lambda c, d: False) == chosen
    assert answers_later_first(chosen, 0.05) == chosen
    q = analyse("乐乐现在中午在哪吃饭？", NOW)            # rank asks their cosine, from change_pair_sim up
    cands = [event("packed", packed.text, sim=0.5, days=30, recorded_at=packed.recorded_at),
             event("school", school.text, sim=0.3, days=7, recorded_at=school.recorded_at)]
    for cosine, order in ((CFG.change_pair_sim - 0.01, ["packed", "school"]), (CFG.change_pair_sim, ["school", "packed"])):
        assert [c.id for c, _ in rank(cands, q, NOW, 5, CFG, lambda a, b, cosine=cosine: cosine)] == order, cosine


def test_a_question_asking_for_a_name_does_not_read_the_later_answer_first():
    """A name is not a value that changes: for "who is my trainer?" the two answers' numbers say nothing, and the
    order stands; for what he charges, or who it is now, the later answer is read first."""
    named = event("named", "My new trainer is called Marco, he charges 60 an hour", sim=0.6, days=30,
                  recorded_at=NOW - timedelta(days=30))
    later = event("later", "Marco put his rate up to 70 an hour", sim=0.4, days=2, recorded_at=NOW - timedelta(days=2))
    cosine = lambda a, b: 0.9   # noqa: E731
    for question, order in (("Who is my trainer?", ["named", "later"]), ("What's my trainer called?", ["named", "later"]),
                            ("How much does my trainer charge?", ["later", "named"]),
                            ("Who is my trainer now?", ["later", "named"])):
        q = analyse(question, NOW)
        assert [c.id for c, _ in rank([named, later], q, NOW, 5, CFG, cosine)] == order, question


def test_the_assistants_replies_are_not_versions_of_what_the_user_said():
    """A reply gives numbers and dates by the dozen and sounds like the user's words; it neither outdates them,
    nor is their later version, nor is read first as the later answer."""
    from graphmem.recall.scoring import implicit_supersede
    said = event("said", "We're thinking about 120 guests, somewhere in Sonoma", days=60, recorded_at=NOW - timedelta(days=60))
    for kind in ("assistant", "advice"):
        reply = event("reply", "Switched plans? For 120 guests budget about 80 dollars a head, so book by June 3",
                      days=7, recorded_at=NOW - timedelta(days=7), kind=kind)
        assert implicit_supersede([said, reply], lambda a, b: 0.9, CFG) == 0 and said.status == "active"
        assert link_newer([said, reply], lambda a, b: 0.9, CFG) == 0 and said.newer is None
        chosen = [(said, {"score": 0.5, "relevance": 0.5}), (reply, {"score": 0.4, "relevance": 0.4})]
        assert answers_later_first(chosen, 0.05) == chosen
    user = replace(reply, kind="statement")   # the same words from the user do all three
    assert link_newer([said, user], lambda a, b: 0.9, CFG) == 1 and said.newer == "reply"
    assert [c.id for c, _ in answers_later_first([(said, {"score": 0.5, "relevance": 0.5}),
                                                  (user, {"score": 0.4, "relevance": 0.4})], 0.05)] == ["reply", "said"]


def test_a_later_message_on_the_same_topic_without_a_new_value_is_not_a_new_version():
    first = event("a", "Caroline went to the LGBTQ support group and it was powerful", sim=0.5, days=40,
                  recorded_at=NOW - timedelta(days=40))
    again = event("b", "The LGBTQ support group was powerful again this week", sim=0.5, days=5,
                  recorded_at=NOW - timedelta(days=5))
    assert link_newer([first, again], lambda x, y: 0.8, CFG) == 0
    moved = event("c", "The support group moved to 7pm on Tuesdays", sim=0.5, days=3, recorded_at=NOW - timedelta(days=3))
    at = event("d", "The support group meets at 6pm on Tuesdays", sim=0.5, days=30, recorded_at=NOW - timedelta(days=30))
    assert link_newer([at, moved], lambda x, y: 0.8, CFG) == 1 and at.newer == "c"


def test_one_word_in_common_and_a_new_amount_of_its_kind_is_a_later_version():
    """"健身卡年费2400" → "教练说年费可以打折到1980": one content term in common (年费), both an amount, close enough;
    with only the word, or only the amount, or not close, they are not the same thing."""
    def pair(a, b):
        return (event("a", a, days=40, recorded_at=NOW - timedelta(days=40)),
                event("b", b, days=20, recorded_at=NOW - timedelta(days=20)))
    old, new = pair("健身卡年费2400", "教练说年费可以打折到1980")
    assert link_newer([old, new], lambda x, y: 0.4, CFG) == 1 and old.newer == "b"
    assert link_newer(list(pair("健身卡年费2400", "教练说年费可以打折到1980")), lambda x, y: 0.3, CFG) == 0
    assert link_newer(list(pair("健身卡年费2400", "教练说年费可以打折")), lambda x, y: 0.4, CFG) == 0
    assert link_newer(list(pair("健身卡年费2400", "教练说私教课打折到1980")), lambda x, y: 0.4, CFG) == 0
    off = replace(CFG, term_value=0.0)
    assert link_newer(list(pair("健身卡年费2400", "教练说年费可以打折到1980")), lambda x, y: 0.4, off) == 0


def test_what_only_the_later_path_found_outdates_nothing():
    """A message the later path brought in is there to be read as a later version of a hit; a change it announces
    about something else must not outdate a memory that answers the question (LoCoMo: "Losing my job … pushed me
    to …" outdated "I'm currently reading 'The Lean Startup'")."""
    from graphmem.recall.scoring import implicit_supersede

    def pair(paths):
        old = event("old", "Our team uses Jira for the sprint board", days=30, recorded_at=NOW - timedelta(days=30))
        new = event("new", "We switched to Linear for the sprint board", days=5, recorded_at=NOW - timedelta(days=5),
                    paths=paths)
        return old, new
    old, new = pair({"vector": 0.5})
    assert implicit_supersede([old, new], lambda a, b: 0.5, CFG) == 1 and old.status == "outdated"
    old, new = pair({"later": 0.0})
    assert implicit_supersede([old, new], lambda a, b: 0.5, CFG) == 0 and old.status == "active"


def test_equal_scores_rank_the_newer_memory_first_whatever_the_ids():
    """Ids are derived from the tenant: two tenants holding the same history must rank it alike."""
    for first, second in (("a", "z"), ("z", "a")):
        said_early = event(first, "I went to a support group", sim=0.6, days=2, recorded_at=NOW - timedelta(days=9))
        said_late = event(second, "I went to a support group", sim=0.6, days=2, recorded_at=NOW - timedelta(days=8))
        ranked = rank([said_early, said_late], analyse("support group", NOW), NOW, 5, CFG)
        assert ranked[0][1]["score"] == ranked[-1][1]["score"] or len(ranked) == 1
        assert ranked[0][0].id == second


def test_ranking_reads_nothing_of_a_primed_text_again():
    """``prime`` reads ahead every per-text reading ranking takes (content terms, change words, quantities, dates,
    the kinds of value held): ranking primed memories misses none of those caches; the same memories unprimed miss
    them."""
    import uuid

    from graphmem.recall import query, scoring

    reads = (query.content_terms, query.marks_change, scoring.announces_change, scoring.value_kinds,
             scoring._quantity_units, scoring._date_kinds, scoring._holds)

    def misses_of_ranking(primed: bool) -> int:
        tag = uuid.uuid4().hex[:8]   # texts no cache has seen
        said = [("a", f"Rent for flat {tag} is 1,200 euros a month, and we moved in on May 14", 40),
                ("b", f"Flat {tag}: the landlord bumped the rent to 1,350 euros, starting June 3", 5),
                ("c", f"The heating in flat {tag} broke again; no more cold showers, I hope", 2)]
        cands = [event(i, text, days=d, recorded_at=NOW - timedelta(days=d)) for i, text, d in said]
        if primed:
            scoring.prime(c.text for c in cands)
        before = sum(f.cache_info().misses for f in reads)
        scoring.implicit_supersede(cands, lambda a, b: 0.6, CFG)
        link_newer(cands, lambda a, b: 0.6, CFG)
        rank(cands, analyse(f"How much is the rent of flat {tag} now?", NOW), NOW, 3, CFG)
        return sum(f.cache_info().misses for f in reads) - before

    assert misses_of_ranking(primed=False) > 0
    assert misses_of_ranking(primed=True) == 0


def test_a_question_is_one_that_tells_little_else():
    assert asks("What did it look like?") and asks("你最近怎么样？")
    assert asks("Wow, that sounds amazing, Caroline! How long have you been painting?")   # a reaction, then a question
    assert not asks("I ran 3.5 miles today.") and not asks("")
    told = ("We brought home a retired racing greyhound yesterday! Her name is Pepper, she is three, and she raced in "
            "Florida for about a year and a half. She is sweet but paces around the kitchen at night. What about food?")
    assert not asks(told)   # a long message that ends by asking the assistant still tells its facts
    assert not asks("我想开始学葡萄牙语。我男朋友拉斐尔的家人在波尔图，我们九月十四号飞葡萄牙，先去里斯本，然后去波尔图见他的家人。"
                    "有什么建议吗？")


def test_what_a_question_tells_is_counted_outside_its_questions():
    def words(n: int) -> str:
        return " ".join(f"word{i}" for i in range(n))
    assert asks(f"{words(40)}? And {words(40)}?")            # only questions: however long
    assert asks(f"{words(QUESTION_TELLS)}. Why?")              # the limit told
    assert not asks(f"{words(QUESTION_TELLS + 1)}. Why?")      # one more


CHAT = ("User: My mom's coming to stay for a month in January. AI: That's a long visit! Are you excited? "
        "User: Mostly. I love her. But I already know she's going to reorganize my entire kitchen the day she lands. "
        "AI: Haha, a classic mom move. User: And tell me everything I'm doing wrong with June.")


def test_a_message_tells_when_it_says_more_than_a_question_does():
    assert not tells("Will my TA money cover my new rent? Remind me of both numbers.")   # a request, not a chat
    assert not tells("remind me which date we're getting married on")
    assert tells(CHAT) and not asks(CHAT)


def test_a_chat_asks_neither_how_things_stand_nor_for_the_latest_value():
    """The version rules answer questions: a chat that tells of a visit is about the visit, not the latest event."""
    visit = event("visit", "My mom flew in from Honolulu for three weeks in March", sim=0.6, days=300,
                  recorded_at=NOW - timedelta(days=300))
    later = event("later", "June got her first ear infection in April, three weeks of antibiotics", sim=0.4, days=250,
                  recorded_at=NOW - timedelta(days=250))
    visit.newer = "later"
    assert [c.id for c, _ in rank([visit, later], analyse(CHAT, NOW), NOW, 5, CFG)] == ["visit", "later"]
    question = analyse("How long is my mom staying these days?", NOW)     # asked how things stand: the later first
    assert [c.id for c, _ in rank([visit, later], question, NOW, 5, CFG)][0] == "later"

