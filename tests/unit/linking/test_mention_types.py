"""A name's type from its context, over the tagger's label (issue 17: "Zalando" and "Spotify" were places)."""

from graphmem.linking.api import extract_mentions


def named(text):
    return {m.surface: m.type for m in extract_mentions(text) if m.kind == "named"}


def test_where_someone_works_is_an_organization():
    assert named("I'm a data analyst at Zalando in Berlin.") == {"Zalando": "organization", "Berlin": "geo"}
    assert named("Big news: I started at Spotify last Monday as a senior analyst!!") == {"Spotify": "organization"}
    assert named("I work at Google in London") == {"Google": "organization", "London": "geo"}
    assert named("I'm staying at the Hilton in Paris").get("Paris") == "geo"
