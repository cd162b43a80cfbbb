"""The one reading of a turn (``graphmem.linking.analysis``): what it holds, and that it survives the journal."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from graphmem.linking.analysis import Analysis, analyse
from graphmem.linking.api import classify_message, extract_statements

AT = datetime(2026, 3, 5, 9, 30, tzinfo=timezone.utc)


def test_it_holds_the_gate_verdict_and_statements_read_at_the_turns_own_time():
    text = "My budget is 8000 now, and I fly to Lisbon next Friday."
    a = analyse(text, AT)
    assert a.language == "en"
    assert a.verdict == classify_message(text, AT)
    assert list(a.statements) == extract_statements(text, AT)
    assert a.stored == a.statements and a.statements
    dates = [s.when for s in a.statements if s.when]
    assert dates and all(AT < d < AT + timedelta(days=14) for d in dates)   # "next Friday" after the turn's time


def test_an_assistants_turn_has_no_statements_of_its_own_and_small_talk_none_to_store():
    assert analyse("I'd suggest the Lenovo ThinkPad E14 for that budget.", AT, "assistant").advice
    assert analyse("My sister Lily lives in Boston.", AT, "assistant").statements == ()
    chat = analyse("haha ok", AT)
    assert chat.verdict.label != "informative" and chat.stored == ()


def test_it_survives_the_journal_unchanged():
    dated = analyse("My deadline is March 20th.", AT)
    assert isinstance(dated.statements[0].value, datetime)   # a date value comes back as a date
    assert Analysis.from_json(json.loads(json.dumps(dated.to_json()))) == dated
    for text in ("我的预算改成八千了，下周三出发去杭州", "I'm allergic to peanuts. My deadline is March 20th.",
                 "My sister Lily is 3 years older than me"):
        a = analyse(text, AT, "participant")
        b = Analysis.from_json(json.loads(json.dumps(a.to_json(), ensure_ascii=False)))
        assert b == a and a.statements
        assert b.matches(text, AT.astimezone(timezone(timedelta(hours=8))), "participant")
        assert not b.matches(text, AT, "user") and not b.matches(text + "!", AT, "participant")


def test_a_journaled_reading_the_writer_cannot_take_back_is_read_again():
    from graphmem.write.codec import Prepared

    payload = {"tenant": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "text": "hi", "at": AT.isoformat(),
               "facts": None, "analysis": {"text": "hi", "statements": [{"kind": "event", "mood": "odd"}]}}
    assert Prepared.from_payload("k", payload).analysis is None
    payload["analysis"] = analyse("hi", AT).to_json()
    assert Prepared.from_payload("k", payload).analysis == analyse("hi", AT)


def test_an_assistants_mere_reaction_is_read_on_its_words_alone(monkeypatch):
    """The gate turns away an assistant turn that only reacts whatever else its words say, so it is neither
    parsed nor classified (its reading is the same as before: chitchat, no statements, no advice), and the
    writer's batched parse leaves it out."""
    from graphmem.linking import analysis, nlp
    from graphmem.write import pipeline
    from graphmem.write.codec import Prepared

    reaction, advice = "Good to know. Is Tom a friend of yours?", "I'd suggest the Lenovo ThinkPad E14 for that budget."
    parsed: list[str] = []
    real = nlp.english_docs
    monkeypatch.setattr(nlp, "english_docs", lambda texts, *a, **k: parsed.extend(texts) or real(texts, *a, **k))
    monkeypatch.setattr(pipeline, "english_docs", nlp.english_docs)
    a = analyse(reaction, AT, "assistant")
    assert (a.verdict.label, a.verdict.has_information, a.statements, a.advice) == ("chitchat", False, (), False)
    assert a.verdict.reasons == ("an assistant reaction: nothing of its own",) and a.stored == ()
    assert parsed == []                                  # no spaCy parse, no gate rules
    assert analysis.reaction_only(reaction, "assistant") and not analysis.reaction_only(reaction, "user")
    assert not analysis.reaction_only(advice, "assistant")
    assert analyse(reaction, AT, "user").verdict.reasons != a.verdict.reasons   # a user's words are read

    def work(text, role):
        return pipeline.TurnWork(Prepared.from_payload("k", {"tenant": "t", "user_id": "u", "session_id": "s",
                                                              "turn_id": "1", "text": text, "at": AT.isoformat(),
                                                              "role": role}))
    pipeline._parse_ahead([work(reaction, "assistant"), work(advice, "assistant"), work(reaction, "user")])
    assert parsed == [advice, reaction]


def test_its_mentions_are_read_once_and_reused_only_where_the_users_names_read_the_text_alike():
    """``with_mentions`` reads the text's mentions against the names a session knows; the journal keeps them; the
    writer takes them (``mentions_for``) only when its own gazetteer sees the text alike — then they are exactly
    what it would extract — and else extracts them itself."""
    from graphmem.linking import Gazetteer, KnownEntity, extract_mentions

    laptop, girl = KnownEntity("e1", "ThinkPad X1", "laptop"), KnownEntity("e2", "朵朵", "person")
    session_names = Gazetteer([laptop, girl])
    for text in ("My ThinkPad X1 keeps overheating, that laptop is old", "我女儿朵朵今年三岁半，那个笔记本坏了"):
        a = analyse(text, AT).with_mentions(session_names)
        assert list(a.mentions) == extract_mentions(text, session_names) and a.mentions
        b = Analysis.from_json(json.loads(json.dumps(a.to_json(), ensure_ascii=False)))
        assert b == a
        assert b.mentions_for(Gazetteer([laptop, girl])) == extract_mentions(text, session_names)
        assert b.mentions_for(None) is None                             # the writer knows no name the session did
    retyped = Gazetteer([KnownEntity("e1", "ThinkPad X1", "computer"), girl])
    assert b.mentions_for(retyped) == extract_mentions(b.text, retyped)   # the name in the text is not retyped
    en = analyse("My ThinkPad X1 keeps overheating", AT).with_mentions(session_names)
    assert en.mentions_for(retyped) is None and en.mentions[0].type == "laptop"   # its name typed apart: read again
    only_laptop = analyse("我女儿朵朵今年三岁半", AT).with_mentions(Gazetteer([laptop]))
    assert only_laptop.mentions_for(Gazetteer([laptop])) == extract_mentions("我女儿朵朵今年三岁半", None)
    assert only_laptop.mentions_for(Gazetteer([laptop, girl])) is None   # a name the session did not know
    assert analyse("hi", AT).mentions is None and analyse("hi", AT).mentions_for(None) is None   # never read
    assert "mentions" not in analyse("hi", AT).to_json()
