"""``nlp.english_docs`` runs spaCy's NER only on a message where an entity can be read (``nlp.needs_ner``): every
entity a reader uses is the one the full pipeline gives, and the readers of NER output are the ones it knows."""

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
]


def _read(doc):
    """What the readers take from NER: the entities ``_en_mentions`` keeps, and NORP adjectives (``en_facts``)."""
    kept = []
    for label, toks in mentions._ent_parts(doc):
        if label in mentions._EN_ENT_LABELS and any(c.isupper() or c.isdigit() for t in toks for c in t.text):
            kept.append((label, [t.i for t in toks]))
    return kept, [t.i for t in doc if t.dep_ == "acomp" and t.ent_type_ == "NORP"]


def test_skipping_ner_loses_no_entity_a_reader_uses(monkeypatch):
    from collections import OrderedDict

    monkeypatch.setattr(nlp, "_docs", OrderedDict())
    full = [nlp.english()(t) for t in TEXTS]
    ours = nlp.english_docs(TEXTS)
    for f, o in zip(full, ours):
        assert [(t.tag_, t.dep_, t.head.i) for t in f] == [(t.tag_, t.dep_, t.head.i) for t in o]
        assert _read(f) == _read(o), f.text
        if o.has_annotation("ENT_IOB"):
            assert [(e.start, e.end, e.label_) for e in f.ents] == [(e.start, e.end, e.label_) for e in o.ents]
    assert [nlp.needs_ner(d) for d in ours] == [False, True, False, True, True, True, True, False, True]
    said = api.extract_statements(TEXTS[1], datetime(2026, 3, 5, tzinfo=timezone.utc))
    assert ("my wife", "nationality", "french") in [(s.subject, s.key, s.value) for s in said]


def test_the_readers_of_ner_output_are_the_ones_needs_ner_knows():
    """A new reader of ``.ents`` / ``ent_type_`` / ``label_`` must be added to ``needs_ner`` (or NER skipped
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
