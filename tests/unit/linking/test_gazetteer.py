from graphmem.linking.api import Gazetteer, KnownEntity


def test_find_exact_spans_normalised(known):
    text = "我那台聯想ThinkPad还行"
    spans = known.find(text)
    assert [(text[s:e], ids) for s, e, ids in spans] == [("聯想ThinkPad", ("thinkpad",))]


def test_find_respects_word_boundaries_and_prefers_longest(known):
    assert known.find("Lilypad and Lily") == [(12, 16, ("lily",))]
    text = "my thinkpad-x1 is fine"
    assert [text[s:e] for s, e, _ in known.find(text)] == ["thinkpad-x1"]


def test_fuzzy_typo_and_type_filter(known):
    best = known.fuzzy("Macbok Air")
    assert best[0][0] == "macbook" and best[0][1] >= 0.88
    assert all(eid != "haidilao" for eid, _, _ in known.fuzzy("Haidilao", types=["laptop"]))


def test_add_alias_is_found_afterwards(known):
    assert known.find("my old X1 is slow") == []
    assert known.add_alias("thinkpad", "old X1")
    assert not known.add_alias("thinkpad", "OLD x1")      # same after normalisation
    assert known.find("my old X1 is slow")[0][2] == ("thinkpad",)


def test_roles_from_aliases(known):
    assert [e.id for e in known.with_role("sister")] == ["lily"]
    assert known.with_role("mother") == []


def test_rebuild_and_add_entity():
    g = Gazetteer([])
    assert len(g) == 0 and g.find("海底捞") == []
    g.add(KnownEntity("h", "海底捞", "restaurant"))
    assert g.find("去海底捞吧")[0][2] == ("h",)
