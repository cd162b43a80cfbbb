"""Entities take the type their statement says (issue 17: coffee, Priya, 豆包, 阿里, Lyon had none) through the real
write path: a liked food is food, a named relative a person, a pet named with its species a pet, where someone
works an organization, where they live a place."""

from __future__ import annotations

from datetime import datetime, timezone

from graphmem.write import find_entities

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.utc)


def test_statements_type_their_entities(writer, store, tenant):
    for i, text in enumerate(["I love coffee lol, cant live without it", "最近又养了一只柯基，叫豆包",
                              "unrelated but house prices in Boston are wild, my cousin Priya is trying to buy there",
                              "平时也爱喝咖啡", "I really like jazz", "我现在住在杭洲，在阿里上班", "我最近搬到Lyon了"]):
        writer.add("u1", "s1", i, text, at=T0)
    assert writer.flush(120)

    def typ(name):
        (e,) = find_entities(store, "u1", name, tenant=tenant)
        return e["type"] or ""

    assert (typ("coffee"), typ("咖啡"), typ("豆包"), typ("Priya")) == ("food", "food", "pet", "person")
    assert typ("jazz") != "food"
    assert (typ("阿里"), typ("Lyon")) == ("organization", "geo")
