"""Issue 17, item 1 (a part): a user turn said in a session is parsed by spaCy once in the process — the session
reads it (slot table, statements) on the caller's thread, and the writer's analysis of the same turn reuses that
parse instead of parsing it again."""

from graphmem.linking import nlp


class _Counting:
    """The English pipeline, counting the texts it parses."""

    def __init__(self, real, parsed: list[str]):
        self._real, self._parsed = real, parsed

    def pipe(self, texts, **kw):
        texts = list(texts)
        self._parsed.extend(texts)
        return self._real.pipe(texts, **kw)

    def __call__(self, text, **kw):
        self._parsed.append(text)
        return self._real(text, **kw)

    def __getattr__(self, name):
        return getattr(self._real, name)


def test_a_session_turn_is_parsed_once(memory, tenant, monkeypatch):
    text = "My sister Lily moved to Boston last week and she loves her new Lenovo ThinkPad."
    parsed: list[str] = []
    real = nlp.english()
    monkeypatch.setattr(nlp, "english", lambda: _Counting(real, parsed))
    session = memory.session("once-u1", "s1")
    session.add_user_message(text)
    assert memory.flush(120)
    assert memory.writer.stats().written == 1
    assert parsed.count(text) == 1
