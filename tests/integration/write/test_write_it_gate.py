"""The write gate on the real server: exact repeats by the same speaker rejected (mentions still counted), the optional judge
consulted only for what the rules leave undecided, rejections counted by reason in stats and in the graph."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from graphmem.model import FactInput
from graphmem.write import events, history, user_stats

T0 = datetime(2026, 2, 1, tzinfo=timezone.utc)


def test_exact_repeat_rejected_and_counted(writer, store, tenant):
    f = FactInput("preference", "sushi", polarity=1)
    writer.add("u1", "s1", 1, "I really like sushi", at=T0, facts=[f])
    writer.add("u1", "s1", 2, "I  really like Sushi", at=T0 + timedelta(hours=1), facts=[f])   # same words
    assert writer.flush(60)
    s = writer.stats()
    assert s.rejected == {"duplicate": 1} and s.written == 1
    stats = user_stats(store, "u1", tenant=tenant)
    assert stats["events"] == 1 and stats["rejected"]["duplicate"] == 1
    (v,) = history(store, "u1", "sushi", tenant=tenant)
    assert v.mention_count == 2 and v.last_seen == T0 + timedelta(hours=1)


def test_a_similar_turn_or_another_speakers_repeat_is_stored(writer, store, tenant):
    """Only the same words from the same speaker are a duplicate: a merely similar turn keeps its evidence."""
    f = FactInput("preference", "sushi", polarity=1)
    writer.add("u1", "s1", 1, "I really like sushi", at=T0, facts=[f])
    writer.add("u1", "s1", 2, "I really like sushi!", at=T0 + timedelta(hours=1), facts=[f])
    writer.add("u1", "s1", 3, "I really like sushi", speaker="Melanie", at=T0 + timedelta(hours=2))
    writer.add("u1", "s1", 4, "I really like sushi", speaker="Melanie", at=T0 + timedelta(hours=3))
    assert writer.flush(60)
    s = writer.stats()
    assert s.written == 3 and s.rejected == {"duplicate": 1}
    said = [(e["turn_id"], e["role"], e["speaker"], e["caption"]) for e in events(store, "u1", tenant=tenant)]
    assert said == [("1", "user", None, "I really like sushi"), ("2", "user", None, "I really like sushi!"),
                    ("3", "participant", "Melanie", "Melanie: I really like sushi")]


def test_same_words_new_value_is_not_a_duplicate(writer, store, tenant):
    writer.add("u1", "s1", 1, "my budget is 5000", at=T0, facts=[FactInput("attribute", "", "budget", 5000)])
    writer.add("u1", "s1", 2, "my budget is 6000", at=T0 + timedelta(days=1),
               facts=[FactInput("attribute", "", "budget", 6000)])
    assert writer.flush(60)
    assert writer.stats().rejected == {}
    assert [v.value for v in history(store, "u1", "me", "budget", tenant=tenant)] == ["5000", "6000"]


def test_judge_only_for_undecided(make_writer, store, tenant):
    asked: list[str] = []

    def judge(text: str) -> bool:
        asked.append(text)
        return "keep" in text

    w = make_writer(judge=judge)
    w.add("u1", "s1", 1, "my budget is 5000", facts=[FactInput("attribute", "", "budget", 5000)])  # rules accept
    w.add("u1", "s1", 2, "please keep this in mind", facts=())    # no statement: undecided → judge
    w.add("u1", "s1", 3, "whatever, nothing here", facts=())       # undecided → judge says no
    assert w.flush(60)
    assert asked == ["please keep this in mind", "whatever, nothing here"]
    s = w.stats()
    assert s.llm_calls == 2 and s.rejected == {"judge": 1} and s.written == 2
    assert user_stats(store, "u1", tenant=tenant)["rejected"]["judge"] == 1


def test_no_llm_calls_by_default(writer):
    writer.add("u1", "s1", 1, "undecided turn", facts=())
    assert writer.flush(60)
    assert writer.stats().llm_calls == 0


def test_small_talk_the_rules_have_no_words_for_is_rejected_by_example(writer, store, tenant):
    """The real extraction and USE model: a weather gripe in new words is small talk; a symptom, close in tone,
    is kept."""
    writer.add("u1", "s1", 1, "今天上海好冷啊，风跟刀子一样", at=T0)
    writer.add("u1", "s1", 2, "女儿这周一直咳嗽，晚上咳醒好几次，周六带她去儿童医院", at=T0 + timedelta(minutes=2))
    assert writer.flush(60)
    assert writer.stats().rejected == {"smalltalk": 1}
    assert user_stats(store, "u1", tenant=tenant)["rejected"]["smalltalk"] == 1
    texts = " ".join(e["text"] for e in events(store, "u1", tenant=tenant))
    assert "儿童医院" in texts and "刀子" not in texts


def test_when_the_examples_cannot_be_embedded_the_word_rules_decide_alone(make_writer, embedder, store, tenant):
    """The real USE model behind a wrapper that fails on the examples' large batch: no turn is lost."""
    class FailsOnBigBatches:
        name, dimensions = embedder.name, embedder.dimensions

        def embed(self, texts):
            if len(texts) > 100:
                raise RuntimeError("out of memory")
            return embedder.embed(texts)

    w = make_writer(embedder=FailsOnBigBatches())
    w.add("u1", "s1", 1, "今天上海好冷啊，风跟刀子一样", at=T0)
    w.add("u1", "s1", 2, "女儿这周一直咳嗽，周六带她去儿童医院", at=T0 + timedelta(minutes=2))
    assert w.flush(60)
    assert w.stats().rejected == {} and w.stats().written == 2
