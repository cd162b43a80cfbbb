"""Several speakers on the real server: who said it is stored, searchable, named in the recalled text, and a
question that names a participant prefers what they said."""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.model import FactInput
from graphmem.recall.retriever import Retriever

from .conftest import NOW, days_ago

CHAT = [("Caroline", "I researched adoption agencies last week, there are so many options"),
        ("Melanie", "That's wonderful! What made you start looking?"),
        ("Caroline", "I have always wanted to give a kid a loving home"),
        ("Melanie", "I researched pottery classes near the lake, I want to take the kids"),
        ("Caroline", "Pottery sounds fun, you painted that lake sunrise too right?"),
        ("Melanie", "Yes, I painted the lake sunrise last year")]


def test_a_participants_words_are_theirs_and_the_named_speaker_wins(memory):
    for n, (who, text) in enumerate(CHAT, 1):
        memory.add("group", "s1", f"D1:{n}", text, speaker=who, at=days_ago(10) + n * (days_ago(0) - days_ago(0.001)))
    assert memory.flush(120)
    found = memory.recall("group", "What did Caroline research?", 3, explain=True)
    assert found[0].speaker == "Caroline" and "adoption agencies" in found[0].text
    assert re.match(r"Caroline \([\w ]+\): I researched adoption agencies", found[0].text)   # her words, not "you"
    assert found[0].turn_id == "D1:1" and found[0].session_id == "s1"
    assert found[0].explanation["components"]["speaker"] == 1.0
    melanie = memory.recall("group", "What did Melanie research?", 3)
    assert melanie[0].speaker == "Melanie" and "pottery" in melanie[0].text
    # the exchange: the answer right after a relevant question is found through its neighbour
    why = memory.recall("group", "What made Caroline start looking at adoption?", 5, explain=True)
    home = next(m for m in why if "loving home" in m.text)
    assert home.explanation["components"]["neighbour"] > 0


def test_a_session_records_a_participant_in_the_window_and_writes_it_as_theirs(memory):
    s = memory.session("group2", "chat", clock=lambda: NOW)
    msg = s.add_participant_message("Melanie", "I painted the lake sunrise last year", at=days_ago(2))
    assert msg.speaker == "Melanie" and msg.text == "Melanie: I painted the lake sunrise last year"
    assert memory.flush(120)
    found = memory.recall("group2", "When did Melanie paint the lake sunrise?", 3)
    assert found and found[0].speaker == "Melanie" and re.match(r"Melanie \([\w ]+\): I painted", found[0].text)


ADVICE = [("user", "My apartment has one dim bedroom window and a cat who chews leaves. Which plants are safe for cats?"),
          ("assistant", "For a dim window I'd recommend a Parlor Palm (Chamaedorea elegans): it is non-toxic to cats and "
                        "copes with low light. A Cast-Iron Plant is the runner-up."),
          ("user", "Thanks! I also need a gift idea for my sister's birthday."),
          ("assistant", "I'd suggest a Clayworks pottery class voucher: a lovely gift for someone who likes making things.")]


def test_asked_what_the_assistant_said_its_reply_to_the_matching_exchange_comes_first(memory):
    """The user's own turn and the assistant's reply are an exchange (both without a participant's name: the
    neighbour feature read them as one speaker), and a question about what the assistant said ("which plant did you
    say …") finds the reply through the question it answered."""
    for n, (role, text) in enumerate(ADVICE, 1):
        memory.add("advised", "s1", f"t{n}", text, role=role, at=days_ago(20) + n * (days_ago(0) - days_ago(0.001)))
    assert memory.flush(120)
    # not asked what the assistant said: the reply keeps its own words' scores, its question is its neighbour, and
    # it is the assistant's words, read after the user's own (the fitted ``assistant`` weight; so far below that
    # recall leaves it out: shown here with no score floor)
    question = "What do my cat and my dim bedroom window need?"
    cfg = memory.retriever.config
    unfloored = Retriever(memory.store, memory.settings, embedder=memory.embedder,
                          config=replace(cfg, scoring=replace(cfg.scoring, min_score=0.0)))
    asked = unfloored.recall("advised", question, 4, explain=True)
    comp = {m.turn_id: m.explanation["components"] for m in asked}
    assert comp["t2"]["neighbour"] > 0 and comp["t2"]["lexical"] < comp["t1"]["lexical"]
    assert comp["t2"]["assistant"] == 1.0 and comp["t2"]["w_assistant"] < 0 and comp["t1"]["assistant"] == 0.0
    order = [m.turn_id for m in asked]
    assert order.index("t1") < order.index("t2")
    assert [m.turn_id for m in memory.recall("advised", question, 4)][0] == "t1"
    found = memory.recall("advised", "Which plant did you say was your top pick for my dim bedroom window?", 4,
                          explain=True)
    comp = {m.turn_id: m.explanation["components"] for m in found}
    assert found[0].turn_id == "t2" and "Parlor Palm" in found[0].text and comp["t2"]["assistant"] == 0.0
    assert comp["t2"]["lexical"] == comp["t1"]["lexical"] and comp["t2"]["semantic"] >= comp["t1"]["semantic"]


