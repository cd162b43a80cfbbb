"""A batch writes what one-turn batches of its turns, in order, would write (``graphmem.write.rows``): an entity's
first time, mentions and aliases come from the stored turns that name it, a fact's quality from its own turn's
link score, a session's last time from its latest turn, a card outdated by a version on another entity is
refreshed; and an entity's type, once learnt, is the one the user's later turns link against."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from graphmem.linking import api as linking
from graphmem.model import FactInput
from graphmem.write import ids, rows
from graphmem.write.codec import Prepared
from graphmem.write.entities import EntityRef, UserState, existing, learn_type
from graphmem.write.gate import ACCEPT
from graphmem.write.pipeline import Batch, BatchResult, TurnWork
from graphmem.write.versioning import NEW, Decision

AT = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)


class Tx:
    def __init__(self, cards=()):
        self.ran: dict[str, list] = {}
        self.cards = dict(cards)

    def run(self, name, params=None):
        self.ran.setdefault(name, []).extend((params or {}).get("rows", []))
        if name == "write/fact_cards":
            return [{"id": r["id"], "card_id": self.cards[r["id"]]} for r in params["rows"] if r["id"] in self.cards]
        return []


def _turn(n: int, verdict: str = ACCEPT, minutes: int | None = None) -> TurnWork:
    p = {"tenant": "t", "user_id": "u", "session_id": "s", "turn_id": str(n), "text": f"turn {n}", "role": "user",
         "at": (AT + timedelta(minutes=n if minutes is None else minutes)).isoformat(), "facts": None}
    w = TurnWork(Prepared.from_payload(f"k{n}", p))
    w.verdict, w.reason = verdict, ("" if verdict == ACCEPT else "chitchat")
    return w


def test_an_entity_row_counts_only_the_stored_turns_that_name_it():
    x = EntityRef("ex", "Biscotti", "pet", "t", "u", new=True)
    w1, w2, w3 = _turn(1, "reject"), _turn(2), _turn(3, minutes=1)    # the third said earlier (a late turn)
    for w, n, alias in ((w1, 1, "the cat"), (w2, 2, "our cat"), (w3, 1, "my cat")):
        w.mention_ids = ["ex"]
        x.seen[w.turn.key] = n
        x.taught[w.turn.key] = {alias, "a " + alias}
    tx = Tx()
    rows.write(Batch([w1, w2, w3], {"ex": x}, BatchResult()), tx)
    (e,) = tx.ran["write/upsert_entities"]
    assert e["mentions"] == 3                                   # not the turned-away turn's
    assert e["first"] == w2.turn.at.isoformat() and e["at"] == w2.turn.at.isoformat()   # created by its first
    assert e["aliases"] == ["a our cat", "our cat", "a my cat", "my cat"]   # each turn's, in turn order
    assert x.written_aliases == tuple(e["aliases"])
    (s,) = tx.ran["write/upsert_users"]
    assert (s["first"], s["at"]) == (w2.turn.at.isoformat(), w2.turn.at.isoformat())


def _fact_turn(n: int, ref: EntityRef, value: str, replaces=()) -> TurnWork:
    w = _turn(n)
    w.statements = [FactInput("preference", subject=ref.name, value=value, polarity=1)]
    w.entity_of = {0: ref}
    fid = ids.fact_id("t", "u", "s", str(n), 0)
    w.decisions = {0: Decision(NEW, fid, 1)}
    if replaces:
        w.replaces = {0: list(replaces)}
    return w


def test_a_facts_quality_takes_its_own_turns_link_score():
    x = EntityRef("ex", "Nordic style", "style", "t", "u")
    w1, w2 = _fact_turn(1, x, "Nordic style"), _fact_turn(2, x, "Nordic style!")
    x.linked(w1.turn, 0.5)
    tx = Tx()
    rows.write(Batch([w1, w2], {"ex": x}, BatchResult()), tx)
    q = [f["props"]["quality"] for f in tx.ran["write/create_facts"]]
    assert q[0] < q[1]          # the second turn's fact is not lowered by the first turn's loose link


def test_a_card_outdated_from_another_entity_is_refreshed_at_the_replacing_turn():
    nordic, log = EntityRef("en", "Nordic style", "style", "t", "u"), EntityRef("el", "log cabin", "style", "t", "u")
    w1 = _fact_turn(1, log, "log cabin", replaces=["fa_old"])
    tx = Tx(cards={"fa_old": ids.card_id("en")})
    rows.write(Batch([w1], {"el": log, "en": nordic}, BatchResult()), tx)
    cards = {c["id"]: c["at"] for c in tx.ran["write/refresh_cards"]}
    assert cards == {ids.card_id("el"): w1.turn.at.isoformat(), ids.card_id("en"): w1.turn.at.isoformat()}
    # a fact the batch made and a later turn of it replaced: its card from the batch's rows, at the later turn
    w2 = _fact_turn(2, nordic, "Nordic style")
    w3 = _fact_turn(3, log, "log cabin", replaces=[w2.decisions[0].fact_id])
    tx = Tx()
    rows.write(Batch([w2, w3], {"el": log, "en": nordic}, BatchResult()), tx)
    assert {c["id"]: c["at"] for c in tx.ran["write/refresh_cards"]}[ids.card_id("en")] == w3.turn.at.isoformat()


def test_a_profile_is_rebuilt_at_the_last_turn_that_changed_a_fact():
    x = EntityRef("ex", "tea", "drink", "t", "u")
    w1, w2 = _fact_turn(1, x, "tea"), _turn(2, minutes=9)
    tx = Tx()
    rows.write(Batch([w1, w2], {"ex": x}, BatchResult()), tx)
    assert [p["at"] for p in tx.ran["write/upsert_profile"]] == [w1.turn.at.isoformat()]


def test_a_type_is_learnt_once_and_never_replaced():
    st = UserState("t", "u", linking.Gazetteer([linking.KnownEntity("e1", "Caroline", "")]), {"caroline": "e1"})
    ref = existing("e1", st, {}, _turn(1).turn)
    assert ref.type == "" and ref.seen == {"k1": 1}
    learn_type(ref, "person", st)
    learn_type(ref, "place", st)
    assert ref.type == "person"
    assert st.gazetteer.get("e1").type == "person"    # the next batch's turns link against it too
    assert existing("e1", st, {}, _turn(2).turn).type == "person"


def test_a_type_learnt_after_the_last_stored_turn_is_not_written_by_it():
    x = EntityRef("ex", "Mochi", "", "t", "u")
    w1, w2 = _turn(1), _turn(2, "reject")
    w1.mention_ids = w2.mention_ids = ["ex"]
    x.seen = {"k1": 1, "k2": 1}
    w1.types, w2.types = {"ex": ""}, {"ex": "pet"}     # the turned-away turn taught it a type
    x.type = "pet"
    tx = Tx()
    rows.write(Batch([w1, w2], {"ex": x}, BatchResult()), tx)
    assert tx.ran["write/upsert_entities"][0]["type"] == "" and x.written_type == ""


def test_a_turn_read_before_a_type_was_learnt_reads_its_mentions_again():
    from graphmem.write.entities import _refresh_mentions

    st = UserState("t", "u", linking.Gazetteer([linking.KnownEntity("e1", "Caroline", "")]), {"caroline": "e1"})
    w = _turn(2)
    w.turn.text = "Caroline is moving to Lisbon."
    w.mentions, w.gazetteer_version = linking.extract_mentions(w.turn.text, st.gazetteer), st.gazetteer.version
    assert [m.type for m in w.mentions if m.known_ids == ("e1",)] == [""]
    learn_type(existing("e1", st, {}, _turn(1).turn), "person", st)   # an earlier turn of the batch
    _refresh_mentions(w, st)
    assert [m.type for m in w.mentions if m.known_ids == ("e1",)] == ["person"]
    assert w.gazetteer_version == st.gazetteer.version
