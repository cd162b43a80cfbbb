from graphmem.write.versioning import CHANGE, NEW, REPEAT, Planner, Version, decide, same_value, value_text


def test_value_text_normalises_numbers():
    assert value_text(8000.0) == "8000" and value_text(8000) == "8000" and value_text(2.5) == "2.5"
    assert value_text("  dark   mode ") == "dark mode" and value_text(True) == "yes" and value_text(None) == ""


def test_same_value_ignores_case_width_space():
    assert same_value("ThinkPad  X1", "thinkpad x1") and same_value("５０００", "5000")
    assert not same_value("5000", "6000")


def test_decide():
    assert decide(None, "5000", 0, "f1").action == NEW
    cur = Version("f1", "5000", 0, 1)
    d = decide(cur, "5000", 0, "f2")
    assert (d.action, d.fact_id, d.version) == (REPEAT, "f1", 1)
    d = decide(cur, "8000", 0, "f2")
    assert (d.action, d.fact_id, d.version, d.supersedes) == (CHANGE, "f2", 2, "f1")


def test_flipped_polarity_is_a_change():
    like = Version("f1", "like", 1, 3)
    d = decide(like, "dislike", -1, "f9")
    assert d.action == CHANGE and d.version == 4 and d.supersedes == "f1"


def test_planner_chains_changes_in_one_batch():
    p = Planner({})
    slot = ("e1", "budget")
    a = p.plan(slot, "100", 0, "f1")
    b = p.plan(slot, "200", 0, "f2")
    c = p.plan(slot, "200", 0, "f3")
    d = p.plan(slot, "300", 0, "f4")
    assert [x.action for x in (a, b, c, d)] == [NEW, CHANGE, REPEAT, CHANGE]
    assert b.supersedes == "f1" and c.fact_id == "f2" and d.supersedes == "f2" and d.version == 3
    other = p.plan(("e2", "budget"), "100", 0, "f5")
    assert other.action == NEW


def test_planner_move_supersedes_across_slots():
    p = Planner({("me", "goal", "七月去云南"): Version("f1", "七月去云南", 1, 1, text="我想七月去云南")})
    d = p.move(("me", "goal", "七月去云南"), ("me", "goal", "八月去云南"), "八月去云南", "f2", text="我想八月去云南")
    assert (d.action, d.fact_id, d.version, d.supersedes) == (CHANGE, "f2", 2, "f1")
    assert list(p.active) == [("me", "goal", "八月去云南")] and p.active[("me", "goal", "八月去云南")].text == "我想八月去云南"
    again = p.move(("me", "goal", "八月去云南"), ("me", "goal", "九月去云南"), "九月去云南", "f3")
    assert (again.version, again.supersedes) == (3, "f2")


def test_a_date_stored_by_an_older_version_is_the_same_value():
    # older versions stored str(datetime); the same birthday said again is a repeat, not a change
    old = Version(id="f1", value="2026-04-12 00:00:00+00:00", polarity=1, version=1)
    assert decide(old, "2026-04-12", 1, "f2").action == REPEAT
    assert decide(old, "2026-04-13", 1, "f2").action == CHANGE
    assert not same_value("2026-04-12", "2026-04-12 17:00:00+00:00")