LONG = ("Our trip got off to a bad start. I was really scared when we got into the accident on the highway. Thankfully "
        "my son is fine. We still made it to the Grand Canyon and the kids loved the views. What's been up with you "
        "since we last talked? [shares a photo of a car dashboard with a white cloth and a steering wheel]")


def test_a_long_message_after_the_best_ones_is_quoted_by_the_sentences_that_bear_on_the_question(memory):
    memory.add("trip", "s1", "D1:1", LONG, speaker="Melanie", at=days_ago(3))
    assert memory.flush(120)
    question = "How did Melanie feel about the accident?"
    whole = memory.recall("trip", question, 3)
    assert whole[0].text.endswith("steering wheel].")    # the best memories are quoted whole (quote_whole)
    cfg = memory.retriever.config
    cutting = Retriever(memory.store, memory.settings, embedder=memory.embedder, config=replace(cfg, quote_whole=0))
    cut = cutting.recall("trip", question, 3)[0]
    assert cut.id == whole[0].id and cut.source_text == LONG    # the whole message stays on the result
    assert "scared when we got into the accident" in cut.text and "dashboard" not in cut.text
    assert cut.text.endswith("…") and len(cut.text) < len(whole[0].text)


def test_a_relation_a_participant_told_is_theirs_not_the_users(memory):
    """Who said it is kept on the relation ("Melanie said so", not "you said so"). Each relation's own words differ
    from its message, so the message does not take its place in the results."""
    told = "My friend Dana recommended the Blue Bottle cafe"
    memory.add("fam", "s1", "D1:1", told, speaker="Melanie", at=days_ago(5),
               facts=[FactInput("relation", "Dana", "recommended", "Blue Bottle cafe", text="Dana: Blue Bottle")])
    memory.add("fam", "s1", "D1:2", "My sister Lily recommended the Hollyhock bakery", at=days_ago(5),
               facts=[FactInput("relation", "my sister Lily", "recommended", "Hollyhock bakery",
                                text="Lily: Hollyhock")])
    assert memory.flush(120)
    dana = next(m for m in memory.recall("fam", "which cafe did Dana recommend?", 5) if m.label == "relation")
    assert dana.speaker == "Melanie" and dana.text == "Dana recommended Blue Bottle cafe; Melanie said so 5 days ago."
    lily = next(m for m in memory.recall("fam", "which bakery did my sister recommend?", 5) if m.label == "relation")
    assert lily.speaker is None and lily.text.endswith("; you said so 5 days ago.")


def test_a_clause_is_shown_as_the_short_message_it_was_drawn_from(memory):
    """A dated clause ("I went full-time freelance last October") leaves out what the rest of its message says
    ("…, doing UI design"): it carries the whole message, as written, to be shown in its place, once; with
    ``whole_chars`` 0 it carries nothing."""
    said = "I went full-time freelance last October, doing UI design for a Berlin startup called Northwind Labs."
    memory.add("freelancer", "s1", "t1", said, at=days_ago(40))
    memory.add("freelancer", "s1", "t2", "Can you suggest a good standing desk under 500 euros?", at=days_ago(39))
    assert memory.flush(120)
    question = "When did I go freelance?"
    _, cands, _ = memory.retriever.candidates("freelancer", question)
    clause = [c for c in cands if c.label == "event" and c.text != said and "freelance" in c.text]
    assert clause and all(c.whole == said for c in clause), [(c.text, c.whole) for c in cands]
    found = memory.recall("freelancer", question, 5)
    assert [m for m in found if "freelance" in m.text] and all("UI design" in m.text for m in found if "freelance" in m.text)
    assert len({m.text for m in found}) == len(found)         # a clause and its message are one line
    cfg = memory.retriever.config
    plain = Retriever(memory.store, memory.settings, embedder=memory.embedder, config=replace(cfg, whole_chars=0))
    _, cands, _ = plain.candidates("freelancer", question)
    assert all(c.whole == "" for c in cands)
