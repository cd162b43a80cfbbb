"""Which entity each mention and statement of a turn is about, against the user's own entities: the linker's
verdicts (``graphmem.linking``), names and aliases the user's graph already holds, and new entities. Runs on the
writer's thread for ``graphmem.write.pipeline``, one turn at a time so an earlier turn's entities are visible."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from graphmem import lang as langs
from graphmem.linking import api as linking, lexicon, subject_types
from graphmem.model import FactInput
from graphmem.write import ids

if TYPE_CHECKING:
    from graphmem.write.codec import Prepared
    from graphmem.write.pipeline import TurnWork

RECENT_EVENTS = 64
NEW_FROM_MENTION = ("named", "possessive")


@langs.cached
def _pronouns() -> frozenset[str]:
    """Pronouns and references ("it", "this one", 它, 这个): a subject that is one and that the linker could not
    place is no entity."""
    return lexicon.marker_set("zh_pronoun_thing") | lexicon.marker_set("zh_pronoun_person") | \
        lexicon.marker_set("en_pronoun_thing") | lexicon.marker_set("en_pronoun_person") | \
        lexicon.marker_set("en_demonstrative") | lexicon.marker_set("en_reference") | lexicon.marker_set("zh_reference")


# -- per-user state kept by the worker ----------------------------------------------------------------------
@dataclass
class UserState:
    tenant: str
    user_id: str
    gazetteer: Any
    names: dict[str, str]                                 # normalised name/alias → entity id
    persisted: set[str] = field(default_factory=set)        # entity ids known to be in Neo4j
    recent: deque = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))   # (said_by, normalised text)
    sessions: dict[str, Any] = field(default_factory=dict)  # session_id → SlotTable
    turns: dict[str, int] = field(default_factory=dict)     # session_id → its turns read so far
    loaded_at: float = 0.0
    #: the user's entities as the graph holds them, as far as this writer knows (read, then what it wrote since):
    #: id → ``stored_entity``. A reload that reads the same keeps the state (which knows more than the graph)
    stored: dict[str, tuple] = field(default_factory=dict)
    invalid: bool = False                                   # to be read from the graph again whatever it holds
    #: (gazetteer, {entity id: its version once ``learn_type`` gave the entity a type}): a turn whose mentions were
    #: read before names a retyped entity reads them again (``_refresh_mentions``)
    retyped: tuple = (None, {})

    def types_learnt(self) -> dict[str, int]:
        """{entity id: the gazetteer's version when ``learn_type`` typed it} of the current gazetteer (a reload of the
        user's names starts it afresh)."""
        return self.retyped[1] if self.retyped[0] is self.gazetteer else {}

    @property
    def self_id(self) -> str:
        return ids.self_entity_id(self.tenant, self.user_id)

    def slots(self, session_id: str):
        if session_id not in self.sessions:
            if len(self.sessions) > 64:
                old = next(iter(self.sessions))
                del self.sessions[old]
                self.turns.pop(old, None)
            self.sessions[session_id] = linking.SlotTable()
        return self.sessions[session_id]

    def next_turn(self, session_id: str) -> int:
        """The number of this turn in its session's slot table: one more than the session's turn before, whatever
        the turn ids look like (a pronoun's reach counts these)."""
        self.slots(session_id)   # kept and dropped with its slot table
        self.turns[session_id] = self.turns.get(session_id, 0) + 1
        return self.turns[session_id]


def stored_entity(name: str, type_: str | None, aliases, embedded: bool) -> tuple:
    """What the writer's state compares of a stored entity (``read/writer_users``): name, type, aliases in their
    stored order, whether it has a name vector."""
    return name, type_ or "", tuple(aliases or ()), embedded


def merged_entity(old: tuple | None, ref: "EntityRef", embedded: bool) -> tuple:
    """``stored_entity`` after ``write/upsert_entities`` wrote ``ref`` (its row: name, type and aliases as the row
    carried them, ``EntityRef.written_*``; a vector if it was new): created with the row's name, type and vector;
    an alias not held yet (nor the name) appended; the type set if it had none."""
    typ = ref.type if ref.written_type is None else ref.written_type
    if old is None:
        old = stored_entity(ref.name, typ, (), embedded)
    name, type_, aliases, has_vector = old
    acc = list(aliases)
    for a in ref.written_aliases:
        if a not in acc and a != name:
            acc.append(a)
    return name, type_ or typ or "", tuple(acc), has_vector


@dataclass
class EntityRef:
    id: str
    name: str
    type: str
    tenant: str = ""
    user_id: str = ""
    is_self: bool = False
    new: bool = False
    aliases: set[str] = field(default_factory=set)
    #: per turn (journal key), what a one-turn batch of that turn alone would write of this entity: the mentions
    #: it counts, its lowest link score, the aliases it taught (``graphmem.write.rows`` sums the turns that use it)
    seen: dict[str, int] = field(default_factory=dict)
    scores: dict[str, float] = field(default_factory=dict)
    taught: dict[str, set[str]] = field(default_factory=dict)
    written_aliases: tuple[str, ...] = ()    # the aliases its row carried, in order (``rows``)
    written_type: str | None = None          # the type its row carried (None: ``type``)

    def mentioned(self, t: "Prepared") -> None:
        """One more mention of it by turn ``t``."""
        self.seen[t.key] = self.seen.get(t.key, 0) + 1

    def linked(self, t: "Prepared", score: float | None) -> None:
        self.scores[t.key] = min(self.scores.get(t.key, 1.0), score or 1.0)

    def score_in(self, key: str) -> float:
        """Its lowest link score in the turn ``key`` (1.0: not linked there)."""
        return self.scores.get(key, 1.0)


def resolve_turn(w: TurnWork, st: UserState, refs: dict[str, EntityRef], emb=None) -> None:
    """Link one turn's mentions and give each of its statements the entity it is about (and a relation its
    object), in order: earlier turns' entities are visible. ``emb`` embeds names for the linker (None: names
    only)."""
    t = w.turn
    _refresh_mentions(w, st)
    links = _link_mentions(w, st, refs, emb)
    for i, s in enumerate(w.statements):
        if s.kind not in ("preference", "goal", "attribute", "event", "relation"):
            continue
        if s.kind == "relation" and isinstance(s.value, str) and s.value.strip() \
                and ids.norm_name(s.value) != ids.norm_name(s.subject or ""):
            subj = resolve(s.subject, s.subject_type, st, refs, links, t)
            obj = resolve(s.value, "", st, refs, links, t)
            if subj is not None and obj is not None:
                w.entity_of[i], w.object_of[i] = subj, obj
        elif s.kind == "relation":    # "Lily is my sister": the user (or the speaker) —SISTER→ Lily
            obj = resolve(s.subject, s.subject_type or "person", st, refs, links, t)
            if obj is None:
                continue
            w.entity_of[i], w.object_of[i] = speaker_entity(st, refs, t), obj
            surface = w.role_surfaces.get(s.key)
            if surface and not obj.is_self and not t.participant:
                _add_alias(obj, surface, st, t)   # "my sister" becomes an alias of Lily (roles then resolve)
        elif t.participant and s.kind == "preference":
            _participant_preference(w, i, s, st, refs, links)
        elif (ref := resolve(s.subject, s.subject_type, st, refs, links, t)) is not None:
            role = lexicon.head_type(s.subject or "") if s.kind == "attribute" and _names(ref, s.value) else ""
            if role and not ref.is_self:
                # "My car is a 2015 Honda Fit": the description became the name's alias, so the model fact would
                # say the Honda Fit's model is the Honda Fit; it is the user's car: user —[CAR]→ Honda Fit
                w.statements[i] = replace(s, kind="relation", key=role, value="", subject=ref.name)
                w.entity_of[i], w.object_of[i] = speaker_entity(st, refs, t), ref
                continue
            w.entity_of[i] = ref
        _type_value(s, links, st)
    for ref in list(w.entity_of.values()) + list(w.object_of.values()):
        if not ref.is_self and ref.id not in w.mention_ids:
            w.mention_ids.append(ref.id)


def _refresh_mentions(w: TurnWork, st: UserState) -> None:
    """A name an earlier turn of this batch introduced ("我女儿朵朵…" then "朵朵在…") was not known when the
    batch's mentions were extracted, or a known name it contains has taken a type since (a named mention has its
    entity's type, ``learn_type``): extract this turn's again."""
    gaz = st.gazetteer
    if w.gazetteer_version in (-1, gaz.version):   # not extracted here (caller's facts), or nothing new
        return
    known = {i for m in w.mentions for i in m.known_ids}
    typed = st.types_learnt()
    if any(set(found) - known or any(typed.get(i, -1) > w.gazetteer_version for i in found)
           for _, _, found in gaz.find(w.turn.text)):
        w.mentions = linking.extract_mentions(w.turn.text, gaz)
    w.gazetteer_version = gaz.version

def _link_mentions(w: TurnWork, st: UserState, refs: dict[str, EntityRef], emb) -> list:
    t = w.turn
    turn = st.next_turn(t.session_id)   # every turn counts, with mentions or not
    mentions = w.mentions
    if not mentions:
        return []
    slots = st.slots(t.session_id)
    links = linking.link(mentions, slots, st.gazetteer, emb, turn=turn, record=False)   # recorded below, by ref
    roles = {s.key for s in w.statements if s.kind == "relation"
             and (not s.value or ids.norm_name(str(s.value)) == ids.norm_name(s.subject or ""))}
    out = []
    for ln in links:
        m = ln.mention
        ref = None
        if ln.status != "linked" and m.kind == "possessive" and m.role and m.role in roles:
            w.role_surfaces[m.role] = m.surface    # the named person of this turn holds the role
            continue
        people = {r.id: r for _, r, _ in out if r.type == "person" and not r.is_self}
        if t.participant and m.kind == "possessive" and (own := _of_speaker(m.surface, t.participant)) != \
                " ".join(m.surface.split()):
            # a participant's "my sister" is theirs, never the user's: "Melanie's sister"
            ref = new(own, ln.entity_type or m.type, st, refs, t)
        elif m.kind == "pronoun" and m.type == "person" and len(people) == 1:
            # "My mate Callum is doing it with me. He's ridden it twice": the one person named before it
            ref = next(iter(people.values()))
        elif ln.status == "linked" and ln.entity_id:
            ref = existing(ln.entity_id, st, refs, t, ln.entity_name, ln.entity_type)
            if ref and ln.new_alias and ln.new_alias != ref.name:
                _add_alias(ref, ln.new_alias, st, t)
        elif ln.status == "ambiguous" and m.type and \
                len(same := [c for c in ln.candidates if c.type == m.type]) == 1:
            # the only candidate of exactly the mention's type wins ("that laptop" vs an untyped "Photoshop")
            ref = existing(same[0].entity_id, st, refs, t, same[0].name, same[0].type)
        elif ln.status == "new" and m.kind in NEW_FROM_MENTION and any(c.isalpha() for c in m.surface):
            # (a bare number the tagger called a product, "9000", is not a new entity)
            ref = new(ln.entity_name or m.surface, ln.entity_type or m.type, st, refs, t)
        if ref is not None and m.kind == "pronoun" and ref.type == "person" and not ref.is_self \
                and not any(o.mention.kind == "named" and o.mention.start < m.start for o in links):
            # "He's lending me his Wahoo" → Callum; after a name in the text, the reader can tell
            w.referents.setdefault(m.surface.lower(), ref.name)
        if ref is not None:
            ref.linked(t, ln.score)
            if linking.renews_slot(m):
                slots.mention(ref.id, ref.name, ref.type, turn, m.surface)
            if ref.id not in w.mention_ids and not ref.is_self:
                w.mention_ids.append(ref.id)
            out.append((m.surface, ref, m.type))
            said = linking.descriptions(m)
            if m.kind == "possessive" and "name" in m.modifiers and m.head and m.head in m.surface:
                said = [m.surface[:m.surface.index(m.head)].strip(" ,")]   # "our neighbour Mrs. Okafor"
                said = [d for d in said if lexicon.role_of(d)]
            for d in said if not ref.is_self else ():
                # "My car is a Honda Fit", "our cat Biscotti": the description names this entity from now on
                _add_alias(ref, _of_speaker(d, t.participant) if t.participant else d, st, t)
                out.append((d, ref, m.type))
                _described_relation(w, d, ref)
    for name, description in linking.en_appositions(t.text):   # "Cobaltline, the fintech startup"
        ref = next((r for surface, r, _ in out if ids.norm_name(surface) == ids.norm_name(name)), None)
        if ref is not None and not ref.is_self:
            _add_alias(ref, description, st, t)
    return out

def _participant_preference(w: TurnWork, i: int, s: FactInput, st: UserState, refs, links) -> None:
    """A participant's "I love pottery" is theirs: a preference fact on the speaker's card whose value is the
    liked thing (one slot per thing), not the user's like of pottery. Their instructions to the assistant
    ("always answer in Chinese") are not the user's standing instructions: no fact."""
    t = w.turn
    if s.key == "response_style":
        return
    if not s.subject and s.value:   # an activity ("I love camping"): the value already names it, no entity
        w.statements[i] = replace(s, subject=t.participant or "")
        w.entity_of[i] = speaker_entity(st, refs, t)
        return
    thing = resolve(s.subject, s.subject_type, st, refs, links, t)
    if thing is None or thing.is_self:
        return
    w.statements[i] = replace(s, subject=t.participant or "", value=thing.name)
    w.entity_of[i] = speaker_entity(st, refs, t)
    if thing.id not in w.mention_ids:
        w.mention_ids.append(thing.id)

def speaker_entity(st: UserState, refs: dict[str, EntityRef], t: Prepared) -> EntityRef:
    """Whom the turn's "I" means: the user's own entity, or for a participant's turn a person entity named
    after the speaker (found by name or alias, created if new)."""
    if t.participant:
        return new(t.participant, "person", st, refs, t)
    return self_entity(st, refs, t)

def self_entity(st: UserState, refs: dict[str, EntityRef], t: "Prepared") -> EntityRef:
    ref = refs.get(st.self_id)
    if ref is None:
        ref = refs[st.self_id] = EntityRef(st.self_id, st.user_id, "person", st.tenant, st.user_id,
                                           is_self=True)
    ref.mentioned(t)
    return ref

def existing(eid: str, st: UserState, refs, t: "Prepared", name="", type_="") -> EntityRef | None:
    ref = refs.get(eid)
    if ref is None:
        known = st.gazetteer.get(eid)
        if known is None and not name:
            return None
        ref = refs[eid] = EntityRef(eid, known.name if known else name, (known.type if known else "") or "",
                                    st.tenant, st.user_id, new=eid not in st.persisted)
    learn_type(ref, type_, st)
    ref.mentioned(t)
    return ref

def new(name: str, type_: str, st: UserState, refs, t: "Prepared") -> EntityRef:
    name = " ".join(name.split())[:200]
    eid = st.names.get(ids.norm_name(name)) or ids.entity_id(st.tenant, st.user_id, name)
    ref = refs.get(eid)
    if ref is None:
        known = st.gazetteer.get(eid)
        ref = refs[eid] = EntityRef(eid, known.name if known else name, (known.type if known else "") or "",
                                    st.tenant, st.user_id, new=eid not in st.persisted)
        if known is None:
            st.gazetteer.add(linking.KnownEntity(eid, name, type_ or ""))
        st.names.setdefault(ids.norm_name(name), eid)
    learn_type(ref, type_, st)
    ref.mentioned(t)
    return ref

def learn_type(ref: EntityRef, type_: str | None, st: UserState) -> None:
    """An entity with no type takes ``type_`` ("my cousin Priya": a person), in the batch's reference and in the
    user's gazetteer, so every later turn links against the type whichever batch it is in (kept on the reference
    alone, a batch's later turns saw a typed entity and the next batch's an untyped one; LoCoMo dev: "it" resolved
    to an untyped "Caroline" in one batch and not in another). A turn of the batch whose mentions were read before
    and that names the entity reads them again (``_refresh_mentions``): a named mention has its entity's type. The
    gazetteer's ``add`` of a known id rebuilds its index (6 times in a LoCoMo dev ingest); nothing it or a parsed
    Doc remembers (a text's spans, the rules' gazetteer-free reading) holds a type."""
    if not type_ or ref.type or ref.is_self:
        return
    ref.type = type_
    gaz = st.gazetteer
    known = gaz.get(ref.id)
    if known is not None and not known.type:
        gaz.add(replace(known, type=type_))
        typed = st.types_learnt()
        typed[ref.id] = gaz.version
        st.retyped = (gaz, typed)

def resolve(surface: str | None, type_: str, st: UserState, refs, links, t: Prepared) -> EntityRef | None:
    """``_find``; an entity with no type takes the one the statement gives ("my cousin Priya": a person)."""
    ref = find(surface, type_, st, refs, links, t)
    if ref is not None:
        learn_type(ref, type_, st)
    return ref

def find(surface: str | None, type_: str, st: UserState, refs, links, t: Prepared) -> EntityRef | None:
    """The entity a statement is about: the user (the speaker, in a participant's turn), what the linker
    resolved, a known name, or a new entity. None for a pronoun the linker could not place ("招牌就换成它了"
    with nothing before it) or a capitalised common word no name has ("Life's unpredictable"): neither is an
    entity, so that statement gets no fact (the message is still stored)."""
    s = " ".join((surface or "").split())
    n = ids.norm_name(s)
    if n in langs.self_names():
        return speaker_entity(st, refs, t)
    if t.participant and (own := _of_speaker(s, t.participant)) != s:
        for m_surface, ref, _ in links:       # the linker's verdict on "my sister" already names hers
            if ids.norm_name(m_surface) == n:
                return ref
        return new(own, type_ or lexicon.head_type(s), st, refs, t)
    own = type_ or lexicon.head_type(s)
    for m_surface, ref, m_type in links:      # the linker already resolved this span
        mn = ids.norm_name(m_surface)
        if mn == n or (len(n) >= 2 and (n in mn or (mn in n and not _minor_part(mn, n)
                                                      and lexicon.compatible(m_type or ref.type, own)))):
            return ref
    if n in _pronouns():
        return None
    eid = st.names.get(n)
    if eid:
        ref = existing(eid, st, refs, t, s, type_)
        if ref:
            return ref
    if not type_ and linking.common_word_name(s):
        return None   # "Life's unpredictable", "Dance has the power to...": a subject, not a name ("Hope is my
                      # sister" gives a type: a person)
    return new(s, own, st, refs, t)


def _minor_part(part: str, whole: str) -> bool:
    """A short Chinese mention inside a much longer subject is not what the subject names: "太甜的东西" is not
    the entity "东西" (the longer phrase becomes its own entity). Nor is one of another type: "北欧风" (a style)
    is not the region "北欧" (see ``_resolve``)."""
    return any("\u4e00" <= ch <= "\u9fff" for ch in whole) and len(part) * 2 < len(whole)


def _add_alias(ref: EntityRef, alias: str, st: UserState, t: "Prepared") -> None:
    """``alias`` names ``ref`` from now on: stored with the entity (if turn ``t`` is stored), and found by this
    user's later turns."""
    ref.aliases.add(alias)
    ref.taught.setdefault(t.key, set()).add(alias)
    if ref.id in st.gazetteer:
        st.gazetteer.add_alias(ref.id, alias)
    st.names.setdefault(ids.norm_name(alias), ref.id)


def _described_relation(w: TurnWork, description: str, ref: EntityRef) -> None:
    """A role the description gives ("our neighbour Mrs. Okafor", "My colleague 王磊", "our cat Biscotti") is a
    relation of the speaker to the named one, unless the turn already says one for that role."""
    role = lexicon.role_of(description)
    if role and not w.turn.participant and role not in {s.key for s in w.statements if s.kind == "relation"}:
        w.statements.append(FactInput("relation", ref.name, role, ref.name, language=w.language))


def _names(ref: EntityRef, value) -> bool:
    """Whether ``value`` is ``ref``'s own name or alias, or one of them with a word more ("2015 Honda Fit")."""
    v = ids.norm_name(str(value or ""))
    names = {ids.norm_name(x) for x in (ref.name, *ref.aliases)} - {""}
    return bool(v) and any(v == n or v.endswith(" " + n) or v.startswith(n + " ") for n in names)


def _of_speaker(surface: str, speaker: str) -> str:
    """A participant's first-person possessive as a name of its own ("my sister" said by Melanie → "Melanie's
    sister", "我妹妹" → "Melanie的妹妹"); any other surface is returned as it is (spaces normalised)."""
    s = " ".join(surface.split())
    return next(filter(None, (p.fn("of_speaker")(s, speaker) for p in langs.packs())), s)   # each pack's, in order


def _type_value(s, links, st: UserState) -> None:
    """An entity with no type that an attribute's value names takes the type the key gives (在阿里上班: 阿里 is an
    organization; 搬到Lyon: a place)."""
    typ = subject_types.value_type(s)
    n = ids.norm_name(str(s.value)) if typ else ""
    for surface, ref, _ in links if n else ():
        if not ref.type and not ref.is_self and ids.norm_name(surface) == n:
            learn_type(ref, typ, st)


