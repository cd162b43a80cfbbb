"""The demo's long history (graphmem/demo_long.py: six weeks, several hundred turns) through the real write path,
spaCy, USE and Neo4j: a turn's prompt holds a small share of the whole history, and questions about things said
weeks earlier find them."""

from graphmem import demo, demo_long


def test_long_history_shows_the_saving_and_finds_old_facts(settings, tenant):
    lines: list[str] = []
    report = demo.run(settings, lines.append, users=[demo_long.USER], tenant=tenant)
    long = report.long_history
    assert long["turns"] >= 300 and long["weeks"] == demo_long.WEEKS
    assert long["history"] > 5000                                    # tokens of everything said
    assert max(long["injected"]) < 0.1 * long["history"], long       # each question's prompt: under 10 % of it
    assert report.llm_calls == 0
    answers = {"How much will my rent be from April?": "1000", "Which vet does Miso go to?": "Okafor",
               "What shoes am I running in these days?": "Hoka", "When is Mum's birthday, and what did I get her?":
               "scarf"}
    text = "\n".join(lines)
    found = [q for q, word in answers.items() if word in text.split(f"user: {q}", 1)[1].split("assistant:", 1)[0]]
    assert len(found) >= 3, text[-4000:]                            # recalled from weeks ago, not said again
    assert long["off_topic_memories"] == 0                           # nothing relevant, nothing injected (issue 20)
    off = text.split("user: What's the capital of Australia?", 1)[1].split("assistant:", 1)[0]
    assert "recalled: (nothing relevant in long-term memory)" in off, off
    profile = next(line for line in lines if line.startswith("Profile of") or "profile: Profile of" in line)
    assert "reschedule" not in profile and "email" not in profile, profile   # "Write me a short polite email to ..."
