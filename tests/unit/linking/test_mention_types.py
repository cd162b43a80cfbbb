"""A name's type from its context, over the tagger's label (issue 17: "Zalando" and "Spotify" were places)."""

from graphmem.linking.api import extract_mentions


def named(text):
    return {m.surface: m.type for m in extract_mentions(text) if m.kind == "named"}


def test_where_someone_works_is_an_organization():
    assert named("I'm a data analyst at Zalando in Berlin.") == {"Zalando": "organization", "Berlin": "geo"}
    assert named("Big news: I started at Spotify last Monday as a senior analyst!!") == {"Spotify": "organization"}
    assert named("I work at Google in London") == {"Google": "organization", "London": "geo"}
    assert named("I'm staying at the Hilton in Paris").get("Paris") == "geo"


def test_where_something_is_or_people_met_is_a_place():
    assert named("My sister's wedding is next Friday in Bath, I'm so nervous about the speech") == {"Bath": "geo"}
    assert named("Finally settled in Denver! The apartment is in Capitol Hill")["Capitol Hill"] == "geo"
    assert named("yes pls. Her name's Emma, she's marrying James, they met in Bristol 3 years ago")["Bristol"] == "geo"
    assert named("It's written in Rust").get("Rust") != "geo"
