"""``nlp.english_docs`` runs spaCy's NER only on the sentences where an entity can be read (``nlp.ner_sentences``),
each with the encoder's reach of context: every entity a reader uses is the one the full pipeline gives, and the
readers of NER output are the ones it knows."""

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest

from graphmem.linking import api, mentions, nlp

ROOT = Path(__file__).resolve().parents[3]
TEXTS = [
    "i had a great day at the park yesterday. it was so relaxing!",
    "my wife is french and my son is four",                   # a NORP adjective of "my wife": NER needed
    "i love taylor swift so much",                           # a lowercase name: no entity kept
    "Yesterday was fun. The weather was great and I went hiking with my dog.",   # "my" + adjective
    "Caroline went to Boston with her sister.",
    "I bought 3 apples and a macbook for my mom",
    "omg the SUPER BOWL was insane",
    "Thanks! That sounds lovely, I'd love to see the photos.",
    "we are vegan and our house is big",
    # a name in the middle sentence: NER reads that sentence and four tokens either side, not the whole message
    "I spent the whole day at work today and nothing got done before lunch. Then my sister Caroline called from "
    "Boston with news about her new job at Spotify. it made the evening much nicer and we laughed a lot.",
]


def _read(doc):
    """What the readers take from NER: the mentions ``_en_mentions`` finds, the NORP adjectives and the proper
    nouns' entity types (``en_facts``)."""
    kept = [(m.surface, m.start, m.end, m.type, m.modifiers) for m in mentions._en_mentions(doc.text, doc, [], None, "en")]
    return kept, [t.i for t in doc if t.dep_ == "acomp" and t.ent_type_ == "NORP"], \
        [(t.i, t.ent_type_) for t in doc if t.pos_ == "PROPN"]


def test_skipping_ner_loses_no_entity_a_reader_uses(monkeypatch):
    from collections import OrderedDict

    monkeypatch.setattr(nlp, "_docs", OrderedDict())
    full = [nlp.english()(t) for t in TEXTS]
    ours = nlp.english_docs(TEXTS)
    for f, o in zip(full, ours):
        assert [(t.tag_, t.dep_, t.head.i) for t in f] == [(t.tag_, t.dep_, t.head.i) for t in o]
        assert _read(f) == _read(o), f.text
        read = nlp.ner_sentences(o)
        inside = [[(e.start, e.end, e.label_) for e in d.ents if any(s <= e.start and e.end <= t for s, t in read)]
                  for d in (f, o)]
        assert inside[0] == inside[1], f.text
    assert [bool(nlp.ner_sentences(d)) for d in ours] == [False, True, False, True, True, True, True, False, True, True]
    assert nlp.ner_sentences(ours[-1]) == [(15, 31)]   # the second sentence
    assert [e.text for e in ours[-1].ents] == ["Caroline", "Boston", "Spotify"]
    said = api.extract_statements(TEXTS[1], datetime(2026, 3, 5, tzinfo=timezone.utc))
    assert ("my wife", "nationality", "french") in [(s.subject, s.key, s.value) for s in said]


def test_the_readers_of_ner_output_are_the_ones_ner_sentences_knows():
    """A new reader of ``.ents`` / ``ent_type_`` / ``label_`` must be added to ``ner_sentences`` (or NER skipped
    for a message would change what it reads): this lists them."""
    found = {}
    for p in sorted([*(ROOT / "linking").glob("*.py"), *(ROOT / "graphmem").rglob("*.py")]):
        n = len(re.findall(r"\.ents\b|\bent_type_?\b|\bent_iob|\.label_\b", p.read_text(encoding="utf-8")))
        if n and p.name != "nlp.py":
            found[str(p.relative_to(ROOT))] = n
    # mentions._ent_parts/_en_mentions (6: _ent_parts also joins a maker's entity to the model's right after it,
    # "Honda" + "Fit", which reads the entities NER gave and nothing else) and the English others_facts' PROPN and
    # NORP checks (2), wherever they live
    assert sum(found.values()) == 8, found


@pytest.mark.parametrize("text", ["", "   ", "ok"])
def test_short_texts(text):
    assert nlp.english_docs([text])[0].text == text


def test_ner_windows_reach_the_encoder_context_either_side():
    assert nlp._ner_context(nlp.english()) == 4          # en_core_web_sm: depth 4, window 1
    assert nlp._windows(30, [(5, 10), (12, 20)], 4) == [(1, 24)]                 # overlapping: joined
    assert nlp._windows(30, [(0, 3), (20, 25)], 4) == [(0, 7), (16, 29)]         # cut at the message's ends
    assert nlp._windows(30, [(20, 25)], None) == [(0, 30)]                       # unknown reach: the whole message
    assert nlp._windows(30, [], 4) == [] and nlp._windows(30, [], None) == []
